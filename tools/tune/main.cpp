// citadel_tune: Texel-style tuning of a variant's evaluation weights (docs/eval.md).
//
//   citadel_tune --variant chess --data positions.txt [--only pawn_mg,mob_*] [--passes 50]
//
// reads lines `<FEN> | <result>` (TFEN for Tamerlane; result 1.0 / 0.5 / 0.0 from White's point
// of view), finds the scaling constant K, tunes by coordinate descent and prints the tuned
// weights as C++ source (the initialiser in src/eval/weights_*.h) on standard output. Progress
// goes to standard error.
#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "eval/tune.h"
#include "variants/registry.h"

namespace {

using namespace citadel;

template <class V> constexpr std::string_view weights_name() {
    if constexpr (std::is_same_v<V, Chess>)
        return "kChessWeights";
    else if constexpr (std::is_same_v<V, Silverman>)
        return "kSilvermanWeights";
    else if constexpr (std::is_same_v<V, PawnRace>)
        return "kPawnRaceWeights";
    else
        return "kTamerlaneWeights";
}
template <class V> constexpr std::string_view weights_type() {
    if constexpr (std::is_same_v<V, Chess> || std::is_same_v<V, Silverman>)
        return "OrthodoxWeights";
    else if constexpr (std::is_same_v<V, PawnRace>)
        return "PawnRaceWeights";
    else
        return "TamerlaneWeights";
}

struct Args {
    std::string              variant = "chess", data, validate;
    std::vector<std::string> only;
    int                      passes = 50, step = 8;
    double                   k     = 0; // 0: find it
    double                   prior = 0;
    size_t                   limit = 0; // 0: every line
};

// Reads `path` into data (at most `limit` positions, 0: all); false after printing the error.
template <class V> bool read(const std::string& path, size_t limit, eval::tune::Dataset<V>& data) {
    std::ifstream in(path);
    if (!in) {
        std::cerr << "error: cannot read " << path << "\n";
        return false;
    }
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (line.empty() || line[0] == '#') continue;
        if (auto err = data.add_line(line)) {
            std::cerr << "error: " << path << ":" << n << ": " << *err << "\n";
            return false;
        }
        if (limit && data.size() >= limit) break;
    }
    if (data.size() == 0) {
        std::cerr << "error: " << path << " holds no positions\n";
        return false;
    }
    return true;
}

template <class V> int run(const Args& a) {
    eval::tune::Dataset<V> data, held_out;
    if (!read(a.data, a.limit, data)) return 2;
    if (!a.validate.empty() && !read(a.validate, 0, held_out)) return 2;
    const auto& fields = eval::fields_of<eval::WeightsFor<V>>();
    for (const auto& pattern : a.only) {
        bool known = false;
        for (const auto& f : fields) known |= eval::tune::selects(pattern, f.name);
        if (!known) {
            std::cerr << "error: " << weights_type<V>() << " has no weight '" << pattern << "'\n";
            return 2;
        }
    }
    auto   start = eval::default_weights<V>();
    double k     = a.k > 0 ? a.k : eval::tune::find_k(data, start);
    std::cerr << data.size() << " positions; K = " << k
              << "; error = " << eval::tune::mean_error(data, start, k) << "\n";
    eval::tune::Options opt;
    opt.only       = a.only;
    opt.max_passes = a.passes;
    opt.first_step = a.step;
    opt.prior      = a.prior;
    auto tuned     = eval::tune::tune(data, start, k, opt,
            [](int pass, double e) { std::cerr << "pass " << pass << ": error " << e << "\n"; });
    std::cout << "// " << data.size() << " positions from " << a.data << ", K = " << k << ", error "
              << eval::tune::mean_error(data, start, k) << " -> "
              << eval::tune::mean_error(data, tuned, k) << "\n";
    if (held_out.size())
        std::cout << "// held out: " << held_out.size() << " positions from " << a.validate
                  << ", error " << eval::tune::mean_error(held_out, start, k) << " -> "
                  << eval::tune::mean_error(held_out, tuned, k) << "\n";
    eval::write_weights(std::cout, tuned, weights_type<V>(), weights_name<V>());
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    Args     a;
    CLI::App app{ "Texel tuning of Citadel's evaluation weights (docs/eval.md)" };
    app.add_option("--variant", a.variant, "chess, silverman, pawnrace or tamerlane");
    app.add_option("--data", a.data, "lines '<FEN> | <result from White's view>'")->required();
    app.add_option("--only", a.only, "the weights to tune, names or prefix* (default: all)")
        ->delimiter(',');
    app.add_option("--passes", a.passes, "at most this many passes over the weights");
    app.add_option("--step", a.step, "first step in centipawns (halved when nothing improves)");
    app.add_option("--k", a.k, "the logistic's scaling constant (default: fitted)");
    app.add_option("--prior", a.prior,
        "ridge penalty towards the committed weights, per (100 cp)^2 (default 0)");
    app.add_option("--limit", a.limit, "read at most this many positions");
    app.add_option("--validate", a.validate, "held-out positions: report their error too");
    CLI11_PARSE(app, argc, argv);
    int  rc    = 2;
    bool known = with_variant(a.variant, [&]<class V>(VariantTag<V>) {
        if constexpr (V::Seats == 2)
            rc = run<V>(a);
        else
            std::cerr << "error: " << V::Name << " has no two-player evaluation\n";
    });
    if (!known) std::cerr << "error: unknown variant '" << a.variant << "'\n";
    return rc;
}
