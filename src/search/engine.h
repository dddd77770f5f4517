// Engine<V>: the search library's entry point for the two-player variants (chess, silverman,
// pawnrace, tamerlane). One Engine per game or seat; no state is shared between Engines, so any
// number run at once. search() runs on the caller's thread (plus Threads-1 helpers, lazy SMP);
// stop() and ponderhit() may be called from any other thread. docs/engine.md explains it.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "game/game.h"
#include "search/skill.h"
#include "search/time.h"
#include "search/tt.h"
#include "search/types.h"
#include "variants/registry.h"

namespace citadel::search {

template <class V> class Worker;

// What the workers of one search share: the table, the limits, the flags. Read-mostly; the
// flags and node counts are atomics.
struct SearchShared {
    using Clock                  = std::chrono::steady_clock;
    TranspositionTable*       tt = nullptr;
    Limits                    limits;
    TimeBudget                budget;
    int                       max_depth = MaxPly - 8;
    u64                       max_nodes = 0;
    int                       multipv   = 1; // lines searched (a weak level searches more)
    std::atomic<bool>         stop{ false };
    std::atomic<bool>         pondering{ false };
    std::atomic<std::int64_t> start_ns{ 0 }; // when the clock started (reset by ponderhit)

    const eval::nnue::Network* network = nullptr; // Options::network (chess alone reads it)

    int elapsed_ms() const {
        return int((Clock::now().time_since_epoch().count() - start_ns.load()) / 1000000);
    }
};

template <class V> class Engine {
  public:
    using G = typename V::Geometry;

    explicit Engine(const Options& options = {});
    ~Engine();
    Engine(const Engine&)            = delete;
    Engine& operator=(const Engine&) = delete;

    // Resizes the table when hash_mb changes (which clears it).
    void           set_options(const Options& options);
    const Options& options() const { return options_; }
    // Forgets everything learnt: the table and the move-ordering histories.
    void new_game();

    // Searches the position start + moves (the moves are legal, in order; repetitions are
    // judged against them). on_info receives each finished iteration's lines, on this thread.
    Result search(const Setup<G>& start, std::span<const Move> moves, const Limits& limits,
        const std::function<void(const Info&)>& on_info = {});
    Result search(const Game<V>& game, const Limits& limits,
        const std::function<void(const Info&)>& on_info = {}) {
        return search(game.start(), game.moves(), limits, on_info);
    }

    // From any thread: the running search returns soon with its best move so far. A stop()
    // before search() has begun is not remembered; see searching().
    void stop() { shared_.stop = true; }
    // From any thread: the opponent played the pondered move; the clock limits apply from now.
    void ponderhit();
    // Whether a search has begun (its flags are set) and not yet returned.
    bool searching() const { return searching_.load(); }

  private:
    Options                                 options_;
    TranspositionTable                      tt_;
    SearchShared                            shared_;
    std::vector<std::unique_ptr<Worker<V>>> workers_;
    std::atomic<bool>                       searching_{ false };
};

extern template class Engine<Chess>;
extern template class Engine<Silverman>;
extern template class Engine<PawnRace>;
extern template class Engine<Tamerlane>;

} // namespace citadel::search
