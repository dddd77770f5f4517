// Four Kingdoms move rules (docs/rules/fourkingdoms.md), hand-checked: the start, pawns inside and
// outside their home, no re-entry, backward captures, the owner's forward, en passant's window,
// the three promotion forms, castling, allies.
#include "fourkingdoms_support.h"

using namespace citadel;
using namespace fktest;

using FFA   = FourKingdoms;
using Teams = FourKingdomsTeams;

TEST(FourKingdomsRules, StartPositionPerft) {
    for (auto check : { +[] {
                           Game<FFA> g;
                           return std::array<u64, 4>{ perft(g.pos, 1), perft(g.pos, 2),
                               perft(g.pos, 3), perft(g.pos, 4) };
                       },
             +[] {
                 Game<Teams> g;
                 return std::array<u64, 4>{ perft(g.pos, 1), perft(g.pos, 2), perft(g.pos, 3),
                     perft(g.pos, 4) };
             } }) {
        auto n = check();
        EXPECT_EQ(n[0], 20u);
        EXPECT_EQ(n[1], 399u); // 20 x 20, less South's k2-k4 after East's m4-k4
        EXPECT_EQ(n[2], 7960u);
        EXPECT_EQ(n[3], 158402u);
    }
}

TEST(FourKingdomsRules, StartMovesAndTheBlockedDoubleStep) {
    Game<FFA> g;
    EXPECT_EQ(g.moves(),
        (Moves{ "m10k10", "m10l10", "m11k11", "m11l11", "m4k4", "m4l4", "m5k5", "m5l5", "m6k6",
            "m6l6", "m7k7", "m7l7", "m8k8", "m8l8", "m9k9", "m9l9", "n10l11", "n10l9", "n5l4",
            "n5l6" }));
    ASSERT_TRUE(g.play("m4k4"));
    EXPECT_EQ(g.pos.side_to_move(), fk::South);
    EXPECT_EQ(moves_from(g.pos, "k2"), (Moves{ "k2k3" })); // k4 is taken
    EXPECT_EQ(count_legal(g.pos), 19u);
}

TEST(FourKingdomsRules, PawnInsideItsHomeMovesAsInChess) {
    // South's e2 pawn: one or two forward, capture diagonally forward (West's knight on f3);
    // d3 is empty, so no capture there.
    Game<FFA> g(k4({ KINGS, { "e2", "sP" }, { "f3", "wN" } }, "s - - 0 1 eswn -"));
    EXPECT_EQ(moves_from(g.pos, "e2"), (Moves{ "e2e3", "e2e4", "e2f3" }));
    Game<FFA> blocked(k4({ KINGS, { "e2", "sP" }, { "e4", "wN" } }, "s - - 0 1 eswn -"));
    EXPECT_EQ(moves_from(blocked.pos, "e2"), (Moves{ "e2e3" }));
    // East's pawn on l6 (third line of its home) steps only forward, to k6.
    Game<FFA> east(k4({ KINGS, { "l6", "eP" } }));
    EXPECT_EQ(moves_from(east.pos, "l6"), (Moves{ "l6k6" }));
}

TEST(FourKingdomsRules, PawnOutsideItsHomeStepsAnyWayAndCapturesBackwards) {
    // South's e6 pawn: sideways d6 f6, back e5; e7 is its own knight (no forward move, and pawns
    // never capture straight); captures West's bishop d7 (forward) and North's knight f5
    // (backwards).
    Game<FFA> g(k4({ KINGS, { "e6", "sP" }, { "e7", "sN" }, { "d7", "wB" }, { "f5", "nN" } },
        "s - - 0 1 eswn -"));
    EXPECT_EQ(moves_from(g.pos, "e6"), (Moves{ "e6d6", "e6d7", "e6e5", "e6f5", "e6f6" }));
}

TEST(FourKingdomsRules, PawnNeverReentersItsHome) {
    // South's e4 pawn has left ranks 1-3: no e3, and no capture of the knights on d3 and f3.
    Game<FFA> g(k4({ KINGS, { "e4", "sP" }, { "d3", "wN" }, { "f3", "nN" } }, "s - - 0 1 eswn -"));
    EXPECT_EQ(moves_from(g.pos, "e4"), (Moves{ "e4d4", "e4e5", "e4f4" }));
    // And it attacks neither: West's king on d3's neighbour square is not in check from it.
    Game<FFA> k(
        k4({ { "n7", "eK" }, { "h1", "sK" }, { "d3", "wK" }, { "g14", "nK" }, { "e4", "sP" } },
            "w - - 0 1 eswn -"));
    EXPECT_FALSE(k.pos.in_check(fk::West));
}

