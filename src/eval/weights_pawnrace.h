// The weights of the pawn race evaluation (pawnrace.cpp), in centipawns; `citadel_tune` prints
// them back after tuning.
#pragma once

// Laid out as the tuner prints them (docs/eval.md), one term a line: not reflowed.
// clang-format off

#include "eval/weights.h"

namespace citadel::eval {

#define CITADEL_PAWNRACE_WEIGHTS(X)                                                           \
    X(pawn) X(advance) X(passed) X(passed_rank) X(doubled) X(isolated) X(blocked) X(mobile)   \
    X(no_moves) X(zugzwang) X(race_win) X(race_margin) X(tempo)

CITADEL_DEFINE_WEIGHTS(PawnRaceWeights, CITADEL_PAWNRACE_WEIGHTS)

// No published values exist for the children's race. Derived first from its logic (a won race
// is worth more than any pawn count, because nothing stops a free passer; the squared rank makes
// the last steps count most; a pawn that cannot move is a lost tempo), then tuned: citadel_tune
// --prior 0.002, 20 passes, on 6200 quiet positions of fairy-stockfish self-play labelled by its
// score; error on 2089 held-out positions 0.115 -> 0.082 (docs/eval.md).
inline constexpr PawnRaceWeights kPawnRaceWeights = {
    .pawn = 132,
    .advance = 154,
    .passed = 32,
    .passed_rank = 36,
    .doubled = -11,
    .isolated = 6,
    .blocked = 12,
    .mobile = 37,
    .no_moves = 300,
    .zugzwang = 355,
    .race_win = 903,
    .race_margin = 51,
    .tempo = 12,
};

}  // namespace citadel::eval
// clang-format on
