// Tamerlane (docs/rules/tamerlane.md): every clause of the rules, each checked on a position with
// the exact legal moves (or the relevant subset) worked out by hand from the rule book.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "tamerlane_support.h"

using namespace citadel;
using namespace citadel::tamerlane;
using namespace citadel::tamerlane_test;

namespace {

Moves expand(const std::string& from, std::initializer_list<const char*> tos) {
    Moves out;
    for (const char* to : tos) out.insert(from + to);
    return out;
}

// Kings out of the way of the pieces tested on the files b-j and ranks 2-9.
const std::map<std::string, std::string> kKings = { { "k1", "K" }, { "a10", "k" } };

std::map<std::string, std::string> with_kings(std::map<std::string, std::string> pieces) {
    for (auto& [sq, t] : kKings) pieces.emplace(sq, t);
    return pieces;
}

} // namespace

// ---- the board and the start position ------------------------------------------------------

TEST(TamerlaneBoard, ElevenByTenPlusTwoCitadels) {
    using B = TamerlaneBoard;
    EXPECT_EQ(B::Squares, 112);
    EXPECT_EQ(square_name<B>(110), "l2");
    EXPECT_EQ(square_name<B>(111), "z9");
    EXPECT_EQ(parse_square<B>("l2"), Square(110));
    EXPECT_EQ(parse_square<B>("z9"), Square(111));
    EXPECT_EQ(parse_square<B>("k10"), Square(109));
    EXPECT_FALSE(parse_square<B>("l3").has_value());
    EXPECT_FALSE(parse_square<B>("a11").has_value());
    EXPECT_FALSE(parse_square<B>("z8").has_value());
}

TEST(TamerlaneStart, TheStandardArray) {
    const Board                                            g{ std::string(Tamerlane::StartFen) };
    const std::vector<std::pair<std::string, std::string>> expected = {
        { "a1", "E" },
        { "c1", "C" },
        { "e1", "D" },
        { "g1", "D" },
        { "i1", "C" },
        { "k1", "E" },
        { "a2", "R" },
        { "b2", "N" },
        { "c2", "T" },
        { "d2", "Z" },
        { "e2", "G" },
        { "f2", "K" },
        { "g2", "V" },
        { "h2", "Z" },
        { "i2", "T" },
        { "j2", "N" },
        { "k2", "R" },
        { "a3", "PP" },
        { "b3", "PD" },
        { "c3", "PC" },
        { "d3", "PE" },
        { "e3", "PG" },
        { "f3", "PK" },
        { "g3", "PV" },
        { "h3", "PZ" },
        { "i3", "PT" },
        { "j3", "PN" },
        { "k3", "PR" },
        // Black is White rotated by 180 degrees.
        { "k10", "e" },
        { "i10", "c" },
        { "g10", "d" },
        { "e10", "d" },
        { "c10", "c" },
        { "a10", "e" },
        { "a9", "r" },
        { "b9", "n" },
        { "c9", "t" },
        { "d9", "z" },
        { "e9", "v" },
        { "f9", "k" },
        { "g9", "g" },
        { "h9", "z" },
        { "i9", "t" },
        { "j9", "n" },
        { "k9", "r" },
        { "a8", "pr" },
        { "b8", "pn" },
        { "c8", "pt" },
        { "d8", "pz" },
        { "e8", "pv" },
        { "f8", "pk" },
        { "g8", "pg" },
        { "h8", "pe" },
        { "i8", "pc" },
        { "j8", "pd" },
        { "k8", "pp" },
    };
    for (auto& [sq, token] : expected) EXPECT_EQ(g.at(sq), token) << sq;
    EXPECT_EQ(g.pos.side_to_move(), White);
    EXPECT_EQ(g.pos.setup().swaps, WhiteSwap | BlackSwap);
    EXPECT_EQ(popcount(g.pos.pieces()), 56);
}

TEST(TamerlaneStart, TwentyFourMovesAndBothGiraffesStuck) {
    Board g{ std::string(Tamerlane::StartFen) };
    Moves expected
        = { "a3a4", "b3b4", "c3c4", "d3d4", "e3e4", "f3f4", "g3g4", "h3h4", "i3i4", "j3j4",
              "k3k4", // eleven pawn steps
              "b2a4", "b2c4", "b2d1", "j2h1", "j2i4", "j2k4", // knights
              "c1b4", "c1d4", "i1h4", "i1j4", // camels
              "e2d1", "e2f1", // general
              "f2f1" }; // king
    EXPECT_EQ(g.moves(), expected);
    EXPECT_TRUE(g.from("d2").empty());
    EXPECT_TRUE(g.from("h2").empty());
    EXPECT_EQ(perft(g.pos, 2), 576u);
}

// ---- pieces ---------------------------------------------------------------------------------

