// Legal move generation, one group of tests per clause of docs/rules/chess.md, silverman.md and
// pawnrace.md. Expected move sets are worked out by hand from the rules (comments give the
// reasoning), never read off the generator.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "notation/fen.h"
#include "notation/uci_move.h"
#include "variants/orthodox.h"

using namespace citadel;

namespace {

using Strings = std::vector<std::string>;

// A position with its state storage, set from a FEN, that plays UCI moves.
template <class V> struct Line {
    Position<V>              pos;
    std::deque<StateInfo<V>> states;

    explicit Line(std::string_view fen) {
        auto setup = parse_fen<V>(fen);
        if (!setup) {
            ADD_FAILURE() << "bad FEN '" << fen << "': " << setup.error().message;
            return;
        }
        if (auto err = pos.set(*setup, states.emplace_back()))
            ADD_FAILURE() << "illegal position '" << fen << "': " << err->message;
    }
    // Plays the legal move written `uci`; fails the test if there is none.
    Line& play(std::string_view uci) {
        auto m = find_uci_move(pos, uci);
        if (!m) {
            ADD_FAILURE() << uci << " is not legal in " << fen() << "; legal: " << moves().size();
            return *this;
        }
        pos.make(*m, states.emplace_back());
        return *this;
    }
    Line& play(std::initializer_list<std::string_view> uci) {
        for (auto u : uci) play(u);
        return *this;
    }
    std::string fen() const { return write_fen<V>(pos.setup()); }
    // All legal moves as sorted UCI texts.
    Strings moves() const {
        Strings out;
        for (Move m : legal_moves(pos)) out.push_back(move_to_uci<V>(m));
        std::sort(out.begin(), out.end());
        return out;
    }
    // The legal moves whose text starts with `prefix` (a from-square, say).
    Strings moves_from(std::string_view prefix) const {
        Strings out;
        for (auto& m : moves())
            if (m.starts_with(prefix)) out.push_back(m);
        return out;
    }
    bool has(std::string_view uci) const { return find_uci_move(pos, uci).has_value(); }
    // The castling moves among the legal moves (the king's two-square steps).
    Strings castles() const {
        Strings out;
        for (Move m : legal_moves(pos))
            if (m.kind() == MoveKind::Castling) out.push_back(move_to_uci<V>(m));
        std::sort(out.begin(), out.end());
        return out;
    }
};

Strings S(std::initializer_list<const char*> list) {
    Strings out(list.begin(), list.end());
    std::sort(out.begin(), out.end());
    return out;
}

template <class V> Square sq(const char* name) { return *parse_square<typename V::Geometry>(name); }

} // namespace

// ---- castling ---------------------------------------------------------------------------------

TEST(Castling, BothSidesWhenEveryConditionHolds) {
    EXPECT_EQ(Line<Chess>("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").castles(), S({ "e1c1", "e1g1" }));
    EXPECT_EQ(Line<Chess>("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").castles(), S({ "e8c8", "e8g8" }));
}

TEST(Castling, NeedsTheRight) {
    EXPECT_EQ(Line<Chess>("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").castles(), S({}));
    EXPECT_EQ(Line<Chess>("r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1").castles(), S({ "e1g1" }));
    EXPECT_EQ(Line<Chess>("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1").castles(), S({ "e8c8" }));
}

