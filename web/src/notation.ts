// Reading FEN, TFEN and K4FEN (notation.md) and UCI move texts, for display only: the server
// checks the rules; these readers only need to draw what it sends and refuse what is malformed.

import {
    type Geometry,
    type Seat,
    type Variant,
    geometryOf,
    isFourKingdoms,
    parseSquare,
    squareName,
} from './geometry';

export type Army = Seat;
// Piece letters of notation.md: the orthodox six plus Tamerlane's.
export type Kind = 'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'H' | 'A' | 'G' | 'V' | 'Z' | 'T' | 'E' | 'C' | 'D';

export interface Piece {
    readonly army: Army;
    readonly kind: Kind;
    // Tamerlane pawns: the kind they promote from (`PR` pawn of rooks -> 'R', `PP` -> 'P').
    readonly pawnOf?: Kind;
}

export interface Position {
    readonly variant: Variant;
    readonly pieces: ReadonlyMap<string, Piece>;
    readonly toMove: Seat;
    readonly castling: string;
    readonly enPassant: string; // '-' when none (FEN and K4FEN); '-' for Tamerlane
    readonly halfmove: number;
    readonly fullmove: number;
    readonly swaps?: string; // Tamerlane
    readonly pawnOfPawns?: string; // Tamerlane, "0/0"
    readonly control?: string; // Four Kingdoms, "eswn"
    readonly alliance?: string; // Four Kingdoms, "-" or two letters
}

// What is wrong with a position's text, as an identifier and the values that name it (the
// row, the square, the text found), for the page to say in its user's language
// (position_errors.ts); the message is for logs only.
export type NotationProblem =
    | 'too_long'
    | 'fen_fields'
    | 'fields'
    | 'ranks'
    | 'empty_count'
    | 'off_board'
    | 'unknown_character'
    | 'not_removed'
    | 'files'
    | 'side'
    | 'castling'
    | 'en_passant'
    | 'halfmove'
    | 'move_number'
    | 'citadels'
    | 'citadel_occupant'
    | 'swaps'
    | 'pawn_of_pawns'
    | 'player'
    | 'control'
    | 'alliance';

export class NotationError extends Error {
    override name = 'NotationError';
    constructor(
        readonly problem: NotationProblem,
        readonly values: Readonly<Record<string, string | number>> = {},
    ) {
        super(`${problem} ${JSON.stringify(values)}`);
    }
}

const ORTHODOX = 'KQRBNP';
const TAMERLANE = 'KHAGVZTNRECDP';
const TAMERLANE_PAWN_KINDS = 'KGVZTNRECDP';
const FK_LETTER: Record<string, Seat> = { e: 'east', s: 'south', w: 'west', n: 'north' };

export function seatLetter(seat: Seat): string {
    return seat.charAt(0);
}

export function parsePosition(variant: Variant, text: string): Position {
    if (typeof text !== 'string' || text.length > 4096) throw new NotationError('too_long');
    const fields = text.trim().split(/\s+/);
    if (variant === 'tamerlane') return parseTfen(fields);
    if (isFourKingdoms(variant)) return parseK4fen(variant, fields);
    return parseFen(variant, fields);
}

function count(text: string, problem: 'halfmove' | 'move_number'): number {
    const n = /^[0-9]{1,9}$/.test(text) ? Number(text) : -1;
    if (n < (problem === 'halfmove' ? 0 : 1)) throw new NotationError(problem, { text });
    return n;
}

