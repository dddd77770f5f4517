// Tamerlane's own tables and slider rides (internal to src/variants/tamerlane*.cpp).
//
// Built before main from the geometry and the piece atoms alone (not from kAttacks, whose
// initialisation order relative to this table is unspecified). At run time the generator uses
// both: kAttacks<TamerlaneBoard> for leaps, pawn captures and rays, these for the rest. Citadels
// appear only in royal_step (the royals' steps in and out), never in an attack table.
#pragma once

#include <bit>

#include "core/attacks.h"
#include "variants/tamerlane_board.h"

namespace citadel::tamerlane {

// A giraffe's first leg from a square: the diagonal neighbour, and the two orthogonal
// directions (indices into Attacks<G>::Dirs) it rides outward in.
struct Leg {
    Square to;
    u8     dir[2];
};

struct Tables {
    BB rect{}; // the 110 squares of the rectangle
    BB citadels{}; // l2 and z9
    BB file_a{}, file_k{};
    BB rank[Ranks]{};
    BB royal_step[G::Squares]{}; // king steps, with the citadel links (k1-k3 <-> l2, a8-a10 <-> z9)
    u128 ray[8][G::Squares]{}; // as Attacks<G>::ray, as 128-bit numbers
    u128 far2[8][G::Squares]{}; // the ray without its first two squares (giraffe rides)
    u128 picket_reach128[G::Squares]{};
    BB   rook_rays[G::Squares]{}; // every square a rook could reach on an empty board
    BB   picket_reach[G::Squares]{}; // ... a picket (diagonals without the adjacent squares)
    BB   giraffe_reach[G::Squares]{}; // ... a giraffe; the relation is symmetric
    BB   legs_bb[G::Squares]{}; // a giraffe's legs: the diagonal neighbours
    BB   picket_first[G::Squares]{}; // a picket's first squares that have a second beyond them
    Leg  legs[G::Squares][4]{};
    u8   leg_count[G::Squares]{};
    i8   dir_to[G::Squares][G::Squares]{}; // direction index from a to b on a line, or -1

    Tables();
};

extern const Tables kTables;

// ---- rides ----

// Sliders work on the board as one 128-bit number (to_u128), which makes the rides branch-free:
// a ride upward ends at the lowest blocker (b ^ (b - 1)), downward at the highest; a whole line
// (both directions) is one "obstruction difference".
inline int msb128(u128 x) { // x != 0
    const u64 hi = u64(x >> 64);
    return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(u64(x));
}

// The ride from s in direction d (Attacks<G>::Dirs order: 0-3 go up, 4-7 down) up to and
// including the first occupied square.
inline u128 ride(int d, Square s, u128 occ) {
    const u128 r = kTables.ray[d][s], b = r & occ;
    if (d < 4) return r & (b ^ (b - 1));
    return r & (~u128(0) << msb128(b | 1));
}

// Both directions of line l (0 file, 1 rank, 2 diagonal, 3 anti-diagonal) through s.
inline u128 line(int l, Square s, u128 occ) {
    const u128 up = kTables.ray[l][s], down = kTables.ray[l + 4][s];
    const u128 lo = down & occ, hi = up & occ;
    const u128 from_lowest = ~u128(0) << msb128(lo | 1);
    const u128 ls1b        = hi & (~hi + 1);
    return (up | down) & (2 * ls1b + from_lowest);
}

inline u128 rook128(Square s, u128 occ) { return line(0, s, occ) | line(1, s, occ); }
inline u128 bishop128(Square s, u128 occ) { return line(2, s, occ) | line(3, s, occ); }

inline BB rook_moves(Square s, const BB& occ) { return from_u128(rook128(s, to_u128(occ))); }
inline BB bishop_moves(Square s, const BB& occ) { return from_u128(bishop128(s, to_u128(occ))); }
// A picket: the bishop's ride without the adjacent diagonal squares. A blocked first square
// stops the ride there, so nothing of that direction remains.
inline BB picket_moves(Square s, const BB& occ) {
    if (!any(kTables.picket_first[s] & ~occ)) return BB{}; // no empty first square to ride over
    return from_u128(bishop128(s, to_u128(occ)) & kTables.picket_reach128[s]);
}
// A giraffe: from each empty diagonal neighbour (its leg), the two outward orthogonal rides
// without their first two squares.
inline BB giraffe_moves(Square s, const BB& occ) {
    const auto& T = kTables;
    if (!any(T.legs_bb[s] & ~occ)) return BB{}; // every leg blocked: the usual case early on
    const u128 o   = to_u128(occ);
    u128       out = 0;
    for (int i = 0; i < T.leg_count[s]; ++i) {
        const Leg& l = T.legs[s][i];
        if (test(occ, l.to)) continue;
        out |= (ride(l.dir[0], l.to, o) & T.far2[l.dir[0]][l.to])
            | (ride(l.dir[1], l.to, o) & T.far2[l.dir[1]][l.to]);
    }
    return from_u128(out);
}

} // namespace citadel::tamerlane
