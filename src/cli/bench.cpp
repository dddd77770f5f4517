// citadel bench: a fixed search of fixed positions (cli.md). With one thread the total node
// count is a signature of the search and evaluation: the same on every machine, changed only
// by a change to either (docs/engine.md keeps the current one).
#include <chrono>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/position_args.h"
#include "eval/nnue.h"
#include "search/engine.h"
#include "search/fourkingdoms_search.h"

namespace citadel::cli {
namespace {

struct BenchArgs {
    std::string variant; // empty: every two-player variant
    int         depth   = 0; // 0: each variant's own
    int         threads = 1;
    bool        hce     = false; // chess evaluated by hand, not by the net (docs/nnue.md)
    std::string eval_file; // empty: the built-in net
};

struct BenchPosition {
    std::string_view fen; // empty: the start
    std::string_view moves; // played first
};

// A few positions per variant: openings, middlegames, endings, and each variant's own themes.
template <class V> std::vector<BenchPosition> bench_positions() {
    if constexpr (std::is_same_v<V, Chess>)
        return { { "", "" },
            { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "" },
            { "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", "" },
            { "2r3k1/pp3ppp/4p3/3n4/3P4/P4N2/1P3PPP/2R3K1 w - - 0 25", "" },
            { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "" },
            { "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "" },
            { "8/8/4k3/8/2K5/8/3P4/8 w - - 0 1", "" } };
    else if constexpr (std::is_same_v<V, Silverman>)
        return { { "", "" }, { "", "b2c3 b3c2" }, { "r1kr/p2p/P1qP/R1QK w - - 0 1", "" } };
    else if constexpr (std::is_same_v<V, PawnRace>)
        return { { "", "" }, { "", "e2e4 d7d5 e4d5" },
            { "8/p1p2ppp/8/8/8/8/PP3P1P/8 w - - 0 1", "" } };
    else
        return { { "", "" }, { "", "f3f4 f8f7 e3e4 g8g7" },
            { "", "e3e4 e8e7 b2c4 j9i7 c4d6 i7h5" } };
}

template <class V> int default_depth() {
    if constexpr (std::is_same_v<V, Chess>)
        return 9;
    else if constexpr (std::is_same_v<V, Silverman>)
        return 10;
    else if constexpr (std::is_same_v<V, PawnRace>)
        return 10;
    else
        return 5;
}

struct Totals {
    u64    nodes   = 0;
    double seconds = 0;
};

template <class V> void bench_variant(const BenchArgs& args, Totals& totals) {
    search::Options options;
    options.threads = args.threads;
    if constexpr (std::is_same_v<V, Chess>) {
        if (args.hce)
            options.network = nullptr;
        else if (!args.eval_file.empty()) {
            auto net = eval::nnue::load_file(args.eval_file);
            if (!net) throw UsageError{ "net " + args.eval_file + ": " + net.error() };
            options.network = *net;
        }
    }
    search::Engine<V> engine(options);
    search::Limits    limits;
    limits.depth   = args.depth > 0 ? args.depth : default_depth<V>();
    auto positions = bench_positions<V>();
    for (size_t i = 0; i < positions.size(); ++i) {
        PositionArgs       pa{ std::string(V::Name), std::string(positions[i].fen),
            std::string(positions[i].moves) };
        std::vector<Move>  moves;
        Line<V>            replay(PositionArgs{ pa.variant, pa.fen, "" });
        std::istringstream in(pa.moves);
        for (std::string text; in >> text;) {
            auto m = find_move(replay.pos, *parse_move_request<typename V::Geometry>(text));
            if (!m) throw UsageError{ "bench position's move " + text + " is illegal" };
            moves.push_back(*m);
            replay.pos.make(*m, replay.states.emplace_back());
        }
        auto setup = *parse_fen<V>(pa.fen.empty() ? V::StartFen : pa.fen);
        engine.new_game();
        auto t0 = std::chrono::steady_clock::now();
        auto r  = engine.search(setup, moves, limits);
        totals.seconds
            += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        totals.nodes += r.nodes;
        std::cout << V::Name << " position " << i + 1 << "/" << positions.size() << ": "
                  << (r.best.is_none() ? "0000" : move_to_uci<V>(r.best)) << " nodes " << r.nodes
                  << "\n";
    }
}

// Four Kingdoms: its own engine, on a game (turn order, eliminations) from the start + moves.
template <class V> void bench_four_kingdoms(const BenchArgs& args, Totals& totals) {
    constexpr std::string_view    openings[] = { "", "m4k4 g2g4 b8d8 h13h11" };
    search::FourKingdomsEngine<V> engine;
    search::Limits                limits;
    limits.depth = args.depth > 0 ? args.depth : 4;
    int index    = 0;
    for (std::string_view opening : openings) {
        FourKingdomsGame<V> game;
        std::istringstream  in{ std::string(opening) };
        for (std::string text; in >> text;)
            if (!game.play_uci(text))
                throw UsageError{ "bench position's move " + text + " is illegal" };
        engine.new_game();
        auto t0 = std::chrono::steady_clock::now();
        auto r  = engine.search(game, limits);
        totals.seconds
            += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        totals.nodes += r.nodes;
        std::cout << V::Name << " position " << ++index << "/" << std::size(openings) << ": "
                  << (r.best.is_none() ? "0000" : move_to_uci<V>(r.best)) << " nodes " << r.nodes
                  << "\n";
    }
}

} // namespace

Subcommand add_bench(CLI::App& app) {
    auto  args = std::make_shared<BenchArgs>();
    auto* cmd  = app.add_subcommand("bench", "search fixed positions to a fixed depth");
    cmd->add_option("--variant", args->variant, "one variant (default: every variant)");
    cmd->add_option("--depth", args->depth, "depth in plies (default: per variant)")
        ->check(CLI::Range(1, 64));
    cmd->add_option("--threads", args->threads, "search threads")->check(CLI::Range(1, 256));
    auto* hce = cmd->add_flag(
        "--hce", args->hce, "evaluate chess by hand, as the weak levels do (default: the net)");
    cmd->add_option("--eval-file", args->eval_file, "the chess net's file (default: built in)")
        ->excludes(hce);
    return { cmd, [args] {
                Totals totals;
                auto   one = [&]<class V>(VariantTag<V>) {
                    if constexpr (V::Seats == 2)
                        bench_variant<V>(*args, totals);
                    else
                        bench_four_kingdoms<V>(*args, totals);
                };
                if (!args->variant.empty())
                    dispatch(args->variant, one);
                else
                    for (auto name : { "chess", "silverman", "pawnrace", "tamerlane",
                             "fourkingdoms", "fourkingdoms-teams" })
                        with_variant(name, one);
                std::cout << "Total time (ms): " << u64(totals.seconds * 1000) << "\n"
                          << "Nodes searched: " << totals.nodes << "\n"
                          << "Nodes/second: " << u64(totals.nodes / std::max(totals.seconds, 1e-3))
                          << "\n";
                return 0;
            } };
}

} // namespace citadel::cli
