// fk_match: four-seat Four Kingdoms games between in-process engines, seats rotated, every game
// recorded (K4 record), points per engine with a 95% error margin. docs/fourkingdoms_engine.md.
//
//   fk_match [--teams] [--games N] [--nodes N | --movetime MS | --tc BASE+INC] [--plies N]
//            [--openings N] [--seed N] [--record FILE] SPEC SPEC SPEC SPEC
//
// A SPEC is algorithm:skill[:weights] (paranoid:20, maxn:0, brs:10,
// paranoid:20:check_threat=8,absorbed_army=80 — evaluation weights other than
// eval::fourkingdoms::kWeights, for A/B tests; names as in eval/fourkingdoms.h; nodes=N gives
// that SPEC its own nodes a move, e.g. to charge a slower evaluation its cost); the four are the
// seats East, South, West, North of the first game; equal SPECs are pooled. Game g shifts them by g
// seats (free-for-all: every seat in turn; teams: by two, so each pair plays both sides). The first
// `openings` plies of each game are random legal moves (from the seed), so full-strength games
// differ. A game not over after `plies` plies is scored as drawn. Engines resign when
// should_resign says so (level 0 allowed). With --tc every seat has a clock (seconds, plus an
// increment after each move; the engines see all four) and a player whose clock runs out
// leaves the game as if it resigned, as on the server.
#include <array>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "game/fourkingdoms_record.h"
#include "match/match.h"
#include "search/fourkingdoms_search.h"

using namespace citadel;

