// MOCK ONLY — a development stand-in for `citadel serve`, NOT the real server and never shipped
// in dist/. It serves dist/ and a small, rule-less imitation of server.md's API (HTTP and
// WebSocket) with fixed positions per variant, and of learn.md's (dev/mock-learn.ts: a small
// course; dev/mock-family.ts: families and children), so that the front end can be looked at and driven by the browser checks without the
// real server. It knows no rules: the legal move
// lists and the explanations of refused moves are written into the games below. Its messages
// are the real server's shapes (src/turn.ts, the fixtures in tests/fixtures/): each is checked by
// the client's strict reader before it is sent, so the client never meets another form.
//
//   npx vite-node dev/mock-server.ts -- --port 8090      (npm run mock)

import { createHash, randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Seat, type Variant, VARIANTS, geometryOf, isFourKingdoms, isVariant } from '../src/geometry';
import { START_FEN, applyMoveForDisplay, parsePosition, seatLetter } from '../src/notation';
import {
    type Action,
    type ActionMessage,
    type Clock,
    type EndMessage,
    type ErrorMessage,
    type MoveMessage,
    type Offers,
    type SeatInfo,
    type SeatMessage,
    type ServerMessage,
    type StateMessage,
    type Turn,
    type TurnEvent,
    PLAYER_ACTIONS,
    readMessage,
} from '../src/turn';
import fourKingdomsAlliance from '../tests/fixtures/fourkingdoms_alliance.json';
import { writePosition } from './fen-writer';
import { childOf, familyAnswer, record, triedBy } from './mock-family';
import { type Answer, MOCK_COACH, learnAnswer, levelFacts, speechAnswer } from './mock-learn';
import { type Verdict, readVerdict } from '../src/learn_contract';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const args = process.argv.slice(2);
const PORT = Number(args[args.indexOf('--port') + 1] || 8090) || 8090;

interface Explanation {
    reason: string;
    message: string;
    arrows: [string, string][];
}

interface MockGame {
    id: string;
    variant: Variant;
    start_fen: string;
    fen: string; // the alliance of Four Kingdoms is its last field
    moves: string[];
    san: string[];
    seats: SeatInfo[];
    tokens: Partial<Record<Seat, string>>;
    status: string;
    result: string;
    text: string;
    scores: Partial<Record<Seat, number>> | null;
    offers: Offers;
    events: TurnEvent[]; // what the last step caused
    clock: { initial_ms: number; increment_ms: number; remaining: Partial<Record<Seat, number>>; since: number } | null;
    legalAt: Record<number, string[]>;
    startCheck: boolean; // the side to move at the start is in check (the mock knows no rules)
    explain: Record<string, Explanation>;
    sockets: Set<Duplex>;
}

const analysisAsked = new Map<string, number>(); // questions per game, for the pending answers
const games = new Map<string, MockGame>();

const CHESS_WHITE =
    'a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4 b1a3 b1c3 g1f3 g1h3';
const CHESS_BLACK =
    'a7a6 a7a5 b7b6 b7b5 c7c6 c7c5 d7d6 d7d5 e7e6 e7e5 f7f6 f7f5 g7g6 g7g5 h7h6 h7h5 b8a6 b8c6 g8f6 g8h6';
const START_LEGAL: Record<Variant, Record<number, string>> = {
    chess: { 0: CHESS_WHITE, 1: CHESS_BLACK, 2: 'd1h5 d1g4 f1c4 g1f3 b1c3 e4f5 d2d4', 3: 'g7g6 e8f7 g8f6' },
    silverman: { 0: 'a2b3 b2a3 b2c3 c2b3 c2d3 d2c3' },
    pawnrace: {
        0: 'a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4',
        1: CHESS_BLACK.split(' ').slice(0, 16).join(' '),
    },
    tamerlane: {
        0: 'a3a4 b3b4 c3c4 d3d4 e3e4 f3f4 g3g4 h3h4 i3i4 j3j4 k3k4 b2a4 b2c4 j2i4 j2k4 c1b4 c1d4 i1h4 i1j4',
        1: 'a8a7 b8b7 c8c7 d8d7 e8e7 f8f7 g8g7 h8h7 i8i7 j8j7 k8k7',
    },
    fourkingdoms: {
        0: 'm4l4 m4k4 m5l5 m5k5 m6l6 m6k6 m7l7 m7k7 m8l8 m8k8 m9l9 m9k9 m10l10 m10k10 m11l11 m11k11 n5l4 n5l6 n10l9 n10l11',
        1: 'd2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4 i2i3 i2i4 j2j3 j2j4 k2k3 k2k4',
    },
    'fourkingdoms-teams': {
        0: 'm4l4 m4k4 m5l5 m5k5 m6l6 m6k6 m7l7 m7k7 m8l8 m8k8 n5l4 n5l6 n10l9 n10l11',
        1: 'd2d3 d2d4 e2e3 e2e4 h2h3 h2h4',
    },
};
const IN_PROGRESS = 'The game is in progress (mock).';

