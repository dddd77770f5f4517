// What the client knows of one game: the server's last Turn (turn.ts) plus every position it has
// seen, so that the move list can step back and forth without asking the server. Every message
// of a step carries the whole Turn, so the model applies each directly and never asks again.
// Pure logic, no DOM.

import { type Geometry, type Seat, type Variant, geometryOf, isFourKingdoms } from './geometry';
import {
    type Piece,
    type PlayedMove,
    type Position,
    applyMoveForDisplay,
    armiesCommandedBy,
    isRoyal,
    parseMove,
    parsePosition,
} from './notation';
import type {
    ActionMessage,
    Clock,
    DrawClaim,
    EndMessage,
    MoveMessage,
    Offers,
    SeatInfo,
    SeatMessage,
    StateMessage,
    TakeBackMessage,
    Turn,
    TurnEvent,
} from './turn';

export type MoveOutcome = 'applied' | 'duplicate' | 'gap';

export class GameModel {
    readonly variant: Variant;
    readonly geometry: Geometry;
    startFen: string;
    moves: string[] = [];
    san: string[] = [];
    // movers[ply] = the player who made move `ply` (1-based), as the server's broadcast named it.
    private movers: (Seat | undefined)[] = [];
    // fens[ply] = the FEN after `ply` moves, when the server sent it.
    private fens: (string | undefined)[] = [];
    private cache = new Map<number, Position>();
    toMove: Seat;
    status = 'ongoing';
    result = '*';
    text = '';
    scores: Partial<Record<Seat, number>> | null = null;
    offers: Offers = { draw: [], alliance: null };
    legal: string[] = [];
    inCheck = false;
    checkFirst = false; // Four Kingdoms: the player to move has the turn because it is in check
    // The draws the player to move may claim now, and the moves a claim can be made with.
    claims: DrawClaim[] = [];
    claimMoves = new Map<string, DrawClaim[]>();
    // Four Kingdoms: the seats still playing, who commands each army, whom each may ally with.
    inGame: Seat[] = [];
    commanders: Partial<Record<Seat, Seat | null>> = {};
    mayAlly: Partial<Record<Seat, Seat[]>> = {};
    // What the last step caused (checks, offers, alliances...), for the page to say.
    events: TurnEvent[] = [];
    seats: SeatInfo[] = [];
    clock: Clock | null = null;
    rematch: string | null = null; // the rematch's game id, once made

    constructor(state: StateMessage) {
        this.variant = state.variant;
        this.geometry = geometryOf(state.variant);
        this.startFen = state.start_fen;
        this.toMove = state.to_move;
        this.applyState(state);
    }

    // A state, or the game after a take-back (the whole state again).
    applyState(s: StateMessage | TakeBackMessage): void {
        if (s.start_fen !== this.startFen) {
            this.startFen = s.start_fen;
            this.fens = [];
            this.cache.clear();
        }
        const sameHistory = s.moves.length >= this.moves.length && this.moves.every((m, i) => s.moves[i] === m);
        if (!sameHistory) {
            this.fens = [];
            this.movers = [];
            this.cache.clear();
        }
        this.moves = [...s.moves];
        this.san = [...s.san];
        this.fens[0] = s.start_fen;
        this.seats = s.seats;
        this.clock = s.clock;
        this.rematch = s.rematch;
        this.applyTurn(s);
        this.events = []; // a state is not news: its events were told when they happened
    }

    // A broadcast move. `gap` means one was missed: the caller asks for the state again.
    applyMove(m: MoveMessage): MoveOutcome {
        if (m.ply < this.moves.length && this.moves[m.ply] === m.move) return 'duplicate';
        if (m.ply !== this.moves.length) return 'gap';
        this.moves.push(m.move);
        this.san.push(m.san);
        this.movers[m.ply + 1] = m.seat;
        this.clock = m.clock;
        this.applyTurn(m);
        return 'applied';
    }

