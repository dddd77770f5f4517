// The family (docs/learn.md, "Families and children"): the strict readers of a child, a family and
// the other answers (malformed and hostile input refused with the field named), names as the
// server takes them, the calls (the key only in the Authorization header), this browser's memory
// of its family, the stars kept per child and merged as the server merges, the moves and practice
// sent for a child, the routes, and a mistake in words for the grown-ups.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { familyApi, isUnknownFamily } from '../src/family/api';
import {
    AVATARS,
    SchemaError,
    cleanName,
    isFamilyKey,
    readChild,
    readDeleted,
    readFamily,
    readKeptProgress,
    readNewFamily,
} from '../src/family/contract';
import {
    type KeptStorage,
    chooseChild,
    forChild,
    forgetFamily,
    loadFamily,
    markStarsOffered,
    saveFamily,
    starsOffered,
} from '../src/family/memory';
import { setLanguage, t } from '../src/i18n';
import { readLevel, readPractice, readVerdict } from '../src/learn_contract';
import { learnApi } from '../src/learn_api';
import { FAMILY_PATH, GROWNUPS_PATH, familyLink, linkedKey, route } from '../src/router';
import { mistakeText } from '../src/screens/family/grownups';
import {
    RECENT_PRACTICE,
    hasProgress,
    keptProgress,
    loadStarFile,
    loadStars,
    mergeProgress,
    mergedProgress,
    ownStarFile,
    recordPractice,
    recordStars,
    starKey,
} from '../src/screens/learn/stars';
import { LEVEL } from './level_fixture';

const KEY = 'xZ0hD8QmeboZ6KAoQrheBQ4OYWFOLG6MViatAiswtms';

const CHILD = {
    id: 'k3Jx9aQ2',
    name: 'Linh',
    avatar: 'fox',
    created_ms: 1796000000000,
    read_aloud: true,
    progress: {
        levels: { 'check-1': 3 },
        practice: { checkmate: 12 },
        practice_recent: ['practice-mate_in_1-7-0'],
        mistakes: [
            { reason: 'castling_in_check', lesson: 'castling', count: 4 },
            { goal: 'mate_in_1', lesson: 'checkmate', count: 2 },
        ],
        recent: [{ level: 'check-2', verdict: 'solved', stars: 2, ms: 1796000000000 }],
        last_ms: 1796000000000,
    },
};

// CHILD with `change` made at `path` (a dotted path; undefined deletes the field).
function childWith(path: string, value: unknown): unknown {
    const copy = JSON.parse(JSON.stringify(CHILD)) as Record<string, unknown>;
    const names = path.split('.');
    let at = copy;
    for (const n of names.slice(0, -1)) at = at[n] as Record<string, unknown>;
    const last = names.at(-1)!;
    if (value === undefined) delete at[last];
    else at[last] = value;
    return copy;
}

const refusal = (read: () => unknown): string => {
    try {
        read();
    } catch (e) {
        if (e instanceof SchemaError) return e.message;
        throw e;
    }
    return 'read';
};

