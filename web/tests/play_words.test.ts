import { afterEach, describe, expect, it, vi } from 'vitest';
import { GameLink } from '../src/api';
import { GameModel } from '../src/game';
import { type Seat, SEATS } from '../src/geometry';
import { type Language, setLanguage, t } from '../src/i18n';
import { START_FEN, parsePosition } from '../src/notation';
import { againstComputer, verdict } from '../src/screens/game/end';
import { eventLines, eventText, rematchText, takeBackText } from '../src/screens/game/events';
import { moveText, positionText } from '../src/screens/game/move_words';
import { passedOver, sentences, statusLine } from '../src/screens/game/status';
import { EVENT_KINDS, type EventKind, type MoveMessage, type ServerMessage, type StateMessage } from '../src/turn';
import chessMate from './fixtures/chess_mate.json';
import fourKingdomsTeams from './fixtures/fourkingdoms_teams.json';
import { fixture } from './message_fixtures';

const chess = (over: Partial<StateMessage> = {}) => new GameModel({ ...fixture<StateMessage>(chessMate[0]), ...over });
const LANGUAGES: Language[] = ['en', 'zh', 'vi'];

afterEach(() => setLanguage('en'));

const KINDS = EVENT_KINDS;

describe('events in words', () => {
    it('says every kind of event about every seat, in every language, naming the seats it concerns', () => {
        for (const lang of LANGUAGES) {
            setLanguage(lang);
            for (const kind of KINDS)
                for (const player of SEATS) {
                    const other: Seat = player === 'north' ? 'east' : 'north';
                    const text = eventText({ kind, player, other, army: player }, 'threefold_repetition');
                    expect(text, `${lang} ${kind} ${player}`).toBeTruthy();
                    expect(text, `${lang} ${kind}`).not.toMatch(/[{}]|undefined/);
                    if (kind !== 'game_over') expect(text).toContain(t(`seat_${player}`));
                    if (['king_captured', 'command', 'alliance_proposed', 'alliance_formed'].includes(kind))
                        expect(text).toContain(t(`seat_${other}`));
                }
        }
    });
    it('says the offers, answers, proposals and claims as a family reads them', () => {
        const say = (kind: EventKind, player: Seat, other?: Seat, status = 'ongoing') =>
            eventText(other ? { kind, player, other } : { kind, player }, status);
        expect(say('draw_offered', 'black')).toBe('Black offered a draw.');
        expect(say('draw_declined', 'white')).toBe('White declined the draw offer.');
        expect(say('draw_accepted', 'black', undefined, 'agreement')).toBe('Black accepted the draw.');
        expect(say('alliance_proposed', 'north', 'south')).toBe('North proposed an alliance to South.');
        expect(say('alliance_formed', 'south', 'west')).toBe('South and West are now allies.');
        expect(say('resignation', 'east')).toBe('East resigned.');
        expect(say('draw_claimed', 'white', undefined, 'threefold_repetition')).toBe(
            'White claimed a draw by threefold repetition.',
        );
        expect(say('draw_claimed', 'black', undefined, 'fifty_move_rule')).toBe(
            'Black claimed a draw by the 50-move rule.',
        );
        expect(say('flag', 'west')).toBe('West ran out of time.');
        expect(eventText({ kind: 'checkmate', player: 'west', other: 'east' }, 'ongoing')).toBe(
            'East checkmated West.',
        );
        expect(eventText({ kind: 'checkmate', player: 'west' }, 'ongoing')).toBe('West was checkmated.');
        expect(eventText({ kind: 'command', player: 'west', other: 'north', army: 'west' }, 'ongoing')).toBe(
            'North now leads West’s army.',
        );
        setLanguage('zh');
        expect(say('draw_declined', 'white')).toBe('白方拒绝了和棋提议。');
        setLanguage('vi');
        expect(say('draw_offered', 'black')).toBe('Đen đã đề nghị hòa.');
    });
    it('says nothing of an event without the seat its sentence names', () => {
        expect(eventText({ kind: 'draw_offered' }, 'ongoing')).toBeUndefined();
        expect(eventText({ kind: 'alliance_formed', player: 'south' }, 'ongoing')).toBeUndefined();
        expect(eventText({ kind: 'command', other: 'north' }, 'ongoing')).toBeUndefined();
    });
    it('logs what the status line does not say: no end, and checks only in Four Kingdoms', () => {
        const events = [
            { kind: 'check', player: 'black' },
            { kind: 'resignation', player: 'west' },
            { kind: 'game_over' },
        ] as const;
        expect(eventLines([...events], 'resignation', 'chess')).toEqual(['West resigned.']);
        expect(eventLines([...events], 'ongoing', 'fourkingdoms')).toEqual(['Black is in check.', 'West resigned.']);
        // the server's own messages: a Four Kingdoms resignation hands the army to the partner
        const resign = fourKingdomsTeams.find((m) => (m as { action?: string }).action === 'resign')!;
        const m = fixture<Extract<ServerMessage, { type: 'action' }>>(resign);
        expect(eventLines(m.events, m.status, 'fourkingdoms-teams')).toEqual([
            'West resigned.',
            'North now leads West’s army.',
        ]);
    });
});

