// The learning contract's readers (src/learn_contract.ts): learn.md's answers pass strictly, and a
// malformed answer is refused with the field that is wrong named. The calls (src/learn_api.ts)
// send what learn.md asks and read the answers through the same readers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
    SchemaError,
    readCourse,
    readEscape,
    readExplain,
    readHint,
    readLesson,
    readLevel,
    readPractice,
    readVerdict,
} from '../src/learn_contract';
import { learnApi } from '../src/learn_api';
import { ApiError } from '../src/api';
import { LEVEL } from './level_fixture';

const CHOICE_LEVEL = {
    ...LEVEL,
    id: 'check-2',
    kind: 'choice',
    goal_id: 'answer',
    choices: [
        { id: 'run', text: 'Run' },
        { id: 'capture', text: 'Capture' },
    ],
};
const LESSON = {
    id: 'check',
    title: 'Check!',
    summary: 'Three ways out.',
    tip: 'Ask: which piece attacks the king?',
    topics: ['check', 'run', 'block', 'capture'],
    learn: [
        {
            text: 'The rook attacks the king.',
            variant: 'chess',
            fen: '4k3/8/8/8/8/8/8/4RK2 b - - 0 1',
            arrows: [['e1', 'e8']],
            highlights: ['e8'],
            moves: ['e8d7'],
            checks: [['e8'], []],
        },
    ],
    levels: [LEVEL, CHOICE_LEVEL],
    practice: 'escape_check',
};
const COURSE = {
    lessons: [
        {
            id: 'check',
            title: 'Check!',
            summary: 'Three ways out.',
            topics: ['check'],
            learn_steps: 1,
            levels: ['check-1', 'check-2'],
            practice: 'escape_check',
        },
        {
            id: 'draws',
            title: 'Draws',
            summary: 'When nobody wins.',
            topics: ['stalemate'],
            learn_steps: 2,
            levels: [],
            practice: null,
        },
    ],
};
const PRACTICE = {
    levels: [
        {
            ...LEVEL,
            id: 'practice-mate_in_1-7-0',
            lesson: 'practice',
            fen: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1',
            goal: 'Checkmate in one move!',
            goal_id: 'mate_in_1',
        },
        {
            ...LEVEL,
            id: 'practice-mate_in_2-7-1',
            lesson: 'practice',
            fen: '7k/8/8/8/8/8/R7/1R4K1 w - - 0 1',
            goal: 'Checkmate in two moves!',
            goal_id: 'mate_in_2',
            par: 2,
        },
    ],
};

// The error a reader throws, or a failure.
function refusal(read: () => unknown): string {
    try {
        read();
    } catch (e) {
        expect(e).toBeInstanceOf(SchemaError);
        return (e as Error).message;
    }
    throw new Error('the reader accepted it');
}
const clone = <T>(v: T): T => structuredClone(v);

describe('the course, lessons and levels', () => {
    it('read strictly as learn.md writes them', () => {
        expect(readCourse(COURSE, true).lessons[0]!.levels).toEqual(['check-1', 'check-2']);
        const lesson = readLesson(LESSON, true);
        expect(lesson.learn[0]!.arrows).toEqual([['e1', 'e8']]);
        expect(readLevel(CHOICE_LEVEL, true).choices).toHaveLength(2);
    });
    it('carry the kings in check the board rings, as the server names them', () => {
        expect(readLevel(LEVEL, true).check).toEqual(['e1']);
        expect(readLesson(LESSON, true).learn[0]!.checks).toEqual([['e8'], []]);
        const noCheck = clone(LEVEL) as Record<string, unknown>;
        delete noCheck['check'];
        expect(refusal(() => readLevel(noCheck))).toBe('level.check: missing');
        expect(refusal(() => readLevel({ ...LEVEL, check: ['e'] }))).toMatch(/^level\.check\[0\]: /);
        const short = clone(LESSON);
        short.learn[0]!.checks = [['e8']];
        expect(refusal(() => readLesson(short))).toBe('lesson.learn[0].checks: not one list more than the moves');
    });
    it('name the wrong field', () => {
        expect(refusal(() => readCourse({ lessons: [{ ...COURSE.lessons[0], learn_steps: '1' }] }))).toBe(
            'course.lessons[0].learn_steps: not an integer',
        );
        const lesson = clone(LESSON) as Record<string, unknown>;
        delete lesson['tip'];
        expect(refusal(() => readLesson(lesson))).toBe('lesson.tip: missing');
        const badArrow = clone(LESSON);
        (badArrow.learn[0]!.arrows as unknown[]) = [['e1', 'e8', 'e9']];
        expect(refusal(() => readLesson(badArrow))).toBe('lesson.learn[0].arrows[0]: not a pair of squares');
        const badMove = clone(LESSON);
        badMove.learn[0]!.moves = ['Kd7'];
        expect(refusal(() => readLesson(badMove))).toBe('lesson.learn[0].moves[0]: not a move: "Kd7"');
        expect(refusal(() => readLevel({ ...LEVEL, side: 'east' }))).toBe('level.side: not one of white, black');
        expect(refusal(() => readLevel({ ...LEVEL, variant: 'checkers' }))).toMatch(/^level.variant: not one of chess/);
        expect(refusal(() => readLevel({ ...LEVEL, highlights: [] }, true))).toBe(
            'level.highlights: not a field of this message',
        );
    });
    it('take added fields in the app, refuse them in the tests', () => {
        expect(readLevel({ ...LEVEL, difficulty: 2 }).id).toBe('check-1');
        expect(refusal(() => readLevel({ ...LEVEL, difficulty: 2 }, true))).toBe(
            'level.difficulty: not a field of this message',
        );
    });
    it('a choice level has choices, a move level none', () => {
        expect(refusal(() => readLevel({ ...CHOICE_LEVEL, choices: [] }))).toBe('level.choices: empty');
        expect(refusal(() => readLevel({ ...LEVEL, choices: [{ id: 'a', text: 'A' }] }))).toBe(
            'level.choices: not empty',
        );
    });
});