describe('the readers', () => {
    it('read the contract’s child, family, new family and deletion strictly', () => {
        expect(readChild(CHILD, true)).toEqual(CHILD);
        expect(readFamily({ children: [CHILD] }, true).children).toHaveLength(1);
        expect(readNewFamily({ key: KEY, children: [] }, true).key).toBe(KEY);
        expect(readDeleted({ deleted: 'k3Jx9aQ2' }, true).deleted).toBe('k3Jx9aQ2');
        expect(
            readKeptProgress({ levels: { a: 1 }, practice: { checkmate: 0 }, practice_recent: [] }, true).levels,
        ).toEqual({ a: 1 });
    });
    it('name the first wrong field of a malformed child', () => {
        const cases: [string, unknown, string][] = [
            ['id', undefined, 'child.id: missing'],
            ['id', '', 'child.id: not an id'],
            ['name', 7, 'child.name: not a string'],
            ['avatar', 'dog', 'child.avatar: not one of fox, owl'],
            ['created_ms', -1, 'child.created_ms: below 0'],
            ['created_ms', 1.5, 'child.created_ms: not an integer'],
            ['progress', [], 'child.progress: not an object'],
            ['progress.levels', { 'check-1': 4 }, 'child.progress.levels.check-1: not 1, 2 or 3'],
            ['progress.levels', [3], 'child.progress.levels: not an object'],
            ['progress.practice', { checkmate: -2 }, 'child.progress.practice.checkmate: below 0'],
            ['progress.practice', { checkmate: '12' }, 'child.progress.practice.checkmate: not an integer'],
            ['progress.practice_recent', [7], 'child.progress.practice_recent[0]: not an id'],
            ['progress.mistakes', [{ lesson: 'x', count: 1 }], 'child.progress.mistakes[0].goal: missing'],
            [
                'progress.mistakes',
                [{ reason: 'a', goal: 'b', lesson: 'x', count: 1 }],
                'child.progress.mistakes[0]: both a reason and a goal',
            ],
            [
                'progress.mistakes',
                [{ reason: 'a', lesson: 'x', count: 0 }],
                'child.progress.mistakes[0].count: below 1',
            ],
            ['progress.mistakes', ['castling'], 'child.progress.mistakes[0]: not an object'],
            ['progress.recent', [{ level: 'a', verdict: 'solved', ms: 1 }], 'child.progress.recent[0].stars: missing'],
            [
                'progress.recent',
                [{ level: 'a', verdict: 'illegal', stars: 1, ms: 1 }],
                'child.progress.recent[0].stars: not with a result that is not solved',
            ],
            [
                'progress.recent',
                [{ level: 'a', verdict: 'good', ms: 1 }],
                'child.progress.recent[0].verdict: not one of solved, illegal, wrong',
            ],
            ['progress.last_ms', null, 'child.progress.last_ms: not an integer'],
        ];
        for (const [path, value, said] of cases)
            expect(
                refusal(() => readChild(childWith(path, value))),
                path,
            ).toContain(said);
    });
    it('refuse what is not a family, a key or a deletion', () => {
        for (const v of [null, [], 'family', 7, { children: {} }])
            expect(
                refusal(() => readFamily(v)),
                JSON.stringify(v),
            ).not.toBe('read');
        expect(refusal(() => readNewFamily({ key: KEY.slice(1), children: [] }))).toContain(
            'family.key: not a family key',
        );
        expect(refusal(() => readNewFamily({ key: `${KEY.slice(1)}+`, children: [] }))).toContain('family.key');
        expect(refusal(() => readNewFamily({ children: [] }))).toBe('family.key: missing');
        expect(refusal(() => readDeleted({ deleted: 3 }))).toBe('deleted.deleted: not an id');
        expect(refusal(() => readKeptProgress({ levels: {}, practice: {} }))).toBe('progress.practice_recent: missing');
    });
    it('take added fields in the app and refuse them in the tests and the mock', () => {
        const more = { ...CHILD, colour: 'red' };
        expect(readChild(more).name).toBe('Linh');
        expect(refusal(() => readChild(more, true))).toBe('child.colour: not a field of this message');
    });
    it('keep hostile text as text and odd keys as map keys, not as an object’s own workings', () => {
        const hostile = JSON.parse(
            '{"id":"<b>x</b>","name":"<img src=x onerror=alert(1)>","avatar":"owl","created_ms":0,"read_aloud":true,' +
                '"progress":{"levels":{"__proto__":3,"constructor":1},"practice":{},"practice_recent":[],' +
                '"mistakes":[],"recent":[],"last_ms":0}}',
        ) as unknown;
        const child = readChild(hostile, true);
        expect(child.name).toBe('<img src=x onerror=alert(1)>');
        expect(Object.entries(child.progress.levels)).toEqual([
            ['__proto__', 3],
            ['constructor', 1],
        ]);
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
        expect(
            refusal(() => readChild(JSON.parse(JSON.stringify(hostile).replace('"__proto__":3', '"__proto__":{}')))),
        ).toContain('child.progress.levels.__proto__: not 1, 2 or 3');
    });
    it('read a recorded verdict and a practice round with the seed the server drew', () => {
        const v = { verdict: 'illegal', reason: 'r', message: 'No.', arrows: [], recorded: true };
        expect(readVerdict(v, 'move', true).recorded).toBe(true);
        expect(refusal(() => readVerdict({ ...v, recorded: false }, 'move', true))).toBe('verdict.recorded: not true');
        const level = { ...readLevel(LEVEL), lesson: 'practice' };
        expect(readPractice({ levels: [level], seed: '18446744073709551615' }, true).seed).toBe('18446744073709551615');
        expect(refusal(() => readPractice({ levels: [level], seed: '18446744073709551616' }, true))).toBe(
            'practice.seed: not a seed',
        );
        expect(refusal(() => readPractice({ levels: [level], seed: 7 }, true))).toBe('practice.seed: not a seed');
        expect(readPractice({ levels: [level], seed: '7', stage: 0 }, true).stage).toBe(0);
        expect(refusal(() => readPractice({ levels: [level], seed: '7', stage: 3 }, true))).toBe(
            'practice.stage: not a stage (0, 1 or 2)',
        );
    });
});

