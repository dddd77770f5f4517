import { describe, expect, it } from 'vitest';
import type { Seat, Variant } from '../src/geometry';
import { type MaterialSource, lossesSince, standings } from '../src/material';
import { type Army, type Kind, type Position, START_FEN, applyMoveForDisplay, parsePosition } from '../src/notation';
import { capturedText } from '../src/screens/game/captured';

// A game whose positions are given: the start, then each after one more move.
function game(variant: Variant, positions: Position[], moves: string[] = []): MaterialSource {
    return { variant, moves, positionAt: (ply) => positions[Math.min(ply, positions.length - 1)]! };
}
const TWO: Seat[] = ['white', 'black'];
// White's and Black's rows once the game has gone from `variant`'s start to `fen`.
function rowsAt(variant: Variant, fen: string) {
    const positions = [parsePosition(variant, START_FEN[variant]), parsePosition(variant, fen)];
    return standings(game(variant, positions), TWO, 1);
}
// Groups of pieces taken from `army`, as the rows list them.
const from = (army: Army, ...groups: [Kind, number][]) => groups.map(([kind, count]) => ({ army, kind, count }));

describe('captured material', () => {
    it('is nothing at the start of chess', () => {
        expect(standings(game('chess', [parsePosition('chess', START_FEN.chess)]), TWO, 0)).toEqual([
            { seat: 'white', taken: [], ahead: 0 },
            { seat: 'black', taken: [], ahead: 0 },
        ]);
    });

    it('shows what each side took and who is ahead after captures', () => {
        // White has taken both black knights and a pawn; Black a white bishop.
        const [white, black] = rowsAt('chess', 'r1bqkb1r/ppp1pppp/8/8/8/8/PPPPPPPP/RN1QKBNR w KQkq - 0 6');
        expect(white).toEqual({ seat: 'white', taken: from('black', ['N', 2], ['P', 1]), ahead: 4 });
        expect(black).toEqual({ seat: 'black', taken: from('white', ['B', 1]), ahead: 0 });
        expect(capturedText(white!)).toBe('White has taken 2 knights and 1 pawn. White is 4 ahead.');
    });

    it('counts a promoted pawn as no loss, and its new piece on the board', () => {
        // White's b-pawn took on a7... and became a queen on a8, taking the rook: two queens, seven pawns.
        const fen = 'Qnbqkbnr/1ppppppp/8/8/8/8/P1PPPPPP/RNBQKBNR b KQk - 0 9';
        const start = parsePosition('chess', START_FEN.chess);
        expect(lossesSince(start, parsePosition('chess', fen), 'white')).toEqual(new Map());
        const [white, black] = rowsAt('chess', fen);
        expect(white!.taken).toEqual(from('black', ['R', 1], ['P', 1]));
        expect(white!.ahead).toBe(14); // 47 (a second queen for a pawn) against 33
        expect(black!.taken).toEqual([]);
    });

    it('values Tamerlane pieces from one table, pawns of every kind as pawns', () => {
        // Black has lost its rook on a9 and its giraffe on h9, White its pawn of rooks.
        const [white, black] = rowsAt(
            'tamerlane',
            'e1c1d1d1c1e/1ntzvkg1tnr/prpnptpzpvpkpgpepcpdpp/11/11/11/11/PPPDPCPEPGPKPVPZPTPN1/RNTZGKVZTNR/E1C1D1D1C1E w -/- Kk 0/0 0 1',
        );
        expect(white).toEqual({ seat: 'white', taken: from('black', ['R', 1], ['Z', 1]), ahead: 10 });
        expect(black!.taken).toEqual(from('white', ['P', 1]));
    });

    it('credits Four Kingdoms captures to the army that made them, from the history', () => {
        const variant = 'fourkingdoms';
        const start = parsePosition(variant, START_FEN[variant]);
        // East's rook takes North's pawn, South's knight takes that rook, West's queen a South pawn.
        const moves = ['n11k13', 'e1k13', 'a7d2'];
        const positions = [start];
        for (const m of moves) positions.push(applyMoveForDisplay(positions.at(-1)!, m));
        const seats: Seat[] = ['east', 'south', 'west', 'north'];
        const rows = standings(game(variant, positions, moves), seats, 3);
        expect(rows.map((r) => r.taken)).toEqual([
            from('north', ['P', 1]),
            from('east', ['R', 1]),
            from('south', ['P', 1]),
            [],
        ]);
        // West (39) leads South and North (38 each), East (34) is last.
        expect(rows.map((r) => r.ahead)).toEqual([0, 0, 1, 0]);
        // The position shown decides: after the first move only East has taken anything.
        expect(standings(game(variant, positions, moves), seats, 1).map((r) => r.taken.length)).toEqual([1, 0, 0, 0]);
    });
});
