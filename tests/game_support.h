// Shared by the game tests: what the games' public API gives, put the way the tests ask it, for
// Game<V> (game/game.h) and FourKingdomsGame<V> (game/fourkingdoms_game.h) alike.
#pragma once

#include <algorithm>
#include <vector>

#include "core/illegal.h"

namespace citadel::game_test {

// The variant of a position (declared only, for decltype).
template <class V> V variant_of(const Position<V>&);

// The squares the piece on `from` may move to now (castling: the king's destination, as the
// move is written), each once, in the order of the legal moves.
template <class Game> std::vector<Square> legal_targets(const Game& game, Square from) {
    using V = decltype(variant_of(game.position()));
    std::vector<Square> out;
    for (Move m : game.legal_moves()) {
        if (m.from() != from) continue;
        const Square to = request_of<V>(m).to;
        if (std::find(out.begin(), out.end(), to) == out.end()) out.push_back(to);
    }
    return out;
}

} // namespace citadel::game_test
