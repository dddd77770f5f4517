// citadel uci (and citadel with no subcommand): the UCI engine on stdin/stdout (cli.md).
#include <iostream>

#include "cli/command.h"
#include "uci/uci.h"

namespace citadel::cli {

Subcommand add_uci(CLI::App& app) {
    auto* cmd = app.add_subcommand("uci", "speak UCI on standard input and output (the default)");
    return { cmd, [] { return uci::run(std::cin, std::cout); } };
}

} // namespace citadel::cli
