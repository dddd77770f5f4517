// The seats this browser holds, per game (localStorage): a one-device game keeps every token.
import type { Seat } from './geometry';

export interface HeldGame {
    tokens: Partial<Record<Seat, string>>;
    turnBoard?: boolean; // one-device: turn the board to the player to move
}

const key = (id: string) => `citadel.game.${id}`;

export function loadHeld(id: string): HeldGame {
    try {
        const raw = localStorage.getItem(key(id));
        const parsed = raw ? (JSON.parse(raw) as HeldGame) : null;
        if (parsed && typeof parsed === 'object' && parsed.tokens && typeof parsed.tokens === 'object') return parsed;
    } catch {
        /* unreadable: hold nothing */
    }
    return { tokens: {} };
}

export function saveHeld(id: string, held: HeldGame): void {
    try {
        localStorage.setItem(key(id), JSON.stringify(held));
    } catch {
        /* storage off: the seats last this page only */
    }
}
