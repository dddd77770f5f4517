// The game contract (game/turn.h) as Game<V> meets it: try_move and its refusals, act (the draw
// offers, claims, resignation, flag), undo, and the Turn each step leaves. Four Kingdoms:
// fourkingdoms_contract_test.cpp (its FEN writer and Tamerlane's are best compiled apart).
#include <gtest/gtest.h>

#include <algorithm>

#include "game/game.h"
#include "variants/registry.h"

namespace citadel {
namespace {

TEST(GameContract, TryMovePlaysOrExplains) {
    Game<Chess> g;
    auto        malformed = g.try_move("e2");
    ASSERT_TRUE(malformed);
    EXPECT_TRUE(malformed->malformed);
    auto blocked = g.try_move("a1a3");
    ASSERT_TRUE(blocked);
    EXPECT_FALSE(blocked->malformed);
    EXPECT_EQ(blocked->reason, "path_blocked");
    EXPECT_EQ(blocked->arrows, (std::vector<std::array<std::string, 2>>{ { "a1", "a2" } }));
    EXPECT_TRUE(g.moves().empty());
    EXPECT_FALSE(g.try_move("e2e4"));
    const Turn t = g.turn();
    ASSERT_TRUE(t.move);
    EXPECT_EQ(t.move->uci, "e2e4");
    EXPECT_EQ(t.move->san, "e4");
    EXPECT_EQ(t.move->seat, White);
    EXPECT_EQ(t.ply, 1);
    EXPECT_EQ(t.to_move, Black);
    EXPECT_EQ(t.legal_moves.size(), 20u);
    EXPECT_TRUE(std::is_sorted(t.legal_moves.begin(), t.legal_moves.end()));
}

TEST(GameContract, APinnedPieceArrowsFromThePinnerToTheKing) {
    Game<Chess> g;
    ASSERT_FALSE(g.load_fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1").has_value());
    auto pinned = g.try_move("e2c3");
    ASSERT_TRUE(pinned);
    EXPECT_EQ(pinned->reason, "piece_pinned");
    EXPECT_EQ(pinned->arrows, (std::vector<std::array<std::string, 2>>{ { "e8", "e1" } }));
}

TEST(GameContract, DrawOffersStandUntilAnsweredOrAMoveDeclinesThem) {
    Game<Chess> g;
    EXPECT_FALSE(g.act(Action::OfferDraw, White));
    EXPECT_EQ(g.draw_offers(), 0b01);
    EXPECT_EQ(g.turn().events, (std::vector<TurnEvent>{ { EventKind::DrawOffered, White } }));
    EXPECT_EQ(*g.act(Action::OfferDraw, White), "your draw offer stands already");
    EXPECT_TRUE(g.act(Action::AcceptDraw, White)); // nothing of the opponent's to accept
    // White's own move keeps White's offer; Black's move declines it.
    ASSERT_FALSE(g.try_move("e2e4"));
    EXPECT_EQ(g.draw_offers(), 0b01);
    ASSERT_FALSE(g.try_move("e7e5"));
    EXPECT_EQ(g.draw_offers(), 0);
    // Undo brings the offer back with the move.
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.draw_offers(), 0b01);
    // Declining, and offering while the other's offer stands (that accepts it).
    EXPECT_FALSE(g.act(Action::DeclineDraw, Black));
    EXPECT_EQ(g.draw_offers(), 0);
    EXPECT_EQ(g.turn().events, (std::vector<TurnEvent>{ { EventKind::DrawDeclined, Black } }));
    EXPECT_FALSE(g.act(Action::OfferDraw, Black));
    EXPECT_FALSE(g.act(Action::OfferDraw, White));
    const Turn t = g.turn();
    EXPECT_EQ(t.status, "agreement");
    EXPECT_EQ(t.result, "1/2-1/2");
    EXPECT_TRUE(t.legal_moves.empty());
    EXPECT_EQ(*g.act(Action::Resign, White), "the game is over");
}

TEST(GameContract, ClaimsAndTheMovesThatClaim) {
    Game<Chess> g;
    for (const char* m : { "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1" })
        ASSERT_FALSE(g.try_move(m)) << m;
    Turn t = g.turn();
    EXPECT_TRUE(t.claims.empty());
    ASSERT_EQ(t.claim_moves.size(), 1u);
    EXPECT_EQ(t.claim_moves[0].move, "f6g8");
    EXPECT_EQ(t.claim_moves[0].claims, std::vector<DrawClaim>{ DrawClaim::ThreefoldRepetition });
    EXPECT_TRUE(g.act(Action::ClaimDraw, Black)); // not yet
    ASSERT_FALSE(g.try_move("f6g8"));
    EXPECT_EQ(g.turn().claims, std::vector<DrawClaim>{ DrawClaim::ThreefoldRepetition });
    EXPECT_FALSE(g.act(Action::ClaimDraw, White));
    EXPECT_EQ(g.turn().status, "threefold_repetition");
    EXPECT_EQ(*g.act(Action::ProposeAlliance, White, Black), "the game is over");
}

TEST(GameContract, CheckEventsFlagAndResignation) {
    Game<Chess> g;
    for (const char* m : { "e2e4", "f7f6", "d2d4", "g7g5" }) ASSERT_FALSE(g.try_move(m));
    ASSERT_FALSE(g.try_move("d1h5"));
    Turn t = g.turn();
    EXPECT_EQ(t.status, "checkmate");
    EXPECT_EQ(t.result, "1-0");
    EXPECT_TRUE(t.in_check);
    EXPECT_EQ(t.events, (std::vector<TurnEvent>{ { EventKind::Check, Black } }));
    Game<Chess> h;
    EXPECT_FALSE(h.act(Action::Flag, White));
    EXPECT_EQ(h.turn().status, "time_forfeit");
    EXPECT_EQ(h.turn().events, (std::vector<TurnEvent>{ { EventKind::Flag, White } }));
    Game<Chess> r;
    EXPECT_EQ(*r.act(Action::AcceptAlliance, Black), "alliances exist only in Four Kingdoms");
    EXPECT_FALSE(r.act(Action::Resign, Black));
    EXPECT_EQ(r.turn().result, "1-0");
}

TEST(GameContract, EveryTwoPlayerVariantStarts) {
    for (std::string_view name : { "chess", "silverman", "pawnrace", "tamerlane" })
        with_variant(name, [&]<class V>(VariantTag<V>) {
            if constexpr (!FourKingdomsVariant<V>) {
                Game<V> g;
                Turn    t = g.turn();
                EXPECT_EQ(t.status, "ongoing") << name;
                EXPECT_EQ(t.seats, 2);
                EXPECT_FALSE(t.legal_moves.empty()) << name;
                EXPECT_FALSE(g.try_move(t.legal_moves.front())) << name;
                EXPECT_EQ(g.turn().ply, 1) << name;
            }
        });
}

} // namespace
} // namespace citadel
