// The Four Kingdoms evaluation (both modes): what each seat's position is worth, in centipawns,
// counting every army the seat commands. The search (search/fourkingdoms_search.h) turns these
// strengths into a team score (alliance mode) or into each player's share of the points
// (free-for-all). docs/fourkingdoms_engine.md explains the terms and their weights.
#pragma once

#include <array>

#include "variants/fourkingdoms.h"

namespace citadel::eval::fourkingdoms {

// Centipawns per piece type (Pawn .. King; the king is counted by the search, not here).
inline constexpr int kMaterial[7] = {0, 100, 300, 330, 500, 900, 0};

// One seat's terms; total() is their sum.
struct Terms {
    int material = 0;     // the pieces of every army it commands
    int mobility = 0;     // squares its knights, bishops, rooks and queens reach
    int king_safety = 0;  // attacks of every enemy on the squares around its king, shelter
    int pawns = 0;        // pawns outside their home, and their promotion distance
    int command = 0;      // armies commanded beyond its own (absorbed or the partner's)
    int check = 0;        // being in check now: it must answer first, a tempo lost
    int total() const { return material + mobility + king_safety + pawns + command + check; }
};

// The terms of seat `s` (all zero for a seat out of the game).
Terms terms(const fk::Board& b, Seat s);

// total() of every seat's terms, 0 for seats out of the game.
std::array<int, 4> strengths(const fk::Board& b);

}  // namespace citadel::eval::fourkingdoms
