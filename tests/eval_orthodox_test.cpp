// The chess and Silverman evaluation: colour symmetry, material, and each term pulling the
// score the right way in composed positions.
#include <gtest/gtest.h>

#include "eval_support.h"

namespace citadel::eval_test {
namespace {

// What one term adds to the mover's score in a position: its score with the chess weights
// minus its score with that term's weights (mg and eg; the same for a middlegame-only term) at
// zero.
int term_part(
    const std::string& fen, int eval::OrthodoxWeights::*mg, int eval::OrthodoxWeights::*eg) {
    Board<Chess>          b(fen);
    eval::OrthodoxWeights w = eval::kChessWeights;
    w.*mg = w.*eg = 0;
    return eval::evaluate(b.pos) - eval::evaluate_with(b.pos, w);
}

// What the mover's score gains when each of `terms` is raised by `by` (a term's exact count in
// a position: raise both its mg and eg weights, or use a position whose phase is all one).
int raised_part(
    const std::string& fen, std::initializer_list<int eval::OrthodoxWeights::*> terms, int by) {
    Board<Chess>          b(fen);
    eval::OrthodoxWeights w = eval::kChessWeights;
    for (auto t : terms) w.*t += by;
    return eval::evaluate_with(b.pos, w) - eval::evaluate(b.pos);
}

TEST(EvalChess, MirroredPositionsScoreTheSameForTheMover) {
    auto fens = random_positions<Chess>(400, 0, 120);
    fens.push_back("r3k2r/pp1n1ppp/2p1pn2/q7/1bPP4/2N1PN2/PP1B1PPP/R2QKB1R w KQkq - 0 1");
    fens.push_back("8/5k2/8/3pP3/8/8/5K2/8 w - d6 0 1");
    for (const auto& fen : fens) {
        SCOPED_TRACE(fen);
        EXPECT_EQ(eval_of<Chess>(fen), eval_of<Chess>(mirror_fen(fen)));
    }
}

TEST(EvalChess, StartIsTheMoversTempo) {
    EXPECT_EQ(eval_of<Chess>(std::string(Chess::StartFen)), eval::kChessWeights.tempo);
}

TEST(EvalChess, MaterialFavoursTheSideThatHasIt) {
    // An extra rook, knight, queen, pawn: positive for the owner, whoever is to move.
    for (std::string fen : { "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w - - 0 1",
             "4k3/pppp1ppp/8/8/8/8/PPPPPPPP/1N2K3 w - - 0 1",
             "3qk3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
             "4k3/ppppppp1/8/8/8/8/PPPPPPPP/4K3 w - - 0 1" }) {
        SCOPED_TRACE(fen);
        Board<Chess> b(fen);
        int          white          = b.eval();
        int          black          = eval_of<Chess>(mirror_fen(fen)); // the same, Black to move
        bool         white_has_more = fen.find('q') == std::string::npos;
        EXPECT_EQ(white > 0, white_has_more);
        EXPECT_EQ(black > 0, white_has_more); // mirrored: the owner is now the mover again
        std::string other = fen;
        other.replace(other.find(" w "), 3, " b ");
        EXPECT_EQ(eval_of<Chess>(other) < 0, white_has_more);
    }
}

TEST(EvalChess, PassedPawnOnTheSixthBeatsOneOnTheThird) {
    int sixth = eval_of<Chess>("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1");
    int third = eval_of<Chess>("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1");
    EXPECT_GT(sixth, third);
    EXPECT_GT(third, 0);
}

TEST(EvalChess, PawnStructureFlaws) {
    // In a middlegame (rooks and queens on): a doubled and an isolated pawn each cost their
    // owner. (In the endgame the tuned doubled-pawn weight came out slightly positive,
    // docs/eval.md.)
    using W              = eval::OrthodoxWeights;
    const char* doubled  = "r2qk2r/pppp4/8/8/8/1P6/PP1P4/R2QK2R w - - 0 1";
    const char* isolated = "r2qk2r/pppp4/8/8/8/8/PP1P4/R2QK2R w - - 0 1";
    EXPECT_LT(term_part(doubled, &W::doubled_mg, &W::doubled_eg), 0);
    EXPECT_LT(term_part(isolated, &W::isolated_mg, &W::isolated_eg), 0);
    EXPECT_LT(term_part(mirror_fen(doubled), &W::doubled_mg, &W::doubled_eg), 0);
}

TEST(EvalChess, KingShelterAndAttackers) {
    // The same material; White's castled king behind its pawns against one in the open.
    int sheltered = eval_of<Chess>("r1bq1rk1/pppp1ppp/2n2n2/8/8/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1");
    int exposed   = eval_of<Chess>("r1bq1rk1/pppp1ppp/2n2n2/8/8/2N2NK1/PPPP1PPP/R1BQ1R2 w - - 0 1");
    EXPECT_GT(sheltered, exposed);
    // A black knight one leap from White's king's neighbours costs White more than one far away
    // (neither attacked: no threat term).
    int near = eval_of<Chess>("6k1/5ppp/8/q7/4n3/8/5PPP/6K1 w - - 0 1");
    int far  = eval_of<Chess>("6k1/5ppp/8/q7/8/n7/5PPP/6K1 w - - 0 1");
    EXPECT_LT(near, far);
}

TEST(EvalChess, MobilityAndOpenFiles) {
    int open   = eval_of<Chess>("4k3/pp4pp/8/8/8/8/PP4PP/3RK3 w - - 0 1");
    int closed = eval_of<Chess>("4k3/pp1p2pp/8/8/8/8/PP1P2PP/2R1K3 w - - 0 1");
    EXPECT_GT(open, closed - eval::kChessWeights.pawn_eg); // the rook on an open file
    // The same material: a bishop shut in by its own pawns against one out in front of them.
    int free_bishop   = eval_of<Chess>("4k3/8/8/8/8/4B3/1P1P4/4K3 w - - 0 1");
    int locked_bishop = eval_of<Chess>("4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1");
    EXPECT_GT(free_bishop, locked_bishop);
}

TEST(EvalChess, BareMinorAheadIsNearlyADraw) {
    int bishop = eval_of<Chess>("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    int rook   = eval_of<Chess>("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    EXPECT_LT(bishop, 100);
    EXPECT_GT(rook, 300);
}

TEST(EvalChess, ThreatsCountForTheAttacker) {
    using W = eval::OrthodoxWeights;
    // A knight attacked by a pawn; a rook by a knight; a queen by a rook; each for White, and
    // the same positions mirrored (the threat is then the mover's, Black's, again).
    const struct {
        const char* fen;
        int W::*mg;
        int W::*eg;
    } cases[] = {
        { "4k3/8/8/3n4/2P5/8/8/4K3 w - - 0 1", &W::threat_by_pawn_mg, &W::threat_by_pawn_eg },
        { "7k/8/8/4r3/8/5N2/8/7K w - - 0 1", &W::threat_by_minor_mg, &W::threat_by_minor_eg },
        { "r3k2r/ppp2ppp/8/4q3/8/8/PPP2PPP/4RRK1 w - - 0 1", &W::threat_by_rook_mg,
            &W::threat_by_rook_eg },
        // An undefended knight attacked by a rook: hanging. Defended by a pawn: not.
        { "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", &W::hanging_mg, &W::hanging_eg },
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.fen);
        EXPECT_GT(term_part(c.fen, c.mg, c.eg), 0);
        EXPECT_GT(term_part(mirror_fen(c.fen), c.mg, c.eg), 0);
        std::string other = c.fen; // the same threat with Black to move counts against it
        other.replace(other.find(" w "), 3, " b ");
        EXPECT_LT(term_part(other, c.mg, c.eg), 0);
    }
    EXPECT_EQ(term_part("4k3/4p3/3n4/8/8/8/8/3RK3 w - - 0 1", &W::hanging_mg, &W::hanging_eg), 0);
    // A pawn attacking a pawn is no piece threat.
    EXPECT_EQ(term_part("4k3/8/8/3p4/2P5/8/8/4K3 w - - 0 1", &W::threat_by_pawn_mg,
                  &W::threat_by_pawn_eg),
        0);
}

TEST(EvalChess, ConnectedPawnsOutpostsAndTheKingsFile) {
    using W = eval::OrthodoxWeights;
    // d4 defended by c3, and e4 beside d4: connected. The same pawns apart: not.
    EXPECT_GT(
        term_part("4k3/8/8/8/3PP3/2P5/8/4K3 w - - 0 1", &W::connected_mg, &W::connected_eg), 0);
    EXPECT_EQ(
        term_part("4k3/8/8/8/P3P3/7P/8/4K3 w - - 0 1", &W::connected_mg, &W::connected_eg), 0);
    // A knight on e5 defended by d4 with no black pawn on d or f to chase it: an outpost; with
    // a black pawn on f7 (it can come to f6): not. The same for a bishop.
    EXPECT_GT(term_part("4k3/pp6/8/4N3/3P4/8/8/4K3 w - - 0 1", &W::knight_outpost_mg,
                  &W::knight_outpost_eg),
        0);
    EXPECT_EQ(term_part("4k3/pp3p2/8/4N3/3P4/8/8/4K3 w - - 0 1", &W::knight_outpost_mg,
                  &W::knight_outpost_eg),
        0);
    EXPECT_GT(term_part("r2qk2r/pp6/8/4B3/3P4/8/8/R2QK2R w - - 0 1", &W::bishop_outpost_mg,
                  &W::bishop_outpost_eg),
        0);
    // A king on a file without its own pawn, in a middlegame (queens and rooks on).
    const char* open   = "r2qk2r/ppp1pppp/8/8/8/8/PPPP1PPP/R2QK2R w - - 0 1";
    const char* closed = "r2qk2r/ppp1pppp/8/8/8/8/PPP1PPPP/R2QK2R w - - 0 1";
    EXPECT_LT(term_part(open, &W::king_open_file_mg, &W::king_open_file_mg), 0);
    EXPECT_EQ(term_part(closed, &W::king_open_file_mg, &W::king_open_file_mg), 0);
}

TEST(EvalChess, SafeChecksCountForTheAttacker) {
    using W = eval::OrthodoxWeights;
    auto checks
        = [](const char* fen) { return term_part(fen, &W::safe_check_mg, &W::safe_check_eg); };
    // A knight that can check from f6 or h6, a rook from a8, a queen from d5 or g4: squares the
    // black king does not guard.
    for (const char* fen : { "6k1/8/8/8/6N1/8/8/4K3 w - - 0 1", "6k1/8/8/8/8/8/8/R3K3 w - - 0 1",
             "6k1/8/8/8/8/8/8/3QK3 w - - 0 1" }) {
        SCOPED_TRACE(fen);
        EXPECT_GT(checks(fen), 0);
        EXPECT_GT(checks(mirror_fen(fen).c_str()), 0);
    }
    // The same checks, each square guarded by a black pawn, piece or the king: none is safe.
    EXPECT_EQ(checks("6k1/6p1/8/8/6N1/8/8/4K3 w - - 0 1"), 0);
    EXPECT_EQ(checks("6k1/8/1n6/8/8/8/8/R3K3 w - - 0 1"), 0);
    // Two checks count more than one.
    EXPECT_GT(
        checks("6k1/8/8/8/6N1/8/8/R3K3 w - - 0 1"), checks("6k1/8/8/8/6N1/8/8/4K3 w - - 0 1"));
}

TEST(EvalChess, PieceSquareTablesReadFromTheOwnersSideAndMirrorTheFiles) {
    // Entry 4 * 2 + 2 is the third rank's c-file square from the owner's side: c3 and f3 for
    // White, c6 and f6 for Black. Raising it moves exactly those knights' scores.
    using W   = eval::OrthodoxWeights;
    auto gain = [](const char* fen) {
        return raised_part(fen, { &W::psq_knight_mg_10, &W::psq_knight_eg_10 }, 100);
    };
    for (const char* fen : { "4k3/7p/8/8/8/2N5/P7/4K3 w - - 0 1",
             "4k3/7p/8/8/8/5N2/P7/4K3 w - - 0 1", "4k3/7p/5n2/8/8/8/P7/4K3 b - - 0 1" }) {
        SCOPED_TRACE(fen);
        EXPECT_EQ(gain(fen), 100);
    }
    EXPECT_EQ(gain("4k3/7p/8/8/8/8/P1N5/4K3 w - - 0 1"), 0); // c2: another entry
    EXPECT_EQ(gain("4k3/7p/2n5/8/8/8/P7/4K3 w - - 0 1"), -100); // Black's c6, White to move
}

TEST(EvalChess, MobilityTablesCountTheSquaresAPieceReaches) {
    using W = eval::OrthodoxWeights;
    // A knight on e4 reaches eight squares; with a black pawn on e7 guarding d6 and f6, six; a
    // knight in the corner, two. Raising one entry moves only the knights that reach that many.
    // (White's h-pawn keeps the bare-minor scaling out of it.)
    auto knight = [](const char* fen, int W::*mg, int W::*eg) {
        return raised_part(fen, { mg, eg }, 100);
    };
    const char* centre = "4k3/8/8/8/4N3/8/7P/4K3 w - - 0 1";
    const char* e7     = "4k3/4p3/8/8/4N3/8/7P/4K3 w - - 0 1";
    EXPECT_EQ(knight(centre, &W::mob_knight_mg_8, &W::mob_knight_eg_8), 100);
    EXPECT_EQ(knight(e7, &W::mob_knight_mg_6, &W::mob_knight_eg_6), 100);
    EXPECT_EQ(knight(e7, &W::mob_knight_mg_8, &W::mob_knight_eg_8), 0);
    EXPECT_EQ(
        knight("4k3/8/8/8/8/8/7P/N3K3 w - - 0 1", &W::mob_knight_mg_2, &W::mob_knight_eg_2), 100);
    // Black's rook on a8 reaches ten squares (b8-d8, its king on e8 stops it, and the a-file);
    // White's on a1, with its king on h1, thirteen, which count against Black, the mover.
    auto rook = [](const char* fen, int W::*mg, int W::*eg) {
        return raised_part(fen, { mg, eg }, 100);
    };
    EXPECT_EQ(rook("r3k3/7p/8/8/8/8/8/7K b - - 0 1", &W::mob_rook_mg_10, &W::mob_rook_eg_10), 100);
    EXPECT_EQ(rook("4k3/8/8/8/8/8/7P/R6K b - - 0 1", &W::mob_rook_mg_13, &W::mob_rook_eg_13), -100);
}

TEST(EvalChess, BishopsCountTheirOwnPawnsOnTheirColour) {
    using W = eval::OrthodoxWeights;
    // The c1 bishop (a dark square) with pawns on b2 and d2 (dark) and e4 (light): two.
    EXPECT_EQ(raised_part("4k3/8/8/8/4P3/8/1P1P4/2B1K3 w - - 0 1",
                  { &W::bishop_pawns_mg, &W::bishop_pawns_eg }, 10),
        -20);
    // A light-squared bishop beside the same pawns: one.
    EXPECT_EQ(raised_part("4k3/8/8/8/4P3/8/1P1P4/3BK3 w - - 0 1",
                  { &W::bishop_pawns_mg, &W::bishop_pawns_eg }, 10),
        -10);
}

TEST(EvalChess, KingShelterAndPawnStormByFileAndRank) {
    using W = eval::OrthodoxWeights;
    // Every piece on the board (the middlegame weights count in full). White castled with h3
    // played; Black castled, its h-pawn gone to h4 (a storm pawn on White's fourth rank).
    const char* fen  = "r1bq1rk1/ppppbpp1/2n2n2/8/7p/2N2N1P/PPPPBPP1/R1BQ1RK1 w - - 0 1";
    auto        part = [&](int W::*term) { return raised_part(fen, { term }, 100); };
    EXPECT_EQ(part(&W::shelter_2_mg), 0); // f and g pawns on the second rank, both sides
    EXPECT_EQ(part(&W::shelter_3_mg), 100); // White's h3
    EXPECT_EQ(part(&W::shelter_none_mg), -100); // Black's h-file: its pawn too far up to shelter
    EXPECT_EQ(part(&W::storm_4_mg), 100); // Black's h4 storms White's king
    EXPECT_EQ(part(&W::storm_3_mg), 0); // White's h3 is on Black's sixth rank: no storm
    EXPECT_EQ(part(&W::storm_5_mg), 0);
    // The same with Black to move: every count changes sign.
    std::string black = fen;
    black.replace(black.find(" w "), 3, " b ");
    EXPECT_EQ(raised_part(black, { &W::storm_4_mg }, 100), -100);
}

TEST(EvalChess, PassedPawnsFreeSafeAndSupported) {
    using W = eval::OrthodoxWeights;
    // d4 (relative rank 3, weight times 4): its stop square d5 empty and not attacked; with the
    // black king on e8 d7 and d8 are, so the path is not safe; with it on h8 it is. A white
    // king on e4 defends d5. Pawn endings: the endgame weights count in full.
    auto part = [](const char* fen, std::initializer_list<int W::*> terms) {
        return raised_part(fen, terms, 10);
    };
    const char* e8 = "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1";
    const char* h8 = "7k/8/8/8/3P4/8/8/4K3 w - - 0 1";
    EXPECT_EQ(part(e8, { &W::passed_free_mg, &W::passed_free_eg }), 40);
    EXPECT_EQ(part(e8, { &W::passed_path_eg }), 0);
    EXPECT_EQ(part(h8, { &W::passed_path_eg }), 40);
    EXPECT_EQ(part("7k/8/8/8/3PK3/8/8/8 w - - 0 1", { &W::passed_supported_eg }), 40);
    EXPECT_EQ(part(h8, { &W::passed_supported_eg }), 0);
    // A black knight on d5 blocks the stop square: not free.
    EXPECT_EQ(
        part("7k/8/8/3n4/3P4/8/8/4K3 w - - 0 1", { &W::passed_free_mg, &W::passed_free_eg }), 0);
}

TEST(EvalChess, SafePawnPushThatWouldAttackPieces) {
    using W   = eval::OrthodoxWeights;
    auto part = [](const char* fen) {
        return raised_part(fen, { &W::threat_push_mg, &W::threat_push_eg }, 10);
    };
    // e4-e5 would attack the knights on d6 and f6; from e2, the double step to e4 attacks d5
    // and f5 (e3 on the way may be attacked). Black's h-pawn keeps the bare-minor scaling out.
    EXPECT_EQ(part("4k3/7p/3n1n2/8/4P3/8/8/4K3 w - - 0 1"), 20);
    EXPECT_EQ(part("4k3/7p/8/3n1n2/8/8/4P3/4K3 w - - 0 1"), 20);
    // A black pawn on d6 guards e5: the push is not safe (and the d6 pawn is no piece).
    EXPECT_EQ(part("4k3/8/3p1n2/8/4P3/8/8/4K3 w - - 0 1"), 0);
    // Blocked: a black piece on e5 itself.
    EXPECT_EQ(part("4k3/8/3n1n2/4b3/4P3/8/8/4K3 w - - 0 1"), 0);
}

// What the king danger adds to the mover's score with only the given danger weights set (the
// others at zero), against all of them at zero.
int danger_part(const std::string&                                      fen,
    std::initializer_list<std::pair<int eval::OrthodoxWeights::*, int>> weights) {
    using W = eval::OrthodoxWeights;
    Board<Chess> b(fen);
    W            none = eval::kChessWeights;
    for (auto m : { &W::danger_units, &W::danger_attacker_knight, &W::danger_attacker_bishop,
             &W::danger_attacker_rook, &W::danger_attacker_queen, &W::danger_weak,
             &W::danger_check_knight, &W::danger_check_bishop, &W::danger_check_rook,
             &W::danger_check_queen, &W::danger_no_queen, &W::danger_shelter, &W::danger_flight,
             &W::danger_base, &W::danger_eg })
        none.*m = 0;
    W some = none;
    for (auto [m, v] : weights) some.*m = v;
    return eval::evaluate_with(b.pos, some) - eval::evaluate_with(b.pos, none);
}

TEST(EvalChess, KingDangerSumsTheThreatsAndSquaresThem) {
    using W = eval::OrthodoxWeights;
    // White's queen can check from d8, which Black does not guard; with a black rook on a8 it
    // does. Black has no queen, so White's king is in no danger however the weights stand.
    const char* safe    = "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1";
    const char* guarded = "r5k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1";
    auto        check   = [](const char* fen, int weight) {
        return danger_part(fen, { { &W::danger_check_queen, weight } });
    };
    EXPECT_GT(check(safe, 640), 0);
    EXPECT_EQ(check(mirror_fen(safe).c_str(), 640), check(safe, 640)); // the mover's view
    EXPECT_EQ(check(guarded, 640), 0);
    // The middlegame penalty is the square of the sum: twice the danger costs four times as
    // much (to the rounding of the blend by material).
    EXPECT_NEAR(check(safe, 1280), 4 * check(safe, 640), 4);
    // The endgame part is linear: danger_eg / 256 of the sum.
    EXPECT_GT(danger_part(safe, { { &W::danger_check_queen, 640 }, { &W::danger_eg, 256 } }),
        check(safe, 640));
    // danger_base alone weighs on both kings alike; danger_no_queen lifts it from White's king,
    // which faces no queen.
    EXPECT_EQ(danger_part(safe, { { &W::danger_base, 640 } }), 0);
    EXPECT_GT(danger_part(safe, { { &W::danger_base, 640 }, { &W::danger_no_queen, 640 } }), 0);
    // A piece that attacks the king's neighbourhood (the knight on g5: f7 and h7) adds its
    // weight; the same knight on b1 does not.
    auto knight = [](const char* fen) {
        return danger_part(fen, { { &W::danger_attacker_knight, 640 }, { &W::danger_eg, 256 } });
    };
    EXPECT_GT(knight("6k1/5ppp/8/6N1/8/8/5PPP/6K1 w - - 0 1"), 0);
    EXPECT_EQ(knight("6k1/5ppp/8/8/8/8/5PPP/1N4K1 w - - 0 1"), 0);
    // A weak square: f2, beside White's king, attacked by the bishop on a7 and guarded by no
    // pawn, minor piece or rook (the king's own guard does not count); the knight on d1
    // guards it.
    auto weak = [](const char* fen) {
        return danger_part(fen, { { &W::danger_weak, 640 }, { &W::danger_eg, 256 } });
    };
    EXPECT_LT(weak("6k1/b4ppp/8/8/8/8/5PPP/6K1 w - - 0 1"), 0);
    EXPECT_EQ(weak("6k1/b4ppp/8/8/8/8/5PPP/3N2K1 w - - 0 1"), 0);
}

TEST(EvalSilverman, MirroredPositionsScoreTheSameForTheMover) {
    for (const auto& fen : random_positions<Silverman>(300, 0, 30)) {
        SCOPED_TRACE(fen);
        EXPECT_EQ(eval_of<Silverman>(fen), eval_of<Silverman>(mirror_fen(fen)));
    }
}

TEST(EvalSilverman, KingWithoutFlightSquaresUnderAttackScoresWorse) {
    // The same material: Black's king boxed in on c4 by its own pawns and White's queen on the
    // a-file against a king with room.
    int boxed = eval_of<Silverman>("1rkr/Q1pp/1P2/2K1 w - - 0 1");
    int free  = eval_of<Silverman>("1r1r/Q1pk/1P2/2K1 w - - 0 1");
    EXPECT_GT(boxed, free);
    EXPECT_GT(eval_of<Silverman>("2k1/4/4/QK2 w - - 0 1"), 500);
}

TEST(EvalSilverman, PawnAboutToPromote) {
    int near = eval_of<Silverman>("k3/2P1/4/3K w - - 0 1");
    int far  = eval_of<Silverman>("k3/4/2P1/3K w - - 0 1");
    EXPECT_GT(near, far);
}

} // namespace
} // namespace citadel::eval_test
