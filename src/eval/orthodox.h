// The orthodox evaluation: chess and Silverman 4x4 (one-word bitboards, kings, the FIDE pieces).
// Tapered between middlegame and endgame by the non-pawn material left; White's point of view.
#pragma once

#include "core/position.h"
#include "eval/weights_orthodox.h"
#include "variants/orthodox.h"

namespace citadel::eval {

// The score in centipawns from White's point of view, read with weights w (the tuner passes its
// own; the engine passes kChessWeights / kSilvermanWeights).
int evaluate_white(const Position<Chess>& pos, const OrthodoxWeights& w);
int evaluate_white(const Position<Silverman>& pos, const OrthodoxWeights& w);

} // namespace citadel::eval
