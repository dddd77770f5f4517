// The Tamerlane evaluation: material of the fairy pieces and the eleven pawns, mobility, the
// safety of a lone royal, extra royals as insurance, the citadel as a drawing refuge, the pawn of
// pawns. White's point of view.
#pragma once

#include "eval/weights_tamerlane.h"
#include "variants/tamerlane.h"

namespace citadel::eval {

// The material value of a piece type (a pawn by its kind, without its advance), with weights w.
int tamerlane_value(PieceType t, const TamerlaneWeights& w);

// The score in centipawns from White's point of view, with weights w.
int evaluate_white(const Position<Tamerlane>& pos, const TamerlaneWeights& w);

} // namespace citadel::eval
