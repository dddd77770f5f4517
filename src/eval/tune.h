// Texel-style tuning of the evaluation weights (docs/eval.md): a set of positions labelled with
// the game's result from White's point of view (1, 0.5, 0), the logistic
//     expected(e) = 1 / (1 + 10^(-K e / 400))
// of the evaluation e (White's view, centipawns), the scaling constant K that fits the labels
// best for the weights as they are, then coordinate descent on the weights: each weight in turn
// moves by a step while the mean squared error between expected and result falls.
// tools/tune/main.cpp drives it; tests/eval_tune_test.cpp checks it recovers known weights.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "eval/evaluate.h"
#include "notation/fen.h"

namespace citadel::eval::tune {

// Positions with their labels; a Position cannot be copied, so each lives in its own box.
template <class V> class Dataset {
  public:
    // Adds `setup` labelled `result` (White's score, 0..1); the rule it breaks if it is illegal.
    std::optional<std::string> add(const Setup<typename V::Geometry>& setup, double result) {
        auto e = std::make_unique<Entry>();
        if (auto err = e->pos.set(setup, e->si)) return err->message;
        e->result = result;
        entries_.push_back(std::move(e));
        return std::nullopt;
    }
    // Adds one line `<FEN> | <result>` (result 1.0, 0.5, 0.0 or any number in 0..1, White's view).
    std::optional<std::string> add_line(std::string_view line) {
        auto bar = line.rfind('|');
        if (bar == std::string_view::npos) return "expected '<FEN> | <result>'";
        std::string fen(trim(line.substr(0, bar))), label(trim(line.substr(bar + 1)));
        char*       end    = nullptr;
        double      result = std::strtod(label.c_str(), &end);
        if (label.empty() || *end || !(result >= 0 && result <= 1))
            return "result '" + label + "' is not a number from 0 to 1";
        auto setup = parse_fen<V>(fen);
        if (!setup.ok()) return "bad FEN (" + setup.error().field + "): " + setup.error().message;
        return add(*setup, result);
    }
    size_t             size() const { return entries_.size(); }
    const Position<V>& position(size_t i) const { return entries_[i]->pos; }
    double             result(size_t i) const { return entries_[i]->result; }

  private:
    struct Entry {
        StateInfo<V> si;
        Position<V>  pos;
        double       result = 0;
    };
    static std::string_view trim(std::string_view s) {
        while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
            s.remove_suffix(1);
        return s;
    }
    std::vector<std::unique_ptr<Entry>> entries_;
};

// The evaluation from White's point of view with weights w.
template <class V> int white_score(const Position<V>& pos, const WeightsFor<V>& w) {
    int e = evaluate_with(pos, w);
    return pos.side_to_move() == White ? e : -e;
}

inline double expected(double white_cp, double k) {
    return 1.0 / (1.0 + std::pow(10.0, -k * white_cp / 400.0));
}

// Mean squared error of the labels against the logistic of the evaluations. The positions are
// split between the machine's cores: a tuning pass evaluates the whole set a few times per
// weight, and each position's term is independent of the others.
template <class V> double mean_error(const Dataset<V>& data, const WeightsFor<V>& w, double k) {
    if (data.size() == 0) return 0;
    const size_t        parts = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 16);
    std::vector<double> sums(parts, 0.0);
    auto                part = [&](size_t p) {
        double sum = 0;
        for (size_t i = p; i < data.size(); i += parts) {
            double d = data.result(i) - expected(white_score(data.position(i), w), k);
            sum += d * d;
        }
        sums[p] = sum;
    };
    std::vector<std::thread> threads;
    for (size_t p = 1; p < parts; ++p) threads.emplace_back(part, p);
    part(0);
    for (auto& t : threads) t.join();
    double sum = 0;
    for (double x : sums) sum += x; // in a fixed order: the same error on every run of a machine
    return sum / double(data.size());
}