TEST(TamerlanePieces, GiraffeOnAnEmptyBoard) {
    // (1,n) n >= 4: b5-b10; (n,1) n >= 4: e2-k2.
    Board g(tfen(with_kings({ { "a1", "Z" } })));
    EXPECT_EQ(g.from("a1"),
        expand("a1",
            { "b5", "b6", "b7", "b8", "b9", "b10", "e2", "f2", "g2", "h2", "i2", "j2", "k2" }));
    // In the centre: (+-1, +-n) and (+-n, +-1) for n >= 4 wherever the board reaches.
    Board c(tfen(with_kings({ { "e5", "Z" } })));
    EXPECT_EQ(c.from("e5"),
        expand("e5",
            { "f9", "f10", "d9", "d10", "f1", "d1", "i6", "j6", "k6", "i4", "j4", "k4", "a6",
                "a4" }));
}

TEST(TamerlanePieces, GiraffeLegAndPathMustBeEmpty) {
    // Its leg (the diagonal step) blocked: no move at all.
    EXPECT_TRUE(Board(tfen(with_kings({ { "a1", "Z" }, { "b2", "pr" } }))).from("a1").empty());
    // b3 or b4 blocked: no move up the b-file; d2 or c2 blocked: none along rank 2.
    EXPECT_EQ(Board(tfen(with_kings({ { "a1", "Z" }, { "b4", "n" } }))).from("a1"),
        expand("a1", { "e2", "f2", "g2", "h2", "i2", "j2", "k2" }));
    EXPECT_EQ(Board(tfen(with_kings({ { "a1", "Z" }, { "b3", "N" } }))).from("a1"),
        expand("a1", { "e2", "f2", "g2", "h2", "i2", "j2", "k2" }));
    EXPECT_EQ(Board(tfen(with_kings({ { "a1", "Z" }, { "d2", "N" } }))).from("a1"),
        expand("a1", { "b5", "b6", "b7", "b8", "b9", "b10" }));
    // It captures on its landing square and stops there; an own piece stops it before.
    EXPECT_EQ(Board(tfen(with_kings({ { "a1", "Z" }, { "b7", "n" }, { "g2", "N" } }))).from("a1"),
        expand("a1", { "b5", "b6", "b7", "e2", "f2" }));
    // A piece within the first three squares of the bend (b4) cannot be captured.
    EXPECT_EQ(Board(tfen(with_kings({ { "a1", "Z" }, { "b4", "n" }, { "c2", "n" } }))).from("a1"),
        Moves{});
}

TEST(TamerlanePieces, PicketRidesAtLeastTwoSquares) {
    Board g(tfen(with_kings({ { "e5", "T" } })));
    EXPECT_EQ(g.from("e5"),
        expand("e5",
            { "g7", "h8", "i9", "j10", "c7", "b8", "a9", "g3", "h2", "i1", "c3", "b2", "a1" }));
    // The first square must be empty and is no destination, even for a capture.
    EXPECT_EQ(Board(tfen(with_kings({ { "e5", "T" }, { "f6", "r" } }))).from("e5"),
        expand("e5", { "c7", "b8", "a9", "g3", "h2", "i1", "c3", "b2", "a1" }));
    // It captures further out, and own pieces stop it.
    EXPECT_EQ(Board(tfen(with_kings({ { "e5", "T" }, { "h8", "r" }, { "c3", "N" } }))).from("e5"),
        expand("e5", { "g7", "h8", "c7", "b8", "a9", "g3", "h2", "i1" }));
}

TEST(TamerlanePieces, LeapersJump) {
    // Each on e5, surrounded by own pawns on every square next to it (leapers jump them).
    std::map<std::string, std::string> ring  = { { "d4", "PR" }, { "d5", "PR" }, { "d6", "PR" },
         { "e4", "PN" }, { "e6", "PN" }, { "f4", "PC" }, { "f5", "PC" }, { "f6", "PC" } };
    auto                               on_e5 = [&](const char* t) {
        auto p  = with_kings(ring);
        p["e5"] = t;
        return Board(tfen(p)).from("e5");
    };
    EXPECT_EQ(on_e5("E"), expand("e5", { "c3", "c7", "g3", "g7" })); // (2,2)
    EXPECT_EQ(
        on_e5("C"), expand("e5", { "b4", "b6", "h4", "h6", "d2", "f2", "d8", "f8" })); // (3,1)
    EXPECT_EQ(on_e5("D"), expand("e5", { "c5", "g5", "e3", "e7" })); // (2,0)
    EXPECT_EQ(
        on_e5("N"), expand("e5", { "c4", "c6", "g4", "g6", "d3", "f3", "d7", "f7" })); // (2,1)
    // The one-steppers on an empty board.
    EXPECT_EQ(Board(tfen(with_kings({ { "e5", "G" } }))).from("e5"),
        expand("e5", { "d4", "d6", "f4", "f6" }));
    EXPECT_EQ(Board(tfen(with_kings({ { "e5", "V" } }))).from("e5"),
        expand("e5", { "d5", "f5", "e4", "e6" }));
}

