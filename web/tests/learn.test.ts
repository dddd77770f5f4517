// The Learn screens' logic without a page: the stars kept (bad data ignored, the best kept), the
// practice solved per topic (each level once), the routes (a round of practice's too), the lesson
// board's promotion moves and check marks, the coach's board marks and the map's pictures.
import { describe, expect, it } from 'vitest';
import { parsePosition } from '../src/notation';
import { learnPath, practicePath, practicePlace, route } from '../src/router';
import { escapeMarks } from '../src/screens/game/coach';
import { lessonPiece } from '../src/screens/learn/map';
import { newSeed, topicName } from '../src/screens/learn/practice';
import { promotionMoves } from '../src/screens/learn/stage';
import {
    RECENT_PRACTICE,
    type StarStorage,
    lessonDone,
    lessonStars,
    loadStarFile,
    loadStars,
    practiceSolved,
    recordPractice,
    recordStars,
    solvedOf,
    suggestedLesson,
} from '../src/screens/learn/stars';
import { setLanguage } from '../src/i18n';

function memory(initial?: string): StarStorage & { data: Map<string, string> } {
    const data = new Map<string, string>();
    if (initial !== undefined) data.set('citadel.learn.stars', initial);
    return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('the stars store', () => {
    it('starts empty and keeps the best of each level', () => {
        const s = memory();
        expect(loadStars(s)).toEqual({});
        expect(recordStars('check-1', 2, s)).toBe(2);
        expect(recordStars('check-1', 1, s)).toBe(2);
        expect(recordStars('check-1', 3, s)).toBe(3);
        expect(recordStars('mate-1', 1, s)).toBe(1);
        expect(loadStars(s)).toEqual({ 'check-1': 3, 'mate-1': 1 });
        expect(JSON.parse(s.data.get('citadel.learn.stars')!)).toEqual({
            v: 1,
            levels: { 'check-1': 3, 'mate-1': 1 },
            practice: {},
            practice_recent: [],
        });
    });
    it('ignores what it cannot trust', () => {
        for (const bad of [
            'not json',
            'null',
            '[]',
            '7',
            '{"levels":{"a":3}}',
            '{"v":2,"levels":{"a":3}}',
            '{"v":1,"levels":[3]}',
        ])
            expect(loadStars(memory(bad)), bad).toEqual({});
        expect(loadStars(memory('{"v":1,"levels":{"a":3,"b":0,"c":4,"d":"3","e":2.5,"f":1}}'))).toEqual({ a: 3, f: 1 });
        const broken = memory('{broken');
        expect(recordStars('a', 2, broken)).toBe(2);
        expect(loadStars(broken)).toEqual({ a: 2 });
    });
    it('lives without storage', () => {
        expect(loadStars(undefined)).toEqual({});
        expect(recordStars('a', 3, undefined)).toBe(3);
        const full: StarStorage = {
            getItem: () => null,
            setItem: () => {
                throw new Error('quota');
            },
        };
        expect(recordStars('a', 3, full)).toBe(3);
    });
    it('sums a lesson and suggests the first not done', () => {
        const stars = { a1: 3, a2: 1, b1: 2 } as const;
        expect(lessonStars(['a1', 'a2'], stars)).toEqual({ earned: 4, possible: 6 });
        expect(lessonDone(['a1', 'a2'], stars)).toBe(true);
        expect(lessonDone(['b1', 'b2'], stars)).toBe(false);
        const lessons = [
            { id: 'a', title: '', summary: '', topics: [], learn_steps: 1, levels: ['a1', 'a2'], practice: null },
            { id: 'b', title: '', summary: '', topics: [], learn_steps: 1, levels: ['b1', 'b2'], practice: 'x' },
        ];
        expect(suggestedLesson(lessons, {})).toBe('a');
        expect(suggestedLesson(lessons, stars)).toBe('b');
        expect(suggestedLesson(lessons, { ...stars, b2: 1 })).toBeUndefined();
    });
});

describe('the practice kept', () => {
    it('counts each practice level solved once, per topic, beside the stars', () => {
        const s = memory('{"v":1,"levels":{"check-1":2}}'); // kept before practice existed
        expect(practiceSolved(s)).toEqual({});
        expect(recordPractice('checkmate', 'practice-mate_in_1-7-0', s)).toBe(1);
        expect(recordPractice('checkmate', 'practice-mate_in_1-7-0', s)).toBe(1); // solved again
        expect(recordPractice('checkmate', 'practice-mate_in_2-7-1', s)).toBe(2);
        expect(recordPractice('castling', 'practice-castle-9-0', s)).toBe(1);
        expect(practiceSolved(s)).toEqual({ checkmate: 2, castling: 1 });
        expect(loadStars(s)).toEqual({ 'check-1': 2 }); // the stars stay
        recordStars('check-1', 3, s);
        expect(practiceSolved(s)).toEqual({ checkmate: 2, castling: 1 }); // and the practice too
        expect(JSON.parse(s.data.get('citadel.learn.stars')!)).toEqual({
            v: 1,
            levels: { 'check-1': 3 },
            practice: { checkmate: 2, castling: 1 },
            practice_recent: ['practice-mate_in_1-7-0', 'practice-mate_in_2-7-1', 'practice-castle-9-0'],
        });
        expect([...solvedOf(['practice-mate_in_1-7-0', 'practice-mate_in_1-8-0', 'practice-castle-9-0'], s)]).toEqual([
            'practice-mate_in_1-7-0',
            'practice-castle-9-0',
        ]);
    });
    it('keeps the last ids only, and counts on', () => {
        const s = memory();
        for (let i = 0; i < RECENT_PRACTICE + 5; i++) recordPractice('stalemate', `practice-x-1-${i}`, s);
        const file = loadStarFile(s);
        expect(file.practice).toEqual({ stalemate: RECENT_PRACTICE + 5 });
        expect(file.recent).toHaveLength(RECENT_PRACTICE);
        expect(file.recent[0]).toBe('practice-x-1-5');
    });
    it('ignores practice it cannot trust, and keeps the rest', () => {
        const file = (practice: string, recent = '[]') =>
            loadStarFile(memory(`{"v":1,"levels":{"a":3},"practice":${practice},"practice_recent":${recent}}`));
        for (const bad of ['[]', '7', 'null', '"x"']) expect(file(bad).practice, bad).toEqual({});
        expect(file('{"a":3,"b":0,"c":-1,"d":"3","e":2.5,"f":1e300,"g":12}').practice).toEqual({ a: 3, g: 12 });
        expect(file('{}', '{"a":1}').recent).toEqual([]);
        expect(file('{}', '["x",3,null,"y"]').recent).toEqual(['x', 'y']);
        expect(file('{"b":4}', '"x"').levels).toEqual({ a: 3 });
        expect(loadStarFile(memory('{"v":2,"levels":{},"practice":{"a":3}}')).practice).toEqual({});
        expect(practiceSolved(undefined)).toEqual({});
        expect(recordPractice('a', 'p-1', undefined)).toBe(1);
    });
});

describe('the routes', () => {
    it('reach the map, a lesson and a level', () => {
        expect(route('/learn')).toEqual({ screen: 'learn' });
        expect(route('/learn/')).toEqual({ screen: 'learn' });
        expect(route('/learn/check')).toEqual({ screen: 'lesson', lesson: 'check' });
        expect(route('/learn/check/check-1')).toEqual({ screen: 'lesson', lesson: 'check', level: 'check-1' });
        expect(route('/learn/check/check-1/')).toEqual({ screen: 'lesson', lesson: 'check', level: 'check-1' });
        expect(route('/learn/a/b/c')).toEqual({ screen: 'missing' });
        expect(route('/learn/<x>')).toEqual({ screen: 'missing' });
        expect(route('/learning')).toEqual({ screen: 'missing' });
        expect(route('/g/abc')).toEqual({ screen: 'game', id: 'abc' });
    });
    it('reach a round of practice, with its seed, level and lesson in the query', () => {
        expect(route('/learn/practice/checkmate')).toEqual({ screen: 'practice', topic: 'checkmate' });
        expect(route('/learn/practice/en_passant/')).toEqual({ screen: 'practice', topic: 'en_passant' });
        expect(route('/learn/practice')).toEqual({ screen: 'lesson', lesson: 'practice' });
        expect(route('/learn/practice/a/b')).toEqual({ screen: 'missing' });
        expect(practicePath('checkmate')).toBe('/learn/practice/checkmate');
        const path = practicePath('escape_check', { seed: '18446744073709551615', n: 3, from: 'check' });
        expect(path).toBe('/learn/practice/escape_check?seed=18446744073709551615&n=3&from=check');
        const [where, query] = path.split('?') as [string, string];
        expect(route(where)).toEqual({ screen: 'practice', topic: 'escape_check' });
        expect(practicePlace(`?${query}`)).toEqual({ seed: '18446744073709551615', n: 3, from: 'check' });
        expect(practicePath('castling', { seed: '7', n: 1 })).toBe('/learn/practice/castling?seed=7');
        expect(practicePlace('')).toEqual({});
        expect(practicePlace('?seed=-1&n=0&from=%3Cx%3E')).toEqual({});
        expect(practicePlace('?seed=1.5&n=two')).toEqual({});
        expect(practicePlace('?seed=18446744073709551616&n=1')).toEqual({ n: 1 }); // 2^64
        expect(practicePlace('?seed=0')).toEqual({ seed: '0' });
        // A family's child's round keeps its stage (which kinds) beside its seed.
        expect(practicePath('checkmate', { seed: '9', stage: 0, n: 2 })).toBe(
            '/learn/practice/checkmate?seed=9&stage=0&n=2',
        );
        expect(practicePlace('?seed=9&stage=2')).toEqual({ seed: '9', stage: 2 });
        expect(practicePlace('?seed=9&stage=3')).toEqual({ seed: '9' });
        expect(practicePlace('?stage=1.0')).toEqual({});
    });
    it('draw whole seeds, exact in a number', () => {
        expect(newSeed(() => 0)).toBe('0');
        const top = newSeed(() => 0.9999999999999999);
        expect(BigInt(top) < 2n ** 53n).toBe(true);
        expect(practicePlace(`?seed=${top}`).seed).toBe(top);
        expect(newSeed()).toMatch(/^\d{1,16}$/);
        expect(newSeed()).not.toBe(newSeed());
    });
    it('name a practice topic, or say "More practice"', () => {
        setLanguage('en');
        expect(topicName('escape_check')).toBe('Get out of check');
        expect(topicName('knight_tours')).toBe('More practice');
        setLanguage('vi');
        expect(topicName('checkmate')).toBe('Chiếu hết');
        setLanguage('en');
    });
    it('write the addresses they read', () => {
        expect(learnPath()).toBe('/learn');
        expect(learnPath('check')).toBe('/learn/check');
        expect(learnPath('check', 'check-1')).toBe('/learn/check/check-1');
        expect(route(learnPath('en_passant', 'ep-2'))).toEqual({
            screen: 'lesson',
            lesson: 'en_passant',
            level: 'ep-2',
        });
    });
});

describe('the lesson board', () => {
    it('offers the promotion chooser for pawns about to promote, straight on or taking (not a king)', () => {
        const pos = parsePosition('chess', 'r1n1k3/1P1P4/8/8/8/8/6p1/4K2R w - - 0 1');
        const each = (moves: string[]) => moves.flatMap((m) => [...'qrbn'].map((k) => m + k)).sort();
        expect(promotionMoves(pos, 'white').sort()).toEqual(each(['b7a8', 'b7b8', 'b7c8', 'd7c8', 'd7d8']));
        expect(promotionMoves(pos, 'black').sort()).toEqual(each(['g2g1', 'g2h1']));
        expect(promotionMoves(parsePosition('silverman', 'k3/2P1/4/3K w - - 0 1'), 'white')).toEqual([
            'c3c4q',
            'c3c4r',
        ]);
        expect(promotionMoves(parsePosition('chess', '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'), 'white')).toEqual([]);
    });
});

describe('the coach and the map', () => {
    it('marks where each way out of check goes', () => {
        const marks = escapeMarks({
            in_check: true,
            checkers: ['b4'],
            run: ['e1d1', 'e1e2'],
            block: ['c2c3', 'b1c3'],
            capture: ['a3b4'],
            message: '',
        });
        expect(marks).toEqual([
            { square: 'd1', tone: 'run' },
            { square: 'e2', tone: 'run' },
            { square: 'c3', tone: 'block' },
            { square: 'b4', tone: 'capture' },
        ]);
    });
    it('pictures a lesson by its first topic', () => {
        expect(lessonPiece(['check', 'run'])).toBe('K');
        expect(lessonPiece(['checkmate'])).toBe('Q');
        expect(lessonPiece(['castling_in_check'])).toBe('R');
        expect(lessonPiece(['en_passant'])).toBe('P');
        expect(lessonPiece(['threefold_repetition'])).toBe('N');
        expect(lessonPiece([])).toBe('K');
    });
});
