// The evaluation's contract with the search: evaluate(pos) scores a position of any two-player
// variant in centipawns from the side to move's point of view (positive: good for the mover).
// The search never looks inside; each variant family has its own file here:
//   orthodox.{h,cpp}   chess and Silverman 4x4 (weights_orthodox.h)
//   pawnrace.{h,cpp}   the pawn race (weights_pawnrace.h)
//   tamerlane.{h,cpp}  Tamerlane (weights_tamerlane.h)
// evaluate_with(pos, weights) is the same with other weights: the tuner's door (tools/tune).
#pragma once

#include <type_traits>

#include "core/position.h"
#include "eval/orthodox.h"
#include "eval/pawnrace.h"
#include "eval/tamerlane.h"

namespace citadel::eval {

// The weights struct variant V is evaluated with, and its committed values.
template <class V> constexpr const auto& default_weights() {
    if constexpr (std::is_same_v<V, Chess>)
        return kChessWeights;
    else if constexpr (std::is_same_v<V, Silverman>)
        return kSilvermanWeights;
    else if constexpr (std::is_same_v<V, PawnRace>)
        return kPawnRaceWeights;
    else {
        static_assert(std::is_same_v<V, Tamerlane>, "evaluate: no evaluation for this variant");
        return kTamerlaneWeights;
    }
}
template <class V> using WeightsFor = std::remove_cvref_t<decltype(default_weights<V>())>;

// The score from the side to move's point of view with weights w (the mover's initiative added).
template <class V> int evaluate_with(const Position<V>& pos, const WeightsFor<V>& w) {
    if constexpr (std::is_same_v<V, PawnRace>)
        return evaluate_mover(pos, w);
    else {
        int white = evaluate_white(pos, w);
        return (pos.side_to_move() == White ? white : -white) + w.tempo;
    }
}

template <class V> int evaluate(const Position<V>& pos) {
    return evaluate_with(pos, default_weights<V>());
}

} // namespace citadel::eval