describe('names and keys', () => {
    it('take a name as the server does: trimmed, 1 to 24 characters, no control characters', () => {
        expect(cleanName('  Linh ')).toBe('Linh');
        expect(cleanName('Nguyễn Thị Minh Khai')).toBe('Nguyễn Thị Minh Khai');
        expect(cleanName('小明')).toBe('小明');
        expect(cleanName('🦊'.repeat(24))).toBe('🦊'.repeat(24)); // characters, not UTF-16 units
        expect(cleanName('a'.repeat(25))).toBeUndefined();
        expect(cleanName('   ')).toBeUndefined();
        expect(cleanName('')).toBeUndefined();
        expect(cleanName('Li\u0000nh')).toBeUndefined();
        expect(cleanName('Li\nnh')).toBeUndefined();
    });
    it('know a key by its form: 43 characters of base64url', () => {
        expect(isFamilyKey(KEY)).toBe(true);
        expect(isFamilyKey(KEY.slice(1))).toBe(false);
        expect(isFamilyKey(`${KEY}A`)).toBe(false);
        expect(isFamilyKey(KEY.replace('x', '/'))).toBe(false);
        expect(isFamilyKey(undefined)).toBe(false);
    });
    it('have twelve avatars, each named in every language', () => {
        expect(AVATARS).toHaveLength(12);
        for (const lang of ['en', 'zh', 'vi'] as const) {
            setLanguage(lang);
            for (const a of AVATARS) expect(t(`family_avatar_${a}`)).not.toBe('');
        }
        setLanguage('en');
    });
});

function memory(entries: Record<string, string> = {}): KeptStorage & { data: Map<string, string> } {
    const data = new Map(Object.entries(entries));
    return {
        data,
        getItem: (k) => data.get(k) ?? null,
        setItem: (k, v) => void data.set(k, v),
        removeItem: (k) => void data.delete(k),
    };
}
const LINH = { id: 'k3Jx9aQ2', name: 'Linh', avatar: 'fox' as const, read_aloud: true };

