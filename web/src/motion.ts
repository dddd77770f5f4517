// How the pieces go from one position to the next, for the board's short slide: which pieces
// slide from where to where (a move; castling's king and rook; Tamerlane's swap), which are taken
// (they fade where they stood) and which appear (a step back through the moves brings a taken
// piece back). Pure: two placements in, squares out; no plan where the change is not one move's
// (a new game, a jump through the move list).

import type { Piece } from './notation';

export interface Slide {
    readonly from: string;
    readonly to: string;
}

export interface Motion {
    readonly slides: readonly Slide[];
    readonly taken: readonly { square: string; piece: Piece }[];
    readonly appear: readonly string[];
}

const same = (a: Piece, b: Piece) => a.army === b.army && a.kind === b.kind && a.pawnOf === b.pawnOf;

// One move changes at most two squares' pieces the other way (a castling, a swap, a capture
// undone) and takes at most one piece, so more than two on either side is not one move.
const MOST = 2;

export function motionBetween(
    before: ReadonlyMap<string, Piece>,
    after: ReadonlyMap<string, Piece>,
): Motion | undefined {
    const left: [string, Piece][] = []; // squares whose piece went or changed
    const came: [string, Piece][] = []; // squares with a piece that was not there
    for (const [sq, p] of before) {
        const now = after.get(sq);
        if (!now || !same(p, now)) left.push([sq, p]);
    }
    for (const [sq, p] of after) {
        const was = before.get(sq);
        if (!was || !same(p, was)) came.push([sq, p]);
    }
    if (came.length === 0 || came.length > MOST || left.length > MOST) return undefined;
    const used = new Set<string>();
    const slides: Slide[] = [];
    const appear: string[] = [];
    const source = (ok: (p: Piece) => boolean) => left.find(([sq, p]) => !used.has(sq) && ok(p))?.[0];
    for (const [to, p] of came) {
        // The same piece, else a promotion (a pawn became it, or, stepping back, it became a pawn).
        const from =
            source((q) => same(p, q)) ?? source((q) => q.army === p.army && (q.kind === 'P') !== (p.kind === 'P'));
        if (from === undefined) appear.push(to);
        else {
            used.add(from);
            slides.push({ from, to });
        }
    }
    if (slides.length === 0) return undefined;
    const taken = left.filter(([sq]) => !used.has(sq)).map(([square, piece]) => ({ square, piece }));
    return { slides, taken, appear };
}
