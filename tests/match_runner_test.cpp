// The match runners end to end. citadel_match: tiny matches between the built-in players, a
// fake engine that breaks the protocol (tests/fake_uci_engine.py), and Stockfish at depth 1 when
// it is installed; every PGN is read back and replayed by the rules core. Fixed limits only
// (--depth), except for the engine that never answers, which loses on a short clock whatever
// the machine's speed. Also the adjudicator on its own. fk_match (four seats, in-process
// engines): games at a few hundred nodes a move, their records replayed by the rules core,
// seats rotated, the points summed, and its bad arguments.
#include <algorithm>
#include <array>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <sstream>
#include <sys/wait.h>

#include "game/fourkingdoms_record.h"
#include "game/game_pgn.h"
#include "match/adjudicator.h"
#include "notation/fen.h"
#include "variants/registry.h"

using namespace citadel;

namespace {

struct MatchRun {
    int         status = -1;
    std::string output; // standard output and error
};

MatchRun run_program(const std::string& binary, const std::string& args) {
    std::string command = binary + " " + args + " 2>&1";
    MatchRun    r;
    FILE*       pipe = popen(command.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buffer;
    for (size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0;)
        r.output.append(buffer.data(), n);
    int rc   = pclose(pipe);
    r.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
    return r;
}

MatchRun run(const std::string& args) { return run_program(CITADEL_MATCH_BINARY, args); }
MatchRun run_fk(const std::string& args) { return run_program(CITADEL_FK_MATCH_BINARY, args); }

std::string temp_path(const std::string& name) {
    return (std::filesystem::path(testing::TempDir()) / ("citadel_match_" + name)).string();
}

std::string read_text(const std::string& path) {
    std::ifstream     in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string fake(const std::string& mode) {
    return "cmd=\"python3 " + std::string(CITADEL_TESTS_DIR) + "/fake_uci_engine.py " + mode
        + "\" name=fake";
}

// Every game of a PGN file replayed by the rules core; the first engine's W-D-L.
struct Replayed {
    std::vector<PgnGame> games;
    int                  wins = 0, draws = 0, losses = 0;
};

Replayed replay_file(const std::string& path, const std::string& first_engine) {
    Replayed out;
    auto     parsed = parse_pgn_file(read_text(path));
    EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().message);
    if (!parsed.ok()) return out;
    for (const auto& g : *parsed) {
        std::string final_score;
        auto        error
            = with_replayed_pgn(g, [&](auto& game) { final_score = game.outcome().score(); });
        EXPECT_FALSE(error) << (error ? error->message : "");
        EXPECT_EQ(final_score, g.result) << "the replayed game ends as its Result says";
        bool first_white = *g.tag("White") == first_engine;
        if (g.result == "1/2-1/2")
            ++out.draws;
        else if ((g.result == "1-0") == first_white)
            ++out.wins;
        else
            ++out.losses;
        out.games.push_back(g);
    }
    return out;
}

// "W-D-L 3-1-0 in 4 games" from the summary.
std::array<int, 4> summary(const std::string& output) {
    // Plain parsing: GCC 12 reports a false -Wmaybe-uninitialized inside std::regex under ASan.
    std::array<int, 4> wdl_games{ -1, -1, -1, -1 };
    size_t             at = output.find("W-D-L ");
    char               tail[8]{};
    bool               found = at != std::string::npos
        && std::sscanf(output.c_str() + at, "W-D-L %d-%d-%d in %d %7s", &wdl_games[0],
               &wdl_games[1], &wdl_games[2], &wdl_games[3], tail)
            == 5
        && std::string(tail).rfind("games", 0) == 0;
    EXPECT_TRUE(found) << output;
    return found ? wdl_games : std::array<int, 4>{ -1, -1, -1, -1 };
}

void expect_adds_up(const MatchRun& r, const Replayed& games, int count) {
    auto s = summary(r.output);
    EXPECT_EQ(s[3], count);
    EXPECT_EQ(int(games.games.size()), count);
    EXPECT_EQ(s[0], games.wins) << r.output;
    EXPECT_EQ(s[1], games.draws) << r.output;
    EXPECT_EQ(s[2], games.losses) << r.output;
    EXPECT_EQ(s[0] + s[1] + s[2], count);
}

} // namespace

TEST(MatchRunner, GreedyBeatsRandomInChess) {
    std::string pgn = temp_path("chess.pgn");
    MatchRun    r
        = run("--engine builtin:greedy --engine builtin:random --games 4 --depth 1 --pgn " + pgn);
    ASSERT_EQ(r.status, 0) << r.output;
    Replayed games = replay_file(pgn, "greedy");
    expect_adds_up(r, games, 4);
    EXPECT_NE(r.output.find("Elo difference:"), std::string::npos);
    EXPECT_NE(r.output.find("Pentanomial over 2 pairs"), std::string::npos);
    // Colours alternate.
    ASSERT_EQ(games.games.size(), 4u);
    EXPECT_EQ(*games.games[0].tag("White"), "greedy");
    EXPECT_EQ(*games.games[1].tag("White"), "random");
    for (const auto& g : games.games) EXPECT_NE(g.tag("Termination"), nullptr);
}

TEST(MatchRunner, SameSeedSameGames) {
    std::string a = temp_path("seed_a.pgn"), b = temp_path("seed_b.pgn");
    std::string args = "--variant tamerlane --engine builtin:greedy --engine builtin:random "
                       "--games 2 --depth 1 --seed 7 --pgn ";
    ASSERT_EQ(run(args + a).status, 0);
    ASSERT_EQ(run(args + b + " --concurrency 2").status, 0);
    auto ga = replay_file(a, "greedy"), gb = replay_file(b, "greedy");
    ASSERT_EQ(ga.games.size(), 2u);
    ASSERT_EQ(gb.games.size(), 2u);
    auto by_round = [](std::vector<PgnGame> v) {
        std::sort(
            v.begin(), v.end(), [](auto& x, auto& y) { return *x.tag("Round") < *y.tag("Round"); });
        return v;
    };
    auto sa = by_round(ga.games), sb = by_round(gb.games);
    for (size_t i = 0; i < 2; ++i) EXPECT_EQ(sa[i].moves.size(), sb[i].moves.size());
}

TEST(MatchRunner, GreedyBeatsRandomInTamerlane) {
    std::string pgn = temp_path("tamerlane.pgn");
    MatchRun r = run("--variant tamerlane --engine builtin:greedy --engine builtin:random --games "
                     "4 --depth 1 --concurrency 2 --pgn "
        + pgn);
    ASSERT_EQ(r.status, 0) << r.output;
    Replayed games = replay_file(pgn, "greedy");
    expect_adds_up(r, games, 4);
    for (const auto& g : games.games) EXPECT_EQ(*g.tag("Variant"), "tamerlane");
}

// --positions writes citadel_tune's data: one quiet position a line, each a legal TFEN, labelled
// with its game's result (or, with --label score, a number in [0, 1] from the reported score).
TEST(MatchRunner, PositionsAreWrittenForTheTuner) {
    for (std::string label : { "result", "score" }) {
        std::string pos = temp_path("positions_" + label + ".txt");
        MatchRun    r   = run("--variant tamerlane --engine builtin:greedy --engine builtin:random "
                                   "--games 2 --depth 1 --label "
                 + label + " --positions " + pos);
        ASSERT_EQ(r.status, 0) << r.output;
        std::istringstream in(read_text(pos));
        int                lines = 0;
        for (std::string line; std::getline(in, line); ++lines) {
            size_t bar = line.find(" | ");
            ASSERT_NE(bar, std::string::npos) << line;
            auto setup = parse_fen<Tamerlane>(line.substr(0, bar));
            ASSERT_TRUE(setup.ok()) << line;
            Position<Tamerlane>  p;
            StateInfo<Tamerlane> st;
            EXPECT_FALSE(p.set(*setup, st)) << line;
            EXPECT_FALSE(p.in_check()) << line;
            double v = std::stod(line.substr(bar + 3));
            if (label == "result")
                EXPECT_TRUE(v == 0.0 || v == 0.5 || v == 1.0) << line;
            else
                EXPECT_TRUE(v >= 0.0 && v <= 1.0) << line;
        }
        EXPECT_GT(lines, 10) << label;
    }
    EXPECT_NE(run("--engine builtin:greedy --engine builtin:random --depth 1 --label wdl")
                  .output.find("--label takes result or score"),
        std::string::npos);
}

TEST(MatchRunner, StockfishAtDepthOne) {
    if (!std::filesystem::exists("/usr/games/stockfish")) GTEST_SKIP() << "no Debian stockfish";
    std::string pgn = temp_path("stockfish.pgn");
    MatchRun    r
        = run("--engine cmd=/usr/games/stockfish option.Hash=1 --engine /usr/games/stockfish "
              "--games 2 --depth 1 --adjudicate draw=40,20,4 resign=800,2 --pgn "
            + pgn);
    ASSERT_EQ(r.status, 0) << r.output;
    expect_adds_up(r, replay_file(pgn, "stockfish"), 2);
}

TEST(MatchRunner, OpeningsArePlayedWithBothColours) {
    std::string openings = temp_path("openings.txt"), pgn = temp_path("openings.pgn");
    std::ofstream(openings) << "# a comment line\n"
                               "e2e4 c7c5 g1f3   # the Sicilian\n"
                               "\n"
                               "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n";
    MatchRun r
        = run("--engine builtin:greedy --engine builtin:random --games 4 --depth 1 --openings "
            + openings + " --pgn " + pgn);
    ASSERT_EQ(r.status, 0) << r.output;
    Replayed games = replay_file(pgn, "greedy");
    expect_adds_up(r, games, 4);
    std::map<int, PgnGame> by_round;
    for (auto& g : games.games) by_round[std::stoi(*g.tag("Round"))] = g;
    for (int round : { 1, 2 }) {
        ASSERT_GE(by_round[round].moves.size(), 3u);
        EXPECT_EQ(by_round[round].moves[0].san, "e4");
        EXPECT_EQ(by_round[round].moves[2].san, "Nf3");
        EXPECT_EQ(by_round[round].moves[0].note.comment, "book");
        EXPECT_EQ(*by_round[round].tag("Opening"), "line 2");
    }
    for (int round : { 3, 4 })
        EXPECT_EQ(*by_round[round].tag("FEN"), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
}

TEST(MatchRunner, FirstOpeningSkipsPartOfTheFileAndRepeatsAreWarnedOf) {
    std::string openings = temp_path("three_openings.txt"), pgn = temp_path("first.pgn");
    std::ofstream(openings) << "e2e4\n# a comment\nd2d4\nc2c4\n";
    MatchRun r = run("--engine builtin:greedy --engine builtin:random --games 4 --depth 1 "
                     "--first-opening 2 --openings "
        + openings + " --pgn " + pgn);
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_EQ(r.output.find("warning"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("Score of greedy (W-D-L): "), std::string::npos) << r.output;
    Replayed games = replay_file(pgn, "greedy");
    ASSERT_EQ(games.games.size(), 4u);
    std::map<int, std::string> first_move;
    for (auto& g : games.games) first_move[std::stoi(*g.tag("Round"))] = g.moves.at(0).san;
    EXPECT_EQ(first_move,
        (std::map<int, std::string>{ { 1, "d4" }, { 2, "d4" }, { 3, "c4" }, { 4, "c4" } }));
    // Six games from the last two openings: the last two games start the file's part again.
    r = run("--engine builtin:greedy --engine builtin:random --games 6 --depth 1 "
            "--first-opening 2 --openings "
        + openings);
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("warning: 6 games from 2 openings: games after the first 4 play them "
                            "again, and at a fixed --nodes or --depth repeat those games exactly"),
        std::string::npos)
        << r.output;
    for (auto [args, message] : {
             std::pair{ "--first-opening 4 --openings " + openings,
                 "--first-opening 4: the openings file has only 3 openings" },
             { "--first-opening 2", "--first-opening needs --openings" },
             { "--first-opening 0 --openings " + openings, "--first-opening takes a whole number" },
         }) {
        r = run("--engine builtin:greedy --engine builtin:random --depth 1 " + args);
        EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
        EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
    }
}

TEST(MatchRunner, AnIllegalOpeningIsRefusedByLine) {
    std::string openings = temp_path("bad_openings.txt");
    std::ofstream(openings) << "e2e4 e7e5\ne2e4 e2e4\n";
    MatchRun r
        = run("--engine builtin:greedy --engine builtin:random --depth 1 --openings " + openings);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.output.find("opening on line 2: the move 'e2e4' is not legal"), std::string::npos)
        << r.output;
}

TEST(MatchRunner, ACrashingEngineLoses) {
    std::string pgn = temp_path("crash.pgn");
    MatchRun    r   = run(
             "--engine " + fake("crash") + " --engine builtin:random --games 2 --depth 1 --pgn " + pgn);
    ASSERT_EQ(r.status, 0) << r.output;
    Replayed games = replay_file(pgn, "fake");
    expect_adds_up(r, games, 2);
    EXPECT_EQ(games.losses, 2);
    for (const auto& g : games.games) {
        ASSERT_NE(g.tag("Referee"), nullptr);
        EXPECT_NE(g.tag("Referee")->find("(fake) crashed (exit status 3)"), std::string::npos);
    }
}

TEST(MatchRunner, IllegalOrMalformedMovesLoseAndAreNamed) {
    for (std::string mode : { "illegal", "garbage", "none" }) {
        std::string pgn = temp_path(mode + ".pgn");
        MatchRun    r   = run(
                 "--engine builtin:random --engine " + fake(mode) + " --games 2 --depth 1 --pgn " + pgn);
        ASSERT_EQ(r.status, 0) << r.output;
        Replayed games = replay_file(pgn, "random");
        expect_adds_up(r, games, 2);
        EXPECT_EQ(games.wins, 2) << mode;
        for (const auto& g : games.games) {
            ASSERT_NE(g.tag("Referee"), nullptr);
            const std::string& referee = *g.tag("Referee");
            EXPECT_NE(referee.find("(fake) played the illegal move '"), std::string::npos)
                << referee;
            std::string expected = mode == "garbage" ? "'xyzzy'" : mode == "none" ? "'(none)'" : "";
            if (mode == "illegal") expected = *g.tag("Round") == "1" ? "'a1a1'" : "'e2e5'";
            EXPECT_NE(referee.find(expected), std::string::npos) << referee;
        }
    }
}

TEST(MatchRunner, AHungEngineLosesOnTimeOrDrawsAgainstABareKing) {
    std::string pgn = temp_path("hang.pgn");
    MatchRun    r   = run(
             "--engine " + fake("hang") + " --engine builtin:random --games 1 --tc 0.2+0 --pgn " + pgn);
    ASSERT_EQ(r.status, 0) << r.output;
    Replayed games = replay_file(pgn, "fake");
    ASSERT_EQ(games.games.size(), 1u);
    EXPECT_EQ(games.games[0].result, "0-1");
    EXPECT_NE(games.games[0].tag("Termination")->find("time"), std::string::npos);

    // The opponent has a bare king: it cannot mate, so the flag is a draw (the rules' own).
    std::string openings = temp_path("bare.txt");
    std::ofstream(openings) << "4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1\n";
    r = run("--engine " + fake("hang") + " --engine builtin:random --games 1 --tc 0.2+0 --openings "
        + openings + " --pgn " + pgn);
    ASSERT_EQ(r.status, 0) << r.output;
    games = replay_file(pgn, "fake");
    ASSERT_EQ(games.games.size(), 1u);
    EXPECT_EQ(games.games[0].result, "1/2-1/2");
}

TEST(MatchRunner, DrawAdjudication) {
    // Two greedy players report material scores; at 0 cp from move 1 the draw rule fires at once.
    std::string pgn = temp_path("adjudicate.pgn");
    MatchRun    r   = run("--engine builtin:greedy --engine builtin:greedy --games 2 --depth 1 "
                               "--adjudicate draw=1,0,1 --pgn "
             + pgn);
    ASSERT_EQ(r.status, 0) << r.output;
    Replayed games = replay_file(pgn, "greedy");
    expect_adds_up(r, games, 2);
    for (const auto& g : games.games) {
        EXPECT_EQ(g.result, "1/2-1/2");
        EXPECT_EQ(g.moves.size(), 2u);
        EXPECT_NE(g.tag("Referee")->find("draw adjudicated"), std::string::npos);
    }
}

TEST(MatchRunner, SprtStopsAOneSidedMatch) {
    MatchRun r = run("--engine builtin:greedy --engine builtin:random --games 200 --depth 1 --sprt "
                     "elo0=0 elo1=5 alpha=0.05 beta=0.05");
    ASSERT_EQ(r.status, 0) << r.output;
    auto s = summary(r.output);
    EXPECT_LT(s[3], 200);
    EXPECT_NE(r.output.find("H1 accepted"), std::string::npos) << r.output;
    // The test's state after each pair, as it plays: the first pair's and the deciding one's.
    EXPECT_NE(r.output.find("SPRT after 1 pairs: LLR "), std::string::npos) << r.output;
    EXPECT_NE(
        r.output.find("SPRT after " + std::to_string(s[3] / 2) + " pairs: LLR "), std::string::npos)
        << r.output;
    // The verdict names the pair that decided it (games still playing then are counted after).
    EXPECT_NE(r.output.find("H1 accepted after " + std::to_string(s[3] / 2) + " pairs"),
        std::string::npos)
        << r.output;
}

TEST(MatchRunner, BadArgumentsAreNamed) {
    struct Case {
        std::string args, message;
    };
    for (const auto& c : std::vector<Case>{
             { "--engine builtin:greedy --depth 1", "exactly two --engine" },
             { "--engine builtin:greedy --engine builtin:random", "give a limit" },
             { "--engine builtin:greedy --engine builtin:random --depth x",
                 "--depth takes a whole number" },
             { "--engine builtin:greedy --engine builtin:random --tc abc", "--tc takes a number" },
             { "--engine builtin:greedy --engine builtin:random --tc inf", "--tc takes a number" },
             { "--engine builtin:greedy --engine builtin:random --tc 1e10", "--tc takes a number" },
             { "--engine builtin:greedy --engine builtin:random --tc 0+0", "must give some time" },
             { "--engine builtin:greedy --engine builtin:random --depth 1 --variant nosuch",
                 "unknown variant 'nosuch'" },
             { "--engine builtin:greedy --engine builtin:random --depth 1 --variant fourkingdoms",
                 "four-player" },
             { "--engine builtin:greedy --engine builtin:nosuch --depth 1",
                 "unknown built-in player" },
             { "--engine cmd=/nonexistent/engine --engine builtin:random --depth 1",
                 "cannot start '/nonexistent/engine'" },
             { "--engine builtin:greedy --engine builtin:random --depth 1 --adjudicate draw=1,2",
                 "takes 3 numbers" },
             { "--engine builtin:greedy --engine builtin:random --depth 1 --sprt elo0=5 elo1=0",
                 "elo1 must be above elo0" },
             { "--engine builtin:greedy --engine builtin:random --depth 1 --openings /nonexistent",
                 "cannot read the openings file" },
             { "--engine cmd=/usr/games/stockfish option.NoSuchOption=1 --engine builtin:random "
               "--depth 1",
                 "has no option 'NoSuchOption'" },
             { "--engine builtin:greedy --engine builtin:random --depth 1 --bogus",
                 "unknown argument '--bogus'" },
         }) {
        if (c.args.find("/usr/games/stockfish") != std::string::npos
            && !std::filesystem::exists("/usr/games/stockfish"))
            continue;
        MatchRun r = run(c.args);
        EXPECT_EQ(r.status, 2) << c.args << "\n" << r.output;
        EXPECT_NE(r.output.find("error: "), std::string::npos) << c.args;
        EXPECT_NE(r.output.find(c.message), std::string::npos) << c.args << "\n" << r.output;
    }
}

TEST(MatchAdjudicator, DrawNeedsBothSidesAndTheMoveNumber) {
    match::Adjudication rules;
    rules.draw = true, rules.draw_move_number = 3, rules.draw_score = 10, rules.draw_count = 2;
    match::Adjudicator a(rules);
    bool               loser_white = false;
    a.record(5), a.record(-5), a.record(0);
    EXPECT_FALSE(a.verdict(2, true, loser_white)); // before move 3
    a.record(3);
    EXPECT_TRUE(a.verdict(3, false, loser_white));
    a.record(50); // White sees an edge: no more draw
    EXPECT_FALSE(a.verdict(4, true, loser_white));
    a.record(std::nullopt);
    EXPECT_FALSE(a.verdict(4, false, loser_white));
}

TEST(MatchAdjudicator, ResignationNeedsBothToAgree) {
    match::Adjudication rules;
    rules.resign = true, rules.resign_score = 500, rules.resign_count = 2;
    match::Adjudicator a(rules);
    bool               loser_white = false;
    a.record(600), a.record(-700), a.record(650); // White, Black, White
    EXPECT_FALSE(a.verdict(2, true, loser_white)); // Black has said it only once
    a.record(-800);
    auto v = a.verdict(2, false, loser_white);
    ASSERT_TRUE(v);
    EXPECT_FALSE(loser_white); // Black is lost
    EXPECT_NE(v->find("Black's score"), std::string::npos);
    a.record(400); // White is no longer sure
    EXPECT_FALSE(a.verdict(3, true, loser_white));
}

// ---- fk_match ----------------------------------------------------------------------------------

namespace {

size_t occurrences(const std::string& text, const std::string& part) {
    size_t n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

// One "game N: ... after P plies: e:1 s:0 w:2 n:1" line of fk_match's output.
struct FkGameLine {
    bool                  unfinished = false;
    std::array<double, 4> points{};
};

std::vector<FkGameLine> fk_game_lines(const std::string& output) {
    std::vector<FkGameLine> lines;
    std::istringstream      in(output);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("game ", 0) != 0) continue;
        FkGameLine g;
        g.unfinished    = line.find("unfinished") != std::string::npos;
        const size_t at = line.rfind("plies: ");
        EXPECT_NE(at, std::string::npos) << line;
        if (at == std::string::npos) continue;
        EXPECT_EQ(std::sscanf(line.c_str() + at, "plies: e:%lf s:%lf w:%lf n:%lf", &g.points[0],
                      &g.points[1], &g.points[2], &g.points[3]),
            4)
            << line;
        lines.push_back(g);
    }
    return lines;
}

// The records of a --record file, each replayed by the rules core (a deque: games do not move).
template <class V>
std::deque<std::pair<FourKingdomsGame<V>, K4Tags>> fk_records(const std::string& path) {
    const std::string                                  text = read_text(path);
    std::deque<std::pair<FourKingdomsGame<V>, K4Tags>> out;
    for (size_t at = text.find("[Event "); at != std::string::npos;) {
        const size_t next  = text.find("[Event ", at + 1);
        auto& [game, tags] = out.emplace_back();
        auto error         = read_k4record(std::string_view(text).substr(at,
                                       next == std::string::npos ? std::string::npos : next - at),
                    game, &tags);
        EXPECT_FALSE(error) << (error ? error->message : "") << " in record " << out.size();
        at = next;
    }
    return out;
}

// Plays `games` games of fk_match with `options` and the four SPECs, recording them, and checks
// each game's line against its replayed record: the players rotated as fk_match says (game g
// shifts the SPECs by `step` * g seats), a finished game's points as the rules score it.
// Returns the output.
template <class V>
std::string play_and_check(
    const std::string& options, const std::array<std::string, 4>& specs, int games, int step) {
    const std::string record = temp_path(std::string(V::Name) + ".k4");
    MatchRun r = run_fk("--games " + std::to_string(games) + " --record " + record + " " + options
        + " " + specs[0] + " " + specs[1] + " " + specs[2] + " " + specs[3]);
    EXPECT_EQ(r.status, 0) << r.output;
    const auto lines   = fk_game_lines(r.output);
    const auto records = fk_records<V>(record);
    EXPECT_EQ(int(lines.size()), games) << r.output;
    EXPECT_EQ(int(records.size()), games);
    for (size_t g = 0; g < std::min(lines.size(), records.size()); ++g) {
        const auto& [game, tags] = records[g];
        const size_t shift       = (size_t(step) * g) % 4;
        EXPECT_EQ(tags.round, std::to_string(g + 1));
        for (size_t s = 0; s < 4; ++s)
            EXPECT_EQ(tags.players[s], specs[(s + 4 - shift) % 4]) << "game " << g + 1;
        EXPECT_EQ(game.outcome().over, !lines[g].unfinished) << "game " << g + 1;
        if (game.outcome().over) {
            EXPECT_EQ(game.scores(), lines[g].points) << "game " << g + 1;
        }
    }
    return r.output;
}

} // namespace