    // A broadcast action (an offer, its answer, a claim, a resignation, an alliance, a flag).
    // 'gap' when it is about a position this client has not seen.
    applyAction(m: ActionMessage): MoveOutcome {
        if (m.plies !== this.moves.length) return 'gap';
        this.clock = m.clock;
        this.applyTurn(m);
        return 'applied';
    }

    // Whether `seat` may take back a move now: a seat made with take-backs, the game going on and
    // one of its moves played.
    mayTakeBack(seat: Seat): boolean {
        if (this.over || !this.seats.some((s) => s.seat === seat && s.take_back)) return false;
        // A player still in the game moved within the last round or two.
        const from = Math.max(1, this.moves.length + 1 - 2 * this.geometry.seats.length);
        for (let ply = this.moves.length; ply >= from; ply--) if (this.moverOf(ply) === seat) return true;
        return false;
    }

    // A new list, not a change of the state message's own (the message may be kept elsewhere).
    applySeat(m: SeatMessage): void {
        this.seats = this.seats.map((s) => (s.seat === m.seat ? { ...s, connected: m.connected } : s));
    }

    applyEnd(m: EndMessage): void {
        this.status = m.status;
        this.result = m.result;
        this.scores = m.scores;
        this.text = m.text;
        this.legal = [];
        this.claims = [];
        this.claimMoves = new Map();
    }

    private applyTurn(t: Turn): void {
        this.setFen(t.plies, t.fen);
        this.toMove = t.to_move;
        this.inCheck = t.in_check;
        this.checkFirst = t.check_first;
        this.status = t.status;
        this.result = t.result;
        this.text = t.text;
        this.scores = t.scores;
        this.offers = t.offers;
        this.legal = t.status === 'ongoing' ? [...t.legal_moves] : [];
        this.claims = t.claims;
        this.claimMoves = new Map(t.claim_moves.map((c) => [c.move, c.claims]));
        this.inGame = t.in_game;
        this.commanders = t.commanders;
        this.mayAlly = t.may_ally;
        this.events = t.events;
    }

    get over(): boolean {
        return this.status !== 'ongoing';
    }

    get ply(): number {
        return this.moves.length;
    }

    private setFen(ply: number, fen: string | undefined): void {
        if (!fen) return;
        this.fens[ply] = fen;
        this.cache.delete(ply);
        // later display replays depended on the guess this FEN replaces
        for (const k of [...this.cache.keys()]) if (k > ply && this.fens[k] === undefined) this.cache.delete(k);
    }

    positionAt(ply: number): Position {
        const p = Math.max(0, Math.min(ply, this.moves.length));
        const known = this.cache.get(p);
        if (known) return known;
        let pos: Position;
        const fen = this.fens[p];
        if (fen) {
            try {
                pos = parsePosition(this.variant, fen);
            } catch {
                pos =
                    p === 0
                        ? emptyPosition(this.variant)
                        : applyMoveForDisplay(this.positionAt(p - 1), this.moves[p - 1]!);
            }
        } else {
            pos =
                p === 0 ? emptyPosition(this.variant) : applyMoveForDisplay(this.positionAt(p - 1), this.moves[p - 1]!);
        }
        this.cache.set(p, pos);
        return pos;
    }

    // The FEN of the position now, as the server sent it.
    get fen(): string | undefined {
        return this.fens[this.moves.length];
    }

    current(): Position {
        return this.positionAt(this.moves.length);
    }