TEST(FourKingdomsRules, AbsorbedPawnKeepsItsOwnersForward) {
    // South is out; East commands its army: the e2 pawn still moves north, East's own m5 west.
    Game<FFA> g(
        k4({ { "n7", "eK" }, { "a8", "wK" }, { "g14", "nK" }, { "e2", "sP" }, { "m5", "eP" } },
            "e - - 0 1 eewn -"));
    EXPECT_EQ(moves_from(g.pos, "e2"), (Moves{ "e2e3", "e2e4" }));
    EXPECT_EQ(moves_from(g.pos, "m5"), (Moves{ "m5k5", "m5l5" }));
}

TEST(FourKingdomsRules, EnPassantOnTheVeryNextMoveOnly) {
    // North double-steps e13-e11, passing e12; East moves next and its pawn on d11 (outside its
    // home, capturing diagonally in any direction) may take en passant; once East plays
    // something else the right is gone (West's pawn on f11 never gets it).
    Game<FFA> g(
        k4({ KINGS, { "e13", "nP" }, { "d11", "eP" }, { "f11", "wP" } }, "n - - 0 1 eswn -"));
    ASSERT_TRUE(g.play("e13e11"));
    EXPECT_EQ(g.pos.ep_square(), parse_square<Cross14>("e12"));
    EXPECT_NE(g.fen().find(" e - e12 0 2 "), std::string::npos) << g.fen();
    auto east = moves_from(g.pos, "d11");
    EXPECT_NE(std::find(east.begin(), east.end(), "d11e12"), east.end());
    // Taking it removes the pawn on e11.
    {
        Game<FFA> t(g.fen());
        ASSERT_TRUE(t.play("d11e12"));
        EXPECT_EQ(t.pos.piece_on(*parse_square<Cross14>("e11")), NoPiece);
        EXPECT_EQ(t.pos.piece_on(*parse_square<Cross14>("e12")), make_piece(fk::East, Pawn));
    }
    ASSERT_TRUE(g.play("n7m7"));
    EXPECT_EQ(g.pos.ep_square(), NoSquare);
    ASSERT_TRUE(g.play("h1g1"));
    auto west = moves_from(g.pos, "f11");
    EXPECT_EQ(std::find(west.begin(), west.end(), "f11e12"), west.end());
    // The position text carries an en passant square only when the capture is legal for the
    // player to move: after a double step nobody can take, it is '-'.
    Game<FFA> none(k4({ KINGS, { "e13", "nP" } }, "n - - 0 1 eswn -"));
    ASSERT_TRUE(none.play("e13e11"));
    EXPECT_NE(none.fen().find(" e - - 0 2 "), std::string::npos) << none.fen();
}

