// What the client knows of one game: the server's state plus every position it has seen, so that
// the move list can step back and forth without asking the server. Pure logic, no DOM.

import type { ClaimMove, EndMessage, GameState, MoveMessage, SeatState } from './api';
import { readOffers, type Offers } from './api';
import { type Geometry, type Seat, type Variant, geometryOf, isFourKingdoms } from './geometry';
import {
    type Piece,
    type Position,
    applyMoveForDisplay,
    armiesCommandedBy,
    isRoyal,
    parsePosition,
    repetitionKey,
    seatLetter,
} from './notation';

export type MoveOutcome = 'applied' | 'duplicate' | 'gap';

export class GameModel {
    readonly variant: Variant;
    readonly geometry: Geometry;
    startFen: string;
    moves: string[] = [];
    san: string[] = [];
    // fens[ply] = the FEN after `ply` moves, when the server sent it.
    private fens: (string | undefined)[] = [];
    private cache = new Map<number, Position>();
    toMove: Seat;
    status = 'ongoing';
    result: string | null = null;
    scores: Record<string, number> | null = null;
    offers: Offers = { draw: [], alliance: [] };
    legal: string[] = [];
    // The server's claims for the player to move (null: it did not say; judged here instead)
    // and the moves a claim can be made with, each with the claims it makes possible.
    claims: string[] | null = null;
    claimMoves = new Map<string, string[]>();
    // Four Kingdoms: the seats still playing, as the server said (null: not said).
    inGame: Seat[] | null = null;
    seats: SeatState[] = [];
    clock: GameState['clock'] = null;

    constructor(state: GameState) {
        this.variant = state.variant;
        this.geometry = geometryOf(state.variant);
        this.startFen = state.start_fen;
        this.toMove = state.to_move;
        this.applyState(state);
    }

    applyState(s: GameState): void {
        if (s.start_fen !== this.startFen) {
            this.startFen = s.start_fen;
            this.fens = [];
            this.cache.clear();
        }
        const sameHistory = s.moves.length >= this.moves.length && this.moves.every((m, i) => s.moves[i] === m);
        if (!sameHistory) {
            this.fens = [];
            this.cache.clear();
        }
        this.moves = [...s.moves];
        this.san = [...(s.san ?? [])];
        this.fens[0] = s.start_fen;
        this.setFen(this.moves.length, s.fen);
        this.toMove = s.to_move;
        this.status = s.status;
        this.result = s.result ?? null;
        this.scores = s.scores ?? null;
        this.offers = readOffers(s.offers);
        this.legal = s.status === 'ongoing' ? [...(s.legal_moves ?? [])] : [];
        this.readTurnExtras(s);
        this.seats = s.seats ?? [];
        this.clock = s.clock;
    }

    // A broadcast move. `gap` means one was missed: the caller asks for the state again.
    applyMove(m: MoveMessage): MoveOutcome {
        if (m.ply < this.moves.length && this.moves[m.ply] === m.move) return 'duplicate';
        if (m.ply !== this.moves.length) return 'gap';
        this.moves.push(m.move);
        this.san.push(m.san);
        this.setFen(this.moves.length, m.fen);
        if (m.clock !== undefined) this.clock = m.clock;
        const pos = this.current();
        const mover = this.toMove;
        this.toMove = m.to_move ?? pos.toMove;
        this.legal = m.legal_moves ?? [];
        if (m.offers !== undefined) this.offers = readOffers(m.offers);
        // Without the server's word: a move lapses every Four Kingdoms offer, and in a
        // two-player game the opponent's (the mover's own offer stands).
        else this.offers = { draw: isFourKingdoms(this.variant) ? [] : this.offers.draw.filter((s) => s === mover), alliance: this.offers.alliance };
        this.readTurnExtras(m);
        if (m.status && m.status !== 'ongoing') this.status = m.status;
        return 'applied';
    }

    private readTurnExtras(m: { claims?: string[]; claim_moves?: ClaimMove[]; in_game?: Seat[] }): void {
        this.claims = Array.isArray(m.claims) ? m.claims.filter((c) => typeof c === 'string') : null;
        this.claimMoves = new Map();
        for (const c of Array.isArray(m.claim_moves) ? m.claim_moves : []) {
            if (c && typeof c.move === 'string' && Array.isArray(c.claims) && c.claims.length) this.claimMoves.set(c.move, c.claims);
        }
        this.inGame = Array.isArray(m.in_game) ? m.in_game : null;
    }