// Splits one rank into tokens and places them; `token` reads one piece at `i` and returns it
// with its length, or undefined for a character it does not know.
function placeRanks(
    g: Geometry,
    ranksText: string,
    pieces: Map<string, Piece>,
    token: (s: string, i: number) => { piece?: Piece; length: number; removed?: boolean } | undefined,
): void {
    const ranks = ranksText.split('/');
    if (ranks.length !== g.ranks) {
        throw new NotationError('ranks', { n: ranks.length, need: g.ranks });
    }
    ranks.forEach((row, index) => {
        const rank = g.ranks - 1 - index;
        let file = 0;
        let i = 0;
        while (i < row.length) {
            const digits = /^[0-9]+/.exec(row.slice(i));
            if (digits) {
                const n = Number(digits[0]);
                if (n < 1) throw new NotationError('empty_count', { rank: rank + 1 });
                for (let k = 0; k < n; k++) {
                    if (file + k < g.files && !g.has(squareName(file + k, rank))) {
                        throw new NotationError('off_board', { rank: rank + 1, square: squareName(file + k, rank) });
                    }
                }
                file += n;
                i += digits[0].length;
                continue;
            }
            const t = token(row, i);
            if (!t) throw new NotationError('unknown_character', { rank: rank + 1, character: row.charAt(i) });
            if (file >= g.files) break;
            const sq = squareName(file, rank);
            if (t.removed) {
                if (g.has(sq)) throw new NotationError('not_removed', { rank: rank + 1, square: sq });
            } else {
                if (!g.has(sq)) throw new NotationError('off_board', { rank: rank + 1, square: sq });
                pieces.set(sq, t.piece!);
            }
            file += 1;
            i += t.length;
        }
        if (file !== g.files) {
            throw new NotationError('files', { rank: rank + 1, n: file, need: g.files });
        }
    });
}

function parseFen(variant: Variant, fields: string[]): Position {
    // Without its two move counters, as EPD and many programs write it: 0 and 1.
    if (fields.length === 4) fields = [...fields, '0', '1'];
    if (fields.length !== 6) throw new NotationError('fen_fields', { n: fields.length });
    const g = geometryOf(variant);
    const pieces = new Map<string, Piece>();
    placeRanks(g, fields[0]!, pieces, (s, i) => {
        const c = s.charAt(i);
        const kind = c.toUpperCase();
        if (!ORTHODOX.includes(kind) || c === '') return undefined;
        return { piece: { army: c === kind ? 'white' : 'black', kind: kind as Kind }, length: 1 };
    });
    const side = fields[1];
    if (side !== 'w' && side !== 'b') throw new NotationError('side', { text: side ?? '' });
    if (!/^(-|[KQkq]{1,4})$/.test(fields[2]!)) throw new NotationError('castling', { text: fields[2]! });
    if (fields[3] !== '-' && !parseSquare(fields[3]!)) throw new NotationError('en_passant', { text: fields[3]! });
    return {
        variant,
        pieces,
        toMove: side === 'w' ? 'white' : 'black',
        castling: fields[2]!,
        enPassant: fields[3]!,
        halfmove: count(fields[4]!, 'halfmove'),
        fullmove: count(fields[5]!, 'move_number'),
    };
}

// One TFEN piece token at s[i]: a letter, or P/p followed by its kind in the same case.
function tamerlaneToken(s: string, i: number): { piece: Piece; length: number } | undefined {
    const c = s.charAt(i);
    const upper = c.toUpperCase();
    if (c === '' || !TAMERLANE.includes(upper)) return undefined;
    const army: Army = c === upper ? 'white' : 'black';
    if (upper !== 'P') return { piece: { army, kind: upper as Kind }, length: 1 };
    const k = s.charAt(i + 1);
    const kind = k.toUpperCase();
    const sameCase = army === 'white' ? k === kind : k !== kind;
    if (k === '' || !TAMERLANE_PAWN_KINDS.includes(kind) || !sameCase) return undefined;
    return { piece: { army, kind: 'P', pawnOf: kind as Kind }, length: 2 };
}

function parseTfen(fields: string[]): Position {
    if (fields.length !== 7) throw new NotationError('fields', { format: 'TFEN', n: fields.length, need: 7 });
    const g = geometryOf('tamerlane');
    const pieces = new Map<string, Piece>();
    placeRanks(g, fields[0]!, pieces, tamerlaneToken);
    const side = fields[1];
    if (side !== 'w' && side !== 'b') throw new NotationError('side', { text: side ?? '' });
    const citadels = fields[2]!.split('/');
    if (citadels.length !== 2) throw new NotationError('citadels', { text: fields[2]! });
    citadels.forEach((occupant, index) => {
        if (occupant === '-') return;
        const t = tamerlaneToken(occupant, 0);
        if (!t || t.length !== occupant.length) throw new NotationError('citadel_occupant', { text: occupant });
        pieces.set(index === 0 ? 'l2' : 'z9', t.piece);
    });
    if (!/^(-|K|k|Kk)$/.test(fields[3]!)) throw new NotationError('swaps', { text: fields[3]! });
    if (!/^[0-9]\/[0-9]$/.test(fields[4]!)) throw new NotationError('pawn_of_pawns', { text: fields[4]! });
    return {
        variant: 'tamerlane',
        pieces,
        toMove: side === 'w' ? 'white' : 'black',
        castling: '-',
        enPassant: '-',
        swaps: fields[3]!,
        pawnOfPawns: fields[4]!,
        halfmove: count(fields[5]!, 'halfmove'),
        fullmove: count(fields[6]!, 'move_number'),
    };
}

