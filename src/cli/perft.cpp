// citadel perft: count the leaves of the legal move tree (docs/cli.md), optionally per move.
#include <iostream>
#include <memory>

#include "cli/position_args.h"

namespace citadel::cli {
namespace {

struct PerftArgs {
    PositionArgs position;
    int          depth  = -1;
    bool         divide = false;
};

template <class V> void run_perft(const PerftArgs& args) {
    Line<V>     line(args.position);
    std::string out;
    u64         total = 0;
    if (args.divide && args.depth > 0) {
        StateInfo<V> st;
        for (auto& [text, m] : sorted_moves(line.pos)) {
            line.pos.make(m, st);
            u64 n = perft(line.pos, args.depth - 1);
            line.pos.unmake(m);
            out += text + ": " + std::to_string(n) + "\n";
            total += n;
        }
        out += "\n";
    } else
        total = perft(line.pos, args.depth);
    std::cout << out << "Nodes searched: " << total << "\n";
}

} // namespace

Subcommand add_perft(CLI::App& app) {
    auto  args = std::make_shared<PerftArgs>();
    auto* cmd  = app.add_subcommand("perft", "count leaf nodes of the legal move tree");
    args->position.add_to(cmd);
    cmd->add_option("--depth", args->depth, "depth in plies")->required()->check(CLI::Range(0, 64));
    cmd->add_flag("--divide", args->divide, "print the count below each legal move");
    return { cmd, [args] {
                dispatch(
                    args->position.variant, [&]<class V>(VariantTag<V>) { run_perft<V>(*args); });
                return 0;
            } };
}

} // namespace citadel::cli
