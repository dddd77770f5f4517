// Static exchange evaluation (src/search/see.h) on composed exchanges: the orthodox family's
// and Tamerlane's, whose pieces (the picket's two-square minimum, royals that may be taken
// while another remains, a royal defending from its citadel) change who can recapture.
#include "search_support.h"

#include "search/see.h"

namespace citadel {
namespace {

using search_test::Root;

// The SEE of the move `uci` in `fen`, which must be legal there.
template <class V> int see_of(const char* fen, const char* uci) {
    Root<V> root(fen);
    auto    m = find_move(root.pos, *parse_move_request<typename V::Geometry>(uci));
    EXPECT_TRUE(m.has_value()) << uci << " is not legal in " << fen;
    return m ? search::static_exchange(root.pos, *m) : -99999;
}

TEST(SeeChess, ExchangesOnOneSquare) {
    // A rook takes a pawn a pawn defends: it loses the rook for the pawn.
    EXPECT_EQ(see_of<Chess>("4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", "e1e5"), 100 - 500);
    // Undefended: the whole pawn.
    EXPECT_EQ(see_of<Chess>("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5"), 100);
    // A doubled rook behind the first (x-ray) wins the defended rook.
    EXPECT_EQ(see_of<Chess>("k7/4r3/8/4r3/8/8/4R3/4R2K w - - 0 1", "e2e5"), 500);
    // The king may not take back into check: the pawn is won.
    EXPECT_EQ(see_of<Chess>("8/8/3k4/4p3/8/3N4/8/4RK2 w - - 0 1", "e1e5"), 100);
}

TEST(SeeTamerlane, PawnsDefendAndRooksXRay) {
    // A pawn of knights on d7 defends the pawn of rooks on e6.
    EXPECT_EQ(see_of<Tamerlane>("10k/11/11/3pn7/4pr6/11/11/11/11/K3R6 w -/- - 0/0 0 1", "e1e6"),
        100 - 500);
    // Two rooks against two: the second white rook, behind the first, wins a rook.
    EXPECT_EQ(
        see_of<Tamerlane>("10k/2r8/2r8/11/11/11/11/11/2R8/K1R8 w -/- - 0/0 0 1", "c2c8"), 500);
    // Against three the exchange comes out even.
    EXPECT_EQ(see_of<Tamerlane>("2r7k/2r8/2r8/11/11/11/11/11/2R8/K1R8 w -/- - 0/0 0 1", "c2c8"), 0);
}

TEST(SeeTamerlane, ThePicketDoesNotDefendTheSquareNextToIt) {
    // The picket rides at least two squares: on g7 it does not guard f6, on h8 it does.
    EXPECT_EQ(see_of<Tamerlane>("10k/11/11/6t4/5c5/11/4N6/11/11/K10 w -/- - 0/0 0 1", "e4f6"), 300);
    EXPECT_EQ(
        see_of<Tamerlane>("10k/11/7t3/11/5c5/11/4N6/11/11/K10 w -/- - 0/0 0 1", "e4f6"), 300 - 320);
}

TEST(SeeTamerlane, ALoneRoyalNeverTakesIntoAttack) {
    // Black's lone king on e9 defends its general, but the knight on d6 guards e8 too.
    EXPECT_EQ(see_of<Tamerlane>("11/4k6/4g6/11/3N7/11/11/11/11/K3R6 w -/- - 0/0 0 1", "e1e8"), 150);
    // Without the knight the king takes the rook back.
    EXPECT_EQ(
        see_of<Tamerlane>("11/4k6/4g6/11/11/11/11/11/11/K3R6 w -/- - 0/0 0 1", "e1e8"), 150 - 500);
}

TEST(SeeTamerlane, ARoyalBesideAnotherMayBeTaken) {
    // With a prince on a1 White's king may take a defended general, and is then lost.
    EXPECT_EQ(see_of<Tamerlane>("10k/11/11/11/3pr7/4g6/4K6/11/11/H10 w -/- - 0/0 0 1", "e4e5"),
        150 - 1200);
    // Black's prince beside its king is a piece like any other: the knight wins it.
    EXPECT_EQ(see_of<Tamerlane>("10k/11/11/11/6pr4/5h5/11/4N6/11/K10 w -/- - 0/0 0 1", "e3f5"),
        1200 - 320);
}

TEST(SeeTamerlane, ARoyalInItsCitadelDefendsTheNeighbours) {
    // White's adventitious king in its citadel l2 takes back on k2.
    EXPECT_EQ(
        see_of<Tamerlane>("k10/11/10r/11/11/11/11/11/10G/11 b A/- - 0/0 0 1", "k8k2"), 150 - 500);
}

} // namespace
} // namespace citadel
