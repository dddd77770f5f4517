// Test helpers for the search: a root (set-up + moves) from text, a search run on it, and an
// independent judge of forced wins by the variants' rules (a plain AND-OR search over the
// core's legal moves, sharing nothing with src/search).
#pragma once

#include <gtest/gtest.h>

#include <deque>
#include <sstream>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "notation/fen.h"
#include "notation/uci_move.h"
#include "search/engine.h"
#include "variants/registry.h"

namespace citadel::search_test {

// A position and the moves that led to it, built from FEN text and move text.
template <class V> struct Root {
    Setup<typename V::Geometry> start{};
    std::vector<Move>           moves;
    Position<V>                 pos;
    std::deque<StateInfo<V>>    states;

    explicit Root(const std::string& fen = "", const std::string& move_text = "") {
        auto s = parse_fen<V>(fen.empty() ? std::string(V::StartFen) : fen);
        if (!s) {
            ADD_FAILURE() << "bad FEN " << fen << ": " << s.error().message;
            return;
        }
        start = *s;
        if (auto e = pos.set(start, states.emplace_back())) {
            ADD_FAILURE() << "illegal position " << fen << ": " << e->message;
            return;
        }
        std::istringstream in(move_text);
        for (std::string t; in >> t;) play(t);
    }
    void play(const std::string& text) {
        auto m = find_move(pos, *parse_move_request<typename V::Geometry>(text));
        if (!m) {
            ADD_FAILURE() << "illegal move " << text;
            return;
        }
        moves.push_back(*m);
        pos.make(*m, states.emplace_back());
    }
    std::string text(Move m) const { return move_to_uci<V>(m); }
};

template <class V>
search::Result search_depth(const Root<V>& root, int depth, search::Options options = {}) {
    options.hash_mb = 4;
    search::Engine<V> engine(options);
    search::Limits    limits;
    limits.depth = depth;
    return engine.search(root.start, root.moves, limits);
}

// How the rules judge a position for the side to move, before any move: lost, drawn, or open.
enum class Judged { Open, Lost, Drawn };

template <class V> Judged judge(const Position<V>& pos) {
    if constexpr (std::is_same_v<V, Tamerlane>) {
        Outcome o = outcome_by_rules(pos, 1, false);
        if (!o.over()) return Judged::Open;
        return o.kind == Outcome::Kind::Draw ? Judged::Drawn : Judged::Lost;
    } else {
        using G       = typename V::Geometry;
        const Seat us = pos.side_to_move(), them = Seat(us ^ 1);
        if constexpr (V::LastRankWins) {
            if (any(pos.pieces(them, Pawn) & rank_bb<G>(Position<V>::last_rank(them))))
                return Judged::Lost;
            if (!any(pos.pieces(us, Pawn))) return Judged::Lost;
        }
        if (count_legal(pos) == 0)
            return !V::HasKing || pos.in_check() ? Judged::Lost : Judged::Drawn;
        return Judged::Open;
    }
}

// Whether the side to move wins (mates, stalemates in Tamerlane, wins the race) within n of
// its own moves whatever the defender does.
template <class V> bool forced_win(Position<V>& pos, int n) {
    if (n <= 0 || judge(pos) != Judged::Open) return false;
    StateInfo<V> st;
    for (Move m : legal_moves(pos)) {
        pos.make(m, st);
        bool win = judge(pos) == Judged::Lost || (n > 1 && judge(pos) == Judged::Open && [&] {
            StateInfo<V> st2;
            for (Move r : legal_moves(pos)) {
                pos.make(r, st2);
                bool ok = forced_win(pos, n - 1);
                pos.unmake(r);
                if (!ok) return false;
            }
            return true;
        }());
        pos.unmake(m);
        if (win) return true;
    }
    return false;
}

// Whether move m forces the win in n moves (m included).
template <class V> bool wins_with(Position<V>& pos, Move m, int n) {
    StateInfo<V> st, st2;
    pos.make(m, st);
    bool win = judge(pos) == Judged::Lost;
    if (!win && n > 1 && judge(pos) == Judged::Open) {
        win = true;
        for (Move r : legal_moves(pos)) {
            pos.make(r, st2);
            win = win && forced_win(pos, n - 1);
            pos.unmake(r);
        }
    }
    pos.unmake(m);
    return win;
}

} // namespace citadel::search_test