TEST(TamerlanePieces, RookAsInChess) {
    Board g(tfen(with_kings({ { "e5", "R" }, { "e8", "n" }, { "c5", "N" } })));
    EXPECT_EQ(g.from("e5"),
        expand("e5",
            { "e6", "e7", "e8", "e4", "e3", "e2", "e1", "d5", "f5", "g5", "h5", "i5", "j5",
                "k5" }));
}

TEST(TamerlanePieces, RoyalsStepOneSquare) {
    for (const char* t : { "K", "H", "A" }) {
        std::map<std::string, std::string> p = { { "a10", "k" }, { "e5", t } };
        if (std::string(t) != "K") p["k1"] = "K";
        EXPECT_EQ(Board(tfen(p)).from("e5"),
            expand("e5", { "d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6" }))
            << t;
    }
}

// ---- pawns ----------------------------------------------------------------------------------

TEST(TamerlanePawns, StepForwardCaptureDiagonallyNoDoubleStep) {
    Board g(tfen(with_kings(
        { { "e3", "PN" }, { "d4", "n" }, { "f4", "PR" }, { "g5", "pr" }, { "c7", "pg" } })));
    EXPECT_EQ(g.from("e3"), expand("e3", { "e4", "d4" })); // no e3e5, f4 is own
    EXPECT_EQ(g.from("f4"), expand("f4", { "f5", "g5" }));
    Board b(tfen(with_kings({ { "c7", "pg" }, { "c6", "N" }, { "b6", "N" } }), "b -/- - 0/0 0 1"));
    EXPECT_EQ(b.from("c7"), expand("c7", { "b6" })); // Black moves down; c6 blocked
}

TEST(TamerlanePawns, EachPawnPromotesAutomaticallyToItsOwnPiece) {
    const std::vector<std::pair<std::string, std::string>> kinds
        = { { "PD", "D" }, { "PC", "C" }, { "PE", "E" }, { "PG", "G" }, { "PK", "H" },
              { "PV", "V" }, { "PZ", "Z" }, { "PT", "T" }, { "PN", "N" }, { "PR", "R" } };
    for (auto& [pawn, piece] : kinds) {
        Board g(tfen(with_kings({ { "c9", pawn } })));
        g.play("c9c10");
        EXPECT_EQ(g.at("c10"), piece) << pawn;
        // Black's promote on rank 1.
        std::string black = pawn;
        for (char& c : black) c = char(c + 32);
        Board b(tfen(with_kings({ { "c2", black } }), "b -/- - 0/0 0 1"));
        b.play("c2c1");
        std::string lower = piece;
        lower[0]          = char(lower[0] + 32);
        EXPECT_EQ(b.at("c1"), lower) << black;
    }
    // No promotion suffix is ever written.
    for (const auto& m : Board(tfen(with_kings({ { "c9", "PR" }, { "d10", "n" } }))).moves())
        EXPECT_LE(m.size(), 6u) << m;
}

TEST(TamerlanePawns, HalfMoveClockResetsOnPawnMovesAndRemovals) {
    Board g(tfen(with_kings({ { "c3", "PR" }, { "e5", "N" }, { "g7", "n" } }), "w -/- - 0/0 7 1"));
    g.play("e5f7");
    EXPECT_EQ(g.pos.rule50(), 8);
    g.play("g7e8");
    EXPECT_EQ(g.pos.rule50(), 9);
    g.play("c3c4");
    EXPECT_EQ(g.pos.rule50(), 0);
    g.play("e8f6");
    g.play("f7d8");
    EXPECT_EQ(g.pos.rule50(), 2);
    g.play("f6d5");
    g.play("d8f7");
    g.play("d5c3");
    EXPECT_EQ(g.pos.rule50(), 5);
    g.play("f7d6");
    g.play("c3b1");
    g.play("d6b5");
    g.play("b1c3");
    g.play("b5c3"); // a capture
    EXPECT_EQ(g.pos.rule50(), 0);
}

// ---- the pawn of pawns ----------------------------------------------------------------------

