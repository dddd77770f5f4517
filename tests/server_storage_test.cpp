// The server's SQLite storage: what is stored is loaded back, in order, across reopening; a
// failed append changes nothing; analyses are kept per game and settings; seat tokens are kept
// only as hashes, a file written before that migrated at open; a database that cannot be opened
// is an error naming it.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <thread>

#include <fstream>
#include <sqlite3.h>

#include "server/secrets.h"
#include "server/sqlite_storage.h"

using namespace citadel::server;

namespace {

struct TempDb {
    std::filesystem::path path;
    TempDb() {
        path = std::filesystem::temp_directory_path()
            / ("citadel-storage-test-" + std::to_string(::getpid()) + "-"
                + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
        clean();
    }
    ~TempDb() { clean(); }
    void clean() {
        for (const char* suffix : { "", "-wal", "-shm" })
            std::filesystem::remove(path.string() + suffix);
    }
};

StoredGame sample_game() {
    StoredGame g;
    g.id         = "g1";
    g.variant    = "chess";
    g.start_fen  = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.clock      = StoredClock{ 300000, 2000 };
    g.seats      = { { false, 0, "hashA" }, { true, 7, "" } };
    g.created_ms = 1700000000000;
    return g;
}

} // namespace

TEST(ServerStorage, StoresAndLoadsGamesAndStepsInOrder) {
    TempDb db;
    {
        SqliteStorage s(db.path.string());
        s.create_game(sample_game());
        s.append_steps("g1", 0, { { "move", 0, "e2e4", -1, { 298000, 300000 } } }, false);
        s.append_steps("g1", 1,
            { { "move", 1, "e7e5", -1, { 298000, 299500 } }, { "offer_draw", 1, "", -1, {} } },
            false);
        StoredGame other = sample_game();
        other.id         = "g2";
        other.variant    = "fourkingdoms";
        other.clock.reset();
        other.seats
            = { { false, 0, "a" }, { false, 0, "b" }, { false, 0, "c" }, { false, 0, "d" } };
        s.create_game(other);
        s.append_steps("g2", 0, { { "propose_alliance", 2, "", 1, {} } }, true);
    }
    SqliteStorage s(db.path.string()); // reopened: everything was committed
    auto          games = s.load_games();
    ASSERT_EQ(games.size(), 2u);
    const StoredGame& g = games[0].id == "g1" ? games[0] : games[1];
    const StoredGame& h = games[0].id == "g1" ? games[1] : games[0];
    EXPECT_EQ(g.variant, "chess");
    ASSERT_TRUE(g.clock);
    EXPECT_EQ(g.clock->initial_ms, 300000);
    EXPECT_EQ(g.clock->increment_ms, 2000);
    ASSERT_EQ(g.seats.size(), 2u);
    EXPECT_EQ(g.seats[0].token_hash, "hashA");
    EXPECT_TRUE(g.seats[1].engine);
    EXPECT_EQ(g.seats[1].level, 7);
    ASSERT_EQ(g.steps.size(), 3u);
    EXPECT_EQ(g.steps[0].text, "e2e4");
    EXPECT_EQ(g.steps[1].text, "e7e5");
    EXPECT_EQ(g.steps[1].clock_ms, (std::vector<int64_t>{ 298000, 299500 }));
    EXPECT_EQ(g.steps[2].kind, "offer_draw");
    EXPECT_TRUE(g.steps[2].clock_ms.empty());
    EXPECT_FALSE(g.finished);
    EXPECT_FALSE(h.clock);
    EXPECT_TRUE(h.finished);
    ASSERT_EQ(h.steps.size(), 1u);
    EXPECT_EQ(h.steps[0].other, 1);
}

TEST(ServerStorage, AFailedAppendChangesNothing) {
    TempDb        db;
    SqliteStorage s(db.path.string());
    s.create_game(sample_game());
    s.append_steps("g1", 0, { { "move", 0, "e2e4", -1, {} } }, false);
    s.append_steps("g1", 2, { { "move", 0, "g1f3", -1, {} } }, false);
    // Steps 1 and 2: the second collides with the stored step 2, so the whole transaction is
    // rolled back, step 1 too.
    EXPECT_THROW(s.append_steps("g1", 1,
                     { { "move", 1, "e7e5", -1, {} }, { "move", 0, "b1c3", -1, {} } }, true),
        StorageError);
    EXPECT_THROW(
        s.append_steps("nosuchgame", 0, { { "move", 0, "e2e4", -1, {} } }, false), StorageError);
    EXPECT_THROW(s.create_game(sample_game()), StorageError); // the id exists
    auto games = s.load_games();
    ASSERT_EQ(games.size(), 1u);
    ASSERT_EQ(games[0].steps.size(), 2u);
    EXPECT_EQ(games[0].steps[1].text, "g1f3");
    EXPECT_FALSE(games[0].finished);
    s.append_steps("g1", 1, { { "move", 1, "e7e5", -1, {} } }, false); // and it still works
    EXPECT_EQ(s.load_games()[0].steps.size(), 3u);
}

TEST(ServerStorage, CheckpointsCopyTheLogIntoTheFileSoItStaysSmall) {
    TempDb        db;
    SqliteStorage s(db.path.string());
    s.create_game(sample_game());
    for (int i = 0; i < 200; ++i)
        s.append_steps("g1", i, { { "move", i % 2, "e2e4", -1, {} } }, false);
    // Every committed frame reaches the database file (a checkpoint that did nothing once let
    // the log grow without end: 6 KB a move).
    auto first = s.checkpoint();
    EXPECT_GE(first.log_frames, 200);
    EXPECT_EQ(first.copied_frames, first.log_frames);
    EXPECT_GT(std::filesystem::file_size(db.path), 4096u);
    // With every frame copied, the next commit starts the log again from the top.
    s.append_steps("g1", 200, { { "move", 0, "e2e4", -1, {} } }, false);
    auto second = s.checkpoint();
    EXPECT_GT(second.log_frames, 0);
    EXPECT_LT(second.log_frames, 10);
    EXPECT_EQ(s.load_games()[0].steps.size(), 201u);
}

TEST(ServerStorage, AHeldCheckpointRestartsTheLogThoughCommitsNeverStop) {
    TempDb        db;
    SqliteStorage s(db.path.string());
    s.create_game(sample_game());
    // A writer commits all the time, as a busy server does, until told where to stop.
    std::atomic<int> committed{ 0 }, stop_at{ 1 << 30 };
    std::thread      writer([&] {
        for (int i = 0; i < stop_at; ++i) {
            s.append_steps("g1", i, { { "move", i % 2, "e2e4", -1, {} } }, false);
            ++committed;
        }
    });
    auto             wait_for = [&](int n) {
        while (committed < n) std::this_thread::yield();
    };
    wait_for(300);
    s.checkpoint(); // copies much, but commits go on meanwhile: the log cannot start again
    wait_for(600);
    const auto held = s.checkpoint(true);
    EXPECT_EQ(held.copied_frames, held.log_frames);
    stop_at = committed + 50;
    writer.join();
    // Only what was committed after the held checkpoint is in the log now.
    EXPECT_LT(s.checkpoint().log_frames, held.log_frames);
    EXPECT_EQ(s.load_games()[0].steps.size(), size_t(stop_at.load()));
}

TEST(ServerStorage, AnalysesAreKeptPerGameAndSettingsAcrossReopening) {
    TempDb db;
    {
        SqliteStorage s(db.path.string());
        s.create_game(sample_game());
        EXPECT_EQ(s.load_analysis("g1", "nodes 100"), std::nullopt);
        s.save_analysis("g1", "nodes 100", R"({"positions":[]})");
        s.save_analysis("g1", "nodes 100", R"({"positions":[{"ply":0}]})"); // replaces it
        s.save_analysis("g1", "nodes 200", R"({"positions":[{"ply":0,"score":0.25}]})");
        // Only for a stored game.
        EXPECT_THROW(s.save_analysis("nosuchgame", "nodes 100", "{}"), StorageError);
    }
    SqliteStorage s(db.path.string());
    EXPECT_EQ(s.load_analysis("g1", "nodes 100"), R"({"positions":[{"ply":0}]})");
    EXPECT_EQ(s.load_analysis("g1", "nodes 200"), R"({"positions":[{"ply":0,"score":0.25}]})");
    EXPECT_EQ(s.load_analysis("g1", "nodes 300"), std::nullopt);
    EXPECT_EQ(s.load_analysis("nosuchgame", "nodes 100"), std::nullopt);
    // Hostile text is stored and read as it is.
    const std::string id = "x'); DROP TABLE games; --";
    EXPECT_EQ(s.load_analysis(id, "nodes 100"), std::nullopt);
    EXPECT_EQ(s.load_games().size(), 1u);
}

TEST(ServerStorage, TheInterfaceDefaultsKeepNoAnalysis) {
    struct GamesOnly final : Storage {
        void create_game(const StoredGame&) override { }
        void append_steps(const std::string&, int, const std::vector<StoredStep>&, bool) override {
        }
        std::vector<StoredGame> load_games() override { return {}; }
        void save_seats(const std::string&, const std::vector<StoredSeat>&) override { }
    } s;
    s.save_analysis("g1", "nodes 100", "{}");
    EXPECT_EQ(s.load_analysis("g1", "nodes 100"), std::nullopt);
}

TEST(ServerStorage, AnUnopenableDatabaseIsAnErrorNamingIt) {
    try {
        SqliteStorage s("/nonexistent-dir/citadel.db");
        FAIL() << "opened";
    } catch (const StorageError& e) {
        EXPECT_NE(e.message.find("/nonexistent-dir/citadel.db"), std::string::npos) << e.message;
    }
}

namespace {

// The bytes of the database and its log: what a thief of the files would read.
std::string file_bytes(const TempDb& db) {
    std::string out;
    for (const char* suffix : { "", "-wal" }) {
        std::ifstream in(db.path.string() + suffix, std::ios::binary);
        out.append(std::istreambuf_iterator<char>(in), {});
    }
    return out;
}

} // namespace

TEST(ServerStorage, ARematchSeatIsGivenItsTokenHashLater) {
    TempDb db;
    {
        SqliteStorage s(db.path.string());
        StoredGame    g = sample_game();
        g.seats[0].token_hash.clear(); // waiting for its player
        s.create_game(g);
        g.seats[0].token_hash = "hashB";
        s.save_seats("g1", g.seats);
        EXPECT_THROW(s.save_seats("nosuchgame", g.seats), StorageError);
    }
    SqliteStorage s(db.path.string());
    auto          games = s.load_games();
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].seats[0].token_hash, "hashB");
    EXPECT_TRUE(games[0].seats[1].engine);
}

