// Internal to the learn layer: what the engine sees in a position, for the judge's answers and
// for checking generated practice. One engine per thread and variant, cleared before each search
// and given a fixed node budget, so the same question always gets the same answer.
#pragma once

#include <vector>

#include "game/game.h"
#include "search/engine.h"

namespace citadel::learn {

// The budget of one look: enough to find a mate in 2 and a piece left hanging, small enough for
// an answer in a few milliseconds.
inline constexpr u64 kNodes = 8000;
inline constexpr int kMate  = 30000;

// One engine per thread and variant, cleared before each search so the same question always
// gets the same answer.
template <class V> search::Engine<V>& engine() {
    thread_local search::Engine<V> e([] {
        search::Options o;
        o.hash_mb = 1;
        o.network = nullptr; // by hand: a new chess net must not change a lesson's verdicts
        return o;
    }());
    return e;
}

// What the engine sees: the value for the child (centipawns; a mate in n as kMate - n, being
// mated as n - kMate) and the best line from the position.
struct Look {
    int               value = 0;
    std::vector<Move> pv;
};

template <class V> Look look(const Game<V>& g, Seat child) {
    Look          out;
    const Outcome o = g.outcome();
    if (o.over()) {
        out.value = o.kind == Outcome::Kind::Draw ? 0 : o.winner == child ? kMate : -kMate;
        return out;
    }
    auto& e = engine<V>();
    e.new_game();
    search::Limits limits;
    limits.nodes = kNodes;
    auto result  = e.search(g, limits);
    if (result.lines.empty()) return out;
    const search::Score s = result.lines[0].score;
    int                 v = !s.mate ? s.value : s.value > 0 ? kMate - s.value : -kMate - s.value;
    out.value             = g.position().side_to_move() == child ? v : -v;
    out.pv                = result.lines[0].pv;
    if (out.pv.empty() && !result.best.is_none()) out.pv.push_back(result.best);
    return out;
}

// Moves to mate for the child in a value, or 0 where it is not a mate for the child.
inline int mate_in(int value) { return value > kMate - 200 ? kMate - value : 0; }

} // namespace citadel::learn
