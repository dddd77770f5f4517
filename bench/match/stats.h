// Match statistics: the score, the Elo difference with its 95% margin, and the sequential
// probability ratio test (the GSPRT of fishtest and OpenBench, by its normal approximation).
// Two models of the same games: trinomial (each game a win, draw or loss) and pentanomial (each
// pair of games played from one opening with both colours: 0, 1/2, 1, 3/2 or 2 points), whose
// variance leaves out the part the opening explains.
#pragma once

#include <array>
#include <span>
#include <string>

namespace citadel::match {

// Games counted from the first engine's side.
struct Wdl {
    int    wins = 0, draws = 0, losses = 0;
    int    games() const { return wins + draws + losses; }
    double score() const; // the score fraction, 0..1 (0.5 for no games)
};

// Pairs of games, counted by the first engine's points in the pair: pairs[k] is k/2 points.
struct Pentanomial {
    std::array<int, 5> pairs{};
    int                count() const;
};

// The logistic Elo difference that expects the score fraction s (0 < s < 1), and back.
double elo_from_score(double s);
double score_from_elo(double elo);

struct EloEstimate {
    double elo    = 0; // from the observed score; +-infinity for 1 or 0
    double margin = 0; // half the width of the 95% interval (infinite when undefined)
    double lower = 0, upper = 0; // the interval's ends in Elo
    double score = 0.5, stderr_score = 0; // mean score per game and its standard error
};

EloEstimate estimate(const Wdl& wdl);
EloEstimate estimate(const Pentanomial& pent);

// A sample's mean and variance per game (or pair) of score values counted in `counts`.
struct Moments {
    int    n    = 0;
    double mean = 0, variance = 0;
};
Moments moments(std::span<const double> values, std::span<const double> counts);

struct SprtConfig {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
    double lower_bound() const; // ln(beta / (1 - alpha)): at or below, H0 is accepted
    double upper_bound() const; // ln((1 - beta) / alpha): at or above, H1 is accepted
};

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };

// The log-likelihood ratio of H1 (elo = elo1) against H0 (elo = elo0), by the normal
// approximation: n (s1 - s0)(2 mean - s0 - s1) / (2 variance), where s0, s1 are the expected
// scores at elo0 and elo1. Zero with no games; an outcome not seen yet counts as a thousandth
// of a game (fishtest's regularisation), so that a sample of wins alone still decides.
double       llr(const Moments& m, double elo0, double elo1);
double       llr(const Wdl& wdl, const SprtConfig& c);
double       llr(const Pentanomial& pent, const SprtConfig& c);
SprtDecision decide(double llr, const SprtConfig& c);

// The test's decision on the pairs so far. None before kSprtMinPairs pairs: the normal
// approximation needs a sample whose variance it can trust (one pair of 1.5/2 alone has almost
// none, and its ratio would "accept" any elo1).
inline constexpr int kSprtMinPairs = 20;
SprtDecision         decide(const Pentanomial& pent, const SprtConfig& c);

// "+12.3 +- 20.1", "+inf", "-inf".
std::string format_elo(double elo);

} // namespace citadel::match
