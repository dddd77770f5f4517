// The families-and-children contract as the server answers it (docs/learn.md, "Families and
// children"): a family's key, its children (a name, an avatar and their progress), and one strict
// reader per answer, which names the first field that is wrong (schema.ts, as learn_contract.ts
// does). The app takes added fields; the tests and the development mock refuse them.

import {
    type Check,
    SchemaError,
    bool,
    checkWith,
    fail,
    int,
    isObject,
    list,
    mapOf,
    oneOf,
    record,
    str,
} from '../schema';

export { SchemaError };

// The avatars a child may have, in the order the picker shows them.
export const AVATARS = [
    'fox',
    'owl',
    'cat',
    'bear',
    'rabbit',
    'turtle',
    'lion',
    'panda',
    'penguin',
    'frog',
    'unicorn',
    'dragon',
] as const;
export type Avatar = (typeof AVATARS)[number];

// The most characters a name has once trimmed; the most children a family has (a class).
export const NAME_MAX = 24;
export const CHILDREN_MAX = 40;

// What the child gets wrong: an illegal move's reason id, or the goal a legal move missed; the
// lesson to go back to; how many times.
export type Mistake = ({ reason: string } | { goal: string }) & { lesson: string; count: number };

// One result, newest first in `recent`; `stars` with a solved one.
export interface Result {
    level: string;
    verdict: 'solved' | 'illegal' | 'wrong';
    stars?: 1 | 2 | 3;
    ms: number;
}

// The three fields a browser keeps for a child without a family (stars.ts), which is what
// POST .../progress takes.
export interface KeptProgress {
    levels: Record<string, 1 | 2 | 3>; // the best stars per level solved
    practice: Record<string, number>; // practice levels solved, per topic
    practice_recent: string[]; // the last practice levels solved
}

export interface Progress extends KeptProgress {
    mistakes: Mistake[]; // most often first
    recent: Result[]; // the last results, newest first
    last_ms: number; // the newest result's time, 0 for none
}

export interface Child {
    id: string;
    name: string;
    avatar: Avatar;
    created_ms: number;
    read_aloud: boolean; // Learn reads its texts by itself for this child, on every device
    progress: Progress;
}

export interface Family {
    children: Child[]; // oldest first
}

// POST /api/families: the new family, with its key (shown once: it is the family).
export interface NewFamily extends Family {
    key: string;
}

// ---- what the browser sends ----

// A family key: 32 bytes in base64url, 43 characters.
export const isFamilyKey = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]{43}$/.test(v);

export const isAvatar = (v: unknown): v is Avatar => AVATARS.includes(v as Avatar);

// A name as the server takes it: trimmed, 1 to NAME_MAX characters, no control characters; or
// undefined where it would be refused.
export function cleanName(name: string): string | undefined {
    const trimmed = name.trim();
    const length = [...trimmed].length;
    if (length < 1 || length > NAME_MAX || /\p{Cc}/u.test(trimmed)) return undefined;
    return trimmed;
}

// ---- reading ----

const id: Check = (v, w) => void ((typeof v === 'string' && v.length > 0) || fail(w, 'not an id'));
const count: Check = (v, w) => {
    int(v, w);
    if ((v as number) < 0) fail(w, 'below 0');
};
const positive: Check = (v, w) => {
    int(v, w);
    if ((v as number) < 1) fail(w, 'below 1');
};
const stars: Check = (v, w) => void ([1, 2, 3].includes(v as number) || fail(w, 'not 1, 2 or 3'));
const key: Check = (v, w) => void (isFamilyKey(v) || fail(w, 'not a family key (43 characters of base64url)'));

// Exactly one of `reason` and `goal`.
const MISTAKE: Check = (v, w) => {
    if (!isObject(v)) fail(w, 'not an object');
    const o = v as Record<string, unknown>;
    if ('reason' in o && 'goal' in o) fail(w, 'both a reason and a goal');
    record({ ['reason' in o ? 'reason' : 'goal']: id, lesson: id, count: positive })(v, w);
};

// `stars` with a solved result, none with another.
const RESULT: Check = (v, w) => {
    record({ level: id, verdict: oneOf('solved', 'illegal', 'wrong'), ms: count }, { stars })(v, w);
    const o = v as Record<string, unknown>;
    if (o['verdict'] === 'solved' && !('stars' in o)) fail(`${w}.stars`, 'missing');
    if (o['verdict'] !== 'solved' && 'stars' in o) fail(`${w}.stars`, 'not with a result that is not solved');
};

const PROGRESS = record({
    levels: mapOf(stars),
    practice: mapOf(count),
    practice_recent: list(id),
    mistakes: list(MISTAKE),
    recent: list(RESULT),
    last_ms: count,
});

const CHILD = record({
    id,
    name: str,
    avatar: oneOf(...AVATARS),
    created_ms: count,
    read_aloud: bool,
    progress: PROGRESS,
});

const FAMILY = record({ children: list(CHILD) });
const NEW_FAMILY = record({ key, children: list(CHILD) });
const DELETED = record({ deleted: id });

function read<T>(check: Check, v: unknown, where: string, strict: boolean): T {
    checkWith(check, v, where, strict);
    return v as T;
}

export const readChild = (v: unknown, strict = false): Child => read(CHILD, v, 'child', strict);
export const readFamily = (v: unknown, strict = false): Family => read(FAMILY, v, 'family', strict);
export const readNewFamily = (v: unknown, strict = false): NewFamily => read(NEW_FAMILY, v, 'family', strict);
export const readDeleted = (v: unknown, strict = false): { deleted: string } => read(DELETED, v, 'deleted', strict);
// What POST .../progress takes (the mock reads the requests with it).
export const readKeptProgress = (v: unknown, strict = false): KeptProgress =>
    read(record({ levels: mapOf(stars), practice: mapOf(count), practice_recent: list(id) }), v, 'progress', strict);
