// Where a SAN move (notation.md) goes in a display position: its from and to squares, to draw
// the analysis' better move as an arrow. The server judged the move; this only finds the
// mover's piece whose way to the target is open. It answers undefined where it cannot tell:
// two such pieces (one of them pinned, which SAN leaves unsaid), Tamerlane's own pieces and
// symbols, Four Kingdoms' castling.

import { type Seat, geometryOf, isFourKingdoms, parseSquare, squareName } from './geometry';
import { type Kind, type Position, armiesCommandedBy } from './notation';

type Step = readonly [number, number];
const ROOK: readonly Step[] = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
];
const BISHOP: readonly Step[] = [
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1],
];
const KNIGHT: readonly Step[] = [
    [1, 2],
    [2, 1],
    [2, -1],
    [1, -2],
    [-1, -2],
    [-2, -1],
    [-2, 1],
    [-1, 2],
];
// The pieces whose moves are the orthodox ones in every variant that has them: steps, and
// whether they ride.
const MOVES: Partial<Record<Kind, { steps: readonly Step[]; rides: boolean }>> = {
    K: { steps: [...ROOK, ...BISHOP], rides: false },
    Q: { steps: [...ROOK, ...BISHOP], rides: true },
    R: { steps: ROOK, rides: true },
    B: { steps: BISHOP, rides: true },
    N: { steps: KNIGHT, rides: false },
};
// Which way a two-player pawn goes.
const FORWARD: Partial<Record<Seat, number>> = { white: 1, black: -1 };

export function sanSquares(pos: Position, san: string): [string, string] | undefined {
    const text = san.replace(/[+#!?]+$/, '');
    const armies = new Set(isFourKingdoms(pos.variant) ? armiesCommandedBy(pos, pos.toMove) : [pos.toMove]);
    const mine = (sq: string, kind: Kind) => {
        const p = pos.pieces.get(sq);
        return p !== undefined && p.kind === kind && armies.has(p.army);
    };
    const fourKingdomsPawn = /^([a-n]\d+)[-x]([a-n]\d+)(=[A-Z])?$/.exec(text);
    if (fourKingdomsPawn) return [fourKingdomsPawn[1]!, fourKingdomsPawn[2]!];
    const castle = /^O-O(-O)?$/.exec(text);
    if (castle) {
        if (pos.variant !== 'chess') return undefined;
        const rank = pos.toMove === 'white' ? '1' : '8';
        return mine(`e${rank}`, 'K') ? [`e${rank}`, `${castle[1] ? 'c' : 'g'}${rank}`] : undefined;
    }
    const piece = /^([A-Z])([a-z])?(\d+)?x?([a-z]\d+)$/.exec(text);
    if (piece) {
        const moves = MOVES[piece[1] as Kind];
        const to = parseSquare(piece[4]!);
        if (!moves || !to) return undefined;
        const g = geometryOf(pos.variant);
        const from: string[] = [];
        for (const [df, dr] of moves.steps) {
            // Walk back from the target until a piece or the board's end stops the way.
            for (let f = to.file + df, r = to.rank + dr; g.has(squareName(f, r)); f += df, r += dr) {
                const sq = squareName(f, r);
                if (mine(sq, piece[1] as Kind)) from.push(sq);
                if (pos.pieces.has(sq) || !moves.rides) break;
            }
        }
        const fits = from.filter((sq) => (!piece[2] || sq[0] === piece[2]) && (!piece[3] || sq.slice(1) === piece[3]));
        return fits.length === 1 ? [fits[0]!, piece[4]!] : undefined;
    }
    const pawn = /^(?:([a-z])x)?([a-z]\d+)(=[A-Z])?$/.exec(text);
    const dir = FORWARD[pos.toMove];
    const to = pawn ? parseSquare(pawn[2]!) : undefined;
    if (!pawn || !dir || !to) return undefined;
    if (pawn[1]) {
        const sq = `${pawn[1]}${to.rank - dir + 1}`;
        return mine(sq, 'P') ? [sq, pawn[2]!] : undefined;
    }
    const one = squareName(to.file, to.rank - dir);
    if (mine(one, 'P')) return [one, pawn[2]!];
    // A double step, where the rules have one: from the second rank, over an empty square.
    const two = squareName(to.file, to.rank - 2 * dir);
    const second = dir > 0 ? 1 : geometryOf(pos.variant).ranks - 2;
    const doubles = pos.variant === 'chess' || pos.variant === 'pawnrace';
    return doubles && !pos.pieces.has(one) && to.rank - 2 * dir === second && mine(two, 'P')
        ? [two, pawn[2]!]
        : undefined;
}