TEST(TamerlanePawnOfPawns, FirstArrivalWaitsImmobileAndUncapturable) {
    Board g(tfen(with_kings({ { "c9", "PP" }, { "c5", "r" }, { "b8", "n" }, { "a9", "g" } })));
    g.play("c9c10");
    EXPECT_EQ(g.at("c10"), "PP");
    EXPECT_EQ(g.pos.arrivals(White), 1);
    EXPECT_EQ(g.fen().substr(g.fen().find(" 1/0")), " 1/0 0 1"); // the clock: a pawn move
    // Black may not take it: not the rook up the file, not the knight, not the general.
    EXPECT_EQ(g.from("c5"),
        expand("c5",
            { "c6", "c7", "c8", "c9", "c4", "c3", "c2", "c1", "a5", "b5", "d5", "e5", "f5", "g5",
                "h5", "i5", "j5", "k5" }));
    EXPECT_EQ(g.from("b8"), expand("b8", { "a6", "c6", "d7", "d9" }));
    EXPECT_EQ(g.from("a9"), expand("a9", { "b10" }));
    // The king on a10 steps to b9 and b10 (not into its own citadel z9).
    EXPECT_EQ(g.from("a10"), expand("a10", { "b9", "b10" }));
    // It blocks lines: a rook on a10's rank stops at b10.
    // White's pawn has no ordinary move afterwards.
    g.play("b8d7");
    EXPECT_TRUE(g.from("c10").empty());
}

TEST(TamerlanePawnOfPawns, RelocationToAFork) {
    // The waiting pawn on a10; the rook d6 and knight f6 are forked from e5. A pawn on c5 or g5
    // would attack one piece that can still move; on j9 the king (never immobile).
    const auto base = std::map<std::string, std::string>{ { "a10", "PP" }, { "k1", "K" },
        { "k10", "k" }, { "d6", "r" }, { "f6", "n" } };
    Board      g(tfen(base, "w -/- - 1/0 0 1"));
    EXPECT_EQ(g.from("a10"), Moves{ "a10e5" });
    g.play("a10e5");
    EXPECT_EQ(g.at("e5"), "PP");
    EXPECT_EQ(g.at("a10"), "-");
    EXPECT_EQ(g.pos.arrivals(White), 1);
    EXPECT_EQ(g.pos.rule50(), 0);
    // An occupant of the target square is removed, whatever its colour.
    for (const char* occupant : { "G", "v" }) {
        auto p  = base;
        p["e5"] = occupant;
        Board o(tfen(p, "w -/- - 1/0 0 1"));
        EXPECT_EQ(o.from("a10"), Moves{ "a10e5" }) << occupant;
        o.play("a10e5");
        EXPECT_EQ(o.at("e5"), "PP");
        EXPECT_EQ(popcount(o.pos.pieces()), 5);
    }
    // A square holding a royal is never a target.
    auto p  = base;
    p["e5"] = "k";
    p.erase("k10");
    EXPECT_TRUE(Board(tfen(p, "w -/- - 1/0 0 1")).from("a10").empty());
}

TEST(TamerlanePawnOfPawns, EnemyKingsCountPawnsDoNot) {
    // The pawn on j9 attacks the king on k10 and the rook on i10: a fork.
    EXPECT_EQ(Board(tfen({ { "a10", "PP" }, { "k1", "K" }, { "k10", "k" }, { "i10", "r" } },
                        "w -/- - 1/0 0 1"))
                  .from("a10"),
        Moves{ "a10j9" });
    // Two pawns are no fork, a pawn and a piece neither.
    EXPECT_TRUE(Board(
        tfen({ { "a10", "PP" }, { "k1", "K" }, { "k10", "k" }, { "d6", "pr" }, { "f6", "pn" } },
            "w -/- - 1/0 0 1"))
                    .from("a10")
                    .empty());
    // A prince counts as a king: the pawn on e5 forks the prince d6 and knight f6.
    EXPECT_EQ(
        Board(tfen({ { "a10", "PP" }, { "k1", "K" }, { "k10", "k" }, { "d6", "h" }, { "f6", "n" } },
                  "w -/- - 1/0 0 1"))
            .from("a10"),
        Moves{ "a10e5" });
}

TEST(TamerlanePawnOfPawns, RelocationOntoAnImmobileTarget) {
    // The elephant on k10 can only leap to i8, where its own pawn stands: from j9 the pawn
    // attacks it and it has no move.
    Board g(tfen({ { "a10", "PP" }, { "k1", "K" }, { "a5", "k" }, { "k10", "e" }, { "i8", "pr" } },
        "w -/- - 1/0 0 1"));
    EXPECT_EQ(g.from("a10"), Moves{ "a10j9" });
    // The test is made after the lift: with the waiting pawn on a10 the elephant on c8 cannot
    // leap anywhere (a6, e6, e10 hold its pawns; the waiting pawn cannot be taken), but once the
    // pawn is lifted a10 is free, so c8 is no target.
    Board after(tfen({ { "a10", "PP" }, { "k1", "K" }, { "k5", "k" }, { "c8", "e" }, { "a6", "pr" },
                         { "e6", "pr" }, { "e10", "pr" } },
        "w -/- - 1/0 0 1"));
    EXPECT_TRUE(after.from("a10").empty());
    // The same elephant with a10 blocked by its own pawn (White's pawn waits on k10): immobile,
    // so b7 and d7, from where the pawn attacks c8, are targets.
    Board blocked(tfen({ { "k10", "PP" }, { "k1", "K" }, { "k5", "k" }, { "c8", "e" },
                           { "a6", "pr" }, { "e6", "pr" }, { "e10", "pr" }, { "a10", "pr" } },
        "w -/- - 1/0 0 1"));
    EXPECT_EQ(blocked.from("k10"), Moves({ "k10b7", "k10d7" }));
    // A king-stepper next to the pawn can always take it: the general on k10 is never immobile.
    EXPECT_TRUE(Board(
        tfen({ { "a10", "PP" }, { "k1", "K" }, { "a5", "k" }, { "k10", "g" } }, "w -/- - 1/0 0 1"))
                    .from("a10")
                    .empty());
}

