// The client side of server.md: typed messages, the HTTP calls, and a live connection that
// reconnects by itself (exponential backoff) and falls back to HTTP polling when WebSockets fail.

import type { Seat, Variant } from './geometry';

export interface SeatRequest {
    player: 'human' | 'engine';
    level?: number;
}

export interface CreateRequest {
    variant: Variant;
    fen: string | null;
    clock: { initial_s: number; increment_s: number } | null;
    seats: SeatRequest[];
}

export interface CreatedSeat {
    seat: Seat;
    token: string;
    url: string;
}

export interface CreateResponse {
    id: string;
    seats: CreatedSeat[];
}

export interface SeatState {
    seat: Seat;
    player: 'human' | 'engine';
    level?: number;
    connected?: boolean;
}

// `clock`: each seat's remaining milliseconds and whose clock runs. The exact spelling is the
// server's; `readClock` accepts the likely forms.
export type ClockState = Record<string, unknown> | null;

export interface GameState {
    type?: 'state';
    id?: string;
    variant: Variant;
    start_fen: string;
    fen: string;
    moves: string[];
    san: string[];
    seats: SeatState[];
    to_move: Seat;
    clock: ClockState;
    status: string;
    result: string | null;
    scores?: Record<string, number> | null;
    offers?: unknown;
    legal_moves: string[];
    // Two-player games: the draws the player to move may claim now, and the moves a claim can
    // be made with (FIDE 9.2.1). Four Kingdoms: the seats still playing.
    claims?: string[];
    claim_moves?: ClaimMove[];
    in_game?: Seat[];
}

export interface ClaimMove {
    move: string;
    claims: string[];
}

export interface MoveMessage {
    type: 'move';
    ply: number;
    move: string;
    san: string;
    fen: string;
    clock?: ClockState;
    events?: unknown[];
    to_move?: Seat;
    legal_moves?: string[];
    status?: string;
    offers?: unknown;
    claims?: string[];
    claim_moves?: ClaimMove[];
    in_game?: Seat[];
}

export interface EndMessage {
    type: 'end';
    status: string;
    result: string | null;
    scores?: Record<string, number> | null;
}

export interface ErrorMessage {
    type: 'error';
    code: string;
    message: string;
    reason?: string;
    arrows?: [string, string][];
}

export type ServerMessage =
    | (GameState & { type: 'state' })
    | MoveMessage
    | EndMessage
    | ErrorMessage
    | { type: 'action'; [k: string]: unknown }
    | { type: 'seat'; [k: string]: unknown }
    | { type: 'pong' };

export type Action =
    | 'resign'
    | 'offer_draw'
    | 'accept_draw'
    | 'decline_draw'
    | 'claim_draw'
    | 'propose_alliance'
    | 'accept_alliance';

export interface ActionRequest {
    action: Action;
    move?: string;
    with?: Seat;
}

export class ApiError extends Error {
    constructor(
        readonly status: number,
        readonly body: ErrorMessage,
    ) {
        super(body.message || body.code);
    }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const init: RequestInit = { method, headers: { Accept: 'application/json' } };
    if (body !== undefined) {
        init.body = JSON.stringify(body);
        init.headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
    }
    const response = await fetch(path, init);
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
        parsed = text ? JSON.parse(text) : undefined;
    } catch {
        parsed = undefined;
    }
    if (!response.ok) {
        const err = (parsed as ErrorMessage | undefined) ?? { type: 'error', code: 'http', message: `HTTP ${response.status}` };
        throw new ApiError(response.status, { ...err, type: 'error' });
    }
    return parsed as T;
}

export const api = {
    create: (req: CreateRequest) => call<CreateResponse>('POST', '/api/games', req),
    state: (id: string) => call<GameState>('GET', `/api/games/${encodeURIComponent(id)}`),
    move: (id: string, token: string, move: string, ply: number) =>
        call<MoveMessage>('POST', `/api/games/${encodeURIComponent(id)}/moves`, { token, move, ply }),
    action: (id: string, token: string, req: ActionRequest) =>
        call<unknown>('POST', `/api/games/${encodeURIComponent(id)}/actions`, { token, ...req }),
    pgnUrl: (id: string) => `/api/games/${encodeURIComponent(id)}/pgn`,
};