describe('the practice topic of a lesson', () => {
    it('is read on the map and in a lesson, a topic or null', () => {
        const course = readCourse(COURSE, true);
        expect(course.lessons.map((l) => l.practice)).toEqual(['escape_check', null]);
        expect(readLesson(LESSON, true).practice).toBe('escape_check');
        expect(readLesson({ ...LESSON, practice: null }, true).practice).toBe(null);
    });
    it('names what is wrong with it', () => {
        const lesson = clone(LESSON) as Record<string, unknown>;
        delete lesson['practice'];
        expect(refusal(() => readLesson(lesson))).toBe('lesson.practice: missing');
        const entry = clone(COURSE.lessons[0]) as Record<string, unknown>;
        delete entry['practice'];
        expect(refusal(() => readCourse({ lessons: [entry] }))).toBe('course.lessons[0].practice: missing');
        expect(refusal(() => readCourse({ lessons: [{ ...COURSE.lessons[0], practice: 3 }] }))).toBe(
            'course.lessons[0].practice: not a topic: 3',
        );
        expect(refusal(() => readLesson({ ...LESSON, practice: '' }))).toBe('lesson.practice: not a topic: ""');
        expect(refusal(() => readLesson({ ...LESSON, practice: 'mate/1' }))).toBe(
            'lesson.practice: not a topic: "mate/1"',
        );
        expect(refusal(() => readLesson({ ...LESSON, practice: ['checkmate'] }))).toBe(
            'lesson.practice: not a topic: ["checkmate"]',
        );
    });
});

describe('a round of practice', () => {
    it('reads strictly as the server writes it', () => {
        const round = readPractice(PRACTICE, true);
        expect(round.levels.map((l) => l.id)).toEqual(['practice-mate_in_1-7-0', 'practice-mate_in_2-7-1']);
        expect(round.levels[1]!.par).toBe(2);
    });
    it('takes added fields in the app, refuses them in the tests', () => {
        expect(readPractice({ ...PRACTICE, dealt: 7 }).levels).toHaveLength(2);
        expect(refusal(() => readPractice({ ...PRACTICE, dealt: 7 }, true))).toBe(
            'practice.dealt: not a field of this message',
        );
    });
    it('names what is wrong', () => {
        const level = PRACTICE.levels[0]!;
        expect(refusal(() => readPractice([]))).toBe('practice: not an object');
        expect(refusal(() => readPractice({}))).toBe('practice.levels: missing');
        expect(refusal(() => readPractice({ levels: level }))).toBe('practice.levels: not a list');
        expect(refusal(() => readPractice({ levels: [] }))).toBe('practice.levels: empty');
        expect(refusal(() => readPractice({ levels: [level, { ...level, side: 'red' }] }))).toBe(
            'practice.levels[1].side: not one of white, black',
        );
        const noFen = clone(level) as Record<string, unknown>;
        delete noFen['fen'];
        expect(refusal(() => readPractice({ levels: [noFen] }))).toBe('practice.levels[0].fen: missing');
        expect(refusal(() => readPractice({ levels: [{ ...level, lesson: 'checkmate' }] }))).toBe(
            'practice.levels[0].lesson: not "practice"',
        );
        expect(refusal(() => readPractice({ levels: [level, level] }))).toBe(
            'practice.levels[1].id: "practice-mate_in_1-7-0" twice',
        );
        expect(refusal(() => readPractice({ levels: [{ ...level, choices: [{ id: 'a', text: 'A' }] }] }))).toBe(
            'practice.levels[0].choices: not empty',
        );
        expect(refusal(() => readPractice({ levels: [{ ...level, par: '1' }] }))).toBe(
            'practice.levels[0].par: not an integer',
        );
    });
});

