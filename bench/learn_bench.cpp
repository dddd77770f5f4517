// How fast the course answers (docs/learn.md, "Speed"): every legal first move of every move
// level and every answer of every choice level is judged, in each language, and the answer
// times' percentiles are printed, with the hints' beside them; then practice levels of every
// kind are made from fresh seeds, and the making times' percentiles printed. The engine's budget
// per search is fixed (learn/judge.cpp), so the figures measure the machine, not the position's
// depth. Usage: build/citadel_learn_bench [rounds]   (default 3 rounds over the course)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "learn/judge.h"
#include "learn/practice.h"
#include "notation/fen.h"
#include "notation/uci_move.h"
#include "variants/orthodox.h"

using namespace citadel;
using namespace citadel::learn;

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

void report(const char* what, std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    auto at = [&](double q) { return ms[std::min(ms.size() - 1, size_t(q * double(ms.size())))]; };
    std::printf(
        "%-18s %5zu made/answered   p50 %6.2f ms   p90 %6.2f ms   p99 %6.2f ms   max %6.2f ms\n",
        what, ms.size(), at(0.5), at(0.9), at(0.99), ms.back());
}

} // namespace

int main(int argc, char** argv) {
    const int           rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
    const Course&       course = Course::builtin();
    std::vector<double> moves, hints;
    for (int round = 0; round < rounds; ++round)
        for (const Lesson& lesson : course.lessons())
            for (const std::string& id : lesson.levels) {
                const Level&         level = *course.level(id);
                const auto           langs = course.texts().languages();
                const Lang           lang  = langs[size_t(round) % langs.size()];
                std::vector<Attempt> attempts;
                if (level.choice) {
                    for (const Choice& c : level.choices) attempts.push_back({ {}, "", c.id });
                } else if (level.variant == "chess") {
                    Position<Chess>  pos;
                    StateInfo<Chess> si;
                    pos.set(*parse_fen<Chess>(level.fen), si);
                    for (Move m : legal_moves(pos))
                        attempts.push_back({ {}, move_to_uci<Chess>(m), "" });
                } else {
                    attempts.push_back({ {}, level.solution.at(0), "" });
                }
                for (const Attempt& a : attempts) {
                    auto t0 = Clock::now();
                    judge(course, level, a, lang);
                    moves.push_back(ms_since(t0));
                }
                for (int step : { 1, 2 }) {
                    auto t0 = Clock::now();
                    hint(course, level, {}, step, lang);
                    hints.push_back(ms_since(t0));
                }
            }
    report("moves", moves);
    report("hints", hints);
    for (std::string_view kind : practice_kinds()) {
        std::vector<double> making;
        int                 failed = 0;
        for (int seed = 0; seed < 20 * rounds; ++seed) {
            // A seed not made before, so the level is made, not taken from the cache.
            const std::string id
                = "practice-" + std::string(kind) + "-" + std::to_string(1000 + seed) + "-0";
            auto t0 = Clock::now();
            if (!practice_level(course, id)) ++failed;
            making.push_back(ms_since(t0));
        }
        report(std::string(kind).c_str(), making);
        if (failed) std::printf("%-18s %5d gave no level\n", std::string(kind).c_str(), failed);
    }
}
