// Game<Tamerlane>: the end of the game (docs/rules/tamerlane.md, "Game end") as the server and the
// engine see it, and Tamerlane games in PGN (docs/notation.md).
#include <gtest/gtest.h>

#include <string>

#include "game/game.h"
#include "game/game_pgn.h"
#include "tamerlane_support.h"

using namespace citadel;
using namespace citadel::tamerlane_test;

namespace {

using K = Outcome::Kind;
using T = Termination;

struct TamerlaneGame : Game<Tamerlane> {
    explicit TamerlaneGame(const std::string& fen = std::string(Tamerlane::StartFen)) {
        if (auto err = load_fen(fen)) ADD_FAILURE() << fen << ": " << describe(*err);
    }
    // Plays moves by their text; fails the test at the first that is not legal.
    void play_all(std::initializer_list<const char*> moves) {
        for (const char* text : moves) {
            auto m = find_uci_move(position(), text);
            ASSERT_TRUE(m.has_value()) << text << " is not legal in " << fen();
            ASSERT_TRUE(play(*m)) << text;
        }
    }
};

} // namespace

TEST(TamerlaneGame, StartsAtTheRuleBooksPositionAndIsOpen) {
    TamerlaneGame g;
    EXPECT_EQ(g.fen(), Tamerlane::StartFen);
    EXPECT_EQ(g.legal_moves().size(), 24u);
    EXPECT_FALSE(g.outcome().over());
    EXPECT_EQ(g.outcome().score(), "*");
}

TEST(TamerlaneGame, CheckmateOfTheLastRoyalWins) {
    // The king a1 mated by the rooks a10 and b10, and no swap right.
    TamerlaneGame g(tfen({ { "a1", "K" }, { "a10", "r" }, { "b10", "r" }, { "k5", "k" } }));
    EXPECT_EQ(g.outcome(), (Outcome{ K::Win, Black, T::Checkmate }));
    EXPECT_EQ(g.outcome().score(), "0-1");
    EXPECT_EQ(g.legal_moves().size(), 0u);
    // With the swap right and a safe partner (the knight h5) it is no mate.
    TamerlaneGame s(
        tfen({ { "a1", "K" }, { "a10", "r" }, { "b10", "r" }, { "k5", "k" }, { "h5", "N" } },
            "w -/- K 0/0 0 1"));
    EXPECT_FALSE(s.outcome().over());
    s.play_all({ "a1h5" });
    EXPECT_EQ(
        s.position().piece_on(*parse_square<TamerlaneBoard>("a1")), make_piece(White, Knight));
}

TEST(TamerlaneGame, AMatedRoyalIsNotTheEndWhileAnotherRemains) {
    // Black has a king and a prince: the rook takes the king and the game goes on; Black's
    // prince, now alone, is in check at once if attacked.
    TamerlaneGame g(tfen({ { "e1", "K" }, { "e9", "R" }, { "e10", "k" }, { "a10", "h" } }));
    g.play_all({ "e9e10" });
    EXPECT_FALSE(g.outcome().over());
    EXPECT_TRUE(g.position().in_check()); // the rook on e10 attacks the prince a10 on rank 10
}

TEST(TamerlaneGame, StalemateWinsForTheStalematingSide) {
    TamerlaneGame g(
        tfen({ { "a1", "K" }, { "a2", "PR" }, { "a3", "pr" }, { "b10", "r" }, { "k5", "k" } }));
    EXPECT_FALSE(g.position().in_check());
    EXPECT_EQ(g.outcome(), (Outcome{ K::Win, Black, T::Stalemate }));
    EXPECT_EQ(g.outcome().describe(), "Black wins: White has no legal move.");
    // The same for White's win: Black stalemated.
    TamerlaneGame b(
        tfen({ { "a10", "k" }, { "a9", "pr" }, { "a8", "PR" }, { "b1", "R" }, { "k5", "K" } },
            "b -/- - 0/0 0 1"));
    EXPECT_EQ(b.outcome(), (Outcome{ K::Win, White, T::Stalemate }));
}

TEST(TamerlaneGame, ABareKingDoesNotLose) {
    TamerlaneGame g(tfen({ { "e1", "K" }, { "e10", "k" }, { "a9", "r" }, { "k9", "r" } }));
    EXPECT_FALSE(g.outcome().over());
    EXPECT_FALSE(g.dead_position());
    // Nor is it "insufficient material": a bare king can still win by stalemating.
    EXPECT_TRUE(g.can_mate(White));
    g.flag(Black);
    EXPECT_EQ(g.outcome(), (Outcome{ K::Win, White, T::TimeForfeit }));
}

TEST(TamerlaneGame, ARoyalInTheEnemyCitadelDrawsAtOnce) {
    TamerlaneGame g(tfen({ { "k2", "k" }, { "a5", "K" } }, "b -/- - 0/0 0 1"));
    g.play_all({ "k2l2" });
    EXPECT_EQ(g.outcome(), (Outcome{ K::Draw, White, T::CitadelDraw }));
    EXPECT_EQ(g.outcome().score(), "1/2-1/2");
    EXPECT_EQ(g.legal_moves().size(), 0u);
    EXPECT_NE(g.outcome().describe().find("citadel"), std::string::npos);
    // Taking the move back reopens the game.
    ASSERT_TRUE(g.undo());
    EXPECT_FALSE(g.outcome().over());
}

