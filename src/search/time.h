// Time management: from the clock of the side to move, how long to think. The soft limit ends
// the iterative deepening between iterations; the hard limit stops a search in progress. Both stay
// well inside the clock minus Move Overhead, so the engine never loses on time with increments
// or movestogo.
#pragma once

#include <algorithm>

#include "search/types.h"

namespace citadel::search {

struct TimeBudget {
    int soft_ms = 0, hard_ms = 0; // 0: no limit from the clock
};

// moves_left: the moves a game is expected still to last when the GUI does not say (movestogo);
// 30 suits chess, a short game (the pawn race) gives each move more of the clock.
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

} // namespace citadel::search
