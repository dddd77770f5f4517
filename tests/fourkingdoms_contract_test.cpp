// The game contract (game/turn.h) as FourKingdomsGame<V> meets it: alliances through act, the
// flag, the seats' state in the Turn.
#include <gtest/gtest.h>

#include <algorithm>

#include "fourkingdoms_support.h"
#include "game/fourkingdoms_game.h"

namespace citadel {
namespace {

TEST(FourKingdomsContract, AlliancesFlagAndTurn) {
    using FFA = FourKingdoms;
    FourKingdomsGame<FFA> g;
    ASSERT_FALSE(g.load_fen(fktest::k4(
        { { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "d13", "nP" } }, "s - - 0 1 eswe -")));
    Turn t = g.turn();
    EXPECT_EQ(t.seats, 4);
    EXPECT_EQ(t.in_game, 0b0111);
    EXPECT_EQ(t.commanders[3], 0); // North's army is East's
    EXPECT_EQ(t.may_ally[1], 0b0100); // South with West, not with East the absorber
    EXPECT_EQ(t.may_ally[0], 0);
    EXPECT_EQ(*g.act(Action::ProposeAlliance, 1), "propose_alliance names the seat proposed to");
    EXPECT_FALSE(g.act(Action::ProposeAlliance, 1, 2));
    EXPECT_EQ(g.turn().proposal, (std::pair<Seat, Seat>{ 1, 2 }));
    EXPECT_FALSE(g.act(Action::AcceptAlliance, 2));
    EXPECT_EQ(g.turn().alliance, 0b0110);
    EXPECT_TRUE(g.act(Action::DeclineDraw, 1));
    EXPECT_TRUE(g.act(Action::ClaimDraw, 1));
    FourKingdomsGame<FFA> f;
    EXPECT_FALSE(f.act(Action::Flag, 2));
    t = f.turn();
    ASSERT_FALSE(t.events.empty());
    EXPECT_EQ(t.events.front().kind, EventKind::Flag);
    EXPECT_EQ(t.events.front().player, 2);
    EXPECT_EQ(t.in_game, 0b1011);
    EXPECT_FALSE(f.try_move(f.turn().legal_moves.front()));
    EXPECT_EQ(f.turn().ply, 1);
    EXPECT_TRUE(std::none_of(f.turn().events.begin(), f.turn().events.end(),
        [](const TurnEvent& e) { return e.kind == EventKind::Flag; }));
}

} // namespace
} // namespace citadel
