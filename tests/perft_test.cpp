// Perft: leaf counts of the legal move tree against published or independently computed numbers.
// The positions live in tests/data/perft_<variant>.epd, one a line: `<fen> ;D1 n ;D2 n ...`.
//
// Each depth runs when its count is within a node budget, so the normal run takes well under a
// second (and a few seconds under AddressSanitizer, where the budget is smaller). Deeper runs:
//   CITADEL_PERFT_DEEP=1        every depth in the files (minutes)
//   CITADEL_PERFT_BUDGET=<n>    every depth whose count is at most n
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "core/movegen.h"
#include "notation/fen.h"
#include "perft_support.h"
#include "variants/orthodox.h"

using namespace citadel;
using perfttest::kSanitized;
using perfttest::load_perft;
using perfttest::PerftCase;

namespace {

u64 node_budget() {
    if (const char* deep = std::getenv("CITADEL_PERFT_DEEP"); deep && *deep && *deep != '0')
        return ~u64(0);
    if (const char* b = std::getenv("CITADEL_PERFT_BUDGET"); b && *b)
        return std::strtoull(b, nullptr, 10);
    return kSanitized ? 6'000'000 : 100'000'000;
}

// Perft without bulk counting: every leaf move is made and unmade, so the move list (not the
// counting sink) and make/unmake are what is measured.
template <class V> u64 slow_perft(Position<V>& pos, int depth) {
    if (depth == 0) return 1;
    u64          nodes = 0;
    StateInfo<V> st;
    for (Move m : legal_moves(pos)) {
        pos.make(m, st);
        nodes += slow_perft(pos, depth - 1);
        pos.unmake(m);
    }
    return nodes;
}

// Runs every depth of every position of `file` whose count is within the budget; counts the
// (position, depth) pairs checked.
template <class V> void run_file(const std::string& file, u64 budget, int& checked) {
    for (const PerftCase& c : load_perft(file)) {
        SCOPED_TRACE(file + ":" + std::to_string(c.line) + ": " + c.fen);
        auto setup = parse_fen<V>(c.fen);
        ASSERT_TRUE(setup.ok()) << setup.error().message;
        Position<V>  pos;
        StateInfo<V> si;
        auto         err = pos.set(*setup, si);
        ASSERT_FALSE(err) << err->message;
        const u64 key = pos.key();
        for (auto [depth, expected] : c.counts) {
            if (expected > budget) break;
            EXPECT_EQ(perft(pos, depth), expected) << "depth " << depth;
            ++checked;
        }
        EXPECT_EQ(write_fen<V>(pos.setup()), write_fen<V>(*setup)) << "perft changed the position";
        EXPECT_EQ(pos.key(), key);
    }
}

template <class V> void run_slow(const std::string& file, u64 budget) {
    for (const PerftCase& c : load_perft(file)) {
        SCOPED_TRACE(file + ":" + std::to_string(c.line) + ": " + c.fen);
        auto setup = parse_fen<V>(c.fen);
        ASSERT_TRUE(setup.ok());
        Position<V>  pos;
        StateInfo<V> si;
        ASSERT_FALSE(pos.set(*setup, si));
        for (auto [depth, expected] : c.counts) {
            if (expected > budget) break;
            EXPECT_EQ(slow_perft(pos, depth), expected) << "depth " << depth;
        }
    }
}

} // namespace

TEST(Perft, Chess) {
    int checked = 0;
    run_file<Chess>("perft_chess.epd", node_budget(), checked);
    // Every position runs at least to depth 3 even under the sanitizer budget.
    EXPECT_GE(checked, 21 * 3);
}

TEST(Perft, Silverman) {
    int checked = 0;
    run_file<Silverman>("perft_silverman.epd", node_budget(), checked);
    EXPECT_GE(checked, 8 + 6 + 5 + 5); // all of them: the files' counts are small
}

TEST(Perft, PawnRace) {
    int checked = 0;
    run_file<PawnRace>("perft_pawnrace.epd", node_budget(), checked);
    EXPECT_GE(checked, 5 + 4 + 4 + 2 + 2 + 6 + 3);
}

// The rule book's Silverman start counts, depth 8 included, whatever the budget.
TEST(Perft, SilvermanStartToDepth8) {
    auto setup = parse_fen<Silverman>(Silverman::StartFen);
    ASSERT_TRUE(setup.ok());
    Position<Silverman>  pos;
    StateInfo<Silverman> si;
    ASSERT_FALSE(pos.set(*setup, si));
    const u64 expected[] = { 1, 6, 21, 127, 593, 3685, 21152, 138179, 852810 };
    for (int d = 0; d <= 8; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
}

// The same numbers with every leaf made on the board: the move list and the counting sink agree,
// and make/unmake is exercised at every node.
TEST(Perft, MoveListAgreesWithCounts) {
    const u64 budget = kSanitized ? 150'000 : 2'000'000;
    run_slow<Chess>("perft_chess.epd", budget);
    run_slow<Silverman>("perft_silverman.epd", budget);
    run_slow<PawnRace>("perft_pawnrace.epd", budget);
}