TEST(FourKingdomsRules, PromotionArrivingAlongAndBack) {
    // Arriving: East's b6 pawn reaches file a (West's back line): five texts; b5 b7 c6 plain.
    Game<FFA> arrive(k4({ KINGS, { "b6", "eP" } }));
    EXPECT_EQ(moves_from(arrive.pos, "b6"),
        (Moves{ "b6a6", "b6a6b", "b6a6n", "b6a6q", "b6a6r", "b6b5", "b6b7", "b6c6" }));
    // Along the line: South's pawn on f14 (North's back line) promotes on every move.
    Game<FFA> along(
        k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "k14", "nK" }, { "f14", "sP" } },
            "s - - 0 1 eswn -"));
    EXPECT_EQ(moves_from(along.pos, "f14").size(), 15u); // e14 g14 f13, each x5
    // Stepping back: North's pawn on f1 (South's back line): f2, e1, g1, each five ways.
    Game<FFA> back(
        k4({ { "n7", "eK" }, { "k1", "sK" }, { "a8", "wK" }, { "g14", "nK" }, { "f1", "nP" } },
            "n - - 0 1 eswn -"));
    EXPECT_EQ(moves_from(back.pos, "f1"),
        (Moves{ "f1e1", "f1e1b", "f1e1n", "f1e1q", "f1e1r", "f1f2", "f1f2b", "f1f2n", "f1f2q",
            "f1f2r", "f1g1", "f1g1b", "f1g1n", "f1g1q", "f1g1r" }));
    // Capturing onto the line: West's m5 pawn takes East's knight on n6 (East's back line).
    Game<FFA> cap(k4({ { "n9", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "g14", "nK" },
                         { "m5", "wP" }, { "n6", "eN" } },
        "w - - 0 1 eswn -"));
    auto      m5 = moves_from(cap.pos, "m5");
    for (auto t : { "m5n6", "m5n6q", "m5n6r", "m5n6b", "m5n6n", "m5n5", "m5n5q" })
        EXPECT_NE(std::find(m5.begin(), m5.end(), t), m5.end()) << t;
    // A promotion replaces the pawn by the piece of the same army; declining keeps the right.
    ASSERT_TRUE(cap.play("m5n6r"));
    EXPECT_EQ(cap.pos.piece_on(*parse_square<Cross14>("n6")), make_piece(fk::West, Rook));
    ASSERT_TRUE(arrive.play("b6a6"));
    EXPECT_EQ(arrive.pos.piece_on(*parse_square<Cross14>("a6")), make_piece(fk::East, Pawn));
    ASSERT_TRUE(arrive.play("h1g1") && arrive.play("a8b9") && arrive.play("g14f14"));
    auto later = moves_from(arrive.pos, "a6");
    for (auto t : { "a6a5q", "a6a7n", "a6b6r" })
        EXPECT_NE(std::find(later.begin(), later.end(), t), later.end()) << t;
}

TEST(FourKingdomsRules, CastlingOnEveryBackLine) {
    Game<FFA> g(k4({ KINGS, { "n4", "eR" }, { "n11", "eR" }, { "d1", "sR" }, { "k1", "sR" },
                       { "a4", "wR" }, { "a11", "wR" }, { "d14", "nR" }, { "k14", "nR" } },
        "e eKQsKQwKQnKQ - 0 1 eswn -"));
    auto      has
        = [](const Moves& m, const char* t) { return std::find(m.begin(), m.end(), t) != m.end(); };
    EXPECT_TRUE(has(g.moves(), "n7n5") && has(g.moves(), "n7n9"));
    ASSERT_TRUE(g.play("n7n5")); // king n5, rook n4 -> n6
    EXPECT_EQ(g.pos.piece_on(*parse_square<Cross14>("n6")), make_piece(fk::East, Rook));
    EXPECT_TRUE(has(g.moves(), "h1j1") && has(g.moves(), "h1f1"));
    ASSERT_TRUE(g.play("h1j1")); // short: rook k1 -> i1 (h1f1 would check North on the g-file)
    EXPECT_EQ(g.pos.piece_on(*parse_square<Cross14>("i1")), make_piece(fk::South, Rook));
    EXPECT_EQ(g.pos.side_to_move(), fk::West);
    // East's rook on n6 attacks a6, where West's king would land castling long.
    EXPECT_TRUE(has(g.moves(), "a8a10") && !has(g.moves(), "a8a6"));
    ASSERT_TRUE(g.play("a8a10")); // short: rook a11 -> a9
    EXPECT_EQ(g.pos.piece_on(*parse_square<Cross14>("a9")), make_piece(fk::West, Rook));
    // South's rook on i1 attacks i14, where North's king would land castling long.
    EXPECT_TRUE(has(g.moves(), "g14e14") && !has(g.moves(), "g14i14"));
    ASSERT_TRUE(g.play("g14e14")); // short: rook d14 -> f14
    EXPECT_EQ(g.pos.piece_on(*parse_square<Cross14>("f14")), make_piece(fk::North, Rook));
    EXPECT_NE(g.fen().find(" e - - "), std::string::npos) << g.fen();
}

