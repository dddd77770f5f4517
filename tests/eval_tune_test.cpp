// The tuner: it reads labelled positions, refuses malformed lines, finds the logistic's K and
// recovers weights that generated the labels.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>

#include "eval/tune.h"
#include "eval_support.h"

namespace citadel::eval_test {
namespace {

using eval::tune::Dataset;

TEST(EvalTune, ReadsLabelledLinesAndNamesWhatIsWrong) {
    Dataset<Chess> data;
    EXPECT_FALSE(data.add_line(std::string(Chess::StartFen) + " | 0.5"));
    EXPECT_FALSE(data.add_line("4k3/8/8/8/8/8/8/R3K3 w - - 0 1|1.0\r"));
    EXPECT_EQ(data.size(), 2u);
    EXPECT_DOUBLE_EQ(data.result(1), 1.0);
    auto no_bar = data.add_line(std::string(Chess::StartFen));
    ASSERT_TRUE(no_bar);
    EXPECT_NE(no_bar->find("<FEN> | <result>"), std::string::npos);
    auto bad_result = data.add_line(std::string(Chess::StartFen) + " | 1-0");
    ASSERT_TRUE(bad_result);
    EXPECT_NE(bad_result->find("'1-0'"), std::string::npos);
    EXPECT_TRUE(data.add_line(std::string(Chess::StartFen) + " | 1.5"));
    EXPECT_TRUE(data.add_line(std::string(Chess::StartFen) + " | "));
    auto bad_fen = data.add_line("rnbqkbnr/pppppppp/8/8 w KQkq - 0 1 | 0");
    ASSERT_TRUE(bad_fen);
    EXPECT_NE(bad_fen->find("bad FEN"), std::string::npos);
    EXPECT_TRUE(data.add_line("4k3/8/8/8/8/8/8/4K2K w - - 0 1 | 0")); // illegal: two kings
    EXPECT_EQ(data.size(), 2u);
}

TEST(EvalTune, WeightsPrintAsSource) {
    std::ostringstream out;
    eval::write_weights(out, eval::kPawnRaceWeights, "PawnRaceWeights", "kPawnRaceWeights");
    EXPECT_EQ(out.str().rfind("inline constexpr PawnRaceWeights kPawnRaceWeights = {\n", 0), 0u);
    EXPECT_NE(out.str().find(
                  "    .race_win = " + std::to_string(eval::kPawnRaceWeights.race_win) + ",\n"),
        std::string::npos);
    EXPECT_EQ(out.str().substr(out.str().size() - 3), "};\n");
}

// Positions labelled with the logistic of a known weight vector, K = 1.2.
Dataset<Chess> synthetic(const eval::OrthodoxWeights& truth, double k) {
    Dataset<Chess> data;
    for (const auto& fen : random_positions<Chess>(1500, 10, 140, 3)) {
        Board<Chess> b(fen);
        auto         err = data.add(
                    b.pos.setup(), eval::tune::expected(eval::tune::white_score(b.pos, truth), k));
        EXPECT_FALSE(err);
    }
    return data;
}

TEST(EvalTune, PatternsSelectWeightsByNameOrPrefix) {
    EXPECT_TRUE(eval::tune::selects("tempo", "tempo"));
    EXPECT_FALSE(eval::tune::selects("tempo", "tempo_mg"));
    EXPECT_TRUE(eval::tune::selects("mob_rook_*", "mob_rook_mg_3"));
    EXPECT_FALSE(eval::tune::selects("mob_rook_*", "mob_queen_mg_3"));
    EXPECT_TRUE(eval::tune::selects("*", "pawn_mg"));
}

TEST(EvalTune, FindsTheScalingConstant) {
    auto data = synthetic(eval::kChessWeights, 1.2);
    EXPECT_NEAR(eval::tune::find_k(data, eval::kChessWeights), 1.2, 0.01);
}

TEST(EvalTune, RecoversKnownWeightsFromSyntheticLabels) {
    eval::OrthodoxWeights truth = eval::kChessWeights;
    truth.knight_mg += 60, truth.rook_eg -= 50, truth.pawn_eg += 30, truth.mob_bishop_eg_7 += 6;
    auto data = synthetic(truth, 1.0);

    eval::tune::Options opt;
    opt.only       = { "knight_mg", "rook_eg", "pawn_eg", "mob_bishop_eg_7" };
    opt.first_step = 16;
    auto tuned     = eval::tune::tune(data, eval::kChessWeights, 1.0, opt);
    EXPECT_LT(eval::tune::mean_error(data, tuned, 1.0),
        eval::tune::mean_error(data, eval::kChessWeights, 1.0) / 20);
    EXPECT_NEAR(tuned.knight_mg, truth.knight_mg, 12);
    EXPECT_NEAR(tuned.rook_eg, truth.rook_eg, 12);
    EXPECT_NEAR(tuned.pawn_eg, truth.pawn_eg, 6);
    EXPECT_NEAR(tuned.mob_bishop_eg_7, truth.mob_bishop_eg_7, 2);
    // Weights it was not asked to tune stay as they were.
    EXPECT_EQ(tuned.queen_mg, eval::kChessWeights.queen_mg);
}

TEST(EvalTune, APriorHoldsWeightsNearTheirStart) {
    eval::OrthodoxWeights truth = eval::kChessWeights;
    truth.knight_mg += 80;
    auto                data = synthetic(truth, 1.0);
    eval::tune::Options opt;
    opt.only       = { "knight_mg" };
    opt.first_step = 16;
    int free_fit   = eval::tune::tune(data, eval::kChessWeights, 1.0, opt).knight_mg;
    opt.prior      = 1.0; // far heavier than the data's pull
    int held       = eval::tune::tune(data, eval::kChessWeights, 1.0, opt).knight_mg;
    EXPECT_NEAR(free_fit, truth.knight_mg, 12);
    EXPECT_LT(std::abs(held - eval::kChessWeights.knight_mg),
        std::abs(free_fit - eval::kChessWeights.knight_mg) / 2);
}

} // namespace
} // namespace citadel::eval_test
