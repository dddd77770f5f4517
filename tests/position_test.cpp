// Position::set: the one door from a Setup to a playable position. One group of tests per
// PositionError::Code, each checking the code and the square it names, with a legal neighbour
// of every rejected position to show that the rejection is for the stated reason.
#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <string>

#include "core/position.h"
#include "notation/fen.h"
#include "variants/orthodox.h"

using namespace citadel;
using Code = PositionError::Code;

namespace {

// The error Position::set reports for `fen` (which must parse), or nothing.
template <class V> std::optional<PositionError> error_of(std::string_view fen) {
    auto setup = parse_fen<V>(fen);
    EXPECT_TRUE(setup.ok()) << fen << ": " << (setup.ok() ? "" : setup.error().message);
    if (!setup.ok()) return std::nullopt; // the expectation above has failed the test
    Position<V>  pos;
    StateInfo<V> si;
    return pos.set(*setup, si);
}

template <class V> Square sq(const char* name) { return *parse_square<typename V::Geometry>(name); }

// Expects set() to fail with `code` on `square` (NoSquare: the square is not checked).
template <class V> void expect_error(std::string_view fen, Code code, Square square = NoSquare) {
    SCOPED_TRACE(std::string(fen));
    auto err = error_of<V>(fen);
    ASSERT_TRUE(err.has_value()) << "accepted";
    EXPECT_EQ(int(err->code), int(code)) << err->message;
    if (square != NoSquare) {
        EXPECT_EQ(int(err->square), int(square)) << err->message;
    }
    EXPECT_FALSE(err->message.empty());
}

template <class V> void expect_ok(std::string_view fen) {
    auto err = error_of<V>(fen);
    EXPECT_FALSE(err.has_value()) << fen << ": " << err->message;
}

} // namespace

TEST(PositionSet, AcceptsTheStartPositions) {
    expect_ok<Chess>(Chess::StartFen);
    expect_ok<Silverman>(Silverman::StartFen);
    expect_ok<PawnRace>(PawnRace::StartFen);
}

TEST(PositionSet, StateFromTheSetup) {
    auto setup = parse_fen<Chess>("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 17 42");
    ASSERT_TRUE(setup.ok());
    Position<Chess>  pos;
    StateInfo<Chess> si;
    ASSERT_FALSE(pos.set(*setup, si));
    EXPECT_EQ(pos.side_to_move(), White);
    EXPECT_EQ(pos.castling_rights(), WhiteShort | BlackLong);
    EXPECT_EQ(pos.ep_square(), sq<Chess>("d6"));
    EXPECT_EQ(pos.rule50(), 17);
    EXPECT_EQ(pos.game_ply(), 82); // 41 full moves played, White to move
    EXPECT_EQ(pos.piece_on(sq<Chess>("e5")), make_piece(White, Pawn));
    EXPECT_EQ(pos.king_square(Black), sq<Chess>("e8"));
    EXPECT_FALSE(pos.in_check());
    EXPECT_EQ(pos.setup(), *setup);
}

TEST(PositionSet, CheckersOfTheSideToMove) {
    auto setup = parse_fen<Chess>("4k3/8/8/8/8/3n4/8/4K2r w - - 0 1");
    ASSERT_TRUE(setup.ok());
    Position<Chess>  pos;
    StateInfo<Chess> si;
    ASSERT_FALSE(pos.set(*setup, si));
    EXPECT_EQ(pos.checkers(), bit<u64>(sq<Chess>("d3")) | bit<u64>(sq<Chess>("h1")));
}

// ---- KingCount --------------------------------------------------------------------------------