describe('the status line', () => {
    it('puts a full stop between sentences, the language’s way', () => {
        expect(sentences(['Black to move', 'Check!', '', 'You are watching this game.'])).toBe(
            'Black to move. Check! You are watching this game.',
        );
        setLanguage('zh');
        expect(sentences(['轮到黑方走', '将军！'])).toBe('轮到黑方走。将军！');
        setLanguage('vi');
        expect(sentences(['Đến lượt Đen', 'Chiếu!'])).toBe('Đến lượt Đen. Chiếu!');
    });
    it('says whose move it is, then the check, then that one watches', () => {
        const g = chess({ to_move: 'black', in_check: true });
        expect(statusLine(g, ['white']).text).toBe('Black to move. Check!');
        expect(statusLine(g, []).text).toBe('Black to move. Check! You are watching this game.');
        expect(statusLine(chess(), ['white']).text).toBe('Your move!');
    });
    it('says how a game ended once, and leaves who won to the end panel', () => {
        const agreed = chess({ status: 'agreement', result: '1/2-1/2' });
        expect(statusLine(agreed, ['white'])).toEqual({ text: 'Game over: Draw agreed.', state: 'over' });
        const mate = chess({ status: 'checkmate', result: '0-1' });
        expect(statusLine(mate, ['white']).text).toBe('Game over: Checkmate.');
        for (const lang of LANGUAGES) {
            setLanguage(lang);
            const text = statusLine(agreed, ['white']).text;
            expect(text.split(t('draw')).length, `${lang}: ${text}`).toBeLessThanOrEqual(2);
        }
    });
});

describe('the end of a game', () => {
    const ended = (result: string, status: string, over: Partial<StateMessage> = {}) =>
        chess({ result, status, ...over });
    it('tells a child playing the computer who won, with a picture', () => {
        expect(verdict(ended('1-0', 'checkmate'), ['white'])).toEqual({
            text: 'You won!',
            note: 'Well played!',
            picture: 'trophy',
        });
        expect(verdict(ended('0-1', 'resignation'), ['white'])).toMatchObject({
            text: 'The computer won',
            picture: 'computer',
        });
        expect(verdict(ended('1/2-1/2', 'stalemate'), ['white'])).toMatchObject({ text: 'Draw', picture: 'handshake' });
        setLanguage('zh');
        expect(verdict(ended('1-0', 'checkmate'), ['white']).text).toBe('你赢了！');
    });
    it('names the winner by seat in a game between people, and to watchers', () => {
        const people = {
            seats: [
                { seat: 'white', player: 'human', level: null, connected: true, take_back: false },
                { seat: 'black', player: 'human', level: null, connected: true, take_back: false },
            ],
        } satisfies Partial<StateMessage>;
        expect(againstComputer(ended('0-1', 'checkmate', people), ['white'])).toBe(false);
        expect(verdict(ended('0-1', 'checkmate', people), ['white'])).toEqual({
            text: 'Black wins!',
            note: '',
            picture: 'trophy',
        });
        expect(verdict(ended('1-0', 'checkmate'), [])).toMatchObject({ text: 'White wins!', note: '' });
        expect(verdict(ended('1/2-1/2', 'agreement', people), ['white', 'black'])).toEqual({
            text: 'Draw',
            note: '',
            picture: 'handshake',
        });
        const fk = new GameModel({
            ...fixture<StateMessage>(fourKingdomsTeams[0]),
            status: 'last_team',
            result: 'es:1 wn:0',
        });
        expect(verdict(fk, ['east'])).toMatchObject({ text: 'East and South win!', picture: 'trophy' });
    });
    it('says a take-back and a rematch in words, the player’s own as theirs', () => {
        expect(takeBackText({ seat: 'white' }, ['white'])).toBe('You took back your move.');
        expect(takeBackText({ seat: 'white' }, [])).toBe('White took back a move.');
        expect(rematchText({ seat: 'black' })).toBe('Black wants a rematch!');
        setLanguage('vi');
        expect(takeBackText({ seat: 'white' }, ['white'])).not.toBe('You took back your move.');
    });
});

