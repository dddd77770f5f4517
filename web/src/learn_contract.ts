// The learning contract as the server answers it (docs/learn.md: the course, its lessons and
// levels, generated practice, the verdict on a move or an answer, hints, and the help for any
// position: escape and explain). The types, and one reader per answer, which checks it and names the first field that
// is wrong (schema.ts, as turn.ts does for the games). The app reads leniently about added fields
// (learn.md: "fields may be added"); the tests and the development mock read strictly.

import { type Variant, VARIANTS, parseSquare } from './geometry';
import { parseMove } from './notation';
import {
    type Check,
    SchemaError,
    bool,
    checkWith,
    exactly,
    fail,
    int,
    isObject,
    list,
    nullable,
    oneOf,
    record,
    str,
} from './schema';

export { SchemaError };

export type Arrow = [string, string];

// One lesson as the course map lists it.
export interface CourseLesson {
    id: string;
    title: string;
    summary: string;
    topics: string[];
    learn_steps: number;
    levels: string[]; // level ids, in order
    practice: string | null; // the practice topic that goes on from the lesson
}

export interface Course {
    lessons: CourseLesson[];
}

// One step of a lesson's explanation: a position with arrows and marked squares, and a short line
// the board plays to show it (`moves`, possibly empty).
export interface LearnStep {
    text: string;
    variant: Variant;
    fen: string;
    arrows: Arrow[];
    highlights: string[];
    moves: string[];
    // The squares of a king in check (ringed on the board): one list for the position, then one
    // after each of `moves`; the server says so, so that the client needs no rules.
    checks: string[][];
}

export type LevelKind = 'move' | 'choice';

export interface Choice {
    id: string;
    text: string;
}

export interface Level {
    id: string;
    lesson: string;
    kind: LevelKind;
    variant: Variant;
    fen: string;
    side: 'white' | 'black'; // the child's side, the side to move
    goal: string;
    // escape_check, mate_in_1, castle, answer; practice questions: can_castle, castle_condition,
    // en_passant_or_gone; more may be added (the grown-ups' view: family_goal_<id>, else family_goal_other)
    goal_id: string;
    par: number;
    choices: Choice[]; // empty for move levels
    check: string[]; // the squares of the side to move's king in check at the start
}

export interface Lesson {
    id: string;
    title: string;
    summary: string;
    tip: string; // for the grown-up
    topics: string[];
    learn: LearnStep[];
    levels: Level[];
    practice: string | null; // the practice topic that goes on from the lesson (/api/learn/practice)
}

// Fresh levels of a practice topic (GET /api/learn/practice): levels like any other, of the
// lesson "practice", whose ids work with the level, move and hint calls.
export interface Practice {
    levels: Level[];
    seed?: string; // the seed the server drew, asked for a child without one
    stage?: 0 | 1 | 2; // with it, the child's stage in the topic (how far along: which kinds)
}

// The answer to a move or a choice. On a choice level there is no move: `san`, `consequence` and
// `reply` may be left out (and are read when present).
// `recorded`: the verdict was kept as a child's result (a move sent with `child`).
interface Recorded {
    recorded?: true;
}
export interface IllegalVerdict extends Recorded {
    verdict: 'illegal';
    reason: string;
    message: string;
    arrows: Arrow[];
}
export interface WrongVerdict extends Recorded {
    verdict: 'wrong';
    san?: string;
    message: string;
    consequence: string[]; // the line that shows why, replayed and taken back
    arrows: Arrow[];
    highlights: string[];
    checks?: string[][]; // a move's: the kings in check after it, then after each consequence move
}
export interface GoodVerdict extends Recorded {
    verdict: 'good';
    san?: string;
    message: string;
    reply: string | null; // the opponent's answer, or null where the child moves again
    arrows: Arrow[];
    highlights: string[];
    checks?: string[][]; // a move's: the kings in check after it, then after the reply
}
export interface SolvedVerdict extends Recorded {
    verdict: 'solved';
    san?: string;
    message: string;
    stars: 1 | 2 | 3;
    arrows: Arrow[];
    highlights: string[];
    checks?: string[][]; // a move's: the kings in check after it
}
export type Verdict = IllegalVerdict | WrongVerdict | GoodVerdict | SolvedVerdict;

