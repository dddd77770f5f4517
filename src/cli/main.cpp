// The citadel command line (cli.md): perft and moves for every variant.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <deque>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "notation/fen.h"
#include "notation/uci_move.h"
#include "variants/registry.h"

using namespace citadel;

namespace {

struct UsageError {
    std::string message;
};

struct PositionArgs {
    std::string variant = "chess";
    std::string fen;
    std::string moves;
};

// A position from --fen and --moves, or a UsageError naming what is wrong.
template <class V> struct Line {
    Position<V>                pos;
    std::deque<StateInfo<V>>   states;

    explicit Line(const PositionArgs& args) {
        std::string fen = args.fen.empty() ? std::string(V::StartFen) : args.fen;
        auto        setup = parse_fen<V>(fen);
        if (!setup) throw UsageError{"invalid FEN (" + setup.error().field + "): " + setup.error().message};
        if (auto err = pos.set(*setup, states.emplace_back()))
            throw UsageError{"illegal position: " + err->message};
        std::istringstream in(args.moves);
        std::string        text;
        for (int index = 1; in >> text; ++index) {
            std::string where = " '" + text + "' at index " + std::to_string(index) + ": ";
            auto        req   = parse_move_request<typename V::Geometry>(text);
            if (!req) throw UsageError{"malformed move" + where + req.error().message};
            auto m = find_move(pos, *req);
            if (!m) {
                auto why = why_illegal(pos, *req);
                throw UsageError{"illegal move" + where +
                                 (why ? why->message : "not a legal move in this position")};
            }
            pos.make(*m, states.emplace_back());
        }
    }
};

template <class V> std::vector<std::pair<std::string, Move>> sorted_moves(const Position<V>& pos) {
    std::vector<std::pair<std::string, Move>> out;
    for (Move m : legal_moves(pos)) out.emplace_back(move_to_uci<V>(m), m);
    std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.first < b.first; });
    return out;
}

template <class V> void run_perft(const PositionArgs& args, int depth, bool divide) {
    Line<V>     line(args);
    std::string out;
    u64         total = 0;
    if (divide && depth > 0) {
        StateInfo<V> st;
        for (auto& [text, m] : sorted_moves(line.pos)) {
            line.pos.make(m, st);
            u64 n = perft(line.pos, depth - 1);
            line.pos.unmake(m);
            out += text + ": " + std::to_string(n) + "\n";
            total += n;
        }
        out += "\n";
    } else
        total = perft(line.pos, depth);
    std::cout << out << "Nodes searched: " << total << "\n";
}

template <class V> void run_moves(const PositionArgs& args) {
    Line<V>     line(args);
    std::string out;
    for (auto& [text, m] : sorted_moves(line.pos)) out += text + "\n";
    std::cout << out;
}

template <class F> void dispatch(const std::string& variant, F&& f) {
    if (!with_variant(variant, f))
        throw UsageError{"unknown variant '" + variant + "' (known: " + std::string(kVariantNames) + ")"};
}

void add_position_options(CLI::App* cmd, PositionArgs& args) {
    cmd->add_option("--variant", args.variant, "variant name (default chess)");
    cmd->add_option("--fen", args.fen, "start position in the variant's format");
    cmd->add_option("--moves", args.moves, "moves to play first, space-separated");
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Citadel: rules, engine and lessons for chess and its variants"};
    app.require_subcommand(0, 1);

    PositionArgs perft_args, moves_args;
    int          depth  = -1;
    bool         divide = false;
    auto*        perft_cmd = app.add_subcommand("perft", "count leaf nodes of the legal move tree");
    add_position_options(perft_cmd, perft_args);
    perft_cmd->add_option("--depth", depth, "depth in plies")->required()->check(CLI::Range(0, 64));
    perft_cmd->add_flag("--divide", divide, "print the count below each legal move");

    auto* moves_cmd = app.add_subcommand("moves", "list the legal moves");
    add_position_options(moves_cmd, moves_args);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }

    try {
        if (perft_cmd->parsed())
            dispatch(perft_args.variant, [&]<class V>(VariantTag<V>) { run_perft<V>(perft_args, depth, divide); });
        else if (moves_cmd->parsed())
            dispatch(moves_args.variant, [&]<class V>(VariantTag<V>) { run_moves<V>(moves_args); });
        else
            std::cout << app.help();
    } catch (const UsageError& e) {
        std::cerr << "error: " << e.message << "\n";
        return 2;
    }
    return 0;
}
