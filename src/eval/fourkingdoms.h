// The Four Kingdoms evaluation (both modes): what each seat's position is worth, in centipawns,
// counting every army the seat commands. The search (search/fourkingdoms_search.h) turns these
// strengths into a team score (alliance mode) or into each player's share of the points
// (free-for-all). docs/fourkingdoms_engine.md explains the terms and their weights.
#pragma once

#include <array>

#include "variants/fourkingdoms.h"

namespace citadel::eval::fourkingdoms {

// Centipawns per piece type (Pawn .. King; the king is counted by the search, not here).
inline constexpr int kMaterial[7] = { 0, 100, 300, 330, 500, 900, 0 };

// The weights of the terms (centipawns). kWeights is what the engine plays with; other values
// exist only for self-play A/B tests (bench/fk_match's SPEC suffix, docs/fourkingdoms_engine.md).
struct Weights {
    int mobility[7]  = { 0, 0, 4, 3, 2, 1, 0 }; // per reachable square, by piece type
    int king_attack  = 12; // per enemy attack on the king's square or a neighbour
    int shelter      = 6; // per friendly piece next to the king
    int check_threat = 8; // per empty square next to the king that an enemy slider able
                          // to check from there attacks: a contact check to answer first
    int absorbed_army = 40; // per army commanded beyond its own that has pieces
    int in_check      = 30; // being in check now
    int endgame       = 1500; // material below which a king's room counts
    int flight        = 12; // per flight square the king lacks
    int edge          = 15; // per step of the king from the centre
    int pawn_step     = 6; // per step of a pawn beyond its home's last line
    int pawn_near     = 25; // per step from four steps before the promotion line
    // Read by the search, not the evaluation: an elimination made in the tree counts this for
    // its maker per ply before the eighth that it comes (search/fourkingdoms_search.cpp).
    int elimination_tempo = 200;
};
inline constexpr Weights kWeights{};

// One seat's terms; total() is their sum.
struct Terms {
    int material    = 0; // the pieces of every army it commands
    int mobility    = 0; // squares its knights, bishops, rooks and queens reach
    int king_safety = 0; // attacks of every enemy on the squares around its king, shelter
    int pawns       = 0; // pawns outside their home, and their promotion distance
    int command     = 0; // armies commanded beyond its own (absorbed or the partner's)
    int check       = 0; // in check now, or checks threatened: it must answer first
    int total() const { return material + mobility + king_safety + pawns + command + check; }
};

// The terms of seat `s` (all zero for a seat out of the game).
Terms terms(const fk::Board& b, Seat s, const Weights& w = kWeights);

// total() of every seat's terms, 0 for seats out of the game.
std::array<int, 4> strengths(const fk::Board& b, const Weights& w = kWeights);

} // namespace citadel::eval::fourkingdoms
