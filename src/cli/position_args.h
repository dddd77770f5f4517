// --variant, --fen and --moves: the position a subcommand works on (docs/cli.md), built into a
// Position<V> with its state chain, or a UsageError naming what is wrong and where.
#pragma once

#include <algorithm>
#include <deque>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/command.h"
#include "core/movegen.h"
#include "notation/fen.h"
#include "notation/uci_move.h"
#include "variants/registry.h"

namespace citadel::cli {

struct PositionArgs {
    std::string variant = "chess";
    std::string fen;
    std::string moves;

    void add_to(CLI::App* cmd) {
        cmd->add_option("--variant", variant, "variant name (default chess)");
        cmd->add_option("--fen", fen, "start position in the variant's format");
        cmd->add_option("--moves", moves, "moves to play first, space-separated");
    }
};

// A position from --fen and --moves.
template <class V> struct Line {
    Position<V>              pos;
    std::deque<StateInfo<V>> states;

    explicit Line(const PositionArgs& args) {
        std::string fen   = args.fen.empty() ? std::string(V::StartFen) : args.fen;
        auto        setup = parse_fen<V>(fen);
        if (!setup)
            throw UsageError{ "invalid FEN (" + setup.error().field
                + "): " + setup.error().message };
        if (auto err = pos.set(*setup, states.emplace_back()))
            throw UsageError{ "illegal position: " + err->message };
        std::istringstream in(args.moves);
        std::string        text;
        for (int index = 1; in >> text; ++index) {
            std::string where = " '" + text + "' at index " + std::to_string(index) + ": ";
            auto        req   = parse_move_request<typename V::Geometry>(text);
            if (!req) throw UsageError{ "malformed move" + where + req.error().message };
            auto m = find_move(pos, *req);
            if (!m) {
                auto why = why_illegal(pos, *req);
                throw UsageError{ "illegal move" + where
                    + (why ? why->message : "not a legal move in this position") };
            }
            pos.make(*m, states.emplace_back());
        }
    }
};

// The legal moves with their text, in ascending byte order of the text (docs/cli.md).
template <class V> std::vector<std::pair<std::string, Move>> sorted_moves(const Position<V>& pos) {
    std::vector<std::pair<std::string, Move>> out;
    for (Move m : legal_moves(pos)) out.emplace_back(move_to_uci<V>(m), m);
    std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.first < b.first; });
    return out;
}

// Runs f(VariantTag<V>{}) for the variant named, or throws a UsageError listing the known ones.
template <class F> void dispatch(const std::string& variant, F&& f) {
    if (!with_variant(variant, f))
        throw UsageError{ "unknown variant '" + variant + "' (known: " + std::string(kVariantNames)
            + ")" };
}

} // namespace citadel::cli
