import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api';
import { GameModel } from '../src/game';
import { START_FEN } from '../src/notation';
import { Clocks, formatClock } from '../src/screens/game/clocks';
import { type GameParams, type Link, type Server, type Update, GameController } from '../src/screens/game/controller';
import { resultText } from '../src/screens/game/status';
import { type ActionMessage, type EndMessage, type MoveMessage, type StateMessage } from '../src/turn';
import chessMate from './fixtures/chess_mate.json';
import chessTakeBack from './fixtures/chess_take_back.json';
import fourKingdomsAlliance from './fixtures/fourkingdoms_alliance.json';
import { fixture, fixtures } from './message_fixtures';

// Complete messages: the fixtures' (the server's own), with the fields a test is about changed.
const state = (over: Partial<StateMessage> = {}): StateMessage => ({ ...fixture<StateMessage>(chessMate[0]), ...over });
const end = (over: Partial<EndMessage> = {}): EndMessage => ({ ...fixture<EndMessage>(chessMate.at(-1)), ...over });
// The move of `ply` moves before it, its Turn after it (`plies` follows from `ply`).
const move = (ply: number, uci: string, san: string, fen: string, over: Partial<MoveMessage> = {}): MoveMessage => ({
    ...fixture<MoveMessage>(chessMate[1]),
    ply,
    plies: ply + 1,
    move: uci,
    san,
    fen,
    to_move: ply % 2 ? 'white' : 'black',
    seat: ply % 2 ? 'black' : 'white',
    ...over,
});
const action = (over: Partial<ActionMessage> = {}): ActionMessage => ({
    ...fixture<ActionMessage>(chessMate[2]),
    ...over,
});

const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

