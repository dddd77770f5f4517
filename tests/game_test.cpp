// Game<V>: how a game ends (rule book §1–§3). One test per clause of game end, each with a
// positive and a negative case, so that breaking the clause fails a test. Moves are found by their
// UCI text among the legal moves and played through Game::play.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "game/game.h"
#include "game_support.h"
#include "notation/uci_move.h"
#include "variants/orthodox.h"

using namespace citadel;
using ::testing::AssertionFailure;
using ::testing::AssertionResult;
using ::testing::AssertionSuccess;

namespace {

using K = Outcome::Kind;

// Plays space-separated UCI moves through Game::play; fails naming the first move refused.
template <class V> AssertionResult play(Game<V>& g, std::string_view line) {
    std::istringstream in{ std::string(line) };
    std::string        text;
    for (int i = 1; in >> text; ++i) {
        auto m = find_uci_move(g.position(), text);
        if (!m)
            return AssertionFailure()
                << "move " << i << " '" << text << "' is not legal in " << g.fen();
        if (!g.play(*m))
            return AssertionFailure() << "Game::play refused move " << i << " '" << text << "' in "
                                      << g.fen() << " (" << g.outcome().describe() << ")";
    }
    return AssertionSuccess();
}

// Loads a FEN that must be valid, then plays `moves` (space-separated UCI moves) from it.
template <class V>
AssertionResult load(Game<V>& g, std::string_view fen, std::string_view moves = {}) {
    if (auto err = g.load_fen(fen))
        return AssertionFailure() << "cannot load '" << fen << "': " << describe(*err);
    return play(g, moves);
}

// The outcome of a game loaded from `fen` with `moves` played.
template <class V> Outcome outcome_of(std::string_view fen, std::string_view moves = {}) {
    Game<V> g;
    EXPECT_TRUE(load(g, fen, moves));
    return g.outcome();
}

// The position-level legal move with this text (it exists even when the game is over, unlike
// Game::legal_moves), to show that Game::play refuses it.
template <class V> Move position_move(const Game<V>& g, std::string_view text) {
    auto m = find_uci_move(g.position(), text);
    EXPECT_TRUE(m.has_value()) << text << " in " << g.fen();
    return m.value_or(Move{});
}

template <class V> Square sq(std::string_view name) {
    auto s = parse_square<typename V::Geometry>(name);
    EXPECT_TRUE(s.has_value()) << name;
    return s.value_or(NoSquare);
}

template <class V> std::vector<std::string> target_names(const Game<V>& g, std::string_view from) {
    std::vector<std::string> out;
    for (Square s : game_test::legal_targets(g, sq<V>(from)))
        out.push_back(square_name<typename V::Geometry>(s));
    std::sort(out.begin(), out.end());
    return out;
}

bool has_claim(const std::vector<DrawClaim>& claims, DrawClaim c) {
    return std::find(claims.begin(), claims.end(), c) != claims.end();
}

// Checks the game's result (and its score text, if given) and everything that must hold once a
// game is over: no moves, no claims, no changes.
template <class V>
void expect_final(Game<V>& g, const Outcome& expected, std::string_view score = {}) {
    const Outcome before = g.outcome();
    EXPECT_EQ(before, expected);
    if (!score.empty()) {
        EXPECT_EQ(before.score(), score);
    }
    ASSERT_TRUE(before.over());
    EXPECT_EQ(g.legal_moves().size(), 0);
    EXPECT_TRUE(g.claimable_draws().empty());
    EXPECT_FALSE(g.claim_draw(DrawClaim::ThreefoldRepetition));
    EXPECT_FALSE(g.claim_draw(DrawClaim::FiftyMoveRule));
    g.agree_draw();
    g.resign(White);
    g.resign(Black);
    g.flag(White);
    g.flag(Black);
    EXPECT_EQ(g.outcome(), before);
    for (Move m : citadel::legal_moves(g.position())) EXPECT_FALSE(g.play(m));
    EXPECT_EQ(g.outcome(), before);
}

// Plays `cycle`, a line that brings the position back, twice: its second occurrence is not
// claimable, its third is, and the player to move claims the draw.
template <class V> void expect_claim_on_third(Game<V>& g, std::string_view cycle) {
    ASSERT_TRUE(play(g, cycle));
    EXPECT_EQ(g.repetitions(), 2);
    EXPECT_TRUE(g.claimable_draws().empty());
    ASSERT_TRUE(play(g, cycle));
    EXPECT_EQ(g.repetitions(), 3);
    EXPECT_TRUE(has_claim(g.claimable_draws(), DrawClaim::ThreefoldRepetition));
    EXPECT_TRUE(g.claim_draw(DrawClaim::ThreefoldRepetition));
}

const Outcome kOngoing{};

// After `moves` from `fen` the game goes on: `reply` can be played.
template <class V>
void expect_goes_on(std::string_view fen, std::string_view moves, std::string_view reply) {
    Game<V> g;
    ASSERT_TRUE(load(g, fen, moves));
    EXPECT_EQ(g.outcome(), kOngoing);
    EXPECT_TRUE(play(g, reply));
}

// A knight shuffle that brings the start position back after four plies.
constexpr std::string_view kKnightCycle = "g1f3 g8f6 f3g1 f6g8";

} // namespace

// ---- checkmate -----------------------------------------------------------------------------

TEST(GameCheckmate, FoolsMateBlackWins) {
    Game<Chess> g;
    ASSERT_TRUE(play(g, "f2f3 e7e5 g2g4"));
    EXPECT_EQ(g.outcome(), kOngoing);
    EXPECT_GT(g.legal_moves().size(), 0);
    ASSERT_TRUE(play(g, "d8h4"));
    EXPECT_EQ(g.outcome().describe(), "Black wins by checkmate.");
    EXPECT_TRUE(game_test::legal_targets(g, sq<Chess>("e1")).empty());
    EXPECT_FALSE(g.play(Move(sq<Chess>("e1"), sq<Chess>("f2"))));
    expect_final(g, Outcome{ K::Win, Black, Termination::Checkmate }, "0-1");
}

TEST(GameCheckmate, BackRankMateFromFenWhiteWins) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"));
    expect_final(g, Outcome{ K::Win, White, Termination::Checkmate }, "1-0");
}

