// The games this browser keeps (store.ts), their order on the home page (game_list.ts), the
// new-game form's settings (new_game.ts) and the tab's word for "your move" (alert.ts).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api';
import { type Listed, orderGames, removable, standing } from '../src/game_list';
import { setLanguage } from '../src/i18n';
import { CLOCK_PRESETS, againstComputer, defaultSettings, keepSettings, loadSettings } from '../src/new_game';
import { chimes, tabTitle } from '../src/screens/game/alert';
import { type Link, type Server, GameController } from '../src/screens/game/controller';
import {
    type GameStorage,
    type KeptGame,
    MAX_GAMES,
    forgetGame,
    invitedSeats,
    joinGame,
    keepGame,
    keptGame,
    keptSeats,
    loadGames,
    seatOfToken,
} from '../src/store';
import { type StateMessage, readMessage } from '../src/turn';
import chessMate from './fixtures/chess_mate.json';

// localStorage as a map.
function storage(entries: Record<string, string> = {}): GameStorage & { data: Map<string, string> } {
    const data = new Map(Object.entries(entries));
    return {
        data,
        getItem: (k) => data.get(k) ?? null,
        setItem: (k, v) => void data.set(k, v),
        removeItem: (k) => void data.delete(k),
        get length() {
            return data.size;
        },
        key: (i) => [...data.keys()][i] ?? null,
    };
}

const TOKEN_W = 'a'.repeat(32);
const TOKEN_B = 'b'.repeat(32);

const game = (id: string, created: number, over: Partial<KeptGame> = {}): KeptGame => ({
    id,
    variant: 'chess',
    created,
    tokens: { white: TOKEN_W, black: TOKEN_B },
    mine: ['white'],
    ...over,
});

describe('the games kept', () => {
    it('keeps a game and reads it back as it was', () => {
        const s = storage();
        const g = game('g1', 1000, { turn_board: false });
        keepGame(g, s);
        expect(loadGames(s)).toEqual([g]);
        expect(keptGame('g1', s)).toEqual(g);
        expect(JSON.parse(s.data.get('citadel.games')!)).toEqual({ v: 1, games: [g] });
        expect(invitedSeats(g)).toEqual(['black']);
        expect(keptSeats(g)).toEqual([
            { seat: 'white', token: TOKEN_W },
            { seat: 'black', token: TOKEN_B },
        ]);
        expect(seatOfToken(g, TOKEN_B)).toBe('black');
        expect(seatOfToken(g, 'other')).toBeUndefined();
    });
    it('lists the newest first, one entry per game, a game kept again in place of the old', () => {
        const s = storage();
        keepGame(game('old', 1000), s);
        keepGame(game('new', 3000), s);
        keepGame(game('mid', 2000), s);
        expect(loadGames(s).map((g) => g.id)).toEqual(['new', 'mid', 'old']);
        keepGame(game('old', 1000, { mine: ['white', 'black'] }), s);
        expect(loadGames(s).map((g) => g.id)).toEqual(['new', 'mid', 'old']);
        expect(keptGame('old', s)?.mine).toEqual(['white', 'black']);
    });
    it(`keeps the newest ${MAX_GAMES} games at most`, () => {
        const s = storage();
        for (let i = 0; i < MAX_GAMES + 5; i++) keepGame(game(`g${i}`, i), s);
        const ids = loadGames(s).map((g) => g.id);
        expect(ids).toHaveLength(MAX_GAMES);
        expect(ids[0]).toBe(`g${MAX_GAMES + 4}`);
        expect(ids).not.toContain('g4');
        expect(ids).toContain('g5');
    });
    it('forgets a game', () => {
        const s = storage();
        keepGame(game('a', 1), s);
        keepGame(game('b', 2), s);
        forgetGame('a', s);
        forgetGame('nothing', s);
        expect(loadGames(s).map((g) => g.id)).toEqual(['b']);
    });
    it('ignores what it cannot read, and never throws', () => {
        for (const bad of ['{', 'null', '42', '"x"', '[]', '{"v":2,"games":[]}', '{"v":1,"games":{}}'])
            expect(loadGames(storage({ 'citadel.games': bad })), bad).toEqual([]);
        const good = game('good', 5);
        const entries: unknown[] = [
            good,
            null,
            'g',
            { ...good, id: 'bad id' },
            { ...good, id: 'x'.repeat(129) },
            { ...good, variant: 'checkers' },
            { ...good, created: -1 },
            { ...good, created: '5' },
            { ...good, tokens: { white: 42 } },
            { ...good, tokens: { red: TOKEN_W } },
            { ...good, tokens: [] },
            { ...good, mine: ['black', 'east'] }, // no token for East
            { ...good, mine: 'white' },
            { ...good, turn_board: 'yes' },
            { ...good, id: 'good' }, // the same game again: the first counts
        ];
        const s = storage({ 'citadel.games': JSON.stringify({ v: 1, games: entries }) });
        expect(loadGames(s)).toEqual([good]);
        expect(loadGames(undefined)).toEqual([]);
    });
    it('lasts the page only where the storage refuses to keep', () => {
        const s = storage();
        s.setItem = () => {
            throw new Error('QuotaExceededError');
        };
        expect(() => keepGame(game('a', 1), s)).not.toThrow();
        expect(loadGames(s)).toEqual([]);
    });
    it('takes in the games the version before kept, once', () => {
        const s = storage({
            'citadel.game.old1': JSON.stringify({ tokens: { white: TOKEN_W, black: TOKEN_B }, turnBoard: false }),
            'citadel.game.old2': '{broken',
            'citadel.game.bad id': JSON.stringify({ tokens: { white: TOKEN_W } }),
            'citadel.language': 'vi',
        });
        keepGame(game('new', 10), s);
        const games = loadGames(s);
        expect(games.map((g) => g.id)).toEqual(['new', 'old1']);
        expect(games[1]).toEqual({
            id: 'old1',
            variant: null,
            created: 0,
            tokens: { white: TOKEN_W, black: TOKEN_B },
            mine: ['white', 'black'],
            turn_board: false,
        });
        expect(s.data.has('citadel.game.old1')).toBe(false);
        expect(s.data.get('citadel.language')).toBe('vi');
        expect(loadGames(s)).toEqual(games);
    });
    it('keeps the seat of a link opened here, and not a game only watched', () => {
        const s = storage();
        expect(joinGame('w', 'chess', undefined, undefined, s)).toBeUndefined();
        expect(loadGames(s)).toEqual([]);
        const joined = joinGame('j', 'tamerlane', 'black', TOKEN_B, s, 777);
        expect(joined).toEqual({
            id: 'j',
            variant: 'tamerlane',
            created: 777,
            tokens: { black: TOKEN_B },
            mine: ['black'],
        });
        // the creator (no seat taken) plays White from its invitation: Black stays handed out
        keepGame(game('c', 5, { mine: [] }), s);
        const created = joinGame('c', 'chess', 'white', TOKEN_W, s, 999)!;
        expect(created.created).toBe(5);
        expect(created.mine).toEqual(['white']);
        expect(invitedSeats(created)).toEqual(['black']);
        // a game kept without its variant learns it
        keepGame(game('v', 6, { variant: null }), s);
        expect(joinGame('v', 'silverman', undefined, undefined, s)?.variant).toBe('silverman');
        expect(keptGame('v', s)?.variant).toBe('silverman');
    });
});