    applyEnd(m: EndMessage): void {
        this.status = m.status;
        this.result = m.result ?? null;
        this.scores = m.scores ?? null;
        this.legal = [];
        this.claims = [];
        this.claimMoves = new Map();
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
                pos = p === 0 ? emptyPosition(this.variant) : applyMoveForDisplay(this.positionAt(p - 1), this.moves[p - 1]!);
            }
        } else {
            pos = p === 0 ? emptyPosition(this.variant) : applyMoveForDisplay(this.positionAt(p - 1), this.moves[p - 1]!);
        }
        this.cache.set(p, pos);
        return pos;
    }

    current(): Position {
        return this.positionAt(this.moves.length);
    }

    lastMoveAt(ply: number): [string, string] | undefined {
        const m = this.moves[ply - 1];
        if (!m) return undefined;
        const match = /^([a-z][0-9]+)([a-z][0-9]+)/.exec(m);
        return match ? [match[1]!, match[2]!] : undefined;
    }

    // The royal squares to mark as in check after `ply` moves (the SAN says "+" or "#").
    checkSquaresAt(ply: number): string[] {
        const san = this.san[ply - 1];
        if (!san || !/[+#]/.test(san)) return [];
        const pos = this.positionAt(ply);
        const armies = isFourKingdoms(this.variant) ? [pos.toMove] : [pos.toMove];
        const out: string[] = [];
        for (const [sq, p] of pos.pieces) if (armies.includes(p.army) && isRoyal(p)) out.push(sq);
        return out;
    }

    // The armies whose pieces the player of `seat` moves.
    armiesOf(seat: Seat): Seat[] {
        return isFourKingdoms(this.variant) ? armiesCommandedBy(this.current(), seat) : [seat];
    }

    // The seats still playing (Four Kingdoms: the server's list, or the armies with a king).
    seatsInGame(): Seat[] {
        if (!isFourKingdoms(this.variant)) return [...this.geometry.seats];
        if (this.inGame) return this.inGame;
        const pos = this.current();
        return this.geometry.seats.filter((s) => [...pos.pieces.values()].some((p) => p.army === s && p.kind === 'K'));
    }

    movableBy(seats: Seat[]): (p: Piece) => boolean {
        if (this.over || !seats.includes(this.toMove)) return () => false;
        const armies = new Set(this.armiesOf(this.toMove));
        return (p) => armies.has(p.army);
    }

    // The draws a claim can be made with `move` (FIDE 9.2.1), as the server listed them.
    claimsWith(move: string): string[] {
        return this.over ? [] : (this.claimMoves.get(move) ?? []);
    }

    // Chess and Silverman draws by claim now: the server's `claims`, or, from a server that does
    // not send them, threefold repetition or fifty moves judged from the positions this client
    // has seen (the server decides).
    canClaimDraw(): boolean {
        if (this.over) return false;
        if (this.claims) return this.claims.length > 0;
        if (!(this.variant === 'chess' || this.variant === 'silverman')) return false;
        const now = this.current();
        if (now.halfmove >= 100) return true;
        const key = this.fens[this.moves.length] ? repetitionKey(this.fens[this.moves.length]!) : undefined;
        if (!key) return false;
        let seen = 0;
        for (const f of this.fens) if (f && repetitionKey(f) === key) seen++;
        return seen >= 3;
    }

    // Four Kingdoms free-for-all: the seat `me` may propose an alliance to the returned seat
    // (three players left, one of them an absorber, no alliance yet, `me` not the absorber).
    allianceTarget(me: Seat): Seat | undefined {
        if (this.variant !== 'fourkingdoms' || this.over) return undefined;
        const pos = this.current();
        if (!pos.control || (pos.alliance && pos.alliance !== '-')) return undefined;
        const order: Seat[] = ['east', 'south', 'west', 'north'];
        const inGame = order.filter((s) => [...pos.pieces.values()].some((p) => p.army === s && p.kind === 'K'));
        if (inGame.length !== 3) return undefined;
        const absorbers = inGame.filter((s) => order.some((army, i) => army !== s && pos.control!.charAt(i) === seatLetter(s)));
        if (absorbers.length !== 1 || !inGame.includes(me) || absorbers.includes(me)) return undefined;
        return inGame.find((s) => s !== me && !absorbers.includes(s));
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