TEST(GameCheckmate, CheckWithAnEscapeIsNotMate) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, "6k1/5pp1/7p/8/8/8/8/R5K1 w - - 0 1", "a1a8")); // luft on h7
    EXPECT_TRUE(g.position().in_check());
    EXPECT_EQ(g.outcome(), kOngoing);
    EXPECT_TRUE(play(g, "g8h7"));
}

TEST(GameCheckmate, SilvermanWhiteMatesInFour) {
    Game<Silverman> g;
    ASSERT_TRUE(play(g, "a2b3 b4b3 c2b3 c4b3 b2a3 b3c4"));
    EXPECT_EQ(g.outcome(), kOngoing);
    ASSERT_TRUE(play(g, "b1a2"));
    expect_final(g, Outcome{ K::Win, White, Termination::Checkmate }, "1-0");
}

// ---- stalemate -----------------------------------------------------------------------------

TEST(GameStalemate, ChessStalemateIsADraw) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f7"));
    EXPECT_FALSE(g.position().in_check());
    EXPECT_EQ(g.outcome().describe(), "Draw by stalemate.");
    expect_final(g, Outcome{ K::Draw, White, Termination::Stalemate }, "1/2-1/2");
}

TEST(GameStalemate, ChessKingWithAMoveIsNotStalemated) {
    // g8 stays free
    expect_goes_on<Chess>("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f6", "h8g8");
}

TEST(GameStalemate, SilvermanStalemateIsADraw) {
    Game<Silverman> g;
    ASSERT_TRUE(load(g, "k3/4/4/1Q1K w - - 0 1"));
    EXPECT_EQ(g.outcome(), kOngoing);
    ASSERT_TRUE(play(g, "b1b2"));
    expect_final(g, Outcome{ K::Draw, White, Termination::Stalemate });
}

TEST(GameStalemate, SilvermanKingWithAMoveIsNotStalemated) {
    expect_goes_on<Silverman>("k3/4/4/1Q1K w - - 0 1", "d1d2", "a4a3");
}

TEST(GameStalemate, PawnRaceSideWithoutAMoveLoses) {
    { // Black's only pawn is blocked after White's move: Black, to move, loses.
        Game<PawnRace> g;
        ASSERT_TRUE(load(g, "8/8/8/4p3/8/4P3/8/8 w - - 0 1"));
        EXPECT_EQ(g.outcome(), kOngoing);
        ASSERT_TRUE(play(g, "e3e4"));
        EXPECT_EQ(g.outcome().describe(), "White wins: Black has no legal move.");
        expect_final(g, Outcome{ K::Win, White, Termination::Stalemate }, "1-0");
    }
    { // White blocked, to move: Black wins.
        Game<PawnRace> g;
        ASSERT_TRUE(load(g, "8/8/8/8/4p3/4P3/8/8 w - - 0 1"));
        expect_final(g, Outcome{ K::Win, Black, Termination::Stalemate }, "0-1");
    }
}

TEST(GameStalemate, PawnRaceBlockedPawnWithAnotherMoveGoesOn) {
    expect_goes_on<PawnRace>("8/p7/8/4p3/8/4P3/8/8 w - - 0 1", "e3e4", "a7a5");
}

// ---- threefold repetition (claim) ----------------------------------------------------------

TEST(GameThreefold, ClaimableAtTheThirdOccurrenceNotTheSecond) {
    Game<Chess> g;
    EXPECT_EQ(g.repetitions(), 1);
    ASSERT_TRUE(play(g, kKnightCycle));
    EXPECT_EQ(g.repetitions(), 2);
    EXPECT_TRUE(g.claimable_draws().empty());
    EXPECT_FALSE(g.claim_draw(DrawClaim::ThreefoldRepetition));
    EXPECT_EQ(g.outcome(), kOngoing);
    ASSERT_TRUE(play(g, "g1f3 g8f6 f3g1"));
    EXPECT_EQ(g.repetitions(), 2); // the position after 2.Ng1, Black to move
    EXPECT_TRUE(g.claimable_draws().empty());
    ASSERT_TRUE(play(g, "f6g8"));
    EXPECT_EQ(g.repetitions(), 3);
    EXPECT_TRUE(has_claim(g.claimable_draws(), DrawClaim::ThreefoldRepetition));
    EXPECT_FALSE(has_claim(g.claimable_draws(), DrawClaim::FiftyMoveRule));
    EXPECT_EQ(g.outcome(), kOngoing); // a claim, not automatic
    EXPECT_FALSE(g.claim_draw(DrawClaim::FiftyMoveRule));
    ASSERT_TRUE(g.claim_draw(DrawClaim::ThreefoldRepetition));
    EXPECT_EQ(g.outcome().describe(), "Draw by threefold repetition.");
    expect_final(g, Outcome{ K::Draw, White, Termination::ThreefoldRepetition });
}

TEST(GameThreefold, ClaimRefusedWhenNotAvailable) {
    Game<Chess> g;
    EXPECT_TRUE(g.claimable_draws().empty());
    EXPECT_FALSE(g.claim_draw(DrawClaim::ThreefoldRepetition));
    EXPECT_FALSE(g.claim_draw(DrawClaim::FiftyMoveRule));
    EXPECT_EQ(g.outcome(), kOngoing);
    EXPECT_TRUE(play(g, "e2e4"));
}

TEST(GameThreefold, SameSideToMoveRequired) {
    // White's king walks a triangle (3 moves) while Black's shuffles (2): the placement comes back
    // with Black to move after 5 plies, with White to move after 12.
    Game<Chess> g;
    ASSERT_TRUE(load(g, "7k/8/8/8/8/2R5/8/K7 w - - 0 1", "a1a2 h8g8 a2b1 g8h8 b1a1"));
    EXPECT_EQ(g.repetitions(), 1); // same placement, other side to move
    ASSERT_TRUE(play(g, "h8g8 a1a2 g8h8 a2b1 h8g8 b1a1 g8h8"));
    EXPECT_EQ(g.repetitions(), 2); // 3 if the side to move were ignored
    EXPECT_TRUE(g.claimable_draws().empty());
    ASSERT_TRUE(play(g, "a1a2 h8g8 a2b1 g8h8 b1a1"));
    EXPECT_EQ(g.repetitions(), 2); // Black to move, second time
    EXPECT_TRUE(g.claimable_draws().empty());
    ASSERT_TRUE(play(g, "h8g8 a1a2 g8h8 a2b1 h8g8 b1a1 g8h8"));
    EXPECT_EQ(g.repetitions(), 3);
    EXPECT_TRUE(g.claim_draw(DrawClaim::ThreefoldRepetition));
}

