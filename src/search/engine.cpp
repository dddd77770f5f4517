// Engine<V>: the driver around the workers — options, the table, threads, limits, strength.
#include "search/engine.h"

#include <thread>

#include "search/worker.h"

namespace citadel::search {

template <class V>
Engine<V>::Engine(const Options& options)
    : tt_(options.hash_mb) {
    set_options(options);
}

template <class V> Engine<V>::~Engine() = default;

template <class V> void Engine<V>::set_options(const Options& options) {
    if (options.hash_mb != options_.hash_mb || workers_.empty()) tt_.resize(options.hash_mb);
    options_         = options;
    options_.threads = std::clamp(options.threads, 1, 256);
    options_.multipv = std::clamp(options.multipv, 1, 256);
    // The levels below full strength and every UCI_Elo keep the hand-written evaluation their
    // anchors were measured with (skill.h): the net plays at full strength alone.
    const bool calibrated = options_.limit_strength || effective_strength(options_) < FullStrength;
    shared_.network       = calibrated ? nullptr : options_.network.get();
    while (int(workers_.size()) < options_.threads)
        workers_.push_back(std::make_unique<Worker<V>>(shared_, int(workers_.size())));
    workers_.resize(options_.threads);
}

template <class V> void Engine<V>::new_game() {
    tt_.clear();
    for (auto& w : workers_) w->clear_history();
}

template <class V> void Engine<V>::ponderhit() {
    shared_.start_ns  = SearchShared::Clock::now().time_since_epoch().count();
    shared_.pondering = false;
}

template <class V>
Result Engine<V>::search(const Setup<G>& start, std::span<const Move> moves, const Limits& limits,
    const std::function<void(const Info&)>& on_info) {
    const int strength = effective_strength(options_);
    shared_.tt         = &tt_;
    shared_.limits     = limits;
    shared_.start_ns   = SearchShared::Clock::now().time_since_epoch().count();
    shared_.pondering  = limits.ponder;
    shared_.stop       = false;
    searching_         = true;
    struct Done { // searching() turns false however search() returns
        std::atomic<bool>& flag;
        ~Done() { flag = false; }
    } done{ searching_ };

    Result     result;
    Worker<V>& main = *workers_[0];
    for (auto& w : workers_)
        if (!w->set_root(start, moves)) return result;
    const auto& roots = main.root_moves();
    if (roots.empty()) return result;

    shared_.budget = budget_for(
        limits, main.position().side_to_move(), options_.move_overhead_ms, planned_moves<V>());
    shared_.max_depth = MaxPly - 8;
    if (limits.depth > 0) shared_.max_depth = std::min(limits.depth, shared_.max_depth);
    if (int d = skill_depth(strength)) shared_.max_depth = std::min(shared_.max_depth, d);
    shared_.max_nodes = limits.nodes;
    // A weak level's node budget takes effect at the end of its first iteration (the nodes of
    // that iteration count towards it): even level 0 weighs every move at depth 1, never just
    // the first one the move ordering offers.
    const u64 skill_budget = limits.infinite ? 0 : skill_nodes(strength);
    shared_.multipv        = std::max(options_.multipv, skill_candidates(strength));
    tt_.new_search();

    auto total_nodes = [&] {
        u64 n = 0;
        for (auto& w : workers_) n += w->nodes();
        return n;
    };
    auto lines_now = [&](int depth) {
        std::vector<Line> lines;
        int               n = std::min<int>(shared_.multipv, int(roots.size()));
        for (int i = 0; i < n; ++i) {
            const auto& rm = roots[i];
            int         v  = rm.score != -Infinite ? rm.score : rm.previous;
            lines.push_back({ to_score(v), depth, std::max(depth, rm.seldepth), rm.pv });
        }
        return lines;
    };
    auto report = [&](int depth) { // on the main worker's thread, the one that counts nodes
        if (skill_budget)
            shared_.max_nodes
                = shared_.max_nodes ? std::min(shared_.max_nodes, skill_budget) : skill_budget;
        result.lines = lines_now(depth);
        if (!on_info) return;
        Info info;
        info.nodes    = total_nodes();
        info.time_ms  = shared_.elapsed_ms();
        info.nps      = info.nodes * 1000 / u64(std::max(1, info.time_ms));
        info.hashfull = tt_.hashfull();
        for (int i = 0; i < std::min<int>(options_.multipv, int(result.lines.size())); ++i) {
            info.multipv = i + 1;
            info.line    = result.lines[i];
            on_info(info);
        }
    };

    std::vector<std::thread> helpers;
    for (size_t i = 1; i < workers_.size(); ++i)
        helpers.emplace_back([w = workers_[i].get()] { w->iterate({}); });
    main.iterate(report);
    // Infinite and ponder searches give their move only when told to.
    while ((limits.infinite || shared_.pondering) && !shared_.stop)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    shared_.stop = true;
    for (auto& t : helpers) t.join();

    if (result.lines.empty()) // stopped inside the first iteration: the best-ordered move
        result.lines.push_back({ to_score(0), 0, 0, { roots[0].move } });
    size_t pick = 0;
    if (strength < FullStrength)
        pick = pick_weak_line(result.lines, strength, mix64(options_.seed ^ main.position().key()));
    const Line& chosen = result.lines[pick];
    result.best        = chosen.pv.empty() ? roots[0].move : chosen.pv[0];
    if (chosen.pv.size() > 1) result.ponder = chosen.pv[1];
    if (int(result.lines.size()) > options_.multipv) result.lines.resize(options_.multipv);
    result.nodes = total_nodes();
    return result;
}

template class Engine<Chess>;
template class Engine<Silverman>;
template class Engine<PawnRace>;
template class Engine<Tamerlane>;

} // namespace citadel::search