function newGame(
    id: string,
    variant: Variant,
    fen: string | null,
    seats: SeatInfo[],
    clock: { initial_s: number; increment_s: number } | null,
    tokenOf: (s: Seat) => string,
): MockGame {
    const start = fen ?? START_FEN[variant];
    const legalAt: Record<number, string[]> = {};
    if (!fen) for (const [k, v] of Object.entries(START_LEGAL[variant])) legalAt[Number(k)] = v.split(' ');
    // A game created from a fixed game's position borrows its legal moves and explanations.
    const twin = fen
        ? [...games.values()].find((f) => f.id.startsWith('mock-') && f.fen === fen && f.moves.length === 0)
        : undefined;
    const g: MockGame = {
        id,
        variant,
        start_fen: start,
        fen: start,
        moves: [],
        san: [],
        seats,
        tokens: Object.fromEntries(seats.filter((s) => s.player === 'human').map((s) => [s.seat, tokenOf(s.seat)])),
        status: 'ongoing',
        result: '*',
        text: IN_PROGRESS,
        scores: null,
        offers: { draw: [], alliance: null },
        events: [],
        clock: clock
            ? {
                  initial_ms: clock.initial_s * 1000,
                  increment_ms: clock.increment_s * 1000,
                  remaining: Object.fromEntries(seats.map((s) => [s.seat, clock.initial_s * 1000])),
                  since: Date.now(),
              }
            : null,
        legalAt: twin ? { ...twin.legalAt } : legalAt,
        startCheck: twin?.startCheck ?? false,
        explain: twin ? { ...twin.explain } : {},
        sockets: new Set(),
    };
    games.set(id, g);
    return g;
}

const toMove = (g: MockGame): Seat => parsePosition(g.variant, g.fen).toMove;

function clockOf(g: MockGame): Clock | null {
    if (!g.clock) return null;
    const running = g.status === 'ongoing' && g.moves.length > 0 ? toMove(g) : null;
    const c: Clock = { running, initial_ms: g.clock.initial_ms, increment_ms: g.clock.increment_ms };
    for (const [seat, ms] of Object.entries(g.clock.remaining) as [Seat, number][])
        c[seat] = Math.max(0, seat === running ? ms - (Date.now() - g.clock.since) : ms);
    return c;
}

// Four Kingdoms free-for-all (what the rules allow, for the mock's few positions): with three
// players left, one of them commanding another's army, the other two may propose to each other.
function mayAlly(
    g: MockGame,
    inGame: Seat[],
    commanders: Partial<Record<Seat, Seat | null>>,
    allied: boolean,
): Partial<Record<Seat, Seat[]>> {
    const seats = geometryOf(g.variant).seats;
    const out: Partial<Record<Seat, Seat[]>> = Object.fromEntries(seats.map((s) => [s, []]));
    if (g.variant !== 'fourkingdoms' || allied || g.status !== 'ongoing' || inGame.length !== 3) return out;
    const absorbers = inGame.filter((s) => seats.some((army) => army !== s && commanders[army] === s));
    if (absorbers.length !== 1) return out;
    for (const me of inGame) if (me !== absorbers[0]) out[me] = inGame.filter((s) => s !== me && s !== absorbers[0]);
    return out;
}