TEST(TamerlaneGame, ThreefoldRepetitionDrawsAutomatically) {
    TamerlaneGame g(tfen({ { "e1", "K" }, { "e10", "k" }, { "b1", "N" }, { "b10", "n" } }));
    g.play_all({ "b1c3", "b10c8", "c3b1", "c8b10", "b1c3", "b10c8", "c3b1" });
    EXPECT_EQ(g.repetitions(), 2);
    EXPECT_FALSE(g.outcome().over());
    EXPECT_TRUE(g.claimable_draws().empty()); // no claims in Tamerlane
    g.play_all({ "c8b10" });
    EXPECT_EQ(g.repetitions(), 3);
    EXPECT_EQ(g.outcome(), (Outcome{ K::Draw, White, T::ThreefoldRepetition }));
    EXPECT_EQ(g.legal_moves().size(), 0u);
}

TEST(TamerlaneGame, TheFiftyMoveRuleIsAnOptionOffByDefault) {
    // 99 half-moves without a pawn move or removal; one more quiet move makes 100.
    const std::string fen = tfen(
        { { "e1", "K" }, { "e10", "k" }, { "b1", "N" }, { "c5", "PR" } }, "w -/- - 0/0 99 80");
    TamerlaneGame off(fen);
    off.play_all({ "b1c3" });
    EXPECT_FALSE(off.outcome().over());

    TamerlaneGame on(fen);
    on.set_fifty_move_rule(true);
    on.play_all({ "b1c3" });
    EXPECT_EQ(on.outcome(), (Outcome{ K::Draw, White, T::FiftyMoveRule }));
    EXPECT_TRUE(on.claimable_draws().empty());
    // A pawn move resets the clock.
    TamerlaneGame pawn(fen);
    pawn.set_fifty_move_rule(true);
    pawn.play_all({ "c5c6" });
    EXPECT_FALSE(pawn.outcome().over());
    EXPECT_EQ(pawn.position().rule50(), 0);
}

TEST(TamerlaneGame, ResignationAndAgreement) {
    TamerlaneGame g;
    g.resign(White);
    EXPECT_EQ(g.outcome(), (Outcome{ K::Win, Black, T::Resignation }));
    TamerlaneGame a;
    a.agree_draw();
    EXPECT_EQ(a.outcome(), (Outcome{ K::Draw, White, T::Agreement }));
}

// ---- PGN ------------------------------------------------------------------------------------

TEST(TamerlanePgn, AGameRoundTripsThroughPgn) {
    // From the start: pawn moves, a pawn's capture, knight moves.
    TamerlaneGame g;
    g.play_all({ "e3e4", "f8f7", "e4e5", "f7f6", "e5f6", "j9i7", "b2c4" });
    const std::string text = write_pgn(g);
    EXPECT_NE(text.find("[Variant \"tamerlane\"]"), std::string::npos) << text;
    EXPECT_EQ(text.find("[FEN"), std::string::npos) << text; // the standard start

    auto pgn = parse_pgn(text);
    ASSERT_TRUE(pgn.ok()) << pgn.error().message;
    std::string replayed_fen;
    size_t      replayed_moves = 0;
    auto        err            = with_replayed_pgn(*pgn, [&]<class V>(const Game<V>& r) {
        replayed_fen   = r.fen();
        replayed_moves = r.moves().size();
    });
    ASSERT_FALSE(err.has_value()) << err->message;
    EXPECT_EQ(replayed_fen, g.fen());
    EXPECT_EQ(replayed_moves, 7u);
}

TEST(TamerlanePgn, SetUpGamesWithTheSwapAndTheCitadelEndAsTheRulesSay) {
    // A set-up position: White's king in check swaps (K<>h5), then Black's king enters l2.
    TamerlaneGame g(
        tfen({ { "a1", "K" }, { "a10", "r" }, { "h5", "N" }, { "k3", "k" } }, "w -/- K 0/0 0 1"));
    g.play_all({ "a1h5", "k3l2" });
    ASSERT_EQ(g.outcome().reason, T::CitadelDraw);
    const std::string text = write_pgn(g);
    EXPECT_NE(text.find("[SetUp \"1\"]"), std::string::npos) << text;
    EXPECT_NE(text.find("[FEN \"" + write_fen<Tamerlane>(g.start()) + "\"]"), std::string::npos)
        << text;
    EXPECT_NE(text.find("1/2-1/2"), std::string::npos) << text;

    auto pgn = parse_pgn(text);
    ASSERT_TRUE(pgn.ok()) << pgn.error().message;
    Game<Tamerlane> r;
    auto            err = replay_pgn(*pgn, r);
    ASSERT_FALSE(err.has_value()) << err->message;
    EXPECT_EQ(r.fen(), g.fen());
    EXPECT_EQ(r.outcome().reason, T::CitadelDraw);

    // The wrong result for that ending is refused, naming the rules' verdict.
    auto wrong   = *pgn;
    wrong.result = "1-0";
    Game<Tamerlane> w;
    auto            bad = replay_pgn(wrong, w);
    ASSERT_TRUE(bad.has_value());
    EXPECT_NE(bad->message.find("citadel"), std::string::npos) << bad->message;
}

