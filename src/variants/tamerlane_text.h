// Tamerlane's moves as text (docs/notation.md) and why a move is illegal.
//
// Move text (UCI style): <from><to> for every move, no promotion suffix (promotion is automatic):
// the swap is the king's move onto its partner (f2e2), a relocation the waiting pawn's move to
// its target (a10e5), a second arrival the arriving step (c9c10), a citadel entry the king's
// step (k1l2). find_uci_move / find_move / parse_move_request work unchanged.
//
// SAN: piece letters K H A G V Z T N R E C D (pawns: none, or P + kind letter when reading),
// disambiguation as in chess, 'x' for captures, "=X" for the piece a pawn becomes, "K<>e2" for
// the swap, "PP@e5" for a relocation, "Kz9" for a citadel entry, "+" / "#" for check / mate.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/illegal.h"
#include "notation/san.h"
#include "notation/uci_move.h"
#include "variants/tamerlane_position.h"

namespace citadel {

template <> std::string move_to_uci<Tamerlane>(Move m);

template <> std::string to_san<Tamerlane>(const Position<Tamerlane>& pos, Move m);
template <>
Result<Move, SanError> parse_san<Tamerlane>(const Position<Tamerlane>& pos, std::string_view text);

// Nothing exactly when the request names a legal move; else the most instructive reason, in the
// order of core/illegal.h: game over, squares, the piece's movement and Tamerlane's own rules
// (the picket's minimum, the swap, the citadels, the waiting pawn of pawns and its relocation),
// then the royal's safety, then a promotion letter (PromotionAutomatic: pawns promote by
// themselves).
template <>
std::optional<Illegality> why_illegal<Tamerlane>(const Position<Tamerlane>& pos, MoveRequest req);

} // namespace citadel
