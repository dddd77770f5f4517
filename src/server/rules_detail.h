// What the two families' Rules implementations (rules_two.cpp, rules_fk.cpp) share: seat names
// and the arrows that explain an illegal move. (Two files, because Game<V> and FourKingdomsGame
// are best kept in separate translation units.)
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/illegal.h"
#include "server/rules.h"

namespace citadel::server::detail {

inline constexpr std::string_view kTwoSeats[2]  = { "white", "black" };
inline constexpr std::string_view kFourSeats[4] = { "east", "south", "west", "north" };

// The square of the one royal piece of `us`, if it has exactly one (the target of a check
// arrow).
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

// The arrows that explain an illegal move: from the attacker or pinning piece to what it hits,
// from the moving piece to what blocks it.
template <class V, class P>
json arrows_of(const P& pos, const MoveRequest& req, const Illegality& why, Seat us) {
    using G   = typename V::Geometry;
    using R   = IllegalReason;
    auto name = [](Square s) { return square_name<G>(s); };
    json out  = json::array();
    auto add  = [&](Square a, Square b) {
        if (a != NoSquare && b != NoSquare && a < G::Squares && b < G::Squares && a != b)
            out.push_back({ name(a), name(b) });
    };
    switch (why.reason) {
    case R::PathBlocked:
        add(req.from, why.square);
        break;
    case R::PiecePinned:
    case R::StillInCheck:
        add(why.square, royal_square<V>(pos, us));
        break;
    case R::KingWouldBeAttacked:
        add(why.square, req.to);
        break;
    case R::CastlingInCheck:
    case R::CastlingThroughAttack:
    case R::CastlingIntoCheck:
        add(why.piece_square, why.square);
        break;
    case R::CastlingPathBlocked:
        add(req.from, why.square);
        break;
    default:
        break;
    }
    return out;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

// The game of `variant` for each family, or the error; nothing if the family has no such variant.
using MadeRules = std::variant<std::unique_ptr<Rules>, std::string>;
std::optional<MadeRules> make_two_player(std::string_view variant, std::string_view fen);
std::optional<MadeRules> make_four_player(std::string_view variant, std::string_view fen);

} // namespace citadel::server::detail
