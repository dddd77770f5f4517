// The citadel command line (docs/cli.md): one subcommand per file, registered here.
#include <iostream>
#include <vector>

#include "cli/command.h"
#include "uci/uci.h"

using namespace citadel::cli;

int main(int argc, char** argv) {
    CLI::App app{ "Citadel: rules, engine and lessons for chess and its variants" };
    app.require_subcommand(0, 1);
    std::vector<Subcommand> commands = { add_perft(app), add_moves(app), add_bench(app),
        add_uci(app), add_serve(app), add_datagen(app) };

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }

    try {
        for (auto& c : commands)
            if (c.app->parsed()) return c.run();
        return citadel::uci::run(std::cin, std::cout); // no subcommand: a UCI engine (cli.md)
    } catch (const UsageError& e) {
        std::cerr << "error: " << e.message << "\n";
        return 2;
    }
    return 0;
}