// The Turn (src/turn.ts) of the game as it stands: in play, commands and alliance are read from
// the position (kings on the board, K4FEN's control and alliance fields).
function turnOf(g: MockGame): Turn {
    const pos = parsePosition(g.variant, g.fen);
    const seats = geometryOf(g.variant).seats;
    const fk = isFourKingdoms(g.variant);
    const kings = new Set([...pos.pieces.values()].filter((p) => p.kind === 'K').map((p) => p.army));
    const inGame = fk ? seats.filter((s) => kings.has(s)) : [...seats];
    const commanders: Partial<Record<Seat, Seat | null>> = Object.fromEntries(
        seats.map((army, i) => [
            army,
            fk ? (seats.find((s) => seatLetter(s) === pos.control?.charAt(i)) ?? null) : army,
        ]),
    );
    const alliance =
        fk && pos.alliance && pos.alliance !== '-' ? seats.filter((s) => pos.alliance!.includes(seatLetter(s))) : null;
    const ongoing = g.status === 'ongoing';
    return {
        plies: g.moves.length,
        fen: g.fen,
        to_move: pos.toMove,
        in_check: g.moves.length === 0 ? g.startCheck : /[+#]$/.test(g.san.at(-1) ?? ''),
        check_first: false,
        legal_moves: ongoing ? (g.legalAt[g.moves.length] ?? []) : [],
        claims: [],
        claim_moves: [],
        offers: g.offers,
        in_game: inGame,
        commanders,
        alliance,
        may_ally: mayAlly(g, inGame, commanders, !!alliance),
        status: g.status,
        result: g.result,
        text: g.text,
        scores: g.scores,
        events: g.events,
    };
}

// Every message leaves through here: one outside the contract is the mock's bug, said loudly.
function checked<M extends ServerMessage>(m: M): M {
    readMessage(JSON.parse(JSON.stringify(m)), true);
    return m;
}

function stateOf(g: MockGame): StateMessage {
    return checked({
        type: 'state',
        id: g.id,
        variant: g.variant,
        start_fen: g.start_fen,
        ply: g.moves.length,
        moves: g.moves,
        san: g.san,
        seats: g.seats,
        clock: clockOf(g),
        rematch: null, // the mock makes no rematches (nor take-backs)
        ...turnOf(g),
    });
}

const seatMessage = (s: SeatInfo): SeatMessage => ({ type: 'seat', seat: s.seat, connected: s.connected });
const endOf = (g: MockGame): EndMessage =>
    checked({ type: 'end', status: g.status, result: g.result, scores: g.scores, text: g.text });

function broadcast(g: MockGame, m: ServerMessage): void {
    for (const s of g.sockets) sendFrame(s, JSON.stringify(checked(m)));
}

function err(code: string, message: string, extra: Partial<ErrorMessage> = {}): { status: number; body: ErrorMessage } {
    const status: Record<string, number> = {
        bad_json: 400,
        bad_request: 400,
        unknown_game: 404,
        bad_token: 403,
        stale_ply: 409,
        game_over: 409,
        not_your_turn: 403,
        illegal_move: 400,
        action_refused: 409,
        game_not_over: 409,
        too_large: 413,
    };
    return { status: status[code] ?? 400, body: checked({ type: 'error', code, message, ...extra }) };
}

function seatOf(g: MockGame, token: unknown): Seat | undefined {
    return (Object.entries(g.tokens) as [Seat, string][]).find(([, t]) => t === token)?.[0];
}

// A made-up SAN: enough for the list; the real server writes real SAN.
function fakeSan(g: MockGame, move: string): string {
    const pos = parsePosition(g.variant, g.fen);
    const from = move.slice(0, move.search(/\d/) + (/\d\d/.test(move.slice(1, 3)) ? 2 : 1));
    const to = move.slice(from.length).replace(/[qrbn]$/, '');
    const p = pos.pieces.get(from);
    const capture = pos.pieces.has(to) ? 'x' : '';
    const promo = /[qrbn]$/.test(move) ? `=${move.slice(-1).toUpperCase()}` : '';
    if (!p || p.kind === 'P') return `${capture ? from.charAt(0) : ''}${capture}${to}${promo}`;
    return `${p.kind}${capture}${to}${promo}`;
}

function playMove(
    g: MockGame,
    seat: Seat | 'engine',
    move: string,
    ply: unknown,
): { status: number; body: ServerMessage } {
    if (g.status !== 'ongoing') return err('game_over', 'the game is over');
    if (ply !== g.moves.length)
        return err('stale_ply', `ply ${String(ply)} is stale; ${g.moves.length} moves are played`, {
            ply: g.moves.length,
        });
    const mover = toMove(g);
    if (seat !== 'engine' && seat !== mover) return err('not_your_turn', `it is ${mover}'s turn`);
    const legal = g.legalAt[g.moves.length] ?? [];
    if (!legal.includes(move)) {
        const from = /^[a-z][0-9]+/.exec(move)?.[0] ?? '';
        const e = g.explain[move] ??
            g.explain[from] ?? {
                reason: 'not_that_pieces_move',
                message: 'That piece does not move like that (mock explanation).',
                arrows: [],
            };
        return err('illegal_move', e.message, { reason: e.reason, arrows: e.arrows });
    }
    const san = fakeSan(g, move);
    const before = parsePosition(g.variant, g.fen);
    const after = applyMoveForDisplay(before, move);
    g.fen = writePosition({
        ...after,
        fullmove: before.fullmove + (after.toMove === geometryOf(g.variant).seats[0] ? 1 : 0),
    });
    if (g.clock) {
        if (g.moves.length > 0)
            g.clock.remaining[mover] =
                (g.clock.remaining[mover] ?? 0) - (Date.now() - g.clock.since) + g.clock.increment_ms;
        g.clock.since = Date.now();
    }
    const ply0 = g.moves.length;
    g.moves.push(move);
    g.san.push(san);
    // A move lapses every Four Kingdoms offer; in a two-player game it declines the opponent's.
    g.offers = {
        draw: isFourKingdoms(g.variant) ? [] : g.offers.draw.filter((s) => s === mover),
        alliance: g.offers.alliance,
    };
    g.events = /[+#]$/.test(san) ? [{ kind: 'check', player: toMove(g) }] : [];
    const m: MoveMessage = checked({
        type: 'move',
        ply: ply0,
        seat: mover,
        move,
        san,
        clock: clockOf(g),
        ...turnOf(g),
    });
    broadcast(g, m);
    scheduleEngine(g);
    return { status: 200, body: m };
}

function scheduleEngine(g: MockGame): void {
    const seat = g.seats.find((s) => s.seat === toMove(g));
    const legal = g.legalAt[g.moves.length] ?? [];
    if (seat?.player === 'engine' && legal.length && g.status === 'ongoing') {
        const ply = g.moves.length;
        setTimeout(() => playMove(g, 'engine', legal[Math.floor(legal.length / 2)]!, ply), 400);
    }
}

const isSeat = (g: MockGame, v: unknown): v is Seat => geometryOf(g.variant).seats.includes(v as Seat);

function act(g: MockGame, seat: Seat, body: Record<string, unknown>): { status: number; body: ServerMessage } {
    if (g.status !== 'ongoing') return err('game_over', 'the game is over');
    const action = body['action'] as Action;
    if (!PLAYER_ACTIONS.includes(action)) return err('bad_request', `unknown action "${String(action)}"`);
    const other = isSeat(g, body['with']) ? body['with'] : undefined;
    const end = (status: string, result: string, text: string) => Object.assign(g, { status, result, text });
    switch (action) {
        case 'resign': {
            // (the mock ends every game here; in Four Kingdoms the real server plays on without the seat)
            const rest = g.seats.map((s) => s.seat).filter((s) => s !== seat);
            end(
                'resignation',
                g.seats.length === 2 ? (seat === 'white' ? '0-1' : '1-0') : rest[0]!,
                `${seat} resigns (mock).`,
            );
            g.events = [{ kind: 'resignation', player: seat }];
            break;
        }
        case 'offer_draw':
            if (!g.offers.draw.includes(seat)) g.offers = { ...g.offers, draw: [...g.offers.draw, seat] };
            g.events = [{ kind: 'draw_offered', player: seat }];
            break;
        case 'decline_draw':
            g.offers = { ...g.offers, draw: [] };
            g.events = [{ kind: 'draw_declined', player: seat }];
            break;
        case 'accept_draw':
            if (!g.offers.draw.some((s) => s !== seat))
                return err('action_refused', 'accept_draw refused: no draw offer stands');
            g.offers = { ...g.offers, draw: [] };
            end('agreement', '1/2-1/2', 'Draw by agreement (mock).');
            g.events = [{ kind: 'draw_accepted', player: seat }];
            break;
        case 'claim_draw':
            return err('action_refused', 'claim_draw refused: no draw can be claimed here (mock)');
        case 'propose_alliance':
            if (!other || !turnOf(g).may_ally[seat]?.includes(other))
                return err('action_refused', 'propose_alliance refused: no alliance may be proposed to that seat');
            g.offers = { ...g.offers, alliance: { from: seat, to: other } };
            g.events = [{ kind: 'alliance_proposed', player: seat, other }];
            break;
        case 'accept_alliance': {
            const proposal = g.offers.alliance;
            if (proposal?.to !== seat)
                return err('action_refused', 'accept_alliance refused: no alliance was proposed to you');
            const pos = parsePosition(g.variant, g.fen);
            const pair = geometryOf(g.variant).seats.filter((s) => s === proposal.from || s === proposal.to);
            g.fen = writePosition({ ...pos, alliance: pair.map(seatLetter).join('') });
            g.offers = { ...g.offers, alliance: null };
            g.events = [{ kind: 'alliance_formed', player: proposal.from, other: seat }];
            break;
        }
    }
    if (g.status !== 'ongoing') g.events.push({ kind: 'game_over' });
    const m: ActionMessage = checked({
        type: 'action',
        action,
        seat,
        ...(other ? { with: other } : {}),
        clock: clockOf(g),
        ...turnOf(g),
    });
    broadcast(g, m);
    if (g.status !== 'ongoing') broadcast(g, endOf(g));
    return { status: 200, body: m };
}

// ---- fixed games with known tokens `<id>-<seat>` ----

function fixture(
    id: string,
    variant: Variant,
    fen: string | null,
    opts: {
        moves?: string[];
        san?: string[];
        legal?: string;
        explain?: Record<string, Explanation>;
        clock?: boolean;
        engine?: Seat[];
        status?: string;
        result?: string;
        text?: string;
        startFen?: string;
        offers?: Offers;
        check?: boolean;
    } = {},
): MockGame {
    const seats: SeatInfo[] = geometryOf(variant).seats.map((seat) => {
        const engine = !!opts.engine?.includes(seat);
        return {
            seat,
            player: engine ? 'engine' : 'human',
            level: engine ? 5 : null,
            connected: engine,
            take_back: false,
        };
    });
    const g = newGame(
        id,
        variant,
        fen,
        seats,
        opts.clock ? { initial_s: 300, increment_s: 3 } : null,
        (s) => `${id}-${s}`,
    );
    if (opts.startFen) g.start_fen = opts.startFen;
    if (opts.moves) {
        g.moves = opts.moves;
        g.san = opts.san ?? opts.moves;
    }
    if (opts.legal !== undefined) g.legalAt = { [g.moves.length]: opts.legal.split(' ').filter(Boolean) };
    if (opts.explain) g.explain = opts.explain;
    if (opts.offers) g.offers = opts.offers;
    if (opts.check) g.startCheck = true;
    if (opts.status) Object.assign(g, { status: opts.status, result: opts.result ?? '*', text: opts.text ?? '' });
    return g;
}

// A fixed game at a step of a game the real server played (tests/fixtures/): its position,
// legal moves and offers as the server sent them.
function fromFixture(id: string, messages: readonly unknown[], step: number): MockGame {
    const start = readMessage(messages[0], true);
    const now = readMessage(messages[step], true);
    if (start.type !== 'state' || !('plies' in now) || now.plies !== 0) throw new Error(`${id}: not a fixture's start`);
    return fixture(id, start.variant, now.fen, { legal: now.legal_moves.join(' '), offers: now.offers });
}

function fixtures(): void {
    for (const v of VARIANTS) {
        fixture(`mock-${v}`, v, null, { clock: true });
    }
    fixture('mock-check', 'chess', 'rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2', {
        startFen: START_FEN.chess,
        moves: ['e2e4', 'f7f5', 'd1h5'],
        san: ['e4', 'f5', 'Qh5+'],
        legal: 'g7g6 e8f7 g8f6',
        explain: {
            e8f8: {
                reason: 'king_would_be_attacked',
                message: 'The king cannot go to f8: it would be attacked there.',
                arrows: [],
            },
        },
    });
    fixture('mock-pinned', 'chess', '4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1', {
        legal: 'e1d1 e1f1 e1d2 e1f2',
        explain: {
            e2: {
                reason: 'piece_pinned',
                message: 'The knight on e2 is pinned by the rook on e7: moving it would leave your king in check.',
                arrows: [['e7', 'e1']],
            },
        },
    });
    fixture('mock-promotion', 'chess', 'k7/4P3/8/8/8/8/8/4K3 w - - 0 1', {
        legal: 'e7e8q e7e8r e7e8b e7e8n e1d1 e1f1 e1d2 e1e2 e1f2',
    });
    fixture('mock-silverman-promotion', 'silverman', 'k3/2P1/4/3K w - - 0 1', { legal: 'c3c4q c3c4r d1d2 d1c2 d1c1' });
    fixture(
        'mock-tamerlane-citadel',
        'tamerlane',
        'e1c1d1d1c1e/rntzvkgztnr/prpnptpzpvpkpgpepcpdpp/11/11/11/4PP6/PPPDPC1PEPGPKPVPZPTPNPR/RNTZGKVZTNR/E1C1D1D1C1E w A/- Kk 1/0 0 12',
        { legal: 'a3a4 b3b4' },
    );
    fixture(
        'mock-fk-promotion',
        'fourkingdoms',
        'xxx6nK1xxx/xxx2sP5xxx/xxx8xxx/14/14/14/wK13/13eK/14/14/14/xxx8xxx/xxx8xxx/xxx4sK3xxx s - - 0 20 eswn -',
        { legal: 'f13f14 f13f14q f13f14r f13f14b f13f14n h1g1 h1i1 h1h2' },
    );
    fixture(
        'mock-fk-alliance',
        'fourkingdoms',
        'xxx3nK4xxx/xxx8xxx/xxx8xxx/14/14/14/wK12eQ/14/14/14/14/xxx8xxx/xxx8xxx/xxx4sK3xxx w - - 0 30 sswn -',
        { legal: 'a8a9 a8a7 a8b8' },
    );
    // South has proposed an alliance to West (East commands North's army): West may accept.
    fromFixture('mock-fk-proposal', fourKingdomsAlliance, 1);
    // White in check from a bishop, against the computer: the coach's run, block and capture.
    fixture('mock-coach', 'chess', MOCK_COACH.fen, {
        legal: MOCK_COACH.legal.join(' '),
        engine: ['black'],
        check: true,
    });
    fixture('mock-over', 'chess', 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3', {
        startFen: START_FEN.chess,
        moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'],
        san: ['f3', 'e5', 'g4', 'Qh4#'],
        legal: '',
        status: 'checkmate',
        result: '0-1',
        text: 'Black wins by checkmate (mock).',
    });
}

// ---- HTTP ----

const TYPES: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.json': 'application/json',
};
const CSP =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