TEST(FkMatch, FreeForAllGamesAreRecordedRotatedAndScored) {
    const std::array<std::string, 4> specs{ "paranoid:0", "paranoid:2", "brs:0", "maxn:1" };
    const std::string                out
        = play_and_check<FourKingdoms>("--nodes 300 --plies 160 --seed 3", specs, 4, 1);
    EXPECT_NE(out.find("4 games ("), std::string::npos) << out;
    EXPECT_NE(out.find("free-for-all: 2 / 1 / 1 / 0 per seat"), std::string::npos) << out;
    for (const auto& spec : specs) // a summary line each
        EXPECT_NE(out.find("  " + spec + " "), std::string::npos) << out;
    EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 4 + 1 + 4) << out;
    EXPECT_EQ(occurrences(out, "(4 seat-games;"), 4u) << out;
}

TEST(FkMatch, TeamsPairsPlayBothSidesAndEqualSpecsArePooled) {
    const std::array<std::string, 4> specs{ "paranoid:4", "paranoid:4", "paranoid:0",
        "paranoid:0" };
    const std::string                out = play_and_check<FourKingdomsTeams>(
        "--teams --nodes 300 --plies 120 --seed 4", specs, 2, 2);
    EXPECT_NE(out.find("teams: 1 / 1/2 / 0 per seat"), std::string::npos) << out;
    // two labels, each two seats in each of two games
    EXPECT_EQ(occurrences(out, "(4 seat-games;"), 2u) << out;
}