TEST(GameThreefold, LostCastlingRightsMakeADifferentPosition) {
    { // The rooks go to g1/g8 and back: the start placement returns without kingside rights.
        Game<Chess> g;
        ASSERT_TRUE(play(g, "g1f3 g8f6 h1g1 h8g8 g1h1 g8h8"));
        ASSERT_TRUE(play(g, "f3g1 f6g8"));
        EXPECT_EQ(g.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qq - 8 5");
        EXPECT_EQ(g.repetitions(), 1);
        // The next occurrence would be the third if castling rights were ignored.
        ASSERT_NO_FATAL_FAILURE(expect_claim_on_third(g, kKnightCycle));
    }
    { // The kings step away and back.
        Game<Chess> g;
        ASSERT_TRUE(play(g, "e2e4 e7e5"));
        ASSERT_TRUE(play(g, "e1e2 e8e7 e2e1 e7e8"));
        EXPECT_EQ(g.repetitions(), 1);
        // The next occurrence would be the third if castling rights were ignored.
        ASSERT_NO_FATAL_FAILURE(expect_claim_on_third(g, "e1e2 e8e7 e2e1 e7e8"));
    }
}

TEST(GameThreefold, LegalEnPassantMakesTheFirstOccurrenceDifferent) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d7d5")); // exd6 is legal now
    EXPECT_TRUE(find_uci_move(g.position(), "e5d6").has_value());
    const std::string cycle = "e1d1 e8f8 d1e1 f8e8";
    ASSERT_TRUE(play(g, cycle));
    EXPECT_EQ(g.repetitions(), 1);
    // The next occurrence would be the third if the en passant right were ignored.
    ASSERT_NO_FATAL_FAILURE(expect_claim_on_third(g, cycle));
}

TEST(GameThreefold, IllegalEnPassantCountsAsNoRight) {
    // After ...c5, bxc6 e.p. would open the fifth rank to the rook on h5: not a legal capture,
    // so the position after ...c5 is the same as the ones after the king shuffles.
    Game<Chess> g;
    ASSERT_TRUE(load(g, "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1", "c7c5"));
    EXPECT_FALSE(find_uci_move(g.position(), "b5c6").has_value());
    const std::string cycle = "a5a4 e8d8 a4a5 d8e8";
    ASSERT_NO_FATAL_FAILURE(expect_claim_on_third(g, cycle));
    EXPECT_EQ(g.outcome().reason, Termination::ThreefoldRepetition);
}

TEST(GameThreefold, DoubleStepWithoutACapturerCountsTheSame) {
    Game<Chess> g;
    ASSERT_TRUE(play(g, "e2e4")); // no black pawn can take on e3; Black, to move, claims
    ASSERT_NO_FATAL_FAILURE(expect_claim_on_third(g, "b8c6 g1f3 c6b8 f3g1"));
}

TEST(GameThreefold, SamePositionSameIdentityWhateverTheHistory) {
    // A position reached by moves is the same as that position set up from its FEN: the
    // repetition identity depends on the position (incl. rights), never on how it was reached.
    auto key_of = [](std::string_view fen) {
        Game<Chess> h;
        EXPECT_TRUE(load(h, fen));
        return h.position().key();
    };
    Game<Chess> g;
    // legal en passant: part of the identity
    ASSERT_TRUE(load(g, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d7d5"));
    EXPECT_EQ(g.fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    EXPECT_EQ(g.position().key(), key_of(g.fen()));
    EXPECT_NE(g.position().key(), key_of("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2"));
    ASSERT_TRUE(play(g, "e1d1"));
    EXPECT_EQ(g.position().key(), key_of(g.fen()));

    // en passant pinned: not part of the identity
    ASSERT_TRUE(load(g, "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1", "c7c5"));
    EXPECT_EQ(g.fen(), "4k3/8/8/KPp4r/8/8/8/8 w - - 0 2");
    EXPECT_EQ(g.position().key(), key_of("4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2"));

    ASSERT_TRUE(load(g, std::string(Chess::StartFen), "g1f3 g8f6 h1g1 h8g8 g1h1 g8h8 f3g1 f6g8"));
    EXPECT_EQ(g.position().key(), key_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qq - 0 1"));
    EXPECT_NE(g.position().key(), key_of(Chess::StartFen));
}

TEST(GameThreefold, SilvermanRepetition) {
    Game<Silverman> g;
    ASSERT_TRUE(load(g, "k3/4/4/1R1K w - - 0 1"));
    const std::string cycle = "d1d2 a4a3 d2d1 a3a4";
    ASSERT_NO_FATAL_FAILURE(expect_claim_on_third(g, cycle));
}

// ---- fivefold repetition (automatic) -------------------------------------------------------

TEST(GameFivefold, GameEndsAtTheFifthOccurrenceWithoutAClaim) {
    Game<Chess> g;
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(play(g, kKnightCycle));
    EXPECT_EQ(g.repetitions(), 4);
    EXPECT_EQ(g.outcome(), kOngoing);
    ASSERT_TRUE(play(g, "g1f3 g8f6 f3g1"));
    EXPECT_EQ(g.outcome(), kOngoing);
    ASSERT_TRUE(play(g, "f6g8"));
    EXPECT_EQ(g.repetitions(), 5);
    EXPECT_FALSE(g.play(position_move(g, "g1f3")));
    expect_final(g, Outcome{ K::Draw, White, Termination::FivefoldRepetition }, "1/2-1/2");
}

// ---- 50-move rule (claim) and 75-move rule (automatic) --------------------------------------

TEST(GameFiftyMove, ClaimableAtAHundredHalfMovesNotAtNinetyNine) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, "7k/8/8/8/8/2R5/8/K7 w - - 99 80"));
    EXPECT_TRUE(g.claimable_draws().empty());
    EXPECT_FALSE(g.claim_draw(DrawClaim::FiftyMoveRule));
    ASSERT_TRUE(play(g, "a1a2"));
    EXPECT_EQ(g.position().rule50(), 100);
    EXPECT_EQ(g.outcome(), kOngoing); // a claim, not automatic
    auto claims = g.claimable_draws();
    EXPECT_TRUE(has_claim(claims, DrawClaim::FiftyMoveRule));
    EXPECT_FALSE(has_claim(claims, DrawClaim::ThreefoldRepetition));
    EXPECT_FALSE(g.claim_draw(DrawClaim::ThreefoldRepetition));
    ASSERT_TRUE(g.claim_draw(DrawClaim::FiftyMoveRule));
    EXPECT_EQ(g.outcome().describe(), "Draw by the 50-move rule.");
    expect_final(g, Outcome{ K::Draw, White, Termination::FiftyMoveRule });
}

namespace {
// At 99 half-moves, `move` (a capture or a pawn move) sets the counter back to 0: no claim.
void expect_clock_reset(std::string_view fen, std::string_view move) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, fen, move));
    EXPECT_EQ(g.position().rule50(), 0);
    EXPECT_TRUE(g.claimable_draws().empty());
    EXPECT_FALSE(g.claim_draw(DrawClaim::FiftyMoveRule));
}
} // namespace

