// Strength below full: a skill level limits how deep the engine looks and lets it pick a
// plausible but worse move among its best candidates, the way people err. UCI_Elo maps onto a
// strength between the levels by a table of measured anchors (docs/engine.md, "Calibration").
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "search/types.h"

namespace citadel::search {

// Strength in hundredths of a skill level, so that every UCI_Elo means something between two
// levels: 0 (level 0) .. FullStrength (level 20, full strength).
inline constexpr int FullStrength = 2000;

// One measured point of the UCI_Elo scale: the Elo a level (in hundredths) plays at.
struct EloAnchor {
    int elo, strength;
};

// Measured at 10 s + 0.1 s, one thread each, with the king-danger sum of the evaluation:
// levels 8, 10 and 14 against Stockfish 15.1's calibrated UCI_Elo 1400, 1600 and 1800 (80
// games each); full strength (level 20) from 100 games against Stockfish at 2200 (36-25-39,
// -10 +- 60); below level 8, by matches between levels (6 against 8, 3 against 6, 0 against
// 3), each step's Elo difference added to the level above. docs/engine.md has the figures;
// bench/calibrate.py re-runs them. Elo and strength both increase strictly along the table.
inline constexpr std::array<EloAnchor, 7> EloTable{ {
    { 303, 0 },
    { 544, 300 },
    { 1014, 600 },
    { 1396, 800 },
    { 1548, 1000 },
    { 1880, 1400 },
    { 2190, FullStrength },
} };

// Full strength in chess with the net (Skill Level 20; UCI_LimitStrength evaluates by hand, so
// the table above holds for every UCI_Elo), measured against Stockfish at UCI_Elo 2400 in the
// conditions above: the sixth-generation net, 200 games, 80-59-61, +33 +- 37 per pair
// (docs/nnue.md). The web app's level 20 says it.
inline constexpr int NetFullStrengthElo = 2430;
static_assert(NetFullStrengthElo > EloTable.back().elo);

inline constexpr int MinElo = EloTable.front().elo;
// The highest UCI_Elo offered: the Stockfish UCI_Elo full strength was measured against, so
// that a GUI's 2200 is played; from the top anchor up to it the strength is full.
inline constexpr int MaxElo = 2200;
static_assert(MaxElo >= EloTable.back().elo);

// The strength a UCI_Elo stands for: linear between the two anchors around it.
inline int strength_for_elo(int elo) {
    if (elo <= MinElo) return EloTable.front().strength;
    for (size_t i = 1; i < EloTable.size(); ++i) {
        const EloAnchor lo = EloTable[i - 1], hi = EloTable[i];
        if (elo < hi.elo)
            return lo.strength + (hi.strength - lo.strength) * (elo - lo.elo) / (hi.elo - lo.elo);
    }
    return EloTable.back().strength;
}

// The strength the options ask for: UCI_Elo with UCI_LimitStrength, else the skill level.
inline int effective_strength(const Options& o) {
    return o.limit_strength ? strength_for_elo(o.elo) : 100 * std::clamp(o.skill, 0, 20);
}

// The whole skill level the options ask for (rounded down): what resigning decisions compare.
inline int effective_skill(const Options& o) { return effective_strength(o) / 100; }

// How far a weak level looks: depth 1 (captures still resolved) at level 0, one more ply every
// two levels; and a node budget (400 at level 0, growing smoothly between levels), so a wide
// variant does not make a weak level strong.
inline int skill_depth(int strength) { return strength >= FullStrength ? 0 : 1 + strength / 200; }

// How fast the node budget grows, in doublings per hundredth of a level. Two-player: doubling
// every 1⅓ levels (level 10: 72,400 nodes), calibrated against Stockfish's UCI_Elo. Four
// Kingdoms: doubling every 2 levels (level 10: 12,800; level 19: 290,000, about a second of
// full-strength search), because there full strength searches some 30,000 nodes in 100 ms
// and 300,000 in a second, so the two-player budgets left levels 10 to 19 as strong as level 20
// at a table (docs/fourkingdoms_engine.md, "Levels with the Four Kingdoms budgets").
inline constexpr double TwoPlayerNodeGrowth = 0.0075, FourKingdomsNodeGrowth = 0.005;

inline u64 skill_nodes(int strength, double growth = TwoPlayerNodeGrowth) {
    return strength >= FullStrength ? 0 : u64(400.0 * std::exp2(growth * strength));
}
// How many candidates a weak level weighs.
inline int skill_candidates(int strength) {
    return strength >= FullStrength ? 1 : strength < 1000 ? 6 : 4;
}

// splitmix64: a small deterministic generator.
inline u64 mix64(u64 x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// How much worse than the best a weak level's move may be: 450 centipawns at level 0 (a
// minor piece, sometimes; never a queen) down to 165 at level 19.
inline int skill_margin(int strength) { return 150 + 15 * (FullStrength - strength) / 100; }

// Whether line i's move promotes on the same squares as a line ranked above it: a lesser
// promotion than one the level already weighed (people err, but not by making a rook where a
// queen stands as well).
inline bool lesser_promotion(const std::vector<Line>& lines, size_t i) {
    if (lines[i].pv.empty() || lines[i].pv[0].kind() != MoveKind::Promotion) return false;
    const Move m = lines[i].pv[0];
    for (size_t j = 0; j < i; ++j)
        if (!lines[j].pv.empty() && lines[j].pv[0].kind() == MoveKind::Promotion
            && lines[j].pv[0].from() == m.from() && lines[j].pv[0].to() == m.to())
            return true;
    return false;
}

// The index of the line a weak level plays. Each candidate within the level's margin of the
// best gets a random bonus that grows with the level's weakness and the candidates' spread, so
// a weaker level more often prefers a plausible move somewhat worse than the best; it never
// walks into a mate the best move avoids, never underpromotes where it saw a better
// promotion, and never plays outside the candidates its (shallow) search found. Deterministic
// given `random`.
inline size_t pick_weak_line(const std::vector<Line>& lines, int strength, u64 random) {
    if (lines.size() < 2 || strength >= FullStrength) return 0;
    auto value = [](const Line& l) {
        return l.score.mate ? (l.score.value > 0 ? 20000 - l.score.value : -20000 - l.score.value)
                            : l.score.value;
    };
    const int top      = value(lines[0]);
    const int weakness = 120 - 5 * strength / 100; // 120 at level 0 .. 25 at level 19
    const int margin   = skill_margin(strength);
    size_t    best     = 0;
    int       best_key = -1 << 30;
    for (size_t i = 0; i < lines.size(); ++i) {
        int v = value(lines[i]);
        if (top - v > margin || lesser_promotion(lines, i)) continue;
        random    = mix64(random);
        int bonus = (weakness * (top - v) + margin * int(random % u64(weakness))) / 128;
        if (v + bonus > best_key) best_key = v + bonus, best = i;
    }
    return best;
}

} // namespace citadel::search
