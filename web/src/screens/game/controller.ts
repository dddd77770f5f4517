// The game controller: the one part of the game screen that talks to the server. It owns the
// GameModel and the live link, holds the seats' tokens, sends moves and actions, and applies
// every message to the model as it comes (each carries the whole Turn); only a message about a
// position this client has not seen (a gap) or a stale ply makes it fetch the state. The page is
// told what changed and redraws. No DOM here.

import { type ActionRequest, type LinkHandlers, type LinkStatus, GameLink, api } from '../../api';
import { type Seat, SEATS } from '../../geometry';
import { GameModel } from '../../game';
import { type HeldGame, loadHeld, saveHeld } from '../../store';
import type { ActionMessage, ErrorMessage, MoveMessage, ServerMessage, StateMessage } from '../../turn';

export interface GameParams {
    token?: string | undefined;
    seat?: string | undefined;
}

// What a message changed, for the page.
export type Update =
    | { kind: 'state' }
    | { kind: 'move'; message: MoveMessage }
    | { kind: 'action'; message: ActionMessage }
    | { kind: 'seat' }
    | { kind: 'end' }
    | { kind: 'refused'; error: ErrorMessage };

export interface ControllerView {
    update(u: Update): void;
    linkStatus(s: LinkStatus): void;
}

// What the controller needs of the server: GameLink and GET /api/games/{id} (tests give others).
export interface Link {
    start(): void;
    stop(): void;
    sendMove(token: string, move: string, ply: number): Promise<void>;
    sendAction(token: string, req: ActionRequest): Promise<void>;
}
export interface Server {
    link(id: string, token: string | undefined, handlers: LinkHandlers): Link;
    state(id: string): Promise<StateMessage>;
}
const realServer: Server = {
    link: (id, token, handlers) => new GameLink(id, token, handlers),
    state: (id) => api.state(id),
};

export class GameController {
    model: GameModel | undefined;
    private readonly held: HeldGame;
    private readonly urlToken: string | undefined;
    private readonly link: Link;
    private refreshing: Promise<void> | undefined;

    constructor(
        readonly id: string,
        params: GameParams,
        private readonly view: ControllerView,
        private readonly server: Server = realServer,
    ) {
        this.held = loadHeld(id);
        this.urlToken = params.token;
        if (params.token && SEATS.includes(params.seat as Seat)) {
            this.held.tokens[params.seat as Seat] = params.token;
            saveHeld(id, this.held);
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
        return this.held.turnBoard !== false;
    }

    private tokens(): [Seat, string][] {
        return Object.entries(this.held.tokens).filter(([, v]) => !!v) as [Seat, string][];
    }

    // The seats this browser plays. A token from the address without its seat is taken to be
    // the player to move's, until a seat is known.
    mySeats(): Seat[] {
        const seats = this.tokens().map(([s]) => s);
        if (seats.length === 0 && this.urlToken && this.model) return [this.model.toMove];
        return seats;
    }

    private tokenFor(seat: Seat): string | undefined {
        return this.held.tokens[seat] ?? (this.urlToken && this.tokens().length === 0 ? this.urlToken : undefined);
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

    // The whole state, once however many gaps ask for it while it is on its way.
    refresh(): Promise<void> {
        this.refreshing ??= this.server
            .state(this.id)
            .then((s) => this.receive(s))
            .catch(() => {
                /* the link brings the state when it reconnects */
            })
            .finally(() => {
                this.refreshing = undefined;
            });
        return this.refreshing;
    }

    receive(m: ServerMessage): void {
        const model = this.model;
        switch (m.type) {
            case 'state':
                if (!model || model.variant !== m.variant) this.model = new GameModel(m);
                else model.applyState(m);
                this.view.update({ kind: 'state' });
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
                if (m.code === 'stale_ply') void this.refresh();
                this.view.update({ kind: 'refused', error: m });
                return;
            case 'pong':
                return;
        }
    }
}
