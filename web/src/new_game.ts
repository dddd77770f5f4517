// The new-game form's settings: the game, the clock, who sits where (a person, or the computer
// and its level), how the game is played (one device or invitations) and the start position.
// Kept in localStorage (`citadel.new_game`, without the start position) once a game is created,
// so that the next form starts as the last one was sent; and, while the form is being filled,
// in memory (the draft), so that drawing it again (another language) keeps what was chosen.
// Anything unreadable is left out for the default.

import { type Seat, type Variant, SEATS, geometryOf, isVariant } from './geometry';
import { browserStorage } from './kept';

const KEY = 'citadel.new_game';

export interface Clock {
    initial_s: number;
    increment_s: number;
}

export const CLOCK_PRESETS: readonly (Clock | null)[] = [
    null,
    { initial_s: 180, increment_s: 2 },
    { initial_s: 300, increment_s: 3 },
    { initial_s: 600, increment_s: 5 },
    { initial_s: 900, increment_s: 10 },
    { initial_s: 1800, increment_s: 0 },
];

export interface SeatSetting {
    player: 'human' | 'engine';
    level: number; // 0-20, for the computer
}

export interface NewGameSettings {
    variant: Variant;
    clock: number; // an index of CLOCK_PRESETS
    // Per seat, for every game that has it (White in chess is White in the pawn race too).
    seats: Partial<Record<Seat, SeatSetting>>;
    mode: 'one' | 'invite';
    turnBoard: boolean;
    takeBack: boolean; // a person against the computer may take back moves
    fen: string;
}

export const DEFAULT_LEVEL = 5;

export const defaultSettings = (): NewGameSettings => ({
    variant: 'chess',
    clock: 0,
    seats: {},
    mode: 'one',
    turnBoard: true,
    takeBack: true,
    fen: '',
});

export const seatSetting = (s: NewGameSettings, seat: Seat): SeatSetting =>
    s.seats[seat] ?? { player: 'human', level: DEFAULT_LEVEL };

// Whether the game set up is one person against the computer: the games a take-back is for.
export const againstComputer = (s: NewGameSettings): boolean => {
    const players = geometryOf(s.variant).seats.map((seat) => seatSetting(s, seat).player);
    return players.filter((p) => p === 'human').length === 1 && players.includes('engine');
};

export const clampLevel = (n: number): number => (Number.isFinite(n) ? Math.max(0, Math.min(20, Math.round(n))) : 5);

interface KeptStorage {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
}

const isObjectOf = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);

// The settings of the last game created here, each one that can be read (the others default).
export function loadSettings(storage: KeptStorage | undefined = browserStorage()): NewGameSettings {
    const out = defaultSettings();
    let v: unknown;
    try {
        v = JSON.parse(storage?.getItem(KEY) ?? 'null');
    } catch {
        return out;
    }
    if (!isObjectOf(v)) return out;
    if (typeof v['variant'] === 'string' && isVariant(v['variant'])) out.variant = v['variant'];
    const clock = CLOCK_PRESETS.findIndex((c) => sameClock(c, v['clock']));
    if (clock >= 0) out.clock = clock;
    if (v['mode'] === 'one' || v['mode'] === 'invite') out.mode = v['mode'];
    if (typeof v['turn_board'] === 'boolean') out.turnBoard = v['turn_board'];
    if (typeof v['take_back'] === 'boolean') out.takeBack = v['take_back'];
    const seats = v['seats'];
    if (isObjectOf(seats))
        for (const seat of SEATS) {
            const s = seats[seat];
            if (!isObjectOf(s) || (s['player'] !== 'human' && s['player'] !== 'engine')) continue;
            const level = typeof s['level'] === 'number' ? clampLevel(s['level']) : DEFAULT_LEVEL;
            out.seats[seat] = { player: s['player'], level };
        }
    return out;
}

// The clock is kept as the time itself, not as its place in the list (which may change).
function sameClock(preset: Clock | null, v: unknown): boolean {
    if (preset === null || v === null) return preset === v;
    return isObjectOf(v) && v['initial_s'] === preset.initial_s && v['increment_s'] === preset.increment_s;
}

// Keeps the settings a game was created with (the start position is for that game only).
export function keepSettings(s: NewGameSettings, storage: KeptStorage | undefined = browserStorage()): void {
    try {
        storage?.setItem(
            KEY,
            JSON.stringify({
                variant: s.variant,
                clock: CLOCK_PRESETS[s.clock] ?? null,
                seats: s.seats,
                mode: s.mode,
                turn_board: s.turnBoard,
                take_back: s.takeBack,
            }),
        );
    } catch {
        /* storage full or off: the next form starts as usual */
    }
    draft = { ...s, fen: '' };
}

// The form as it was left on this page: while it is filled, and after a game was created.
let draft: NewGameSettings | undefined;

export function draftSettings(storage: KeptStorage | undefined = browserStorage()): NewGameSettings {
    return draft ? structuredClone(draft) : loadSettings(storage);
}

export function setDraft(s: NewGameSettings): void {
    draft = structuredClone(s);
}