describe('moves and the position in words', () => {
    const pos = (fen: string, variant: Parameters<typeof parsePosition>[0] = 'chess') => parsePosition(variant, fen);
    const said = (fen: string, seat: Seat, move: string, san: string, over: Partial<MoveMessage> = {}) =>
        moveText(pos(fen), { seat, move, san, events: [], status: 'ongoing', ...over });
    it('says who moved what where, and the check or the mate', () => {
        expect(said(START_FEN.chess, 'white', 'g1f3', 'Nf3')).toBe('White: knight to f3');
        const mate = 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2';
        expect(said(mate, 'black', 'd8h4', 'Qh4#', { status: 'checkmate' })).toBe('Black: queen to h4, checkmate');
        const take = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
        expect(said(take, 'white', 'e4d5', 'exd5')).toBe('White: pawn takes pawn on d5');
        expect(said(START_FEN.chess, 'black', 'g8f6', 'Nf6+', { events: [{ kind: 'check', player: 'white' }] })).toBe(
            'Black: knight to f6, check',
        );
        setLanguage('zh');
        expect(said(START_FEN.chess, 'white', 'g1f3', 'Nf3')).toBe('白方：马走到f3');
        setLanguage('vi');
        expect(said(take, 'white', 'e4d5', 'exd5')).toBe('Trắng: tốt ăn tốt ở d5');
    });
    it('says castling, en passant and promotion', () => {
        const castle = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
        expect(said(castle, 'white', 'e1g1', 'O-O')).toBe('White: castles kingside');
        expect(said(castle, 'white', 'e1c1', 'O-O-O')).toBe('White: castles queenside');
        const ep = '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2';
        expect(said(ep, 'white', 'e5d6', 'exd6')).toBe('White: pawn takes pawn en passant on d6');
        const promo = 'k7/4P3/8/8/8/8/8/4K3 w - - 0 1';
        expect(said(promo, 'white', 'e7e8q', 'e8=Q+')).toBe('White: pawn to e8, promoted to queen, check');
    });
    it('names the pieces by square, army by army', () => {
        const p = pos('4k3/8/8/8/8/8/P6P/R3K2R w KQ - 0 1');
        expect(positionText(p, ['white', 'black'])).toBe('White: king e1; rook a1, h1; pawn a2, h2. Black: king e8.');
        setLanguage('zh');
        expect(positionText(p, ['white', 'black'])).toBe('白方：王 e1；车 a1、h1；兵 a2、h2。黑方：王 e8。');
        setLanguage('vi');
        expect(positionText(p, ['black'])).toBe('Đen: vua e8.');
    });
});

describe('the live link', () => {
    afterEach(() => vi.unstubAllGlobals());
    // A socket that opens at once, and fetch answering the server's offer message.
    function stubs(open: boolean) {
        class Socket {
            static OPEN = 1;
            readyState = open ? 1 : 3;
            onopen: (() => void) | null = null;
            onmessage: unknown = null;
            onclose: unknown = null;
            send() {}
            close() {}
        }
        vi.stubGlobal('WebSocket', Socket);
        vi.stubGlobal('location', new URL('http://h/g/g1'));
        vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(chessMate[2]), { status: 200 })));
    }
    it('leaves an HTTP answer to the open socket, which brings every step once', async () => {
        for (const open of [true, false]) {
            stubs(open);
            const got: string[] = [];
            const link = new GameLink('g1', undefined, { onMessage: (m) => void got.push(m.type), onStatus: () => {} });
            link.start();
            await link.sendAction('white-token', { action: 'offer_draw' });
            link.stop();
            expect(got, open ? 'socket open' : 'socket closed').toEqual(open ? [] : ['action']);
        }
    });
});

describe('check comes first (Four Kingdoms)', () => {
    const order = ['east', 'south', 'west', 'north'] as const;
    const all = [...order];
    it('names the player passed over for the one in check', () => {
        expect(passedOver(order, 'east', 'west', all)).toBe('south');
        expect(passedOver(order, 'north', 'south', all)).toBe('east');
        // A player out of the game is not passed over: the next one still in it is.
        expect(passedOver(order, 'east', 'north', ['east', 'west', 'north'])).toBe('west');
    });
    it('names nobody when the player in check was next anyway, or nobody moved', () => {
        expect(passedOver(order, 'east', 'south', all)).toBeUndefined();
        expect(passedOver(order, undefined, 'south', all)).toBeUndefined();
    });
    it('says it in the status line, whether the move came while watching or before the page opened', () => {
        const start = fixture<StateMessage>(fourKingdomsTeams[0]);
        const east = fixture<MoveMessage>(fourKingdomsTeams[1]);
        const checked = { to_move: 'west' as const, check_first: true, in_check: true };
        const watched = new GameModel(start);
        watched.applyMove({ ...east, ...checked });
        const opened = new GameModel({ ...start, ...checked, moves: [east.move], san: [east.san], plies: 1, ply: 1 });
        for (const model of [watched, opened])
            expect(statusLine(model, ['north']).text).toContain('West is in check, so West moves before South');
    });
    it('says it in every language', () => {
        for (const lang of LANGUAGES) {
            setLanguage(lang);
            const text = t('check_first', { seat: t('seat_west'), other: t('seat_south') });
            expect(text).toContain(t('seat_west'));
            expect(text).toContain(t('seat_south'));
        }
    });
});
