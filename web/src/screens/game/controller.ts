// The game controller: the one part of the game screen that talks to the server. It owns the
// GameModel and the live link, holds the seats' tokens, sends moves and actions, and applies
// every message to the model as it comes (each carries the whole Turn); only a message about a
// position this client has not seen (a gap) or a stale ply makes it fetch the state. The page is
// told what changed and redraws, or that the server has no such game (then nothing more is
// asked). The seats this browser plays are the kept game's (store.ts) and the one a link opened
// here holds, kept from the first state on. No DOM here.

import {
    type ActionRequest,
    type LinkHandlers,
    type LinkStatus,
    type RematchSeat,
    ApiError,
    GameLink,
    api,
} from '../../api';
import { type Seat, type Variant, SEATS } from '../../geometry';
import { GameModel } from '../../game';
import { type KeptGame, joinGame, keptGame, seatOfToken } from '../../store';
import type {
    ActionMessage,
    ErrorMessage,
    MoveMessage,
    RematchMessage,
    ServerMessage,
    StateMessage,
    TakeBackMessage,
} from '../../turn';

export interface GameParams {
    token?: string | undefined;
    seat?: string | undefined;
}

// What a message changed, for the page.
export type Update =
    | { kind: 'state' }
    | { kind: 'move'; message: MoveMessage }
    | { kind: 'action'; message: ActionMessage }
    | { kind: 'take_back'; message: TakeBackMessage }
    | { kind: 'rematch'; message: RematchMessage }
    | { kind: 'seat' }
    | { kind: 'end' }
    | { kind: 'refused'; error: ErrorMessage };

export interface ControllerView {
    update(u: Update): void;
    linkStatus(s: LinkStatus): void;
    missing(): void; // the server has no game of this id
}

// What the controller needs of the server: GameLink, GET /api/games/{id}, and the take-back and
// rematch routes (tests give others).
export interface Link {
    start(): void;
    stop(): void;
    sendMove(token: string, move: string, ply: number): Promise<void>;
    sendAction(token: string, req: ActionRequest): Promise<void>;
}
export interface Server {
    link(id: string, token: string | undefined, handlers: LinkHandlers): Link;
    state(id: string): Promise<StateMessage>;
    takeBack(id: string, token: string, ply: number): Promise<TakeBackMessage>;
    rematch(id: string, token: string): Promise<RematchSeat>;
}
const realServer: Server = {
    link: (id, token, handlers) => new GameLink(id, token, handlers),
    state: (id) => api.state(id),
    takeBack: (id, token, ply) => api.takeBack(id, token, ply),
    rematch: (id, token) => api.rematch(id, token),
};

// The rematch as this browser joins it: the game, and its seats held here with their tokens.
export interface RematchJoined {
    id: string;
    tokens: Partial<Record<Seat, string>>;
}

export class GameController {
    model: GameModel | undefined;
    private kept: KeptGame | undefined;
    private readonly tokensHeld: Partial<Record<Seat, string>> = {}; // the seats played here
    private readonly urlToken: string | undefined;
    private readonly urlSeat: Seat | undefined; // the seat the address's token holds, if known
    private readonly link: Link;
    private refreshing: Promise<void> | undefined;
    private gone = false;

    constructor(
        readonly id: string,
        params: GameParams,
        private readonly view: ControllerView,
        private readonly server: Server = realServer,
    ) {
        const kept = keptGame(id);
        this.kept = kept;
        for (const seat of kept?.mine ?? []) this.tokensHeld[seat] = kept?.tokens[seat];
        this.urlToken = params.token;
        if (params.token) {
            const named = SEATS.includes(params.seat as Seat) ? (params.seat as Seat) : undefined;
            this.urlSeat = named ?? seatOfToken(this.kept, params.token);
            if (this.urlSeat) this.tokensHeld[this.urlSeat] = params.token;
        }
        // The socket carries one token: the only one held, else none (watch, and move over HTTP).
        const held = this.tokens();
        const socketToken = this.urlToken ?? (held.length === 1 ? held[0]![1] : undefined);
        this.link = server.link(id, socketToken, {
            onMessage: (m) => this.receive(m),
            onStatus: (s) => view.linkStatus(s),
        });
    }

    start(): void {
        this.link.start();
        void this.refresh();
    }

    stop(): void {
        this.link.stop();
    }

    // One-device games: whether the board turns to the player to move (the home screen's choice).
    get turnBoard(): boolean {
        return this.kept?.turn_board !== false;
    }

    // The game as this browser keeps it (its seats' tokens, the invitations handed out), if it does.
    get keptGame(): KeptGame | undefined {
        return this.kept;
    }

    private tokens(): [Seat, string][] {
        return Object.entries(this.tokensHeld).filter(([, v]) => !!v) as [Seat, string][];
    }

