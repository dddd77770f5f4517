// Shared by the Four Kingdoms game, turn-order and search tests: loading a composed K4FEN into a
// FourKingdomsGame, failing the test with the reader's message when it is refused.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "game/fourkingdoms_game.h"

namespace fktest {

template <class V> void load(citadel::FourKingdomsGame<V>& g, const std::string& fen) {
    auto err = g.load_fen(fen);
    ASSERT_FALSE(err) << fen << ": " << citadel::describe(*err);
}

} // namespace fktest