namespace {

struct Spec {
    std::string                 label;
    search::FkAlgorithm         algorithm = search::FkAlgorithm::Paranoid;
    int                         skill     = 20;
    eval::fourkingdoms::Weights weights   = eval::fourkingdoms::kWeights;
    u64                         nodes     = 0; // its own nodes a move (0: --nodes)
};

struct Settings {
    bool              teams = false;
    int               games = 8, plies = 400, openings = 4, movetime = 0;
    int               base_ms = 0, inc_ms = 0; // --tc; base_ms 0: no clocks
    u64               nodes = 3000, seed = 1;
    std::string       record;
    std::vector<Spec> specs;
};

[[noreturn]] void usage(const std::string& why);

// The weight a name stands for (the Weights member; mobility_n .. mobility_q for the table).
int* weight_named(eval::fourkingdoms::Weights& w, const std::string& name) {
    if (name == "mobility_n") return &w.mobility[Knight];
    if (name == "mobility_b") return &w.mobility[Bishop];
    if (name == "mobility_r") return &w.mobility[Rook];
    if (name == "mobility_q") return &w.mobility[Queen];
    if (name == "king_attack") return &w.king_attack;
    if (name == "shelter") return &w.shelter;
    if (name == "check_threat") return &w.check_threat;
    if (name == "absorbed_army") return &w.absorbed_army;
    if (name == "in_check") return &w.in_check;
    if (name == "endgame") return &w.endgame;
    if (name == "flight") return &w.flight;
    if (name == "edge") return &w.edge;
    if (name == "pawn_step") return &w.pawn_step;
    if (name == "pawn_near") return &w.pawn_near;
    if (name == "elimination_tempo") return &w.elimination_tempo;
    return nullptr;
}

// "name=value,name=value" onto the spec's weights ("nodes" is its own nodes a move: a handicap
// that stands for a slower evaluation at fixed nodes).
void read_weights(Spec& into, const std::string& list, const std::string& spec) {
    eval::fourkingdoms::Weights& w  = into.weights;
    size_t                       at = 0;
    while (at < list.size()) {
        size_t end = list.find(',', at), eq = list.find('=', at);
        if (end == std::string::npos) end = list.size();
        if (eq == std::string::npos || eq > end) usage("weights are name=value in '" + spec + "'");
        int  nodes = 0;
        int* slot  = list.substr(at, eq - at) == "nodes" ? &nodes
                                                         : weight_named(w, list.substr(at, eq - at));
        if (!slot) usage("no weight '" + list.substr(at, eq - at) + "' in '" + spec + "'");
        const std::string text = list.substr(eq + 1, end - eq - 1);
        char*             stop = nullptr;
        long              v    = std::strtol(text.c_str(), &stop, 10);
        if (text.empty() || *stop || v < -100000 || v > 100000)
            usage("weight value '" + text + "' in '" + spec + "' is not a whole number");
        *slot = int(v);
        if (slot == &nodes) {
            if (v <= 0) usage("nodes must be positive in '" + spec + "'");
            into.nodes = u64(v);
        }
        at = end + 1;
    }
}

[[noreturn]] void usage(const std::string& why) {
    std::fprintf(stderr,
        "fk_match: %s\nusage: fk_match [--teams] [--games N] [--nodes N | --movetime MS | "
        "--tc BASE+INC] [--plies N] [--openings N] [--seed N] [--record FILE] SPEC SPEC SPEC SPEC\n"
        "  SPEC: paranoid:20, maxn:0, brs:10, paranoid:20:check_threat=8 "
        "(algorithm:skill[:weights])\n",
        why.c_str());
    std::exit(2);
}

// A whole number from 0 to `max` (an int's range unless the value is a u64 count or seed).
long number(const std::string& flag, const char* text, long max = INT32_MAX) {
    char* end = nullptr;
    errno     = 0;
    long v    = std::strtol(text, &end, 10);
    if (!*text || *end || v < 0 || v > max || errno == ERANGE)
        usage(flag + " needs a whole number (at most " + std::to_string(max) + "), not '" + text
            + "'");
    return v;
}

// "10+0.1" as citadel_match reads it, with a base time (every seat starts with some) of at most
// a day and an increment of at most an hour (the clocks are ints of milliseconds).
void read_clock(Settings& s, const std::string& text) {
    std::string error;
    const auto  tc = match::parse_time_control(text, error);
    if (!tc) usage(error);
    if (tc->base_ms <= 0 || tc->base_ms > 86'400'000 || tc->inc_ms > 3'600'000)
        usage("--tc needs BASE+INC in seconds (10+0.1), not '" + text + "'");
    s.base_ms = int(tc->base_ms), s.inc_ms = int(tc->inc_ms);
}

Settings parse(int argc, char** argv) {
    Settings s;
    for (int i = 1; i < argc; ++i) {
        std::string a     = argv[i];
        auto        value = [&] {
            if (i + 1 >= argc) usage(a + " needs a value");
            return argv[++i];
        };
        if (a == "--teams")
            s.teams = true;
        else if (a == "--games")
            s.games = int(number(a, value()));
        else if (a == "--nodes")
            s.nodes = u64(number(a, value(), LONG_MAX));
        else if (a == "--movetime")
            s.movetime = int(number(a, value()));
        else if (a == "--tc")
            read_clock(s, value());
        else if (a == "--plies")
            s.plies = int(number(a, value()));
        else if (a == "--openings")
            s.openings = int(number(a, value()));
        else if (a == "--seed")
            s.seed = u64(number(a, value(), LONG_MAX));
        else if (a == "--record")
            s.record = value();
        else if (a.rfind("--", 0) == 0)
            usage("unknown option " + a);
        else {
            size_t colon = a.find(':');
            auto   algo  = search::fk_algorithm_named(a.substr(0, colon));
            if (!algo || colon == std::string::npos) usage("bad SPEC '" + a + "'");
            const size_t      second = a.find(':', colon + 1);
            const std::string level  = a.substr(
                 colon + 1, second == std::string::npos ? std::string::npos : second - colon - 1);
            long skill = number(a, level.c_str());
            if (skill > 20) usage("skill is 0 to 20 in '" + a + "'");
            Spec spec{ a, *algo, int(skill) };
            if (second != std::string::npos) read_weights(spec, a.substr(second + 1), a);
            s.specs.push_back(spec);
        }
    }
    if (s.specs.size() != 4) usage("four SPECs are needed, one per seat");
    if (s.movetime && s.base_ms) usage("--movetime and --tc exclude each other");
    return s;
}

template <class V> void run(const Settings& set) {
    std::map<std::string, std::vector<double>> points; // per label: one value per seat-game
    std::map<std::string, std::vector<double>> per_game; // per label: its seats' mean, per game
    std::ofstream                              record;
    if (!set.record.empty()) record.open(set.record);
    std::mt19937_64 rng(set.seed);
    int             finished = 0, total_plies = 0, flags = 0;
    for (int g = 0; g < set.games; ++g) {
        const int                shift = V::Teams ? 2 * (g % 2) : g % 4;
        std::vector<const Spec*> seat(4);
        std::vector<std::unique_ptr<search::FourKingdomsEngine<V>>> engines;
        for (int s = 0; s < 4; ++s) {
            seat[size_t(s)] = &set.specs[size_t((s + 4 - shift) % 4)];
            search::Options o;
            o.hash_mb = 8;
            o.skill   = seat[size_t(s)]->skill;
            o.seed    = rng();
            engines.push_back(
                std::make_unique<search::FourKingdomsEngine<V>>(o, seat[size_t(s)]->algorithm));
            engines.back()->set_weights(seat[size_t(s)]->weights);
        }
        FourKingdomsGame<V> game;
        int                 ply = 0;
        std::array<int, 4>  clock;
        clock.fill(set.base_ms);
        std::string flagged; // the seats that lost on time, for the game's line
        for (; ply < set.plies && !game.outcome().over; ++ply) {
            const Seat who = game.to_move();
            if (ply >= set.openings && engines[who]->should_resign(game, who, 0)) {
                game.resign(who);
                continue;
            }
            Move m;
            if (ply < set.openings) {
                auto list = game.legal_moves();
                m         = list.moves[rng() % u64(list.count)];
            } else {
                search::Limits l;
                if (set.movetime)
                    l.movetime_ms = set.movetime;
                else if (set.base_ms)
                    for (int s = 0; s < 4; ++s)
                        l.time_ms[s] = clock[size_t(s)], l.inc_ms[s] = set.inc_ms;
                else
                    l.nodes = seat[who]->nodes ? seat[who]->nodes : set.nodes;
                const auto start = std::chrono::steady_clock::now();
                m                = engines[who]->search(game, l).best;
                const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::steady_clock::now() - start);
                if (set.base_ms && (clock[who] -= int(spent.count())) <= 0) {
                    flagged += std::string(flagged.empty() ? " (" : ", ")
                        + std::string(fk::kSeatNames[who]) + " out of time";
                    ++flags;
                    if (game.resign(who)) {
                        std::fprintf(stderr, "fk_match: %s could not leave on time\n",
                            seat[who]->label.c_str());
                        std::exit(1);
                    }
                    continue;
                }
                clock[who] += set.inc_ms;
            }
            if (m.is_none() || !game.play(m)) {
                std::fprintf(stderr, "fk_match: %s gave no legal move in %s\n",
                    seat[who]->label.c_str(), game.fen().c_str());
                std::exit(1);
            }
        }
        const bool over = game.outcome().over;
        finished += over;
        total_plies += ply;
        std::array<double, 4> sc = game.scores();
        if (!over) { // adjudicated as drawn
            if constexpr (V::Teams)
                sc = { 0.5, 0.5, 0.5, 0.5 };
            else {
                sc             = { 1, 1, 1, 1 };
                const auto& el = game.eliminations();
                for (size_t i = 0; i < el.size(); ++i)
                    sc[el[i].seat] = i < 2 ? (el[i].resigned ? -1 : 1) : 0;
            }
        }
        std::map<std::string, std::pair<double, int>> game_sum;
        for (int s = 0; s < 4; ++s) {
            points[seat[size_t(s)]->label].push_back(sc[size_t(s)]);
            auto& [sum, n] = game_sum[seat[size_t(s)]->label];
            sum += sc[size_t(s)], ++n;
        }
        for (auto& [label, sn] : game_sum) per_game[label].push_back(sn.first / sn.second);
        if (record) {
            K4Tags tags;
            tags.event = "fk_match";
            tags.round = std::to_string(g + 1);
            for (int s = 0; s < 4; ++s) tags.players[size_t(s)] = seat[size_t(s)]->label;
            record << write_k4record(game, tags) << '\n';
        }
        if (!flagged.empty()) flagged += ")";
        std::printf("game %d: %s%s after %d plies: e:%g s:%g w:%g n:%g\n", g + 1,
            over ? game.outcome().describe().c_str() : "unfinished (drawn)", flagged.c_str(), ply,
            sc[0], sc[1], sc[2], sc[3]);
        std::fflush(stdout);
    }
    std::printf("%d games (%d finished, %.0f plies on average), %s\n", set.games, finished,
        double(total_plies) / std::max(1, set.games),
        V::Teams ? "teams: 1 / 1/2 / 0 per seat" : "free-for-all: 2 / 1 / 1 / 0 per seat");
    if (set.base_ms)
        std::printf("clocks %g+%g s: %d players out of time\n", set.base_ms / 1000.0,
            set.inc_ms / 1000.0, flags);
    // The mean and its 95% margin (1.96 standard errors) of a sample.
    auto margin = [](const std::vector<double>& v) {
        double sum = 0, sq = 0;
        for (double x : v) sum += x, sq += x * x;
        double n = double(v.size()), mean = sum / n;
        double sd = n > 1 ? std::sqrt(std::max(0.0, (sq - n * mean * mean) / (n - 1))) : 0;
        return std::pair{ mean, 1.96 * sd / std::sqrt(n) };
    };
    for (auto& [label, v] : points) {
        auto [mean, m]   = margin(v);
        auto [gmean, gm] = margin(per_game[label]);
        std::printf(
            "  %-12s %5.3f +- %5.3f points per seat-game (%zu seat-games; +- %5.3f with the game "
            "as the unit)\n",
            label.c_str(), mean, m, v.size(), gm);
        (void)gmean;
    }
}

} // namespace

int main(int argc, char** argv) {
    Settings s = parse(argc, argv);
    if (s.teams)
        run<FourKingdomsTeams>(s);
    else
        run<FourKingdoms>(s);
    return 0;
}