    // The seats this browser plays. A token from the address without its seat is taken to be
    // the player to move's, until a seat is known.
    mySeats(): Seat[] {
        const seats = this.tokens().map(([s]) => s);
        if (seats.length === 0 && this.urlToken && this.model) return [this.model.toMove];
        return seats;
    }

    private tokenFor(seat: Seat): string | undefined {
        return this.tokensHeld[seat] ?? (this.urlToken && this.tokens().length === 0 ? this.urlToken : undefined);
    }

    async sendMove(move: string): Promise<void> {
        const model = this.model;
        if (!model || model.over) return;
        const token = this.tokenFor(model.toMove) ?? this.tokens()[0]?.[1];
        if (token) await this.link.sendMove(token, move, model.ply);
    }

    async sendAction(seat: Seat, req: ActionRequest): Promise<void> {
        const token = this.tokenFor(seat);
        if (token) await this.link.sendAction(token, req);
    }

    // Takes back the last move of `seat` (and the computer's reply): the server broadcasts the
    // game after it, which comes back here as a take_back message. A refusal comes to the page.
    async takeBack(seat: Seat): Promise<void> {
        const token = this.tokenFor(seat);
        if (!token || !this.model) return;
        try {
            await this.server.takeBack(this.id, token, this.model.ply);
        } catch (e) {
            if (e instanceof ApiError) this.receive(e.body);
            else throw e;
        }
    }

    // The rematch, made by whoever asks first: each seat held here asks for its own seat in it
    // (one device: all of them), in turn, so that the first one makes it.
    async rematch(): Promise<RematchJoined> {
        const joined: RematchJoined = { id: '', tokens: {} };
        const held = this.tokens().map(([, token]) => token);
        for (const token of held.length > 0 ? held : this.urlToken ? [this.urlToken] : []) {
            const seat = await this.server.rematch(this.id, token);
            joined.id = seat.id;
            joined.tokens[seat.seat] = seat.token;
        }
        return joined;
    }

    // The whole state, once however many gaps ask for it while it is on its way. A game the
    // server does not have is told to the page, and the link stops asking.
    refresh(): Promise<void> {
        this.refreshing ??= this.server
            .state(this.id)
            .then((s) => this.receive(s))
            .catch((e) => {
                if (!(e instanceof ApiError && e.status === 404) || this.gone) return;
                this.gone = true; // else the link brings the state when it reconnects
                this.link.stop();
                this.view.missing();
            })
            .finally(() => {
                this.refreshing = undefined;
            });
        return this.refreshing;
    }

    // The game is known to be of `variant` (the server said so): kept, with the seat the
    // address's link holds, where this browser keeps it or plays in it.
    private keep(variant: Variant): void {
        const kept = this.kept;
        const joins = this.urlSeat !== undefined && kept?.tokens[this.urlSeat] !== this.urlToken;
        const claims = this.urlSeat !== undefined && !kept?.mine.includes(this.urlSeat);
        if (kept?.variant === variant && !joins && !claims) return;
        this.kept = joinGame(this.id, variant, this.urlSeat, this.urlToken) ?? kept;
    }

    receive(m: ServerMessage): void {
        const model = this.model;
        switch (m.type) {
            case 'state':
                if (!model) this.keep(m.variant);
                if (!model || model.variant !== m.variant) this.model = new GameModel(m);
                else model.applyState(m);
                this.view.update({ kind: 'state' });
                return;
            case 'take_back':
                if (!model) return;
                model.applyState(m);
                this.view.update({ kind: 'take_back', message: m });
                return;
            case 'rematch':
                if (!model) return;
                model.rematch = m.id;
                this.view.update({ kind: 'rematch', message: m });
                return;
            case 'move': {
                if (!model) return; // the state on its way has it
                const outcome = model.applyMove(m);
                if (outcome === 'gap') void this.refresh();
                else if (outcome === 'applied') this.view.update({ kind: 'move', message: m });
                return;
            }
            case 'action':
                if (!model) return;
                if (model.applyAction(m) === 'gap') void this.refresh();
                else this.view.update({ kind: 'action', message: m });
                return;
            case 'seat':
                if (!model) return;
                model.applySeat(m);
                this.view.update({ kind: 'seat' });
                return;
            case 'end':
                if (!model) return;
                model.applyEnd(m);
                this.view.update({ kind: 'end' });
                return;
            case 'error':
                // A move sent at a ply already gone: the position has moved on without this client.
                // One whose fate is unknown (its server stopped answering): the board shows it.
                if (m.code === 'stale_ply' || m.code === 'outcome_unknown' || m.code === 'unavailable')
                    void this.refresh();
                this.view.update({ kind: 'refused', error: m });
                return;
            case 'pong':
                return;
        }
    }
}