async function serveStatic(path: string, res: ServerResponse): Promise<void> {
    let file = normalize(join(DIST, decodeURIComponent(path)));
    if (!file.startsWith(DIST)) file = join(DIST, 'index.html');
    try {
        if (!(await stat(file)).isFile()) throw new Error('not a file');
    } catch {
        file = join(DIST, 'index.html'); // the app's own routes (/g/…)
    }
    try {
        const body = await readFile(file);
        res.writeHead(200, {
            'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
            'Content-Security-Policy': CSP,
            'Cache-Control': 'no-cache',
        });
        res.end(body);
    } catch {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end('dist/ is missing: run npm run build first');
    }
}

function json(res: ServerResponse, r: { status: number; body: object }): void {
    res.writeHead(r.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(r.body));
}

// A parsed JSON body or message as an object, or undefined when it is none.
function objectOf(v: unknown): Record<string, unknown> | undefined {
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
        return objectOf(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
        return undefined;
    }
}

async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://mock');
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'api') return serveStatic(url.pathname, res);
    if (url.pathname === '/api/speech' || url.pathname === '/api/speech/words') {
        const a = speechAnswer(url.searchParams, url.pathname.endsWith('/words'));
        if (!('audio' in a)) return json(res, a);
        res.writeHead(200, { 'Content-Type': 'audio/wav', 'Cache-Control': 'max-age=3600' });
        return res.end(a.audio);
    }
    const authorization = req.headers['authorization'];
    if (/^\/api\/(families|family)(\/|$)/.test(url.pathname)) {
        const body = req.method === 'POST' || req.method === 'PUT' ? await readBody(req) : undefined;
        const a = familyAnswer(req.method ?? 'GET', url.pathname, authorization, body, req.socket.remoteAddress ?? '');
        if (a) return json(res, a);
    }
    if (/^\/api\/(learn\/|escape$|explain$)/.test(url.pathname)) {
        const body = req.method === 'POST' ? await readBody(req) : undefined;
        // For a child (`child` in a move's body or practice's query): its family's key is checked
        // first (a wrong one: 403, the move not judged); a move is recorded, practice skips what
        // the child has tried.
        const move = req.method === 'POST' && parts[2] === 'levels' && parts[4] === 'move';
        const practice = req.method === 'GET' && parts[2] === 'practice';
        const childId = move ? body?.['child'] : practice ? url.searchParams.get('child') : null;
        const found = childId === null || childId === undefined ? undefined : childOf(authorization, childId);
        if (found && 'status' in found) return json(res, found);
        const a = learnAnswer(
            req.method ?? 'GET',
            url,
            body,
            found ? { tried: triedBy(found), solved: found.child.progress.practice } : undefined,
        );
        if (a && found && move && a.status === 200) return json(res, recorded(found, parts[3]!, a, body));
        if (a) return json(res, a);
    }
    if (req.method === 'POST' && url.pathname === '/api/games') {
        const body = await readBody(req);
        if (!body) return json(res, err('bad_json', 'the body is not JSON'));
        const variant = String(body['variant']);
        if (!isVariant(variant)) return json(res, err('bad_request', `unknown variant "${variant}"`));
        const fen = typeof body['fen'] === 'string' ? body['fen'] : null;
        if (fen) {
            try {
                parsePosition(variant, fen);
            } catch (e) {
                return json(res, err('bad_request', `fen: ${(e as Error).message}`));
            }
        }
        const want = Array.isArray(body['seats']) ? (body['seats'] as Record<string, unknown>[]) : [];
        const seats: SeatInfo[] = geometryOf(variant).seats.map((seat, i) => {
            const engine = want[i]?.['player'] === 'engine';
            const level = want[i]?.['level'];
            return {
                seat,
                player: engine ? 'engine' : 'human',
                level: engine ? (typeof level === 'number' ? level : 5) : null,
                connected: engine,
                take_back: !engine && want[i]?.['take_back'] === true,
            };
        });
        const id = randomBytes(6).toString('hex');
        const g = newGame(
            id,
            variant,
            fen,
            seats,
            (body['clock'] as { initial_s: number; increment_s: number } | null) ?? null,
            () => randomBytes(16).toString('hex'),
        );
        scheduleEngine(g);
        return json(res, {
            status: 201,
            body: {
                id,
                seats: (Object.entries(g.tokens) as [Seat, string][]).map(([seat, token]) => ({
                    seat,
                    token,
                    url: `/g/${id}?token=${token}`,
                })),
            },
        });
    }
    const g = games.get(parts[2] ?? '');
    if (!g) return json(res, err('unknown_game', `no game "${parts[2] ?? ''}"`));
    if (req.method === 'GET' && parts.length === 3) return json(res, { status: 200, body: stateOf(g) });
    if (req.method === 'GET' && parts[3] === 'analysis') {
        if (g.status === 'ongoing')
            return json(res, err('game_not_over', 'the analysis is given once the game is over'));
        // Like the server: pending (with progress) for the first two questions, then made-up
        // figures, one per position, to show the graph.
        const total = g.moves.length + 1;
        const asked = (analysisAsked.get(g.id) ?? 0) + 1;
        analysisAsked.set(g.id, asked);
        if (asked <= 2)
            return json(res, {
                status: 202,
                body: { type: 'analysis', status: 'pending', done: Math.min(total, asked), total, ahead: 0 },
            });
        const positions = Array.from({ length: total }, (_, ply) => ({
            ply,
            to_move: ply % 2 ? 'black' : 'white',
            score: [0.2, 0.1, 0.3, -1.8, -9][ply] ?? 0,
            best: [['e4'], ['e5'], ['e4'], ['Nc3', 'Qh4+'], []][ply] ?? [],
        }));
        return json(res, { status: 200, body: { type: 'analysis', status: 'ready', view: 'white', positions } });
    }
    if (req.method === 'GET' && parts[3] === 'pgn') {
        res.writeHead(200, {
            'Content-Type': 'application/x-chess-pgn',
            'Content-Disposition': `attachment; filename="${g.id}.pgn"`,
        });
        return res.end(`[Event "Mock game"]\n[Variant "${g.variant}"]\n\n${g.san.join(' ')} *\n`);
    }
    if (req.method === 'POST' && (parts[3] === 'moves' || parts[3] === 'actions')) {
        const body = await readBody(req);
        if (!body) return json(res, err('bad_json', 'the body is not JSON'));
        const seat = seatOf(g, body['token']);
        if (!seat) return json(res, err('bad_token', 'no seat of this game holds that token'));
        return json(
            res,
            parts[3] === 'moves' ? playMove(g, seat, String(body['move']), body['ply']) : act(g, seat, body),
        );
    }
    json(res, err('bad_request', 'no such API route'));
}