describe('the memory of the family', () => {
    it('keeps the key and the child learning, and forgets them', () => {
        const s = memory();
        expect(loadFamily(s)).toBeUndefined();
        saveFamily({ key: KEY, child: null }, s);
        expect(loadFamily(s)).toEqual({ key: KEY, child: null });
        expect(forChild(s)).toBeUndefined();
        chooseChild({ ...LINH, created_ms: 1 } as never, s);
        expect(JSON.parse(s.data.get('citadel.family')!)).toEqual({ key: KEY, child: LINH });
        expect(forChild(s)).toEqual({ key: KEY, child: LINH.id });
        chooseChild(null, s);
        expect(loadFamily(s)?.child).toBeNull();
        forgetFamily(s);
        expect(loadFamily(s)).toBeUndefined();
        chooseChild(LINH, s); // no family: nobody to choose
        expect(loadFamily(s)).toBeUndefined();
    });
    it('keeps whether the child has texts read by itself; a memory from before reads aloud', () => {
        const s = memory();
        saveFamily({ key: KEY, child: null }, s);
        chooseChild({ ...LINH, read_aloud: false }, s);
        expect(loadFamily(s)?.child?.read_aloud).toBe(false);
        s.data.set('citadel.family', JSON.stringify({ key: KEY, child: { id: 'a', name: 'b', avatar: 'fox' } }));
        expect(loadFamily(s)?.child?.read_aloud).toBe(true);
    });
    it('ignores what it cannot trust', () => {
        for (const bad of [
            'not json',
            'null',
            '[]',
            '{}',
            `{"key":"${KEY.slice(2)}","child":null}`,
            `{"key":7}`,
            `{"child":{"id":"a","name":"b","avatar":"fox"}}`,
        ])
            expect(loadFamily(memory({ 'citadel.family': bad })), bad).toBeUndefined();
        // a child that is not one is nobody chosen; the family stays
        for (const child of ['"Linh"', '{"id":"","name":"b","avatar":"fox"}', '{"id":"a","name":"b","avatar":"dog"}'])
            expect(loadFamily(memory({ 'citadel.family': `{"key":"${KEY}","child":${child}}` }))).toEqual({
                key: KEY,
                child: null,
            });
    });
    it('remembers that the browser’s stars were offered', () => {
        const s = memory();
        expect(starsOffered(s)).toBe(false);
        markStarsOffered(s);
        expect(starsOffered(s)).toBe(true);
    });
});

describe('the stars of the one learning', () => {
    it('are the browser’s own without a child, the child’s copy with one', () => {
        const s = memory();
        recordStars('check-1', 2, s);
        expect(starKey(s)).toBe('citadel.learn.stars');
        saveFamily({ key: KEY, child: LINH }, s);
        expect(starKey(s)).toBe('citadel.learn.stars.k3Jx9aQ2');
        expect(loadStars(s)).toEqual({}); // the child's own, not the browser's
        recordStars('mate-1', 3, s);
        recordPractice('checkmate', 'practice-mate_in_1-7-0', s);
        expect(loadStars(s)).toEqual({ 'mate-1': 3 });
        expect(ownStarFile(s).levels).toEqual({ 'check-1': 2 });
        chooseChild(null, s);
        expect(loadStars(s)).toEqual({ 'check-1': 2 });
    });
    it('merge as the server does: the best stars, the larger counts, each level once', () => {
        const file = { levels: { a: 3, b: 1 } as const, practice: { checkmate: 4 }, recent: ['p1', 'p2'] };
        const merged = mergedProgress(
            { ...file, levels: { ...file.levels } },
            { levels: { a: 1, b: 2, c: 3 }, practice: { checkmate: 2, castling: 5 }, practice_recent: ['p0', 'p2'] },
        );
        expect(merged).toEqual({
            levels: { a: 3, b: 2, c: 3 },
            practice: { checkmate: 4, castling: 5 },
            recent: ['p0', 'p1', 'p2'],
        });
        expect(mergedProgress(merged, keptProgress(merged))).toEqual(merged); // twice changes nothing
        const long = Array.from({ length: RECENT_PRACTICE }, (_, i) => `x${i}`);
        expect(mergedProgress(merged, { levels: {}, practice: {}, practice_recent: long }).recent).toHaveLength(
            RECENT_PRACTICE,
        );
    });
    it('take the server’s progress into the child’s copy', () => {
        const s = memory();
        saveFamily({ key: KEY, child: LINH }, s);
        recordStars('check-1', 1, s);
        mergeProgress(readChild(CHILD).progress, s);
        expect(loadStarFile(s)).toEqual({
            levels: { 'check-1': 3 },
            practice: { checkmate: 12 },
            recent: ['practice-mate_in_1-7-0'],
        });
        expect(hasProgress(ownStarFile(s))).toBe(false);
    });
});