function parseK4fen(variant: Variant, fields: string[]): Position {
    if (fields.length !== 8) throw new NotationError('fields', { format: 'K4FEN', n: fields.length, need: 8 });
    const g = geometryOf(variant);
    const pieces = new Map<string, Piece>();
    placeRanks(g, fields[0]!, pieces, (s, i) => {
        const c = s.charAt(i);
        if (c === 'x') return { length: 1, removed: true };
        const army = FK_LETTER[c];
        const kind = s.charAt(i + 1);
        if (!army || kind === '' || !ORTHODOX.includes(kind)) return undefined;
        return { piece: { army, kind: kind as Kind }, length: 2 };
    });
    const player = FK_LETTER[fields[1]!];
    if (!player) throw new NotationError('player', { text: fields[1]! });
    if (!/^(-|([eswn]K?Q?)+)$/.test(fields[2]!)) throw new NotationError('castling', { text: fields[2]! });
    if (fields[3] !== '-' && !g.has(fields[3]!)) throw new NotationError('en_passant', { text: fields[3]! });
    if (!/^[eswn]{4}$/.test(fields[6]!)) throw new NotationError('control', { text: fields[6]! });
    if (!/^(-|[eswn]{2})$/.test(fields[7]!)) throw new NotationError('alliance', { text: fields[7]! });
    return {
        variant,
        pieces,
        toMove: player,
        castling: fields[2]!,
        enPassant: fields[3]!,
        halfmove: count(fields[4]!, 'halfmove'),
        fullmove: count(fields[5]!, 'move_number'),
        control: fields[6]!,
        alliance: fields[7]!,
    };
}

export interface MoveText {
    readonly from: string;
    readonly to: string;
    readonly promotion?: 'q' | 'r' | 'b' | 'n';
}

// A move as the board shows it played: its squares and the army whose piece moved.
export interface PlayedMove {
    readonly from: string;
    readonly to: string;
    readonly army?: Army;
}

// "e2e4", "a10a9", "k1l2", "e7e8q" -> squares; undefined for anything else.
export function parseMove(text: string): MoveText | undefined {
    const m = /^([a-z][1-9][0-9]?)([a-z][1-9][0-9]?)([qrbn])?$/.exec(text);
    if (!m) return undefined;
    if (!parseSquare(m[1]!) || !parseSquare(m[2]!)) return undefined;
    const promotion = m[3] as MoveText['promotion'];
    return promotion ? { from: m[1]!, to: m[2]!, promotion } : { from: m[1]!, to: m[2]! };
}

// The key a repetition is judged by (placement, side, castling, en passant), for showing the
// claim button; the server decides.
export function repetitionKey(fen: string): string {
    return fen.trim().split(/\s+/).slice(0, 4).join(' ');
}

export const START_FEN: Record<Variant, string> = {
    chess: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    silverman: 'rqkr/pppp/PPPP/RQKR w - - 0 1',
    pawnrace: '8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1',
    tamerlane:
        'e1c1d1d1c1e/rntzvkgztnr/prpnptpzpvpkpgpepcpdpp/11/11/11/11/PPPDPCPEPGPKPVPZPTPNPR/RNTZGKVZTNR/E1C1D1D1C1E w -/- Kk 0/0 0 1',
    fourkingdoms:
        'xxxnRnNnBnKnQnBnNnRxxx/xxxnPnPnPnPnPnPnPnPxxx/xxx8xxx/wRwP10ePeR/wNwP10ePeN/wBwP10ePeB/wKwP10ePeQ/wQwP10ePeK/wBwP10ePeB/wNwP10ePeN/wRwP10ePeR/xxx8xxx/xxxsPsPsPsPsPsPsPsPxxx/xxxsRsNsBsQsKsBsNsRxxx e eKQsKQwKQnKQ - 0 1 eswn -',
    'fourkingdoms-teams':
        'xxxnRnNnBnKnQnBnNnRxxx/xxxnPnPnPnPnPnPnPnPxxx/xxx8xxx/wRwP10ePeR/wNwP10ePeN/wBwP10ePeB/wKwP10ePeQ/wQwP10ePeK/wBwP10ePeB/wNwP10ePeN/wRwP10ePeR/xxx8xxx/xxxsPsPsPsPsPsPsPsPxxx/xxxsRsNsBsQsKsBsNsRxxx e eKQsKQwKQnKQ - 0 1 eswn es',
};

