// Why a Four Kingdoms move is illegal, in the core's terms (core/illegal.h): the orthodox
// reasons and the variant's own (not that player's turn and whose it is and why, a requester
// out of the game, a pawn re-entering its home, capturing an ally).
//
// fk::why_illegal() answers nothing exactly when the request is a legal move of the player to
// move (and `requester`, when given, is that player); otherwise the most instructive reason, in
// this order: the game is over (one player or team left, or stalemate); the requester is out or
// not to move; the squares and the piece (whose command it is under); the piece's movement (pawn
// rules per army, en passant's window, castling conditions 1-6); the target (own or allied
// piece); king safety; the promotion letter.
#pragma once

#include <optional>

#include "variants/fourkingdoms.h"

namespace citadel {

namespace fk {

// Who asks for the move when nobody in particular does: the player to move.
inline constexpr Seat AnyRequester = 0xFF;

std::optional<Illegality> why_illegal(
    const Board& b, MoveRequest req, Seat requester = AnyRequester);

} // namespace fk

template <class V>
requires FourKingdomsVariant<V> std::optional<Illegality> why_illegal(
    const Position<V>& pos, MoveRequest req) {
    return fk::why_illegal(pos, req);
}

} // namespace citadel