describe('the calls', () => {
    afterEach(() => {
        vi.unstubAllGlobals();
    });
    type Asked = { method: string; url: string; body: unknown; authorization: string | null };
    // fetch answers each request with the next of `bodies` (the last one again when they run out).
    function answer(status: number, ...bodies: unknown[]): Asked[] {
        const asked: Asked[] = [];
        vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
            const body = bodies[Math.min(asked.length, bodies.length - 1)];
            asked.push({
                method: init.method ?? 'GET',
                url,
                body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
                authorization: new Headers(init.headers).get('Authorization'),
            });
            return Promise.resolve(new Response(JSON.stringify(body), { status }));
        });
        return asked;
    }
    it('make a family without a key, and send the key only in the header', async () => {
        let asked = answer(201, { key: KEY, children: [] });
        expect((await familyApi.create()).key).toBe(KEY);
        expect(asked).toEqual([{ method: 'POST', url: '/api/families', body: {}, authorization: null }]);
        asked = answer(200, { children: [CHILD] }, CHILD, CHILD, CHILD, { deleted: 'k3Jx9aQ2' });
        expect((await familyApi.get(KEY)).children[0]!.name).toBe('Linh');
        await familyApi.addChild(KEY, 'Linh', 'fox');
        await familyApi.changeChild(KEY, 'k3/x', { name: 'Lan' });
        await familyApi.mergeProgress(KEY, 'k3Jx9aQ2', { levels: {}, practice: {}, practice_recent: [] });
        await familyApi.removeChild(KEY, 'k3Jx9aQ2');
        expect(asked.map((a) => `${a.method} ${a.url}`)).toEqual([
            'GET /api/family',
            'POST /api/family/children',
            'PUT /api/family/children/k3%2Fx',
            'POST /api/family/children/k3Jx9aQ2/progress',
            'DELETE /api/family/children/k3Jx9aQ2',
        ]);
        for (const a of asked) {
            expect(a.authorization).toBe(`Bearer ${KEY}`);
            expect(a.url).not.toContain(KEY);
        }
        expect(asked[1]!.body).toEqual({ name: 'Linh', avatar: 'fox' });
    });
    it('refuse a deletion of another child, and say when no family has the key', async () => {
        answer(200, { deleted: 'other' });
        await expect(familyApi.removeChild(KEY, 'k3Jx9aQ2')).rejects.toThrow(SchemaError);
        answer(403, { type: 'error', code: 'unknown_family', message: 'no family has this key' });
        expect(isUnknownFamily(await familyApi.get(KEY).catch((e: unknown) => e))).toBe(true);
        answer(404, { type: 'error', code: 'not_found', message: 'x' });
        expect(isUnknownFamily(await familyApi.get(KEY).catch((e: unknown) => e))).toBe(false);
    });
    it('send a child’s move with its id and the key, and ask practice for the child', async () => {
        const level = readLevel(LEVEL);
        const asked = answer(200, { verdict: 'illegal', reason: 'r', message: 'No.', arrows: [], recorded: true });
        await learnApi.attempt(level, [], { move: 'e1e2' }, { mistakes: 0, hints: 0 }, 'en', {
            key: KEY,
            child: LINH.id,
        });
        expect(asked[0]).toEqual({
            method: 'POST',
            url: '/api/learn/levels/check-1/move',
            body: { line: [], move: 'e1e2', lang: 'en', mistakes: 0, hints: 0, child: LINH.id },
            authorization: `Bearer ${KEY}`,
        });
        const practice = answer(200, { levels: [{ ...LEVEL, lesson: 'practice' }] });
        await learnApi.practice('checkmate', 5, '7', 'en', { key: KEY, child: LINH.id });
        await learnApi.practice('checkmate', 5, '7', 'en'); // another round: the browser's own
        // A child's new round: no seed, the server draws one the child has never met.
        await learnApi.practice('checkmate', 5, undefined, 'en', { key: KEY, child: LINH.id });
        await learnApi.practice('checkmate', 5, '9', 'en', { key: KEY, child: LINH.id }, 2); // its address again
        expect(practice.map((a) => [a.url, a.authorization])).toEqual([
            [`/api/learn/practice?topic=checkmate&count=5&seed=7&lang=en&child=${LINH.id}`, `Bearer ${KEY}`],
            ['/api/learn/practice?topic=checkmate&count=5&seed=7&lang=en', null],
            [`/api/learn/practice?topic=checkmate&count=5&lang=en&child=${LINH.id}`, `Bearer ${KEY}`],
            [`/api/learn/practice?topic=checkmate&count=5&seed=9&stage=2&lang=en&child=${LINH.id}`, `Bearer ${KEY}`],
        ]);
    });
});