TEST(Castling, MovesKingAndRookAndDropsTheSidesRights) {
    Line<Chess> a("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    a.play("e1g1");
    EXPECT_EQ(a.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    Line<Chess> b("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 5 9");
    b.play("e8c8");
    EXPECT_EQ(b.fen(), "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 6 10");
}

TEST(Castling, KingMovedLosesBothRights) {
    Line<Chess> l("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    l.play({ "e1d1", "e8d8", "d1e1", "d8e8" }); // both kings back home
    EXPECT_EQ(l.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
    EXPECT_EQ(l.castles(), S({}));
}

TEST(Castling, RookMovedLosesItsRight) {
    Line<Chess> l("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    l.play({ "h1h2", "a8a7", "h2h1", "a7a8" }); // both rooks back home
    EXPECT_EQ(l.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
    EXPECT_EQ(l.castles(), S({ "e1c1" }));
    l.play("e1c1");
    EXPECT_EQ(l.castles(), S({ "e8g8" }));
}

TEST(Castling, RookCapturedLosesItsRight) {
    Line<Chess> l("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    l.play("a1a8"); // White's rook leaves a1, Black's a8 rook is gone
    EXPECT_EQ(l.fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    EXPECT_EQ(l.castles(), S({})); // Black is in check
    l.play("e8e7");
    EXPECT_EQ(l.castles(), S({ "e1g1" }));
}

TEST(Castling, OnlyTheOriginalRook) {
    // The h1 rook leaves; the h2 rook takes its square: no right comes back.
    Line<Chess> l("4k3/8/8/8/8/8/7R/4K2R w K - 0 1");
    EXPECT_EQ(l.castles(), S({ "e1g1" }));
    l.play({ "h1g1", "e8d8", "g1g3", "d8e8", "h2h1", "e8d8" });
    EXPECT_EQ(l.fen(), "3k4/8/8/8/8/6R1/8/4K2R w - - 6 4");
    EXPECT_EQ(l.castles(), S({}));
}

TEST(Castling, SquaresBetweenMustBeEmpty) {
    // b1 is not on the king's path but lies between king and rook.
    EXPECT_EQ(Line<Chess>("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1").castles(), S({ "e1g1" }));
    EXPECT_EQ(Line<Chess>("4k3/8/8/8/8/8/8/R2QK2R w KQ - 0 1").castles(), S({ "e1g1" }));
    EXPECT_EQ(Line<Chess>("4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1").castles(), S({ "e1c1" }));
    // An enemy piece blocks too (the bishop on f1 attacks neither d1 nor c1).
    EXPECT_EQ(Line<Chess>("4k3/8/8/8/8/8/8/R3Kb1R w KQ - 0 1").castles(), S({ "e1c1" }));
    EXPECT_EQ(Line<Chess>("rn2k1nr/8/8/8/8/8/8/4K3 b kq - 0 1").castles(), S({}));
}

TEST(Castling, NotOutOfCheck) {
    EXPECT_EQ(Line<Chess>("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").castles(), S({ "e1c1", "e1g1" }));
    // The e4 rook attacks only the e-file and rank 4: the check alone forbids castling.
    EXPECT_EQ(Line<Chess>("4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1").castles(), S({}));
}

TEST(Castling, NotThroughAnAttackedSquare) {
    EXPECT_EQ(Line<Chess>("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1").castles(), S({ "e1c1" })); // f1
    EXPECT_EQ(Line<Chess>("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1").castles(), S({ "e1g1" })); // d1
    // A knight on e3 attacks d1 and f1.
    EXPECT_EQ(Line<Chess>("4k3/8/8/8/8/4n3/8/R3K2R w KQ - 0 1").castles(), S({}));
    EXPECT_EQ(Line<Chess>("r3k2r/8/8/8/8/8/8/4KR2 b kq - 0 1").castles(), S({ "e8c8" })); // f8
}

TEST(Castling, NotOntoAnAttackedSquare) {
    EXPECT_EQ(Line<Chess>("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1").castles(), S({ "e1c1" })); // g1
    EXPECT_EQ(Line<Chess>("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").castles(), S({ "e1g1" })); // c1
    // A pawn on b2 attacks c1 (and a1).
    EXPECT_EQ(Line<Chess>("4k3/8/8/8/8/8/1p6/R3K2R w KQ - 0 1").castles(), S({ "e1g1" }));
}

TEST(Castling, AttackedRookIsNoObstacle) {
    Line<Chess> l("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    ASSERT_TRUE(l.pos.attacked(Black, sq<Chess>("a1"), l.pos.pieces()));
    ASSERT_TRUE(l.pos.attacked(Black, sq<Chess>("h1"), l.pos.pieces()));
    EXPECT_EQ(l.castles(), S({ "e1c1", "e1g1" }));
}

TEST(Castling, RookMayCrossAnAttackedSquare) {
    // b1 (crossed by the rook only) is attacked by the b8 rook.
    Line<Chess> l("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    ASSERT_TRUE(l.pos.attacked(Black, sq<Chess>("b1"), l.pos.pieces()));
    EXPECT_EQ(l.castles(), S({ "e1c1", "e1g1" }));
    EXPECT_EQ(Line<Chess>("r3k2r/8/8/8/8/8/8/1R2K3 b kq - 0 1").castles(), S({ "e8c8", "e8g8" }));
}

// ---- en passant -------------------------------------------------------------------------------

TEST(EnPassant, OnlyRightAfterTheDoubleStep) {
    Line<Chess> l("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    l.play("e2e4");
    EXPECT_EQ(l.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    EXPECT_EQ(l.moves_from("d4"), S({ "d4d3", "d4e3" }));
    l.play({ "e8d7", "e1d1" }); // one move each in between
    EXPECT_EQ(l.fen(), "8/3k4/8/8/3pP3/8/8/3K4 b - - 2 2");
    EXPECT_EQ(l.moves_from("d4"), S({ "d4d3" }));
}

TEST(EnPassant, RemovesThePassedPawn) {
    Line<Chess> l("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    l.play({ "e2e4", "d4e3" });
    EXPECT_EQ(l.fen(), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
}

TEST(EnPassant, NotAfterASingleStep) {
    Line<Chess> l("4k3/8/8/8/3p4/4P3/8/4K3 w - - 0 1");
    l.play("e3e4");
    EXPECT_EQ(l.moves_from("d4"), S({ "d4d3" }));
}

TEST(EnPassant, BothNeighboursMayCapture) {
    Line<Chess> l("4k3/3p4/8/2P1P3/8/8/8/4K3 b - - 0 1");
    l.play("d7d5");
    EXPECT_EQ(l.moves_from("c5"), S({ "c5c6", "c5d6" }));
    EXPECT_EQ(l.moves_from("e5"), S({ "e5d6", "e5e6" }));
}

TEST(EnPassant, HorizontalPinThroughBothPawns) {
    // bxc6 would empty rank 5 between the a5 king and the h5 rook.
    Line<Chess> pinned("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    // King: a4, a6, b6 (b4 is attacked by the c5 pawn); pawn: b6 only.
    EXPECT_EQ(pinned.moves(), S({ "a5a4", "a5a6", "a5b6", "b5b6" }));
    EXPECT_EQ(pinned.fen(), "8/8/8/KPp4r/8/8/8/7k w - - 0 1"); // no legal capture: no ep square
    // Without the rook the capture is legal.
    EXPECT_TRUE(Line<Chess>("8/8/8/KPp5/8/8/8/7k w - c6 0 1").has("b5c6"));
    // Reached by play.
    Line<Chess> played("8/2p5/8/KP5r/8/8/8/7k b - - 0 1");
    played.play("c7c5");
    EXPECT_FALSE(played.has("b5c6"));
}

TEST(EnPassant, DiagonalPin) {
    // The e5 pawn is pinned on the a1-h8 diagonal by the h8 bishop.
    Line<Chess> off("7b/3p4/8/4P3/8/8/8/K6k b - - 0 1");
    off.play("d7d5");
    EXPECT_EQ(off.moves_from("e5"), S({})); // exd6 leaves the diagonal, e6 too
    EXPECT_EQ(off.fen(), "7b/8/8/3pP3/8/8/8/K6k w - - 0 2");
    Line<Chess> along("7b/5p2/8/4P3/8/8/8/K6k b - - 0 1");
    along.play("f7f5");
    EXPECT_EQ(along.moves_from("e5"), S({ "e5f6" })); // f6 is on the pin line
    EXPECT_EQ(along.fen(), "7b/8/8/4Pp2/8/8/8/K6k w - f6 0 2");
}

TEST(EnPassant, CapturesTheCheckingPawn) {
    Line<Chess> l("8/3p4/8/4P3/4K3/8/8/7k b - - 0 1");
    l.play("d7d5"); // check from d5
    ASSERT_TRUE(l.pos.in_check());
    // King to any neighbour (d5 is the unprotected checker); or exd6 e.p. removes it.
    EXPECT_EQ(l.moves(), S({ "e4d3", "e4d4", "e4d5", "e4e3", "e4f3", "e4f4", "e4f5", "e5d6" }));
}

TEST(EnPassant, NotWhenItLeavesTheKingInCheck) {
    Line<Chess> l("2b5/3p4/8/4P3/8/7K/8/k7 b - - 0 1");
    l.play("d7d5"); // discovers the c8 bishop's check on h3
    ASSERT_TRUE(l.pos.in_check());
    // e6 blocks; exd6 does not; g4 stays on the diagonal.
    EXPECT_EQ(l.moves(), S({ "e5e6", "h3g2", "h3g3", "h3h2", "h3h4" }));
    EXPECT_EQ(l.fen(), "2b5/8/8/3pP3/8/7K/8/k7 w - - 0 2");
    // Without the bishop the same capture is legal.
    Line<Chess> free("8/3p4/8/4P3/8/7K/8/k7 b - - 0 1");
    free.play("d7d5");
    EXPECT_TRUE(free.has("e5d6"));
}

TEST(EnPassant, PawnRaceToo) {
    Line<PawnRace> l("8/8/8/8/3p4/8/4P3/8 w - - 0 1");
    l.play("e2e4");
    EXPECT_EQ(l.moves(), S({ "d4d3", "d4e3" }));
    l.play("d4e3");
    EXPECT_EQ(l.fen(), "8/8/8/8/8/4p3/8/8 w - - 0 2");
    EXPECT_EQ(l.moves(), S({})); // White has no pawn left
}

// ---- pawns and promotion ----------------------------------------------------------------------

TEST(Pawns, SingleAndDoubleStepFromTheStartRankOnly) {
    Line<Chess> l("4k3/8/8/8/8/2P5/4P3/4K3 w - - 0 1");
    EXPECT_EQ(l.moves_from("e2"), S({ "e2e3", "e2e4" }));
    EXPECT_EQ(l.moves_from("c3"), S({ "c3c4" }));
    // Blocked on the first or the second square.
    EXPECT_EQ(Line<Chess>("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1").moves_from("e2"), S({}));
    EXPECT_EQ(Line<Chess>("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1").moves_from("e2"), S({ "e2e3" }));
    EXPECT_EQ(
        Line<Chess>("4k3/4p3/8/8/8/8/8/4K3 b - - 0 1").moves_from("e7"), S({ "e7e5", "e7e6" }));
}

TEST(Pawns, CaptureDiagonallyForwardOnly) {
    // Enemy pieces on d3, f3 (capturable), e3 (blocks), d1 behind: nothing else.
    Line<Chess> l("4k3/8/8/8/8/3bbb2/4P3/3nK3 w - - 0 1");
    EXPECT_EQ(l.moves_from("e2"), S({ "e2d3", "e2f3" }));
    // No capture of own pieces, no wrap-around between the a- and h-files.
    EXPECT_EQ(
        Line<Chess>("4k3/8/8/8/8/1N6/P6p/4K3 w - - 0 1").moves_from("a2"), S({ "a2a3", "a2a4" }));
    EXPECT_EQ(
        Line<Chess>("4k3/8/8/8/n7/8/7P/4K3 w - - 0 1").moves_from("h2"), S({ "h2h3", "h2h4" }));
    EXPECT_EQ(Line<Chess>("4k3/p7/1N6/7N/8/8/8/4K3 b - - 0 1").moves_from("a7"),
        S({ "a7a5", "a7a6", "a7b6" }));
}

TEST(Promotion, FourPiecesOnAPush) {
    Line<Chess> l("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(l.moves_from("b7"), S({ "b7b8b", "b7b8n", "b7b8q", "b7b8r" }));
    l.play("b7b8n");
    EXPECT_EQ(l.fen(), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(Promotion, CapturesPromoteToo) {
    // b8 empty, a8 rook and c8 knight capturable: three targets, four pieces each.
    Line<Chess> l("r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(l.moves_from("b7"),
        S({ "b7a8b", "b7a8n", "b7a8q", "b7a8r", "b7b8b", "b7b8n", "b7b8q", "b7b8r", "b7c8b",
            "b7c8n", "b7c8q", "b7c8r" }));
    l.play("b7a8r");
    EXPECT_EQ(l.fen(), "R1n1k3/8/8/8/8/8/8/4K3 b - - 0 1");
    Line<Chess> black("4k3/8/8/8/8/8/6p1/4K2R b - - 0 1");
    EXPECT_EQ(black.moves_from("g2"),
        S({ "g2g1b", "g2g1n", "g2g1q", "g2g1r", "g2h1b", "g2h1n", "g2h1q", "g2h1r" }));
    black.play("g2h1q");
    EXPECT_EQ(black.fen(), "4k3/8/8/8/8/8/8/4K2q w - - 0 2");
}

TEST(Promotion, AnyNumberOfEachPiece) {
    // A second white queen is fine.
    Line<Chess> l("4k3/1P6/8/8/8/8/8/Q3K3 w - - 0 1");
    l.play("b7b8q");
    EXPECT_EQ(l.fen(), "1Q2k3/8/8/8/8/8/8/Q3K3 b - - 0 1");
}

TEST(Promotion, SilvermanQueenOrRookOnly) {
    Line<Silverman> push("k3/2P1/4/K3 w - - 0 1");
    EXPECT_EQ(push.moves_from("c3"), S({ "c3c4q", "c3c4r" }));
    Line<Silverman> take("kr2/2P1/4/K3 w - - 0 1");
    EXPECT_EQ(take.moves_from("c3"), S({ "c3b4q", "c3b4r", "c3c4q", "c3c4r" }));
    EXPECT_FALSE(take.has("c3c4n"));
    EXPECT_FALSE(take.has("c3c4"));
    take.play("c3b4r");
    EXPECT_EQ(take.fen(), "kR2/4/4/K3 b - - 0 1");
}

TEST(Promotion, PawnRaceHasNone) {
    Line<PawnRace> l("8/P7/8/8/8/8/7p/8 w - - 0 1");
    EXPECT_EQ(l.moves(), S({ "a7a8" }));
    l.play("a7a8");
    EXPECT_EQ(l.fen(), "P7/8/8/8/8/8/7p/8 b - - 0 1");
}

// ---- check, pins, mate ------------------------------------------------------------------------

TEST(Check, EvasionsBlockCaptureOrStep) {
    // Rook e8 checks e1: Rxe8 captures, Bd2-e3 blocks, the king steps off the file.
    Line<Chess> l("R3r2k/8/8/8/8/8/3B4/4K3 w - - 0 1");
    ASSERT_TRUE(l.pos.in_check());
    EXPECT_EQ(l.moves(), S({ "a8e8", "d2e3", "e1d1", "e1f1", "e1f2" }));
}

TEST(Check, KingCannotStepAlongTheCheckingLine) {
    // e1 is still attacked through the square the king leaves; e3 is on the line too.
    Line<Chess> l("4r2k/8/8/8/8/8/4K3/8 w - - 0 1");
    EXPECT_EQ(l.moves(), S({ "e2d1", "e2d2", "e2d3", "e2f1", "e2f2", "e2f3" }));
}

TEST(Check, KnightCheckCannotBeBlocked) {
    // Nd3+: the c2 bishop takes it, or the king steps; no piece can interpose.
    Line<Chess> l("7k/8/8/8/8/3n4/2B5/4K3 w - - 0 1");
    // King e1: d1, d2, e2, f1 (f2 and c1 are knight squares; the knight itself is on d3).
    EXPECT_EQ(l.moves(), S({ "c2d3", "e1d1", "e1d2", "e1e2", "e1f1" }));
}

TEST(Check, DoubleCheckOnlyTheKingMoves) {
    // Rook e8 and knight d3 both check; Bxd3 would still leave the rook's check.
    Line<Chess> l("4r2k/8/8/8/8/3n4/2B5/4K3 w - - 0 1");
    ASSERT_EQ(popcount(l.pos.checkers()), 2);
    EXPECT_EQ(l.moves(), S({ "e1d1", "e1d2", "e1f1" }));
}

TEST(Check, KingNeverMovesIntoAttackOrNextToTheOtherKing) {
    EXPECT_EQ(Line<Chess>("8/8/8/8/8/2k5/8/K7 w - - 0 1").moves(), S({ "a1a2", "a1b1" }));
    // A protected piece cannot be taken by the king; an unprotected one can.
    // The b2 pawn checks a1; the c3 pawn protects it.
    EXPECT_EQ(Line<Chess>("7k/8/8/8/8/2p5/1p6/K7 w - - 0 1").moves(), S({ "a1a2", "a1b1" }));
    EXPECT_EQ(Line<Chess>("7k/8/8/8/8/8/1p6/K7 w - - 0 1").moves(), S({ "a1a2", "a1b1", "a1b2" }));
}

TEST(Pins, PinnedPieceMovesAlongTheLineOnly) {
    EXPECT_EQ(Line<Chess>("4r2k/8/8/8/4R3/8/8/4K3 w - - 0 1").moves_from("e4"),
        S({ "e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8" }));
    EXPECT_EQ(Line<Chess>("7k/8/5q2/8/8/2B5/8/K7 w - - 0 1").moves_from("c3"),
        S({ "c3b2", "c3d4", "c3e5", "c3f6" }));
    EXPECT_EQ(Line<Chess>("7k/8/5b2/8/8/2Q5/8/K7 w - - 0 1").moves_from("c3"),
        S({ "c3b2", "c3d4", "c3e5", "c3f6" }));
}

TEST(Pins, PinnedPieceThatCannotFollowTheLineStays) {
    EXPECT_EQ(Line<Chess>("4r2k/8/8/8/4B3/8/8/4K3 w - - 0 1").moves_from("e4"), S({}));
    EXPECT_EQ(Line<Chess>("4r2k/8/8/8/4N3/8/8/4K3 w - - 0 1").moves_from("e4"), S({}));
    EXPECT_EQ(Line<Chess>("7k/8/5q2/8/8/2R5/8/K7 w - - 0 1").moves_from("c3"), S({}));
}

TEST(Pins, PinnedPawns) {
    // Pinned on the file: pushes (double step too) but no capture off the file.
    EXPECT_EQ(Line<Chess>("4r2k/8/8/8/8/3b1b2/4P3/4K3 w - - 0 1").moves_from("e2"),
        S({ "e2e3", "e2e4" }));
    // Pinned on a diagonal: may take the pinner, may not push.
    EXPECT_EQ(Line<Chess>("7k/8/8/8/8/5b2/4P3/3K4 w - - 0 1").moves_from("e2"), S({ "e2f3" }));
    // Pinned on the diagonal, promoting by capturing the pinner.
    EXPECT_EQ(Line<Chess>("6b1/5P2/8/8/8/8/K7/7k w - - 0 1").moves_from("f7"),
        S({ "f7g8b", "f7g8n", "f7g8q", "f7g8r" }));
    // Pinned on a rank: nothing.
    EXPECT_EQ(Line<Chess>("7k/8/8/8/K3P2r/8/8/8 w - - 0 1").moves_from("e4"), S({}));
}

TEST(Pins, AnEnemyPieceOnTheLineIsNoPin) {
    // Between the e1 king and the e8 rook stand a white rook and a black pawn: the rook is free.
    EXPECT_EQ(Line<Chess>("4r2k/8/4p3/8/8/8/4R3/4K3 w - - 0 1").moves_from("e2").size(), 11u);
}

TEST(GameEnd, CheckmateHasNoMoves) {
    Line<Chess> fools("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    fools.play({ "f2f3", "e7e5", "g2g4", "d8h4" });
    EXPECT_TRUE(fools.pos.in_check());
    EXPECT_EQ(fools.moves(), S({}));
    EXPECT_EQ(count_legal(fools.pos), 0u);
}

TEST(GameEnd, StalemateHasNoMovesAndNoCheck) {
    Line<Chess> l("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    EXPECT_FALSE(l.pos.in_check());
    EXPECT_EQ(l.moves(), S({}));
    Line<Silverman> s("k3/2Q1/1K2/4 b - - 0 1");
    EXPECT_FALSE(s.pos.in_check());
    EXPECT_EQ(s.moves(), S({}));
}

TEST(GameEnd, SilvermanMateInFourFromTheStart) {
    // docs/rules/silverman.md: 1.axb3+ Qxb3 2.cxb3+ Kxb3 3.bxa3+ Kc4 4.Qa2#
    Line<Silverman> l(Silverman::StartFen);
    l.play({ "a2b3", "b4b3", "c2b3", "c4b3", "b2a3", "b3c4", "b1a2" });
    EXPECT_EQ(l.fen(), "r1kr/P1pp/Q2P/R1KR b - - 2 4");
    EXPECT_TRUE(l.pos.in_check());
    EXPECT_EQ(l.moves(), S({}));
}

// ---- variant differences ----------------------------------------------------------------------

TEST(Silverman, NoDoubleStep) {
    // a2-a4 would be a double step over an empty a3 (castling and en passant rights are refused
    // by the FEN reader and Position::set: see fen_test and position_test).
    EXPECT_EQ(Line<Silverman>("1k2/4/P3/3K w - - 0 1").moves_from("a2"), S({ "a2a3" }));
    EXPECT_EQ(Line<Silverman>("1k2/p3/4/3K b - - 0 1").moves_from("a3"), S({ "a3a2" }));
    // The king's only moves from c1 with both rooks home: no castling move exists.
    EXPECT_EQ(Line<Silverman>("1k2/4/4/R1KR w - - 0 1").moves_from("c1"),
        S({ "c1b1", "c1b2", "c1c2", "c1d2" }));
}

TEST(PawnRace, ArrivalEndsTheGame) {
    Line<PawnRace> l("8/P7/8/8/8/8/6pp/8 w - - 0 1");
    l.play("a7a8");
    EXPECT_EQ(l.moves(), S({})); // Black's pawns could move, but the race is over
    Line<PawnRace> b("8/P7/8/8/8/8/6pp/8 b - - 0 1");
    b.play("h2h1");
    EXPECT_EQ(b.moves(), S({}));
}

TEST(PawnRace, NoPawnsOrBlockedPawnsNoMoves) {
    EXPECT_EQ(Line<PawnRace>("8/8/8/8/8/8/7p/8 w - - 0 1").moves(), S({}));
    EXPECT_EQ(Line<PawnRace>("8/8/8/8/p7/P7/8/8 w - - 0 1").moves(), S({}));
    EXPECT_EQ(Line<PawnRace>("8/8/8/8/p7/P7/8/8 b - - 0 1").moves(), S({}));
}

TEST(PawnRace, NoCheckWithoutKings) {
    // Pawns capture as in chess; nothing restricts them.
    Line<PawnRace> l("8/8/8/3p4/4P3/8/8/8 w - - 0 1");
    EXPECT_EQ(l.moves(), S({ "e4d5", "e4e5" }));
}

// ---- make / unmake and Zobrist keys ----------------------------------------------------------

namespace {

struct Coverage {
    int moves = 0, castling = 0, en_passant = 0, promotion = 0, capture = 0;
};

// Plays random games from `fen`. At every ply each legal move is made and checked: the key made
// incrementally equals the key of the same position set up from its written FEN, the fresh
// position has the same legal moves, and unmake restores the FEN and key exactly. Then one random
// move is played; at the end all plies are unmade and every earlier FEN and key must come back.
template <class V>
void random_playouts(std::string_view fen, int games, int plies, Coverage& cov, unsigned seed) {
    std::mt19937 rng(seed);
    for (int g = 0; g < games; ++g) {
        Line<V>                  line(fen);
        std::vector<std::string> fens{ line.fen() };
        std::vector<u64>         keys{ line.pos.key() };
        std::vector<Move>        played;
        for (int ply = 0; ply < plies; ++ply) {
            auto list = legal_moves(line.pos);
            if (list.size() == 0) break;
            for (Move m : list) {
                const bool   capture = line.pos.piece_on(m.to()) != NoPiece;
                StateInfo<V> st;
                line.pos.make(m, st);
                std::string after  = write_fen<V>(line.pos.setup());
                auto        parsed = parse_fen<V>(after);
                ASSERT_TRUE(parsed.ok()) << after;
                Position<V>  fresh;
                StateInfo<V> fst;
                auto         err = fresh.set(*parsed, fst);
                ASSERT_FALSE(err) << after << ": " << err->message;
                ASSERT_EQ(fresh.key(), line.pos.key()) << fens.back() << " + " << move_to_uci<V>(m);
                ASSERT_EQ(fresh.ep_square(), line.pos.ep_square()) << after;
                ASSERT_EQ(fresh.checkers(), line.pos.checkers()) << after;
                ASSERT_EQ(count_legal(fresh), count_legal(line.pos)) << after;
                line.pos.unmake(m);
                ASSERT_EQ(line.fen(), fens.back()) << "unmake " << move_to_uci<V>(m);
                ASSERT_EQ(line.pos.key(), keys.back()) << "unmake " << move_to_uci<V>(m);
                ++cov.moves;
                cov.castling += m.kind() == MoveKind::Castling;
                cov.en_passant += m.kind() == MoveKind::EnPassant;
                cov.promotion += m.kind() == MoveKind::Promotion;
                cov.capture += capture;
            }
            Move m = list.moves[rng() % list.size()];
            line.pos.make(m, line.states.emplace_back());
            played.push_back(m);
            fens.push_back(line.fen());
            keys.push_back(line.pos.key());
        }
        while (!played.empty()) {
            line.pos.unmake(played.back());
            played.pop_back();
            fens.pop_back(), keys.pop_back();
            ASSERT_EQ(line.fen(), fens.back());
            ASSERT_EQ(line.pos.key(), keys.back());
        }
    }
}

} // namespace

TEST(MakeUnmake, RandomPlayoutsChess) {
    Coverage    cov;
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    };
    unsigned seed = 1;
    for (const char* fen : fens) {
        SCOPED_TRACE(fen);
        random_playouts<Chess>(fen, 4, 80, cov, seed++);
    }
    // The playouts must have exercised every special move.
    EXPECT_GT(cov.castling, 0);
    EXPECT_GT(cov.en_passant, 0);
    EXPECT_GT(cov.promotion, 0);
    EXPECT_GT(cov.capture, 0);
}

TEST(MakeUnmake, RandomPlayoutsSilverman) {
    Coverage cov;
    random_playouts<Silverman>(Silverman::StartFen, 20, 60, cov, 7);
    random_playouts<Silverman>("1k1r/p3/1PP1/R1K1 w - - 0 1", 10, 40, cov, 8);
    EXPECT_GT(cov.promotion, 0);
    EXPECT_GT(cov.capture, 0);
}

TEST(MakeUnmake, RandomPlayoutsPawnRace) {
    Coverage cov;
    random_playouts<PawnRace>(PawnRace::StartFen, 30, 40, cov, 9);
    random_playouts<PawnRace>("8/ppp2ppp/8/3pP3/8/8/PPP2PPP/8 w - d6 0 1", 10, 40, cov, 10);
    EXPECT_GT(cov.en_passant, 0);
    EXPECT_GT(cov.capture, 0);
}

TEST(Zobrist, EnPassantAndCastlingChangeTheKey) {
    // The same placement with and without a (legal) ep right, with and without castling rights,
    // and with the other side to move: all different keys.
    auto      key  = [](const char* fen) { return Line<Chess>(fen).pos.key(); };
    const u64 base = key("4k3/8/8/3pP3/8/8/8/R3K2R w - - 0 1");
    EXPECT_NE(base, key("4k3/8/8/3pP3/8/8/8/R3K2R w - d6 0 1"));
    EXPECT_NE(base, key("4k3/8/8/3pP3/8/8/8/R3K2R w K - 0 1"));
    EXPECT_NE(key("4k3/8/8/3pP3/8/8/8/R3K2R w K - 0 1"), key("4k3/8/8/3pP3/8/8/8/R3K2R w Q - 0 1"));
    EXPECT_NE(base, key("4k3/8/8/3pP3/8/8/8/R3K2R b - - 0 1"));
    // A passed square nobody can capture into is no right: same key.
    EXPECT_EQ(key("4k3/8/8/3p4/8/8/8/R3K2R w - - 0 1"), key("4k3/8/8/3p4/8/8/8/R3K2R w - d6 0 1"));
    // The clocks are not part of the key.
    EXPECT_EQ(base, key("4k3/8/8/3pP3/8/8/8/R3K2R w - - 37 80"));
}

TEST(Zobrist, TranspositionsMeetOnOneKey) {
    // Nf3 Nf6 Ng1 Ng8 returns to the start (same key, clocks apart); 1.e4 e5 2.Nf3 and
    // 1.Nf3 e5 2.e4 reach one position.
    Line<Chess> a(Chess::StartFen), b(Chess::StartFen), c(Chess::StartFen);
    const u64   start = a.pos.key();
    a.play({ "g1f3", "g8f6", "f3g1", "f6g8" });
    EXPECT_EQ(a.pos.key(), start);
    b.play({ "e2e4", "e7e5", "g1f3" });
    c.play({ "g1f3", "e7e5", "e2e4" });
    EXPECT_EQ(b.pos.key(), c.pos.key());
    // Same placement, different en passant rights: the last double step decides which capture
    // (exf6 or exd6) is possible, so the keys differ.
    Line<Chess> d(Chess::StartFen), e(Chess::StartFen);
    d.play({ "e2e4", "d7d5", "e4e5", "f7f5" });
    e.play({ "e2e4", "f7f5", "e4e5", "d7d5" });
    auto board = [](const std::string& fen) { return fen.substr(0, fen.find(' ')); };
    ASSERT_EQ(board(d.fen()), board(e.fen()));
    EXPECT_NE(d.pos.key(), e.pos.key());
}
