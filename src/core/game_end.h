// How the orthodox family's rules end a game on the board alone, without a look at the moves:
// the pawn race's end and the dead position. One home for each rule; Game<V> (the game's outcome)
// and the search's Worker<V> (the tree) both read them.
#pragma once

#include "core/outcome.h"
#include "core/position.h"

namespace citadel {

// The pawn race's end (docs/rules/pawnrace.md), seen from the side to move: the opponent's pawn
// on its last rank has won; a side without pawns has lost (the side to move first: only a set-up
// position leaves the other side without pawns). Ongoing while the race goes on.
template <class V> Outcome race_outcome(const Position<V>& pos) {
    static_assert(V::LastRankWins);
    using K         = Outcome::Kind;
    const Seat us   = pos.side_to_move();
    const Seat them = Seat(us ^ 1);
    if (any(pos.pawns_on_last_rank(them)))
        return { K::Win, them, Termination::PawnReachedLastRank };
    if (!any(pos.pieces(us, Pawn))) return { K::Win, them, Termination::NoPawnsLeft };
    if (!any(pos.pieces(them, Pawn))) return { K::Win, us, Termination::NoPawnsLeft };
    return {};
}

// No pawns, rooks or queens and at most one minor piece: no mate is possible. The search's test,
// made in every node; the first part of dead_by_material.
template <class V> bool dead_by_lone_minor(const Position<V>& pos) {
    if (any(pos.pieces(Pawn) | pos.pieces(Rook) | pos.pieces(Queen))) return false;
    return popcount(pos.pieces(Knight) | pos.pieces(Bishop)) <= 1;
}

// The dead positions the game declares: K v K, K+minor v K, or only bishops besides the kings,
// all on squares of one colour.
template <class V> bool dead_by_material(const Position<V>& pos) {
    using G  = typename V::Geometry;
    using BB = typename G::Bitboard;
    if (dead_by_lone_minor(pos)) return true;
    if (any(pos.pieces(Pawn) | pos.pieces(Rook) | pos.pieces(Queen) | pos.pieces(Knight)))
        return false;
    BB bishops = pos.pieces(Bishop), dark{};
    for (BB b = bishops; any(b);) {
        Square s = pop_lsb(b);
        if ((G::file_of(s) + G::rank_of(s)) % 2 == 0) dark |= bit<BB>(s);
    }
    return !any(dark) || dark == bishops;
}

} // namespace citadel
