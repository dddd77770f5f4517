// The stars a child has earned, the best per level, and the practice levels solved, per topic,
// kept in localStorage as versioned JSON (`citadel.learn.stars`):
//
//   {"v": 1, "levels": {"check-1": 3}, "practice": {"checkmate": 12}, "practice_recent": ["practice-mate_in_1-7-0"]}
//
// `practice` and `practice_recent` came later in version 1 (a file without them has none solved).
// `practice_recent` holds the ids of the last practice levels solved (at most RECENT_PRACTICE), so
// that a level solved again (after a reload, or "Start again") counts once. Anything else found
// there (another version, broken JSON, a count outside 1-3 or not a whole number, an id not a
// string) is ignored, never trusted; a reload loses nothing.

import type { CourseLesson } from '../../learn_contract';

const KEY = 'citadel.learn.stars';
const VERSION = 1;

export type StarMap = Record<string, 1 | 2 | 3>;

// How many practice level ids are kept to count each level once.
export const RECENT_PRACTICE = 200;

// All that is kept.
export interface StarFile {
    levels: StarMap;
    practice: Record<string, number>; // practice levels solved, per topic
    recent: string[]; // the last practice levels solved, the newest last
}

// Where the stars are kept: localStorage, or what a test gives.
export interface StarStorage {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
}

function defaultStorage(): StarStorage | undefined {
    try {
        return typeof localStorage === 'undefined' ? undefined : localStorage;
    } catch {
        return undefined; // storage switched off
    }
}

const isStars = (n: unknown): n is 1 | 2 | 3 => n === 1 || n === 2 || n === 3;

const isObjectOf = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);

// Everything kept, what can be trusted of it.
export function loadStarFile(storage: StarStorage | undefined = defaultStorage()): StarFile {
    const out: StarFile = { levels: {}, practice: {}, recent: [] };
    let parsed: unknown;
    try {
        parsed = JSON.parse(storage?.getItem(KEY) ?? 'null');
    } catch {
        return out;
    }
    if (!isObjectOf(parsed) || parsed['v'] !== VERSION || !isObjectOf(parsed['levels'])) return out;
    for (const [id, n] of Object.entries(parsed['levels'])) if (isStars(n)) out.levels[id] = n;
    const practice = parsed['practice'];
    if (isObjectOf(practice))
        for (const [topic, n] of Object.entries(practice))
            if (typeof n === 'number' && Number.isSafeInteger(n) && n > 0) out.practice[topic] = n;
    const recent = parsed['practice_recent'];
    if (Array.isArray(recent))
        out.recent = recent.filter((id): id is string => typeof id === 'string').slice(-RECENT_PRACTICE);
    return out;
}

function save(file: StarFile, storage: StarStorage | undefined): void {
    try {
        storage?.setItem(
            KEY,
            JSON.stringify({ v: VERSION, levels: file.levels, practice: file.practice, practice_recent: file.recent }),
        );
    } catch {
        /* storage full or off: what was earned lasts this page only */
    }
}

export const loadStars = (storage: StarStorage | undefined = defaultStorage()): StarMap => loadStarFile(storage).levels;

// Keeps `stars` for `levelId` if better than what was kept; answers the best now.
export function recordStars(
    levelId: string,
    stars: 1 | 2 | 3,
    storage: StarStorage | undefined = defaultStorage(),
): 1 | 2 | 3 {
    const file = loadStarFile(storage);
    const best = Math.max(file.levels[levelId] ?? 0, stars) as 1 | 2 | 3;
    file.levels[levelId] = best;
    save(file, storage);
    return best;
}

// Counts the practice level `levelId` of `topic` as solved, once (a level solved again is not
// counted again); answers the topic's count now.
export function recordPractice(
    topic: string,
    levelId: string,
    storage: StarStorage | undefined = defaultStorage(),
): number {
    const file = loadStarFile(storage);
    if (!file.recent.includes(levelId)) {
        file.practice[topic] = (file.practice[topic] ?? 0) + 1;
        file.recent = [...file.recent, levelId].slice(-RECENT_PRACTICE);
        save(file, storage);
    }
    return file.practice[topic] ?? 0;
}

// The practice levels solved, per topic.
export const practiceSolved = (storage: StarStorage | undefined = defaultStorage()): Record<string, number> =>
    loadStarFile(storage).practice;

// Which of `levelIds` (a round of practice) were solved.
export function solvedOf(
    levelIds: readonly string[],
    storage: StarStorage | undefined = defaultStorage(),
): Set<string> {
    const recent = new Set(loadStarFile(storage).recent);
    return new Set(levelIds.filter((id) => recent.has(id)));
}

// A lesson's stars: earned (the best of each level) and possible (3 a level).
export function lessonStars(levels: readonly string[], stars: StarMap): { earned: number; possible: number } {
    return { earned: levels.reduce((sum, id) => sum + (stars[id] ?? 0), 0), possible: 3 * levels.length };
}

// A lesson is done when every level has a star.
export const lessonDone = (levels: readonly string[], stars: StarMap): boolean =>
    levels.every((id) => (stars[id] ?? 0) > 0);

// The lesson to suggest: the first not done (none when all are).
export function suggestedLesson(lessons: readonly CourseLesson[], stars: StarMap): string | undefined {
    return lessons.find((l) => !lessonDone(l.levels, stars))?.id;
}
