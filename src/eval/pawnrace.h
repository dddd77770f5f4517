// The pawn race evaluation: the race itself (the fastest free passer of each side, counted in
// tempi with the side to move), then pawn count, advance and structure.
#pragma once

#include "core/position.h"
#include "eval/weights_pawnrace.h"
#include "variants/orthodox.h"

namespace citadel::eval {

// The number of moves the fastest free passer of seat c needs to reach its last rank (a pawn
// with no pawn ahead on its file and no enemy pawn ahead on the files beside it: nothing can
// stop or take it), or -1 when c has none.
int race_distance(const Position<PawnRace>& pos, Seat c);

// The score in centipawns from the side to move's point of view, with weights w.
int evaluate_mover(const Position<PawnRace>& pos, const PawnRaceWeights& w);

} // namespace citadel::eval
