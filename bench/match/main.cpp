// citadel_match: plays a match between two UCI engines (or built-in players) with the rules core
// as referee. Usage: citadel_match --help, and docs/match.md.
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "match/match.h"

using namespace citadel::match;

namespace {

constexpr const char* kUsage = R"(usage: citadel_match --engine SPEC... --engine SPEC... [options]
       citadel_match --make-openings N --plies P [--engine SPEC...] [--variant V] [--depth D]

An engine SPEC is a list of key=value words after --engine:
  cmd=PATH             the command (words separated by spaces: cmd="build/citadel uci"),
                       or builtin:greedy / builtin:random (no process)
  name=NAME            its name in the output and the PGN (default: the command's file name)
  option.NAME=VALUE    a setoption sent at start, in order (option.UCI_Elo=1500)
A bare word is taken as cmd= (--engine /usr/games/stockfish).

Options:
  --variant V          chess (default), silverman, pawnrace, tamerlane
  --games N            games to play (default 2); colours alternate, each opening twice
  --openings FILE      one opening per line: a FEN/TFEN, or UCI moves from the start
  --first-opening N    start at the file's Nth opening (default 1), e.g. to hold some out
  --tc BASE+INC        clock in seconds per game and per move (10+0.1)
  --nodes N, --depth N fixed limits per move (with or without a clock)
  --timemargin MS      lateness forgiven on the clock (default 0)
  --move-timeout MS    without a clock: a move taking longer loses on time (default 60000)
  --concurrency C      games at once (default 1)
  --adjudicate draw=MOVE,SCORE,COUNT resign=SCORE,COUNT   (off by default; scores in cp)
  --sprt elo0=E0 elo1=E1 alpha=A beta=B   stop when the test decides (on game pairs)
  --pgn FILE           write every game
  --positions FILE     write the quiet positions of every game, labelled with its result
                       (citadel_tune's data: <FEN> | <result>)
  --label result|score  label them with the game's result (default) or with the logistic
                       of the score the engine to move reported there, 1/(1+10^(-cp/400))
  --seed N             seeds the built-in players and --make-openings (default 1)
Opening generation (written to standard output):
  --make-openings N    N random openings of --plies P plies, kept when the first engine's
                       evaluation at --depth (default 10) is within --max-score CP (default
                       50); without a UCI engine, when the material is equal
)";

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

long long to_number(const std::string& what, const std::string& text, long long min) {
    try {
        size_t    used = 0;
        long long n    = std::stoll(text, &used);
        if (used == text.size() && n >= min) return n;
    } catch (const std::exception&) { }
    throw UsageError(
        what + " takes a whole number of at least " + std::to_string(min) + ", not '" + text + "'");
}

std::vector<std::string> split(const std::string& text, char by) {
    std::vector<std::string> out;
    std::stringstream        in(text);
    for (std::string part; std::getline(in, part, by);)
        if (!part.empty() || by != ' ') out.push_back(part);
    return out;
}

EngineSpec parse_engine(const std::vector<std::string>& words) {
    EngineSpec spec;
    for (const auto& w : words) {
        auto eq = w.find('=');
        if (eq == std::string::npos) {
            if (!spec.argv.empty()) throw UsageError("--engine: two commands ('" + w + "')");
            spec.argv = split(w, ' ');
            continue;
        }
        std::string key = w.substr(0, eq), value = w.substr(eq + 1);
        if (key == "cmd")
            spec.argv = split(value, ' ');
        else if (key == "name")
            spec.name = value;
        else if (key.starts_with("option.") && key.size() > 7)
            spec.options.push_back({ key.substr(7), value });
        else
            throw UsageError("--engine: unknown key '" + key + "' (cmd, name, option.NAME)");
    }
    if (spec.argv.empty()) throw UsageError("--engine: no cmd= given");
    if (spec.name.empty()) {
        spec.name = spec.builtin() ? spec.argv[0].substr(8) : spec.argv[0];
        if (auto slash = spec.name.rfind('/'); slash != std::string::npos)
            spec.name = spec.name.substr(slash + 1);
    }
    return spec;
}

TimeControl parse_tc(const std::string& text) {
    std::string error;
    if (auto tc = parse_time_control(text, error)) return *tc;
    throw UsageError(error);
}

// "key=a,b,c" -> numbers.
std::vector<long long> numbers(const std::string& what, const std::string& text, size_t count) {
    auto parts = split(text, ',');
    if (parts.size() != count)
        throw UsageError(what + " takes " + std::to_string(count) + " numbers, not '" + text + "'");
    std::vector<long long> out;
    for (const auto& p : parts) out.push_back(to_number(what, p, 0));
    return out;
}

Adjudication parse_adjudication(const std::vector<std::string>& words) {
    Adjudication a;
    for (const auto& w : words) {
        if (w.starts_with("draw=")) {
            auto n = numbers("--adjudicate draw=MOVE,SCORE,COUNT", w.substr(5), 3);
            a.draw = true, a.draw_move_number = int(n[0]), a.draw_score = int(n[1]);
            a.draw_count = int(std::max(1LL, n[2]));
        } else if (w.starts_with("resign=")) {
            auto n   = numbers("--adjudicate resign=SCORE,COUNT", w.substr(7), 2);
            a.resign = true, a.resign_score = int(n[0]), a.resign_count = int(std::max(1LL, n[1]));
        } else {
            throw UsageError(
                "--adjudicate: expected draw=MOVE,SCORE,COUNT or resign=SCORE,COUNT, not '" + w
                + "'");
        }
    }
    if (words.empty()) throw UsageError("--adjudicate: nothing given");
    return a;
}

SprtConfig parse_sprt(const std::vector<std::string>& words) {
    SprtConfig s;
    for (const auto& w : words) {
        auto        eq  = w.find('=');
        std::string key = w.substr(0, eq), value = eq == std::string::npos ? "" : w.substr(eq + 1);
        auto        real = [&] {
            try {
                size_t used = 0;
                double x    = std::stod(value, &used);
                if (used == value.size()) return x;
            } catch (const std::exception&) { }
            throw UsageError("--sprt " + key + " takes a number, not '" + value + "'");
        };
        if (key == "elo0")
            s.elo0 = real();
        else if (key == "elo1")
            s.elo1 = real();
        else if (key == "alpha")
            s.alpha = real();
        else if (key == "beta")
            s.beta = real();
        else
            throw UsageError("--sprt: unknown key '" + key + "' (elo0, elo1, alpha, beta)");
    }
    if (!(s.elo1 > s.elo0)) throw UsageError("--sprt: elo1 must be above elo0");
    if (!(s.alpha > 0 && s.alpha < 0.5 && s.beta > 0 && s.beta < 0.5))
        throw UsageError("--sprt: alpha and beta must lie between 0 and 0.5");
    return s;
}

struct Command {
    MatchConfig config;
    int         make_openings = 0, plies = 0, max_score = 50;
    long long   first_opening = 1; // 1-based, among the file's openings
};

Command parse(int argc, char** argv) {
    Command                  cmd;
    MatchConfig&             c = cmd.config;
    std::vector<EngineSpec>  engines;
    std::vector<std::string> args(argv + 1, argv + argc);
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        // The words after an option up to the next --option.
        auto group = [&] {
            std::vector<std::string> words;
            while (i + 1 < args.size() && !args[i + 1].starts_with("--"))
                words.push_back(args[++i]);
            return words;
        };
        auto value = [&]() -> std::string {
            if (i + 1 >= args.size()) throw UsageError(a + " needs a value");
            return args[++i];
        };
        if (a == "--help" || a == "-h") {
            std::cout << kUsage;
            std::exit(0);
        } else if (a == "--engine")
            engines.push_back(parse_engine(group()));
        else if (a == "--variant")
            c.variant = value();
        else if (a == "--games")
            c.games = int(to_number(a, value(), 1));
        else if (a == "--openings") {
            std::string error;
            if (!read_openings(value(), c.openings, error)) throw UsageError(error);
        } else if (a == "--first-opening")
            cmd.first_opening = to_number(a, value(), 1);
        else if (a == "--tc")
            c.tc = parse_tc(value());
        else if (a == "--nodes")
            c.nodes = to_number(a, value(), 1);
        else if (a == "--depth")
            c.depth = int(to_number(a, value(), 1));
        else if (a == "--timemargin")
            c.time_margin_ms = to_number(a, value(), 0);
        else if (a == "--move-timeout")
            c.move_timeout_ms = to_number(a, value(), 1);
        else if (a == "--concurrency")
            c.concurrency = int(to_number(a, value(), 1));
        else if (a == "--adjudicate")
            c.adjudication = parse_adjudication(group());
        else if (a == "--sprt")
            c.sprt = parse_sprt(group());
        else if (a == "--pgn")
            c.pgn_path = value();
        else if (a == "--positions")
            c.positions_path = value();
        else if (a == "--label") {
            std::string l = value();
            if (l != "result" && l != "score") throw UsageError("--label takes result or score");
            c.label_by_score = l == "score";
        } else if (a == "--seed")
            c.seed = (unsigned long long)to_number(a, value(), 0);
        else if (a == "--make-openings")
            cmd.make_openings = int(to_number(a, value(), 1));
        else if (a == "--plies")
            cmd.plies = int(to_number(a, value(), 1));
        else if (a == "--max-score")
            cmd.max_score = int(to_number(a, value(), 0));
        else
            throw UsageError("unknown argument '" + a + "' (see --help)");
    }
    if (cmd.first_opening > 1) {
        if (c.openings.empty()) throw UsageError("--first-opening needs --openings");
        if (cmd.first_opening > (long long)c.openings.size())
            throw UsageError("--first-opening " + std::to_string(cmd.first_opening)
                + ": the openings file has only " + std::to_string(c.openings.size())
                + " openings");
        c.openings.erase(c.openings.begin(), c.openings.begin() + (cmd.first_opening - 1));
    }
    if (cmd.make_openings) {
        if (engines.size() > 1) throw UsageError("--make-openings takes at most one --engine");
        if (!cmd.plies) throw UsageError("--make-openings needs --plies");
        if (!engines.empty()) c.engines[0] = engines[0];
        return cmd;
    }
    if (engines.size() != 2) throw UsageError("a match needs exactly two --engine (see --help)");
    if (!c.tc.on() && !c.nodes && !c.depth)
        throw UsageError("give a limit: --tc, --nodes or --depth");
    if (engines[0].name == engines[1].name) engines[1].name += "-2";
    c.engines = { engines[0], engines[1] };
    return cmd;
}

} // namespace

int main(int argc, char** argv) {
    std::signal(SIGPIPE, SIG_IGN); // a dead engine's pipe: write() fails instead
    Command cmd;
    try {
        cmd = parse(argc, argv);
    } catch (const UsageError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
    if (cmd.make_openings)
        return make_openings(
            cmd.config, cmd.make_openings, cmd.plies, cmd.max_score, std::cout, std::cerr);
    return run_match(cmd.config, std::cout, std::cerr);
}