// A move's answer for a child: its verdict recorded (not a good one), and said so.
function recorded(
    found: Exclude<ReturnType<typeof childOf>, Answer>,
    level: string,
    a: Answer,
    body: Record<string, unknown> | undefined,
): Answer {
    const v = a.body as Verdict;
    const facts = levelFacts(level);
    if (!facts || v.verdict === 'good') return a;
    record(found, level, facts, v);
    return {
        status: 200,
        body: readVerdict({ ...v, recorded: true }, body && 'choice' in body ? 'choice' : 'move', true),
    };
}

const server = createServer((req, res) => void handle(req, res));

// ---- a minimal WebSocket (RFC 6455: text frames, ping/close; enough for the mock) ----

function sendFrame(socket: Duplex, text: string, opcode = 1): void {
    const payload = Buffer.from(text, 'utf8');
    const len = payload.length;
    const head =
        len < 126
            ? Buffer.from([0x80 | opcode, len])
            : len < 65536
              ? Buffer.from([0x80 | opcode, 126, len >> 8, len & 255])
              : Buffer.concat([
                    Buffer.from([0x80 | opcode, 127]),
                    Buffer.alloc(4),
                    Buffer.from([(len >>> 24) & 255, (len >>> 16) & 255, (len >>> 8) & 255, len & 255]),
                ]);
    if (!socket.destroyed) socket.write(Buffer.concat([head, payload]));
}

