// The match runner (citadel_match) end to end: tiny matches between the built-in players, a
// fake engine that breaks the protocol (tests/fake_uci_engine.py), and Stockfish at depth 1 when
// it is installed; every PGN is read back and replayed by the rules core. Fixed limits only
// (--depth), except for the engine that never answers, which loses on a short clock whatever
// the machine's speed. Also the adjudicator on its own.
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <cstdio>
#include <sstream>
#include <sys/wait.h>

#include "match/adjudicator.h"
#include "notation/fen.h"
#include "notation/pgn.h"
#include "variants/registry.h"

using namespace citadel;

namespace {

struct MatchRun {
    int         status = -1;
    std::string output; // standard output and error
};

MatchRun run(const std::string& args) {
    std::string command = std::string(CITADEL_MATCH_BINARY) + " " + args + " 2>&1";
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
    bool found = at != std::string::npos
        && std::sscanf(output.c_str() + at, "W-D-L %d-%d-%d in %d %7s", &wdl_games[0],
               &wdl_games[1], &wdl_games[2], &wdl_games[3], tail) == 5
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
