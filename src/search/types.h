// The search library's vocabulary: what a caller asks for (Limits, Options) and what it gets
// back (Info while searching, Result at the end). docs/engine.md describes the API.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "core/move.h"

namespace citadel::eval::nnue {
struct Network;
// The net built into the program, or none where it does not parse (eval/nnue.h).
std::shared_ptr<const Network> builtin();
} // namespace citadel::eval::nnue

namespace citadel::search {

inline constexpr int MaxPly    = 128;
inline constexpr int Infinite  = 32001;
inline constexpr int MateValue = 32000; // mate at the root itself
inline constexpr int MateInMax = MateValue - MaxPly; // |score| >= this: a forced mate (or a
                                                     // won race) within MaxPly plies

// What stops a search. Every field 0/false means "not given"; with none given the search runs
// to its maximum depth.
struct Limits {
    int  depth       = 0;
    u64  nodes       = 0;
    int  movetime_ms = 0;
    int  time_ms[4]  = {}; // per seat: White, Black (Four Kingdoms: East, South, West, North)
    int  inc_ms[4]   = {};
    int  movestogo   = 0;
    bool infinite    = false; // run until stop(); never return on its own
    bool ponder      = false; // like infinite until ponderhit(), then the clock limits apply
};

// How the engine plays; set_options() may change them between searches.
struct Options {
    size_t hash_mb          = 16;
    int    threads          = 1;
    int    multipv          = 1;
    int    skill            = 20; // 0 (a child who just learned the moves) .. 20 (full strength)
    bool   limit_strength   = false;
    int    elo              = 0; // with limit_strength: mapped to a skill (skill.h)
    int    move_overhead_ms = 10;
    u64    seed             = 0; // a weak level's choices are deterministic given it
    // Chess only: evaluate with this net (docs/nnue.md), the built-in one unless told otherwise;
    // none: the hand-written evaluation. Levels below full strength and UCI_LimitStrength
    // evaluate by hand whatever this says: their UCI_Elo anchors were measured so (skill.h).
    std::shared_ptr<const eval::nnue::Network> network = eval::nnue::builtin();
};

// Centipawns from the side to move's view, or with mate set, moves to mate (< 0: being mated;
// in the pawn race a forced win or loss of the race).
struct Score {
    bool        mate                                   = false;
    int         value                                  = 0;
    friend bool operator==(const Score&, const Score&) = default;
};

struct Line {
    Score             score;
    int               depth = 0, seldepth = 0;
    std::vector<Move> pv;
};

// One line of a finished iteration, sent to the caller's callback (UCI `info`).
struct Info {
    int  multipv = 1;
    Line line;
    u64  nodes    = 0;
    int  time_ms  = 0;
    u64  nps      = 0;
    int  hashfull = 0; // permille
};

// best is none (is_none()) when the root has no move: the game is over there.
struct Result {
    Move              best, ponder;
    std::vector<Line> lines; // MultiPV lines, best first
    u64               nodes = 0;
};

// An internal score (mate scores relative to the root) as a Score.
inline Score to_score(int v) {
    if (v >= MateInMax) return { true, (MateValue - v + 1) / 2 };
    if (v <= -MateInMax) return { true, -(MateValue + v) / 2 };
    return { false, v };
}

} // namespace citadel::search
