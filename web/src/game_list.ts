// The home page's list of the games this browser keeps (store.ts), each with what the server says
// of it now (GET /api/games/{id}): which games wait for this browser's move, which go on, which
// are over. Pure logic, no DOM.

import type { KeptGame } from './store';
import type { StateMessage } from './turn';

// What the server said: the game's state, 'gone' (it has no such game: unknown_game) or
// 'unreachable' (no answer, or another error).
export interface Listed {
    game: KeptGame;
    state: StateMessage | 'gone' | 'unreachable';
}

export type Standing = 'your_move' | 'ongoing' | 'unreachable' | 'over' | 'gone';

// The order of the list: the games waiting for this browser's move, the others still going on,
// those the server could not be asked about, the finished ones, and those the server lost.
const ORDER: readonly Standing[] = ['your_move', 'ongoing', 'unreachable', 'over', 'gone'];

// Where a game stands for this browser: its move when the seat to move is one it plays.
export function standing({ game, state }: Listed): Standing {
    if (state === 'gone' || state === 'unreachable') return state;
    if (state.status !== 'ongoing') return 'over';
    return game.mine.includes(state.to_move) ? 'your_move' : 'ongoing';
}

// The list in its order, the newest first within each standing.
export function orderGames(list: readonly Listed[]): Listed[] {
    const rank = (l: Listed) => ORDER.indexOf(standing(l));
    return [...list].sort((a, b) => rank(a) - rank(b) || b.game.created - a.game.created);
}

// Whether a game may be taken off the list: only once nothing more can be played in it.
export const removable = (l: Listed): boolean => ['over', 'gone'].includes(standing(l));
