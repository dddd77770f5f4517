// The board's colours, chosen once and remembered in localStorage (`citadel.board-colours`):
// the wood of the classic set, a tournament green, or a calm blue. The choice is a data attribute
// on the document (style.css gives each its light and dark squares), so every board of every
// screen follows it; Four Kingdoms keeps its own army-tinted squares.

import { browserStorage } from './kept';

export const BOARD_COLOURS = ['wood', 'green', 'blue'] as const;
export type BoardColours = (typeof BOARD_COLOURS)[number];

const KEY = 'citadel.board-colours';

export function boardColours(): BoardColours {
    const saved = browserStorage()?.getItem(KEY);
    return BOARD_COLOURS.find((c) => c === saved) ?? 'wood';
}

// Shows `colours` on every board from now on, and remembers them.
export function setBoardColours(colours: BoardColours): void {
    try {
        browserStorage()?.setItem(KEY, colours);
    } catch {
        /* storage full or off: the choice lasts this page only */
    }
    applyBoardColours(colours);
}

export function applyBoardColours(colours: BoardColours = boardColours()): void {
    if (typeof document !== 'undefined') document.documentElement.dataset['board'] = colours;
}
