// The board's colours (board_colours.ts): remembered, shown on the document, and an unknown or
// unreadable choice falls back to wood.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOARD_COLOURS, boardColours, setBoardColours } from '../src/board_colours';

const kept = new Map<string, string>();
const root = { dataset: {} as Record<string, string> };

beforeEach(() => {
    kept.clear();
    vi.stubGlobal('localStorage', {
        getItem: (k: string) => kept.get(k) ?? null,
        setItem: (k: string, v: string) => void kept.set(k, v),
    });
    vi.stubGlobal('document', { documentElement: root });
});
afterEach(() => vi.unstubAllGlobals());

describe('board colours', () => {
    it('are remembered and shown on the document', () => {
        expect(boardColours()).toBe('wood');
        setBoardColours('green');
        expect(boardColours()).toBe('green');
        expect(root.dataset['board']).toBe('green');
        expect(BOARD_COLOURS).toEqual(['wood', 'green', 'blue']);
    });
    it('fall back to wood for anything else kept', () => {
        kept.set('citadel.board-colours', 'plaid');
        expect(boardColours()).toBe('wood');
    });
});
