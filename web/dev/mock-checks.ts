// The mock server's stand-in for the server's `check` and `checks` (learn.md): whether the side to
// move stands in check, on orthodox boards (chess, Silverman, pawn race). The client itself knows
// no rules: it rings the squares the server names.

import { parseSquare, squareName } from '../src/geometry';
import { type Piece, type Position, applyMoveForDisplay, parsePosition } from '../src/notation';

const ORTHODOX = new Set(['chess', 'silverman', 'pawnrace']);

function clear(pos: Position, a: { file: number; rank: number }, b: { file: number; rank: number }): boolean {
    const df = Math.sign(b.file - a.file);
    const dr = Math.sign(b.rank - a.rank);
    for (let f = a.file + df, r = a.rank + dr; f !== b.file || r !== b.rank; f += df, r += dr)
        if (pos.pieces.has(squareName(f, r))) return false;
    return true;
}

// Whether `piece` on `from` attacks `to`.
function attacks(pos: Position, piece: Piece, from: string, to: string): boolean {
    const a = parseSquare(from);
    const b = parseSquare(to);
    if (!a || !b) return false;
    const dx = b.file - a.file;
    const dy = b.rank - a.rank;
    const straight = (dx === 0) !== (dy === 0);
    const diagonal = dx !== 0 && Math.abs(dx) === Math.abs(dy);
    switch (piece.kind) {
        case 'P':
            return Math.abs(dx) === 1 && dy === (piece.army === 'white' ? 1 : -1);
        case 'N':
            return (Math.abs(dx) === 1 && Math.abs(dy) === 2) || (Math.abs(dx) === 2 && Math.abs(dy) === 1);
        case 'K':
            return Math.max(Math.abs(dx), Math.abs(dy)) === 1;
        case 'R':
            return straight && clear(pos, a, b);
        case 'B':
            return diagonal && clear(pos, a, b);
        case 'Q':
            return (straight || diagonal) && clear(pos, a, b);
        default:
            return false;
    }
}

// The squares of the side to move's kings that an enemy piece attacks.
export function checkedKings(pos: Position): string[] {
    if (!ORTHODOX.has(pos.variant)) return [];
    const kings = [...pos.pieces].filter(([, p]) => p.kind === 'K' && p.army === pos.toMove).map(([sq]) => sq);
    return kings.filter((k) => [...pos.pieces].some(([sq, p]) => p.army !== pos.toMove && attacks(pos, p, sq, k)));
}

// The kings in check on `fen` (chess), then after each of `moves`: the server's `checks` shape.
export function checksAlong(fen: string, moves: readonly string[]): string[][] {
    let pos = parsePosition('chess', fen);
    const out = [checkedKings(pos)];
    for (const m of moves) {
        pos = applyMoveForDisplay(pos, m);
        out.push(checkedKings(pos));
    }
    return out;
}