TEST(GameFiftyMove, CaptureResetsTheClock) {
    expect_clock_reset("7k/8/8/8/8/2r5/8/K1R5 w - - 99 80", "c1c3");
}

TEST(GameFiftyMove, PawnMoveResetsTheClock) {
    expect_clock_reset("7k/8/8/8/8/8/4P3/K1R5 w - - 99 80", "e2e4");
}

TEST(GameFiftyMove, SilvermanUsesTheSameCounter) {
    Game<Silverman> g;
    ASSERT_TRUE(load(g, "k3/4/4/1R1K w - - 99 80"));
    EXPECT_TRUE(g.claimable_draws().empty());
    ASSERT_TRUE(play(g, "d1d2"));
    EXPECT_TRUE(g.claim_draw(DrawClaim::FiftyMoveRule));
}

// ---- claims with the move (FIDE 9.2.1, 9.3.1, 9.5) ---------------------------------------------

TEST(GameClaimWithMove, RepetitionClaimedByAnnouncingTheMoveThatProducesIt) {
    Game<Chess> g;
    ASSERT_TRUE(play(g, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1")); // ...Ng8 would make the third
    const Move ng8 = position_move(g, "f6g8"), nd5 = position_move(g, "f6d5");
    EXPECT_TRUE(g.claimable_draws().empty()); // not yet on the board
    EXPECT_TRUE(has_claim(g.claimable_draws_with(ng8), DrawClaim::ThreefoldRepetition));
    EXPECT_FALSE(has_claim(g.claimable_draws_with(ng8), DrawClaim::FiftyMoveRule));
    EXPECT_TRUE(g.claimable_draws_with(nd5).empty());
    EXPECT_EQ(g.moves().size(), 7u); // asking plays nothing
    EXPECT_EQ(g.claim_draw(DrawClaim::ThreefoldRepetition, ng8), ClaimResult::Drawn);
    EXPECT_EQ(g.moves().size(), 8u);
    EXPECT_EQ(g.moves().back(), ng8);
    EXPECT_EQ(g.repetitions(), 3);
    expect_final(g, Outcome{ K::Draw, White, Termination::ThreefoldRepetition });
    // Taking the move back takes the claim back too.
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.outcome(), kOngoing);
    EXPECT_EQ(g.moves().size(), 7u);
}

TEST(GameClaimWithMove, FiftyMovesClaimedWithTheHundredthHalfMove) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, "7k/8/8/8/8/2R5/8/K7 w - - 99 80"));
    EXPECT_TRUE(
        has_claim(g.claimable_draws_with(position_move(g, "a1a2")), DrawClaim::FiftyMoveRule));
    EXPECT_TRUE(g.claimable_draws_with(position_move(g, "c3c8")).size() == 1); // (a quiet move too)
    EXPECT_EQ(g.claim_draw(DrawClaim::FiftyMoveRule, position_move(g, "a1a2")), ClaimResult::Drawn);
    EXPECT_EQ(g.position().rule50(), 100);
    expect_final(g, Outcome{ K::Draw, White, Termination::FiftyMoveRule });
}

TEST(GameClaimWithMove, AnIncorrectClaimLetsTheMoveStandAndTheGameGoOn) {
    { // FIDE 9.5.3: the announced move must be played; the game continues.
        Game<Chess> g;
        ASSERT_TRUE(play(g, "g1f3 g8f6 f3g1"));
        const Move ng8 = position_move(g, "f6g8");
        EXPECT_TRUE(g.claimable_draws_with(ng8).empty()); // only the second occurrence
        EXPECT_EQ(g.claim_draw(DrawClaim::ThreefoldRepetition, ng8), ClaimResult::MoveStands);
        EXPECT_EQ(g.moves().back(), ng8);
        EXPECT_EQ(g.outcome(), kOngoing);
        EXPECT_TRUE(play(g, "e2e4"));
    }
    { // The wrong rule: the move completes a repetition, not 50 moves.
        Game<Chess> g;
        ASSERT_TRUE(play(g, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1"));
        EXPECT_EQ(g.claim_draw(DrawClaim::FiftyMoveRule, position_move(g, "f6g8")),
            ClaimResult::MoveStands);
        EXPECT_EQ(g.outcome(), kOngoing);
        EXPECT_TRUE(
            has_claim(g.claimable_draws(), DrawClaim::ThreefoldRepetition)); // White may claim now
    }
    { // A capture or pawn move sets the clock back: no 50-move claim with it.
        Game<Chess> g;
        ASSERT_TRUE(load(g, "7k/8/8/8/8/2r5/8/K1R5 w - - 99 80"));
        const Move capture = position_move(g, "c1c3");
        EXPECT_TRUE(g.claimable_draws_with(capture).empty());
        EXPECT_EQ(g.claim_draw(DrawClaim::FiftyMoveRule, capture), ClaimResult::MoveStands);
        EXPECT_EQ(g.position().rule50(), 0);
        EXPECT_EQ(g.outcome(), kOngoing);
    }
}

TEST(GameClaimWithMove, AnIllegalMoveOrAFinishedGameIsRefusedAndChangesNothing) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, "7k/8/8/8/8/2R5/8/K7 w - - 99 80"));
    const Move not_legal(sq<Chess>("a1"), sq<Chess>("a3")); // a king's two-square step
    EXPECT_TRUE(g.claimable_draws_with(not_legal).empty());
    EXPECT_EQ(g.claim_draw(DrawClaim::FiftyMoveRule, not_legal), ClaimResult::Refused);
    EXPECT_TRUE(g.moves().empty());
    EXPECT_EQ(g.outcome(), kOngoing);
    g.agree_draw();
    EXPECT_EQ(
        g.claim_draw(DrawClaim::FiftyMoveRule, position_move(g, "a1a2")), ClaimResult::Refused);
    EXPECT_TRUE(g.moves().empty());
    EXPECT_EQ(g.outcome().reason, Termination::Agreement);
}

