// citadel_nnue_random: writes a random chess net in the format of docs/nnue.md.
//
//   citadel_nnue_random --out nets/chess.nnue [--hidden 128] [--seed 1]
//
// The same arguments give the same bytes on every machine. nets/chess.nnue is its output with
// the defaults: a placeholder until a trained net replaces it (nets/README.md).
#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>

#include "nnue_random/random_net.h"

int main(int argc, char** argv) {
    using namespace citadel::eval::nnue;
    CLI::App     app{ "Writes a random chess net (docs/nnue.md)" };
    std::string  out;
    int          hidden = 128;
    citadel::u64 seed   = 1;
    app.add_option("--out", out, "the file to write")->required();
    app.add_option("--hidden", hidden, "hidden neurons per side")
        ->check(CLI::Range(MinHidden, MaxHidden));
    app.add_option("--seed", seed, "the random seed");
    CLI11_PARSE(app, argc, argv);
    if (hidden % HiddenStep) {
        std::cerr << "--hidden must be a multiple of " << HiddenStep << "\n";
        return 2;
    }
    const auto    bytes = serialize(*random_network(hidden, seed));
    std::ofstream file(out, std::ios::binary);
    file.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!file.flush()) {
        std::cerr << "cannot write " << out << "\n";
        return 1;
    }
    std::cout << out << ": " << bytes.size() << " bytes, hidden " << hidden << ", hash " << std::hex
              << fnv1a({ bytes.data(), bytes.size() - 8 }) << "\n";
    return 0;
}
