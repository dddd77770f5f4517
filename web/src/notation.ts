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

export class NotationError extends Error {
    override name = 'NotationError';
}

const ORTHODOX = 'KQRBNP';
const TAMERLANE = 'KHAGVZTNRECDP';
const TAMERLANE_PAWN_KINDS = 'KGVZTNRECDP';
const FK_LETTER: Record<string, Seat> = { e: 'east', s: 'south', w: 'west', n: 'north' };

export function seatLetter(seat: Seat): string {
    return seat.charAt(0);
}

export function parsePosition(variant: Variant, text: string): Position {
    if (typeof text !== 'string' || text.length > 4096)
        throw new NotationError('the position text is missing or too long');
    const fields = text.trim().split(/\s+/);
    if (variant === 'tamerlane') return parseTfen(fields);
    if (isFourKingdoms(variant)) return parseK4fen(variant, fields);
    return parseFen(variant, fields);
}

function count(text: string, what: string, min: number): number {
    if (!/^[0-9]+$/.test(text)) throw new NotationError(`the ${what} "${text}" is not a number`);
    const n = Number(text);
    if (n < min) throw new NotationError(`the ${what} must be at least ${min}`);
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
        throw new NotationError(`the board has ${ranks.length} ranks; ${g.variant} needs ${g.ranks}`);
    }
    ranks.forEach((row, index) => {
        const rank = g.ranks - 1 - index;
        let file = 0;
        let i = 0;
        while (i < row.length) {
            const digits = /^[0-9]+/.exec(row.slice(i));
            if (digits) {
                const n = Number(digits[0]);
                if (n < 1) throw new NotationError(`rank ${rank + 1}: an empty count must be at least 1`);
                for (let k = 0; k < n; k++) {
                    if (file + k < g.files && !g.has(squareName(file + k, rank))) {
                        throw new NotationError(`rank ${rank + 1}: ${squareName(file + k, rank)} is not on the board`);
                    }
                }
                file += n;
                i += digits[0].length;
                continue;
            }
            const t = token(row, i);
            if (!t) throw new NotationError(`rank ${rank + 1}: unknown character "${row.charAt(i)}"`);
            if (file >= g.files) break;
            const sq = squareName(file, rank);
            if (t.removed) {
                if (g.has(sq)) throw new NotationError(`rank ${rank + 1}: ${sq} is on the board, not a removed cell`);
            } else {
                if (!g.has(sq)) throw new NotationError(`rank ${rank + 1}: ${sq} is not on the board`);
                pieces.set(sq, t.piece!);
            }
            file += 1;
            i += t.length;
        }
        if (file !== g.files) {
            throw new NotationError(`rank ${rank + 1} has ${file} files; ${g.variant} needs ${g.files}`);
        }
    });
}

function parseFen(variant: Variant, fields: string[]): Position {
    if (fields.length !== 6) throw new NotationError(`a FEN has 6 fields, this one has ${fields.length}`);
    const g = geometryOf(variant);
    const pieces = new Map<string, Piece>();
    placeRanks(g, fields[0]!, pieces, (s, i) => {
        const c = s.charAt(i);
        const kind = c.toUpperCase();
        if (!ORTHODOX.includes(kind) || c === '') return undefined;
        return { piece: { army: c === kind ? 'white' : 'black', kind: kind as Kind }, length: 1 };
    });
    const side = fields[1];
    if (side !== 'w' && side !== 'b') throw new NotationError(`the side to move is "w" or "b", not "${side}"`);
    if (!/^(-|[KQkq]{1,4})$/.test(fields[2]!)) throw new NotationError(`bad castling field "${fields[2]}"`);
    if (fields[3] !== '-' && !parseSquare(fields[3]!)) throw new NotationError(`bad en passant square "${fields[3]}"`);
    return {
        variant,
        pieces,
        toMove: side === 'w' ? 'white' : 'black',
        castling: fields[2]!,
        enPassant: fields[3]!,
        halfmove: count(fields[4]!, 'half-move clock', 0),
        fullmove: count(fields[5]!, 'move number', 1),
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
    if (fields.length !== 7) throw new NotationError(`a TFEN has 7 fields, this one has ${fields.length}`);
    const g = geometryOf('tamerlane');
    const pieces = new Map<string, Piece>();
    placeRanks(g, fields[0]!, pieces, tamerlaneToken);
    const side = fields[1];
    if (side !== 'w' && side !== 'b') throw new NotationError(`the side to move is "w" or "b", not "${side}"`);
    const citadels = fields[2]!.split('/');
    if (citadels.length !== 2) throw new NotationError(`the citadel field is "white/black", not "${fields[2]}"`);
    citadels.forEach((occupant, index) => {
        if (occupant === '-') return;
        const t = tamerlaneToken(occupant, 0);
        if (!t || t.length !== occupant.length) throw new NotationError(`bad citadel occupant "${occupant}"`);
        pieces.set(index === 0 ? 'l2' : 'z9', t.piece);
    });
    if (!/^(-|K|k|Kk)$/.test(fields[3]!)) throw new NotationError(`bad swap field "${fields[3]}"`);
    if (!/^[0-9]\/[0-9]$/.test(fields[4]!)) throw new NotationError(`bad pawn-of-pawns field "${fields[4]}"`);
    return {
        variant: 'tamerlane',
        pieces,
        toMove: side === 'w' ? 'white' : 'black',
        castling: '-',
        enPassant: '-',
        swaps: fields[3]!,
        pawnOfPawns: fields[4]!,
        halfmove: count(fields[5]!, 'half-move clock', 0),
        fullmove: count(fields[6]!, 'move number', 1),
    };
}

function parseK4fen(variant: Variant, fields: string[]): Position {
    if (fields.length !== 8) throw new NotationError(`a K4FEN has 8 fields, this one has ${fields.length}`);
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
    if (!player) throw new NotationError(`the player to move is e, s, w or n, not "${fields[1]}"`);
    if (!/^(-|([eswn]K?Q?)+)$/.test(fields[2]!)) throw new NotationError(`bad castling field "${fields[2]}"`);
    if (fields[3] !== '-' && !g.has(fields[3]!)) throw new NotationError(`bad en passant square "${fields[3]}"`);
    if (!/^[eswn]{4}$/.test(fields[6]!))
        throw new NotationError(`the control field is four letters of e s w n, not "${fields[6]}"`);
    if (!/^(-|[eswn]{2})$/.test(fields[7]!)) throw new NotationError(`bad alliance field "${fields[7]}"`);
    return {
        variant,
        pieces,
        toMove: player,
        castling: fields[2]!,
        enPassant: fields[3]!,
        halfmove: count(fields[4]!, 'half-move clock', 0),
        fullmove: count(fields[5]!, 'move number', 1),
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
