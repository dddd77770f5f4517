// MOCK ONLY — the development mock's families and children (docs/learn.md, "Families and
// children"), NOT the real server's: every route of the contract, kept in memory for the mock's
// life. Keys are 32 random bytes in base64url, kept as their SHA-256 as the server does; a missing
// or wrong key is `403 unknown_family`; names and avatars are checked as the contract says; the
// moves of a level sent with `child` are recorded to the child (mock-server.ts asks here), and a
// child's practice skips the levels it has a result for. Every answer goes through the client's
// strict reader (src/family/contract.ts) before it is sent.

import { createHash, randomBytes } from 'node:crypto';
import {
    AVATARS,
    type Avatar,
    CHILDREN_MAX,
    type Child,
    type KeptProgress,
    type Mistake,
    type Result,
    SchemaError,
    cleanName,
    isAvatar,
    readChild,
    readDeleted,
    readFamily,
    readKeptProgress,
    readNewFamily,
} from '../src/family/contract';
import type { Verdict } from '../src/learn_contract';
import { readMessage } from '../src/turn';
import type { Answer, LevelFacts } from './mock-learn';

interface MockFamily {
    children: Child[];
    tried: Map<string, Set<string>>; // per child: the levels it has a result for
}

// By the SHA-256 of the key.
const families = new Map<string, MockFamily>();
// When each client address made a family, for the limit (10 an hour).
const made = new Map<string, number[]>();
const MADE_PER_HOUR = 10;
const RECENT_RESULTS = 50;
const RECENT_PRACTICE = 200;

const STATUS: Record<string, number> = {
    bad_json: 400,
    bad_request: 400,
    unknown_family: 403,
    unknown_child: 404,
    action_refused: 409,
    rate_limited: 429,
};

function error(code: string, message: string): Answer {
    return { status: STATUS[code] ?? 400, body: readMessage({ type: 'error', code, message }, true) };
}
const unknown = () => error('unknown_family', 'no family has this key');

// `v` as the strict reader `read` takes it, after a trip through JSON (what is sent).
const checked = <T>(read: (v: unknown, strict: boolean) => T, v: T): T => read(JSON.parse(JSON.stringify(v)), true);

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

// The family an `Authorization: Bearer <key>` header holds.
function familyOf(authorization: string | undefined): MockFamily | undefined {
    const key = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(authorization ?? '')?.[1];
    return key ? families.get(hashOf(key)) : undefined;
}

// The child `id` of the family the header holds, or the 403 (a wrong key and another family's
// child are the same answer).
export function childOf(authorization: string | undefined, id: unknown): { family: MockFamily; child: Child } | Answer {
    const family = familyOf(authorization);
    const child = family?.children.find((c) => c.id === id);
    return family && child ? { family, child } : unknown();
}

// The levels a child has a result for.
export const triedBy = (found: { family: MockFamily; child: Child }): ReadonlySet<string> =>
    found.family.tried.get(found.child.id) ?? new Set();

// A move's verdict kept as the child's result: solved with its stars (a practice level counted
// once for its topic), illegal with its reason, wrong with the level's goal; good is not kept.
export function record(found: { family: MockFamily; child: Child }, level: string, facts: LevelFacts, v: Verdict) {
    if (v.verdict === 'good') return;
    const p = found.child.progress;
    const ms = Date.now();
    if (v.verdict === 'solved') {
        if (facts.topic) {
            if (!p.practice_recent.includes(level)) {
                p.practice[facts.topic] = (p.practice[facts.topic] ?? 0) + 1;
                p.practice_recent = [...p.practice_recent, level].slice(-RECENT_PRACTICE);
            }
        } else p.levels[level] = Math.max(p.levels[level] ?? 0, v.stars) as 1 | 2 | 3;
    } else {
        const what = v.verdict === 'illegal' ? { reason: v.reason } : { goal: facts.goal_id };
        const same = (m: Mistake) =>
            m.lesson === facts.lesson &&
            ('reason' in what ? 'reason' in m && m.reason === what.reason : 'goal' in m && m.goal === what.goal);
        const known = p.mistakes.find(same);
        if (known) known.count++;
        else p.mistakes.push({ ...what, lesson: facts.lesson, count: 1 });
        p.mistakes.sort((a, b) => b.count - a.count); // most often first (a stable sort keeps ties' order)
    }
    const result: Result =
        v.verdict === 'solved' ? { level, verdict: 'solved', stars: v.stars, ms } : { level, verdict: v.verdict, ms };
    p.recent = [result, ...p.recent].slice(0, RECENT_RESULTS);
    p.last_ms = ms;
    const tried = found.family.tried.get(found.child.id) ?? new Set<string>();
    found.family.tried.set(found.child.id, tried.add(level));
}

