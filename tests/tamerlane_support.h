// Test helpers for Tamerlane: TFEN text from square -> token pairs (written independently of the
// engine's writer) and a position with its state chain, queried and played by move text.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "variants/tamerlane.h"

namespace citadel::tamerlane_test {

using Moves  = std::set<std::string>;
using Pieces = std::map<std::string, std::string>;

// The TFEN of `pieces` ("a1" -> "Z") followed by `rest` (side, citadels, swaps, counters).
inline std::string tfen(const Pieces& pieces, const std::string& rest = "w -/- - 0/0 0 1") {
    std::string board;
    for (int rank = 10; rank >= 1; --rank) {
        int empty = 0;
        for (char file = 'a'; file <= 'k'; ++file) {
            auto it = pieces.find(std::string(1, file) + std::to_string(rank));
            if (it == pieces.end()) {
                ++empty;
                continue;
            }
            if (empty) board += std::to_string(empty), empty = 0;
            board += it->second;
        }
        if (empty) board += std::to_string(empty);
        if (rank > 1) board += '/';
    }
    return board + " " + rest;
}

// A position set up from TFEN (a failure of the test if it is malformed or illegal).
struct Board {
    Position<Tamerlane>              pos;
    std::deque<StateInfo<Tamerlane>> states;

    explicit Board(const std::string& fen) {
        auto s = parse_fen<Tamerlane>(fen);
        if (!s)
            ADD_FAILURE() << "bad TFEN " << fen << ": " << s.error().field << ": "
                          << s.error().message;
        else if (auto e = pos.set(*s, states.emplace_back()))
            ADD_FAILURE() << "illegal position " << fen << ": " << e->message;
    }
    // Every legal move as text.
    Moves moves() const {
        Moves out;
        for (Move m : legal_moves(pos)) out.insert(move_to_uci<Tamerlane>(m));
        return out;
    }
    // The legal moves from `square` (not from a square whose name merely starts the same).
    Moves from(const std::string& square) const {
        Moves out;
        for (const auto& m : moves())
            if (m.rfind(square, 0) == 0
                && !std::isdigit(static_cast<unsigned char>(m[square.size()])))
                out.insert(m);
        return out;
    }
    // The legal move written `uci`; fails the test if there is none.
    Move move(const std::string& uci) const {
        auto m = find_uci_move(pos, uci);
        EXPECT_TRUE(m.has_value()) << uci << " is not legal in " << fen();
        return m.value_or(Move());
    }
    // Plays a move by its text; fails the test if it is not legal.
    void play(const std::string& text) {
        auto m = find_uci_move(pos, text);
        ASSERT_TRUE(m.has_value()) << text << " is not legal in " << fen();
        pos.make(*m, states.emplace_back());
    }
    // Why the move written `text` is illegal (nothing if it is legal).
    std::optional<Illegality> why(const std::string& text) const {
        auto req = parse_move_request<TamerlaneBoard>(text);
        EXPECT_TRUE(req.ok()) << text;
        return req ? why_illegal(pos, *req) : std::nullopt;
    }
    std::string fen() const { return write_fen<Tamerlane>(pos.setup()); }
    // The TFEN token of the piece on `square`, or "-".
    std::string at(const std::string& square) const {
        Piece p = pos.piece_on(*parse_square<TamerlaneBoard>(square));
        return p ? tamerlane::piece_token(p) : "-";
    }
};

} // namespace citadel::tamerlane_test
