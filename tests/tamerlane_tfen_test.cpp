// TFEN (docs/notation.md): exact round trips, a named field for every malformed text, and a named
// clause (with its square) for every illegal position of docs/rules/tamerlane.md.
#include <gtest/gtest.h>

#include <string>

#include "variants/orthodox.h"
#include "variants/tamerlane.h"

using namespace citadel;
using namespace citadel::tamerlane;

namespace {

constexpr const char* kStart
    = "e1c1d1d1c1e/rntzvkgztnr/prpnptpzpvpkpgpepcpdpp/11/11/11/11/PPPDPCPEPGPKPVPZPTPNPR/"
      "RNTZGKVZTNR/E1C1D1D1C1E w -/- Kk 0/0 0 1";

// The field a malformed TFEN is rejected for ("" if it is accepted).
std::string bad_field(const std::string& text) {
    auto s = parse_fen<Tamerlane>(text);
    return s ? "" : s.error().field;
}

using Code = PositionError::Code;

// The clause an illegal TFEN breaks (or nothing).
std::optional<PositionError> problem(const std::string& text) {
    auto s = parse_fen<Tamerlane>(text);
    if (!s) {
        ADD_FAILURE() << text << ": " << s.error().message;
        return std::nullopt;
    }
    Position<Tamerlane>  pos;
    StateInfo<Tamerlane> st;
    return pos.set(*s, st);
}

void expect_clause(const std::string& text, Code clause, const char* square) {
    auto p = problem(text);
    ASSERT_TRUE(p.has_value()) << text << " was accepted";
    EXPECT_EQ(p->code, clause) << text << ": " << p->message << " (" << code_id(p->code) << ")";
    if (square) {
        EXPECT_EQ(square_name<TamerlaneBoard>(p->square), square) << p->message;
    }
    EXPECT_FALSE(p->message.empty());
}

} // namespace

TEST(Tfen, StartPositionIsTheRuleBooks) {
    EXPECT_EQ(Tamerlane::StartFen, kStart);
    auto s = parse_fen<Tamerlane>(kStart);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(write_fen<Tamerlane>(*s), kStart);
}

TEST(Tfen, RoundTripsExactly) {
    const char* texts[] = {
        kStart,
        "11/11/11/11/11/11/11/11/11/K9k b -/- - 0/0 12 40",
        "11/11/11/11/11/11/11/11/11/K10 w -/k - 0/0 0 1",
        "11/11/11/11/11/11/11/11/11/K10 b k/- - 0/0 0 1",
        "11/11/11/11/11/11/11/11/11/H9k w A/- - 3/1 0 1",
        "PP4k5/11/11/3r1n5/11/11/11/11/11/4K5pp w -/- Kk 1/1 99 123",
        "a1h1PK1PZ1pe2/11/11/11/11/11/11/11/11/4K6 w -/- K 2/0 7 8",
        "11/11/11/11/11/11/11/11/11/PRPDPCPEPGPVPZPTK1k b -/- k 0/0 0 1",
    };
    for (const char* text : texts) {
        auto s = parse_fen<Tamerlane>(text);
        ASSERT_TRUE(s.ok()) << text << ": " << s.error().message;
        EXPECT_EQ(write_fen<Tamerlane>(*s), text);
        // ... and through a position.
        Position<Tamerlane>  pos;
        StateInfo<Tamerlane> st;
        if (auto err = pos.set(*s, st)) continue; // (some of these are not legal positions)
        EXPECT_EQ(write_fen<Tamerlane>(pos.setup()), text);
        EXPECT_TRUE(pos.setup() == *s);
    }
}

TEST(Tfen, EveryFieldIsRead) {
    auto s = parse_fen<Tamerlane>("pp10/11/11/11/11/11/11/11/11/K8k1 b A/k k 1/2 5 9");
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->board[*parse_square<TamerlaneBoard>("a10")], make_piece(Black, PawnOfPawns));
    EXPECT_EQ(s->board[*parse_square<TamerlaneBoard>("a1")], make_piece(White, King));
    EXPECT_EQ(s->board[*parse_square<TamerlaneBoard>("j1")], make_piece(Black, King));
    EXPECT_EQ(s->board[WhiteCitadel], make_piece(White, AdventitiousKing));
    EXPECT_EQ(s->board[BlackCitadel], make_piece(Black, King));
    EXPECT_EQ(s->to_move, Black);
    EXPECT_EQ(s->swaps, BlackSwap);
    EXPECT_EQ(s->arrivals[White], 1);
    EXPECT_EQ(s->arrivals[Black], 2);
    EXPECT_EQ(s->halfmove, 5);
    EXPECT_EQ(s->fullmove, 9);
}

