// Time management: from the clock of the side to move, how long to think. The soft limit ends
// the iterative deepening between iterations; the hard limit stops a search in progress. Both stay
// well inside the clock minus Move Overhead, so the engine never loses on time with increments
// or movestogo.
#pragma once

#include <algorithm>
#include <type_traits>

#include "search/types.h"
#include "variants/orthodox.h"

namespace citadel::search {

struct TimeBudget {
    int soft_ms = 0, hard_ms = 0; // 0: no limit from the clock
};

// The moves the clock is shared over when the GUI does not say (movestogo). A pawn race lasts
// some 15 moves a side and is decided in its first ten. In chess 20 rather than 30 spends more
// of the clock early, while the game is still open (with 30 Citadel thought 0.26 s a move in
// moves 10-19 at 10 s + 0.1 s, Stockfish 0.36-0.47 s), and less in the long endings (measured
// against 30: +50 +- 47 Elo, 133 games at 5 s + 0.05 s; docs/engine.md, "Changing the
// search"). The other variants keep 30, as measured.
template <class V> constexpr int planned_moves() {
    if constexpr (V::LastRankWins)
        return 12;
    else if constexpr (std::is_same_v<V, Chess>)
        return 20;
    else
        return 30;
}

// moves_left: the moves the game is expected still to last (planned_moves, above).
inline TimeBudget budget_for(const Limits& l, Seat us, int overhead_ms, int moves_left = 30) {
    TimeBudget b;
    if (l.movetime_ms > 0) { // all of it: no soft limit
        b.hard_ms = std::max(1, l.movetime_ms - overhead_ms);
        return b;
    }
    int time = l.time_ms[us], inc = l.inc_ms[us];
    if (time <= 0 && inc <= 0) return b;
    // What may be spent at most: the clock minus the overhead and a safety margin.
    int avail = std::max(1, time - overhead_ms - std::min(50, time / 20));
    int mtg   = l.movestogo > 0 ? std::min(l.movestogo, 40) : moves_left;
    int base  = avail / mtg + inc * 3 / 4;
    int cap   = l.movestogo == 1 ? avail * 8 / 10 : avail / 3;
    b.soft_ms = std::clamp(base, 1, std::max(1, cap));
    b.hard_ms = std::clamp(base * 4, 1, std::max(1, l.movestogo == 1 ? avail * 9 / 10 : avail / 2));
    b.hard_ms = std::max(b.hard_ms, b.soft_ms);
    return b;
}

// How much of the soft limit the iteration just ended lets the next one start within, as a
// factor on the plain rule (start another while less than half the soft limit is spent). A best
// move that took most of the root's nodes and has stood for several iterations needs little more
// thought; one that shares the nodes with its rivals, has just changed, or whose score has just
// fallen gets more, up to the hard limit, which is unchanged. best_share: the best move's part
// of the nodes searched under the root moves this search (0 to 1); stable: the iterations in a
// row that ended with the same best move (0 when it just changed); score_drop: how many
// centipawns the best score fell in the last iteration (negative: it rose).
inline double soft_scale(double best_share, int stable, int score_drop) {
    const double nodes  = std::clamp(1.7 - 1.4 * best_share, 0.5, 1.7);
    const double steady = 1.25 - 0.06 * std::min(stable, 8);
    const double drop   = 1.0 + std::clamp(score_drop, 0, 80) / 160.0;
    return std::clamp(nodes * steady * drop, 0.3, 2.5);
}

} // namespace citadel::search