TEST(FkMatch, TheSameSeedPlaysTheSameGames) {
    auto played = [](const std::string& seed, const std::string& name) {
        const std::string record = temp_path(name);
        MatchRun r = run_fk("--games 2 --nodes 200 --plies 60 --seed " + seed + " --record "
            + record + " paranoid:3 paranoid:0 brs:1 maxn:0");
        EXPECT_EQ(r.status, 0) << r.output;
        return r.output + read_text(record);
    };
    const std::string a = played("9", "seed_a.k4"), b = played("9", "seed_b.k4");
    EXPECT_NE(a.find("[Event "), std::string::npos);
    EXPECT_EQ(a, b);
    // the seed picks the openings and the engines' seeds (any u64-sized one, unlike the counts)
    EXPECT_NE(a, played("99999999999", "seed_c.k4"));
}

TEST(FkMatch, BadArgumentsAreNamed) {
    const std::string four = " paranoid:20 paranoid:20 paranoid:20 paranoid:20";
    struct Case {
        std::string args, message;
    };
    for (const auto& c : std::vector<Case>{
             { "paranoid:20 paranoid:20 paranoid:20", "four SPECs are needed" },
             { "--nodes 10 nosuch:20 paranoid:20 paranoid:20 paranoid:20", "bad SPEC 'nosuch:20'" },
             { "brs paranoid:20 paranoid:20 paranoid:20", "bad SPEC 'brs'" },
             { "brs:21 paranoid:20 paranoid:20 paranoid:20", "skill is 0 to 20 in 'brs:21'" },
             { "brs:-1 paranoid:20 paranoid:20 paranoid:20", "needs a whole number" },
             { "paranoid:20:nosuch=3 paranoid:20 paranoid:20 paranoid:20", "no weight 'nosuch'" },
             { "paranoid:20:shelter=x paranoid:20 paranoid:20 paranoid:20", "weight value 'x'" },
             { "--movetime 10 --tc 1+0" + four, "--movetime and --tc exclude each other" },
             { "--tc abc" + four, "--tc takes a number" },
             { "--tc 0+1" + four, "--tc needs BASE+INC" },
             { "--games x" + four, "--games needs a whole number" },
             { "--games 99999999999" + four, "at most 2147483647" },
             { "--bogus" + four, "unknown option --bogus" },
             { four + " --nodes", "--nodes needs a value" },
         }) {
        MatchRun r = run_fk(c.args);
        EXPECT_EQ(r.status, 2) << c.args << "\n" << r.output;
        EXPECT_NE(r.output.find("usage: fk_match"), std::string::npos) << c.args;
        EXPECT_NE(r.output.find(c.message), std::string::npos) << c.args << "\n" << r.output;
    }
}
