// why_illegal(): one test per reason (the reason, its square/piece/condition, and a nearby legal
// move that gives nothing), for chess, silverman and pawnrace; a property test over random
// playouts; parse_move_request's malformed inputs; the CLI's error line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>

#include <array>
#include <cstdio>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>

#include "core/illegal.h"
#include "notation/fen.h"
#include "notation/uci_move.h"
#include "variants/orthodox.h"

using namespace citadel;
using R = IllegalReason;

namespace {

// A position from a FEN and moves played from it (the state chain kept, as in a game).
template <class V> struct Game {
    using G = typename V::Geometry;
    Position<V>              pos;
    std::deque<StateInfo<V>> states;

    explicit Game(std::string_view moves = "", std::string_view fen = V::StartFen) {
        auto setup = parse_fen<V>(fen);
        EXPECT_TRUE(setup.ok()) << fen;
        if (!setup) return;
        auto err = pos.set(*setup, states.emplace_back());
        EXPECT_FALSE(err) << fen << ": " << (err ? err->message : "");
        std::istringstream in{ std::string(moves) };
        for (std::string text; in >> text;) {
            auto m = find_uci_move(pos, text);
            EXPECT_TRUE(m) << "not legal: " << text;
            if (!m) return;
            pos.make(*m, states.emplace_back());
        }
    }
    static MoveRequest request(std::string_view text) {
        auto r = parse_move_request<G>(text);
        EXPECT_TRUE(r.ok()) << text << ": " << (r ? "" : r.error().message);
        return r ? *r : MoveRequest{};
    }
    std::optional<Illegality> why(std::string_view text) const {
        return why_illegal(pos, request(text));
    }
    static Square sq(std::string_view name) { return *parse_square<G>(name); }
    static Piece  white(PieceType t) { return make_piece(White, t); }
    static Piece  black(PieceType t) { return make_piece(Black, t); }
};

using ChessGame     = Game<Chess>;
using SilvermanGame = Game<Silverman>;
using RaceGame      = Game<PawnRace>;

// Asserts that `why` holds reason r about square s with piece p, with a non-empty sentence.
template <class Gm>
void expect_reason(
    const Gm& g, std::string_view move, R r, std::string_view square = "", Piece piece = NoPiece) {
    auto why = g.why(move);
    ASSERT_TRUE(why) << move << " should be illegal";
    EXPECT_EQ(reason_id(why->reason), reason_id(r)) << move << ": " << why->message;
    if (!square.empty()) {
        EXPECT_EQ(why->square, Gm::sq(square)) << move << ": " << why->message;
    }
    if (piece) {
        EXPECT_EQ(why->piece, piece) << move << ": " << why->message;
        EXPECT_NE(why->piece_square, NoSquare);
        EXPECT_EQ(g.pos.piece_on(why->piece_square), piece);
    }
    EXPECT_FALSE(why->message.empty());
    EXPECT_EQ(why->message.find('\n'), std::string::npos);
    EXPECT_EQ(why->message.back(), '.') << why->message;
}

template <class Gm> void expect_legal(const Gm& g, std::string_view move) {
    auto why = g.why(move);
    EXPECT_FALSE(why) << move << " should be legal, got: " << (why ? why->message : "");
}

} // namespace

// ---- game over ------------------------------------------------------------------------------

TEST(Illegal, GameOverCheckmate) {
    ChessGame g("f2f3 e7e5 g2g4 d8h4");
    expect_reason(g, "e2e4", R::GameOverCheckmate, "h4", ChessGame::black(Queen));
    expect_reason(g, "a7a5", R::GameOverCheckmate); // before anything else
    EXPECT_NE(g.why("e2e4")->message.find("checkmated by the queen on h4"), std::string::npos);
    ChessGame before("f2f3 e7e5 g2g4");
    expect_legal(before, "d8h4");
}

