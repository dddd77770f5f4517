// fk_match: four-seat Four Kingdoms games between in-process engines, seats rotated, every game
// recorded (K4 record), points per engine with a 95% error margin. docs/fourkingdoms_engine.md.
//
//   fk_match [--teams] [--games N] [--nodes N | --movetime MS] [--plies N] [--openings N]
//            [--seed N] [--record FILE] SPEC SPEC SPEC SPEC
//
// A SPEC is algorithm:skill (paranoid:20, maxn:0, brs:10); the four are the seats East, South,
// West, North of the first game; equal SPECs are pooled. Game g shifts them by g seats
// (free-for-all: every seat in turn; teams: by two, so each pair plays both sides). The first
// `openings` plies of each game are random legal moves (from the seed), so full-strength games
// differ. A game not over after `plies` plies is scored as drawn. Engines resign when
// should_resign says so (level 0 allowed).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "game/fourkingdoms_game.h"
#include "search/fourkingdoms_search.h"

using namespace citadel;

namespace {

struct Spec {
    std::string           label;
    search::FkAlgorithm   algorithm = search::FkAlgorithm::Paranoid;
    int                   skill     = 20;
};

struct Settings {
    bool        teams = false;
    int         games = 8, plies = 400, openings = 4, movetime = 0;
    u64         nodes = 3000, seed = 1;
    std::string record;
    std::vector<Spec> specs;
};

[[noreturn]] void usage(const std::string& why) {
    std::fprintf(stderr, "fk_match: %s\nusage: fk_match [--teams] [--games N] [--nodes N | --movetime MS] "
                 "[--plies N] [--openings N] [--seed N] [--record FILE] SPEC SPEC SPEC SPEC\n"
                 "  SPEC: paranoid:20, maxn:0, brs:10, ... (algorithm:skill)\n", why.c_str());
    std::exit(2);
}

long number(const std::string& flag, const char* text) {
    char* end = nullptr;
    long  v   = std::strtol(text, &end, 10);
    if (!*text || *end || v < 0) usage(flag + " needs a whole number, not '" + text + "'");
    return v;
}

Settings parse(int argc, char** argv) {
    Settings s;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto        value = [&] {
            if (i + 1 >= argc) usage(a + " needs a value");
            return argv[++i];
        };
        if (a == "--teams") s.teams = true;
        else if (a == "--games") s.games = int(number(a, value()));
        else if (a == "--nodes") s.nodes = u64(number(a, value()));
        else if (a == "--movetime") s.movetime = int(number(a, value()));
        else if (a == "--plies") s.plies = int(number(a, value()));
        else if (a == "--openings") s.openings = int(number(a, value()));
        else if (a == "--seed") s.seed = u64(number(a, value()));
        else if (a == "--record") s.record = value();
        else if (a.rfind("--", 0) == 0) usage("unknown option " + a);
        else {
            size_t colon = a.find(':');
            auto   algo  = search::fk_algorithm_named(a.substr(0, colon));
            if (!algo || colon == std::string::npos) usage("bad SPEC '" + a + "'");
            long skill = number(a, a.c_str() + colon + 1);
            if (skill > 20) usage("skill is 0 to 20 in '" + a + "'");
            s.specs.push_back({a, *algo, int(skill)});
        }
    }
    if (s.specs.size() != 4) usage("four SPECs are needed, one per seat");
    return s;
}

template <class V> void run(const Settings& set) {
    std::map<std::string, std::vector<double>> points;  // per label: one value per seat-game
    std::ofstream record;
    if (!set.record.empty()) record.open(set.record);
    std::mt19937_64 rng(set.seed);
    int finished = 0, total_plies = 0;
    for (int g = 0; g < set.games; ++g) {
        const int shift = V::Teams ? 2 * (g % 2) : g % 4;
        std::vector<const Spec*> seat(4);
        std::vector<std::unique_ptr<search::FourKingdomsEngine<V>>> engines;
        for (int s = 0; s < 4; ++s) {
            seat[size_t(s)] = &set.specs[size_t((s + 4 - shift) % 4)];
            search::Options o;
            o.hash_mb = 8;
            o.skill   = seat[size_t(s)]->skill;
            o.seed    = rng();
            engines.push_back(std::make_unique<search::FourKingdomsEngine<V>>(o, seat[size_t(s)]->algorithm));
        }
        FourKingdomsGame<V> game;
        int                 ply = 0;
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
                if (set.movetime) l.movetime_ms = set.movetime;
                else l.nodes = set.nodes;
                m = engines[who]->search(game, l).best;
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
        if (!over) {  // adjudicated as drawn
            if constexpr (V::Teams) sc = {0.5, 0.5, 0.5, 0.5};
            else {
                sc = {1, 1, 1, 1};
                const auto& el = game.eliminations();
                for (size_t i = 0; i < el.size(); ++i)
                    sc[el[i].seat] = i < 2 ? (el[i].resigned ? -1 : 1) : 0;
            }
        }
        for (int s = 0; s < 4; ++s) points[seat[size_t(s)]->label].push_back(sc[size_t(s)]);
        if (record) {
            K4Tags tags;
            tags.event = "fk_match";
            tags.round = std::to_string(g + 1);
            for (int s = 0; s < 4; ++s) tags.players[size_t(s)] = seat[size_t(s)]->label;
            record << write_k4record(game, tags) << '\n';
        }
        std::printf("game %d: %s after %d plies: e:%g s:%g w:%g n:%g\n", g + 1,
                    over ? game.outcome().describe().c_str() : "unfinished (drawn)", ply, sc[0], sc[1],
                    sc[2], sc[3]);
        std::fflush(stdout);
    }
    std::printf("%d games (%d finished, %.0f plies on average), %s\n", set.games, finished,
                double(total_plies) / std::max(1, set.games), V::Teams ? "teams: 1 / 1/2 / 0 per seat"
                                                                      : "free-for-all: 2 / 1 / 1 / 0 per seat");
    for (auto& [label, v] : points) {
        double sum = 0, sq = 0;
        for (double x : v) sum += x, sq += x * x;
        double n = double(v.size()), mean = sum / n;
        double sd = n > 1 ? std::sqrt(std::max(0.0, (sq - n * mean * mean) / (n - 1))) : 0;
        std::printf("  %-12s %5.3f +- %5.3f points per seat-game (%g seat-games)\n", label.c_str(), mean,
                    1.96 * sd / std::sqrt(n), n);
    }
}

}  // namespace

int main(int argc, char** argv) {
    Settings s = parse(argc, argv);
    if (s.teams) run<FourKingdomsTeams>(s);
    else run<FourKingdoms>(s);
    return 0;
}
