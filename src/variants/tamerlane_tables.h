// Tamerlane's own tables and bitboard helpers (internal to src/variants/tamerlane*.cpp).
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

__extension__ typedef unsigned __int128 u128; // (ISO C++ has no 128-bit integer; GCC and Clang do)

// A giraffe's first leg from a square: the diagonal neighbour, and the two orthogonal
// directions (indices into Attacks<G>::Dirs) it rides outward in.
struct Leg {
    Square to;
    u8     dir[2];
};

struct Tables {
    // One square's bitboard (bit<BB>(s) writes one word at a variable index and reads the pair
    // back, which stalls store forwarding; a table load does not). 256 entries: NoSquare is 0.
    BB square[256]{};
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

// ---- two-word bitboard helpers ----

inline const BB& sq_bb(Square s) { return kTables.square[s]; }

// Iteration and tests that keep both words in registers (the generic pop_lsb/test index the
// word array with a variable, which sends the bitboard through memory).
inline int    count(const BB& b) { return std::popcount(b.w[0]) + std::popcount(b.w[1]); }
inline bool   has(const BB& b, Square s) { return ((s < 64 ? b.w[0] : b.w[1]) >> (s & 63)) & 1; }
inline Square pop_first(BB& b) {
    if (b.w[0]) {
        Square s = Square(std::countr_zero(b.w[0]));
        b.w[0] &= b.w[0] - 1;
        return s;
    }
    Square s = Square(64 + std::countr_zero(b.w[1]));
    b.w[1] &= b.w[1] - 1;
    return s;
}
template <class F> inline void for_each(const BB& b, F&& f) {
    for (u64 x = b.w[0]; x; x &= x - 1) f(Square(std::countr_zero(x)));
    for (u64 x = b.w[1]; x; x &= x - 1) f(Square(64 + std::countr_zero(x)));
}

inline BB shift_up(const BB& b, int n) { // towards higher squares, 0 < n < 64
    BB r;
    r.w[1] = (b.w[1] << n) | (b.w[0] >> (64 - n));
    r.w[0] = b.w[0] << n;
    return r;
}
inline BB shift_down(const BB& b, int n) {
    BB r;
    r.w[0] = (b.w[0] >> n) | (b.w[1] << (64 - n));
    r.w[1] = b.w[1] >> n;
    return r;
}

// Sliders work on the board as one 128-bit number (the two words in order), which makes the
// rides branch-free: a ride upward ends at the lowest blocker (b ^ (b - 1)), downward at the
// highest; a whole line (both directions) is one "obstruction difference".
inline u128 wide(const BB& b) { return (u128(b.w[1]) << 64) | b.w[0]; }
inline BB   narrow(u128 x) {
      BB b;
      b.w[0] = u64(x);
      b.w[1] = u64(x >> 64);
      return b;
}
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

inline BB rook_moves(Square s, const BB& occ) { return narrow(rook128(s, wide(occ))); }
inline BB bishop_moves(Square s, const BB& occ) { return narrow(bishop128(s, wide(occ))); }
// A picket: the bishop's ride without the adjacent diagonal squares. A blocked first square
// stops the ride there, so nothing of that direction remains.
inline BB picket_moves(Square s, const BB& occ) {
    if (!any(kTables.picket_first[s] & ~occ)) return BB{}; // no empty first square to ride over
    return narrow(bishop128(s, wide(occ)) & kTables.picket_reach128[s]);
}
// A giraffe: from each empty diagonal neighbour (its leg), the two outward orthogonal rides
// without their first two squares.
inline BB giraffe_moves(Square s, const BB& occ) {
    const auto& T = kTables;
    if (!any(T.legs_bb[s] & ~occ)) return BB{}; // every leg blocked: the usual case early on
    const u128 o   = wide(occ);
    u128       out = 0;
    for (int i = 0; i < T.leg_count[s]; ++i) {
        const Leg& l = T.legs[s][i];
        if (has(occ, l.to)) continue;
        out |= (ride(l.dir[0], l.to, o) & T.far2[l.dir[0]][l.to])
            | (ride(l.dir[1], l.to, o) & T.far2[l.dir[1]][l.to]);
    }
    return narrow(out);
}

} // namespace citadel::tamerlane