// A hint: step 1 points at the piece to move (a choice level: a sentence only), step 2 at the move
// (a choice level: the answer).
export interface Hint {
    message: string;
    square?: string; // move level, step 1
    move?: string; // move level, step 2
    choice?: string; // choice level, step 2
}

export interface Escape {
    in_check: boolean;
    checkers: string[];
    run: string[];
    block: string[];
    capture: string[];
    message: string;
}

export type Explain = { legal: true; san: string } | { legal: false; reason: string; message: string; arrows: Arrow[] };

// ---- reading -------------------------------------------------------------------------------

const square: Check = (v, w) =>
    void ((typeof v === 'string' && parseSquare(v) !== undefined) || fail(w, `not a square: ${JSON.stringify(v)}`));
const uci: Check = (v, w) =>
    void ((typeof v === 'string' && parseMove(v) !== undefined) || fail(w, `not a move: ${JSON.stringify(v)}`));
const arrow: Check = (v, w) => {
    list(square)(v, w);
    if ((v as unknown[]).length !== 2) fail(w, 'not a pair of squares');
};
const id: Check = (v, w) => void ((typeof v === 'string' && v.length > 0) || fail(w, 'not an id'));
const variant = oneOf(...VARIANTS);
// A practice topic: it becomes part of an address (/learn/practice/{topic}).
const topic: Check = (v, w) =>
    void ((typeof v === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(v)) || fail(w, `not a topic: ${JSON.stringify(v)}`));

// A step's `checks`: one list of squares more than it has moves.
const STEP: Check = (v, w) => {
    record({
        text: str,
        variant,
        fen: str,
        arrows: list(arrow),
        highlights: list(square),
        moves: list(uci),
        checks: list(list(square)),
    })(v, w);
    const o = v as { moves: unknown[]; checks: unknown[] };
    if (o.checks.length !== o.moves.length + 1) fail(`${w}.checks`, 'not one list more than the moves');
};

const LEVEL: Check = (v, w) => {
    record({
        id,
        lesson: id,
        kind: oneOf('move', 'choice'),
        variant,
        fen: str,
        side: oneOf('white', 'black'),
        goal: str,
        goal_id: str,
        par: int,
        choices: list(record({ id, text: str })),
        check: list(square),
    })(v, w);
    const o = v as Record<string, unknown>;
    if (o['kind'] === 'choice' && (o['choices'] as unknown[]).length === 0) fail(`${w}.choices`, 'empty');
    if (o['kind'] === 'move' && (o['choices'] as unknown[]).length !== 0) fail(`${w}.choices`, 'not empty');
};

const COURSE = record({
    lessons: list(
        record({
            id,
            title: str,
            summary: str,
            topics: list(str),
            learn_steps: int,
            levels: list(id),
            practice: nullable(topic),
        }),
    ),
});

const LESSON = record({
    id,
    title: str,
    summary: str,
    tip: str,
    topics: list(str),
    learn: list(STEP),
    levels: list(LEVEL),
    practice: nullable(topic),
});

// A seed: a whole number below 2^64, in decimal.
const seed: Check = (v, w) =>
    void ((typeof v === 'string' && /^\d{1,20}$/.test(v) && BigInt(v) < 2n ** 64n) || fail(w, 'not a seed'));

// A child's stage in a practice topic: 0, 1 or 2.
const stage: Check = (v, w) => void (v === 0 || v === 1 || v === 2 || fail(w, 'not a stage (0, 1 or 2)'));

