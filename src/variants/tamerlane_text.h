// Tamerlane's moves as text (notation.md) and why a move is illegal.
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

template <>
std::optional<Illegality> why_illegal<Tamerlane>(const Position<Tamerlane>& pos, MoveRequest req);

namespace tamerlane {

// Tamerlane's own reasons a move is illegal, beside the shared IllegalReason. Illegality's
// `reason` holds the nearest shared reason; `rule` says which of these applies (None: the
// shared reason says it all).
enum class Rule : u8 {
    None,
    GameOverCitadel, // a royal stands in the enemy citadel: the game is drawn
    NoPromotionChoice, // a promotion letter: pawns promote automatically
    PicketTooShort, // a picket moves at least two squares
    SwapUsed, // the king has already swapped (the right is gone)
    SwapNotNow, // a swap only in check or when there is no other legal move
    SwapWithRoyal, // never with a royal piece
    SwapWithWaitingPawn, // never with the waiting pawn of pawns
    OnlyKingSwaps, // a prince or adventitious king never swaps
    CitadelOnlyRoyals, // only royals step into a citadel
    CitadelNotSenior, // only the senior royal may enter the enemy citadel
    CitadelOwnOnlyAdventitious, // only an adventitious king may enter its own citadel
    CitadelOccupied, // the citadel is not empty
    WaitingPawnCannotMove, // the waiting pawn of pawns moves only by relocation
    WaitingPawnCannotBeTaken, // the enemy's waiting pawn of pawns cannot be captured
    RelocationNoTarget, // the square forks nothing and attacks no immobile piece
    RelocationOntoRoyal, // a square holding a royal is not a target
    RelocationOntoWaitingPawn, // nor the enemy's waiting pawn of pawns
};

// A stable lower-case identifier ("swap_not_now"), for logs and the web app.
std::string_view rule_id(Rule r);

struct Explanation {
    Illegality why; // reason, square, piece, message (as why_illegal returns it)
    Rule       rule = Rule::None;
};

// Nothing exactly when the request names a legal move; else the most instructive reason, in the
// order of core/illegal.h: game over, squares, the piece's movement and Tamerlane's own rules,
// then the royal's safety, then a promotion letter.
std::optional<Explanation> explain(const Position<Tamerlane>& pos, MoveRequest req);

} // namespace tamerlane
} // namespace citadel
