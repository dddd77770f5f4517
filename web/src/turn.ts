// The game contract as the server sends it: every step of a game ends in one Turn (the C++ side
// is src/game/turn.h, serialised by src/server/messages.cpp), and every live message is a Turn
// with the few fields of its own kind around it. This file is the one schema of those messages on
// the client: the types, and readMessage, which checks a message against them and names the
// first field that is wrong. web/tests/fixtures/ holds messages the server wrote; the tests read
// them here (tests/turn.test.ts), and the development mock serves the same ones. The checks it is
// built from are schema.ts's, shared with the course's readers (learn_contract.ts).

import { type Seat, type Variant, SEATS, VARIANTS } from './geometry';
import {
    type Check,
    SchemaError,
    bool,
    checkWith,
    fail,
    int,
    isObject,
    list,
    nullable,
    num,
    oneOf,
    record,
    str,
} from './schema';

export type DrawClaim = 'threefold_repetition' | 'fifty_move_rule';

export type EventKind =
    | 'check'
    | 'checkmate'
    | 'king_captured'
    | 'command'
    | 'alliance_proposed'
    | 'alliance_formed'
    | 'alliance_dissolved'
    | 'resignation'
    | 'draw_offered'
    | 'draw_accepted'
    | 'draw_declined'
    | 'draw_claimed'
    | 'flag'
    | 'game_over';

// What a player may ask for besides a move (the server's own 'flag' is not one of them).
export const PLAYER_ACTIONS = [
    'resign',
    'offer_draw',
    'accept_draw',
    'decline_draw',
    'claim_draw',
    'propose_alliance',
    'accept_alliance',
] as const;
export type Action = (typeof PLAYER_ACTIONS)[number];

// What a step caused: `player` is in check, `player` resigned, `other` takes command of `army`...
export interface TurnEvent {
    kind: EventKind;
    player?: Seat;
    other?: Seat;
    army?: Seat;
    text?: string; // a sentence, where the game has one (Four Kingdoms)
}

export interface ClaimMove {
    move: string;
    claims: DrawClaim[];
}

export interface Offers {
    draw: Seat[]; // the seats whose draw offer stands
    alliance: { from: Seat; to: Seat } | null; // the alliance proposal standing
}

export interface Turn {
    plies: number; // moves played
    fen: string;
    to_move: Seat;
    in_check: boolean;
    check_first: boolean; // Four Kingdoms: the player to move has the turn because it is in check
    legal_moves: string[]; // UCI text; none once the game is over
    claims: DrawClaim[]; // draws the player to move may claim now
    claim_moves: ClaimMove[]; // moves a draw may be claimed with (FIDE 9.2.1)
    offers: Offers;
    in_game: Seat[];
    commanders: Partial<Record<Seat, Seat | null>>; // who commands each army
    alliance: Seat[] | null;
    may_ally: Partial<Record<Seat, Seat[]>>; // the seats each seat may propose an alliance to now
    status: string; // 'ongoing' or how the game ended: 'checkmate', 'agreement', ...
    result: string; // '1-0', '*', 'e:2 s:1 w:1 n:0', 'es:1 wn:0'
    text: string; // the server's sentence (English)
    scores: Partial<Record<Seat, number>> | null;
    events: TurnEvent[];
}

// Each seat's remaining milliseconds, whose clock runs, and the time control.
export type Clock = { running: Seat | null; initial_ms: number; increment_ms: number } & Partial<Record<Seat, number>>;

export interface SeatInfo {
    seat: Seat;
    player: 'human' | 'engine';
    level: number | null;
    connected: boolean;
    take_back: boolean; // this seat may take back its moves (a game against the computer)
}

export interface StateMessage extends Turn {
    type: 'state';
    id: string;
    variant: Variant;
    start_fen: string;
    ply: number;
    moves: string[];
    san: string[];
    seats: SeatInfo[];
    clock: Clock | null;
    rematch: string | null; // the rematch's game id, once a player made it
}

// The game after `seat` took back `taken` moves: the whole state again, as its own kind of news.
export interface TakeBackMessage extends Omit<StateMessage, 'type'> {
    type: 'take_back';
    seat: Seat;
    taken: number;
}

// `seat` made the rematch: game `id` (each player asks for their own seat in it).
export interface RematchMessage {
    type: 'rematch';
    id: string;
    url: string;
    seat: Seat;
}

export interface MoveMessage extends Turn {
    type: 'move';
    ply: number; // moves played before it
    seat: Seat;
    move: string;
    san: string;
    clock: Clock | null;
}

export interface ActionMessage extends Turn {
    type: 'action';
    action: Action | 'flag';
    seat: Seat;
    with?: Seat;
    move?: string; // a claim's move
    clock: Clock | null;
}

export interface EndMessage {
    type: 'end';
    status: string;
    result: string;
    scores: Partial<Record<Seat, number>> | null;
    text: string;
}

