// citadel moves: list the legal moves of a position (docs/cli.md), one per line, in byte order.
#include <iostream>
#include <memory>

#include "cli/position_args.h"

namespace citadel::cli {

Subcommand add_moves(CLI::App& app) {
    auto  args = std::make_shared<PositionArgs>();
    auto* cmd  = app.add_subcommand("moves", "list the legal moves");
    args->add_to(cmd);
    return { cmd, [args] {
                dispatch(args->variant, [&]<class V>(VariantTag<V>) {
                    Line<V>     line(*args);
                    std::string out;
                    for (auto& [text, m] : sorted_moves(line.pos)) out += text + "\n";
                    std::cout << out;
                });
                return 0;
            } };
}

} // namespace citadel::cli
