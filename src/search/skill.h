// Strength below full: a skill level limits how deep the engine looks and lets it pick a
// plausible but worse move among its best candidates, the way people err. Provisional
// calibration (docs/engine.md): UCI_Elo maps linearly onto skill levels until the calibration
// matches of issue 8 measure the real steps.
#pragma once

#include <algorithm>
#include <vector>

#include "search/types.h"

namespace citadel::search {

inline constexpr int MinElo = 600, MaxElo = 2800;

// The skill level a UCI_Elo stands for (provisional: 600 -> 0, +110 Elo per level, 2800 -> 20).
inline int skill_for_elo(int elo) { return std::clamp((elo - MinElo + 55) / 110, 0, 20); }

// The skill the options ask for.
inline int effective_skill(const Options& o) {
    return o.limit_strength ? skill_for_elo(o.elo) : std::clamp(o.skill, 0, 20);
}

// How far a weak level looks: depth 1 (captures still resolved) at level 0, one more ply every
// two levels; and a node budget, so a wide variant does not make a weak level strong.
inline int skill_depth(int skill) { return skill >= 20 ? 0 : 1 + skill / 2; }
inline u64 skill_nodes(int skill) { return skill >= 20 ? 0 : u64(400) << (skill * 3 / 4); }
// How many candidates a weak level weighs.
inline int skill_candidates(int skill) { return skill >= 20 ? 1 : skill < 10 ? 6 : 4; }

// splitmix64: a small deterministic generator.
inline u64 mix64(u64 x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// How much worse than the best a weak level's move may be: 450 centipawns at level 0 (a
// minor piece, sometimes; never a queen) down to 165 at level 19.
inline int skill_margin(int skill) { return 150 + 15 * (20 - skill); }

// The index of the line a weak level plays. Each candidate within the level's margin of the
// best gets a random bonus that grows with the level's weakness and the candidates' spread, so
// a weaker level more often prefers a plausible move somewhat worse than the best; it never
// walks into a mate the best move avoids, and never plays outside the candidates its (shallow)
// search found. Deterministic given `random`.
inline size_t pick_weak_line(const std::vector<Line>& lines, int skill, u64 random) {
    if (lines.size() < 2 || skill >= 20) return 0;
    auto value = [](const Line& l) {
        return l.score.mate ? (l.score.value > 0 ? 20000 - l.score.value : -20000 - l.score.value)
                            : l.score.value;
    };
    const int top      = value(lines[0]);
    const int weakness = 120 - 5 * skill; // 120 at level 0 .. 25 at level 19
    const int margin   = skill_margin(skill);
    size_t    best     = 0;
    int       best_key = -1 << 30;
    for (size_t i = 0; i < lines.size(); ++i) {
        int v = value(lines[i]);
        if (top - v > margin) continue;
        random    = mix64(random);
        int bonus = (weakness * (top - v) + margin * int(random % u64(weakness))) / 128;
        if (v + bonus > best_key) best_key = v + bonus, best = i;
    }
    return best;
}

} // namespace citadel::search