describe('verdicts', () => {
    const marks = { arrows: [['e8', 'e2']], highlights: ['e2'] };
    it('read each kind on a move level', () => {
        expect(
            readVerdict(
                { verdict: 'illegal', reason: 'still_in_check', message: 'Still in check.', arrows: [['e8', 'e1']] },
                'move',
                true,
            ).verdict,
        ).toBe('illegal');
        const wrong = readVerdict(
            {
                verdict: 'wrong',
                san: 'Rd7',
                message: 'Careful!',
                consequence: ['b2b1', 'd7d1'],
                checks: [[], [], ['g1']],
                ...marks,
            },
            'move',
            true,
        );
        expect(wrong.verdict === 'wrong' && wrong.consequence).toEqual(['b2b1', 'd7d1']);
        expect(wrong.verdict === 'wrong' && wrong.checks).toEqual([[], [], ['g1']]);
        const good = readVerdict(
            { verdict: 'good', san: 'Rb7', message: 'Good!', reply: null, checks: [['g8']], ...marks },
            'move',
            true,
        );
        expect(good.verdict === 'good' && good.reply).toBe(null);
        const solved = readVerdict(
            { verdict: 'solved', san: 'Ne2', message: 'Yes!', stars: 3, checks: [[]], ...marks },
            'move',
            true,
        );
        expect(solved.verdict === 'solved' && solved.stars).toBe(3);
    });
    it('read a choice level’s without the move’s fields', () => {
        expect(readVerdict({ verdict: 'wrong', message: 'No.', ...marks }, 'choice', true).verdict).toBe('wrong');
        expect(readVerdict({ verdict: 'solved', message: 'Yes!', stars: 2, ...marks }, 'choice', true).verdict).toBe(
            'solved',
        );
    });
    it('name the wrong field', () => {
        expect(refusal(() => readVerdict({ verdict: 'maybe', message: '' }, 'move'))).toBe(
            'verdict.verdict: not one of illegal, wrong, good, solved',
        );
        expect(refusal(() => readVerdict({ verdict: 'wrong', san: 'Rd7', message: 'x', ...marks }, 'move'))).toBe(
            'verdict.consequence: missing',
        );
        expect(
            refusal(() =>
                readVerdict(
                    { verdict: 'good', san: 'Rb7', message: 'x', reply: null, checks: ['g8'], ...marks },
                    'move',
                ),
            ),
        ).toMatch(/^verdict\.checks\[0\]: /);
        expect(
            refusal(() => readVerdict({ verdict: 'solved', san: 'Ne2', message: 'x', stars: 4, ...marks }, 'move')),
        ).toBe('verdict.stars: not 1, 2 or 3');
        expect(
            refusal(() => readVerdict({ verdict: 'good', san: 'Rb7', message: 'x', reply: 'b7', ...marks }, 'move')),
        ).toBe('verdict.reply: not a move: "b7"');
        expect(refusal(() => readVerdict({ verdict: 'solved', message: 'x', stars: 1, arrows: [] }, 'choice'))).toBe(
            'verdict.highlights: missing',
        );
        expect(refusal(() => readVerdict([], 'move'))).toBe('verdict: not an object');
    });
});

describe('hints and the help for any position', () => {
    it('read hints by the level’s kind and the step', () => {
        expect(readHint({ square: 'c3', message: 'This knight!' }, 'move', 1, true).square).toBe('c3');
        expect(readHint({ move: 'c3e2', message: 'Ne2' }, 'move', 2, true).move).toBe('c3e2');
        expect(readHint({ message: 'Look at the pawn.' }, 'choice', 1, true).message).toBe('Look at the pawn.');
        expect(readHint({ choice: 'capture', message: 'Take it!' }, 'choice', 2, true).choice).toBe('capture');
        expect(refusal(() => readHint({ move: 'c3e2', message: 'x' }, 'move', 1))).toBe('hint.square: missing');
        expect(refusal(() => readHint({ square: 'e0', message: 'x' }, 'move', 1))).toBe(
            'hint.square: not a square: "e0"',
        );
    });
    it('read escape and explain', () => {
        const e = readEscape(
            {
                in_check: true,
                checkers: ['b4'],
                run: ['e1d1'],
                block: ['c2c3'],
                capture: ['a3b4'],
                message: 'Run, block or capture.',
            },
            true,
        );
        expect(e.capture).toEqual(['a3b4']);
        expect(refusal(() => readEscape({ ...e, in_check: 'yes' }))).toBe('escape.in_check: not true or false');
        expect(readExplain({ legal: true, san: 'e4' }, true)).toEqual({ legal: true, san: 'e4' });
        const no = { legal: false, reason: 'piece_pinned', message: 'Pinned.', arrows: [['e7', 'e1']] };
        expect(readExplain(no, true)).toEqual(no);
        expect(refusal(() => readExplain({ legal: false, san: 'e4' }))).toBe('explain.reason: missing');
        expect(refusal(() => readExplain({ legal: true, san: 'e4', reason: 'x' }, true))).toBe(
            'explain.reason: not a field of this message',
        );
    });
});

