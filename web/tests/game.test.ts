import { describe, expect, it } from 'vitest';
import type { GameState } from '../src/api';
import { GameModel } from '../src/game';
import { START_FEN } from '../src/notation';
import { evaluationGraph, mistakes } from '../src/analysis';
import { formatClock, resultText } from '../src/screens/game';

function state(over: Partial<GameState> = {}): GameState {
    return {
        variant: 'chess', start_fen: START_FEN.chess, fen: START_FEN.chess, moves: [], san: [],
        seats: [{ seat: 'white', player: 'human' }, { seat: 'black', player: 'human' }],
        to_move: 'white', clock: null, status: 'ongoing', result: null, legal_moves: ['e2e4', 'd2d4'], ...over,
    };
}

const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

describe('the game model', () => {
    it('applies broadcast moves in order, skips duplicates and reports gaps', () => {
        const g = new GameModel(state());
        expect(g.applyMove({ type: 'move', ply: 0, move: 'e2e4', san: 'e4', fen: AFTER_E4 })).toBe('applied');
        expect(g.applyMove({ type: 'move', ply: 0, move: 'e2e4', san: 'e4', fen: AFTER_E4 })).toBe('duplicate');
        expect(g.applyMove({ type: 'move', ply: 5, move: 'a7a6', san: 'a6', fen: AFTER_E4 })).toBe('gap');
        expect(g.ply).toBe(1);
        expect(g.toMove).toBe('black');
        expect(g.positionAt(1).pieces.get('e4')).toEqual({ army: 'white', kind: 'P' });
        expect(g.positionAt(0).pieces.get('e2')).toEqual({ army: 'white', kind: 'P' });
        expect(g.lastMoveAt(1)).toEqual(['e2', 'e4']);
    });
    it('replays positions it never received from the moves of the state', () => {
        const g = new GameModel(state({ moves: ['e2e4', 'f7f5', 'd1h5'], san: ['e4', 'f5', 'Qh5+'], fen: 'rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2', to_move: 'black' }));
        expect(g.positionAt(2).pieces.get('f5')).toEqual({ army: 'black', kind: 'P' });
        expect(g.positionAt(2).pieces.get('d1')).toEqual({ army: 'white', kind: 'Q' });
        expect(g.checkSquaresAt(3)).toEqual(['e8']);
        expect(g.checkSquaresAt(2)).toEqual([]);
    });
    it('lets only the seat to move pick up its pieces', () => {
        const g = new GameModel(state());
        expect(g.movableBy(['white'])({ army: 'white', kind: 'N' })).toBe(true);
        expect(g.movableBy(['white'])({ army: 'black', kind: 'N' })).toBe(false);
        expect(g.movableBy(['black'])({ army: 'black', kind: 'N' })).toBe(false);
        g.applyEnd({ type: 'end', status: 'resignation', result: '0-1' });
        expect(g.movableBy(['white'])({ army: 'white', kind: 'N' })).toBe(false);
        expect(g.legal).toEqual([]);
    });
    it('offers the draw claim after fifty moves or a threefold repetition seen', () => {
        expect(new GameModel(state({ fen: '8/8/8/8/8/8/8/K6k w - - 100 80' })).canClaimDraw()).toBe(true);
        expect(new GameModel(state({ fen: '8/8/8/8/8/8/8/K6k w - - 99 80' })).canClaimDraw()).toBe(false);
        const g = new GameModel(state());
        const seq: [string, string][] = [['g1f3', 'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1'], ['g8f6', 'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2'], ['f3g1', 'rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2'], ['f6g8', START_FEN.chess.replace('0 1', '4 3')]];
        for (let round = 0; round < 2; round++) {
            for (const [m, f] of seq) g.applyMove({ type: 'move', ply: g.ply, move: m, san: m, fen: f, legal_moves: ['e2e4'] });
        }
        expect(g.canClaimDraw()).toBe(true);
        expect(new GameModel(state({ variant: 'tamerlane', start_fen: START_FEN.tamerlane, fen: START_FEN.tamerlane })).canClaimDraw()).toBe(false);
    });
    it("follows the server's claims and claim moves (FIDE 9.2.1) when it sends them", () => {
        const g = new GameModel(state({ fen: '8/8/8/8/8/8/8/K6k w - - 100 80', claims: [], claim_moves: [{ move: 'a1a2', claims: ['threefold_repetition'] }] }));
        expect(g.canClaimDraw()).toBe(false); // the server said no, whatever the client counts
        expect(g.claimsWith('a1a2')).toEqual(['threefold_repetition']);
        expect(g.claimsWith('a1b1')).toEqual([]);
        g.applyMove({ type: 'move', ply: 0, move: 'a1a2', san: 'Ka2', fen: '8/8/8/8/8/8/K7/7k b - - 101 80', legal_moves: ['h1h2'], claims: ['fifty_move_rule'], claim_moves: [] });
        expect(g.canClaimDraw()).toBe(true);
        expect(g.claimsWith('a1a2')).toEqual([]);
        g.applyEnd({ type: 'end', status: 'fifty_move_rule', result: '1/2-1/2' });
        expect(g.canClaimDraw()).toBe(false);
    });
    it('keeps the mover’s own draw offer over a move in two-player games, none in Four Kingdoms', () => {
        const g = new GameModel(state({ offers: { draw: ['white'], alliance: null } }));
        g.applyMove({ type: 'move', ply: 0, move: 'e2e4', san: 'e4', fen: AFTER_E4, legal_moves: ['e7e5'] });
        expect(g.offers.draw).toEqual(['white']);
        g.applyMove({ type: 'move', ply: 1, move: 'e7e5', san: 'e5', fen: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', legal_moves: ['g1f3'] });
        expect(g.offers.draw).toEqual([]);
        const fk = new GameModel(state({ variant: 'fourkingdoms', start_fen: START_FEN.fourkingdoms, fen: START_FEN.fourkingdoms, to_move: 'east', offers: { draw: ['east'], alliance: null }, in_game: ['east', 'south', 'west', 'north'] }));
        expect(fk.seatsInGame()).toEqual(['east', 'south', 'west', 'north']);
        fk.applyMove({ type: 'move', ply: 0, move: 'm7k7', san: 'k7', fen: START_FEN.fourkingdoms, legal_moves: [] });
        expect(fk.offers.draw).toEqual([]);
        fk.applyMove({ type: 'move', ply: 1, move: 'g2g4', san: 'g4', fen: START_FEN.fourkingdoms, legal_moves: [], offers: { draw: ['south'], alliance: null } });
        expect(fk.offers.draw).toEqual(['south']); // the server's word wins
    });
    it('says who won: two players, Four Kingdoms teams and free-for-all', () => {
        const two = ['white', 'black'] as const;
        const four = ['east', 'south', 'west', 'north'] as const;
        expect(resultText('1-0', 'checkmate', null, two)).toBe('White wins!');
        expect(resultText('1/2-1/2', 'stalemate', null, two)).toBe('Draw');
        expect(resultText('es:1 wn:0', 'last_team', { east: 1, south: 1, west: 0, north: 0 }, four)).toBe('East and South win!');
        expect(resultText('es:1/2 wn:1/2', 'agreement', null, four)).toBe('Draw');
        expect(resultText('e:0 s:1 w:1 n:2', 'last_player', { east: 0, south: 1, west: 1, north: 2 }, four)).toBe('North wins!');
        expect(resultText('e:1 s:1 w:1 n:1', 'sixty_round_rule', { east: 1, south: 1, west: 1, north: 1 }, four)).toBe('Draw');
    });
    it('finds the Four Kingdoms alliance partner: three left, one absorber', () => {
        const fen = 'xxx3nK4xxx/xxx8xxx/xxx8xxx/14/14/14/wK12eQ/14/14/14/14/xxx8xxx/xxx8xxx/xxx4sK3xxx w - - 0 30 sswn -';
        const g = new GameModel(state({ variant: 'fourkingdoms', start_fen: fen, fen, to_move: 'west', legal_moves: [] }));
        expect(g.allianceTarget('west')).toBe('north');
        expect(g.allianceTarget('north')).toBe('west');
        expect(g.allianceTarget('south')).toBeUndefined(); // the absorber
        const start = new GameModel(state({ variant: 'fourkingdoms', start_fen: START_FEN.fourkingdoms, fen: START_FEN.fourkingdoms, to_move: 'east' }));
        expect(start.allianceTarget('west')).toBeUndefined();
        expect(start.armiesOf('east')).toEqual(['east']);
        const teams = new GameModel(state({ variant: 'fourkingdoms-teams', start_fen: fen, fen: fen.replace(' -', ' es'), to_move: 'west' }));
        expect(teams.allianceTarget('west')).toBeUndefined();
    });
});

describe('clocks and analysis', () => {
    it('formats clocks, tenths under ten seconds', () => {
        expect(formatClock(300000)).toBe('5:00');
        expect(formatClock(3723000)).toBe('1:02:03');
        expect(formatClock(9540)).toBe('0:09.5');
        expect(formatClock(-5)).toBe('0:00.0');
    });
    it('finds mistakes from the mover’s side and draws the graph', () => {
        const data = { positions: [{ ply: 0, score: 0.2, best: ['e4'] }, { ply: 1, score: 0.3, best: ['Nf6'] }, { ply: 2, score: 3.1, best: ['Qh5'] }, { ply: 3, mateIn: -2 }] };
        const m = mistakes(data);
        expect(m.map((x) => x.ply)).toEqual([2, 3]); // Black's 1...?? then White's 2.??
        expect(m[0]!.best).toEqual(['Nf6']);
        const svg = evaluationGraph(data);
        expect(svg).toContain('<svg');
        expect((svg.match(/eval-dot/g) ?? []).length).toBe(4);
        expect(evaluationGraph({ positions: [] })).toBe('');
    });
});

describe('hostile or broken server data', () => {
    it('draws something sensible from a bad FEN and ignores bad move texts', () => {
        const g = new GameModel(state({ fen: 'not a fen', moves: ['e2e4', '<b>x</b>'], san: ['e4', 'x'], legal_moves: ['zz', 'e7e5'] }));
        expect(g.positionAt(0).pieces.size).toBe(32);
        expect(g.positionAt(1).pieces.get('e4')).toEqual({ army: 'white', kind: 'P' }); // replayed
        expect(g.positionAt(2).pieces.get('e4')).toEqual({ army: 'white', kind: 'P' }); // the junk move changes nothing
        expect(g.lastMoveAt(2)).toBeUndefined();
        expect(g.positionAt(99)).toBe(g.positionAt(2));
    });
    it('keeps no legal moves once the game is over, whatever the state says', () => {
        expect(new GameModel(state({ status: 'checkmate', legal_moves: ['e2e4'] })).legal).toEqual([]);
    });
});