TEST(PositionSet, KingCount) {
    expect_error<Chess>("4k3/8/8/8/8/8/8/8 w - - 0 1", Code::KingCount); // no white king
    expect_error<Chess>("8/8/8/8/8/8/8/4K3 b - - 0 1", Code::KingCount); // no black king
    expect_error<Chess>("8/8/8/8/8/8/8/8 w - - 0 1", Code::KingCount); // none at all
    expect_error<Chess>("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", Code::KingCount); // two white
    expect_error<Chess>("2k1k3/8/8/8/8/8/8/4K3 w - - 0 1", Code::KingCount); // two black
    expect_error<Silverman>("k3/4/4/KK2 w - - 0 1", Code::KingCount);
    expect_error<Silverman>("4/4/4/K3 w - - 0 1", Code::KingCount);
    expect_ok<Chess>("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    expect_ok<Silverman>("k3/4/4/K3 w - - 0 1");
}

// ---- PieceNotInVariant ------------------------------------------------------------------------

TEST(PositionSet, PieceNotInVariant) {
    expect_error<Silverman>("k1n1/4/4/K3 w - - 0 1", Code::PieceNotInVariant, sq<Silverman>("c4"));
    expect_error<Silverman>("k3/4/4/K2B w - - 0 1", Code::PieceNotInVariant, sq<Silverman>("d1"));
    expect_error<PawnRace>(
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1", Code::PieceNotInVariant, sq<PawnRace>("e8"));
    expect_error<PawnRace>(
        "8/pppppppp/8/8/8/8/PPPPPPPP/1N6 w - - 0 1", Code::PieceNotInVariant, sq<PawnRace>("b1"));
    // The same pieces are fine in chess.
    expect_ok<Chess>("2n1k3/8/8/8/8/8/8/3BK1N1 w - - 0 1");
}

// ---- PawnOnBackRank ---------------------------------------------------------------------------

TEST(PositionSet, PawnOnBackRank) {
    expect_error<Chess>("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", Code::PawnOnBackRank, sq<Chess>("a1"));
    expect_error<Chess>("P3k3/8/8/8/8/8/8/4K3 b - - 0 1", Code::PawnOnBackRank, sq<Chess>("a8"));
    expect_error<Chess>("4k3/8/8/8/8/8/8/4K2p w - - 0 1", Code::PawnOnBackRank, sq<Chess>("h1"));
    expect_error<Chess>("4k2p/8/8/8/8/8/8/4K3 w - - 0 1", Code::PawnOnBackRank, sq<Chess>("h8"));
    expect_error<Silverman>("k2P/4/4/K3 b - - 0 1", Code::PawnOnBackRank, sq<Silverman>("d4"));
    expect_error<Silverman>("k3/4/4/K1p1 w - - 0 1", Code::PawnOnBackRank, sq<Silverman>("c1"));
    expect_ok<Chess>("4k3/P7/8/8/8/8/7p/4K3 w - - 0 1"); // one step away is fine
}

TEST(PositionSet, PawnRaceWinnerMayStandOnItsLastRank) {
    // The side that just moved (not to move) has one pawn on its last rank: the race is won.
    expect_ok<PawnRace>("P7/8/8/8/8/8/7p/8 b - - 0 1");
    expect_ok<PawnRace>("8/P7/8/8/8/8/8/7p w - - 0 1");
    // The side to move cannot have arrived.
    expect_error<PawnRace>("P7/8/8/8/8/8/7p/8 w - - 0 1", Code::PawnOnBackRank, sq<PawnRace>("a8"));
    expect_error<PawnRace>("8/P7/8/8/8/8/8/7p b - - 0 1", Code::PawnOnBackRank, sq<PawnRace>("h1"));
    // Two arrivals cannot happen: the first ends the game.
    expect_error<PawnRace>(
        "P6P/8/8/8/8/8/7p/8 b - - 0 1", Code::PawnOnBackRank, sq<PawnRace>("a8"));
    // A pawn on its own first rank never.
    expect_error<PawnRace>("8/8/8/8/8/8/7p/P7 b - - 0 1", Code::PawnOnBackRank, sq<PawnRace>("a1"));
    expect_error<PawnRace>("7p/P7/8/8/8/8/8/8 w - - 0 1", Code::PawnOnBackRank, sq<PawnRace>("h8"));
    // The exception is the pawn race's alone.
    expect_error<Chess>("P3k3/8/8/8/8/8/8/4K3 b - - 0 1", Code::PawnOnBackRank, sq<Chess>("a8"));
}

// ---- OppositeCheck ----------------------------------------------------------------------------

TEST(PositionSet, OppositeCheck) {
    expect_error<Chess>("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", Code::OppositeCheck, sq<Chess>("e8"));
    expect_error<Chess>("4k3/8/8/8/8/8/3p4/4K3 b - - 0 1", Code::OppositeCheck, sq<Chess>("e1"));
    expect_error<Chess>("4k3/8/3N4/8/8/8/8/4K3 w - - 0 1", Code::OppositeCheck, sq<Chess>("e8"));
    expect_error<Silverman>("k3/4/4/R1K1 w - - 0 1", Code::OppositeCheck, sq<Silverman>("a4"));
    // The side to move may be in check; a blocked line is no check.
    expect_ok<Chess>("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1");
    expect_ok<Chess>("4k3/4p3/8/8/8/8/8/4R1K1 w - - 0 1");
}

// ---- castling rights --------------------------------------------------------------------------

TEST(PositionSet, CastlingWithoutKing) {
    expect_error<Chess>(
        "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1", Code::CastlingWithoutKing, sq<Chess>("e1"));
    expect_error<Chess>(
        "r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Code::CastlingWithoutKing, sq<Chess>("e8"));
    expect_error<Chess>(
        "r2k3r/8/8/8/8/8/8/R3K2R w q - 0 1", Code::CastlingWithoutKing, sq<Chess>("e8"));
    // Without the rights the same placement is fine.
    expect_ok<Chess>("r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1");
}

TEST(PositionSet, CastlingWithoutRook) {
    expect_error<Chess>(
        "r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1", Code::CastlingWithoutRook, sq<Chess>("h1"));
    expect_error<Chess>(
        "1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Code::CastlingWithoutRook, sq<Chess>("a8"));
    expect_error<Chess>(
        "4k3/8/8/8/8/8/8/4K2B w K - 0 1", Code::CastlingWithoutRook, sq<Chess>("h1"));
    // A rook of the other colour on the corner is no castling rook.
    expect_error<Chess>(
        "4k3/8/8/8/8/8/8/r2QK3 w Q - 0 1", Code::CastlingWithoutRook, sq<Chess>("a1"));
    expect_ok<Chess>("r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1");
}

// ---- EnPassantSquare --------------------------------------------------------------------------

TEST(PositionSet, EnPassantSquare) {
    // Wrong rank for the side to move (White captures into rank 6, Black into rank 3).
    expect_error<Chess>(
        "4k3/8/8/8/3pP3/8/8/4K3 w - e3 0 1", Code::EnPassantSquare, sq<Chess>("e3"));
    expect_error<Chess>(
        "4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 1", Code::EnPassantSquare, sq<Chess>("d6"));
    expect_error<Chess>(
        "4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 1", Code::EnPassantSquare, sq<Chess>("d5"));
    // The passed square occupied.
    expect_error<Chess>(
        "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1", Code::EnPassantSquare, sq<Chess>("d6"));
    // No enemy pawn in front of it (empty, or a pawn of the mover's own colour).
    expect_error<Chess>("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", Code::EnPassantSquare, sq<Chess>("d6"));
    expect_error<Chess>(
        "4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1", Code::EnPassantSquare, sq<Chess>("d6"));
    expect_error<Chess>(
        "4k3/8/8/3nP3/8/8/8/4K3 w - d6 0 1", Code::EnPassantSquare, sq<Chess>("d6"));
    // The start square behind it occupied.
    expect_error<Chess>(
        "4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1", Code::EnPassantSquare, sq<Chess>("d6"));
    expect_error<Chess>(
        "4k3/8/8/8/4Pp2/8/4N3/4K3 b - e3 0 1", Code::EnPassantSquare, sq<Chess>("e3"));
    // No double step in Silverman, hence no en passant square at all.
    expect_error<Silverman>("1k2/4/pP2/K3 w - a3 0 1", Code::EnPassantSquare, sq<Silverman>("a3"));
    expect_error<Silverman>("1k2/Pp2/4/K3 b - a2 0 1", Code::EnPassantSquare, sq<Silverman>("a2"));
    // The pawn race has en passant.
    expect_error<PawnRace>(
        "8/8/8/4P3/8/8/8/8 w - d6 0 1", Code::EnPassantSquare, sq<PawnRace>("d6"));
}

TEST(PositionSet, EnPassantSquareKeptOnlyWhenACaptureIsLegal) {
    auto ep_of = []<class V>(V, std::string_view fen) {
        auto         setup = parse_fen<V>(fen);
        Position<V>  pos;
        StateInfo<V> si;
        EXPECT_TRUE(setup.ok());
        EXPECT_FALSE(pos.set(*setup, si)) << fen;
        return pos.ep_square();
    };
    EXPECT_EQ(ep_of(Chess{}, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), sq<Chess>("d6"));
    EXPECT_EQ(ep_of(Chess{}, "4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 1"), sq<Chess>("f6"));
    EXPECT_EQ(ep_of(Chess{}, "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1"), sq<Chess>("d3"));
    // Consistent with a double step, but no pawn can capture: accepted, no right.
    EXPECT_EQ(ep_of(Chess{}, "4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1"), NoSquare);
    EXPECT_EQ(ep_of(Chess{}, "4k3/8/8/3p3P/8/8/8/4K3 w - d6 0 1"), NoSquare);
    // The only capture would expose the king on the 5th rank.
    EXPECT_EQ(ep_of(Chess{}, "8/8/8/KPp4r/8/8/8/7k w - c6 0 1"), NoSquare);
    EXPECT_EQ(ep_of(PawnRace{}, "8/8/8/3pP3/8/8/8/8 w - d6 0 1"), sq<PawnRace>("d6"));
}

TEST(PositionError, EveryCodeHasItsOwnStableId) {
    // Ids are lower-case snake case, one per code, none the fallback "unknown".
    std::set<std::string> ids;
    for (int c = 0; c <= int(Code::TurnOrder); ++c) {
        const std::string id(code_id(Code(c)));
        EXPECT_NE(id, "unknown") << c;
        EXPECT_EQ(id.find_first_not_of("abcdefghijklmnopqrstuvwxyz_"), std::string::npos) << id;
        EXPECT_TRUE(ids.insert(id).second) << "duplicate id " << id;
    }
    EXPECT_EQ(code_id(Code::NotSeniorInCitadel), "not_senior_in_citadel");
    EXPECT_EQ(code_id(Code::TurnOrder), "turn_order");
}
