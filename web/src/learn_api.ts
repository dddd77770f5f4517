// The client side of learn.md's HTTP calls: the course, lessons and levels, generated practice, a
// move or an answer with its verdict, hints, and the help for any position (escape, explain).
// Every answer goes through its reader (learn_contract.ts); errors are api.ts's ApiError. Lessons
// and practice rounds are kept per language for the page's life, so moving from level to level
// does not fetch them again.

import { call } from './api';
import { bearer } from './family/api';
import type { ForChild } from './family/memory';
import type { Variant } from './geometry';
import type { Language } from './i18n';
import {
    type Course,
    type Escape,
    type Explain,
    type Hint,
    type Lesson,
    type Level,
    type Practice,
    type Verdict,
    readCourse,
    readEscape,
    readExplain,
    readHint,
    readLesson,
    readLevel,
    readPractice,
    readVerdict,
} from './learn_contract';

// What the child did: a move (move levels) or an answer (choice levels).
// `forChild` (a family's child learning): moves are recorded to the child and a new round of
// practice is of positions the child has never met; the key goes in the header.
export type Attempt = { move: string } | { choice: string };

const enc = encodeURIComponent;

// What the page keeps: one promise per key, a failure forgotten (asked again next time).
function keeper<T>(): (key: string, fetch: () => Promise<T>) => Promise<T> {
    const kept = new Map<string, Promise<T>>();
    return (key, fetch) => {
        let known = kept.get(key);
        if (!known) {
            known = fetch();
            void known.catch(() => kept.delete(key));
            kept.set(key, known);
        }
        return known;
    };
}
const lessons = keeper<Lesson>();
const rounds = keeper<Practice>();

export const learnApi = {
    course: async (lang: Language): Promise<Course> =>
        readCourse(await call<unknown>('GET', `/api/learn/course?lang=${lang}`)),
    lesson: (id: string, lang: Language): Promise<Lesson> =>
        lessons(`${lang}/${id}`, () =>
            call<unknown>('GET', `/api/learn/lessons/${enc(id)}?lang=${lang}`).then((v) => readLesson(v)),
        ),
    // `count` fresh levels of `topic`; the same `seed` (a whole number, as text) gives the same levels.
    // A child's new round has no seed: the server draws one whose levels the child has never met,
    // at the child's stage in the topic, and answers both (the round's `seed` and `stage`).
    practice: (
        topic: string,
        count: number,
        seed: string | undefined,
        lang: Language,
        forChild?: ForChild,
        stage?: 0 | 1 | 2,
    ): Promise<Practice> =>
        rounds(`${lang}/${topic}/${count}/${seed ?? 'new'}/${stage ?? ''}/${forChild?.child ?? ''}`, () =>
            call<unknown>(
                'GET',
                `/api/learn/practice?topic=${enc(topic)}&count=${count}` +
                    (seed === undefined ? '' : `&seed=${enc(seed)}`) +
                    (stage === undefined ? '' : `&stage=${stage}`) +
                    `&lang=${lang}` +
                    (forChild ? `&child=${enc(forChild.child)}` : ''),
                undefined,
                forChild ? bearer(forChild.key) : {},
            ).then((v) => readPractice(v)),
        ),
    level: async (id: string, lang: Language): Promise<Level> =>
        readLevel(await call<unknown>('GET', `/api/learn/levels/${enc(id)}?lang=${lang}`)),
    // `line`: every move played in the level so far (the child's and the replies).
    attempt: async (
        level: Level,
        line: readonly string[],
        attempt: Attempt,
        counts: { mistakes: number; hints: number },
        lang: Language,
        forChild?: ForChild,
    ): Promise<Verdict> =>
        readVerdict(
            await call<unknown>(
                'POST',
                `/api/learn/levels/${enc(level.id)}/move`,
                {
                    line,
                    ...attempt,
                    lang,
                    mistakes: counts.mistakes,
                    hints: counts.hints,
                    ...(forChild ? { child: forChild.child } : {}),
                },
                forChild ? bearer(forChild.key) : {},
            ),
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