TEST(GameClaimWithMove, AMoveThatEndsTheGameKeepsItsEnding) {
    { // The hundredth half-move mates: checkmate stands (the claim changes nothing).
        Game<Chess> g;
        ASSERT_TRUE(load(g, "7k/8/6K1/8/8/8/8/R7 w - - 99 80"));
        EXPECT_EQ(g.claim_draw(DrawClaim::FiftyMoveRule, position_move(g, "a1a8")),
            ClaimResult::MoveStands);
        EXPECT_EQ(g.outcome(), (Outcome{ K::Win, White, Termination::Checkmate }));
    }
    { // The move reaches the 75-move rule: drawn by that rule.
        Game<Chess> g;
        ASSERT_TRUE(load(g, "7k/8/8/8/8/2R5/8/K7 w - - 149 80"));
        EXPECT_EQ(
            g.claim_draw(DrawClaim::FiftyMoveRule, position_move(g, "a1a2")), ClaimResult::Drawn);
        EXPECT_EQ(g.outcome().reason, Termination::SeventyFiveMoveRule);
    }
}

TEST(GameSeventyFiveMove, AutomaticAtOneHundredFiftyNotAt149) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, "7k/8/8/8/8/2R5/8/K7 w - - 149 80"));
    EXPECT_EQ(g.outcome(), kOngoing);
    EXPECT_TRUE(has_claim(g.claimable_draws(), DrawClaim::FiftyMoveRule));
    ASSERT_TRUE(play(g, "a1a2"));
    EXPECT_EQ(g.outcome().describe(), "Draw by the 75-move rule.");
    expect_final(g, Outcome{ K::Draw, White, Termination::SeventyFiveMoveRule });
}

TEST(GameSeventyFiveMove, CheckmateOnTheLastMoveTakesPrecedence) {
    // FIDE 9.6.2: if the last move resulted in checkmate, that shall take precedence.
    Game<Chess> g;
    ASSERT_TRUE(load(g, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100", "a1a8"));
    EXPECT_EQ(g.position().rule50(), 150);
    EXPECT_EQ(g.outcome(), (Outcome{ K::Win, White, Termination::Checkmate }));
}

// ---- dead position (automatic) -------------------------------------------------------------

namespace {
const Outcome kDead{ K::Draw, White, Termination::DeadPosition };
} // namespace

TEST(GameDeadPosition, KingVersusKingAfterACapture) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, "8/8/8/8/3k4/8/3r4/4K3 w - - 0 1"));
    EXPECT_EQ(g.outcome(), kOngoing);
    ASSERT_TRUE(play(g, "e1d2"));
    EXPECT_TRUE(g.dead_position());
    EXPECT_EQ(g.outcome().describe(), "Draw by dead position (no checkmate is possible).");
    expect_final(g, kDead);
}