export function socketUrl(id: string, token: string | undefined, base: Location = location): string {
    const scheme = base.protocol === 'https:' ? 'wss:' : 'ws:';
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    return `${scheme}//${base.host}/api/games/${encodeURIComponent(id)}/ws${query}`;
}

export type LinkStatus = 'connecting' | 'connected' | 'reconnecting' | 'polling';

// The delay before reconnect attempt `n` (0-based): 0.5 s doubling to at most 15 s, with jitter
// so that many clients of a restarted server do not all knock at once.
export function backoffMs(attempt: number, random: () => number = Math.random): number {
    const base = Math.min(15000, 500 * 2 ** Math.min(attempt, 10));
    return Math.round(base * (0.75 + 0.5 * random()));
}

export interface LinkHandlers {
    onMessage(m: ServerMessage): void;
    onStatus(s: LinkStatus): void;
}

// One game's live link. After three failed WebSocket attempts in a row it also polls
// GET /api/games/{id} (as a `state` message) and sends moves and actions over HTTP, while it
// keeps trying the WebSocket in the background.
export class GameLink {
    private socket: WebSocket | undefined;
    private attempt = 0;
    private closed = false;
    private pingTimer: ReturnType<typeof setInterval> | undefined;
    private retryTimer: ReturnType<typeof setTimeout> | undefined;
    private pollTimer: ReturnType<typeof setInterval> | undefined;

    constructor(
        private readonly id: string,
        private readonly token: string | undefined,
        private readonly handlers: LinkHandlers,
    ) {}

    start(): void {
        this.open();
    }

    stop(): void {
        this.closed = true;
        clearInterval(this.pingTimer);
        clearTimeout(this.retryTimer);
        clearInterval(this.pollTimer);
        this.socket?.close();
    }

    private open(): void {
        if (this.closed) return;
        this.handlers.onStatus(this.attempt === 0 ? 'connecting' : this.pollTimer ? 'polling' : 'reconnecting');
        let ws: WebSocket;
        try {
            ws = new WebSocket(socketUrl(this.id, this.token));
        } catch {
            this.retry();
            return;
        }
        this.socket = ws;
        ws.onopen = () => {
            this.attempt = 0;
            clearInterval(this.pollTimer);
            this.pollTimer = undefined;
            this.handlers.onStatus('connected');
            clearInterval(this.pingTimer);
            this.pingTimer = setInterval(() => this.sendRaw({ type: 'ping' }), 25000);
        };
        ws.onmessage = (ev) => {
            let m: unknown;
            try {
                m = JSON.parse(String(ev.data));
            } catch {
                return; // not ours to understand; the server never sends it
            }
            if (m && typeof m === 'object' && 'type' in m) this.handlers.onMessage(m as ServerMessage);
        };
        ws.onclose = () => {
            clearInterval(this.pingTimer);
            if (this.socket === ws) this.socket = undefined;
            this.retry();
        };
    }

    private retry(): void {
        if (this.closed) return;
        const delay = backoffMs(this.attempt++);
        if (this.attempt >= 3 && !this.pollTimer) this.startPolling();
        this.handlers.onStatus(this.pollTimer ? 'polling' : 'reconnecting');
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => this.open(), delay);
    }

    private startPolling(): void {
        const poll = async () => {
            try {
                const s = await api.state(this.id);
                this.handlers.onMessage({ ...s, type: 'state' });
            } catch {
                /* still offline; try again on the next tick */
            }
        };
        void poll();
        this.pollTimer = setInterval(() => void poll(), 3000);
    }

    get live(): boolean {
        return this.socket?.readyState === WebSocket.OPEN;
    }

    private sendRaw(m: object): boolean {
        if (!this.live) return false;
        this.socket!.send(JSON.stringify(m));
        return true;
    }

    // Sends a move for the seat `token` holds: over the socket when it was opened with that
    // token, over HTTP otherwise (a one-device game holds several tokens, or the socket is down).
    // HTTP answers come back through onMessage like socket messages.
    async sendMove(token: string, move: string, ply: number): Promise<void> {
        if (token === this.token && this.sendRaw({ type: 'move', move, ply })) return;
        await this.viaHttp(() => api.move(this.id, token, move, ply));
    }

    async sendAction(token: string, req: ActionRequest): Promise<void> {
        if (token === this.token && this.sendRaw({ type: 'action', ...req })) return;
        await this.viaHttp(async () => {
            await api.action(this.id, token, req);
            return { ...(await api.state(this.id)), type: 'state' } as ServerMessage;
        });
    }

    private async viaHttp(send: () => Promise<unknown>): Promise<void> {
        try {
            let answer = (await send()) as ServerMessage | undefined;
            if (answer && typeof answer === 'object' && !('type' in answer) && 'fen' in answer && 'move' in answer) {
                answer = { ...(answer as object), type: 'move' } as ServerMessage;
            }
            if (answer && typeof answer === 'object' && 'type' in answer) this.handlers.onMessage(answer);
            else this.handlers.onMessage({ ...(await api.state(this.id)), type: 'state' });
        } catch (e) {
            if (e instanceof ApiError) this.handlers.onMessage(e.body);
        }
    }
}

