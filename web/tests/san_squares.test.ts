import { describe, expect, it } from 'vitest';
import { START_FEN, parsePosition } from '../src/notation';
import { sanSquares } from '../src/san_squares';

describe('a SAN move’s squares, for the better move’s arrow', () => {
    const start = parsePosition('chess', START_FEN.chess);
    it('finds pieces and pawns in chess', () => {
        expect(sanSquares(start, 'Nf3')).toEqual(['g1', 'f3']);
        expect(sanSquares(start, 'e4')).toEqual(['e2', 'e4']);
        expect(sanSquares(start, 'e3')).toEqual(['e2', 'e3']);
        expect(sanSquares(start, 'Bc4')).toBeUndefined(); // the bishop's way is shut
        const pos = parsePosition('chess', 'r3k2r/ppp2ppp/8/3pP3/8/8/PPP2PPP/R3K2R b KQkq - 0 1');
        expect(sanSquares(pos, 'O-O-O')).toEqual(['e8', 'c8']);
        expect(sanSquares(pos, 'cxb4')).toBeUndefined(); // no black pawn on c5
        expect(sanSquares(pos, 'Rf8')).toEqual(['h8', 'f8']);
        expect(sanSquares(pos, 'Rd8+')).toEqual(['a8', 'd8']);
        const white = parsePosition('chess', 'r3k2r/ppp2ppp/8/3pP3/8/8/PPP2PPP/R3K2R w KQkq d6 0 1');
        expect(sanSquares(white, 'exd6')).toEqual(['e5', 'd6']);
        expect(sanSquares(white, 'Rd1')).toEqual(['a1', 'd1']);
        expect(sanSquares(white, 'Rf1')).toEqual(['h1', 'f1']);
    });
    it('uses the disambiguation, and draws nothing it cannot tell', () => {
        const pos = parsePosition('chess', '4k3/8/8/8/8/8/4K3/R6R w - - 0 1');
        expect(sanSquares(pos, 'Rad1')).toEqual(['a1', 'd1']);
        expect(sanSquares(pos, 'Rhd1')).toEqual(['h1', 'd1']);
        expect(sanSquares(pos, 'Rd1')).toBeUndefined();
    });
    it('reads Four Kingdoms’ pawn moves, which name both squares', () => {
        const pos = parsePosition('fourkingdoms', START_FEN.fourkingdoms);
        expect(sanSquares(pos, 'b6-c6')).toEqual(['b6', 'c6']);
        expect(sanSquares(pos, 'O-O')).toBeUndefined();
    });
    it('leaves Tamerlane’s own pieces and symbols alone', () => {
        const pos = parsePosition('tamerlane', START_FEN.tamerlane);
        expect(sanSquares(pos, 'Zb4')).toBeUndefined();
        expect(sanSquares(pos, 'K<>e2')).toBeUndefined();
    });
});