describe('the calls', () => {
    afterEach(() => {
        vi.unstubAllGlobals();
    });
    // fetch answers `body` with `status`; the requests are kept.
    function answer(status: number, body: unknown): { method: string; url: string; body: unknown }[] {
        const asked: { method: string; url: string; body: unknown }[] = [];
        vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
            asked.push({
                method: init.method ?? 'GET',
                url,
                body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
            });
            return Promise.resolve(new Response(JSON.stringify(body), { status }));
        });
        return asked;
    }
    const level = readLevel(LEVEL);
    it('send a move with the whole line, the counts and the language', async () => {
        const asked = answer(200, {
            verdict: 'good',
            san: 'Rb7',
            message: 'Good!',
            reply: 'g8f8',
            arrows: [],
            highlights: [],
            checks: [[], []],
        });
        const v = await learnApi.attempt(level, ['a1a2', 'g8h8'], { move: 'b2b7' }, { mistakes: 1, hints: 2 }, 'vi');
        expect(v.verdict).toBe('good');
        expect(asked).toEqual([
            {
                method: 'POST',
                url: '/api/learn/levels/check-1/move',
                body: { line: ['a1a2', 'g8h8'], move: 'b2b7', lang: 'vi', mistakes: 1, hints: 2 },
            },
        ]);
    });
    it('ask for a hint with the line and the step', async () => {
        const asked = answer(200, { move: 'c3e2', message: 'Ne2' });
        await learnApi.hint(level, ['e2e4', 'e7e5'], 2, 'zh');
        expect(asked[0]!.url).toBe('/api/learn/levels/check-1/hint?line=e2e4,e7e5&step=2&lang=zh');
    });
    it('refuse an answer outside the contract, and turn errors into ApiError', async () => {
        answer(200, { square: 'c3' });
        await expect(learnApi.hint(level, [], 1, 'en')).rejects.toThrow(new SchemaError('hint.message: missing'));
        answer(404, { type: 'error', code: 'not_found', message: 'no level "x"' });
        const err = await learnApi.level('x', 'en').catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).body.code).toBe('not_found');
    });
    it('ask for a round of practice with its topic, count, seed and language, and keep it', async () => {
        const asked = answer(200, PRACTICE);
        const round = await learnApi.practice('checkmate', 5, '18446744073709551615', 'vi');
        expect(round.levels).toHaveLength(2);
        expect(asked.map((a) => a.url)).toEqual([
            '/api/learn/practice?topic=checkmate&count=5&seed=18446744073709551615&lang=vi',
        ]);
        await learnApi.practice('checkmate', 5, '18446744073709551615', 'vi');
        expect(asked).toHaveLength(1); // the same round, kept
        await learnApi.practice('checkmate', 5, '18446744073709551614', 'vi');
        expect(asked).toHaveLength(2); // another seed
    });
    it('refuse a round outside the contract, and pass on the server’s refusal', async () => {
        answer(200, { levels: [] });
        await expect(learnApi.practice('castling', 5, '1', 'en')).rejects.toThrow(
            new SchemaError('practice.levels: empty'),
        );
        answer(400, { type: 'error', code: 'bad_request', message: 'topic: unknown' });
        const err = await learnApi.practice('knitting', 5, '1', 'en').catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).body.code).toBe('bad_request');
        answer(200, PRACTICE);
        expect((await learnApi.practice('knitting', 5, '1', 'en')).levels).toHaveLength(2); // not kept
    });
    it('keep a lesson per language, but not a failure', async () => {
        const asked = answer(500, { type: 'error', code: 'internal', message: 'down' });
        await expect(learnApi.lesson('check', 'en')).rejects.toBeInstanceOf(ApiError);
        answer(200, LESSON);
        expect((await learnApi.lesson('check', 'en')).title).toBe('Check!');
        const again = answer(200, { ...LESSON, title: 'Changed' });
        expect((await learnApi.lesson('check', 'en')).title).toBe('Check!');
        expect(again).toHaveLength(0);
        expect(asked).toHaveLength(1);
    });
});
