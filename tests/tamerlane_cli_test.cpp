// The command line (docs/cli.md) for Tamerlane: `citadel perft/moves --variant tamerlane`, through
// the same main() as every variant (the variant plugs in by name; main.cpp knows nothing of it).
#include <gtest/gtest.h>
#include <unistd.h>

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

namespace {

struct CliRun {
    int         status = -1;
    std::string out, err;
};

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

CliRun run(const std::vector<std::string>& args) {
    std::string cmd = CITADEL_BINARY;
    for (auto& a : args) cmd += " " + quote(a);
    // One file per process and test: ctest runs tests in parallel.
    const std::string err_file = testing::TempDir() + "tamerlane_cli_stderr_"
        + std::to_string(getpid()) + "_"
        + testing::UnitTest::GetInstance()->current_test_info()->name() + ".txt";
    cmd += " 2>" + quote(err_file);
    CliRun r;
    FILE*  p = popen(cmd.c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf;
    size_t                 n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    int status = pclose(p);
    r.status   = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (FILE* e = fopen(err_file.c_str(), "r")) {
        while ((n = fread(buf.data(), 1, buf.size(), e)) > 0) r.err.append(buf.data(), n);
        fclose(e);
    }
    std::remove(err_file.c_str());
    return r;
}

void expect_error(const std::vector<std::string>& args, const std::vector<std::string>& mentions) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("error:", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    for (auto& m : mentions)
        EXPECT_NE(r.err.find(m), std::string::npos) << m << " not in " << r.err;
}

} // namespace

TEST(TamerlaneCli, PerftFromTheStart) {
    EXPECT_EQ(
        run({ "perft", "--variant", "tamerlane", "--depth", "2" }).out, "Nodes searched: 576\n");
    EXPECT_EQ(
        run({ "perft", "--variant", "tamerlane", "--depth", "0" }).out, "Nodes searched: 1\n");
    CliRun d = run({ "perft", "--variant", "tamerlane", "--depth", "1", "--divide" });
    EXPECT_EQ(d.status, 0);
    EXPECT_EQ(d.out.substr(0, 6), "a3a4: ");
    EXPECT_NE(d.out.find("\nf2f1: 1\n"), std::string::npos);
    EXPECT_EQ(d.out.substr(d.out.size() - 19), "Nodes searched: 24\n");
}

TEST(TamerlaneCli, MovesInByteOrderWithTheRareKinds) {
    // In check from the rook e8: the waiting pawn's relocation to e8 (forking d9 and f9) removes
    // the checker, the king swaps with the knight a1 or steps aside; byte order puts a10 first.
    CliRun r = run({ "moves", "--variant", "tamerlane", "--fen",
        "PP9k/3n1n5/4r6/11/11/11/11/11/11/N3K6 w -/- K 1/0 0 1" });
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "a10e8\ne1a1\ne1d1\ne1d2\ne1f1\ne1f2\n");
    // Citadel entry: k2l2 for Black's king; after it nothing is left to play.
    CliRun c = run({ "moves", "--variant", "tamerlane", "--fen",
        "11/11/11/11/11/11/11/11/10k/K10 b -/- - 0/0 0 1" });
    EXPECT_NE(c.out.find("k2l2\n"), std::string::npos) << c.out;
    CliRun after = run({ "perft", "--variant", "tamerlane", "--fen",
        "11/11/11/11/11/11/11/11/10k/K10 b -/- - 0/0 0 1", "--moves", "k2l2", "--depth", "2" });
    EXPECT_EQ(after.out, "Nodes searched: 0\n");
}

TEST(TamerlaneCli, MovesAppliedFirstIncludingSwapAndSecondArrival) {
    CliRun r = run({ "moves", "--variant", "tamerlane", "--fen",
        "2K8/11/11/11/7PP3/10k/11/11/11/2r8 w -/- K 1/0 0 1", "--moves", "c10h6" });
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_FALSE(r.out.empty());
    // After the swap the pawn of pawns jumped to f3: Black's king on k5 is not attacked by it,
    // and White's pawn on f3 can move next turn.
    CliRun w = run({ "moves", "--variant", "tamerlane", "--fen",
        "2K8/11/11/11/7PP3/10k/11/11/11/2r8 w -/- K 1/0 0 1", "--moves", "c10h6 k5k4" });
    EXPECT_NE(w.out.find("f3f4\n"), std::string::npos) << w.out;
}

TEST(TamerlaneCli, ErrorsSayWhatAndWhere) {
    expect_error(
        { "moves", "--variant", "tamerlane", "--fen", "11/11/11 w -/- - 0/0 0 1" }, { "board" });
    expect_error({ "moves", "--variant", "tamerlane", "--fen",
                     "11/11/11/11/11/11/11/11/11/K9k w -/- Kx 0/0 0 1" },
        { "swaps" });
    expect_error({ "moves", "--variant", "tamerlane", "--fen",
                     "11/11/11/11/11/11/11/11/11/K9k w R/- - 0/0 0 1" },
        { "illegal position", "l2", "citadel" });
    expect_error({ "moves", "--variant", "tamerlane", "--moves", "f3f4 f8f6" }, { "f8f6", "2" });
    expect_error({ "moves", "--variant", "tamerlane", "--moves", "f2e2" }, { "f2e2", "swap" });
    expect_error({ "moves", "--variant", "tamerlane", "--moves", "k2l2" }, { "k2l2", "citadel" });
    expect_error({ "moves", "--variant", "tamerlane", "--moves", "a3a4r" }, { "a3a4r" });
}