TEST(Tfen, MalformedTextNamesItsField) {
    const std::string board = "11/11/11/11/11/11/11/11/11/K9k";
    // the number of fields
    EXPECT_EQ(bad_field(board + " w -/- - 0/0 0"), "tfen");
    EXPECT_EQ(bad_field(board + " w -/- - 0/0 0 1 x"), "tfen");
    EXPECT_EQ(bad_field(""), "tfen");
    // the board
    EXPECT_EQ(bad_field("11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1"), "board"); // 9 ranks
    EXPECT_EQ(bad_field("11/" + board + " w -/- - 0/0 0 1"), "board"); // 11 ranks
    EXPECT_EQ(bad_field("10/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1"), "board"); // short rank
    EXPECT_EQ(bad_field("11/11/11/11/11/11/11/11/11/K10k w -/- - 0/0 0 1"), "board"); // long rank
    EXPECT_EQ(bad_field("12/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1"), "board"); // 12
    EXPECT_EQ(bad_field("011/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1"), "board"); // 011
    EXPECT_EQ(bad_field("0/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1"), "board"); // 0
    EXPECT_EQ(bad_field("56/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1"), "board"); // "5 6"
    EXPECT_EQ(bad_field("X10/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1"), "board"); // letter
    EXPECT_EQ(bad_field("B10/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1"), "board"); // a bishop
    EXPECT_EQ(bad_field("P10/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1"), "board"); // P alone
    EXPECT_EQ(bad_field("Pr9/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1"), "board"); // mixed
    EXPECT_EQ(bad_field("PQ9/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1"), "board"); // kind
    EXPECT_EQ(bad_field("*10/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1"), "board");
    EXPECT_EQ(bad_field("11/11/11/11/11/11/11/11/11/K9kP w -/- - 0/0 0 1"), "board"); // P at end
    EXPECT_EQ(bad_field("11//11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1"), "board");
    // the side
    EXPECT_EQ(bad_field(board + " x -/- - 0/0 0 1"), "side");
    EXPECT_EQ(bad_field(board + " W -/- - 0/0 0 1"), "side");
    // the citadels
    for (const char* c : { "-", "A", "A/-/-", "AA/-", "X/-", "--/-", "-/", "/-", "P/-", "a-/-" })
        EXPECT_EQ(bad_field(board + " w " + c + " - 0/0 0 1"), "citadels") << c;
    // the swap rights
    for (const char* w : { "kK", "KK", "Kq", "x", "--", "Kk-" })
        EXPECT_EQ(bad_field(board + " w -/- " + w + " 0/0 0 1"), "swaps") << w;
    // the pawn-of-pawns arrivals
    for (const char* a : { "0", "4/0", "0/4", "0-0", "00/0", "a/0", "0/", "1/1/1", "-" })
        EXPECT_EQ(bad_field(board + " w -/- - " + a + " 0 1"), "pawn-of-pawns") << a;
    // the clocks
    for (const char* h : { "-1", "x", "01", "1000000000" })
        EXPECT_EQ(bad_field(board + " w -/- - 0/0 " + h + " 1"), "halfmove clock") << h;
    for (const char* f : { "0", "x", "-3", "01" })
        EXPECT_EQ(bad_field(board + " w -/- - 0/0 0 " + f), "fullmove number") << f;
    // and a good one for contrast
    EXPECT_EQ(bad_field(board + " w -/- - 0/0 0 1"), "");
}

TEST(Tfen, MessagesSayWhatAndWhere) {
    auto s = parse_fen<Tamerlane>("11/11/11/11/11/11/11/11/11/K8X1 w -/- - 0/0 0 1");
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().message.find("rank 1"), std::string::npos) << s.error().message;
    EXPECT_NE(s.error().message.find("'X'"), std::string::npos) << s.error().message;
}

// ---- illegal positions ----------------------------------------------------------------------

TEST(TfenIllegal, ASideWithNoRoyalOrTwoKings) {
    expect_clause("11/11/11/11/11/11/11/11/11/K10 w -/- - 0/0 0 1", Code::NoRoyal, nullptr);
    expect_clause("11/11/11/11/11/11/11/11/11/R9k w -/- - 0/0 0 1", Code::NoRoyal, nullptr);
    expect_clause("k10/11/11/11/11/11/11/11/11/K1K8 w -/- - 0/0 0 1", Code::KingCount, "c1");
    // A prince or an adventitious king is enough, and several royals are fine.
    EXPECT_FALSE(problem("a10/11/11/11/11/11/11/11/11/H1K1A6 w -/- - 0/0 0 1").has_value());
}

TEST(TfenIllegal, Citadels) {
    const std::string board = "11/11/11/11/11/11/11/11/11/K8k1";
    expect_clause(board + " w R/- - 0/0 0 1", Code::NonRoyalInCitadel, "l2");
    expect_clause(board + " w -/pr - 0/0 0 1", Code::NonRoyalInCitadel, "z9");
    // A King or Prince in its own citadel.
    expect_clause("11/11/11/11/11/11/11/11/11/A9k w K/- - 0/0 0 1", Code::RoyalInOwnCitadel, "l2");
    expect_clause("11/11/11/11/11/11/11/11/11/K9k w -/h - 0/0 0 1", Code::RoyalInOwnCitadel, "z9");
    // A royal that is not its side's senior in the enemy citadel (the king still lives).
    expect_clause(board + " w -/A - 0/0 0 1", Code::NotSeniorInCitadel, "z9");
    expect_clause(board + " w h/- - 0/0 0 1", Code::NotSeniorInCitadel, "l2");
    // Allowed: the adventitious king in its own citadel, the senior royal in the enemy's.
    EXPECT_FALSE(problem(board + " w A/- - 0/0 0 1").has_value());
    EXPECT_FALSE(problem("11/11/11/11/11/11/11/11/11/10k w -/K - 0/0 0 1").has_value());
    EXPECT_FALSE(
        problem("11/11/11/11/11/11/11/11/11/K10 w h/- - 0/0 0 1").has_value()); // senior prince
}

