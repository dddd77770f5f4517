#include "stats.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace citadel::match {

namespace {
constexpr double kZ95 = 1.959963984540054; // the normal quantile of 0.975
constexpr double kInf = std::numeric_limits<double>::infinity();

constexpr std::array<double, 3> kGameValues = { 1.0, 0.5, 0.0 };
constexpr std::array<double, 5> kPairValues = { 0.0, 0.25, 0.5, 0.75, 1.0 };

// An outcome never seen is counted as kUnseen of a game (or pair) for the SPRT, as fishtest
// does, so that a one-sided sample (every game won) still has a variance and can decide.
constexpr double kUnseen = 1e-3;

template <size_t N>
Moments of(const std::array<double, N>& values, const std::array<int, N>& counts, bool regularize) {
    std::array<double, N> c{};
    for (size_t i = 0; i < N; ++i) c[i] = counts[i] == 0 && regularize ? kUnseen : counts[i];
    Moments m = moments(values, c);
    m.n       = 0; // the real games (or pairs) only
    for (int k : counts) m.n += k;
    return m;
}
Moments of(const Wdl& w, bool regularize = false) {
    return of(kGameValues, std::array<int, 3>{ w.wins, w.draws, w.losses }, regularize);
}
Moments of(const Pentanomial& p, bool regularize = false) {
    return of(kPairValues, p.pairs, regularize);
}

double elo_or_infinity(double s) {
    if (s <= 0) return -kInf;
    if (s >= 1) return kInf;
    return elo_from_score(s);
}

EloEstimate estimate(const Moments& m) {
    EloEstimate e;
    e.score = m.n ? m.mean : 0.5;
    e.elo   = elo_or_infinity(e.score);
    if (m.n == 0) {
        e.margin = kInf, e.lower = -kInf, e.upper = kInf;
        return e;
    }
    e.stderr_score = std::sqrt(m.variance / m.n);
    e.lower        = elo_or_infinity(e.score - kZ95 * e.stderr_score);
    e.upper        = elo_or_infinity(e.score + kZ95 * e.stderr_score);
    e.margin       = (e.upper - e.lower) / 2;
    return e;
}
} // namespace

double Wdl::score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }

int Pentanomial::count() const {
    int n = 0;
    for (int c : pairs) n += c;
    return n;
}

double elo_from_score(double s) { return -400.0 * std::log10(1.0 / s - 1.0); }
double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

Moments moments(std::span<const double> values, std::span<const double> counts) {
    Moments m;
    double  total = 0, sum = 0;
    for (size_t i = 0; i < values.size(); ++i) total += counts[i], sum += counts[i] * values[i];
    m.n = int(std::lround(total));
    if (total <= 0) return m;
    m.mean         = sum / total;
    double squares = 0;
    for (size_t i = 0; i < values.size(); ++i)
        squares += counts[i] * (values[i] - m.mean) * (values[i] - m.mean);
    m.variance = squares / total;
    return m;
}

EloEstimate estimate(const Wdl& wdl) { return estimate(of(wdl)); }
EloEstimate estimate(const Pentanomial& pent) { return estimate(of(pent)); }

double SprtConfig::lower_bound() const { return std::log(beta / (1 - alpha)); }
double SprtConfig::upper_bound() const { return std::log((1 - beta) / alpha); }

double llr(const Moments& m, double elo0, double elo1) {
    if (m.n == 0 || m.variance <= 0) return 0;
    double s0 = score_from_elo(elo0), s1 = score_from_elo(elo1);
    return m.n * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * m.variance);
}
double llr(const Wdl& wdl, const SprtConfig& c) { return llr(of(wdl, true), c.elo0, c.elo1); }
double llr(const Pentanomial& pent, const SprtConfig& c) {
    return llr(of(pent, true), c.elo0, c.elo1);
}

SprtDecision decide(const Pentanomial& pent, const SprtConfig& c) {
    if (pent.count() < kSprtMinPairs) return SprtDecision::Continue;
    return decide(llr(pent, c), c);
}

SprtDecision decide(double value, const SprtConfig& c) {
    if (value >= c.upper_bound()) return SprtDecision::AcceptH1;
    if (value <= c.lower_bound()) return SprtDecision::AcceptH0;
    return SprtDecision::Continue;
}

std::string format_elo(double elo) {
    if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
    char text[32];
    if (std::abs(elo) < 0.05) elo = 0; // "+0.0", never "-0.0"
    std::snprintf(text, sizeof text, "%+.1f", elo);
    return text;
}

} // namespace citadel::match
