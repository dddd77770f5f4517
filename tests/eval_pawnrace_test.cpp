// The pawn race evaluation: the race counted in tempi, and the structure terms.
#include <gtest/gtest.h>

#include "eval_support.h"

namespace citadel::eval_test {
namespace {

int distance_of(const std::string& fen, Seat c) {
    return eval::race_distance(Board<PawnRace>(fen).pos, c);
}

TEST(EvalPawnRace, RaceDistanceCountsMovesAndTheDoubleStep) {
    EXPECT_EQ(distance_of("8/7p/8/P7/8/8/8/8 w - - 0 1", White), 3);
    EXPECT_EQ(distance_of("8/7p/8/P7/8/8/8/8 w - - 0 1", Black), 5); // h7: double step first
    EXPECT_EQ(distance_of("8/8/8/8/8/8/P6p/8 w - - 0 1", White), 5);
    // Blocked, or a pawn beside the path: not free.
    EXPECT_EQ(distance_of("8/p7/8/P7/8/8/8/8 w - - 0 1", White), -1);
    EXPECT_EQ(distance_of("8/1p6/8/P7/8/8/8/8 w - - 0 1", White), -1);
    EXPECT_EQ(distance_of("8/2p5/8/P7/8/8/8/8 w - - 0 1", White), 3);
}

TEST(EvalPawnRace, TheSideATempoAheadWins) {
    // a5 needs 3 moves, h4 needs 3: the side to move arrives first.
    EXPECT_GT(eval_of<PawnRace>("8/8/8/P7/7p/8/8/8 w - - 0 1"), 500);
    EXPECT_GT(eval_of<PawnRace>("8/8/8/P7/7p/8/8/8 b - - 0 1"), 500);
    // a4 needs 4 against h4's 3: White to move is a tempo short.
    EXPECT_LT(eval_of<PawnRace>("8/8/8/8/P6p/8/8/8 w - - 0 1"), -500);
    // With more pawns behind, the race still decides.
    EXPECT_GT(eval_of<PawnRace>("8/3ppp2/8/P7/8/8/1PP3PP/8 w - - 0 1"), 500);
}

TEST(EvalPawnRace, MirroredPositionsScoreTheSameForTheMover) {
    for (const auto& fen : random_positions<PawnRace>(300, 0, 40)) {
        SCOPED_TRACE(fen);
        EXPECT_EQ(eval_of<PawnRace>(fen), eval_of<PawnRace>(mirror_fen(fen)));
    }
}

TEST(EvalPawnRace, StructureAndMaterial) {
    // Locked pawns: the extra pawn counts; a side with no move left is lost.
    EXPECT_GT(eval_of<PawnRace>("8/8/p1p5/P1P5/8/8/7P/8 w - - 0 1"), 0);
    EXPECT_LT(eval_of<PawnRace>("8/8/p1p5/P1P5/8/8/8/8 w - - 0 1"), -200); // zugzwang: no move
    // Locked, no captures to come: h2 against h6 leaves three pushes between them (odd: the
    // mover makes the last), h3 against h6 two (even: the mover runs out first).
    EXPECT_GT(eval_of<PawnRace>("8/8/p1p4p/P1P5/8/8/7P/8 w - - 0 1"), 200);
    EXPECT_LT(eval_of<PawnRace>("8/8/p1p4p/P1P5/8/7P/8/8 w - - 0 1"), -200);
    // Whoever is to move in front of an even gap loses.
    EXPECT_LT(eval_of<PawnRace>("8/8/p1p4p/P1P5/8/7P/8/8 b - - 0 1"), -200);
    // A pawn with pushes of its own outweighs the even gap.
    EXPECT_GT(eval_of<PawnRace>("8/8/p1p4p/P1P5/8/7P/1P6/8 w - - 0 1"), 200);
    int advanced = eval_of<PawnRace>("8/pp6/8/8/3P4/8/PP6/8 w - - 0 1");
    int back     = eval_of<PawnRace>("8/pp6/8/8/8/8/PP1P4/8 w - - 0 1");
    EXPECT_GT(advanced, back);
}

} // namespace
} // namespace citadel::eval_test
