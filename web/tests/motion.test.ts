import { describe, expect, it } from 'vitest';
import { motionBetween } from '../src/motion';
import { type Position, START_FEN, applyMoveForDisplay, parsePosition } from '../src/notation';

const after = (pos: Position, ...moves: string[]) => moves.reduce(applyMoveForDisplay, pos);
const chess = (fen: string) => parsePosition('chess', fen);
const plan = (a: Position, b: Position) => motionBetween(a.pieces, b.pieces);

describe('the board’s motion between two positions', () => {
    it('slides the moved piece', () => {
        const start = chess(START_FEN.chess);
        expect(plan(start, after(start, 'e2e4'))).toEqual({
            slides: [{ from: 'e2', to: 'e4' }],
            taken: [],
            appear: [],
        });
    });
    it('slides both the king and the rook of a castling', () => {
        const pos = chess('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
        const castled = plan(pos, after(pos, 'e1g1'));
        expect(castled?.slides).toHaveLength(2);
        expect(castled?.slides).toEqual(
            expect.arrayContaining([
                { from: 'e1', to: 'g1' },
                { from: 'h1', to: 'f1' },
            ]),
        );
        expect(castled?.taken).toEqual([]);
    });
    it('fades the piece taken, where it stood (also en passant)', () => {
        const pos = chess('4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1');
        expect(plan(pos, after(pos, 'e4d5'))).toEqual({
            slides: [{ from: 'e4', to: 'd5' }],
            taken: [{ square: 'd5', piece: { army: 'black', kind: 'P' } }],
            appear: [],
        });
        const ep = chess('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2');
        expect(plan(ep, after(ep, 'e5d6'))?.taken).toEqual([{ square: 'd5', piece: { army: 'black', kind: 'P' } }]);
    });
    it('slides a promoting pawn, which arrives as its new piece', () => {
        const pos = chess('1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1');
        expect(plan(pos, after(pos, 'a7b8q'))).toEqual({
            slides: [{ from: 'a7', to: 'b8' }],
            taken: [{ square: 'b8', piece: { army: 'black', kind: 'R' } }],
            appear: [],
        });
    });
    it('slides a capture back, the taken piece appearing again (a step back in the moves)', () => {
        const pos = chess('4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1');
        expect(plan(after(pos, 'e4d5'), pos)).toEqual({
            slides: [{ from: 'd5', to: 'e4' }],
            taken: [],
            appear: ['d5'],
        });
    });
    it('plans nothing where the change is not one move', () => {
        const start = chess(START_FEN.chess);
        expect(plan(start, start)).toBeUndefined();
        expect(plan(start, after(start, 'e2e4', 'e7e5', 'g1f3'))).toBeUndefined();
        expect(plan(chess('4k3/8/8/8/8/8/8/4K3 w - - 0 1'), start)).toBeUndefined();
    });
});
