// Which screen an address shows: `/` the new-game screen, `/g/{id}` a game, `/learn` the course
// map, `/learn/{lesson}` a lesson (its explanation), `/learn/{lesson}/{level}` one of its levels,
// `/learn/practice/{topic}` a round of practice (`?seed=N` which levels, `&n=K` the one shown,
// `&from=<lesson>` the lesson it goes on from), `/family` the family (`#key=<key>`: a family's
// link, opened on this device), `/family/grown-ups` the grown-ups' view of its children,
// `/rules/{variant}` how to play that game.

import { type Variant, isVariant } from './geometry';

export type Route =
    | { screen: 'home' }
    | { screen: 'game'; id: string }
    | { screen: 'learn' }
    | { screen: 'lesson'; lesson: string; level?: string }
    | { screen: 'practice'; topic: string }
    | { screen: 'family' }
    | { screen: 'grownups' }
    | { screen: 'rules'; variant: Variant }
    | { screen: 'missing' };

const ID = '([A-Za-z0-9_-]{1,128})';

export function route(path: string): Route {
    if (path === '/' || path === '' || path === '/index.html') return { screen: 'home' };
    const game = new RegExp(`^/g/${ID}/?$`).exec(path);
    if (game) return { screen: 'game', id: game[1]! };
    if (/^\/learn\/?$/.test(path)) return { screen: 'learn' };
    if (/^\/family\/?$/.test(path)) return { screen: 'family' };
    if (/^\/family\/grown-ups\/?$/.test(path)) return { screen: 'grownups' };
    const rules = /^\/rules\/([a-z-]+)\/?$/.exec(path);
    if (rules && isVariant(rules[1]!)) return { screen: 'rules', variant: rules[1] };
    const practice = new RegExp(`^/learn/practice/${ID}/?$`).exec(path);
    if (practice) return { screen: 'practice', topic: practice[1]! };
    const lesson = new RegExp(`^/learn/${ID}(?:/${ID})?/?$`).exec(path);
    if (lesson)
        return lesson[2]
            ? { screen: 'lesson', lesson: lesson[1]!, level: lesson[2] }
            : { screen: 'lesson', lesson: lesson[1]! };
    return { screen: 'missing' };
}

// The address of a lesson, or of one of its levels.
export function learnPath(lesson?: string, level?: string): string {
    if (!lesson) return '/learn';
    return `/learn/${encodeURIComponent(lesson)}${level ? `/${encodeURIComponent(level)}` : ''}`;
}

// The address of how to play `variant`.
export const rulesPath = (variant: Variant): string => `/rules/${variant}`;

// The largest seed the server takes (an unsigned 64-bit number).
const MAX_SEED = 2n ** 64n - 1n;

// Where a round of practice is: its seed (a whole number, as text: the server's is 64 bits), its
// stage (a family's child's: which kinds, learn.md), the level shown (1 = the first), the lesson
// it goes on from.
export interface PracticePlace {
    seed?: string;
    stage?: 0 | 1 | 2;
    n?: number;
    from?: string;
}

// The address of a round of practice of `topic` (without a seed the screen draws one).
export function practicePath(topic: string, place: PracticePlace = {}): string {
    const q = new URLSearchParams();
    if (place.seed !== undefined) q.set('seed', place.seed);
    if (place.stage !== undefined) q.set('stage', String(place.stage));
    if (place.n !== undefined && place.n > 1) q.set('n', String(place.n));
    if (place.from !== undefined) q.set('from', place.from);
    const query = q.toString();
    return `/learn/practice/${encodeURIComponent(topic)}${query ? `?${query}` : ''}`;
}

// The place a practice address's query names; what is malformed is left out (a seed that is not
// a whole number below 2^64, a stage not 0-2, n not a count from 1, a lesson id the routes would
// not read).
export function practicePlace(search: string): PracticePlace {
    const q = new URLSearchParams(search);
    const out: PracticePlace = {};
    const seed = q.get('seed');
    if (seed !== null && /^\d{1,20}$/.test(seed) && BigInt(seed) <= MAX_SEED) out.seed = seed;
    const stage = q.get('stage');
    if (stage === '0' || stage === '1' || stage === '2') out.stage = Number(stage) as 0 | 1 | 2;
    const n = q.get('n');
    if (n !== null && /^[1-9]\d{0,2}$/.test(n)) out.n = Number(n);
    const from = q.get('from');
    if (from !== null && new RegExp(`^${ID}$`).test(from)) out.from = from;
    return out;
}

export const FAMILY_PATH = '/family';
export const GROWNUPS_PATH = '/family/grown-ups';

// A family's link: its key after `#`, which a browser never sends to a server.
export const familyLink = (origin: string, key: string): string => `${origin}${FAMILY_PATH}#key=${key}`;

// The key a family link's `#key=` carries (as written: the server says whether it is a family's),
// or undefined where the address has none.
export function linkedKey(hash: string): string | undefined {
    const key = new URLSearchParams(hash.replace(/^#/, '')).get('key');
    return key === null ? undefined : key;
}