const baseState = readMessage(chessMate[0], true) as StateMessage;
const at = (over: Partial<StateMessage>): StateMessage => ({ ...structuredClone(baseState), ...over });

describe('the list of games on the home page', () => {
    const mine = (id: string, created: number, state: Listed['state'], seats: KeptGame['mine'] = ['white']) => ({
        game: game(id, created, { mine: seats }),
        state,
    });
    it('says where each game stands for this browser', () => {
        expect(standing(mine('a', 1, at({ to_move: 'white' })))).toBe('your_move');
        expect(standing(mine('a', 1, at({ to_move: 'black' })))).toBe('ongoing');
        expect(standing(mine('a', 1, at({ to_move: 'black' }), ['white', 'black']))).toBe('your_move');
        expect(standing(mine('a', 1, at({ to_move: 'white' }), []))).toBe('ongoing');
        expect(standing(mine('a', 1, at({ status: 'checkmate', result: '1-0' })))).toBe('over');
        expect(standing(mine('a', 1, 'gone'))).toBe('gone');
        expect(standing(mine('a', 1, 'unreachable'))).toBe('unreachable');
    });
    it('puts your move first, then the games going on, the unanswered, the finished, the lost', () => {
        const list = [
            mine('over-old', 1, at({ status: 'resignation', result: '0-1' })),
            mine('gone', 9, 'gone'),
            mine('theirs-new', 8, at({ to_move: 'black' })),
            mine('yours-old', 2, at({ to_move: 'white' })),
            mine('over-new', 7, at({ status: 'checkmate', result: '1-0' })),
            mine('unreachable', 10, 'unreachable'),
            mine('yours-new', 6, at({ to_move: 'white' })),
            mine('theirs-old', 3, at({ to_move: 'black' })),
        ];
        expect(orderGames(list).map((l) => l.game.id)).toEqual([
            'yours-new',
            'yours-old',
            'theirs-new',
            'theirs-old',
            'unreachable',
            'over-new',
            'over-old',
            'gone',
        ]);
        expect(list[0]!.game.id).toBe('over-old'); // the list given is left as it was
    });
    it('lets only finished or lost games be removed', () => {
        expect(removable(mine('a', 1, at({ status: 'checkmate' })))).toBe(true);
        expect(removable(mine('a', 1, 'gone'))).toBe(true);
        expect(removable(mine('a', 1, at({})))).toBe(false);
        expect(removable(mine('a', 1, 'unreachable'))).toBe(false);
    });
});

