// The Tamerlane evaluation: symmetry under the board's half turn, the fairy material, extra
// royals, the citadel refuge, the pawns and the pawn of pawns.
#include <gtest/gtest.h>

#include "eval_support.h"
#include "tamerlane_support.h"

namespace citadel::eval_test {
namespace {

using tamerlane_test::tfen;

int tam(const tamerlane_test::Pieces& pieces, const std::string& rest = "w -/- - 0/0 0 1") {
    tamerlane_test::Board b(tfen(pieces, rest));
    return eval::evaluate(b.pos);
}

// The position turned half round with the colours exchanged (Black's army is White's rotated).
Setup<TamerlaneBoard> turned(const Setup<TamerlaneBoard>& s) {
    Setup<TamerlaneBoard> t = s;
    for (int sq = 0; sq < TamerlaneBoard::Squares; ++sq) {
        int   to    = sq < 110 ? 109 - sq : 221 - sq; // l2 (110) <-> z9 (111)
        Piece p     = s.board[sq];
        t.board[to] = p ? make_piece(Seat(seat_of(p) ^ 1), type_of(p)) : NoPiece;
    }
    t.to_move     = Seat(s.to_move ^ 1);
    t.swaps       = u8(((s.swaps & tamerlane::WhiteSwap) ? tamerlane::BlackSwap : 0)
              | ((s.swaps & tamerlane::BlackSwap) ? tamerlane::WhiteSwap : 0));
    t.arrivals[0] = s.arrivals[1];
    t.arrivals[1] = s.arrivals[0];
    return t;
}

TEST(EvalTamerlane, TurnedPositionsScoreTheSameForTheMover) {
    for (const auto& fen : random_positions<Tamerlane>(150, 0, 160, 7)) {
        SCOPED_TRACE(fen);
        Board<Tamerlane>     a(fen);
        Position<Tamerlane>  b;
        StateInfo<Tamerlane> si;
        ASSERT_FALSE(b.set(turned(a.pos.setup()), si));
        EXPECT_EQ(eval::evaluate(a.pos), eval::evaluate(b));
    }
}

TEST(EvalTamerlane, StartIsTheMoversTempo) {
    EXPECT_EQ(eval_of<Tamerlane>(std::string(Tamerlane::StartFen)), eval::kTamerlaneWeights.tempo);
}

TEST(EvalTamerlane, FairyMaterialCounts) {
    tamerlane_test::Pieces base = { { "f2", "K" }, { "f9", "k" } };
    int                    even = tam(base);
    for (const char* piece : { "Z", "T", "C", "D", "E", "G", "V", "N", "R" }) {
        auto with  = base;
        with["c5"] = piece;
        SCOPED_TRACE(piece);
        EXPECT_GT(tam(with), even + 50);
    }
    // The order of the published estimates: rook > giraffe > picket, knight > camel > the
    // one-step pieces.
    const auto& w = eval::kTamerlaneWeights;
    EXPECT_GT(w.rook, w.giraffe);
    EXPECT_GT(w.giraffe, w.picket);
    EXPECT_GT(w.knight, w.camel);
    EXPECT_GT(w.camel, w.general);
}

TEST(EvalTamerlane, AnExtraRoyalIsInsurance) {
    tamerlane_test::Pieces one = { { "f2", "K" }, { "f9", "k" }, { "a2", "R" }, { "a9", "r" } };
    auto                   two = one;
    two["e2"]                  = "H"; // a prince
    EXPECT_GT(tam(two), tam(one) + 200);
    auto adventitious  = one;
    adventitious["e2"] = "A";
    EXPECT_GT(tam(adventitious), tam(one) + 200);
}

TEST(EvalTamerlane, TheCitadelIsARefugeForTheSideBehind) {
    // Black has two extra rooks; White's king next to Black's citadel (z9, beside a9) draws by
    // stepping in, so White's deficit counts for much less than with the king far away.
    tamerlane_test::Pieces far  = { { "f2", "K" }, { "f6", "k" }, { "h9", "r" }, { "j9", "r" } };
    tamerlane_test::Pieces near = { { "b9", "K" }, { "f6", "k" }, { "h9", "r" }, { "j9", "r" } };
    int                    behind_far = tam(far), behind_near = tam(near);
    EXPECT_LT(behind_far, -500);
    EXPECT_GT(behind_near, behind_far / 2);
    // The citadel occupied (Black's adventitious king sits in it): no refuge.
    EXPECT_LT(tam(near, "w -/a - 0/0 0 1"), behind_far);
}

TEST(EvalTamerlane, ACitadelWhoseDoorsAreGuardedIsFartherAway) {
    // White's king five steps from Black's citadel (f8 to the door a9, then in) still counts on
    // it; a Black rook on a5 that guards all three doors (a8-a10) puts it out of reach.
    tamerlane_test::Pieces far     = { { "f2", "K" }, { "f6", "k" }, { "h9", "r" }, { "j9", "r" } };
    tamerlane_test::Pieces open    = { { "f8", "K" }, { "f6", "k" }, { "h4", "r" }, { "j4", "r" } };
    auto                   guarded = open;
    guarded.erase("h4");
    guarded["a5"] = "r";
    EXPECT_GT(tam(open), tam(far) + 100);
    EXPECT_LT(tam(guarded), tam(open) - 100);
}

TEST(EvalTamerlane, AWallOfGuardedSquaresKeepsTheCitadelFartherAway) {
    // White's king on c9 is three steps from Black's citadel (b9, the door a9, in). A black rook
    // on b5 guards the whole b-file, which the king must cross: the doors themselves are free,
    // but the way to them is not, so the refuge is farther and White's deficit counts for more
    // than with the same rook on h5, off the way.
    tamerlane_test::Pieces open = { { "c9", "K" }, { "f6", "k" }, { "h5", "r" }, { "j4", "r" } };
    auto                   wall = open;
    wall.erase("h5");
    wall["b5"] = "r";
    EXPECT_LT(tam(wall), tam(open) - 100);
}

TEST(EvalTamerlane, TheSideAheadGainsByTradingPieces) {
    // White is a rook up in both positions; in the second the knights and camels are gone from
    // both sides, each placed as the other side's mirror so that they cancel. The lead is worth
    // more with fewer defenders (6 of Black's 16 pieces fewer: about 581 * 6 * 24 / 1024 cp).
    // Black's king on a10 is far from White's citadel, so no refuge scales the score.
    tamerlane_test::Pieces few
        = { { "f2", "K" }, { "a10", "k" }, { "e5", "R" }, { "g5", "R" }, { "f6", "r" } };
    auto many = few;
    for (const auto& [white, black] : { std::pair{ "b3", "b8" }, { "c2", "c9" }, { "i3", "i8" } }) {
        many[white] = "N";
        many[black] = "n";
    }
    for (const auto& [white, black] :
        { std::pair{ "b1", "b10" }, { "j1", "j10" }, { "k3", "k8" } }) {
        many[white] = "C";
        many[black] = "c";
    }
    EXPECT_GT(tam(few), tam(many) + 50);
}

TEST(EvalTamerlane, PawnsAreWorthWhatTheyBecomeAndMoreAsTheyAdvance) {
    tamerlane_test::Pieces base          = { { "f2", "K" }, { "f9", "k" } };
    auto                   rook_pawn_far = base, rook_pawn_near = base, camel_pawn = base;
    rook_pawn_far["c4"]  = "PR";
    rook_pawn_near["c8"] = "PR";
    camel_pawn["c4"]     = "PC";
    EXPECT_GT(tam(rook_pawn_near), tam(rook_pawn_far));
    EXPECT_GT(tam(rook_pawn_far), tam(camel_pawn));
    EXPECT_GT(tam(camel_pawn), tam(base));
    // The pawn of kings becomes a prince, a second royal: worth more than a pawn of viziers.
    auto kings_pawn = base, viziers_pawn = base;
    kings_pawn["c4"]   = "PK";
    viziers_pawn["c4"] = "PV";
    EXPECT_GT(tam(kings_pawn), tam(viziers_pawn));
}

TEST(EvalTamerlane, ThePawnOfPawnsGainsWithEachArrival) {
    tamerlane_test::Pieces base = { { "f2", "K" }, { "f9", "k" } };
    auto                   pawn = base, waiting = base;
    pawn["c5"]     = "PP";
    waiting["c10"] = "PP";
    int fresh = tam(pawn), once = tam(pawn, "w -/- - 1/0 0 1"),
        twice = tam(pawn, "w -/- - 2/0 0 1");
    EXPECT_GT(once, fresh);
    EXPECT_GT(twice, once);
    EXPECT_GT(tam(waiting, "w -/- - 1/0 0 1"), tam(base) + 100);
}

TEST(EvalTamerlane, ALoneRoyalUnderAttackCosts) {
    // Black's rooks on the f-file and the next one bear on White's lone king's neighbourhood.
    tamerlane_test::Pieces quiet = { { "f1", "K" }, { "f10", "k" }, { "a9", "r" }, { "b9", "r" } };
    tamerlane_test::Pieces pressing
        = { { "f1", "K" }, { "f10", "k" }, { "e9", "r" }, { "g9", "r" } };
    EXPECT_LT(tam(pressing), tam(quiet));
}

} // namespace
} // namespace citadel::eval_test