// The K in [lo, hi] for which expected(score(i), K) fits result(i) best over positions 0..n-1
// (scores in centipawns, both from White's view; golden-section search: the error is unimodal in
// K). Shared by find_k and the NNUE trainer (tools/nnue), which fits its K on search scores.
template <class Score, class Label>
double fit_k(size_t n, Score score, Label result, double lo = 0.05, double hi = 5.0) {
    auto error = [&](double k) {
        double sum = 0;
        for (size_t i = 0; i < n; ++i) {
            double d = result(i) - expected(score(i), k);
            sum += d * d;
        }
        return sum;
    };
    const double g = (std::sqrt(5.0) - 1) / 2;
    double       a = lo, b = hi, c = b - g * (b - a), d = a + g * (b - a);
    double       fc = error(c), fd = error(d);
    for (int i = 0; i < 60; ++i) {
        if (fc < fd)
            b = d, d = c, fd = fc, c = b - g * (b - a), fc = error(c);
        else
            a = c, c = d, fc = fd, d = a + g * (b - a), fd = error(d);
    }
    return (a + b) / 2;
}

// The K in [lo, hi] with the smallest error for weights w.
template <class V>
double find_k(const Dataset<V>& data, const WeightsFor<V>& w, double lo = 0.05, double hi = 5.0) {
    // Scores do not change with K: evaluate once.
    std::vector<int> scores(data.size());
    for (size_t i = 0; i < data.size(); ++i) scores[i] = white_score(data.position(i), w);
    return fit_k(
        data.size(), [&](size_t i) { return double(scores[i]); },
        [&](size_t i) { return data.result(i); }, lo, hi);
}

// Whether a weight's name is selected by `pattern`: the name itself, or, for a pattern ending in
// '*', any name that begins with the text before it (`mob_*`: every mobility table entry).
inline bool selects(std::string_view pattern, std::string_view name) {
    if (pattern.ends_with('*')) return name.starts_with(pattern.substr(0, pattern.size() - 1));
    return pattern == name;
}

struct Options {
    std::vector<std::string> only; // the weights to tune, names or prefix* patterns (empty: all)
    int                      max_passes = 100;
    int                      first_step = 8; // centipawns; halved down to 1 when nothing moves
    // Ridge penalty: prior * sum(((w - start) / 100 cp)^2) is added to the error, so weights the
    // data hardly determine stay near their researched values (0: none).
    double prior = 0;
};

// Coordinate descent from `start`: returns the tuned weights. `progress(pass, error)` is called
// after every pass.
template <class V>
WeightsFor<V> tune(const Dataset<V>& data, WeightsFor<V> w, double k, const Options& opt,
    const std::function<void(int, double)>& progress = {}) {
    using W = WeightsFor<V>;
    std::vector<int W::*> members;
    for (const auto& f : fields_of<W>()) {
        bool wanted = opt.only.empty();
        for (const auto& pattern : opt.only) wanted |= selects(pattern, f.name);
        if (wanted) members.push_back(f.member);
    }
    const W start   = w;
    auto    penalty = [&] {
        double sum = 0;
        for (int W::*m : members) {
            double d = (w.*m - start.*m) / 100.0;
            sum += d * d;
        }
        return opt.prior * sum;
    };
    double best = mean_error(data, w, k);
    int    step = opt.first_step;
    for (int pass = 1; pass <= opt.max_passes && step > 0; ++pass) {
        bool improved = false;
        for (int W::*m : members) {
            for (int dir : { +1, -1 }) {
                bool moved = false;
                // Keep stepping while the error falls (a line search along this weight).
                for (int tries = 0; tries < 64; ++tries) {
                    w.*m += dir * step;
                    double e = mean_error(data, w, k) + penalty();
                    if (e < best) {
                        best = e, moved = improved = true;
                        continue;
                    }
                    w.*m -= dir * step;
                    break;
                }
                if (moved) break;
            }
        }
        if (progress) progress(pass, best - penalty());
        if (!improved) step /= 2;
    }
    return w;
}

} // namespace citadel::eval::tune
