// The weights of the Tamerlane evaluation (tamerlane.cpp), in centipawns; `citadel_tune` prints
// them back after tuning. Where each value comes from: docs/eval.md.
#pragma once

// Laid out as the tuner prints them (docs/eval.md), one term a line: not reflowed.
// clang-format off

#include "eval/weights.h"

namespace citadel::eval {

#define CITADEL_TAMERLANE_WEIGHTS(X)                                                          \
    /* material: the pieces, and each royal beyond the first */                               \
    X(general) X(vizier) X(giraffe) X(picket) X(knight) X(rook) X(elephant) X(camel)          \
    X(war_engine) X(royal_extra)                                                              \
    /* pawns: a base, a share of the piece each becomes, the advance towards it */            \
    X(pawn) X(pawn_promo_share) X(pawn_advance) X(pawn_promo_advance) X(pawn_of_pawns_target) \
    X(pawn_of_pawns_arrival) X(waiting_pawn) X(passed) X(passed_rank) X(doubled) X(isolated)  \
    /* mobility and placement */                                                              \
    X(rook_mobility) X(picket_mobility) X(giraffe_mobility) X(leaper_mobility) X(center)      \
    /* royals */                                                                              \
    X(king_attack) X(king_shield) X(royal_attacked) X(swap_right) X(citadel_refuge)           \
    X(citadel_draw_reach) X(citadel_square_guarded) X(trade_down)                             \
    /* the side to move's initiative */                                                       \
    X(tempo)

CITADEL_DEFINE_WEIGHTS(TamerlaneWeights, CITADEL_TAMERLANE_WEIGHTS)

inline constexpr TamerlaneWeights kTamerlaneWeights = {
    .general                = 138,
    .vizier                 = 132,
    .giraffe                = 496,
    .picket                 = 276,
    .knight                 = 306,
    .rook                   = 581,
    .elephant               = 110,
    .camel                  = 232,
    .war_engine             = 120,
    .royal_extra            = 348,
    .pawn                   = 90,
    .pawn_promo_share       = 150,
    .pawn_advance           = 0,
    .pawn_promo_advance     = 18,
    .pawn_of_pawns_target   = 250,
    .pawn_of_pawns_arrival  = 150,
    .waiting_pawn           = 200,
    .passed                 = 6,
    .passed_rank            = 3,
    .doubled                = 18,
    .isolated               = 10,
    .rook_mobility          = 3,
    .picket_mobility        = 3,
    .giraffe_mobility       = 3,
    .leaper_mobility        = 4,
    .center                 = 3,
    .king_attack            = 28,
    .king_shield            = 8,
    .royal_attacked         = 30,
    .swap_right             = 30,
    .citadel_refuge         = 100,
    .citadel_draw_reach     = 7,
    .citadel_square_guarded = 2,
    .trade_down             = 24,
    .tempo                  = 7,
};

}  // namespace citadel::eval
// clang-format on