// A database written before tokens were hashed: at open each token is replaced by its hash, in
// the file and its log alike, and the seat is still found by the token.
TEST(ServerStorage, TokensOfAnOlderFileAreHashedAtOpen) {
    TempDb            db;
    const std::string token = "0123456789abcdef0123456789abcdef";
    {
        sqlite3* raw = nullptr;
        ASSERT_EQ(sqlite3_open(db.path.c_str(), &raw), SQLITE_OK);
        const std::string sql
            = "PRAGMA journal_mode=WAL;"
              "CREATE TABLE games(id TEXT PRIMARY KEY, variant TEXT NOT NULL, start_fen TEXT NOT "
              "NULL, clock_initial_ms INTEGER, clock_increment_ms INTEGER, seats TEXT NOT NULL, "
              "created_ms INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0);"
              "INSERT INTO games VALUES('old', 'chess', '"
            + std::string(sample_game().start_fen)
            + "', NULL, NULL, '[{\"player\":\"human\",\"token\":\"" + token
            + "\"},{\"player\":\"engine\",\"level\":3}]', 1, 0);";
        ASSERT_EQ(sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(raw);
    }
    ASSERT_NE(file_bytes(db).find(token), std::string::npos); // the old file holds it
    {
        SqliteStorage s(db.path.string());
        auto          games = s.load_games();
        ASSERT_EQ(games.size(), 1u);
        EXPECT_EQ(games[0].seats[0].token_hash, sha256_hex(token));
        EXPECT_EQ(games[0].seats[1].level, 3);
    }
    EXPECT_EQ(file_bytes(db).find(token), std::string::npos);
    SqliteStorage again(db.path.string()); // a second open has nothing left to migrate
    EXPECT_EQ(again.load_games()[0].seats[0].token_hash, sha256_hex(token));
}
