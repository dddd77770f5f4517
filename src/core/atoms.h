// A generic walker over movement atoms (core/piece.h): where a piece can go, square by square,
// and which squares must be empty on the way. It is the slow, obviously-correct reading of the
// atoms, for building tables of unusual pieces (the picket's minimum distance, the giraffe's bent
// ride), for explaining why a move is illegal ("the giraffe's path is blocked on d3"), and for
// tests that check the fast tables against the atoms.
#pragma once

#include "core/geometry.h"
#include "core/piece.h"

namespace citadel {

// Calls visit(dest, path, mode) for every square the atom reaches from `from` on an empty board
// of geometry G, in order of distance; `path` holds the squares that must be empty for the move
// (the leg, skipped squares, earlier squares of the ride). `forward` is +1, or -1 for a piece
// whose forward-relative atoms are turned (Black's pawns). Rides stop at the board's edge and at
// removed cells; extra squares (citadels) are never reached.
template <class G, class Visit>
constexpr void walk_atom(const Atom& a, Square from, int forward, Visit&& visit) {
    using BB = typename G::Bitboard;
    if (from >= G::Files * G::Ranks) return;
    int f = G::file_of(from), r = G::rank_of(from);
    BB  path{};
    if (a.leg_df || a.leg_dr) {
        f += a.leg_df, r += forward * a.leg_dr;
        if (!G::on_board(f, r)) return;
        path |= bit<BB>(G::square(f, r));
    }
    const int df = a.df, dr = forward * a.dr;
    for (int k = 1; k <= a.max_range; ++k) {
        f += df, r += dr;
        if (!G::on_board(f, r)) return;
        Square s = G::square(f, r);
        if (k >= a.min_range) visit(s, path, a.mode);
        path |= bit<BB>(s);
    }
}

// The atom of type t that reaches `to` from `from` (on an empty board), and its path, if any.
template <class G> struct AtomReach {
    bool                 found = false;
    Atom                 atom{};
    typename G::Bitboard path{};
};

template <class G>
AtomReach<G> atom_reaching(PieceType t, Square from, Square to, int forward, Mode mode_filter) {
    using BB = typename G::Bitboard;
    AtomReach<G> out;
    for (const Atom& a : kind(t).atoms) {
        if (out.found) break;
        if (mode_filter == Mode::CaptureOnly && a.mode == Mode::MoveOnly) continue;
        if (mode_filter == Mode::MoveOnly && a.mode == Mode::CaptureOnly) continue;
        walk_atom<G>(a, from, kind(t).forward_relative ? forward : 1, [&](Square s, BB path, Mode) {
            if (!out.found && s == to) out = { true, a, path };
        });
    }
    return out;
}

// The first square of `path` that is occupied, walking the atom from `from` (the square that
// blocks the move), or NoSquare.
template <class G>
Square first_blocker(const Atom& a, Square from, Square to, int forward, typename G::Bitboard occ) {
    using BB     = typename G::Bitboard;
    Square found = NoSquare;
    bool   done  = false;
    // The path is walked in order: the leg first, then the ride.
    if (a.leg_df || a.leg_dr) {
        int f = G::file_of(from) + a.leg_df, r = G::rank_of(from) + forward * a.leg_dr;
        if (G::on_board(f, r) && test(occ, G::square(f, r))) return G::square(f, r);
    }
    walk_atom<G>(a, from, forward, [&](Square s, BB, Mode) {
        if (done) return;
        if (s == to) done = true;
    });
    if (!done) return NoSquare;
    int f = G::file_of(from) + a.leg_df, r = G::rank_of(from) + forward * a.leg_dr;
    for (int k = 1; k <= a.max_range; ++k) {
        f += a.df, r += forward * a.dr;
        if (!G::on_board(f, r)) break;
        Square s = G::square(f, r);
        if (s == to) break;
        if (test(occ, s)) {
            found = s;
            break;
        }
    }
    return found;
}

} // namespace citadel