TEST(TamerlanePawnOfPawns, RelocationMayRemoveTheCheckerButNotExposeTheKing) {
    // The rook on e8 checks the king on e1; lifting the pawn to e8 (forking the knights on d9
    // and f9) removes it.
    Board g(tfen({ { "a10", "PP" }, { "e1", "K" }, { "k10", "k" }, { "e8", "r" }, { "d9", "n" },
                     { "f9", "n" } },
        "w -/- - 1/0 0 1"));
    EXPECT_TRUE(g.pos.in_check());
    EXPECT_EQ(g.from("a10"), Moves{ "a10e8" });
    // The waiting pawn on c10 shields the king on e10 from the rook on a10: lifting it (even to
    // a fork) would expose the king.
    Board pinned(tfen({ { "c10", "PP" }, { "e10", "K" }, { "a10", "r" }, { "k1", "k" },
                          { "d6", "n" }, { "f6", "n" } },
        "w -/- - 1/0 0 1"));
    EXPECT_TRUE(pinned.from("c10").empty());
}

TEST(TamerlanePawnOfPawns, SecondArrivalJumpsToThePawnOfKingsSquare) {
    Board g(tfen({ { "c9", "PP" }, { "k1", "K" }, { "k10", "k" } }, "w -/- - 1/0 3 1"));
    g.play("c9c10");
    EXPECT_EQ(g.at("c10"), "-");
    EXPECT_EQ(g.at("f3"), "PP");
    EXPECT_EQ(g.pos.arrivals(White), 2);
    EXPECT_EQ(g.pos.rule50(), 0);
    // Black's lands on f8.
    Board b(tfen({ { "c2", "pp" }, { "k1", "K" }, { "k10", "k" } }, "b -/- - 0/1 0 1"));
    b.play("c2c1");
    EXPECT_EQ(b.at("f8"), "pp");
    // An occupant that is not royal is removed, of either colour; a capture on arrival counts.
    for (const char* occupant : { "n", "G" }) {
        Board             o(tfen(
                        { { "c9", "PP" }, { "d10", "r" }, { "f3", occupant }, { "k1", "K" }, { "k10", "k" } },
                        "w -/- - 1/0 0 1"));
        const std::string before = o.fen();
        const Move        m      = *find_uci_move(o.pos, "c9d10");
        o.pos.make(m, o.states.emplace_back());
        EXPECT_EQ(o.at("f3"), "PP") << occupant;
        EXPECT_EQ(o.at("d10"), "-");
        EXPECT_EQ(popcount(o.pos.pieces()), 3);
        o.pos.unmake(m); // and unmake restores everything
        EXPECT_EQ(o.fen(), before);
    }
}

TEST(TamerlanePawnOfPawns, SecondArrivalBesideARoyal) {
    // A royal on f3 stays; the pawn goes to the nearest empty square of rank 3, ties towards a.
    Board tie(tfen({ { "c9", "PP" }, { "f3", "K" }, { "k10", "k" } }, "w -/- - 1/0 0 1"));
    tie.play("c9c10");
    EXPECT_EQ(tie.at("f3"), "K");
    EXPECT_EQ(tie.at("e3"), "PP");
    Board right(
        tfen({ { "c9", "PP" }, { "f3", "K" }, { "e3", "pr" }, { "k10", "k" } }, "w -/- - 1/0 0 1"));
    right.play("c9c10");
    EXPECT_EQ(right.at("g3"), "PP");
    EXPECT_EQ(right.at("e3"), "pr");
    Board far(tfen({ { "c9", "PP" }, { "f3", "k" }, { "e3", "N" }, { "g3", "N" }, { "d3", "N" },
                       { "k1", "K" } },
        "w -/- - 1/0 0 1"));
    far.play("c9c10");
    EXPECT_EQ(far.at("h3"), "PP"); // the enemy king is royal too
}

