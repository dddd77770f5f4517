// Why a move cannot be played, for people: the core's reason (core/illegal.h) with the arrows a
// board draws to show it — from the attacker or pinning piece to the king it hits, from the moving
// piece to what blocks it. Both games' try_move() answer with it, and so do the lessons.
#pragma once

#include <string>

#include "core/geometry.h"
#include "core/illegal.h"
#include "game/turn.h"

namespace citadel {

// The square of the one royal piece of `us`, if it has exactly one (a check arrow's target).
template <class V, class P> Square royal_square(const P& pos, Seat us) {
    using G      = typename V::Geometry;
    Square found = NoSquare;
    int    count = 0;
    for (Square s = 0; s < G::Squares; ++s) {
        Piece p = pos.piece_on(s);
        if (p != NoPiece && seat_of(p) == us && type_of(p) < kPieceKinds.size()
            && kind(type_of(p)).royal)
            found = s, ++count;
    }
    return count == 1 ? found : NoSquare;
}

// The refusal of `req` by `us` in `pos`, for the core's answer `why` (nothing: unexplained).
template <class V, class P>
MoveRefusal explain_refusal(
    const P& pos, const MoveRequest& req, const std::optional<Illegality>& why, Seat us) {
    using G = typename V::Geometry;
    using R = IllegalReason;
    MoveRefusal out;
    out.message = "This move is not legal in this position.";
    if (!why) return out;
    out.message = why->message;
    out.reason  = reason_id(why->reason);
    auto add    = [&](Square a, Square b) {
        if (a != NoSquare && b != NoSquare && a < G::Squares && b < G::Squares && a != b)
            out.arrows.push_back({ square_name<G>(a), square_name<G>(b) });
    };
    switch (why->reason) {
    case R::PathBlocked:
    case R::CastlingPathBlocked:
        add(req.from, why->square);
        break;
    case R::PiecePinned:
    case R::StillInCheck:
        add(why->square, royal_square<V>(pos, us));
        break;
    case R::KingWouldBeAttacked:
        add(why->square, req.to);
        break;
    case R::CastlingInCheck:
    case R::CastlingThroughAttack:
    case R::CastlingIntoCheck:
        add(why->piece_square, why->square);
        break;
    default:
        break;
    }
    return out;
}

// A refusal of text that names no move at all.
inline MoveRefusal malformed_move(std::string message) {
    MoveRefusal out;
    out.malformed = true;
    out.message   = "move: " + std::move(message);
    out.reason    = "";
    return out;
}

} // namespace citadel