TEST(TfenIllegal, SwapRightWithoutKing) {
    expect_clause("11/11/11/11/11/11/11/11/11/A9k w -/- K 0/0 0 1", Code::SwapWithoutKing, nullptr);
    expect_clause(
        "11/11/11/11/11/11/11/11/11/K9h w -/- Kk 0/0 0 1", Code::SwapWithoutKing, nullptr);
    EXPECT_FALSE(problem("11/11/11/11/11/11/11/11/11/K9k w -/- Kk 0/0 0 1").has_value());
}

TEST(TfenIllegal, PawnsOfPawnsAndPawnsOnTheLastRank) {
    expect_clause(
        "11/11/11/11/PP1PP8/11/11/11/11/K9k w -/- - 0/0 0 1", Code::TwoPawnsOfPawns, "c6");
    // Unpromoted pawns other than the pawn of pawns on their last rank.
    expect_clause("2PR8/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1", Code::PawnOnBackRank, "c10");
    expect_clause("11/11/11/11/11/11/11/11/11/K3pk5k w -/- - 0/0 0 1", Code::PawnOnBackRank, "e1");
    // The pawn of pawns on its last rank has arrived exactly once.
    expect_clause(
        "2PP8/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1", Code::WaitingPawnArrivals, "c10");
    expect_clause(
        "2PP8/11/11/11/11/11/11/11/11/K9k w -/- - 2/0 0 1", Code::WaitingPawnArrivals, "c10");
    EXPECT_FALSE(problem("2PP8/11/11/11/11/11/11/11/11/K9k w -/- - 1/0 0 1").has_value());
    // A pawn on its own first rank is possible (a swap or a relocation puts it there).
    EXPECT_FALSE(problem("11/11/11/11/11/11/11/11/11/K1PR7k w -/- - 0/0 0 1").has_value());
    // After three arrivals the pawn of pawns is an adventitious king.
    expect_clause(
        "11/11/11/11/2PP8/11/11/11/11/K9k w -/- - 3/0 0 1", Code::PawnOfPawnsAfterThird, nullptr);
    EXPECT_FALSE(problem("11/11/11/11/2A8/11/11/11/11/K9k w -/- - 3/0 0 1").has_value());
}

TEST(TfenIllegal, TheSideNotToMoveInCheck) {
    expect_clause("11/11/11/11/11/11/11/11/11/K8rk b -/- - 0/0 0 1", Code::OppositeCheck, "a1");
    // With two royals that side is never in check.
    EXPECT_FALSE(problem("11/11/11/11/A10/11/11/11/11/K8rk b -/- - 0/0 0 1").has_value());
    // The side to move may be in check.
    EXPECT_FALSE(problem("11/11/11/11/11/11/11/11/11/K8rk w -/- - 0/0 0 1").has_value());
}

TEST(TfenIllegal, ThePositionErrorCarriesTheMessage) {
    auto s = parse_fen<Tamerlane>("11/11/11/11/11/11/11/11/11/K9k w R/- - 0/0 0 1");
    ASSERT_TRUE(s.ok());
    Position<Tamerlane>  pos;
    StateInfo<Tamerlane> st;
    auto                 err = pos.set(*s, st);
    ASSERT_TRUE(err.has_value());
    EXPECT_EQ(err->square, WhiteCitadel);
    EXPECT_NE(err->message.find("l2"), std::string::npos) << err->message;
    EXPECT_NE(err->message.find("citadel"), std::string::npos) << err->message;
}

TEST(Tfen, TamerlaneLettersAreNotOrthodoxFen) {
    // The catalogue knows the giraffe (G), the picket (T), ...; a chess FEN reader does not.
    for (const char* fen : { "4k3/8/8/8/8/8/8/4K2G w - - 0 1", "4k3/8/8/8/8/8/8/4K2t w - - 0 1",
             "4k3/8/8/8/8/8/8/3EK3 w - - 0 1" }) {
        auto s = parse_fen<Chess>(fen);
        ASSERT_FALSE(s.ok()) << fen;
        EXPECT_EQ(s.error().field, "board") << fen;
        EXPECT_NE(s.error().message.find("is not a FEN piece letter"), std::string::npos)
            << s.error().message;
        EXPECT_NE(s.error().message.find("Tamerlane's"), std::string::npos) << s.error().message;
    }
    // A chess piece the variant lacks is still read, and refused by the rules with its square.
    auto s = parse_fen<Silverman>("k1n1/4/4/K3 w - - 0 1");
    ASSERT_TRUE(s.ok());
}