TEST(TamerlanePawnOfPawns, ThirdArrivalMakesAnAdventitiousKing) {
    Board g(tfen({ { "c9", "PP" }, { "k1", "K" }, { "k10", "k" } }, "w -/- - 2/0 0 1"));
    g.play("c9c10");
    EXPECT_EQ(g.at("c10"), "A");
    EXPECT_EQ(g.pos.arrivals(White), 3);
    EXPECT_EQ(g.pos.royal_count(White), 2);
}

// ---- royals and check -----------------------------------------------------------------------

TEST(TamerlaneRoyals, OneRoyalObeysCheck) {
    // The rook on e8 checks the king on e1: only evasions. The knight on c2 can block on e3 or
    // take nothing; the king steps off the file.
    Board g(tfen({ { "e1", "K" }, { "e8", "r" }, { "c2", "N" }, { "k10", "k" } }));
    EXPECT_TRUE(g.pos.in_check());
    EXPECT_EQ(g.moves(), Moves({ "e1d1", "e1d2", "e1f1", "e1f2", "c2e3" }));
    // A pinned piece moves only along the pin: the rook on e4 between e1 and e8.
    Board p(tfen({ { "e1", "K" }, { "e8", "r" }, { "e4", "R" }, { "k10", "k" } }));
    EXPECT_EQ(p.from("e4"), expand("e4", { "e2", "e3", "e5", "e6", "e7", "e8" }));
    // Pinned by a picket (along its diagonal) and by a giraffe (on its bent path).
    Board t(tfen({ { "e1", "K" }, { "h4", "t" }, { "g3", "N" }, { "k10", "k" } }));
    EXPECT_TRUE(t.from("g3").empty());
    Board z(
        tfen({ { "e1", "K" }, { "d6", "z" }, { "e3", "V" }, { "k10", "k" } })); // d6-e5-e4-e3-e2-e1
    EXPECT_EQ(z.from("e3"), expand("e3", { "e2", "e4" }));
}

TEST(TamerlaneRoyals, TwoRoyalsSuspendCheck) {
    // King e1 attacked by the rook e8, but White also has an adventitious king: any move goes.
    Board g(tfen({ { "e1", "K" }, { "a5", "A" }, { "e8", "r" }, { "c2", "N" }, { "k10", "k" } },
        "w -/- Kk 0/0 0 1"));
    EXPECT_FALSE(g.pos.in_check());
    EXPECT_EQ(g.from("c2"), expand("c2", { "a1", "a3", "b4", "d4", "e3" }));
    EXPECT_TRUE(g.from("e1").count("e1e2")); // a royal may even step into attack
    // The opponent may capture a royal as an ordinary piece; White then has one royal left,
    // and its king's swap right is gone with the king.
    g.play("c2a1");
    g.play("e8e1");
    EXPECT_EQ(g.at("e1"), "r");
    EXPECT_EQ(g.pos.royal_count(White), 1);
    EXPECT_FALSE(g.pos.may_swap(White));
    EXPECT_TRUE(g.pos.may_swap(Black));
    // With one royal left, check applies again: the knight on a1 is pinned? No: nothing lines
    // up; but the adventitious king may not step next to the rook's file... it is far: all its
    // five steps are legal.
    EXPECT_EQ(g.from("a5"), expand("a5", { "a4", "a6", "b4", "b5", "b6" }));
}

TEST(TamerlaneRoyals, PromotingToAPrinceWhileInCheckIsLegal) {
    // In check from the rook on e8: the pawn of kings may promote (a second royal), the pawn of
    // rooks may not.
    Board g(tfen({ { "e1", "K" }, { "e8", "r" }, { "b9", "PK" }, { "c9", "PR" }, { "k10", "k" } }));
    EXPECT_TRUE(g.pos.in_check());
    EXPECT_EQ(g.moves(), Moves({ "e1d1", "e1d2", "e1f1", "e1f2", "b9b10" }));
    g.play("b9b10");
    EXPECT_EQ(g.at("b10"), "H");
    // Even when pinned.
    Board p(tfen({ { "a9", "K" }, { "b9", "PK" }, { "k9", "r" }, { "k1", "k" } }));
    EXPECT_EQ(p.from("b9"), Moves{ "b9b10" });
}

