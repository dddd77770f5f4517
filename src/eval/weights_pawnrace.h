// The weights of the pawn race evaluation (pawnrace.cpp), in centipawns; `citadel_tune` prints
// them back after tuning.
#pragma once

#include "eval/weights.h"

namespace citadel::eval {

#define CITADEL_PAWNRACE_WEIGHTS(X)                                                           \
    X(pawn) X(advance) X(passed) X(passed_rank) X(doubled) X(isolated) X(blocked) X(mobile)   \
    X(no_moves) X(zugzwang) X(race_win) X(race_margin) X(tempo)

CITADEL_DEFINE_WEIGHTS(PawnRaceWeights, CITADEL_PAWNRACE_WEIGHTS)

// No published values exist for the children's race; these are set from its logic (docs/eval.md):
// a won race is worth more than any pawn count, because nothing stops a free passer; the
// squared rank makes the last steps count most; a pawn that cannot move is a lost tempo.
inline constexpr PawnRaceWeights kPawnRaceWeights = {
    .pawn        = 100,
    .advance     = 6,
    .passed      = 30,
    .passed_rank = 12,
    .doubled     = 15,
    .isolated    = 10,
    .blocked     = 12,
    .mobile      = 8,
    .no_moves    = 300,
    .zugzwang    = 400,
    .race_win    = 900,
    .race_margin = 40,
    .tempo       = 10,
};

}  // namespace citadel::eval
