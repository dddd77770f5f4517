// Which way the game's board is turned: to the seat held, and by the flip button. A flip turns a
// two-player board round; in Four Kingdoms it brings the next seat in the order of play to the
// bottom (East, South, West, North), the view of the player who moves after. The flips asked for
// are kept in the page's history entry, for that game: a reload, a change of language or a way
// back to the page keeps them; another game starts straight.

import { type Rotation, type Seat, type Variant, geometryOf, isFourKingdoms, rotationFor } from '../../geometry';

// The board turns to the seat held; on one device holding several, to the player to move (when
// asked to) or the first held; then by `turns` flips.
export function boardRotation(
    variant: Variant,
    mine: readonly Seat[],
    toMove: Seat,
    turnBoard: boolean,
    turns: number,
): Rotation {
    let base: Rotation = 0;
    if (mine.length === 1) base = rotationFor(mine[0]!);
    else if (mine.length > 1) base = rotationFor(turnBoard && mine.includes(toMove) ? toMove : mine[0]!);
    // a quarter turn back brings the next seat of East, South, West, North down (rotationFor)
    const step = isFourKingdoms(variant) ? -1 : 2;
    return ((((base + turns * step) % 4) + 4) % 4) as Rotation;
}

// The seat whose side is at the bottom of a board turned by `rotation`.
export function seatAtBottom(variant: Variant, rotation: Rotation): Seat {
    const seats = geometryOf(variant).seats;
    return seats.find((s) => rotationFor(s) === rotation) ?? seats[0]!;
}

interface Kept {
    flips?: { game: string; turns: number };
}

function kept(): Kept {
    const s = history.state as unknown;
    return s !== null && typeof s === 'object' ? s : {};
}

// The flips asked for on this page for the game `id`.
export function keptTurns(id: string): number {
    const f = kept().flips;
    return f && f.game === id && Number.isInteger(f.turns) ? f.turns : 0;
}

export function keepTurns(id: string, turns: number): void {
    history.replaceState({ ...kept(), flips: { game: id, turns: ((turns % 4) + 4) % 4 } }, '');
}
