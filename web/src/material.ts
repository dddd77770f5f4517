// Captured material and the material difference, for the players' rows: what each army has
// taken (grouped by kind, most valuable first) and how many pawns' worth the army ahead leads
// by. Two-player games read it from the position (the pieces on the board against the start
// position's, so promotions count right); Four Kingdoms from the moves' history (see
// fourKingdomsTaken). Pure logic, no DOM.

import { type Seat, type Variant, isFourKingdoms } from './geometry';
import type { Army, Kind, Piece, Position } from './notation';
import { isRoyal, parseMove } from './notation';

// Each piece's worth in pawns, the one table of the web app. The usual 1/3/3/5/9 for the chess
// pieces (chess, Silverman, pawn race, and Four Kingdoms, whose engine counts the same:
// src/eval/fourkingdoms.h kMaterial). Tamerlane's are its engine's tuned weights
// (src/eval/weights_tamerlane.h) rounded to whole pawns; its prince and adventitious king are
// worth what the engine gives each royal beyond the first. A king counts nothing: it is never
// taken.
const ORTHODOX_VALUES: Partial<Record<Kind, number>> = { Q: 9, R: 5, B: 3, N: 3, P: 1 };
const TAMERLANE_VALUES: Partial<Record<Kind, number>> = {
    R: 6,
    Z: 5,
    T: 3,
    N: 3,
    H: 3,
    A: 3,
    C: 2,
    G: 1,
    V: 1,
    E: 1,
    D: 1,
    P: 1,
};

export function pieceValue(variant: Variant, kind: Kind): number {
    return (variant === 'tamerlane' ? TAMERLANE_VALUES : ORTHODOX_VALUES)[kind] ?? 0;
}

// Pieces of one kind taken from one army (the picture is of that army's piece).
export interface TakenGroup {
    army: Army;
    kind: Kind;
    count: number;
}

// One army's row: what it has taken and, for the army ahead, by how much (else 0).
export interface Standing {
    seat: Seat;
    taken: TakenGroup[];
    ahead: number;
}

// What the model gives (GameModel has it all).
export interface MaterialSource {
    readonly variant: Variant;
    readonly moves: readonly string[];
    positionAt(ply: number): Position;
}

// Tamerlane's pawns are one kind here, whatever piece each becomes.
const countKinds = (pieces: Iterable<Piece>, army: Army): Map<Kind, number> => {
    const out = new Map<Kind, number>();
    for (const p of pieces) if (p.army === army) out.set(p.kind, (out.get(p.kind) ?? 0) + 1);
    return out;
};

// The pieces `army` has lost since `start`. A piece beyond the start's count of its kind is a
// promoted pawn, so that many missing pawns were not taken.
export function lossesSince(start: Position, now: Position, army: Army): Map<Kind, number> {
    const before = countKinds(start.pieces.values(), army);
    const after = countKinds(now.pieces.values(), army);
    const lost = new Map<Kind, number>();
    let promoted = 0;
    for (const kind of new Set([...before.keys(), ...after.keys()])) {
        if (kind === 'P') continue;
        const change = (before.get(kind) ?? 0) - (after.get(kind) ?? 0);
        if (change > 0) lost.set(kind, change);
        else promoted -= change;
    }
    const pawns = (before.get('P') ?? 0) - (after.get('P') ?? 0) - promoted;
    if (pawns > 0) lost.set('P', pawns);
    return lost;
}

// Four Kingdoms: each army's captures, move by move (a piece of another army gone from the board
// after the army's move; kings leave the board when their player is out, which no one takes).
// The position alone cannot say who of three opponents took a piece, and a child who took a
// rook expects to see it by its own army, so the history decides. An army keeps its captures
// when another player comes to command it: its row says who commands it.
export function fourKingdomsTaken(source: MaterialSource, ply: number): Map<Seat, Piece[]> {
    const out = new Map<Seat, Piece[]>();
    for (let p = 1; p <= Math.min(ply, source.moves.length); p++) {
        const mv = parseMove(source.moves[p - 1]!);
        const before = source.positionAt(p - 1);
        const mover = mv && before.pieces.get(mv.from);
        if (!mover) continue;
        const after = source.positionAt(p).pieces;
        for (const [sq, piece] of before.pieces) {
            if (piece.army === mover.army || isRoyal(piece)) continue;
            if (after.get(sq)?.army !== piece.army) out.set(mover.army, [...(out.get(mover.army) ?? []), piece]);
        }
    }
    return out;
}

const worth = (variant: Variant, pieces: Iterable<Piece>, army: Army): number => {
    let sum = 0;
    for (const p of pieces) if (p.army === army) sum += pieceValue(variant, p.kind);
    return sum;
};

// Most valuable first; kinds of the same worth (and the same piece of several armies) in a
// fixed order, so that the row does not reorder itself.
function grouped(variant: Variant, pieces: Iterable<[Army, Kind, number]>): TakenGroup[] {
    const groups: TakenGroup[] = [];
    for (const [army, kind, count] of pieces) {
        const g = groups.find((x) => x.army === army && x.kind === kind);
        if (g) g.count += count;
        else groups.push({ army, kind, count });
    }
    return groups.sort(
        (a, b) =>
            pieceValue(variant, b.kind) - pieceValue(variant, a.kind) ||
            (a.kind + a.army).localeCompare(b.kind + b.army),
    );
}

// Every seat's row after `ply` moves. Two players: each has taken what the other has lost, and
// the one with more material on the board is ahead by the difference. Four Kingdoms: the army
// with the most material on the board is ahead of the next richest (four armies have no one
// "opponent" to be ahead of; the leader's margin is what a player looks for).
export function standings(source: MaterialSource, seats: readonly Seat[], ply: number): Standing[] {
    const { variant } = source;
    const now = source.positionAt(ply);
    const material = seats.map((s) => worth(variant, now.pieces.values(), s));
    const order = [...material].sort((a, b) => b - a);
    const lead = (order[0] ?? 0) - (order[1] ?? 0);
    const leader = lead > 0 ? seats[material.indexOf(order[0]!)] : undefined;
    const fk = isFourKingdoms(variant) ? fourKingdomsTaken(source, ply) : undefined;
    const start = source.positionAt(0);
    return seats.map((seat) => {
        const taken = fk
            ? grouped(
                  variant,
                  (fk.get(seat) ?? []).map((p): [Army, Kind, number] => [p.army, p.kind, 1]),
              )
            : grouped(
                  variant,
                  seats
                      .filter((other) => other !== seat)
                      .flatMap((other) =>
                          [...lossesSince(start, now, other)].map(([kind, n]): [Army, Kind, number] => [
                              other,
                              kind,
                              n,
                          ]),
                      ),
              );
        return { seat, taken, ahead: seat === leader ? lead : 0 };
    });
}