export interface SeatMessage {
    type: 'seat';
    seat: Seat;
    connected: boolean;
}

export interface ErrorMessage {
    type: 'error';
    code: string;
    message: string;
    reason?: string; // illegal_move: the rules core's reason id; a refused start position: its rule
    field?: string; // a start position the server could not read: the part that is wrong
    arrows?: [string, string][]; // illegal_move: what the explanation points at
    ply?: number; // stale_ply: the moves played
}

export type ServerMessage =
    | StateMessage
    | TakeBackMessage
    | RematchMessage
    | MoveMessage
    | ActionMessage
    | EndMessage
    | SeatMessage
    | ErrorMessage
    | { type: 'pong' };

// ---- reading -------------------------------------------------------------------------------

export { SchemaError };

const seat: Check = (v, w) => void (SEATS.includes(v as Seat) || fail(w, `not a seat: ${JSON.stringify(v)}`));
const seatMap =
    (c: Check): Check =>
    (v, w) => {
        if (!isObject(v)) fail(w, 'not an object');
        for (const [k, e] of Object.entries(v as object)) {
            seat(k, `${w} key`);
            c(e, `${w}.${k}`);
        }
    };

const DRAW_CLAIMS = ['threefold_repetition', 'fifty_move_rule'];
export const EVENT_KINDS: readonly EventKind[] = [
    'check',
    'checkmate',
    'king_captured',
    'command',
    'alliance_proposed',
    'alliance_formed',
    'alliance_dissolved',
    'resignation',
    'draw_offered',
    'draw_accepted',
    'draw_declined',
    'draw_claimed',
    'flag',
    'game_over',
];

const clock: Check = (v, w) => {
    if (v === null) return;
    if (!isObject(v)) fail(w, 'not an object');
    const o = v as Record<string, unknown>;
    nullable(seat)(o['running'], `${w}.running`);
    int(o['initial_ms'], `${w}.initial_ms`);
    int(o['increment_ms'], `${w}.increment_ms`);
    for (const [k, e] of Object.entries(o))
        if (!['running', 'initial_ms', 'increment_ms'].includes(k)) {
            seat(k, `${w} key`);
            num(e, `${w}.${k}`);
        }
};

const TURN: Record<string, Check> = {
    plies: int,
    fen: str,
    to_move: seat,
    in_check: bool,
    check_first: bool,
    legal_moves: list(str),
    claims: list(oneOf(...DRAW_CLAIMS)),
    claim_moves: list(record({ move: str, claims: list(oneOf(...DRAW_CLAIMS)) })),
    offers: record({ draw: list(seat), alliance: nullable(record({ from: seat, to: seat })) }),
    in_game: list(seat),
    commanders: seatMap(nullable(seat)),
    alliance: nullable(list(seat)),
    may_ally: seatMap(list(seat)),
    status: str,
    result: str,
    text: str,
    scores: nullable(seatMap(num)),
    events: list(record({ kind: oneOf(...EVENT_KINDS) }, { player: seat, other: seat, army: seat, text: str })),
};

const STATE = {
    ...TURN,
    type: str,
    id: str,
    variant: oneOf(...VARIANTS),
    start_fen: str,
    ply: int,
    moves: list(str),
    san: list(str),
    clock,
    seats: list(
        record({ seat, player: oneOf('human', 'engine'), level: nullable(int), connected: bool, take_back: bool }),
    ),
    rematch: nullable(str),
};

const MESSAGES: Record<string, Check> = {
    state: record(STATE),
    take_back: record({ ...STATE, seat, taken: int }),
    rematch: record({ type: str, id: str, url: str, seat }),
    move: record({ ...TURN, type: str, ply: int, seat, move: str, san: str, clock }),
    action: record(
        { ...TURN, type: str, action: oneOf(...PLAYER_ACTIONS, 'flag'), seat, clock },
        { with: seat, move: str },
    ),
    end: record({ type: str, status: str, result: str, scores: nullable(seatMap(num)), text: str }),
    seat: record({ type: str, seat, connected: bool }),
    error: record(
        { type: str, code: str, message: str },
        {
            reason: str,
            field: str,
            arrows: list((v, w) => (list(str)(v, w), (v as unknown[]).length === 2 || fail(w, 'not a pair'))),
            ply: int,
        },
    ),
    pong: record({ type: str }),
};

// The message `v` as the contract says it, or a SchemaError naming what is wrong. `strict`: a
// field the schema does not name is wrong too.
export function readMessage(v: unknown, strict = false): ServerMessage {
    if (!isObject(v) || typeof v['type'] !== 'string')
        throw new SchemaError('message: not an object with a string type');
    const check = MESSAGES[v['type']];
    if (!check) throw new SchemaError(`message: unknown type ${JSON.stringify(v['type'])}`);
    checkWith(check, v, v['type'], strict);
    return v as unknown as ServerMessage;
}