TEST(TamerlanePgn, AnIllegalMoveNamesTheMoveAndWhy) {
    auto pgn = parse_pgn("[Variant \"tamerlane\"]\n\n1. e3e5 *");
    ASSERT_TRUE(pgn.ok()) << pgn.error().message;
    Game<Tamerlane> g;
    auto            err = replay_pgn(*pgn, g);
    ASSERT_TRUE(err.has_value());
    EXPECT_EQ(err->code, PgnError::Code::IllegalMove);
    EXPECT_EQ(err->ply, 1);
    EXPECT_EQ(g.moves().size(), 0u);
}

TEST(TamerlanePgn, TheSwapSymbolIsReadOnlyWhole) {
    // "K<>h5" is one move; a lone or broken "<", ">" is an error naming the character.
    for (const char* text : { "[Variant \"tamerlane\"]\n\n1. K<h5 *",
             "[Variant \"tamerlane\"]\n\n1. <>h5 *", "[Variant \"tamerlane\"]\n\n1. K<>>h5 *" }) {
        auto pgn = parse_pgn(text);
        ASSERT_FALSE(pgn.ok()) << text;
        EXPECT_EQ(pgn.error().code, PgnError::Code::UnexpectedText) << text;
    }
}

TEST(TamerlanePgn, TheOptionalFiftyMoveRuleTravelsInItsTag) {
    // A game drawn by the optional rule writes [FiftyMoveRule "on"] and replays as that draw.
    const std::string fen = tfen(
        { { "e1", "K" }, { "e10", "k" }, { "b1", "N" }, { "c5", "PR" } }, "w -/- - 0/0 99 80");
    TamerlaneGame on(fen);
    on.set_fifty_move_rule(true);
    on.play_all({ "b1c3" });
    ASSERT_EQ(on.outcome(), (Outcome{ K::Draw, White, T::FiftyMoveRule }));
    const std::string text = write_pgn(on);
    EXPECT_NE(text.find("[FiftyMoveRule \"on\"]"), std::string::npos) << text;
    EXPECT_LT(text.find("[FEN"), text.find("[FiftyMoveRule")) << text;
    EXPECT_LT(text.find("[FiftyMoveRule"), text.find("[Termination")) << text;
    auto pgn = parse_pgn(text);
    ASSERT_TRUE(pgn.ok()) << pgn.error().message;
    Game<Tamerlane> r;
    auto            err = replay_pgn(*pgn, r);
    ASSERT_FALSE(err.has_value()) << err->message;
    EXPECT_TRUE(r.fifty_move_rule());
    EXPECT_EQ(r.outcome(), (Outcome{ K::Draw, White, T::FiftyMoveRule }));
    // Written again, the tag is written once, from the game (not copied as an extra tag).
    const std::string again = write_pgn(r, tags_of(*pgn));
    EXPECT_EQ(again, text);

    // Without the tag the rule is off: the game is not over, so the draw is refused.
    auto untagged = *pgn;
    std::erase_if(untagged.tags, [](const PgnTag& t) { return t.name == "FiftyMoveRule"; });
    Game<Tamerlane> off;
    off.set_fifty_move_rule(true); // (a reused game takes the PGN's setting)
    auto refused = replay_pgn(untagged, off);
    ASSERT_TRUE(refused.has_value());
    EXPECT_EQ(refused->code, PgnError::Code::ResultMismatch);
    EXPECT_FALSE(off.fifty_move_rule());

    // A game without the option writes no tag; "off" is read as off.
    TamerlaneGame plain(fen);
    plain.play_all({ "b1c3" });
    EXPECT_EQ(write_pgn(plain).find("FiftyMoveRule"), std::string::npos);
    auto explicit_off = parse_pgn("[Variant \"tamerlane\"]\n[FiftyMoveRule \"off\"]\n\n1. e3e4 *");
    ASSERT_TRUE(explicit_off.ok());
    Game<Tamerlane> o;
    EXPECT_FALSE(replay_pgn(*explicit_off, o).has_value());
    EXPECT_FALSE(o.fifty_move_rule());

    // Any other value, or the tag on a variant without the option, is a tag error naming it.
    for (const char* bad : { "[Variant \"tamerlane\"]\n[FiftyMoveRule \"yes\"]\n\n*",
             "[FiftyMoveRule \"on\"]\n\n1. e4 *" }) {
        auto p = parse_pgn(bad);
        ASSERT_TRUE(p.ok()) << bad;
        auto e = with_replayed_pgn(*p, [](const auto&) {});
        ASSERT_TRUE(e.has_value()) << bad;
        EXPECT_EQ(e->code, PgnError::Code::BadTag) << bad;
        EXPECT_NE(e->message.find("FiftyMoveRule"), std::string::npos) << e->message;
    }
}
