// The weights of the orthodox evaluation (orthodox.cpp): chess and Silverman 4x4 share the terms
// and differ in values. Each term is a pair, middlegame (_mg) and endgame (_eg), blended by the
// material left (docs/eval.md). Values in centipawns; `citadel_tune` prints these initialisers
// back after tuning (docs/eval.md says how to re-run it).
#pragma once

#include "eval/weights.h"

namespace citadel::eval {

#define CITADEL_ORTHODOX_WEIGHTS(X)                                                           \
    /* material */                                                                            \
    X(pawn_mg) X(pawn_eg) X(knight_mg) X(knight_eg) X(bishop_mg) X(bishop_eg) X(rook_mg)      \
    X(rook_eg) X(queen_mg) X(queen_eg) X(bishop_pair_mg) X(bishop_pair_eg)                    \
    /* piece-square terms, as weights of simple board functions */                            \
    X(pawn_advance_mg) X(pawn_advance_eg) X(pawn_center_mg) X(knight_center_mg)               \
    X(knight_center_eg) X(bishop_center_mg) X(bishop_center_eg) X(queen_center_mg)            \
    X(queen_center_eg) X(rook_seventh_mg) X(rook_seventh_eg) X(king_back_rank_mg)             \
    X(king_center_mg) X(king_center_eg)                                                       \
    /* mobility, per reachable square beyond a typical count */                               \
    X(knight_mobility_mg) X(knight_mobility_eg) X(bishop_mobility_mg) X(bishop_mobility_eg)   \
    X(rook_mobility_mg) X(rook_mobility_eg) X(queen_mobility_mg) X(queen_mobility_eg)         \
    X(rook_open_file_mg) X(rook_open_file_eg) X(rook_semi_open_mg) X(rook_semi_open_eg)       \
    /* king safety */                                                                         \
    X(king_shield_mg) X(king_attack_mg) X(king_attack_eg) X(king_mobility_mg)                 \
    X(king_mobility_eg) X(king_no_escape_mg) X(king_no_escape_eg)                             \
    /* pawn structure */                                                                      \
    X(doubled_mg) X(doubled_eg) X(isolated_mg) X(isolated_eg) X(passed_mg) X(passed_eg)       \
    X(passed_rank_mg) X(passed_rank_eg) X(passed_king_eg) X(passed_blocked_eg)                \
    /* threats: pieces attacked by lesser ones, or attacked and undefended */                \
    X(threat_by_pawn_mg) X(threat_by_pawn_eg) X(threat_by_minor_mg) X(threat_by_minor_eg)     \
    X(threat_by_rook_mg) X(threat_by_rook_eg) X(hanging_mg) X(hanging_eg)                     \
    /* the side to move's initiative */                                                       \
    X(tempo)

CITADEL_DEFINE_WEIGHTS(OrthodoxWeights, CITADEL_ORTHODOX_WEIGHTS)

// Chess. Tuned (citadel_tune, 3 passes from the researched start values listed in docs/eval.md:
// Larry Kaufman's material, P 1, N = B 3.25, R 5, Q 9.75, bishop pair 0.5, and hand-set terms)
// on 11000 quiet positions of Stockfish self-play labelled with Stockfish's expected score;
// error on 3608 held-out positions 0.03766 -> 0.03278 (docs/eval.md).
inline constexpr OrthodoxWeights kChessWeights = {
    .pawn_mg = 69,
    .pawn_eg = 102,
    .knight_mg = 269,
    .knight_eg = 318,
    .bishop_mg = 354,
    .bishop_eg = 309,
    .rook_mg = 486,
    .rook_eg = 604,
    .queen_mg = 1231,
    .queen_eg = 934,
    .bishop_pair_mg = 54,
    .bishop_pair_eg = 103,
    .pawn_advance_mg = 3,
    .pawn_advance_eg = 0,
    .pawn_center_mg = 14,
    .knight_center_mg = 16,
    .knight_center_eg = 6,
    .bishop_center_mg = 4,
    .bishop_center_eg = 3,
    .queen_center_mg = 1,
    .queen_center_eg = 28,
    .rook_seventh_mg = 79,
    .rook_seventh_eg = 17,
    .king_back_rank_mg = 28,
    .king_center_mg = -32,
    .king_center_eg = 12,
    .knight_mobility_mg = 12,
    .knight_mobility_eg = 4,
    .bishop_mobility_mg = 13,
    .bishop_mobility_eg = 5,
    .rook_mobility_mg = 2,
    .rook_mobility_eg = 4,
    .queen_mobility_mg = 1,
    .queen_mobility_eg = 2,
    .rook_open_file_mg = 49,
    .rook_open_file_eg = -6,
    .rook_semi_open_mg = 26,
    .rook_semi_open_eg = 5,
    .king_shield_mg = 12,
    .king_attack_mg = 8,
    .king_attack_eg = 13,
    .king_mobility_mg = 0,
    .king_mobility_eg = -4,
    .king_no_escape_mg = 18,
    .king_no_escape_eg = 92,
    .doubled_mg = 26,
    .doubled_eg = -4,
    .isolated_mg = 28,
    .isolated_eg = 12,
    .passed_mg = -11,
    .passed_eg = 10,
    .passed_rank_mg = 3,
    .passed_rank_eg = 7,
    .passed_king_eg = 5,
    .passed_blocked_eg = 12,
    .threat_by_pawn_mg = 60,
    .threat_by_pawn_eg = 45,
    .threat_by_minor_mg = 35,
    .threat_by_minor_eg = 30,
    .threat_by_rook_mg = 40,
    .threat_by_rook_eg = 20,
    .hanging_mg = 30,
    .hanging_eg = 20,
    .tempo = -1,
};

// Silverman 4x4. Hand-set first (the same material scale, rook and queen only; on sixteen
// squares a king without flight squares is nearly mated, so king mobility, attacks on its
// neighbours and a king with no escape weighed far more than in chess), then tuned: citadel_tune
// --prior 0.0005, 20 passes, on 2200 quiet positions of fairy-stockfish self-play labelled by its
// score; error on 733 held-out positions 0.0620 -> 0.0467 (docs/eval.md).
inline constexpr OrthodoxWeights kSilvermanWeights = {
    .pawn_mg = 130,
    .pawn_eg = 160,
    .knight_mg = 0,
    .knight_eg = 0,
    .bishop_mg = 0,
    .bishop_eg = 0,
    .rook_mg = 544,
    .rook_eg = 576,
    .queen_mg = 958,
    .queen_eg = 960,
    .bishop_pair_mg = 0,
    .bishop_pair_eg = 0,
    .pawn_advance_mg = -14,
    .pawn_advance_eg = 32,
    .pawn_center_mg = 71,
    .knight_center_mg = 0,
    .knight_center_eg = 0,
    .bishop_center_mg = 0,
    .bishop_center_eg = 0,
    .queen_center_mg = 28,
    .queen_center_eg = 26,
    .rook_seventh_mg = 26,
    .rook_seventh_eg = 34,
    .king_back_rank_mg = -32,
    .king_center_mg = 44,
    .king_center_eg = 54,
    .knight_mobility_mg = 0,
    .knight_mobility_eg = 0,
    .bishop_mobility_mg = 0,
    .bishop_mobility_eg = 0,
    .rook_mobility_mg = 36,
    .rook_mobility_eg = 0,
    .queen_mobility_mg = -42,
    .queen_mobility_eg = 36,
    .rook_open_file_mg = 60,
    .rook_open_file_eg = 22,
    .rook_semi_open_mg = 30,
    .rook_semi_open_eg = 21,
    .king_shield_mg = 46,
    .king_attack_mg = 60,
    .king_attack_eg = 0,
    .king_mobility_mg = 25,
    .king_mobility_eg = -19,
    .king_no_escape_mg = 72,
    .king_no_escape_eg = 72,
    .doubled_mg = 43,
    .doubled_eg = 10,
    .isolated_mg = 47,
    .isolated_eg = 63,
    .passed_mg = 52,
    .passed_eg = 100,
    .passed_rank_mg = 44,
    .passed_rank_eg = 112,
    .passed_king_eg = 74,
    .passed_blocked_eg = 42,
    .tempo = 42,
};

}  // namespace citadel::eval
