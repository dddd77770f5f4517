// The Four Kingdoms move list's rows: one per round, one cell per player in playing order (East,
// South, West, North), each move in the column of the player who made it. Check comes first and
// players leave the game, so the order of the moves alone does not say whose they are: the
// caller names each move's mover. Pure logic, no DOM.

import type { Seat } from '../../geometry';

// A move in its cell, a player who is out of the game by then, or nothing (a player passed
// over because another was in check, or a round not played to its end).
export type RoundCell = { ply: number; san: string } | 'out' | null;

export interface RoundRow {
    round: number;
    cells: RoundCell[]; // one per seat, in playing order
}

// `san`: the moves; `moverOf(ply)`: who made move `ply` (1-based); `order`: the seats in playing
// order; `firstRound`: the start position's move number; `inGame`: the players still playing.
// A new round starts when the turn passes over or lands on the first seat (East), as the
// record's move number does (rules/fourkingdoms.md, "Bookkeeping"). A player no longer in the
// game shows `out` in every round after its last move.
export function roundsOf(
    san: readonly string[],
    moverOf: (ply: number) => Seat | undefined,
    order: readonly Seat[],
    firstRound: number,
    inGame: readonly Seat[],
): RoundRow[] {
    const rows: RoundRow[] = [];
    const lastMove = new Map<Seat, number>();
    let row: RoundRow | undefined;
    let last = -1; // the previous mover's place in `order`
    san.forEach((text, i) => {
        const mover = moverOf(i + 1);
        const at = mover ? order.indexOf(mover) : -1;
        if (at < 0) return; // a move nobody can be named for is left out rather than misplaced
        if (!row || at <= last) {
            row = { round: row ? row.round + 1 : firstRound, cells: order.map(() => null) };
            rows.push(row);
        }
        row.cells[at] = { ply: i + 1, san: text };
        lastMove.set(mover!, rows.length - 1);
        last = at;
    });
    order.forEach((seat, at) => {
        if (inGame.includes(seat)) return;
        const after = lastMove.get(seat) ?? -1;
        for (let r = after + 1; r < rows.length; r++) if (rows[r]!.cells[at] === null) rows[r]!.cells[at] = 'out';
    });
    return rows;
}
