// The client side of server.md: the HTTP calls, and a live connection that reconnects by itself
// (exponential backoff) and falls back to HTTP polling when WebSockets fail. The messages' types
// and their reader are turn.ts.

import type { Seat, Variant } from './geometry';
import {
    type Action,
    type ActionMessage,
    type ErrorMessage,
    type MoveMessage,
    type ServerMessage,
    type StateMessage,
    type TakeBackMessage,
    SchemaError,
    readMessage,
} from './turn';

export type { Action, ErrorMessage, ServerMessage, StateMessage };

export interface SeatRequest {
    player: 'human' | 'engine';
    level?: number;
    take_back?: boolean; // a person against the computer may take back moves
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

// POST /api/games/{id}/rematch: the asker's seat in the rematch (the seat after theirs).
export interface RematchSeat {
    id: string;
    url: string;
    seat: Seat;
    token: string;
    seat_url: string;
}

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

// One HTTP call: the JSON answer (unchecked: the caller reads it), or an ApiError with the
// server's error body. `headers`: more to send (a family's key, which never goes in an address).
export async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
): Promise<T> {
    const init: RequestInit = { method, headers: { Accept: 'application/json', ...headers } };
    if (body !== undefined) {
        init.body = JSON.stringify(body);
        init.headers = { 'Content-Type': 'application/json', Accept: 'application/json', ...headers };
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
        const err = (parsed as ErrorMessage | undefined) ?? {
            type: 'error',
            code: 'http',
            message: `HTTP ${response.status}`,
        };
        throw new ApiError(response.status, { ...err, type: 'error' });
    }
    return parsed as T;
}

export const api = {
    create: (req: CreateRequest) => call<CreateResponse>('POST', '/api/games', req),
    state: async (id: string) =>
        readMessage(await call<unknown>('GET', `/api/games/${encodeURIComponent(id)}`)) as StateMessage,
    move: async (id: string, token: string, move: string, ply: number) =>
        readMessage(
            await call<unknown>('POST', `/api/games/${encodeURIComponent(id)}/moves`, { token, move, ply }),
        ) as MoveMessage,
    action: async (id: string, token: string, req: ActionRequest) =>
        readMessage(
            await call<unknown>('POST', `/api/games/${encodeURIComponent(id)}/actions`, { token, ...req }),
        ) as ActionMessage,
    takeBack: async (id: string, token: string, ply: number) =>
        readMessage(
            await call<unknown>('POST', `/api/games/${encodeURIComponent(id)}/take_back`, { token, ply }),
        ) as TakeBackMessage,
    rematch: (id: string, token: string) =>
        call<RematchSeat>('POST', `/api/games/${encodeURIComponent(id)}/rematch`, { token }),
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
            let m: ServerMessage;
            try {
                m = readMessage(JSON.parse(String(ev.data)));
            } catch (e) {
                // The server never sends such a message: say so to whoever debugs, and go on.
                console.warn('citadel: a message outside the contract:', e instanceof SchemaError ? e.message : e);
                return;
            }
            this.handlers.onMessage(m);
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
                this.handlers.onMessage(await api.state(this.id));
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
        await this.viaHttp(() => api.action(this.id, token, req));
    }

    // An HTTP answer is the message the socket would have brought; while the socket is open it
    // brings it itself (the server broadcasts every step to every connection), so the answer is
    // dropped: taken as well, a step would be told twice, and an answer overtaken by the
    // broadcasts after it (the engine declining an offer at once) would bring back what they
    // undid. A refusal goes to this connection only, so it is always taken.
    private async viaHttp(send: () => Promise<ServerMessage>): Promise<void> {
        try {
            const answer = await send();
            if (!this.live) this.handlers.onMessage(answer);
        } catch (e) {
            if (e instanceof ApiError) this.handlers.onMessage(e.body);
        }
    }
}