// At least one level, each of the lesson "practice", no id twice.
const PRACTICE: Check = (v, w) => {
    record({ levels: list(LEVEL) }, { seed, stage })(v, w);
    const levels = (v as { levels: Level[] }).levels;
    if (levels.length === 0) fail(`${w}.levels`, 'empty');
    const seen = new Set<string>();
    levels.forEach((l, i) => {
        if (l.lesson !== 'practice') fail(`${w}.levels[${i}].lesson`, 'not "practice"');
        if (seen.has(l.id)) fail(`${w}.levels[${i}].id`, `"${l.id}" twice`);
        seen.add(l.id);
    });
};

const stars: Check = (v, w) => void ([1, 2, 3].includes(v as number) || fail(w, 'not 1, 2 or 3'));

// The verdicts, by their `verdict`; on a choice level without the move's fields.
function verdictCheck(kind: LevelKind, verdict: string): Check | undefined {
    const marks = { arrows: list(arrow), highlights: list(square) };
    const moveOnly = (fields: Record<string, Check>) => (kind === 'move' ? [fields, {}] : [{}, fields]);
    const recorded = { recorded: exactly(true) };
    switch (verdict) {
        case 'illegal':
            return record({ verdict: str, reason: str, message: str, arrows: list(arrow) }, recorded);
        case 'wrong': {
            const [req, opt] = moveOnly({ san: str, consequence: list(uci), checks: list(list(square)) });
            return record({ verdict: str, message: str, ...marks, ...req }, { ...opt, ...recorded });
        }
        case 'good': {
            const [req, opt] = moveOnly({ san: str, reply: nullable(uci), checks: list(list(square)) });
            return record({ verdict: str, message: str, ...marks, ...req }, { ...opt, ...recorded });
        }
        case 'solved': {
            const [req, opt] = moveOnly({ san: str, checks: list(list(square)) });
            return record({ verdict: str, message: str, stars, ...marks, ...req }, { ...opt, ...recorded });
        }
        default:
            return undefined;
    }
}

const hintCheck = (kind: LevelKind, step: 1 | 2): Check => {
    if (kind === 'move') return record(step === 1 ? { square, message: str } : { move: uci, message: str });
    return record(step === 1 ? { message: str } : { choice: id, message: str });
};

const ESCAPE = record({
    in_check: bool,
    checkers: list(square),
    run: list(uci),
    block: list(uci),
    capture: list(uci),
    message: str,
});

const EXPLAIN: Check = (v, w) => {
    if (!isObject(v)) fail(w, 'not an object');
    bool((v as Record<string, unknown>)['legal'], `${w}.legal`);
    if ((v as Record<string, unknown>)['legal'] === true) record({ legal: exactly(true), san: str })(v, w);
    else record({ legal: exactly(false), reason: str, message: str, arrows: list(arrow) })(v, w);
};

function read<T>(check: Check, v: unknown, where: string, strict: boolean): T {
    checkWith(check, v, where, strict);
    return v as T;
}

export const readCourse = (v: unknown, strict = false): Course => read(COURSE, v, 'course', strict);
export const readLesson = (v: unknown, strict = false): Lesson => read(LESSON, v, 'lesson', strict);
export const readLevel = (v: unknown, strict = false): Level => read(LEVEL, v, 'level', strict);
export const readPractice = (v: unknown, strict = false): Practice => read(PRACTICE, v, 'practice', strict);
export const readEscape = (v: unknown, strict = false): Escape => read(ESCAPE, v, 'escape', strict);
export const readExplain = (v: unknown, strict = false): Explain => read(EXPLAIN, v, 'explain', strict);

// The verdict on a move (`kind` 'move') or an answer ('choice').
export function readVerdict(v: unknown, kind: LevelKind, strict = false): Verdict {
    if (!isObject(v)) throw new SchemaError('verdict: not an object');
    const check = typeof v['verdict'] === 'string' ? verdictCheck(kind, v['verdict']) : undefined;
    if (!check) throw new SchemaError(`verdict.verdict: not one of illegal, wrong, good, solved`);
    return read(check, v, 'verdict', strict);
}

export const readHint = (v: unknown, kind: LevelKind, step: 1 | 2, strict = false): Hint =>
    read(hintCheck(kind, step), v, 'hint', strict);
