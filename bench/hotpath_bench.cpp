// Micro-benchmarks of the hot paths (Google Benchmark): legal move generation, make/unmake and
// the static evaluation, per variant, on a middlegame reached from the start by a fixed walk.
// Build with -DCITADEL_BENCH=ON and run `build/citadel_bench`; the figures compare versions
// of Citadel on one machine (perft and search speed against other engines: bench/perft.py,
// bench/search.py).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <deque>
#include <stdexcept>

#include "core/movegen.h"
#include "eval/evaluate.h"
#include "eval/fourkingdoms.h"
#include "notation/fen.h"
#include "notation/k4fen.h"
#include "notation/tfen.h"
#include "variants/registry.h"

namespace citadel {
namespace {

// A position some plies into a game: the start, then a fixed pseudo-random legal move per ply
// (a walk that stops early if the game ends), so every run measures the same position.
template <class V> struct Walked {
    Position<V>              pos;
    std::deque<StateInfo<V>> states;

    explicit Walked(int plies) {
        auto setup = parse_fen<V>(V::StartFen);
        if (!setup || pos.set(*setup, states.emplace_back()))
            throw std::runtime_error("hotpath_bench: bad start position");
        unsigned seed = 12345;
        for (int i = 0; i < plies; ++i) {
            auto moves = legal_moves(pos);
            if (moves.size() == 0) break;
            seed = seed * 1103515245u + 12345u;
            pos.make(moves.moves[(seed >> 16) % unsigned(moves.size())], states.emplace_back());
        }
    }
};

constexpr int WalkPlies = 16;

template <class V> void legal_generation(benchmark::State& state) {
    Walked<V> w(WalkPlies);
    for (auto _ : state) benchmark::DoNotOptimize(count_legal(w.pos));
}

template <class V> void make_unmake(benchmark::State& state) {
    Walked<V>    w(WalkPlies);
    auto         moves = legal_moves(w.pos);
    StateInfo<V> st;
    for (auto _ : state)
        for (Move m : moves) {
            w.pos.make(m, st);
            w.pos.unmake(m);
        }
    state.SetItemsProcessed(state.iterations() * std::int64_t(moves.size()));
}

template <class V> void evaluation(benchmark::State& state) {
    Walked<V> w(WalkPlies);
    for (auto _ : state) {
        if constexpr (V::Seats == 4)
            benchmark::DoNotOptimize(eval::fourkingdoms::strengths(w.pos));
        else
            benchmark::DoNotOptimize(eval::evaluate(w.pos));
    }
}

template <class V> void register_variant() {
    const std::string name(V::Name);
    benchmark::RegisterBenchmark(("legal/" + name).c_str(), legal_generation<V>);
    benchmark::RegisterBenchmark(("make_unmake/" + name).c_str(), make_unmake<V>);
    benchmark::RegisterBenchmark(("evaluate/" + name).c_str(), evaluation<V>);
}

} // namespace
} // namespace citadel

int main(int argc, char** argv) {
    using namespace citadel;
    register_variant<Chess>();
    register_variant<Silverman>();
    register_variant<PawnRace>();
    register_variant<Tamerlane>();
    register_variant<FourKingdoms>();
    register_variant<FourKingdomsTeams>();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
