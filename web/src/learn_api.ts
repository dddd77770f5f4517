// The client side of learn.md's HTTP calls: the course, lessons and levels, a move or an answer
// with its verdict, hints, and the help for any position (escape, explain). Every answer goes
// through its reader (learn_contract.ts); errors are api.ts's ApiError. Lessons are kept per
// language for the page's life, so moving from level to level does not fetch them again.

import { call } from './api';
import type { Variant } from './geometry';
import type { Language } from './i18n';
import {
    type Course,
    type Escape,
    type Explain,
    type Hint,
    type Lesson,
    type Level,
    type Verdict,
    readCourse,
    readEscape,
    readExplain,
    readHint,
    readLesson,
    readLevel,
    readVerdict,
} from './learn_contract';

// What the child did: a move (move levels) or an answer (choice levels).
export type Attempt = { move: string } | { choice: string };

const lessons = new Map<string, Promise<Lesson>>();
const enc = encodeURIComponent;

export const learnApi = {
    course: async (lang: Language): Promise<Course> =>
        readCourse(await call<unknown>('GET', `/api/learn/course?lang=${lang}`)),
    lesson: (id: string, lang: Language): Promise<Lesson> => {
        const key = `${lang}/${id}`;
        let known = lessons.get(key);
        if (!known) {
            known = call<unknown>('GET', `/api/learn/lessons/${enc(id)}?lang=${lang}`).then((v) => readLesson(v));
            void known.catch(() => lessons.delete(key)); // a failure is not kept
            lessons.set(key, known);
        }
        return known;
    },
    level: async (id: string, lang: Language): Promise<Level> =>
        readLevel(await call<unknown>('GET', `/api/learn/levels/${enc(id)}?lang=${lang}`)),
    // `line`: every move played in the level so far (the child's and the replies).
    attempt: async (
        level: Level,
        line: readonly string[],
        attempt: Attempt,
        counts: { mistakes: number; hints: number },
        lang: Language,
    ): Promise<Verdict> =>
        readVerdict(
            await call<unknown>('POST', `/api/learn/levels/${enc(level.id)}/move`, {
                line,
                ...attempt,
                lang,
                mistakes: counts.mistakes,
                hints: counts.hints,
            }),
            level.kind,
        ),
    hint: async (level: Level, line: readonly string[], step: 1 | 2, lang: Language): Promise<Hint> =>
        readHint(
            await call<unknown>(
                'GET',
                `/api/learn/levels/${enc(level.id)}/hint?line=${line.map(enc).join(',')}&step=${step}&lang=${lang}`,
            ),
            level.kind,
            step,
        ),
    escape: async (variant: Variant, fen: string, lang: Language): Promise<Escape> =>
        readEscape(await call<unknown>('POST', '/api/escape', { variant, fen, lang })),
    explain: async (variant: Variant, fen: string, move: string, lang: Language): Promise<Explain> =>
        readExplain(await call<unknown>('POST', '/api/explain', { variant, fen, move, lang })),
};