describe('the family’s addresses', () => {
    it('route the family and the grown-ups’ view', () => {
        expect(route('/family')).toEqual({ screen: 'family' });
        expect(route('/family/')).toEqual({ screen: 'family' });
        expect(route('/family/grown-ups')).toEqual({ screen: 'grownups' });
        expect(route('/family/other')).toEqual({ screen: 'missing' });
        expect(route(FAMILY_PATH).screen).toBe('family');
        expect(route(GROWNUPS_PATH).screen).toBe('grownups');
    });
    it('put the key after # in a family link, and read it back as written', () => {
        const link = familyLink('https://citadel.example', KEY);
        expect(link).toBe(`https://citadel.example/family#key=${KEY}`);
        expect(linkedKey(new URL(link).hash)).toBe(KEY);
        expect(linkedKey('')).toBeUndefined();
        expect(linkedKey('#other=1')).toBeUndefined();
        expect(linkedKey('#key=')).toBe('');
        expect(linkedKey('#key=short')).toBe('short');
    });
});

describe('a mistake in words', () => {
    afterEach(() => setLanguage('en'));
    it('says an illegal move’s reason as the child’s habit, for the grown-up', () => {
        setLanguage('en');
        expect(mistakeText({ reason: 'castling_in_check', lesson: 'castling', count: 4 })).toBe(
            'castling out of check',
        );
        expect(mistakeText({ reason: 'piece_pinned', lesson: 'check', count: 2 })).toBe('moving pinned pieces');
        expect(mistakeText({ reason: 'castling_in_check', lesson: 'castling', count: 4 })).not.toBe(
            t('reason_castling_in_check'),
        );
        setLanguage('zh');
        expect(mistakeText({ reason: 'castling_in_check', lesson: 'castling', count: 4 })).toBe('被将军时王车易位');
        setLanguage('vi');
        expect(mistakeText({ reason: 'piece_pinned', lesson: 'check', count: 2 })).toBe('đi quân đang bị ghim');
    });
    it('falls back to the child’s sentence, then to the general one, never to a key', () => {
        setLanguage('en');
        // a Tamerlane reason: no grown-up phrase, the game's sentence
        expect(mistakeText({ reason: 'swap_used', lesson: 'x', count: 1 })).toBe(t('reason_swap_used'));
        expect(mistakeText({ reason: 'no_such_reason', lesson: 'x', count: 1 })).toBe('That move is not allowed.');
        expect(mistakeText({ reason: 'no_such_reason', lesson: 'x', count: 1 })).toBe(t('reason_other'));
        setLanguage('zh');
        expect(mistakeText({ reason: 'no_such_reason', lesson: 'x', count: 1 })).toBe('不能这样走。');
    });
    it('says a missed goal in a phrase, a new goal in the general one', () => {
        setLanguage('en');
        expect(mistakeText({ goal: 'mate_in_1', lesson: 'checkmate', count: 2 })).toBe(
            "moves that don't give checkmate",
        );
        expect(mistakeText({ goal: 'can_castle', lesson: 'castling', count: 3 })).toBe(
            'wrong answers about whether castling is allowed',
        );
        expect(mistakeText({ goal: 'new_goal', lesson: 'x', count: 1 })).toBe(t('family_goal_other'));
        setLanguage('vi');
        expect(mistakeText({ goal: 'mate_in_1', lesson: 'checkmate', count: 2 })).toBe('nước đi không chiếu hết');
    });
});