TEST(Illegal, GameOverStalemate) {
    ChessGame g("", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    expect_reason(g, "h8g8", R::GameOverStalemate, "h8", ChessGame::black(King));
    ChessGame other("", "7k/8/6K1/5Q2/8/8/8/8 b - - 0 1");
    expect_legal(other, "h8g8");
}

TEST(Illegal, GameOverRaceWon) {
    RaceGame g("a7a8", "8/P7/8/8/8/8/1p6/8 w - - 0 1");
    expect_reason(g, "b2b1", R::GameOverRaceWon, "a8", RaceGame::white(Pawn));
    RaceGame fen("", "P7/8/8/8/8/8/1p6/8 b - - 0 1");
    expect_reason(fen, "b2b1", R::GameOverRaceWon, "a8", RaceGame::white(Pawn));
    RaceGame before("", "8/P7/8/8/8/8/1p6/8 w - - 0 1");
    expect_legal(before, "a7a8"); // the winning move takes no letter
}

TEST(Illegal, GameOverNoMoves) {
    RaceGame blocked("", "8/8/8/8/8/p7/P7/8 w - - 0 1");
    expect_reason(blocked, "a2a3", R::GameOverNoMoves);
    EXPECT_NE(blocked.why("a2a3")->message.find("none of your pawns can move"), std::string::npos);
    RaceGame none("", "8/8/8/8/8/8/P7/8 b - - 0 1");
    expect_reason(none, "a2a3", R::GameOverNoMoves);
    EXPECT_NE(none.why("a2a3")->message.find("no pawns left"), std::string::npos);
    RaceGame free("", "8/8/8/8/8/1p6/P7/8 w - - 0 1");
    expect_legal(free, "a2a3");
    expect_legal(free, "a2b3");
}

// ---- squares and pieces ---------------------------------------------------------------------

TEST(Illegal, NotOnBoard) {
    ChessGame g;
    auto      why = why_illegal(g.pos, MoveRequest{ 64, 0 });
    ASSERT_TRUE(why);
    EXPECT_EQ(why->reason, R::NotOnBoard);
    EXPECT_EQ(why->square, 64);
    why = why_illegal(g.pos, MoveRequest{ ChessGame::sq("e2"), NoSquare });
    ASSERT_TRUE(why);
    EXPECT_EQ(why->reason, R::NotOnBoard);
    SilvermanGame s;
    why = why_illegal(s.pos, MoveRequest{ 16, 0 });
    ASSERT_TRUE(why);
    EXPECT_EQ(why->reason, R::NotOnBoard);
    expect_legal(g, "e2e4");
}

TEST(Illegal, NoPiece) {
    ChessGame g;
    expect_reason(g, "e3e4", R::NoPiece, "e3");
    EXPECT_EQ(g.why("e3e4")->message, "There is no piece on e3 to move.");
    expect_legal(g, "e2e3");
    SilvermanGame s("a2b3 b4b3"); // White's a-pawn is gone
    expect_reason(s, "a2a3", R::NoPiece, "a2");
}

TEST(Illegal, NotYourPiece) {
    ChessGame g;
    expect_reason(g, "e7e5", R::NotYourPiece, "e7", ChessGame::black(Pawn));
    EXPECT_EQ(g.why("e7e5")->message, "The pawn on e7 is Black's, and it is White's turn to move.");
    ChessGame b("e2e4");
    expect_legal(b, "e7e5");
    expect_reason(b, "g1f3", R::NotYourPiece, "g1", ChessGame::white(Knight));
    RaceGame r;
    expect_reason(r, "a7a5", R::NotYourPiece, "a7", RaceGame::black(Pawn));
}

// ---- how pieces move ------------------------------------------------------------------------

TEST(Illegal, NotThatPiecesMove) {
    ChessGame g("e2e4 e7e5");
    expect_reason(g, "g1g3", R::NotThatPiecesMove, "g1", ChessGame::white(Knight));
    expect_reason(g, "f1f3", R::NotThatPiecesMove, "f1", ChessGame::white(Bishop));
    expect_reason(g, "d1c3", R::NotThatPiecesMove, "d1", ChessGame::white(Queen));
    expect_reason(g, "e1e3", R::NotThatPiecesMove, "e1", ChessGame::white(King));
    expect_reason(g, "a1b2", R::NotThatPiecesMove, "a1", ChessGame::white(Rook));
    expect_reason(g, "e4e3", R::NotThatPiecesMove, "e4", ChessGame::white(Pawn)); // backwards
    expect_reason(g, "d2d5", R::NotThatPiecesMove, "d2", ChessGame::white(Pawn)); // three squares
    expect_reason(g, "d2b3", R::NotThatPiecesMove, "d2", ChessGame::white(Pawn));
    EXPECT_EQ(g.why("e4e3")->message, "Your pawn on e4 cannot move backwards to e3.");
    expect_legal(g, "g1f3");
    expect_legal(g, "f1c4");
    expect_legal(g, "e1e2");
    // A king two squares sideways away from its start square is no castling.
    ChessGame k("", "4k3/8/8/8/8/8/8/R2K3R w - - 0 1");
    expect_reason(k, "d1f1", R::NotThatPiecesMove, "d1", ChessGame::white(King));
    SilvermanGame s;
    expect_reason(s, "b1c3", R::NotThatPiecesMove, "b1", SilvermanGame::white(Queen));
    RaceGame r("e2e4 d7d5");
    expect_reason(r, "e4f4", R::NotThatPiecesMove, "e4", RaceGame::white(Pawn)); // sideways
    expect_legal(r, "e4d5");
}

TEST(Illegal, PathBlocked) {
    ChessGame g;
    expect_reason(g, "f1c4", R::PathBlocked, "e2", ChessGame::white(Pawn));
    expect_reason(g, "a1a3", R::PathBlocked, "a2", ChessGame::white(Pawn));
    expect_reason(g, "d1d5", R::PathBlocked, "d2", ChessGame::white(Pawn));
    EXPECT_EQ(g.why("f1c4")->message,
        "Your bishop on f1 cannot get to c4 because your pawn on e2 is in the way.");
    // The first of several blockers, an enemy one.
    ChessGame e("e2e4 e7e5 d1h5 g7g6");
    expect_reason(e, "h5h8", R::PathBlocked, "h7", ChessGame::black(Pawn));
    expect_legal(e, "h5g6");
    // A pawn's double step over a piece.
    ChessGame d("", "rnbqkbnr/pppppppp/8/8/8/4n3/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    expect_reason(d, "e2e4", R::PathBlocked, "e3", ChessGame::black(Knight));
    expect_legal(d, "d2d4");
    RaceGame r("", "8/pppppppp/8/8/8/4p3/PPPPPPPP/8 w - - 0 1");
    expect_reason(r, "e2e4", R::PathBlocked, "e3", RaceGame::black(Pawn));
    expect_legal(r, "d2d4");
    SilvermanGame s;
    expect_reason(s, "a1a3", R::PathBlocked, "a2", SilvermanGame::white(Pawn));
}

TEST(Illegal, OwnPieceOnTarget) {
    ChessGame g;
    expect_reason(g, "g1e2", R::OwnPieceOnTarget, "e2", ChessGame::white(Pawn));
    expect_reason(g, "e1d1", R::OwnPieceOnTarget, "d1", ChessGame::white(Queen));
    expect_reason(g, "a1a2", R::OwnPieceOnTarget, "a2", ChessGame::white(Pawn));
    EXPECT_EQ(g.why("g1e2")->message,
        "Your knight on g1 cannot move to e2 because your own pawn stands there.");
    expect_legal(g, "g1f3");
    ChessGame p("e2e4 e7e5 d2d3 d7d6");
    expect_reason(p, "d3e4", R::OwnPieceOnTarget, "e4", ChessGame::white(Pawn)); // diagonal
    expect_reason(p, "e2e3", R::NoPiece, "e2");
    expect_legal(p, "g1e2");
}

TEST(Illegal, PawnCannotCaptureForward) {
    ChessGame g("e2e4 e7e5");
    expect_reason(g, "e4e5", R::PawnCannotCaptureForward, "e5", ChessGame::black(Pawn));
    expect_legal(g, "d2d4");
    ChessGame d("", "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    expect_reason(d, "e2e4", R::PawnCannotCaptureForward, "e4", ChessGame::black(Pawn));
    expect_legal(d, "e2e3");
    SilvermanGame s; // every pawn faces an enemy pawn
    expect_reason(s, "a2a3", R::PawnCannotCaptureForward, "a3", SilvermanGame::black(Pawn));
    expect_legal(s, "a2b3");
    RaceGame r("e2e4 e7e5");
    expect_reason(r, "e4e5", R::PawnCannotCaptureForward, "e5", RaceGame::black(Pawn));
}

TEST(Illegal, PawnMovesDiagonallyOnlyToCapture) {
    ChessGame g;
    expect_reason(g, "e2d3", R::PawnMovesDiagonallyOnlyToCapture, "d3");
    EXPECT_EQ(g.why("e2d3")->piece, NoPiece);
    ChessGame c("e2e4 d7d5");
    expect_legal(c, "e4d5");
    expect_reason(c, "e4f5", R::PawnMovesDiagonallyOnlyToCapture, "f5");
    // Beside an enemy pawn, but not on the en passant rank.
    ChessGame n("", "4k3/8/8/8/3pP3/8/8/4K3 w - - 0 1");
    expect_reason(n, "e4d5", R::PawnMovesDiagonallyOnlyToCapture, "d5");
    expect_legal(n, "e4e5");
    SilvermanGame s("", "1k2/4/1P2/K3 w - - 0 1");
    expect_reason(s, "b2c3", R::PawnMovesDiagonallyOnlyToCapture, "c3");
    expect_legal(s, "b2b3");
}

TEST(Illegal, PawnDoubleStepOnlyFromStart) {
    ChessGame g("e2e3 e7e6");
    expect_reason(g, "e3e5", R::PawnDoubleStepOnlyFromStart, "e3", ChessGame::white(Pawn));
    EXPECT_NE(g.why("e3e5")->message.find("2nd rank"), std::string::npos);
    expect_legal(g, "d2d4");
    ChessGame b("e2e3 e7e6 d2d3");
    expect_reason(b, "e6e4", R::PawnDoubleStepOnlyFromStart, "e6", ChessGame::black(Pawn));
    EXPECT_NE(b.why("e6e4")->message.find("7th rank"), std::string::npos);
    RaceGame r("a2a3 h7h6");
    expect_reason(r, "a3a5", R::PawnDoubleStepOnlyFromStart, "a3", RaceGame::white(Pawn));
    expect_legal(r, "b2b4");
}

TEST(Illegal, NoDoubleStepInVariant) {
    SilvermanGame start;
    expect_reason(start, "a2a4", R::NoDoubleStepInVariant, "a2", SilvermanGame::white(Pawn));
    SilvermanGame pawn("", "3k/4/P3/1K2 w - - 0 1");
    expect_legal(pawn, "a2a3");
    expect_reason(pawn, "a2a4", R::NoDoubleStepInVariant, "a2", SilvermanGame::white(Pawn));
    EXPECT_EQ(pawn.why("a2a4")->message,
        "In silverman a pawn always moves one square forward, even on its first move.");
}

TEST(Illegal, EnPassantExpired) {
    ChessGame g("e2e4 a7a6 e4e5 d7d5 g1f3 a6a5");
    expect_reason(g, "e5d6", R::EnPassantExpired, "d5", ChessGame::black(Pawn));
    ChessGame now("e2e4 a7a6 e4e5 d7d5");
    expect_legal(now, "e5d6");
    RaceGame r("e2e4 a7a6 e4e5 d7d5 h2h3 a6a5");
    expect_reason(r, "e5d6", R::EnPassantExpired, "d5", RaceGame::black(Pawn));
    RaceGame rnow("e2e4 a7a6 e4e5 d7d5");
    expect_legal(rnow, "e5d6");
    // From a FEN without an en passant square.
    ChessGame fen("", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
    expect_reason(fen, "e5d6", R::EnPassantExpired, "d5", ChessGame::black(Pawn));
    ChessGame fen_ep("", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    expect_legal(fen_ep, "e5d6");
}

// ---- castling -------------------------------------------------------------------------------

TEST(Illegal, CastlingNotAllowedInVariant) {
    SilvermanGame s("", "1k2/4/4/R1K1 w - - 0 1");
    expect_reason(s, "c1a1", R::CastlingNotAllowedInVariant, "c1", SilvermanGame::white(King));
    EXPECT_EQ(s.why("c1a1")->message, "There is no castling in silverman.");
    expect_legal(s, "c1b1");
    SilvermanGame start;
    expect_reason(start, "c1a1", R::CastlingNotAllowedInVariant, "c1", SilvermanGame::white(King));
}

TEST(Illegal, CastlingKingMoved) {
    const char* fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    ChessGame   g("e1f1 e8f8 f1e1 f8e8", fen);
    expect_reason(g, "e1g1", R::CastlingKingMoved, "e1", ChessGame::white(King));
    expect_reason(g, "e1c1", R::CastlingKingMoved, "e1", ChessGame::white(King));
    EXPECT_EQ(g.why("e1g1")->condition, 1);
    // Known only from a FEN: both rights gone, the rooks at home.
    ChessGame f("", "r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1");
    expect_reason(f, "e1g1", R::CastlingKingMoved, "e1", ChessGame::white(King));
    // The rook moved first, then the king: the kingside right went with the rook.
    ChessGame rk(
        "h1g1 a7a6 g1h1 a6a5 e1e2 a5a4 e2e1 a4a3", "r3k2r/p7/8/8/8/8/8/R3K2R w KQkq - 0 1");
    expect_reason(rk, "e1g1", R::CastlingRookMoved, "h1");
    expect_reason(rk, "e1c1", R::CastlingKingMoved, "e1");
    ChessGame ok("", fen);
    expect_legal(ok, "e1g1");
    expect_legal(ok, "e1c1");
}

TEST(Illegal, CastlingRookMoved) {
    const char* fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    ChessGame   g("h1g1 a8b8 g1h1 b8a8", fen);
    expect_reason(g, "e1g1", R::CastlingRookMoved, "h1", ChessGame::white(Rook));
    EXPECT_EQ(g.why("e1g1")->condition, 2);
    EXPECT_EQ(g.why("e1g1")->message,
        "You cannot castle kingside any more because your rook on h1 has already moved.");
    expect_legal(g, "e1c1");
    // The rook was captured on its square.
    ChessGame cap("g2h1", "r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    expect_reason(cap, "e1g1", R::CastlingRookMoved, "h1", ChessGame::black(Bishop));
    EXPECT_EQ(cap.why("e1g1")->message,
        "You cannot castle kingside any more because your rook has left h1.");
    expect_legal(cap, "e1c1");
    // A FEN without the right and the other right kept.
    ChessGame fb("", "r3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1");
    expect_reason(fb, "e8c8", R::CastlingRookMoved, "a8", ChessGame::black(Rook));
    expect_legal(fb, "e8g8");
    ChessGame gone("", "4k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1");
    expect_reason(gone, "e8c8", R::CastlingRookMoved, "a8");
}

TEST(Illegal, CastlingInCheck) {
    ChessGame g("", "r3k2r/8/8/4q3/8/8/8/R3K2R w KQkq - 0 1");
    expect_reason(g, "e1g1", R::CastlingInCheck, "e1", ChessGame::black(Queen));
    auto why = g.why("e1c1");
    ASSERT_TRUE(why);
    EXPECT_EQ(why->reason, R::CastlingInCheck);
    EXPECT_EQ(why->condition, 3);
    EXPECT_EQ(why->piece_square, ChessGame::sq("e5"));
    EXPECT_EQ(why->message, "You cannot castle while your king is in check from the queen on e5.");
    expect_legal(g, "e1f1");
}

TEST(Illegal, CastlingThroughAttack) {
    ChessGame g("", "r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1");
    expect_reason(g, "e1g1", R::CastlingThroughAttack, "f1", ChessGame::black(Bishop));
    auto why = g.why("e1g1");
    EXPECT_EQ(why->condition, 4);
    EXPECT_EQ(why->piece_square, ChessGame::sq("c4"));
    EXPECT_EQ(why->message,
        "You cannot castle kingside because your king would cross f1, which the bishop on c4 "
        "attacks.");
    expect_legal(g, "e1c1");
    // The rook may pass or stand on an attacked square (b1, h1).
    ChessGame rook("", "r3k2r/8/8/8/4b3/8/8/R3K2R w KQkq - 0 1");
    expect_legal(rook, "e1c1");
    expect_legal(rook, "e1g1");
    // Black, queenside, d8 attacked by a rook.
    ChessGame b("", "r3k2r/8/8/8/8/8/8/R2RK3 b q - 0 1");
    expect_reason(b, "e8c8", R::CastlingThroughAttack, "d8", ChessGame::white(Rook));
}

TEST(Illegal, CastlingIntoCheck) {
    ChessGame g("", "r3k2r/8/8/8/8/7n/8/R3K2R w KQkq - 0 1");
    expect_reason(g, "e1g1", R::CastlingIntoCheck, "g1", ChessGame::black(Knight));
    EXPECT_EQ(g.why("e1g1")->condition, 5);
    EXPECT_EQ(g.why("e1g1")->piece_square, ChessGame::sq("h3"));
    expect_legal(g, "e1c1");
    ChessGame b("", "r3k2r/8/8/8/8/8/8/4K1R1 b kq - 0 1");
    expect_reason(b, "e8g8", R::CastlingIntoCheck, "g8", ChessGame::white(Rook));
    expect_legal(b, "e8c8");
}

TEST(Illegal, CastlingPathBlocked) {
    ChessGame g;
    expect_reason(g, "e1g1", R::CastlingPathBlocked, "f1", ChessGame::white(Bishop));
    expect_reason(g, "e1c1", R::CastlingPathBlocked, "d1", ChessGame::white(Queen));
    EXPECT_EQ(g.why("e1g1")->condition, 6);
    ChessGame b("", "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1"); // only b1 between
    expect_reason(b, "e1c1", R::CastlingPathBlocked, "b1", ChessGame::white(Knight));
    expect_legal(b, "e1g1");
    ChessGame e("", "r3k2r/8/8/8/8/8/8/R3K1nR w KQkq - 0 1"); // an enemy piece in the way
    expect_reason(e, "e1g1", R::CastlingPathBlocked, "g1", ChessGame::black(Knight));
    ChessGame open("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    expect_legal(open, "e1g1");
}

// ---- king safety ----------------------------------------------------------------------------

TEST(Illegal, PiecePinned) {
    ChessGame g("", "4k3/8/2n5/1B6/8/8/8/4K3 b - - 0 1");
    expect_reason(g, "c6d4", R::PiecePinned, "b5", ChessGame::white(Bishop));
    EXPECT_EQ(g.why("c6d4")->message,
        "The bishop on b5 pins your knight on c6 to your king, so moving it to d4 would "
        "expose your king.");
    expect_legal(g, "e8e7");
    // A pinned rook may move along the pin, not off it.
    ChessGame r("", "4k3/4r3/8/8/8/8/8/4RK2 b - - 0 1");
    expect_legal(r, "e7e1");
    expect_legal(r, "e7e4");
    expect_reason(r, "e7d7", R::PiecePinned, "e1", ChessGame::white(Rook));
    // En passant that would take two pawns off the king's rank.
    ChessGame ep("c7c5", "8/2p5/8/KP5r/8/8/8/7k b - - 0 1");
    expect_reason(ep, "b5c6", R::PiecePinned, "h5", ChessGame::black(Rook));
    EXPECT_NE(ep.why("b5c6")->message.find("en passant"), std::string::npos);
    expect_legal(ep, "b5b6");
    // A pinned pawn in the pawn race? No kings: pawnrace never pins.
    RaceGame race("e2e4 a7a6 e4e5 d7d5");
    expect_legal(race, "e5d6");
}

TEST(Illegal, StillInCheck) {
    ChessGame g("", "4r2k/8/8/8/8/8/8/2B1K3 w - - 0 1");
    expect_reason(g, "c1d2", R::StillInCheck, "e8", ChessGame::black(Rook));
    EXPECT_EQ(g.why("c1d2")->message,
        "Your king is in check from the rook on e8, and this move does not stop the check.");
    expect_legal(g, "c1e3");
    ChessGame d("", "4r2k/8/8/8/8/5n2/8/2B1K3 w - - 0 1"); // double check
    expect_reason(d, "c1e3", R::StillInCheck);
    EXPECT_NE(d.why("c1e3")->message.find("double check"), std::string::npos);
    expect_legal(d, "e1d1");
    // Capturing the checker with a pinned piece: the pin is the reason; moving it elsewhere
    // leaves the check.
    ChessGame pin("", "k3r3/8/8/4N3/8/5n2/8/4K3 w - - 0 1");
    expect_reason(pin, "e5f3", R::PiecePinned, "e8", ChessGame::black(Rook));
    expect_reason(pin, "e5d3", R::StillInCheck, "f3", ChessGame::black(Knight));
    expect_legal(pin, "e1f2");
}

TEST(Illegal, KingWouldBeAttacked) {
    ChessGame g("", "4k3/8/8/8/8/8/8/3RK3 b - - 0 1");
    expect_reason(g, "e8d8", R::KingWouldBeAttacked, "d1", ChessGame::white(Rook));
    EXPECT_EQ(g.why("e8d8")->message,
        "Your king cannot go to d8 because the rook on d1 attacks that square.");
    expect_legal(g, "e8f8");
    // Taking a protected piece.
    ChessGame t("", "4k3/3P4/8/8/8/8/8/3RK3 b - - 0 1");
    expect_reason(t, "e8d7", R::KingWouldBeAttacked, "d1", ChessGame::white(Rook));
    EXPECT_EQ(t.why("e8d7")->message,
        "Your king cannot take the pawn on d7 because the rook on d1 protects it.");
    // Stepping back along the line of a check.
    ChessGame l("", "4k3/8/8/8/8/8/8/4RK2 b - - 0 1");
    expect_reason(l, "e8e7", R::KingWouldBeAttacked, "e1", ChessGame::white(Rook));
    expect_legal(l, "e8d7");
    SilvermanGame s("", "1r1k/4/4/2K1 w - - 0 1");
    expect_reason(s, "c1b2", R::KingWouldBeAttacked, "b4", SilvermanGame::black(Rook));
    expect_legal(s, "c1d2");
}

// ---- promotion ------------------------------------------------------------------------------

TEST(Illegal, PromotionMissing) {
    ChessGame g("", "8/P6k/8/8/8/8/8/K7 w - - 0 1");
    expect_reason(g, "a7a8", R::PromotionMissing, "a8");
    EXPECT_EQ(g.why("a7a8")->message,
        "Your pawn reaches the last rank on a8, so you must choose the piece it becomes (q, r, b "
        "or n).");
    for (auto m : { "a7a8q", "a7a8r", "a7a8b", "a7a8n" }) expect_legal(g, m);
    SilvermanGame s("", "3k/P3/4/K3 w - - 0 1");
    expect_reason(s, "a3a4", R::PromotionMissing, "a4");
    EXPECT_NE(s.why("a3a4")->message.find("(q or r)"), std::string::npos);
    // A capture that promotes needs the letter too.
    ChessGame cap("", "1r6/P6k/8/8/8/8/8/K7 w - - 0 1");
    expect_reason(cap, "a7b8", R::PromotionMissing, "b8");
    expect_legal(cap, "a7b8q");
}

TEST(Illegal, PromotionNotAllowed) {
    ChessGame g("", "8/P6k/8/8/8/8/8/K7 w - - 0 1");
    auto why = why_illegal(g.pos, MoveRequest{ ChessGame::sq("a7"), ChessGame::sq("a8"), King });
    ASSERT_TRUE(why);
    EXPECT_EQ(why->reason, R::PromotionNotAllowed);
    EXPECT_EQ(why->piece, ChessGame::white(King));
    why = why_illegal(g.pos, MoveRequest{ ChessGame::sq("a7"), ChessGame::sq("a8"), Pawn });
    ASSERT_TRUE(why);
    EXPECT_EQ(why->reason, R::PromotionNotAllowed);
    why = why_illegal(
        g.pos, MoveRequest{ ChessGame::sq("a7"), ChessGame::sq("a8"), PieceType(30) });
    ASSERT_TRUE(why);
    EXPECT_EQ(why->reason, R::PromotionNotAllowed);
    EXPECT_EQ(why->piece, NoPiece);
    SilvermanGame s("", "3k/P3/4/K3 w - - 0 1");
    expect_reason(s, "a3a4b", R::PromotionNotAllowed, "a4");
    EXPECT_EQ(s.why("a3a4b")->piece, SilvermanGame::white(Bishop)); // the piece asked for
    EXPECT_EQ(s.why("a3a4b")->piece_square, NoSquare);
    expect_reason(s, "a3a4n", R::PromotionNotAllowed, "a4");
    EXPECT_EQ(s.why("a3a4b")->message,
        "In silverman a pawn can become only a queen or a rook, not a bishop.");
    expect_legal(s, "a3a4q");
    expect_legal(s, "a3a4r");
    RaceGame r("", "8/P7/8/8/8/8/1p6/8 w - - 0 1");
    for (auto m : { "a7a8q", "a7a8r", "a7a8b", "a7a8n" })
        expect_reason(r, m, R::PromotionNotAllowed, "a8");
    EXPECT_NE(r.why("a7a8q")->message.find("wins the game"), std::string::npos);
    expect_legal(r, "a7a8");
}

TEST(Illegal, PromotionNotOnLastRank) {
    ChessGame g;
    expect_reason(g, "e2e4q", R::PromotionNotOnLastRank, "e4");
    expect_reason(g, "g1f3n", R::PromotionNotOnLastRank, "f3");
    EXPECT_EQ(g.why("e2e4q")->message,
        "Your pawn does not reach the last rank on e4, so it cannot be promoted.");
    EXPECT_NE(g.why("g1f3n")->message.find("your knight on g1"), std::string::npos);
    expect_legal(g, "e2e4");
    ChessGame c("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    expect_reason(c, "e1g1q", R::PromotionNotOnLastRank);
    RaceGame r;
    expect_reason(r, "e2e4q", R::PromotionNotOnLastRank, "e4");
    SilvermanGame s("", "3k/P3/4/K3 w - - 0 1");
    expect_reason(s, "a1a2q", R::PromotionNotOnLastRank, "a2");
}

// ---- the order of reasons -------------------------------------------------------------------

TEST(Illegal, MostInstructiveReasonFirst) {
    ChessGame g("", "4k3/8/2n5/1B6/8/8/8/4K3 b - - 0 1");
    expect_reason(g, "c6c4", R::NotThatPiecesMove); // geometry before the pin
    expect_reason(g, "e7e6", R::NoPiece);
    // From == to (the parser rejects such text): no piece moves to its own square.
    auto same = why_illegal(g.pos, MoveRequest{ ChessGame::sq("c6"), ChessGame::sq("c6") });
    ASSERT_TRUE(same);
    EXPECT_EQ(same->reason, R::NotThatPiecesMove);
    EXPECT_EQ(same->message, "Your knight on c6 must move to another square.");
    // Path and target before king safety: a pinned rook.
    ChessGame b("", "4k3/2p1r3/8/8/8/8/8/4RK2 b - - 0 1");
    expect_reason(b, "e7c7", R::OwnPieceOnTarget, "c7", ChessGame::black(Pawn));
    expect_reason(b, "e7b7", R::PathBlocked, "c7", ChessGame::black(Pawn));
    expect_reason(b, "e7d7", R::PiecePinned, "e1", ChessGame::white(Rook));
    expect_legal(b, "e7e6");
    // Game over before everything, even a malformed-looking request.
    ChessGame mate("f2f3 e7e5 g2g4 d8h4");
    auto      why = why_illegal(mate.pos, MoveRequest{ 200, 201 });
    ASSERT_TRUE(why);
    EXPECT_EQ(why->reason, R::GameOverCheckmate);
}

TEST(Illegal, PinnedPromotionReportsThePin) {
    // White pawn b7 pinned along the 7th rank by the rook on h7 to the king on a7.
    ChessGame g("", "4k3/KP5r/8/8/8/8/8/8 w - - 0 1");
    expect_reason(g, "b7b8", R::PiecePinned, "h7", ChessGame::black(Rook));
    expect_reason(g, "b7b8q", R::PiecePinned, "h7", ChessGame::black(Rook));
    expect_legal(g, "a7a8");
}

// ---- the property: nullopt exactly for the legal moves --------------------------------------

namespace {

template <class V>
void check_every_request(const Position<V>& pos, std::map<std::string, int>& seen) {
    using G                                               = typename V::Geometry;
    const auto                                      legal = legal_moves(pos);
    std::set<std::tuple<Square, Square, PieceType>> legal_requests;
    for (Move m : legal) {
        MoveRequest r = request_of<V>(m);
        legal_requests.insert({ r.from, r.to, r.promotion });
        // The text round trip: parse(move_to_uci(m)) is the move's request.
        auto parsed = parse_move_request<G>(move_to_uci<V>(m));
        ASSERT_TRUE(parsed.ok()) << move_to_uci<V>(m);
        EXPECT_EQ(*parsed, r);
    }
    constexpr std::array<PieceType, 6> promos = { NoPieceType, Knight, Bishop, Rook, Queen, King };
    for (Square from = 0; from < G::Squares; ++from) {
        const bool own_pawn = pos.piece_on(from) == make_piece(pos.side_to_move(), Pawn);
        for (Square to = 0; to < G::Squares; ++to)
            for (PieceType promo : promos) {
                // Every letter for pawns; for other pieces, no letter and one letter.
                if (!own_pawn && promo != NoPieceType && promo != Queen) continue;
                MoveRequest req{ from, to, promo };
                auto        why      = why_illegal(pos, req);
                bool        is_legal = legal_requests.count({ from, to, promo }) > 0;
                ASSERT_EQ(!why, is_legal)
                    << write_fen<V>(pos.setup()) << " " << square_name<G>(from)
                    << square_name<G>(to) << int(promo) << ": " << (why ? why->message : "legal");
                if (!why) continue;
                ASSERT_NE(why->reason, IllegalReason::Unexplained)
                    << write_fen<V>(pos.setup()) << " " << square_name<G>(from)
                    << square_name<G>(to) << int(promo);
                ASSERT_FALSE(why->message.empty());
                if (why->piece_square != NoSquare) {
                    ASSERT_EQ(pos.piece_on(why->piece_square), why->piece);
                }
                if (why->square != NoSquare) {
                    ASSERT_LT(why->square, G::Squares);
                }
                EXPECT_EQ(why->condition != 0,
                    why->reason >= R::CastlingKingMoved && why->reason <= R::CastlingPathBlocked);
                ++seen[std::string(reason_id(why->reason))];
            }
    }
}

template <class V>
void random_playouts(
    int games, int plies, std::vector<std::string_view> fens, std::map<std::string, int>& seen) {
    std::mt19937 rng(12345);
    for (std::string_view fen : fens)
        for (int game = 0; game < games; ++game) {
            Position<V>              pos;
            std::deque<StateInfo<V>> states;
            auto                     setup = parse_fen<V>(fen);
            ASSERT_TRUE(setup.ok());
            ASSERT_FALSE(pos.set(*setup, states.emplace_back()));
            for (int ply = 0; ply <= plies; ++ply) {
                check_every_request(pos, seen);
                if (::testing::Test::HasFatalFailure()) return;
                auto legal = legal_moves(pos);
                if (legal.size() == 0) break;
                pos.make(legal.moves[rng() % legal.size()], states.emplace_back());
            }
        }
}

} // namespace

TEST(IllegalProperty, ChessRandomPlayouts) {
    std::map<std::string, int> seen;
    random_playouts<Chess>(2, 50,
        { Chess::StartFen, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" },
        seen);
    for (auto r :
        { "castling_path_blocked", "piece_pinned", "still_in_check", "king_would_be_attacked",
            "en_passant_expired", "path_blocked", "not_that_pieces_move" })
        EXPECT_GT(seen[r], 0) << r;
}

TEST(IllegalProperty, SilvermanRandomPlayouts) {
    std::map<std::string, int> seen;
    random_playouts<Silverman>(20, 40, { Silverman::StartFen }, seen);
    for (auto r : { "promotion_missing", "promotion_not_allowed", "no_double_step_in_variant",
             "castling_not_allowed_in_variant" })
        EXPECT_GT(seen[r], 0) << r;
}

TEST(IllegalProperty, PawnRaceRandomPlayouts) {
    std::map<std::string, int> seen;
    random_playouts<PawnRace>(8, 60, { PawnRace::StartFen }, seen);
    for (auto r : { "game_over_race_won", "promotion_not_allowed",
             "pawn_double_step_only_from_start", "pawn_cannot_capture_forward" })
        EXPECT_GT(seen[r], 0) << r;
}

// ---- parse_move_request ---------------------------------------------------------------------

namespace {

template <class G> std::string parse_error(std::string_view text) {
    auto r = parse_move_request<G>(text);
    EXPECT_FALSE(r.ok()) << "'" << text << "' should be malformed";
    return r ? std::string() : r.error().message;
}

} // namespace

TEST(ParseMoveRequest, WellFormed) {
    auto r = parse_move_request<Board8x8>("e2e4");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, (MoveRequest{ ChessGame::sq("e2"), ChessGame::sq("e4"), NoPieceType }));
    r = parse_move_request<Board8x8>("e7e8q");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->promotion, Queen);
    r = parse_move_request<Board8x8>("a7b8n");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->promotion, Knight);
    // Form only: a bishop promotion on silverman's board, a nonsense move on chess's.
    EXPECT_TRUE((parse_move_request<Board4x4>("a3a4b").ok()));
    EXPECT_TRUE((parse_move_request<Board8x8>("a1h7").ok()));
    EXPECT_TRUE((parse_move_request<Board8x8>("h1a8r").ok()));
}

TEST(ParseMoveRequest, Malformed) {
    using B = Board8x8;
    EXPECT_EQ(parse_error<B>(""), "the move is empty");
    EXPECT_EQ(parse_error<B>("e2"), "the to-square is missing after 'e2'");
    EXPECT_EQ(parse_error<B>("e2e9"), "'e9' is not a square: the ranks run from 1 to 8");
    EXPECT_EQ(parse_error<B>("e2e0"), "'e0' is not a square: the ranks run from 1 to 8");
    EXPECT_EQ(parse_error<B>("i1a1"), "'i1' is not a square: the files run from a to h");
    EXPECT_EQ(parse_error<B>("e2e4x"), "'x' is not a piece a pawn can become (q, r, b or n)");
    EXPECT_EQ(parse_error<B>("e7e8k"), "'k' is not a piece a pawn can become (q, r, b or n)");
    EXPECT_EQ(parse_error<B>("e7e8p"), "'p' is not a piece a pawn can become (q, r, b or n)");
    EXPECT_EQ(parse_error<B>("e7e8Q"), "promotion letters are lower case (q, not Q)");
    EXPECT_EQ(parse_error<B>("e7e8="), "'=' is not a piece a pawn can become (q, r, b or n)");
    EXPECT_EQ(parse_error<B>("e2e4qq"), "unexpected 'qq' after 'e2e4'");
    EXPECT_EQ(parse_error<B>("e2e4e5"), "unexpected 'e5' after 'e2e4'");
    EXPECT_EQ(parse_error<B>("e10e4"), "'e10' is not a square: the ranks run from 1 to 8");
    EXPECT_EQ(parse_error<B>("e02e4"), "'e02' is not a square: the ranks run from 1 to 8");
    EXPECT_EQ(parse_error<B>("e2e2"), "the move starts and ends on e2");
    EXPECT_EQ(parse_error<B>("E2E4"), "squares are written in lower case (e, not E)");
    EXPECT_EQ(parse_error<B>("ee2e4"), "the from-square 'e' has no rank number");
    EXPECT_EQ(parse_error<B>("2e4"), "expected the file letter of the from-square, found '2'");
    EXPECT_EQ(parse_error<B>("e2-e4"), "expected the file letter of the to-square, found '-'");
    EXPECT_EQ(parse_error<B>("e2e"), "the to-square 'e' has no rank number");
    EXPECT_EQ(parse_error<B>("zz"), "the from-square 'z' has no rank number");
    EXPECT_EQ(parse_error<B>("e2 e4"),
        "character 3 (0x20) is a space or control character; a move is written like e2e4 or e7e8q");
    EXPECT_EQ(parse_error<B>("e2\te4"),
        "character 3 (0x09) is a space or control character; a move is written like e2e4 or e7e8q");
    EXPECT_EQ(parse_error<B>("e2é4"),
        "character 3 (0xC3) is not ASCII; a move is written like e2e4 or e7e8q");
    EXPECT_EQ(parse_error<B>(std::string_view("e2\0e4", 5)),
        "character 3 (0x00) is a space or control character; a move is written like e2e4 or e7e8q");
    EXPECT_EQ(parse_error<B>("e2e99999999999999999999999999999"),
        "'e99999999999999999999999999999' is not a square: the ranks run from 1 to 8");
    EXPECT_EQ(parse_error<B>(std::string(100000, 'e')),
        "the move is 100000 characters long; a move is written like e2e4 or e7e8q");
    EXPECT_EQ(parse_error<B>(std::string(33, 'a')),
        "the move is 33 characters long; a move is written like e2e4 or e7e8q");
    // 4x4: the board is smaller.
    EXPECT_EQ(parse_error<Board4x4>("a2a5"), "'a5' is not a square: the ranks run from 1 to 4");
    EXPECT_EQ(parse_error<Board4x4>("e1e2"), "'e1' is not a square: the files run from a to d");
    EXPECT_EQ(
        parse_error<Board4x4>("a3a4k"), "'k' is not a piece a pawn can become (q, r, b or n)");
}

TEST(ParseMoveRequest, NoTextCrashes) {
    std::mt19937      rng(7);
    const std::string alphabet = "abcdefghijklmnopqrstuvwxyzQRBNK0123456789 -=\xc3\xa9\x01";
    for (int i = 0; i < 20000; ++i) {
        std::string text(rng() % 12, ' ');
        for (char& c : text) c = alphabet[rng() % alphabet.size()];
        auto r = parse_move_request<Board8x8>(text);
        if (r) {
            EXPECT_LT(r->from, 64);
            EXPECT_LT(r->to, 64);
            EXPECT_NE(r->from, r->to);
        } else {
            EXPECT_FALSE(r.error().message.empty());
        }
    }
}

// ---- the command line -----------------------------------------------------------------------

namespace {

struct RunResult {
    int         status;
    std::string out, err;
};

RunResult run_citadel(const std::string& args) {
    // One file per process and test: ctest runs tests in parallel.
    std::string err_file = ::testing::TempDir() + "illegal_test_stderr_" + std::to_string(getpid())
        + "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".txt";
    std::string cmd = std::string(CITADEL_BINARY) + " " + args + " 2>" + err_file;
    RunResult   r{};
    FILE*       p = popen(cmd.c_str(), "r");
    if (!p) return { -1, "", "popen failed" };
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
    int status = pclose(p);
    r.status   = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (FILE* f = fopen(err_file.c_str(), "r")) {
        for (size_t n; (n = fread(buf, 1, sizeof buf, f)) > 0;) r.err.append(buf, n);
        fclose(f);
    }
    std::remove(err_file.c_str());
    return r;
}

} // namespace

TEST(IllegalCli, IllegalMoveNamesMoveIndexAndReason) {
    auto r = run_citadel("moves --moves \"e2e4 e7e5 e1e3\"");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
        "error: illegal move 'e1e3' at index 3: Your king on e1 cannot reach e3: a king moves "
        "one square in any direction, or two along its first rank when it castles.\n");
}

TEST(IllegalCli, MalformedMove) {
    auto r = run_citadel("moves --moves \"e2e4 e7e5 zz\"");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(
        r.err, "error: malformed move 'zz' at index 3: the from-square 'z' has no rank number\n");
    r = run_citadel("perft --variant silverman --depth 1 --moves \"a2a3\"");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
        "error: illegal move 'a2a3' at index 1: Your pawn on a2 cannot move to a3 because the "
        "pawn on a3 is in the way, and pawns capture only diagonally.\n");
    r = run_citadel(
        "moves --variant pawnrace --moves \"e2e4 d7d5 e4d5 e7e6 d5d6 e6e5 d6d7 e5e4 d7d8q\"");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err,
        "error: illegal move 'd7d8q' at index 9: In pawnrace a pawn that reaches the last rank "
        "wins the game, so it does not become another piece.\n");
    r = run_citadel("moves --moves \"e2e4 e7e5 g1f3\"");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.err, "");
}

TEST(IllegalReasonIds, EveryReasonHasItsOwnStableId) {
    // Ids are lower-case snake case, one per reason; only Unexplained is "unexplained".
    std::set<std::string> ids;
    for (int r = 0; r <= int(IllegalReason::Unexplained); ++r) {
        const std::string id(reason_id(IllegalReason(r)));
        EXPECT_EQ(id == "unexplained", IllegalReason(r) == IllegalReason::Unexplained) << r;
        EXPECT_EQ(id.find_first_not_of("abcdefghijklmnopqrstuvwxyz_"), std::string::npos) << id;
        EXPECT_TRUE(ids.insert(id).second) << "duplicate id " << id;
    }
    EXPECT_EQ(reason_id(IllegalReason::SwapNotNow), "swap_not_now");
    EXPECT_EQ(reason_id(IllegalReason::NotYourTurn), "not_your_turn");
}