TEST(FourKingdomsRules, CastlingAgainstEveryEnemyButNotAllies) {
    auto south = [](std::string_view extra_sq, std::string_view extra_pc, std::string_view rest) {
        return k4({ KINGS, { "d1", "sR" }, { "k1", "sR" }, { extra_sq, extra_pc } }, rest);
    };
    auto castles = [](const std::string& fen, bool teams) {
        Moves m = teams ? Game<Teams>(fen).moves() : Game<FFA>(fen).moves();
        Moves out;
        for (auto& t : m)
            if (t == "h1j1" || t == "h1f1") out.push_back(t);
        return out;
    };
    // West's bishop on l4 attacks i1, the square the king crosses short: only long castling.
    EXPECT_EQ(castles(south("l4", "wB", "s sKQ - 0 1 eswn -"), false), (Moves{ "h1f1" }));
    // East's bishop there: an enemy in free-for-all, a partner in alliance mode.
    EXPECT_EQ(castles(south("l4", "eB", "s sKQ - 0 1 eswn -"), false), (Moves{ "h1f1" }));
    EXPECT_EQ(castles(south("l4", "eB", "s sKQ - 0 1 eswn es"), true), (Moves{ "h1f1", "h1j1" }));
    // An allied piece between king and rook still blocks.
    EXPECT_EQ(castles(south("i1", "eN", "s sKQ - 0 1 eswn es"), true), (Moves{ "h1f1" }));
    // Landing on an attacked square (f1, attacked by North's rook on f10) or being in check.
    EXPECT_EQ(castles(south("f10", "nR", "s sKQ - 0 1 eswn -"), false), (Moves{ "h1j1" }));
    EXPECT_EQ(castles(south("h8", "nR", "s sKQ - 0 1 eswn -"), false), (Moves{}));
    // The rook may be attacked, and may cross an attacked square (e1 by the rook on e9).
    EXPECT_EQ(castles(south("e9", "nR", "s sKQ - 0 1 eswn -"), false), (Moves{ "h1f1", "h1j1" }));
}

TEST(FourKingdomsRules, AlliedKingsMayStandSideBySide) {
    // South's king on l8 next to East's on... m-file squares beside n7: free-for-all forbids
    // them (East's king attacks them), alliance mode allows them.
    std::string fen = k4(
        { { "n7", "eK" }, { "l8", "sK" }, { "a8", "wK" }, { "g14", "nK" } }, "s - - 0 1 eswn -");
    Game<FFA> ffa(fen);
    EXPECT_EQ(moves_from(ffa.pos, "l8"), (Moves{ "l8k7", "l8k8", "l8k9", "l8l7", "l8l9", "l8m9" }));
    std::string team_fen = fen.substr(0, fen.size() - 1) + "es";
    Game<Teams> teams(team_fen);
    EXPECT_EQ(moves_from(teams.pos, "l8"),
        (Moves{ "l8k7", "l8k8", "l8k9", "l8l7", "l8l9", "l8m7", "l8m8", "l8m9" }));
    ASSERT_TRUE(teams.play("l8m8"));
    EXPECT_EQ(teams.pos.check_mask(), 0);
    // Allies never capture each other: East's rook cannot take South's knight.
    Game<Teams> cap(k4({ KINGS, { "e5", "eR" }, { "e8", "sN" } }, "e - - 0 1 eswn es"));
    auto        r = moves_from(cap.pos, "e5");
    EXPECT_EQ(std::find(r.begin(), r.end(), "e5e8"), r.end());
    EXPECT_NE(std::find(r.begin(), r.end(), "e5e7"), r.end());
}

TEST(FourKingdomsRules, LinesStopAtRemovedCornersKnightsJump) {
    // k1 and n4 share a diagonal across the removed l2 and m3: South's bishop on k1 cannot
    // reach n4; a knight on l1... (removed) so East's knight on n4 jumps to l3? (removed) - it
    // reaches m2? (removed): from n4 only l5 and m6 stay on the board.
    Game<FFA> g(k4({ KINGS, { "k1", "sB" }, { "n4", "eN" } }, "s - - 0 1 eswn -"));
    EXPECT_EQ(moves_from(g.pos, "k1"),
        (Moves{
            "k1a11", "k1b10", "k1c9", "k1d8", "k1e7", "k1f6", "k1g5", "k1h4", "k1i3", "k1j2" }));
    Game<FFA> n(k4({ KINGS, { "n4", "eN" } }));
    EXPECT_EQ(moves_from(n.pos, "n4"), (Moves{ "n4l5", "n4m6" }));
}