    // The last move of each other player before the position after `ply` moves, the latest
    // first: one in a two-player game; in Four Kingdoms up to three, back to the player to move's
    // own move or an army's second, so that three engine moves landing within a second can all
    // be seen. Each is coloured by the army of the piece that moved.
    lastMovesAt(ply: number): PlayedMove[] {
        const last = Math.max(0, Math.min(ply, this.moves.length));
        const played = (p: number): PlayedMove | undefined => {
            const mv = parseMove(this.moves[p - 1] ?? '');
            const army =
                mv && (this.positionAt(p).pieces.get(mv.to)?.army ?? this.positionAt(p - 1).pieces.get(mv.from)?.army);
            return mv && army ? { from: mv.from, to: mv.to, army } : undefined;
        };
        // The player to move then: now, the Turn's; before, the one who played the next move (a
        // replayed position only guesses it where a player is out or one is in check).
        const next = last === this.moves.length ? this.toMove : played(last + 1)?.army;
        const own = next ? this.armiesOf(this.commanderOf(next) ?? next) : [];
        const out: PlayedMove[] = [];
        for (let p = last; p >= 1 && out.length < this.geometry.seats.length - 1; p--) {
            const m = played(p);
            if (!m) break;
            if (out.length > 0 && (own.includes(m.army!) || out.some((o) => o.army === m.army))) break;
            out.push(m);
        }
        return out;
    }

    // The player who made move `ply` (1-based). The broadcast names it; for a move played before
    // the page opened it is the player to move in the position before, where the server sent
    // that position, or else the commander of the army whose piece moved (in Four Kingdoms check
    // comes first, and players leave, so the turn order alone cannot tell).
    moverOf(ply: number): Seat | undefined {
        const named = this.movers[ply];
        if (named) return named;
        const before = this.positionAt(ply - 1);
        if (this.fens[ply - 1]) return before.toMove;
        const mv = parseMove(this.moves[ply - 1] ?? '');
        const army = mv && before.pieces.get(mv.from)?.army;
        if (!army) return undefined;
        return this.geometry.seats.find((seat) => armiesCommandedBy(before, seat).includes(army)) ?? army;
    }

    // The royal squares to mark as in check after `ply` moves (the SAN says "+" or "#"; for the
    // position now, the Turn says so, also in a game that starts in check).
    checkSquaresAt(ply: number): string[] {
        const san = this.san[ply - 1];
        const now = ply === this.moves.length && this.inCheck && !this.over;
        if (!now && (!san || !/[+#]/.test(san))) return [];
        const pos = this.positionAt(ply);
        const out: string[] = [];
        for (const [sq, p] of pos.pieces) if (p.army === pos.toMove && isRoyal(p)) out.push(sq);
        return out;
    }

    // The armies whose pieces the player of `seat` moves (Four Kingdoms: every army it commands).
    armiesOf(seat: Seat): Seat[] {
        if (!isFourKingdoms(this.variant)) return [seat];
        return this.geometry.seats.filter((army) => this.commanders[army] === seat);
    }

    // The seats still playing.
    seatsInGame(): Seat[] {
        return this.inGame;
    }

    movableBy(seats: Seat[]): (p: Piece) => boolean {
        if (this.over || !seats.includes(this.toMove)) return () => false;
        const armies = new Set(this.armiesOf(this.toMove));
        return (p) => armies.has(p.army);
    }

    // The draws a claim can be made with `move` (FIDE 9.2.1), as the server listed them.
    claimsWith(move: string): DrawClaim[] {
        return this.over ? [] : (this.claimMoves.get(move) ?? []);
    }

    canClaimDraw(): boolean {
        return !this.over && this.claims.length > 0;
    }

    // Four Kingdoms free-for-all: the seat `me` may propose an alliance to, if any (the rules
    // allow one only with three players left, one of them an absorber, and not with it).
    allianceTarget(me: Seat): Seat | undefined {
        return this.over ? undefined : this.mayAlly[me]?.[0];
    }

    // Who commands the army `army`, if it is not its own player (Four Kingdoms).
    commanderOf(army: Seat): Seat | null | undefined {
        return this.commanders[army];
    }
}

function emptyPosition(variant: Variant): Position {
    return {
        variant,
        pieces: new Map(),
        toMove: geometryOf(variant).seats[0]!,
        castling: '-',
        enPassant: '-',
        halfmove: 0,
        fullmove: 1,
    };
}