// A name or an avatar as sent: the clean value, or the bad_request naming the field.
function nameOf(v: unknown): string | Answer {
    const clean = typeof v === 'string' ? cleanName(v) : undefined;
    return clean ?? error('bad_request', 'name: 1 to 24 characters once trimmed, no control characters');
}
function avatarOf(v: unknown): Avatar | Answer {
    return isAvatar(v) ? v : error('bad_request', `avatar: one of ${AVATARS.join(', ')}`);
}
const isAnswer = (v: unknown): v is Answer => typeof v === 'object' && v !== null && 'status' in v;

function newChild(name: string, avatar: Avatar): Child {
    return {
        id: randomBytes(6).toString('base64url'),
        name,
        avatar,
        created_ms: Date.now(),
        read_aloud: true,
        progress: { levels: {}, practice: {}, practice_recent: [], mistakes: [], recent: [], last_ms: 0 },
    };
}

// The best stars and the larger counts win; the practice levels solved are both lists'.
function merge(child: Child, kept: KeptProgress): void {
    const p = child.progress;
    for (const [id, n] of Object.entries(kept.levels)) p.levels[id] = Math.max(p.levels[id] ?? 0, n) as 1 | 2 | 3;
    for (const [topic, n] of Object.entries(kept.practice)) p.practice[topic] = Math.max(p.practice[topic] ?? 0, n);
    const known = new Set(p.practice_recent);
    p.practice_recent = [...p.practice_recent, ...kept.practice_recent.filter((id) => !known.has(id))].slice(
        -RECENT_PRACTICE,
    );
}

// The answer to a family route (/api/families, /api/family/…), or undefined for any other path.
// `body`: the parsed JSON (undefined: none or not JSON); `address`: the client's.
export function familyAnswer(
    method: string,
    path: string,
    authorization: string | undefined,
    body: Record<string, unknown> | undefined,
    address: string,
): Answer | undefined {
    if (path === '/api/families') {
        if (method !== 'POST') return error('bad_request', 'POST /api/families makes a family');
        const now = Date.now();
        const times = (made.get(address) ?? []).filter((ms) => now - ms < 3600_000);
        if (times.length >= MADE_PER_HOUR)
            return error('rate_limited', 'too many families made from here; wait a while');
        made.set(address, [...times, now]);
        const key = randomBytes(32).toString('base64url');
        families.set(hashOf(key), { children: [], tried: new Map() });
        return { status: 201, body: checked(readNewFamily, { key, children: [] }) };
    }
    const parts = path.split('/').filter(Boolean); // api, family, children, {id}, progress
    if (parts[1] !== 'family') return undefined;
    const family = familyOf(authorization);
    if (!family) return unknown();
    if (method === 'GET' && parts.length === 2)
        return { status: 200, body: checked(readFamily, { children: family.children }) };
    if (parts[2] !== 'children') return error('bad_request', 'no such family route');
    if (method === 'POST' && parts.length === 3) {
        if (!body) return error('bad_json', 'the body is not JSON');
        const name = nameOf(body['name']);
        if (isAnswer(name)) return name;
        const avatar = avatarOf(body['avatar']);
        if (isAnswer(avatar)) return avatar;
        if (family.children.length >= CHILDREN_MAX)
            return error('action_refused', `a family has at most ${CHILDREN_MAX} children`);
        const child = newChild(name, avatar);
        family.children.push(child);
        return { status: 201, body: checked(readChild, child) };
    }
    const child = family.children.find((c) => c.id === parts[3]);
    if (!child) return error('unknown_child', `this family has no child with the id '${parts[3] ?? ''}'`);
    if (method === 'PUT' && parts.length === 4) {
        if (!body) return error('bad_json', 'the body is not JSON');
        const name = 'name' in body ? nameOf(body['name']) : child.name;
        if (isAnswer(name)) return name;
        const avatar = 'avatar' in body ? avatarOf(body['avatar']) : child.avatar;
        if (isAnswer(avatar)) return avatar;
        const readAloud = body['read_aloud'] ?? child.read_aloud;
        if (typeof readAloud !== 'boolean') return error('bad_request', 'read_aloud: true or false');
        Object.assign(child, { name, avatar, read_aloud: readAloud });
        return { status: 200, body: checked(readChild, child) };
    }
    if (method === 'DELETE' && parts.length === 4) {
        family.children = family.children.filter((c) => c !== child);
        family.tried.delete(child.id);
        return { status: 200, body: checked(readDeleted, { deleted: child.id }) };
    }
    if (method === 'POST' && parts.length === 5 && parts[4] === 'progress') {
        if (!body) return error('bad_json', 'the body is not JSON');
        try {
            merge(child, readKeptProgress(body, true));
        } catch (e) {
            if (e instanceof SchemaError) return error('bad_request', e.message);
            throw e;
        }
        return { status: 200, body: checked(readChild, child) };
    }
    return error('bad_request', 'no such family route');
}