server.on('upgrade', (req, socket) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    const parts = url.pathname.split('/').filter(Boolean);
    const g = games.get(parts[2] ?? '');
    const token = url.searchParams.get('token');
    const seat = g && token ? seatOf(g, token) : undefined;
    if (!g || parts[3] !== 'ws' || (token && !seat)) {
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
    }
    const accept = createHash('sha1')
        .update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
        .digest('base64');
    socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    g.sockets.add(socket);
    const seatEntry = g.seats.find((s) => s.seat === seat);
    if (seatEntry) {
        seatEntry.connected = true;
        broadcast(g, seatMessage(seatEntry));
    }
    sendFrame(socket, JSON.stringify(stateOf(g)));
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        while (buffer.length >= 2) {
            const opcode = buffer[0]! & 15;
            let len = buffer[1]! & 127;
            let offset = 2;
            if (len === 126) {
                len = buffer.readUInt16BE(2);
                offset = 4;
            } else if (len === 127) {
                len = Number(buffer.readBigUInt64BE(2));
                offset = 10;
            }
            if (buffer.length < offset + 4 + len) return;
            const mask = buffer.subarray(offset, offset + 4);
            const data = Buffer.from(buffer.subarray(offset + 4, offset + 4 + len).map((b, i) => b ^ mask[i % 4]!));
            buffer = buffer.subarray(offset + 4 + len);
            if (opcode === 8) {
                socket.end();
                return;
            }
            if (opcode !== 1) continue;
            let m: Record<string, unknown> | undefined;
            try {
                m = objectOf(JSON.parse(data.toString('utf8')));
            } catch {
                sendFrame(socket, JSON.stringify(err('bad_json', 'not JSON').body));
                continue;
            }
            if (m?.['type'] === 'ping') sendFrame(socket, JSON.stringify({ type: 'pong' }));
            else if (!seat) sendFrame(socket, JSON.stringify(err('bad_token', 'watchers cannot play').body));
            else if (m?.['type'] === 'move') {
                const r = playMove(g, seat, String(m['move']), m['ply']);
                if (r.status !== 200) sendFrame(socket, JSON.stringify(r.body));
            } else if (m?.['type'] === 'action') {
                const r = act(g, seat, m);
                if (r.status !== 200) sendFrame(socket, JSON.stringify(r.body));
            }
        }
    });
    socket.on('close', () => {
        g.sockets.delete(socket);
        if (seatEntry) {
            seatEntry.connected = false;
            broadcast(g, seatMessage(seatEntry));
        }
    });
    socket.on('error', () => g.sockets.delete(socket));
});

fixtures();
server.listen(PORT, '127.0.0.1', () => console.log(`MOCK citadel API (development only) on http://127.0.0.1:${PORT}`));
