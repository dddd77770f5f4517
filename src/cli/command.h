// The command line's shared pieces: each subcommand lives in its own file (perft.cpp, moves.cpp,
// uci.cpp, ...) and registers itself on the app through one add_* function declared here.
// main.cpp lists them and runs the one the user named.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>

namespace citadel::cli {

// Bad input the user can fix: printed as one `error: ...` line on stderr, exit status 2.
struct UsageError {
    std::string message;
};

// A registered subcommand: its CLI11 node and what to run when it was named. run() returns the
// process's exit status.
struct Subcommand {
    CLI::App*            app = nullptr;
    std::function<int()> run;
};

Subcommand add_perft(CLI::App& app);
Subcommand add_moves(CLI::App& app);
Subcommand add_bench(CLI::App& app);
Subcommand add_uci(CLI::App& app);
Subcommand add_serve(CLI::App& app);
Subcommand add_datagen(CLI::App& app);

} // namespace citadel::cli
