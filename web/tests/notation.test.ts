import { describe, expect, it } from 'vitest';
import {
    NotationError,
    START_FEN,
    applyMoveForDisplay,
    armiesCommandedBy,
    parseMove,
    parsePosition,
    repetitionKey,
} from '../src/notation';

// What a refused text is refused for.
function problemOf(read: () => unknown): { problem: string; values: Readonly<Record<string, string | number>> } {
    try {
        read();
    } catch (e) {
        if (e instanceof NotationError) return { problem: e.problem, values: e.values };
        throw e;
    }
    throw new Error('not refused');
}

describe('FEN (chess, silverman, pawnrace)', () => {
    it('reads the chess start', () => {
        const p = parsePosition('chess', START_FEN.chess);
        expect(p.pieces.size).toBe(32);
        expect(p.pieces.get('e1')).toEqual({ army: 'white', kind: 'K' });
        expect(p.pieces.get('d8')).toEqual({ army: 'black', kind: 'Q' });
        expect(p.toMove).toBe('white');
        expect(p.castling).toBe('KQkq');
        expect(p.fullmove).toBe(1);
    });
    it('reads the silverman 4x4 start', () => {
        const p = parsePosition('silverman', 'rqkr/pppp/PPPP/RQKR w - - 0 1');
        expect(p.pieces.size).toBe(16);
        expect(p.pieces.get('c1')).toEqual({ army: 'white', kind: 'K' });
        expect(p.pieces.get('b4')).toEqual({ army: 'black', kind: 'Q' });
    });
    it('reads pawnrace and the side to move', () => {
        const p = parsePosition('pawnrace', '8/pppppppp/8/8/8/8/PPPPPPPP/8 b - e3 0 1');
        expect(p.pieces.size).toBe(16);
        expect(p.toMove).toBe('black');
        expect(p.enPassant).toBe('e3');
    });
    it.each([
        ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0', 'fen_fields', { n: 5 }],
        ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1', 'ranks', { n: 7, need: 8 }],
        ['rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'files', { rank: 6, n: 9, need: 8 }],
        ['rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'unknown_character', { rank: 7, character: 'x' }],
        ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', 'side', { text: 'x' }],
        ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1', 'halfmove', { text: '-1' }],
        ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0', 'move_number', { text: '0' }],
        ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999 1', 'halfmove', { text: '99999999999' }],
        ['', 'fen_fields', { n: 1 }],
    ])('refuses %j naming what is wrong', (fen, problem, values) => {
        expect(problemOf(() => parsePosition('chess', fen))).toEqual({ problem, values });
    });
    it('reads a FEN without its two move counters, as 0 and 1', () => {
        const p = parsePosition('chess', 'r3k2r/8/8/8/8/8/8/R3K2R b KQkq -');
        expect([p.toMove, p.castling, p.halfmove, p.fullmove]).toEqual(['black', 'KQkq', 0, 1]);
    });
    it('refuses a chess board on silverman', () => {
        expect(problemOf(() => parsePosition('silverman', START_FEN.chess)).problem).toBe('ranks');
    });
    it('refuses huge input without hanging', () => {
        expect(() => parsePosition('chess', '8/'.repeat(5000))).toThrow(NotationError);
    });
});

describe('TFEN (tamerlane)', () => {
    it('reads the start: 56 pieces, pawns by kind', () => {
        const p = parsePosition('tamerlane', START_FEN.tamerlane);
        expect(p.pieces.size).toBe(56);
        expect(p.pieces.get('a3')).toEqual({ army: 'white', kind: 'P', pawnOf: 'P' });
        expect(p.pieces.get('f3')).toEqual({ army: 'white', kind: 'P', pawnOf: 'K' });
        expect(p.pieces.get('k3')).toEqual({ army: 'white', kind: 'P', pawnOf: 'R' });
        expect(p.pieces.get('a8')).toEqual({ army: 'black', kind: 'P', pawnOf: 'R' });
        expect(p.pieces.get('k8')).toEqual({ army: 'black', kind: 'P', pawnOf: 'P' });
        expect(p.pieces.get('d2')).toEqual({ army: 'white', kind: 'Z' });
        expect(p.pieces.get('e1')).toEqual({ army: 'white', kind: 'D' });
        expect(p.pieces.get('f9')).toEqual({ army: 'black', kind: 'K' });
        expect(p.swaps).toBe('Kk');
        expect(p.pawnOfPawns).toBe('0/0');
    });
    it('puts citadel occupants on l2 and z9', () => {
        const fen = START_FEN.tamerlane.replace(' -/- ', ' A/k ');
        const p = parsePosition('tamerlane', fen);
        expect(p.pieces.get('l2')).toEqual({ army: 'white', kind: 'A' });
        expect(p.pieces.get('z9')).toEqual({ army: 'black', kind: 'K' });
    });
    it('reads 10 and 11 as one number of empty squares', () => {
        const p = parsePosition('tamerlane', '11/11/11/11/11/11/11/11/10K/k10 w -/- - 0/0 0 1');
        expect(p.pieces.get('k2')).toEqual({ army: 'white', kind: 'K' });
        expect(p.pieces.get('a1')).toEqual({ army: 'black', kind: 'K' });
    });
    it.each([
        [START_FEN.tamerlane.replace('prpnpt', 'prpNpt'), 'unknown_character'], // mixed-case pawn token
        [START_FEN.tamerlane.replace(' -/- ', ' -- '), 'citadels'],
        [START_FEN.tamerlane.replace(' -/- ', ' X/- '), 'citadel_occupant'],
        [START_FEN.tamerlane.replace(' Kk ', ' KK '), 'swaps'],
        [START_FEN.tamerlane.replace(' 0/0 ', ' 0 '), 'pawn_of_pawns'],
        [START_FEN.tamerlane.replace('/11/', '/12/'), 'files'],
        ['11/11/11 w -/- Kk 0/0 0 1', 'ranks'],
        [START_FEN.tamerlane.split(' ').slice(0, 6).join(' '), 'fields'],
    ])('refuses %j', (fen, problem) => {
        expect(problemOf(() => parsePosition('tamerlane', fen)).problem).toBe(problem);
    });
});

describe('K4FEN (four kingdoms)', () => {
    it('reads the start: 64 pieces, four armies, corners removed', () => {
        const p = parsePosition('fourkingdoms', START_FEN.fourkingdoms);
        expect(p.pieces.size).toBe(64);
        expect(p.pieces.get('h1')).toEqual({ army: 'south', kind: 'K' });
        expect(p.pieces.get('g14')).toEqual({ army: 'north', kind: 'K' });
        expect(p.pieces.get('a8')).toEqual({ army: 'west', kind: 'K' });
        expect(p.pieces.get('n7')).toEqual({ army: 'east', kind: 'K' });
        expect(p.pieces.get('m4')).toEqual({ army: 'east', kind: 'P' });
        expect(p.toMove).toBe('east');
        expect(p.control).toBe('eswn');
        expect(p.alliance).toBe('-');
    });
    it('reads the teams start with its alliance', () => {
        expect(parsePosition('fourkingdoms-teams', START_FEN['fourkingdoms-teams']).alliance).toBe('es');
    });
    it('tells who commands which army', () => {
        const p = parsePosition('fourkingdoms', START_FEN.fourkingdoms.replace(' eswn -', ' sswn -'));
        expect(armiesCommandedBy(p, 'south')).toEqual(['east', 'south']);
        expect(armiesCommandedBy(p, 'east')).toEqual([]);
    });
    it.each([
        [START_FEN.fourkingdoms.replace('xxxnRnN', 'xxnRnN'), 'off_board', { rank: 14, square: 'c14' }], // a corner cell missing
        [START_FEN.fourkingdoms.replace('xxxnRnN', '3nRnN'), 'off_board', { rank: 14, square: 'a14' }], // a corner counted as empty
        [
            START_FEN.fourkingdoms.replace('wRwP10ePeR/wNwP', 'xRwP10ePeR/wNwP'),
            'not_removed',
            { rank: 11, square: 'a11' },
        ],
        [START_FEN.fourkingdoms.replace('nRnN', 'nXnN'), 'unknown_character', { rank: 14, character: 'n' }],
        [START_FEN.fourkingdoms.replace(' e eKQ', ' x eKQ'), 'player', { text: 'x' }],
        [START_FEN.fourkingdoms.replace(' eswn -', ' esw -'), 'control', { text: 'esw' }],
        [START_FEN.fourkingdoms.replace(' eswn -', ' eswn ab'), 'alliance', { text: 'ab' }],
        [START_FEN.fourkingdoms.replace(' - 0 1', ' a1 0 1'), 'en_passant', { text: 'a1' }],
        [START_FEN.chess, 'fields', { format: 'K4FEN', n: 6, need: 8 }],
    ])('refuses %j', (fen, problem, values) => {
        expect(problemOf(() => parsePosition('fourkingdoms', fen))).toEqual({ problem, values });
    });
});

describe('move texts', () => {
    it.each([
        ['e2e4', { from: 'e2', to: 'e4' }],
        ['a10a9', { from: 'a10', to: 'a9' }],
        ['k1l2', { from: 'k1', to: 'l2' }],
        ['a8z9', { from: 'a8', to: 'z9' }],
        ['m4k4', { from: 'm4', to: 'k4' }],
        ['e7e8q', { from: 'e7', to: 'e8', promotion: 'q' }],
        ['b13b14n', { from: 'b13', to: 'b14', promotion: 'n' }],
        ['c9c10', { from: 'c9', to: 'c10' }],
    ])('%s', (text, want) => {
        expect(parseMove(text)).toEqual(want);
    });
    it.each(['', 'e2', 'e2e', 'e0e4', 'E2E4', 'e2e4k', 'e2e4qq', 'e2-e4', 'e123e4', ' e2e4'])('refuses %j', (text) => {
        expect(parseMove(text)).toBeUndefined();
    });
});

describe('display replay of moves', () => {
    it('moves, captures and castles', () => {
        let p = parsePosition('chess', 'r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1');
        p = applyMoveForDisplay(p, 'e1g1');
        expect(p.pieces.get('g1')?.kind).toBe('K');
        expect(p.pieces.get('f1')?.kind).toBe('R');
        expect(p.pieces.has('h1')).toBe(false);
        expect(p.toMove).toBe('black');
        p = applyMoveForDisplay(p, 'e8c8');
        expect(p.pieces.get('d8')?.kind).toBe('R');
    });
    it('takes en passant and promotes', () => {
        let p = parsePosition('chess', 'k7/8/8/3pP3/8/8/1P6/K7 w - d6 0 1');
        p = applyMoveForDisplay(p, 'e5d6');
        expect(p.pieces.has('d5')).toBe(false);
        p = parsePosition('chess', 'k7/4P3/8/8/8/8/8/K7 w - - 0 1');
        expect(applyMoveForDisplay(p, 'e7e8n').pieces.get('e8')).toEqual({ army: 'white', kind: 'N' });
    });
    it('promotes Tamerlane pawns to their kind and swaps the king', () => {
        let p = parsePosition('tamerlane', '11/5PR5/11/11/11/11/11/11/4RK5/k10 w -/- K 0/0 0 1');
        p = applyMoveForDisplay(p, 'f9f10');
        expect(p.pieces.get('f10')).toEqual({ army: 'white', kind: 'R' });
        p = parsePosition('tamerlane', '11/11/11/11/11/11/11/11/4RK5/k10 w -/- K 0/0 0 1');
        p = applyMoveForDisplay(p, 'f2e2');
        expect(p.pieces.get('e2')?.kind).toBe('K');
        expect(p.pieces.get('f2')?.kind).toBe('R');
    });
    it('passes the turn clockwise in Four Kingdoms', () => {
        const p = applyMoveForDisplay(parsePosition('fourkingdoms', START_FEN.fourkingdoms), 'm7k7');
        expect(p.toMove).toBe('south');
        expect(p.pieces.get('k7')).toEqual({ army: 'east', kind: 'P' });
    });
    it('ignores a malformed move text', () => {
        const p = parsePosition('chess', START_FEN.chess);
        expect(applyMoveForDisplay(p, 'zz')).toBe(p);
        expect(applyMoveForDisplay(p, 'e4e5')).toBe(p); // no piece there
    });
});

it('repetition key keeps placement, side, castling, en passant', () => {
    expect(repetitionKey('8/8/8/8/8/8/8/K6k w - - 12 40')).toBe('8/8/8/8/8/8/8/K6k w - -');
});