TEST(TamerlaneRoyals, SwapOnlyInCheck) {
    // In check from the rook e8, the king may swap with the knight a1, the vizier g2 or the pawn
    // h3 (none attacked); not with the general e4 (on the rook's file).
    const std::map<std::string, std::string> p = { { "e1", "K" }, { "e8", "r" }, { "a1", "N" },
        { "g2", "V" }, { "h3", "PR" }, { "e4", "G" }, { "k10", "k" } };
    // With the general on c4 instead of e4 the rook gives check.
    auto q = p;
    q.erase("e4");
    q["c4"] = "G";
    Board g(tfen(q, "w -/- Kk 0/0 0 1"));
    EXPECT_TRUE(g.pos.in_check());
    Moves swaps;
    for (Move m : legal_moves(g.pos))
        if (m.kind() == MoveKind::KingSwap) swaps.insert(move_to_uci<Tamerlane>(m));
    EXPECT_EQ(swaps, Moves({ "e1a1", "e1c4", "e1g2", "e1h3" }));
    // Never onto an attacked square: a knight on h4 attacks g2.
    q["h4"] = "n";
    Board a(tfen(q, "w -/- Kk 0/0 0 1"));
    EXPECT_FALSE(a.moves().count("e1g2"));
    EXPECT_TRUE(a.moves().count("e1a1"));
    // Not in check (the general blocks on e4): no swap.
    Board quiet(tfen(p, "w -/- Kk 0/0 0 1"));
    EXPECT_FALSE(quiet.pos.in_check());
    for (Move m : legal_moves(quiet.pos)) EXPECT_NE(m.kind(), MoveKind::KingSwap);
    // Without the right: no swap.
    Board none(tfen(q, "w -/- k 0/0 0 1"));
    for (Move m : legal_moves(none.pos)) EXPECT_NE(m.kind(), MoveKind::KingSwap);
}

TEST(TamerlaneRoyals, SwapWhenNoOtherMoveAndOnlyOnce) {
    // The king a1 is stalemated: b1 and b2 are covered by the rook b10, the pawn a2 is blocked.
    // Its only move is the swap with the pawn; the waiting pawn of pawns on h10 is no partner.
    const std::map<std::string, std::string> p = { { "a1", "K" }, { "a2", "PR" }, { "a3", "pr" },
        { "b10", "r" }, { "k5", "k" }, { "h10", "PP" } };
    Board                                    g(tfen(p, "w -/- Kk 1/0 0 1"));
    EXPECT_FALSE(g.pos.in_check());
    EXPECT_EQ(g.moves(), Moves{ "a1a2" });
    g.play("a1a2");
    EXPECT_EQ(g.at("a2"), "K");
    EXPECT_EQ(g.at("a1"), "PR");
    EXPECT_EQ(g.pos.setup().swaps, BlackSwap);
    // Without the right the same position has no legal move.
    EXPECT_TRUE(Board(tfen(p, "w -/- k 1/0 0 1")).moves().empty());
}

TEST(TamerlaneRoyals, SwapOntoTheLastRankPromotesThePartner) {
    // The king c10 in check from the rook c1 swaps with the pawn of rooks on h4.
    Board g(
        tfen({ { "c10", "K" }, { "c1", "r" }, { "h4", "PR" }, { "k5", "k" } }, "w -/- K 0/0 0 1"));
    g.play("c10h4");
    EXPECT_EQ(g.at("h4"), "K");
    EXPECT_EQ(g.at("c10"), "R");
    // A pawn of pawns swapped onto the last rank counts an arrival (here its first: it waits).
    Board pp(
        tfen({ { "c10", "K" }, { "c1", "r" }, { "h4", "PP" }, { "k5", "k" } }, "w -/- K 0/0 0 1"));
    pp.play("c10h4");
    EXPECT_EQ(pp.at("c10"), "PP");
    EXPECT_EQ(pp.pos.arrivals(White), 1);
}

// ---- citadels -------------------------------------------------------------------------------

TEST(TamerlaneCitadels, OnlyTheSeniorRoyalEntersTheEnemyCitadel) {
    // Black's king on k2 may enter White's citadel l2: the game is drawn at once.
    Board g(tfen({ { "k2", "k" }, { "a5", "K" } }, "b -/- - 0/0 0 1"));
    EXPECT_TRUE(g.from("k2").count("k2l2"));
    g.play("k2l2");
    EXPECT_TRUE(g.pos.citadel_draw());
    EXPECT_TRUE(g.moves().empty());
    EXPECT_EQ(perft(g.pos, 3), 0u);
    // A prince is not senior while its king lives; once the king is gone it is.
    EXPECT_FALSE(Board(tfen({ { "k3", "h" }, { "a9", "k" }, { "a5", "K" } }, "b -/- - 0/0 0 1"))
                     .from("k3")
                     .count("k3l2"));
    EXPECT_TRUE(Board(tfen({ { "k3", "h" }, { "a9", "a" }, { "a5", "K" } }, "b -/- - 0/0 0 1"))
                    .from("k3")
                    .count("k3l2"));
    // White's king enters Black's citadel z9 from a8, a9 or a10.
    for (const char* sq : { "a8", "a9", "a10" })
        EXPECT_TRUE(
            Board(tfen({ { sq, "K" }, { "k5", "k" } })).from(sq).count(std::string(sq) + "z9"))
            << sq;
    // Only from those three squares.
    EXPECT_FALSE(Board(tfen({ { "b9", "K" }, { "k5", "k" } })).moves().count("b9z9"));
}