describe('the new-game form’s settings', () => {
    it('starts as the last game was created, without its start position', () => {
        const s = storage();
        expect(loadSettings(s)).toEqual(defaultSettings());
        const sent = {
            variant: 'pawnrace' as const,
            clock: 2,
            seats: { white: { player: 'human' as const, level: 5 }, black: { player: 'engine' as const, level: 12 } },
            mode: 'invite' as const,
            turnBoard: false,
            takeBack: false,
            fen: '8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1',
        };
        keepSettings(sent, s);
        expect(loadSettings(s)).toEqual({ ...sent, fen: '' });
        expect((JSON.parse(s.data.get('citadel.new_game')!) as { clock: unknown }).clock).toEqual(CLOCK_PRESETS[2]);
    });
    it('offers take-backs only to one person against the computer', () => {
        const one = { ...defaultSettings(), seats: { black: { player: 'engine' as const, level: 3 } } };
        expect(againstComputer(one)).toBe(true);
        expect(againstComputer(defaultSettings())).toBe(false); // two people
        const computers = { ...one, seats: { ...one.seats, white: { player: 'engine' as const, level: 3 } } };
        expect(againstComputer(computers)).toBe(false);
        const fk = {
            ...one,
            variant: 'fourkingdoms' as const,
            seats: { north: { player: 'engine' as const, level: 3 } },
        };
        expect(againstComputer(fk)).toBe(false); // three people and one computer
    });
    it('reads what it can of a broken or foreign setting, the rest as usual', () => {
        for (const bad of ['{', 'null', '[1]', '"chess"'])
            expect(loadSettings(storage({ 'citadel.new_game': bad })), bad).toEqual(defaultSettings());
        const odd = {
            variant: 'go',
            clock: { initial_s: 7, increment_s: 1 },
            seats: { white: { player: 'robot' }, black: { player: 'engine', level: 99 }, red: { player: 'human' } },
            mode: 'post',
            turn_board: 'no',
            take_back: 'yes',
        };
        expect(loadSettings(storage({ 'citadel.new_game': JSON.stringify(odd) }))).toEqual({
            ...defaultSettings(),
            seats: { black: { player: 'engine', level: 20 } },
        });
    });
});

describe('your move, in the background', () => {
    it('marks the tab’s title when it is this browser’s move', () => {
        setLanguage('en');
        expect(tabTitle(true)).toBe('● Your move · Citadel');
        expect(tabTitle(false)).toBe('Citadel');
    });
    it('chimes only when the move becomes yours while the tab is hidden and the chime is on', () => {
        expect(chimes(false, true, true, true)).toBe(true);
        expect(chimes(undefined, true, true, true)).toBe(false); // the page just opened
        expect(chimes(true, true, true, true)).toBe(false);
        expect(chimes(false, true, false, true)).toBe(false);
        expect(chimes(false, true, true, false)).toBe(false);
        expect(chimes(true, false, true, true)).toBe(false);
    });
});

describe('a game the server does not have', () => {
    it('is told to the page once, and the link stops asking', async () => {
        let stopped = 0;
        let missing = 0;
        const link: Link = {
            start: () => {},
            stop: () => void stopped++,
            sendMove: () => Promise.resolve(),
            sendAction: () => Promise.resolve(),
        };
        const server: Server = {
            link: () => link,
            state: () => Promise.reject(new ApiError(404, { type: 'error', code: 'unknown_game', message: 'no game' })),
            takeBack: () => Promise.reject(new Error('not asked')),
            rematch: () => Promise.reject(new Error('not asked')),
        };
        const view = { update: () => {}, linkStatus: () => {}, missing: () => void missing++ };
        const controller = new GameController('nothing', {}, view, server);
        controller.start();
        await controller.refresh();
        await controller.refresh();
        expect(missing).toBe(1);
        expect(stopped).toBeGreaterThanOrEqual(1);
    });
    it('is not taken for missing when the server cannot be reached', async () => {
        let missing = 0;
        const link: Link = { start() {}, stop() {}, sendMove: async () => {}, sendAction: async () => {} };
        const server: Server = {
            link: () => link,
            state: () => Promise.reject(new TypeError('offline')),
            takeBack: () => Promise.reject(new TypeError('offline')),
            rematch: () => Promise.reject(new TypeError('offline')),
        };
        const view = { update: () => {}, linkStatus: () => {}, missing: () => void missing++ };
        await new GameController('g', {}, view, server).refresh();
        expect(missing).toBe(0);
    });
});
