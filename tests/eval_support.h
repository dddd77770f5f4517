// Test helpers for the evaluation: positions from FEN, colour-mirrored FENs, and a reproducible
// supply of positions from random playouts.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "eval/evaluate.h"
#include "notation/fen.h"
#include "variants/registry.h"

namespace citadel::eval_test {

// A position with its state chain, set up from text (a test failure if that fails).
template <class V> struct Board {
    Position<V>              pos;
    std::deque<StateInfo<V>> states;

    explicit Board(const std::string& fen) {
        auto s = parse_fen<V>(fen);
        if (!s)
            ADD_FAILURE() << "bad FEN " << fen << ": " << s.error().message;
        else if (auto e = pos.set(*s, states.emplace_back()))
            ADD_FAILURE() << "illegal position " << fen << ": " << e->message;
    }
    int eval() const { return eval::evaluate(pos); }
};

template <class V> int eval_of(const std::string& fen) { return Board<V>(fen).eval(); }

// The FEN of the same position with the colours exchanged: ranks in reverse order, letters'
// case swapped, the other side to move, castling rights and the en passant square mirrored.
inline std::string mirror_fen(const std::string& fen) {
    std::vector<std::string> f;
    size_t                   start = 0;
    for (size_t i = 0; i <= fen.size(); ++i)
        if (i == fen.size() || fen[i] == ' ')
            f.push_back(fen.substr(start, i - start)), start = i + 1;
    std::vector<std::string> ranks;
    start = 0;
    for (size_t i = 0; i <= f[0].size(); ++i)
        if (i == f[0].size() || f[0][i] == '/')
            ranks.push_back(f[0].substr(start, i - start)), start = i + 1;
    std::reverse(ranks.begin(), ranks.end());
    auto swap_case = [](std::string s) {
        for (char& c : s) c = std::isupper(c) ? char(std::tolower(c)) : char(std::toupper(c));
        return s;
    };
    std::string board;
    for (size_t i = 0; i < ranks.size(); ++i) board += (i ? "/" : "") + swap_case(ranks[i]);
    std::string castling = "-";
    if (f[2] != "-") {
        castling.clear();
        for (char c : std::string("KQkq"))
            if (f[2].find(char(std::isupper(c) ? std::tolower(c) : std::toupper(c)))
                != std::string::npos)
                castling += c;
    }
    std::string ep = f[3];
    if (ep != "-") ep[1] = char('1' + ('8' - ep[1]));
    return board + " " + (f[1] == "w" ? "b" : "w") + " " + castling + " " + ep + " " + f[4] + " "
        + f[5];
}

// FENs of positions reached by `count` random playouts of `min_plies` to `max_plies` legal moves
// from the start (a fixed seed: the same positions every run).
template <class V>
std::vector<std::string> random_positions(
    int count, int min_plies, int max_plies, unsigned seed = 1) {
    std::mt19937             rng(seed);
    std::vector<std::string> out;
    while (int(out.size()) < count) {
        Board<V> b{ std::string(V::StartFen) };
        int      plies = std::uniform_int_distribution<int>(min_plies, max_plies)(rng);
        for (int i = 0; i < plies; ++i) {
            auto moves = legal_moves(b.pos);
            if (moves.count == 0) break;
            Move m = moves.moves[std::uniform_int_distribution<int>(0, moves.count - 1)(rng)];
            b.pos.make(m, b.states.emplace_back());
            if constexpr (V::LastRankWins)
                if (legal_moves(b.pos).count == 0) break;
        }
        if (legal_moves(b.pos).count == 0) continue; // ended games are the search's to score
        out.push_back(write_fen<V>(b.pos.setup()));
    }
    return out;
}

} // namespace citadel::eval_test