TEST(TamerlaneCitadels, OwnCitadelOnlyForTheAdventitiousKing) {
    // White's king may not enter l2; White's adventitious king may, and is immune there.
    EXPECT_FALSE(Board(tfen({ { "k2", "K" }, { "a10", "k" } })).from("k2").count("k2l2"));
    Board g(tfen({ { "k2", "A" }, { "a5", "K" }, { "a10", "k" } }));
    EXPECT_TRUE(g.from("k2").count("k2l2"));
    // Alone in its citadel it is never in check, and it may step out again (not into attack).
    Board in(tfen({ { "a1", "r" }, { "i4", "n" }, { "a10", "k" } }, "w A/- - 0/0 0 1"));
    EXPECT_FALSE(in.pos.in_check());
    EXPECT_EQ(in.moves(), Moves{ "l2k2" }); // k1: the rook on rank 1; k3: the knight i4
    // An occupied citadel cannot be entered: Black's king on k2 against White's A on l2.
    Board occupied(tfen({ { "k3", "k" }, { "a5", "K" } }, "b A/- - 0/0 0 1"));
    EXPECT_FALSE(occupied.from("k3").count("k3l2"));
    // ... and the royal in the citadel attacks its three neighbours.
    EXPECT_FALSE(occupied.from("k3").count("k3k2"));
}

TEST(TamerlaneCitadels, NothingElseEntersOrAttacksACitadel) {
    // A knight on j3 would reach l2 by (2,-1) and a rook on k... never: no piece but a royal.
    Board g(tfen({ { "j3", "N" }, { "j1", "N" }, { "k5", "R" }, { "a5", "K" }, { "a10", "k" } }));
    for (const auto& m : g.moves()) EXPECT_EQ(m.find("l2"), std::string::npos) << m;
    // Black's king in White's citadel cannot be attacked (and that game is over anyway).
    EXPECT_TRUE(
        Board(tfen({ { "k4", "R" }, { "a5", "K" } }, "w k/- - 0/0 0 1")).pos.citadel_draw());
}

// ---- make / unmake and keys -----------------------------------------------------------------

namespace {

// Plays every legal move to `depth`, checking after each unmake that the position (and its key)
// is restored and that the incremental key equals a fresh one.
void walk(Position<Tamerlane>& pos, int depth) {
    if (depth == 0) return;
    const std::string    before = write_fen<Tamerlane>(pos.setup());
    const u64            key    = pos.key();
    StateInfo<Tamerlane> st;
    for (Move m : legal_moves(pos)) {
        pos.make(m, st);
        {
            Position<Tamerlane>  fresh;
            StateInfo<Tamerlane> fs;
            ASSERT_FALSE(fresh.set(pos.setup(), fs).has_value())
                << write_fen<Tamerlane>(pos.setup()) << " after " << move_to_uci<Tamerlane>(m);
            ASSERT_EQ(fresh.key(), pos.key()) << before << " " << move_to_uci<Tamerlane>(m);
            ASSERT_EQ(fresh.checkers(), pos.checkers());
        }
        walk(pos, depth - 1);
        pos.unmake(m);
        ASSERT_EQ(write_fen<Tamerlane>(pos.setup()), before) << move_to_uci<Tamerlane>(m);
        ASSERT_EQ(pos.key(), key);
    }
}

} // namespace

TEST(TamerlaneMakeUnmake, RestoresEverythingIncludingRareMoves) {
    const char* positions[] = {
        Tamerlane::StartFen.data(),
        // relocations, a waiting pawn, swaps in check, arrivals of every kind
        "k10/2PK8/11/3r1n5/11/11/11/4K6/11/11 w -/- Kk 0/0 0 1",
        "PP3k6/11/11/3r1n5/4G6/11/11/11/11/4K6 w -/- Kk 1/0 0 1",
        "k1PP8/3PR7/11/11/11/11/11/5K5/11/4r6 w -/- Kk 1/0 0 1",
        "4k6/2PP8/11/11/11/11/11/5N5/11/K10 w -/- Kk 1/1 0 1",
        "5k5/2PP8/11/11/11/11/11/11/2pp8/K10 b -/- Kk 2/1 0 1",
        "11/11/11/11/11/11/11/10k/11/K10 b A/- - 0/0 0 1",
        "2K8/11/11/11/7PP3/10k/11/11/11/2r8 w -/- K 1/0 0 1",
    };
    for (const char* fen : positions) {
        SCOPED_TRACE(fen);
        auto s = parse_fen<Tamerlane>(fen);
        ASSERT_TRUE(s.ok()) << s.error().message;
        Position<Tamerlane>  pos;
        StateInfo<Tamerlane> st;
        auto                 err = pos.set(*s, st);
        ASSERT_FALSE(err.has_value()) << err->message;
        walk(pos, 3);
    }
}
