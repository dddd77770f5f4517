// Generated mate levels checked by a second engine (issue: "the mate levels are checked against
// Stockfish as well as our engine"): Stockfish finds exactly the mate the level asks for — mate in
// 1 for a mate_in_1 level, mate in 2 and no faster for a mate_in_2 level — and its first move is
// one the judge accepts (solved for a mate in 1, on the way for a mate in 2).
#include <gtest/gtest.h>

#include <filesystem>

#include "learn/practice.h"
#include "match/uci_engine.h"

namespace citadel::learn {
namespace {

constexpr const char* kStockfish = "/usr/games/stockfish";

TEST(LearnPracticeStockfish, MateLevelsAreTheMatesStockfishFinds) {
    if (!std::filesystem::exists(kStockfish)) GTEST_SKIP() << "no Debian stockfish";
    match::UciEngine sf({ "stockfish", { kStockfish }, { { "Threads", "1" }, { "Hash", "16" } } });
    std::string      error;
    ASSERT_TRUE(sf.start("chess", error)) << error;
    const Course& course     = Course::builtin();
    int           checked[2] = { 0, 0 };
    for (u64 seed = 1; seed <= 10; ++seed) {
        auto made = practice(course, "checkmate", 4, seed);
        ASSERT_TRUE(std::holds_alternative<std::vector<Level>>(made));
        for (const Level& level : std::get<std::vector<Level>>(made)) {
            const int n = level.goal_id == "mate_in_1" ? 1 : 2;
            ASSERT_TRUE(sf.new_game("chess", error)) << error;
            // Deep enough that the shortest mate is the one reported (at depth 12 Stockfish may
            // still say mate in 3 where there is a mate in 2); few pieces make it quick.
            const auto reply = sf.go("position fen " + level.fen, { .depth = 22 },
                match::SteadyClock::now() + std::chrono::seconds(30));
            ASSERT_EQ(reply.status, match::Reply::Status::Move) << level.id << ": " << reply.detail;
            ASSERT_TRUE(reply.score) << level.id;
            EXPECT_EQ(*reply.score, 30000 - n) << level.id << " " << level.fen << ": Stockfish "
                                               << *reply.score << " for a mate in " << n;
            Attempt a;
            a.move       = reply.move;
            auto verdict = judge(course, level, a, Lang::En);
            ASSERT_TRUE(std::holds_alternative<Verdict>(verdict)) << level.id;
            EXPECT_EQ(
                std::get<Verdict>(verdict).kind, n == 1 ? VerdictKind::Solved : VerdictKind::Good)
                << level.id << " " << level.fen << ": Stockfish's " << reply.move;
            ++checked[n - 1];
        }
    }
    EXPECT_GE(checked[0], 15);
    EXPECT_GE(checked[1], 15);
    sf.stop();
}

} // namespace
} // namespace citadel::learn