const ROYAL: readonly Kind[] = ['K', 'H', 'A'];

export function isRoyal(p: Piece): boolean {
    return ROYAL.includes(p.kind);
}

// Which army a Four Kingdoms seat moves: every army whose commander letter is that seat's.
export function armiesCommandedBy(pos: Position, seat: Seat): Seat[] {
    if (!pos.control) return [seat];
    const order: Seat[] = ['east', 'south', 'west', 'north'];
    return order.filter((_army, i) => pos.control!.charAt(i) === seatLetter(seat));
}

// A display-only replay of one move, for positions the client never received as FEN (moves
// played before it connected). It moves the piece, takes what stands on the target, moves the
// rook of a castling (a king's two-step), removes an en passant pawn, promotes and swaps. The
// server's FEN replaces it whenever one is known.
export function applyMoveForDisplay(pos: Position, text: string): Position {
    const mv = parseMove(text);
    if (!mv) return pos;
    const pieces = new Map(pos.pieces);
    const piece = pieces.get(mv.from);
    if (!piece) return pos;
    const target = pieces.get(mv.to);
    const a = parseSquare(mv.from)!;
    const b = parseSquare(mv.to)!;
    pieces.delete(mv.from);
    if (pos.variant === 'tamerlane' && piece.kind === 'K' && target && target.army === piece.army) {
        pieces.set(mv.from, target); // the king's swap
    }
    let moved: Piece = piece;
    if (mv.promotion) moved = { army: piece.army, kind: mv.promotion.toUpperCase() as Kind };
    if (piece.kind === 'K' && a.rank === b.rank && Math.abs(a.file - b.file) === 2 && pos.variant !== 'tamerlane') {
        castleRook(pieces, piece.army, a, b);
    }
    if (piece.kind === 'K' && a.file === b.file && Math.abs(a.rank - b.rank) === 2 && isFourKingdoms(pos.variant)) {
        castleRook(pieces, piece.army, a, b);
    }
    if (piece.kind === 'P' && !target && a.file !== b.file && a.rank !== b.rank && pos.variant !== 'tamerlane') {
        // A diagonal pawn step onto an empty square: en passant; the taken pawn stands beside.
        for (const sq of [squareName(b.file, a.rank), squareName(a.file, b.rank)]) {
            const p = pieces.get(sq);
            if (p && p.kind === 'P' && p.army !== piece.army) {
                pieces.delete(sq);
                break;
            }
        }
    }
    if (pos.variant === 'tamerlane' && piece.kind === 'P' && piece.pawnOf && piece.pawnOf !== 'P') {
        const last = piece.army === 'white' ? 9 : 0;
        if (b.rank === last) moved = { army: piece.army, kind: piece.pawnOf === 'K' ? 'H' : piece.pawnOf };
    }
    pieces.set(mv.to, moved);
    const g = geometryOf(pos.variant);
    const next = g.seats[(g.seats.indexOf(pos.toMove) + 1) % g.seats.length]!;
    return { ...pos, pieces, toMove: next, enPassant: '-' };
}

function castleRook(
    pieces: Map<string, Piece>,
    army: Army,
    a: { file: number; rank: number },
    b: { file: number; rank: number },
): void {
    const df = Math.sign(b.file - a.file);
    const dr = Math.sign(b.rank - a.rank);
    // Walk from the king outwards to the first rook of its army, and set it on the crossed square.
    for (let f = a.file + df, r = a.rank + dr; f >= 0 && f < 14 && r >= 0 && r < 14; f += df, r += dr) {
        const sq = squareName(f, r);
        const p = pieces.get(sq);
        if (p && p.kind === 'R' && p.army === army) {
            pieces.delete(sq);
            pieces.set(squareName(a.file + df, a.rank + dr), p);
            return;
        }
    }
}
