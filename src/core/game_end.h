// How the orthodox family's rules end a game on the board alone, without a look at the moves:
// the pawn race's end. One home for the rule; Game<V> (the game's outcome) and the search's
// Worker<V> (the tree) both read it.
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

} // namespace citadel
