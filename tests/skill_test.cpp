// The strength scale (src/search/skill.h): the measured UCI_Elo table, its interpolation, its
// ends, and the knobs a strength sets. Strength itself is measured by bench/calibrate.py.
#include <gtest/gtest.h>

#include "search/skill.h"

namespace citadel {
namespace {

using search::EloTable;
using search::FullStrength;
using search::MaxElo;
using search::MinElo;
using search::strength_for_elo;

TEST(SkillTable, AnchorsRiseStrictlyFromLevelZeroToFullStrength) {
    EXPECT_EQ(EloTable.front().strength, 0);
    EXPECT_EQ(EloTable.back().strength, FullStrength);
    for (size_t i = 1; i < EloTable.size(); ++i) {
        EXPECT_LT(EloTable[i - 1].elo, EloTable[i].elo) << i;
        EXPECT_LT(EloTable[i - 1].strength, EloTable[i].strength) << i;
    }
}

TEST(SkillTable, EveryAnchorMapsOntoItsOwnStrength) {
    for (const auto& a : EloTable) EXPECT_EQ(strength_for_elo(a.elo), a.strength) << a.elo;
}

TEST(SkillTable, TheEndsAreLevelZeroAndFullStrength) {
    EXPECT_EQ(strength_for_elo(MinElo), 0);
    EXPECT_EQ(strength_for_elo(MaxElo), FullStrength);
    EXPECT_EQ(strength_for_elo(MinElo - 500), 0); // out of range: clamped, never beyond
    EXPECT_EQ(strength_for_elo(MaxElo + 500), FullStrength);
    EXPECT_EQ(strength_for_elo(-1 << 30), 0);
    EXPECT_EQ(strength_for_elo(1 << 30), FullStrength);
}

TEST(SkillTable, MonotoneAndBetweenTheAnchorsAroundIt) {
    int previous = strength_for_elo(MinElo);
    for (int elo = MinElo + 1; elo <= MaxElo; ++elo) {
        int s = strength_for_elo(elo);
        EXPECT_GE(s, previous) << elo;
        EXPECT_LE(s - previous, 100) << elo; // no jump of a whole level in one Elo point
        previous = s;
    }
    for (size_t i = 1; i < EloTable.size(); ++i) {
        int mid = (EloTable[i - 1].elo + EloTable[i].elo) / 2;
        EXPECT_GT(strength_for_elo(mid), EloTable[i - 1].strength) << mid;
        EXPECT_LT(strength_for_elo(mid), EloTable[i].strength) << mid;
    }
}

TEST(SkillTable, TheIssuesThreePointsAreInRange) {
    // Stockfish's UCI_Elo scale starts at 1350; Citadel's goes below it, down to level 0.
    EXPECT_LT(MinElo, 1350);
    EXPECT_LE(1400, MaxElo);
    EXPECT_LE(1800, MaxElo);
    EXPECT_LE(2200, MaxElo);
}

TEST(SkillOptions, LimitStrengthUsesTheEloElseTheLevel) {
    search::Options o{ .skill = 7, .elo = MaxElo };
    EXPECT_EQ(search::effective_strength(o), 700);
    EXPECT_EQ(search::effective_skill(o), 7);
    o.limit_strength = true;
    EXPECT_EQ(search::effective_strength(o), FullStrength);
    EXPECT_EQ(search::effective_skill(o), 20);
    o.elo = MinElo;
    EXPECT_EQ(search::effective_strength(o), 0);
    o = { .skill = 25 };
    EXPECT_EQ(search::effective_strength(o), FullStrength); // the level is clamped to 0..20
    o.skill = -3;
    EXPECT_EQ(search::effective_strength(o), 0);
}

TEST(SkillKnobs, MoreStrengthLooksFurtherAndErrsLess) {
    for (int s = 1; s < FullStrength; ++s) {
        EXPECT_GE(search::skill_depth(s), search::skill_depth(s - 1)) << s;
        EXPECT_GE(search::skill_nodes(s), search::skill_nodes(s - 1)) << s;
        EXPECT_LE(search::skill_margin(s), search::skill_margin(s - 1)) << s;
    }
    // Level 0: depth 1 (captures still resolved), 400 nodes, a margin under a rook.
    EXPECT_EQ(search::skill_depth(0), 1);
    EXPECT_EQ(search::skill_nodes(0), 400u);
    EXPECT_EQ(search::skill_margin(0), 450);
    // Between two levels the node budget lies between theirs: every Elo point means something.
    EXPECT_GT(search::skill_nodes(1050), search::skill_nodes(1000));
    EXPECT_LT(search::skill_nodes(1050), search::skill_nodes(1100));
    // Full strength: no depth or node limit, one candidate.
    EXPECT_EQ(search::skill_depth(FullStrength), 0);
    EXPECT_EQ(search::skill_nodes(FullStrength), 0u);
    EXPECT_EQ(search::skill_candidates(FullStrength), 1);
}

TEST(SkillKnobs, FourKingdomsBudgetsGrowMoreSlowlyFromTheSameStart) {
    const double fk = search::FourKingdomsNodeGrowth;
    EXPECT_EQ(search::skill_nodes(0, fk), search::skill_nodes(0));
    for (int s = 1; s < FullStrength; ++s) {
        EXPECT_GT(search::skill_nodes(s, fk), search::skill_nodes(s - 1, fk)) << s;
        EXPECT_LT(search::skill_nodes(s, fk), search::skill_nodes(s)) << s;
    }
    // Level 19 stays below a second of full-strength search (some 300,000 nodes), so levels
    // 10 to 19 do not all play as level 20 does.
    EXPECT_LT(search::skill_nodes(1900, fk), 300000u);
    EXPECT_EQ(search::skill_nodes(FullStrength, fk), 0u);
}

TEST(SkillPick, FullStrengthAndASingleLinePlayTheBest) {
    std::vector<search::Line> lines(3);
    lines[0].score = { false, 50 }, lines[1].score = { false, 40 }, lines[2].score = { false, 30 };
    for (u64 r = 0; r < 50; ++r) EXPECT_EQ(search::pick_weak_line(lines, FullStrength, r), 0u) << r;
    lines.resize(1);
    EXPECT_EQ(search::pick_weak_line(lines, 0, 7), 0u);
}

TEST(SkillPick, NeverBeyondTheMarginNorIntoAMateTheBestAvoids) {
    std::vector<search::Line> lines(3);
    lines[0].score = { false, 100 };
    lines[1].score = { false, 100 - search::skill_margin(0) - 1 }; // just outside level 0's margin
    lines[2].score = { true, -3 }; // walks into mate in 3
    for (u64 r = 0; r < 200; ++r) EXPECT_EQ(search::pick_weak_line(lines, 0, r), 0u) << r;
}

TEST(SkillPick, NeverALesserPromotionThanOneAlreadyWeighed) {
    // a7-a8: the queen first, the rook 30 centipawns behind (within any level's margin), and
    // a quiet move between them. Level 0 may play the quiet move but never makes the rook.
    const Square              a7 = 48, a8 = 56, g1 = 6, f3 = 21;
    std::vector<search::Line> lines(3);
    lines[0].score = { false, 900 }, lines[0].pv = { Move(a7, a8, MoveKind::Promotion, Queen) };
    lines[1].score = { false, 880 }, lines[1].pv = { Move(g1, f3) };
    lines[2].score = { false, 870 }, lines[2].pv = { Move(a7, a8, MoveKind::Promotion, Rook) };
    int quiet = 0;
    for (u64 r = 0; r < 500; ++r) {
        size_t pick = search::pick_weak_line(lines, 0, r);
        EXPECT_NE(pick, 2u) << r;
        quiet += pick == 1;
    }
    EXPECT_GT(quiet, 0);
    // Only a promotion ranked below one on the same squares is lesser, never the best line.
    EXPECT_FALSE(search::lesser_promotion(lines, 0));
    EXPECT_TRUE(search::lesser_promotion(lines, 2));
}

TEST(SkillPick, WeakLevelsSometimesPlayASlightlyWorseMoveStrongOnesRarely) {
    std::vector<search::Line> lines(2);
    lines[0].score = { false, 30 }, lines[1].score = { false, 0 };
    int weak = 0, strong = 0;
    for (u64 r = 0; r < 1000; ++r) {
        weak += search::pick_weak_line(lines, 0, r) == 1;
        strong += search::pick_weak_line(lines, 1900, r) == 1;
    }
    EXPECT_GT(weak, 100);
    EXPECT_LT(strong, weak);
}

} // namespace
} // namespace citadel