describe('the game model', () => {
    it('applies broadcast moves in order, skips duplicates and reports gaps', () => {
        const g = new GameModel(state());
        expect(g.applyMove(move(0, 'e2e4', 'e4', AFTER_E4))).toBe('applied');
        expect(g.applyMove(move(0, 'e2e4', 'e4', AFTER_E4))).toBe('duplicate');
        expect(g.applyMove(move(5, 'a7a6', 'a6', AFTER_E4))).toBe('gap');
        expect(g.ply).toBe(1);
        expect(g.toMove).toBe('black');
        expect(g.positionAt(1).pieces.get('e4')).toEqual({ army: 'white', kind: 'P' });
        expect(g.positionAt(0).pieces.get('e2')).toEqual({ army: 'white', kind: 'P' });
        expect(g.lastMovesAt(1)).toEqual([{ from: 'e2', to: 'e4', army: 'white' }]);
    });
    it('applies an action about the position it has, and reports one about another', () => {
        const g = new GameModel(state());
        expect(g.applyAction(action({ plies: 3 }))).toBe('gap');
        expect(g.offers.draw).toEqual([]);
        expect(g.applyAction(action({ plies: 0, offers: { draw: ['black'], alliance: null } }))).toBe('applied');
        expect(g.offers.draw).toEqual(['black']);
    });
    it('replays positions it never received from the moves of the state', () => {
        const g = new GameModel(
            state({
                moves: ['e2e4', 'f7f5', 'd1h5'],
                san: ['e4', 'f5', 'Qh5+'],
                plies: 3,
                fen: 'rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2',
                to_move: 'black',
                in_check: true,
            }),
        );
        expect(g.positionAt(2).pieces.get('f5')).toEqual({ army: 'black', kind: 'P' });
        expect(g.positionAt(2).pieces.get('d1')).toEqual({ army: 'white', kind: 'Q' });
        expect(g.checkSquaresAt(3)).toEqual(['e8']);
        expect(g.checkSquaresAt(2)).toEqual([]);
        expect(g.inCheck).toBe(true);
    });
    it('lets only the seat to move pick up its pieces', () => {
        const g = new GameModel(state());
        expect(g.movableBy(['white'])({ army: 'white', kind: 'N' })).toBe(true);
        expect(g.movableBy(['white'])({ army: 'black', kind: 'N' })).toBe(false);
        expect(g.movableBy(['black'])({ army: 'black', kind: 'N' })).toBe(false);
        g.applyEnd(end({ status: 'resignation', result: '0-1' }));
        expect(g.movableBy(['white'])({ army: 'white', kind: 'N' })).toBe(false);
        expect(g.legal).toEqual([]);
    });
    it("follows the server's claims and claim moves (FIDE 9.2.1)", () => {
        const g = new GameModel(
            state({
                fen: '8/8/8/8/8/8/8/K6k w - - 100 80',
                legal_moves: ['a1a2', 'a1b1'],
                claims: [],
                claim_moves: [{ move: 'a1a2', claims: ['threefold_repetition'] }],
            }),
        );
        expect(g.canClaimDraw()).toBe(false); // the server said no, whatever a client might count
        expect(g.claimsWith('a1a2')).toEqual(['threefold_repetition']);
        expect(g.claimsWith('a1b1')).toEqual([]);
        g.applyMove(
            move(0, 'a1a2', 'Ka2', '8/8/8/8/8/8/K7/7k b - - 101 80', {
                legal_moves: ['h1h2'],
                claims: ['fifty_move_rule'],
                claim_moves: [],
            }),
        );
        expect(g.canClaimDraw()).toBe(true);
        expect(g.claimsWith('a1a2')).toEqual([]);
        g.applyEnd(end({ status: 'fifty_move_rule', result: '1/2-1/2' }));
        expect(g.canClaimDraw()).toBe(false);
    });
    it('takes the offers the server says stand, guessing none', () => {
        const g = new GameModel(state({ offers: { draw: ['white'], alliance: null } }));
        g.applyMove(move(0, 'e2e4', 'e4', AFTER_E4, { offers: { draw: ['white'], alliance: null } }));
        expect(g.offers.draw).toEqual(['white']);
        g.applyMove(move(1, 'e7e5', 'e5', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'));
        expect(g.offers.draw).toEqual([]);
    });
    it('reads Four Kingdoms commands, the seats in the game and alliances from the Turn', () => {
        const fk = new GameModel(fixture<StateMessage>(fourKingdomsAlliance[0]));
        expect(fk.armiesOf('east')).toEqual(['east', 'north']);
        expect(fk.armiesOf('north')).toEqual([]);
        expect(fk.seatsInGame()).toEqual(['east', 'south', 'west']);
        expect(fk.commanderOf('north')).toBe('east');
        expect(fk.allianceTarget('west')).toBe('south');
        expect(fk.allianceTarget('east')).toBeUndefined(); // the absorber
        expect(fk.movableBy(['south'])({ army: 'south', kind: 'K' })).toBe(true);
        const start = new GameModel(
            state({
                variant: 'fourkingdoms',
                start_fen: START_FEN.fourkingdoms,
                fen: START_FEN.fourkingdoms,
                to_move: 'east',
                commanders: { east: 'east', south: 'south', west: 'west', north: 'north' },
            }),
        );
        expect(start.armiesOf('east')).toEqual(['east']);
        expect(start.allianceTarget('west')).toBeUndefined();
    });
    it('shows the last move of each other player: one of two, three of four', () => {
        const chess = new GameModel(state());
        chess.applyMove(move(0, 'e2e4', 'e4', AFTER_E4));
        chess.applyMove(move(1, 'e7e5', 'e5', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'));
        expect(chess.lastMovesAt(2)).toEqual([{ from: 'e7', to: 'e5', army: 'black' }]);
        expect(chess.lastMovesAt(0)).toEqual([]);
        // Four Kingdoms after East, South, West and North's first moves (the server's FEN of now)
        const fk = new GameModel(
            state({
                variant: 'fourkingdoms',
                start_fen: START_FEN.fourkingdoms,
                moves: ['m7k7', 'h2h4', 'b8d8', 'g13g11'],
                san: ['m7-k7', 'h2-h4', 'b8-d8', 'g13-g11'],
                plies: 4,
                fen: 'xxxnRnNnBnKnQnBnNnRxxx/xxxnPnPnP1nPnPnPnPxxx/xxx8xxx/wRwP4nP5ePeR/wNwP10ePeN/wBwP10ePeB/wK2wP8ePeQ/wQwP8eP2eK/wBwP10ePeB/wNwP10ePeN/wRwP5sP4ePeR/xxx8xxx/xxxsPsPsPsP1sPsPsPxxx/xxxsRsNsBsQsKsBsNsRxxx e eKQsKQwKQnKQ - 0 2 eswn -',
                to_move: 'east',
                commanders: { east: 'east', south: 'south', west: 'west', north: 'north' },
            }),
        );
        // East to move sees North's, West's and South's moves, the latest first
        expect(fk.lastMovesAt(4)).toEqual([
            { from: 'g13', to: 'g11', army: 'north' },
            { from: 'b8', to: 'd8', army: 'west' },
            { from: 'h2', to: 'h4', army: 'south' },
        ]);
        expect(fk.lastMovesAt(3).map((m) => m.army)).toEqual(['west', 'south', 'east']);
        expect(fk.lastMovesAt(1)).toEqual([{ from: 'm7', to: 'k7', army: 'east' }]);
        // Three players left, East commanding North's army: East's own move with a North pawn
        // ends the round, so East sees West's and South's moves only.
        const three = new GameModel(
            state({
                ...fixture<StateMessage>(fourKingdomsAlliance[0]),
                moves: ['h1h2', 'a8a9', 'd13d12', 'h2h3', 'a9a10'],
                san: ['Kh2', 'Ka9', 'd13-d12', 'Kh3', 'Ka10'],
                plies: 5,
                fen: 'xxx8xxx/xxx8xxx/xxxnP7xxx/14/wK13/14/14/13eK/14/14/14/xxx4sK3xxx/xxx8xxx/xxx8xxx e - - 2 3 eswe -',
                to_move: 'east',
            }),
        );
        expect(three.lastMovesAt(5)).toEqual([
            { from: 'a9', to: 'a10', army: 'west' },
            { from: 'h2', to: 'h3', army: 'south' },
        ]);
        // South to move: West's, East's (a North pawn, in North's colour) and again West's ends it
        expect(three.lastMovesAt(3)).toEqual([
            { from: 'd13', to: 'd12', army: 'north' },
            { from: 'a8', to: 'a9', army: 'west' },
        ]);
    });
    it('says who won: two players, Four Kingdoms teams and free-for-all', () => {
        const two = ['white', 'black'] as const;
        const four = ['east', 'south', 'west', 'north'] as const;
        expect(resultText('1-0', 'checkmate', null, two)).toBe('White wins!');
        expect(resultText('1/2-1/2', 'stalemate', null, two)).toBe('Draw');
        expect(resultText('es:1 wn:0', 'last_team', { east: 1, south: 1, west: 0, north: 0 }, four)).toBe(
            'East and South win!',
        );
        expect(resultText('es:1/2 wn:1/2', 'agreement', null, four)).toBe('Draw');
        expect(resultText('e:0 s:1 w:1 n:2', 'last_player', { east: 0, south: 1, west: 1, north: 2 }, four)).toBe(
            'North wins!',
        );
        expect(resultText('e:1 s:1 w:1 n:1', 'sixty_round_rule', { east: 1, south: 1, west: 1, north: 1 }, four)).toBe(
            'Draw',
        );
    });
});

// A controller with a stand-in server: what it sent, and how often it asked for the state.
function controller(params: GameParams = { token: 'w', seat: 'white' }) {
    const sent: string[] = [];
    const updates: Update['kind'][] = [];
    let fetches = 0;
    const link: Link = {
        start: () => {},
        stop: () => {},
        sendMove: (token, m, ply) => {
            sent.push(`${token} move ${m} ${ply}`);
            return Promise.resolve();
        },
        sendAction: (token, req) => {
            sent.push(`${token} ${req.action}${req.with ? ` ${req.with}` : ''}`);
            return Promise.resolve();
        },
    };
    const server: Server = {
        link: () => link,
        state: () => {
            fetches++;
            return Promise.resolve(state());
        },
        takeBack: (_id, token, ply) => {
            sent.push(`${token} take_back ${ply}`);
            return Promise.reject(
                new ApiError(409, { type: 'error', code: 'take_back_refused', message: 'take-backs are off' }),
            );
        },
        rematch: (_id, token) => {
            sent.push(`${token} rematch`);
            const seat = token === 'w' ? 'black' : 'white';
            return Promise.resolve({ id: 'g2', url: '/g/g2', seat, token: `${seat}2`, seat_url: '' });
        },
    };
    const game = new GameController(
        'g1',
        params,
        { update: (u) => void updates.push(u.kind), linkStatus: () => {}, missing: () => {} },
        server,
    );
    return { game, sent, updates, fetches: () => fetches };
}

describe('the game controller', () => {
    it('applies every message of a game directly, asking for nothing', async () => {
        const { game, updates, fetches } = controller();
        for (const m of fixtures(chessMate)) game.receive(m);
        await Promise.resolve();
        expect(fetches()).toBe(0);
        expect(updates).toEqual([
            'state',
            'move',
            'action',
            'action',
            'refused',
            'refused',
            'move',
            'move',
            'move',
            'end',
        ]);
        expect(game.model?.status).toBe('checkmate');
    });
    it('asks for the state once for a gap, however many come while it is on its way', async () => {
        const { game, fetches } = controller();
        game.receive(state());
        game.receive(move(3, 'g2g4', 'g4', START_FEN.chess));
        game.receive(action({ plies: 4 }));
        await game.refresh();
        expect(fetches()).toBe(1);
        game.receive({ type: 'error', code: 'stale_ply', message: 'stale', ply: 4 });
        await game.refresh();
        expect(fetches()).toBe(2);
    });
    it('sends moves and actions with the token of the seat', async () => {
        const { game, sent } = controller();
        game.receive(state());
        expect(game.mySeats()).toEqual(['white']);
        await game.sendMove('e2e4');
        await game.sendAction('white', { action: 'offer_draw' });
        await game.sendAction('black', { action: 'resign' }); // not held: nothing is sent
        expect(sent).toEqual(['w move e2e4 0', 'w offer_draw']);
    });
    it('offers the proposed-to seat the accept, and sends it', async () => {
        const { game, sent } = controller({ token: 'west-token', seat: 'west' });
        for (const m of fixtures(fourKingdomsAlliance.slice(0, 2))) game.receive(m);
        expect(game.model?.offers.alliance).toEqual({ from: 'south', to: 'west' });
        await game.sendAction('west', { action: 'accept_alliance', with: 'south' });
        expect(sent).toEqual(['west-token accept_alliance south']);
    });
    it('takes back: the game after it replaces the moves, and says who took back how many', () => {
        const { game, updates, fetches } = controller();
        const messages = fixtures(chessTakeBack);
        for (const m of messages.slice(0, 4)) game.receive(m);
        expect(updates).toEqual(['state', 'move', 'move', 'take_back']);
        expect(game.model?.moves).toEqual([]);
        expect(game.model?.toMove).toBe('white');
        for (const m of messages.slice(4)) game.receive(m);
        expect(game.model?.moves).toEqual(['f2f3', 'e7e5', 'g2g4', 'd8h4']);
        expect(game.model?.rematch).toBe('fixture2');
        expect(updates).toContain('rematch');
        expect(fetches()).toBe(0);
    });
    it('may take back only where the seat was made with take-backs and has a move', () => {
        const [first, e4, e5] = fixtures(chessTakeBack) as [StateMessage, MoveMessage, MoveMessage];
        const model = new GameModel(first);
        expect(model.mayTakeBack('white')).toBe(false); // nothing played yet
        model.applyMove(e4);
        expect(model.mayTakeBack('white')).toBe(true);
        expect(model.mayTakeBack('black')).toBe(false); // the computer's seat
        model.applyMove(e5);
        expect(model.mayTakeBack('white')).toBe(true);
        model.applyState({ ...first, seats: first.seats.map((s) => ({ ...s, take_back: false })) });
        expect(model.mayTakeBack('white')).toBe(false);
    });
    it('sends a take-back with the seat’s token and the ply, and shows a refusal', async () => {
        const { game, sent, updates } = controller();
        game.receive(state());
        await game.takeBack('white');
        expect(sent).toEqual(['w take_back 0']);
        expect(updates.at(-1)).toBe('refused');
    });
    it('joins the rematch with every seat held here, each its own seat', async () => {
        const { game, sent } = controller();
        game.receive(state());
        expect(await game.rematch()).toEqual({ id: 'g2', tokens: { black: 'black2' } });
        expect(sent).toEqual(['w rematch']);
    });
    it('joins the rematch with the address’s token when its seat is not known yet', async () => {
        const { game, sent } = controller({ token: 'w' });
        expect(await game.rematch()).toEqual({ id: 'g2', tokens: { black: 'black2' } });
        expect(sent).toEqual(['w rematch']);
    });
    it('updates a seat’s connection without asking for the state', () => {
        const { game, fetches } = controller();
        game.receive(state());
        game.receive({ type: 'seat', seat: 'black', connected: false });
        expect(game.model?.seats.find((s) => s.seat === 'black')?.connected).toBe(false);
        expect(fetches()).toBe(0);
    });
});

describe('clocks and analysis', () => {
    it('formats clocks, tenths under ten seconds', () => {
        expect(formatClock(300000)).toBe('5:00');
        expect(formatClock(3723000)).toBe('1:02:03');
        expect(formatClock(9540)).toBe('0:09.5');
        expect(formatClock(-5)).toBe('0:00.0');
    });
    it('counts down the running clock from the last one the server sent, and stops at the end', () => {
        const c = new Clocks();
        expect(c.msOf('white', false, 0)).toBeUndefined();
        c.set({ white: 60000, black: 50000, running: 'black', initial_ms: 60000, increment_ms: 0 }, 1000);
        expect(c.msOf('black', false, 3500)).toBe(47500);
        expect(c.msOf('white', false, 3500)).toBe(60000);
        expect(c.msOf('black', true, 3500)).toBe(50000);
        c.set(null);
        expect(c.msOf('black', false, 3500)).toBeUndefined();
    });
});

describe('hostile or broken server data', () => {
    it('draws something sensible from a bad FEN and ignores bad move texts', () => {
        const g = new GameModel(
            state({
                fen: 'not a fen',
                moves: ['e2e4', '<b>x</b>'],
                san: ['e4', 'x'],
                plies: 2,
                legal_moves: ['zz', 'e7e5'],
            }),
        );
        expect(g.positionAt(0).pieces.size).toBe(32);
        expect(g.positionAt(1).pieces.get('e4')).toEqual({ army: 'white', kind: 'P' }); // replayed
        expect(g.positionAt(2).pieces.get('e4')).toEqual({ army: 'white', kind: 'P' }); // the junk move changes nothing
        expect(g.lastMovesAt(2)).toEqual([]);
        expect(g.positionAt(99)).toBe(g.positionAt(2));
    });
    it('keeps no legal moves once the game is over, whatever the state says', () => {
        expect(new GameModel(state({ status: 'checkmate', legal_moves: ['e2e4'] })).legal).toEqual([]);
    });
});