// Reads a seat's remaining milliseconds and the running seat from a `clock` object. Accepted
// forms: {"white": 300000, "black": 299000, "running": "white"} or
// {"remaining_ms": {"white": …}, "running": …} or {"seats": [{"seat": "white", "ms": …}]}.
export function readClock(clock: ClockState): { remaining: Partial<Record<Seat, number>>; running: Seat | null } | null {
    if (!clock || typeof clock !== 'object') return null;
    const c = clock as Record<string, unknown>;
    const remaining: Partial<Record<Seat, number>> = {};
    const seats: Seat[] = ['white', 'black', 'east', 'south', 'west', 'north'];
    const source = (typeof c['remaining_ms'] === 'object' && c['remaining_ms']) || (typeof c['remaining'] === 'object' && c['remaining']) || c;
    for (const s of seats) {
        const v = (source as Record<string, unknown>)[s];
        if (typeof v === 'number') remaining[s] = v;
        else if (v && typeof v === 'object' && typeof (v as Record<string, unknown>)['ms'] === 'number') remaining[s] = (v as { ms: number }).ms;
    }
    if (Array.isArray(c['seats'])) {
        for (const e of c['seats'] as Record<string, unknown>[]) {
            const ms = e['remaining_ms'] ?? e['ms'];
            if (typeof e['seat'] === 'string' && typeof ms === 'number') remaining[e['seat'] as Seat] = ms;
        }
    }
    const r = c['running'] ?? c['runs'] ?? c['running_seat'];
    const running = typeof r === 'string' && seats.includes(r as Seat) ? (r as Seat) : null;
    return Object.keys(remaining).length ? { remaining, running } : null;
}

export interface Offers {
    draw: Seat[]; // seats whose draw offer stands
    alliance: { from: Seat; with: Seat }[];
}

// Reads `offers` in the likely forms: {"draw": ["white"], "alliance": [{"from": "south",
// "with": "west"}]}, or a list of {"type": "draw", "seat": …} / {"type": "alliance", "from",
// "with"} entries.
export function readOffers(offers: unknown): Offers {
    const out: Offers = { draw: [], alliance: [] };
    const seatLike = (v: unknown): v is Seat => typeof v === 'string' && ['white', 'black', 'east', 'south', 'west', 'north'].includes(v);
    const addEntry = (e: Record<string, unknown>) => {
        const kind = e['type'] ?? e['kind'] ?? e['offer'];
        const from = e['from'] ?? e['seat'] ?? e['by'];
        if ((kind === 'draw' || kind === 'offer_draw') && seatLike(from)) out.draw.push(from);
        if ((kind === 'alliance' || kind === 'propose_alliance') && seatLike(from) && seatLike(e['with'])) {
            out.alliance.push({ from, with: e['with'] });
        }
    };
    if (Array.isArray(offers)) {
        for (const e of offers) if (e && typeof e === 'object') addEntry(e as Record<string, unknown>);
    } else if (offers && typeof offers === 'object') {
        const o = offers as Record<string, unknown>;
        const draw = o['draw'];
        if (Array.isArray(draw)) for (const s of draw) if (seatLike(s)) out.draw.push(s);
        if (seatLike(draw)) out.draw.push(draw);
        const al = o['alliance'] ?? o['alliances'];
        for (const e of Array.isArray(al) ? al : al ? [al] : []) {
            if (e && typeof e === 'object') addEntry({ type: 'alliance', ...(e as Record<string, unknown>) });
        }
    }
    return out;
}
