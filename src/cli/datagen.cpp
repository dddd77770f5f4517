// citadel datagen: self-play training data for the chess evaluation (docs/datagen.md), written
// to --output and continued there when the same command runs again; progress on stderr.
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <thread>

#include "cli/command.h"
#include "datagen/datagen.h"
#include "eval/nnue.h"

namespace citadel::cli {
namespace {

struct DatagenArgs {
    std::string        variant = "chess";
    bool               net     = false;
    std::string        eval_file;
    datagen::RunConfig config;
};

void print_progress(const datagen::Progress& p) {
    char eta[32] = "?";
    if (p.eta_seconds >= 0) {
        const long s = long(p.eta_seconds);
        std::snprintf(eta, sizeof eta, "%ldh%02ldm%02lds", s / 3600, s / 60 % 60, s % 60);
    }
    std::fprintf(stderr, "\rgames %llu, positions %llu, %.0f positions/s, ETA %s   ",
        (unsigned long long)p.games, (unsigned long long)p.positions, p.positions_per_second, eta);
}

} // namespace

Subcommand add_datagen(CLI::App& app) {
    auto args            = std::make_shared<DatagenArgs>();
    args->config.threads = int(std::max(1u, std::thread::hardware_concurrency()));
    auto& c              = args->config;
    auto* cmd = app.add_subcommand("datagen", "self-play training data for the chess evaluation");
    cmd->add_option("--variant", args->variant, "variant (chess only)");
    cmd->add_option("--output", c.path, "data file, created or continued")->required();
    cmd->add_option("--games", c.games, "stop when the file holds this many games")
        ->check(CLI::Range(u64(1), u64(1) << 40));
    cmd->add_option("--positions", c.positions, "stop when the file holds this many positions")
        ->check(CLI::Range(u64(1), u64(1) << 40));
    cmd->add_option("--nodes", c.settings.nodes, "nodes searched a move (5000)")
        ->check(CLI::Range(1u, 100000000u));
    cmd->add_option("--random-plies", c.settings.random_plies, "random opening plies (8)")
        ->check(CLI::Range(1u, 100u));
    cmd->add_option("--max-opening-score", c.settings.max_opening_score,
           "largest opening score kept, centipawns (400)")
        ->check(CLI::Range(50u, 10000u)); // a tighter bound could reject every opening
    cmd->add_option("--seed", c.settings.seed, "game i is seeded by (seed, i) (1)");
    cmd->add_option("--threads", c.threads, "games played at once (all cores)")
        ->check(CLI::Range(1, 256));
    cmd->add_flag("--net", args->net,
        "the built-in chess net plays the games instead of the hand-written evaluation");
    cmd->add_option("--eval-file", args->eval_file, "this net plays the games (implies --net)");
    return { cmd,
        [args] {
            if (args->variant != "chess")
                throw UsageError{ "datagen makes chess data only, not '" + args->variant + "'" };
            auto& config = args->config;
            if ((config.games > 0) == (config.positions > 0))
                throw UsageError{ "datagen needs exactly one target: --games N or --positions N" };
            if (!args->eval_file.empty()) {
                auto net = eval::nnue::load_file(args->eval_file);
                if (!net) throw UsageError{ "net " + args->eval_file + ": " + net.error() };
                config.net = *net;
            } else if (args->net) {
                config.net = eval::nnue::builtin();
                if (!config.net) throw UsageError{ "this build has no chess net built in" };
            }
            datagen::Progress done;
            try {
                done = datagen::run(config, print_progress);
            } catch (const std::runtime_error& e) {
                throw UsageError{ e.what() };
            }
            std::cerr << "\n";
            std::cout << config.path << ": " << done.games << " games, " << done.positions
                      << " positions\n";
            return 0;
        } };
}

} // namespace citadel::cli
