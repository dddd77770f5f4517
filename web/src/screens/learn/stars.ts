// The stars a child has earned, the best per level, kept in localStorage as versioned JSON
// (`citadel.learn.stars`: {"v": 1, "levels": {"check-1": 3}}). Anything else found there (another
// version, broken JSON, a count outside 1-3) is ignored, never trusted; a reload loses nothing.

import type { CourseLesson } from '../../learn_contract';

const KEY = 'citadel.learn.stars';
const VERSION = 1;

export type StarMap = Record<string, 1 | 2 | 3>;

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

export function loadStars(storage: StarStorage | undefined = defaultStorage()): StarMap {
    const out: StarMap = {};
    let parsed: unknown;
    try {
        parsed = JSON.parse(storage?.getItem(KEY) ?? 'null');
    } catch {
        return out;
    }
    if (typeof parsed !== 'object' || parsed === null) return out;
    const file = parsed as { v?: unknown; levels?: unknown };
    if (file.v !== VERSION || typeof file.levels !== 'object' || file.levels === null || Array.isArray(file.levels))
        return out;
    for (const [id, n] of Object.entries(file.levels)) if (isStars(n)) out[id] = n;
    return out;
}

// Keeps `stars` for `levelId` if better than what was kept; answers the best now.
export function recordStars(
    levelId: string,
    stars: 1 | 2 | 3,
    storage: StarStorage | undefined = defaultStorage(),
): 1 | 2 | 3 {
    const all = loadStars(storage);
    const best = Math.max(all[levelId] ?? 0, stars) as 1 | 2 | 3;
    all[levelId] = best;
    try {
        storage?.setItem(KEY, JSON.stringify({ v: VERSION, levels: all }));
    } catch {
        /* storage full or off: the stars last this page only */
    }
    return best;
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