TEST(GameDeadPosition, KingAndMinorVersusKing) {
    EXPECT_EQ(outcome_of<Chess>("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), kDead);
    EXPECT_EQ(outcome_of<Chess>("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"), kDead);
    EXPECT_EQ(outcome_of<Chess>("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), kDead);
    EXPECT_EQ(outcome_of<Chess>("1n2k3/8/8/8/8/8/8/4K3 w - - 0 1"), kDead);
    EXPECT_EQ(outcome_of<Chess>("2b1k3/8/8/8/8/8/8/4K3 w - - 0 1"), kDead);
}

TEST(GameDeadPosition, BishopsOnOneColourAreDeadOnBothColoursNot) {
    // c1 and f8 are dark squares, c8 a light one.
    EXPECT_EQ(outcome_of<Chess>("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"), kDead);
    EXPECT_EQ(outcome_of<Chess>("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), kOngoing);
    EXPECT_EQ(outcome_of<Chess>("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), kOngoing); // both colours
    EXPECT_EQ(
        outcome_of<Chess>("4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 1"), kDead); // c1 and g1: both dark
}

TEST(GameDeadPosition, KnightsPawnsAndMajorsAreNotDead) {
    EXPECT_EQ(outcome_of<Chess>("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1"), kOngoing); // K+N v K+N
    EXPECT_EQ(outcome_of<Chess>("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"), kOngoing); // K+N+N v K
    EXPECT_EQ(outcome_of<Chess>("4kb2/8/8/8/8/8/8/4KN2 w - - 0 1"), kOngoing); // K+N v K+B
    EXPECT_EQ(outcome_of<Chess>("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), kOngoing); // a pawn
    EXPECT_EQ(outcome_of<Chess>("4k3/7p/8/8/8/8/8/2B1K3 w - - 0 1"), kOngoing);
    EXPECT_EQ(outcome_of<Chess>("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), kOngoing);
    EXPECT_EQ(outcome_of<Chess>("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), kOngoing);
}

TEST(GameDeadPosition, SilvermanKingVersusKing) {
    EXPECT_EQ(outcome_of<Silverman>("k3/4/4/3K w - - 0 1"), kDead);
    EXPECT_EQ(outcome_of<Silverman>("k3/4/4/1R1K w - - 0 1"), kOngoing);
    EXPECT_EQ(outcome_of<Silverman>("k3/4/1P2/3K w - - 0 1"), kOngoing);
    EXPECT_EQ(outcome_of<Silverman>("k3/4/4/rK2 w - - 0 1", "b1a1"), kDead);
}

// ---- agreement, resignation, time forfeit --------------------------------------------------

TEST(GameDeclared, DrawByAgreement) {
    Game<Chess> g;
    ASSERT_TRUE(play(g, "e2e4 e7e5"));
    g.agree_draw();
    EXPECT_FALSE(g.play(position_move(g, "g1f3")));
    expect_final(g, Outcome{ K::Draw, White, Termination::Agreement }, "1/2-1/2");
}

TEST(GameDeclared, ResignationByEitherSide) {
    {
        Game<Chess> g;
        g.resign(White);
        EXPECT_EQ(g.outcome().describe(), "Black wins by resignation.");
        expect_final(g, Outcome{ K::Win, Black, Termination::Resignation }, "0-1");
    }
    {
        Game<Chess> g;
        ASSERT_TRUE(play(g, "e2e4"));
        g.resign(Black);
        expect_final(g, Outcome{ K::Win, White, Termination::Resignation }, "1-0");
    }
    { // the side not to move may resign too
        Game<Chess> g;
        g.resign(Black);
        EXPECT_EQ(g.outcome(), (Outcome{ K::Win, White, Termination::Resignation }));
    }
    { // there is no third player
        Game<Chess> g;
        g.resign(Seat(2));
        g.flag(Seat(3));
        EXPECT_EQ(g.outcome(), kOngoing);
    }
}

TEST(GameDeclared, NothingChangesAfterTheEnd) {
    Game<Chess> g;
    ASSERT_TRUE(play(g, "f2f3 e7e5 g2g4 d8h4"));
    const Outcome mate = g.outcome();
    g.resign(Black);
    g.agree_draw();
    g.flag(Black);
    EXPECT_EQ(g.outcome(), mate);
    EXPECT_EQ(g.moves().size(), 4u);
}

TEST(GameDeclared, TimeForfeitWithMatingMaterialLoses) {
    {
        Game<Chess> g;
        g.flag(White);
        expect_final(g, Outcome{ K::Win, Black, Termination::TimeForfeit }, "0-1");
    }
    { // K+R v K: the rook side flags the bare king, or the bare king flags
        Game<Chess> g;
        ASSERT_TRUE(load(g, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
        g.flag(Black);
        EXPECT_EQ(g.outcome(), (Outcome{ K::Win, White, Termination::TimeForfeit }));
    }
    { // K+N v K+N: a mate is possible with the loser's help, so the flag loses
        Game<Chess> g;
        ASSERT_TRUE(load(g, "4kn2/8/8/8/8/8/8/4KN2 w - - 0 1"));
        EXPECT_TRUE(g.can_mate(Black));
        g.flag(White);
        EXPECT_EQ(g.outcome(), (Outcome{ K::Win, Black, Termination::TimeForfeit }));
    }
    { // K+N v K+Q: the knight can mate a king boxed in by its own queen
        Game<Chess> g;
        ASSERT_TRUE(load(g, "3qk3/8/8/8/8/8/8/4KN2 w - - 0 1"));
        g.flag(Black);
        EXPECT_EQ(g.outcome(), (Outcome{ K::Win, White, Termination::TimeForfeit }));
    }
}

TEST(GameDeclared, TimeoutAgainstABareKingIsADraw) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    EXPECT_FALSE(g.can_mate(Black));
    EXPECT_TRUE(g.can_mate(White));
    g.flag(White);
    expect_final(
        g, Outcome{ K::Draw, White, Termination::TimeoutVsInsufficientMaterial }, "1/2-1/2");
}

TEST(GameDeclared, FlagInADeadPositionChangesNothing) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"));
    EXPECT_FALSE(g.can_mate(White)); // a knight alone cannot mate
    EXPECT_FALSE(g.can_mate(Black));
    g.flag(Black);
    EXPECT_EQ(g.outcome(), kDead);
}

TEST(GameDeclared, SilvermanTimeoutAgainstABareKing) {
    Game<Silverman> g;
    ASSERT_TRUE(load(g, "k3/4/4/1R1K w - - 0 1"));
    g.flag(White);
    EXPECT_EQ(g.outcome(), (Outcome{ K::Draw, White, Termination::TimeoutVsInsufficientMaterial }));
    ASSERT_TRUE(load(g, "k3/4/4/1R1K w - - 0 1"));
    EXPECT_EQ(g.outcome(), kOngoing);
    g.flag(Black);
    EXPECT_EQ(g.outcome(), (Outcome{ K::Win, White, Termination::TimeForfeit }));
}

// ---- undo ----------------------------------------------------------------------------------

TEST(GameUndo, TakesBackMoves) {
    Game<Chess> g;
    EXPECT_FALSE(g.undo());
    const std::string start = g.fen();
    ASSERT_TRUE(play(g, "e2e4 e7e5 g1f3"));
    const std::string after2 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.fen(), after2);
    EXPECT_EQ(g.moves().size(), 2u);
    ASSERT_TRUE(g.undo());
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.fen(), start);
    EXPECT_TRUE(g.moves().empty());
    EXPECT_FALSE(g.undo());
    EXPECT_TRUE(play(g, "d2d4"));
}

TEST(GameUndo, TakesBackADeclaredResultAndAMate) {
    Game<Chess> g;
    ASSERT_TRUE(play(g, "e2e4"));
    g.agree_draw();
    ASSERT_TRUE(g.outcome().over());
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.outcome(), kOngoing);
    EXPECT_TRUE(g.moves().empty());
    ASSERT_TRUE(play(g, "f2f3 e7e5 g2g4"));
    g.resign(White);
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.outcome(), kOngoing);
    ASSERT_TRUE(play(g, "g2g4 d8h4"));
    ASSERT_EQ(g.outcome().reason, Termination::Checkmate);
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.outcome(), kOngoing);
    EXPECT_GT(g.legal_moves().size(), 0);
    // The result does not come back by itself.
    ASSERT_TRUE(play(g, "e8e7"));
    EXPECT_EQ(g.outcome(), kOngoing);
}

TEST(GameUndo, DeclaredResultWithNoMoveAfterItStaysWhenNothingToUndo) {
    Game<Chess> g;
    g.resign(White);
    EXPECT_FALSE(g.undo());
    EXPECT_EQ(g.outcome().reason, Termination::Resignation);
}

TEST(GameUndo, RepetitionsCountedAfterUndo) {
    Game<Chess> g;
    ASSERT_TRUE(play(g, kKnightCycle));
    ASSERT_TRUE(play(g, kKnightCycle));
    EXPECT_EQ(g.repetitions(), 3);
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.repetitions(), 2);
    EXPECT_TRUE(g.claimable_draws().empty());
    ASSERT_TRUE(play(g, "f6g8"));
    EXPECT_EQ(g.repetitions(), 3);
    ASSERT_TRUE(g.claim_draw(DrawClaim::ThreefoldRepetition));
    ASSERT_TRUE(g.undo()); // takes back the claim too
    EXPECT_EQ(g.outcome(), kOngoing);
    EXPECT_EQ(g.repetitions(), 2);
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.repetitions(), 2); // the start position, second time
    ASSERT_TRUE(play(g, kKnightCycle));
    ASSERT_TRUE(play(g, kKnightCycle));
    ASSERT_TRUE(play(g, kKnightCycle));
    EXPECT_EQ(g.outcome().reason, Termination::FivefoldRepetition);
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.outcome(), kOngoing);
    EXPECT_EQ(g.repetitions(), 4);
}

// ---- the pawn race -------------------------------------------------------------------------

TEST(GamePawnRace, WhitePawnOnTheLastRankWinsAtOnce) {
    Game<PawnRace> g;
    ASSERT_TRUE(load(g, "8/P7/8/8/8/8/7p/8 w - - 0 1"));
    EXPECT_EQ(g.outcome(), kOngoing);
    ASSERT_TRUE(play(g, "a7a8"));
    EXPECT_EQ(g.position().piece_on(sq<PawnRace>("a8")), make_piece(White, Pawn));
    EXPECT_EQ(g.legal_moves().size(), 0);
    EXPECT_FALSE(g.play(Move(sq<PawnRace>("h2"), sq<PawnRace>("h1"))));
    expect_final(g, Outcome{ K::Win, White, Termination::PawnReachedLastRank }, "1-0");
}

TEST(GamePawnRace, BlackPawnOnTheLastRankWinsAtOnce) {
    Game<PawnRace> g;
    ASSERT_TRUE(load(g, "8/P7/8/8/8/8/7p/8 b - - 0 1", "h2h1"));
    EXPECT_FALSE(g.play(Move(sq<PawnRace>("a7"), sq<PawnRace>("a8"))));
    expect_final(g, Outcome{ K::Win, Black, Termination::PawnReachedLastRank }, "0-1");
}

TEST(GamePawnRace, PawnOneStepShortHasNotWon) {
    EXPECT_EQ(outcome_of<PawnRace>("8/8/P7/8/8/8/7p/8 w - - 0 1", "a6a7"), kOngoing);
}

TEST(GamePawnRace, SideWithoutPawnsLoses) {
    {
        Game<PawnRace> g;
        ASSERT_TRUE(load(g, "8/8/8/8/3p4/4P3/8/8 w - - 0 1", "e3d4"));
        expect_final(g, Outcome{ K::Win, White, Termination::NoPawnsLeft });
    }
    {
        Game<PawnRace> g;
        ASSERT_TRUE(load(g, "8/8/8/8/3p4/4P3/8/8 b - - 0 1", "d4e3"));
        expect_final(g, Outcome{ K::Win, Black, Termination::NoPawnsLeft });
    }
    { // a capture that leaves the loser a pawn does not end the game
        EXPECT_EQ(outcome_of<PawnRace>("8/p7/8/8/3p4/4P3/8/8 w - - 0 1", "e3d4"), kOngoing);
    }
}

TEST(GamePawnRace, SideWithoutPawnsLosesEvenWhenNotToMove) {
    Game<PawnRace> g;
    ASSERT_TRUE(load(g, "8/8/8/8/8/8/P7/8 w - - 0 1"));
    EXPECT_EQ(g.outcome(), (Outcome{ K::Win, White, Termination::NoPawnsLeft }));
    EXPECT_EQ(g.legal_moves().size(), 0);
    ASSERT_TRUE(load(g, "8/p7/8/8/8/8/8/8 w - - 0 1"));
    EXPECT_EQ(g.outcome(), (Outcome{ K::Win, Black, Termination::NoPawnsLeft }));
}

TEST(GamePawnRace, PawnsCaptureAndTakeEnPassant) {
    Game<PawnRace> g;
    ASSERT_TRUE(load(g, "8/3pp3/8/4P3/8/8/P7/8 b - - 0 1", "d7d5"));
    ASSERT_TRUE(play(g, "e5d6")); // en passant
    EXPECT_EQ(g.position().piece_on(sq<PawnRace>("d5")), NoPiece);
    EXPECT_EQ(g.position().piece_on(sq<PawnRace>("d6")), make_piece(White, Pawn));
    EXPECT_EQ(g.outcome(), kOngoing);
    ASSERT_TRUE(play(g, "e7d6")); // an ordinary capture
    EXPECT_EQ(g.position().piece_on(sq<PawnRace>("d6")), make_piece(Black, Pawn));
    ASSERT_TRUE(play(g, "a2a4"));
    EXPECT_EQ(g.outcome(), kOngoing);
}

TEST(GamePawnRace, EnPassantOnlyRightAfterTheDoubleStep) {
    Game<PawnRace> g;
    ASSERT_TRUE(load(g, "8/3p2p1/8/4P3/8/8/P7/8 b - - 0 1", "d7d5 a2a3 g7g6"));
    EXPECT_FALSE(find_uci_move(g.position(), "e5d6").has_value());
}

TEST(GamePawnRace, FromTheStart) {
    Game<PawnRace> g;
    EXPECT_EQ(g.outcome(), kOngoing);
    EXPECT_EQ(g.legal_moves().size(), 16);
    ASSERT_TRUE(play(g, "a2a4 h7h5 a4a5 h5h4 a5a6 h4h3 a6b7 h3g2 b7b8"));
    EXPECT_EQ(g.outcome(), (Outcome{ K::Win, White, Termination::PawnReachedLastRank }));
}

// ---- legal targets -------------------------------------------------------------------------

TEST(GameLegalTargets, KingTargetsIncludeCastlingSquares) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    EXPECT_EQ(target_names(g, "e1"),
        (std::vector<std::string>{ "c1", "d1", "d2", "e2", "f1", "f2", "g1" }));
    ASSERT_TRUE(play(g, "e1g1"));
    EXPECT_EQ(g.position().piece_on(sq<Chess>("g1")), make_piece(White, King));
    EXPECT_EQ(g.position().piece_on(sq<Chess>("f1")), make_piece(White, Rook));
    ASSERT_TRUE(g.undo());
    ASSERT_TRUE(play(g, "a1b1"));
    EXPECT_EQ(target_names(g, "e8"),
        (std::vector<std::string>{ "c8", "d7", "d8", "e7", "f7", "f8", "g8" }));
}

TEST(GameLegalTargets, NoCastlingWithoutTheRight) {
    Game<Chess> g;
    ASSERT_TRUE(load(g, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"));
    EXPECT_EQ(target_names(g, "e1"), (std::vector<std::string>{ "d1", "d2", "e2", "f1", "f2" }));
}

TEST(GameLegalTargets, EmptyForAnEmptySquareOrAnOpponentPiece) {
    Game<Chess> g;
    EXPECT_TRUE(game_test::legal_targets(g, sq<Chess>("e4")).empty());
    EXPECT_TRUE(game_test::legal_targets(g, sq<Chess>("e7")).empty());
    EXPECT_TRUE(game_test::legal_targets(g, sq<Chess>("e1")).empty()); // own king, no move
    EXPECT_EQ(target_names(g, "e2"), (std::vector<std::string>{ "e3", "e4" }));
    EXPECT_EQ(target_names(g, "g1"), (std::vector<std::string>{ "f3", "h3" }));
    g.agree_draw();
    EXPECT_TRUE(game_test::legal_targets(g, sq<Chess>("e2")).empty());
}

// ---- load_fen ------------------------------------------------------------------------------

TEST(GameLoadFen, ErrorsLeaveTheGameUnchanged) {
    Game<Chess> g;
    ASSERT_TRUE(play(g, "e2e4 e7e5"));
    const std::string fen   = g.fen();
    const auto        moves = g.moves();

    auto err = g.load_fen("not a fen");
    ASSERT_TRUE(err.has_value());
    EXPECT_TRUE(std::holds_alternative<ParseError>(*err));
    EXPECT_EQ(g.fen(), fen);
    EXPECT_EQ(g.moves(), moves);

    err = g.load_fen("4k3/8/8/8/8/8/8/4KK2 w - - 0 1"); // two white kings
    ASSERT_TRUE(err.has_value());
    ASSERT_TRUE(std::holds_alternative<PositionError>(*err));
    EXPECT_EQ(std::get<PositionError>(*err).code, PositionError::Code::KingCount);
    EXPECT_EQ(g.fen(), fen);
    EXPECT_EQ(g.moves(), moves);

    err = g.load_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1"); // castling right without the rook
    ASSERT_TRUE(err.has_value());
    EXPECT_TRUE(std::holds_alternative<PositionError>(*err));
    EXPECT_EQ(g.fen(), fen);

    // The game goes on as before, undo included.
    EXPECT_EQ(g.repetitions(), 1);
    ASSERT_TRUE(play(g, "g1f3"));
    ASSERT_TRUE(g.undo());
    ASSERT_TRUE(g.undo());
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.fen(), std::string(Chess::StartFen));
}

TEST(GameLoadFen, ErrorsKeepADeclaredResult) {
    Game<Chess> g;
    g.resign(Black);
    EXPECT_TRUE(g.load_fen("8/8/8/8/8/8/8/8 w - - 0 1").has_value());
    EXPECT_EQ(g.outcome(), (Outcome{ K::Win, White, Termination::Resignation }));
}

TEST(GameLoadFen, SuccessStartsANewGame) {
    Game<Chess> g;
    ASSERT_TRUE(play(g, "e2e4"));
    g.agree_draw();
    ASSERT_TRUE(load(g, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    EXPECT_EQ(g.outcome(), kOngoing);
    EXPECT_TRUE(g.moves().empty());
    EXPECT_EQ(g.fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_FALSE(g.undo());
    EXPECT_EQ(g.start().halfmove, 0);
}

// ---- Outcome texts -------------------------------------------------------------------------

TEST(GameOutcome, ScoreTexts) {
    EXPECT_EQ(kOngoing.score(), "*");
    EXPECT_EQ((Outcome{ K::Win, White, Termination::Checkmate }).score(), "1-0");
    EXPECT_EQ((Outcome{ K::Win, Black, Termination::Checkmate }).score(), "0-1");
    EXPECT_EQ((Outcome{ K::Draw, White, Termination::Stalemate }).score(), "1/2-1/2");
    EXPECT_FALSE(kOngoing.over());
    EXPECT_TRUE((Outcome{ K::Draw, White, Termination::Agreement }).over());
}

TEST(GameOutcome, EveryTerminationHasItsOwnDescription) {
    const Outcome all[] = {
        { K::Win, White, Termination::Checkmate },
        { K::Draw, White, Termination::Stalemate },
        { K::Win, Black, Termination::Stalemate }, // the pawn race
        { K::Draw, White, Termination::FivefoldRepetition },
        { K::Draw, White, Termination::SeventyFiveMoveRule },
        { K::Draw, White, Termination::DeadPosition },
        { K::Draw, White, Termination::ThreefoldRepetition },
        { K::Draw, White, Termination::FiftyMoveRule },
        { K::Draw, White, Termination::Agreement },
        { K::Win, Black, Termination::Resignation },
        { K::Win, White, Termination::TimeForfeit },
        { K::Draw, White, Termination::TimeoutVsInsufficientMaterial },
        { K::Win, White, Termination::PawnReachedLastRank },
        { K::Win, Black, Termination::NoPawnsLeft },
    };
    std::set<std::string> seen;
    for (const Outcome& o : all) {
        std::string text = o.describe();
        EXPECT_FALSE(text.empty());
        EXPECT_TRUE(seen.insert(text).second) << "duplicate: " << text;
        if (o.kind == K::Draw)
            EXPECT_EQ(text.rfind("Draw", 0), 0u) << text;
        else
            EXPECT_EQ(text.rfind(o.winner == White ? "White" : "Black", 0), 0u) << text;
        EXPECT_EQ(text.back(), '.') << text;
    }
    EXPECT_NE(kOngoing.describe(), "");
    EXPECT_EQ(seen.count(kOngoing.describe()), 0u);
    EXPECT_EQ(
        (Outcome{ K::Win, Black, Termination::Checkmate }).describe(), "Black wins by checkmate.");
    EXPECT_EQ((Outcome{ K::Win, White, Termination::TimeForfeit }).describe(),
        "White wins by time forfeit.");
}
