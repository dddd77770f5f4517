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
//
// While a child of the family is learning (family/memory.ts), the same file is kept per child
// (`citadel.learn.stars.<child id>`): this browser's copy of the child's progress, into which the
// server's is merged; the browser's own file stays as it was, for without a family.

import type { KeptProgress } from '../../family/contract';
import { loadFamily } from '../../family/memory';
import type { CourseLesson } from '../../learn_contract';
import { browserStorage } from '../../kept';

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

const isStars = (n: unknown): n is 1 | 2 | 3 => n === 1 || n === 2 || n === 3;

const isObjectOf = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);

// Where the stars of the one learning now are: the child's copy, else the browser's own file.
export function starKey(storage: StarStorage | undefined): string {
    const child = storage ? loadFamily(storage)?.child : undefined;
    return child ? `${KEY}.${child.id}` : KEY;
}

// Everything kept for the one learning now (`key`: another file), what can be trusted of it.
export function loadStarFile(
    storage: StarStorage | undefined = browserStorage(),
    key: string = starKey(storage),
): StarFile {
    const out: StarFile = { levels: {}, practice: {}, recent: [] };
    let parsed: unknown;
    try {
        parsed = JSON.parse(storage?.getItem(key) ?? 'null');
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
            starKey(storage),
            JSON.stringify({ v: VERSION, levels: file.levels, practice: file.practice, practice_recent: file.recent }),
        );
    } catch {
        /* storage full or off: what was earned lasts this page only */
    }
}

export const loadStars = (storage: StarStorage | undefined = browserStorage()): StarMap => loadStarFile(storage).levels;

// Keeps `stars` for `levelId` if better than what was kept; answers the best now.
export function recordStars(
    levelId: string,
    stars: 1 | 2 | 3,
    storage: StarStorage | undefined = browserStorage(),
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
    storage: StarStorage | undefined = browserStorage(),
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
export const practiceSolved = (storage: StarStorage | undefined = browserStorage()): Record<string, number> =>
    loadStarFile(storage).practice;

// Which of `levelIds` (a round of practice) were solved.
export function solvedOf(
    levelIds: readonly string[],
    storage: StarStorage | undefined = browserStorage(),
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

// The browser's own stars (kept without a family), whoever is learning now.
export const ownStarFile = (storage: StarStorage | undefined = browserStorage()): StarFile =>
    loadStarFile(storage, KEY);

// Whether `file` holds anything earned.
export const hasProgress = (file: StarFile): boolean =>
    Object.keys(file.levels).length > 0 || Object.keys(file.practice).length > 0;

// `file` as the server takes it (POST .../progress).
export const keptProgress = (file: StarFile): KeptProgress => ({
    levels: file.levels,
    practice: file.practice,
    practice_recent: file.recent,
});

// `file` with `progress` merged in as the server merges: the best stars and the larger counts win,
// the practice levels solved are both lists' (the newest last, at most RECENT_PRACTICE).
export function mergedProgress(file: StarFile, progress: KeptProgress): StarFile {
    const levels = { ...file.levels };
    for (const [id, n] of Object.entries(progress.levels)) levels[id] = Math.max(levels[id] ?? 0, n) as 1 | 2 | 3;
    const practice = { ...file.practice };
    for (const [topic, n] of Object.entries(progress.practice)) practice[topic] = Math.max(practice[topic] ?? 0, n);
    const known = new Set(file.recent);
    const recent = [...progress.practice_recent.filter((id) => !known.has(id)), ...file.recent];
    return { levels, practice, recent: recent.slice(-RECENT_PRACTICE) };
}

// Merges the server's `progress` of the child learning now into this browser's copy.
export function mergeProgress(progress: KeptProgress, storage: StarStorage | undefined = browserStorage()): void {
    save(mergedProgress(loadStarFile(storage), progress), storage);
}
