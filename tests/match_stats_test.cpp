// The match runner's statistics (bench/match/stats.h) against values computed by hand from the
// formulas: logistic Elo, the normal 95% interval of the mean score, and the GSPRT's normal
// approximation of the log-likelihood ratio.
#include <cmath>
#include <gtest/gtest.h>

#include "match/stats.h"

using namespace citadel::match;

namespace {
constexpr double kTight = 1e-9;
}

TEST(MatchStats, EloFromScoreIsLogistic) {
    EXPECT_NEAR(elo_from_score(0.5), 0.0, kTight);
    EXPECT_NEAR(elo_from_score(0.75), 400 * std::log10(3.0), kTight); // odds 3:1
    EXPECT_NEAR(elo_from_score(0.25), -400 * std::log10(3.0), kTight);
    EXPECT_NEAR(elo_from_score(10.0 / 11), 400.0, kTight); // odds 10:1 is 400 Elo
    EXPECT_NEAR(score_from_elo(400.0), 10.0 / 11, kTight);
    EXPECT_NEAR(score_from_elo(elo_from_score(0.3)), 0.3, kTight);
}

TEST(MatchStats, TrinomialEstimate) {
    // 100 wins, 50 draws, 70 losses: s = 125/220; per-game variance
    // (100 (1-s)^2 + 50 (1/2-s)^2 + 70 s^2) / 220.
    Wdl wdl{ 100, 50, 70 };
    EXPECT_EQ(wdl.games(), 220);
    EXPECT_NEAR(wdl.score(), 125.0 / 220, kTight);
    EloEstimate e = estimate(wdl);
    EXPECT_NEAR(e.elo, 47.67456308768351, 1e-9);
    EXPECT_NEAR(e.stderr_score, std::sqrt(0.1885330578512397 / 220), 1e-12);
    EXPECT_NEAR(e.lower, 7.509798963741527, 1e-6);
    EXPECT_NEAR(e.upper, 89.15309900522158, 1e-6);
    EXPECT_NEAR(e.margin, 40.82165002074002, 1e-6);
}

TEST(MatchStats, PentanomialEstimate) {
    // Pairs scoring 0, 1/2, 1, 3/2, 2 points: 3, 10, 20, 12, 5 times; mean 0.53 per game.
    Pentanomial p{ { 3, 10, 20, 12, 5 } };
    EXPECT_EQ(p.count(), 50);
    EloEstimate e = estimate(p);
    EXPECT_NEAR(e.score, 0.53, kTight);
    EXPECT_NEAR(e.elo, 20.87120466602867, 1e-9);
    EXPECT_NEAR(e.margin, 50.23605715757104, 1e-6);
}

TEST(MatchStats, UndefinedEstimatesAreInfinite) {
    EXPECT_TRUE(std::isinf(estimate(Wdl{ 4, 0, 0 }).elo));
    EXPECT_GT(estimate(Wdl{ 4, 0, 0 }).elo, 0);
    EXPECT_LT(estimate(Wdl{ 0, 0, 3 }).elo, 0);
    EXPECT_TRUE(std::isinf(estimate(Wdl{}).margin));
    EXPECT_EQ(format_elo(estimate(Wdl{ 4, 0, 0 }).elo), "+inf");
    EXPECT_EQ(format_elo(-12.34), "-12.3");
    EXPECT_EQ(format_elo(-0.01), "+0.0"); // no negative zero
}

TEST(MatchStats, SprtBounds) {
    SprtConfig c{ 0, 5, 0.05, 0.05 };
    EXPECT_NEAR(c.lower_bound(), std::log(0.05 / 0.95), kTight); // -2.944
    EXPECT_NEAR(c.upper_bound(), std::log(0.95 / 0.05), kTight); // +2.944
    EXPECT_EQ(decide(3.0, c), SprtDecision::AcceptH1);
    EXPECT_EQ(decide(-3.0, c), SprtDecision::AcceptH0);
    EXPECT_EQ(decide(0.0, c), SprtDecision::Continue);
}

TEST(MatchStats, SprtLogLikelihoodRatio) {
    SprtConfig c{ 0, 5, 0.05, 0.05 };
    // n (s1 - s0)(2 mean - s0 - s1) / (2 var), s0 = 1/2, s1 = 1 / (1 + 10^(-5/400)).
    double s1 = 1 / (1 + std::pow(10.0, -5.0 / 400));
    double s = 125.0 / 220, var = 0.1885330578512397;
    EXPECT_NEAR(
        llr(Wdl{ 100, 50, 70 }, c), 220 * (s1 - 0.5) * (2 * s - 0.5 - s1) / (2 * var), 1e-9);
    EXPECT_NEAR(llr(Wdl{ 100, 50, 70 }, c), 0.5422476817219168, 1e-9);
    EXPECT_NEAR(llr(Pentanomial{ { 3, 10, 20, 12, 5 } }, c), 0.14261850666034412, 1e-9);
    // A score exactly between the hypotheses tells nothing; a losing one favours H0.
    EXPECT_NEAR(llr(Wdl{ 10, 0, 10 }, SprtConfig{ -5, 5, 0.05, 0.05 }), 0.0, kTight);
    EXPECT_LT(llr(Wdl{ 40, 20, 60 }, c), 0);
    // No games: no evidence. One-sided samples still lean the right way (an unseen outcome
    // counts as a thousandth of a game): all draws towards H0, all wins towards H1.
    EXPECT_EQ(llr(Wdl{}, c), 0.0);
    EXPECT_LT(llr(Wdl{ 0, 7, 0 }, c), 0.0);
    EXPECT_GT(llr(Wdl{ 5, 0, 0 }, c), 0.0);
    EXPECT_EQ(decide(llr(Pentanomial{ { 0, 0, 0, 0, 3 } }, c), c), SprtDecision::AcceptH1);
}

TEST(MatchStats, SprtDecidesAClearCase) {
    // 600 wins, 200 draws, 200 losses is +147 Elo: far above elo1 = 5.
    SprtConfig c{ 0, 5, 0.05, 0.05 };
    EXPECT_EQ(decide(llr(Wdl{ 600, 200, 200 }, c), c), SprtDecision::AcceptH1);
    EXPECT_EQ(decide(llr(Wdl{ 200, 200, 600 }, c), c), SprtDecision::AcceptH0);
}

TEST(MatchStats, SprtWaitsForASample) {
    // One pair of 1.5/2 has a ratio far above the bound (its variance is the regularisation's
    // alone) but decides nothing; the same results over enough pairs do.
    SprtConfig  c{ 0, 15, 0.05, 0.05 };
    Pentanomial one{ { 0, 0, 0, 1, 0 } };
    EXPECT_GT(llr(one, c), c.upper_bound());
    EXPECT_EQ(decide(one, c), SprtDecision::Continue);
    Pentanomial few{ { 0, 0, 0, kSprtMinPairs - 1, 0 } };
    EXPECT_EQ(decide(few, c), SprtDecision::Continue);
    Pentanomial enough{ { 2, 10, 30, 40, 18 } }; // 100 pairs, mean 0.65
    EXPECT_EQ(decide(enough, c), SprtDecision::AcceptH1);
    Pentanomial losing{ { 18, 40, 30, 10, 2 } };
    EXPECT_EQ(decide(losing, c), SprtDecision::AcceptH0);
}
