// The evaluation's contract with the search: evaluate(pos) scores a position of any two-player
// variant in centipawns from the side to move's point of view (positive: good for the mover).
// The search never looks inside; each variant family has its own file here.
//
// This first version counts material only; the per-variant evaluations replace it.
#pragma once

#include "core/position.h"
#include "variants/tamerlane.h"

namespace citadel::eval {

// Centipawns per piece type, indexed by PieceType (royals count nothing).
inline constexpr int kMaterial[PieceTypeLimit] = {
    0,    // none
    100,  // pawn
    320,  // knight
    330,  // bishop
    500,  // rook
    900,  // queen
    0,    // king
    0,    // prince
    0,    // adventitious king
    150,  // general
    150,  // vizier
    600,  // giraffe
    450,  // picket
    150,  // elephant
    300,  // camel
    150,  // war engine
    100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100,  // the eleven pawns of Tamerlane
};

template <class V> int evaluate(const Position<V>& pos) {
    Seat us = pos.side_to_move();
    int  score = 0;
    for (int t = 1; t < PieceTypeLimit; ++t)
        if (kMaterial[t] && (V::Pieces & piece_set(PieceType(t))))
            score += kMaterial[t] * (popcount(pos.pieces(us, PieceType(t))) -
                                     popcount(pos.pieces(Seat(us ^ 1), PieceType(t))));
    return score;
}

}  // namespace citadel::eval
