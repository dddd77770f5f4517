// The server's stores, SQLite and PostgreSQL alike (ServerStorage.*, once with each):
// what is stored is loaded back, in order, across reopening; a failed append changes nothing;
// analyses are kept per game and settings; seats keep only token hashes; families and children
// last. SQLite's own: its checkpoints, and files of an older Citadel (tokens hashed at open).
// PostgreSQL's cluster calls (PostgresCluster.*): leases by the database's clock, claims, and the
// epoch that fences off a lost owner's writes. The PostgreSQL tests need a server, named by the
// environment variable CITADEL_TEST_PG (a libpq URI, as `scripts/pg-local start DIR` prints);
// without it they are skipped. Each test has a schema of its own, dropped after it.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <barrier>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <thread>

#include <fstream>
#include <libpq-fe.h>
#include <sqlite3.h>

#include "pg_test_schema.h"
#include "server/postgres_storage.h"
#include "server/secrets.h"
#include "server/sqlite_storage.h"

using namespace citadel::server;
using namespace std::chrono_literals;

namespace {

struct TempDb {
    std::filesystem::path path;
    TempDb() {
        std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        std::replace(test.begin(), test.end(), '/', '-');
        path = std::filesystem::temp_directory_path()
            / ("citadel-storage-test-" + std::to_string(::getpid()) + "-" + test + ".db");
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

// The message of the StorageError that opening a store throws.
template <class Open> std::string error_opening(Open open) {
    try {
        open();
    } catch (const StorageError& e) {
        return e.message;
    }
    ADD_FAILURE() << "opened";
    return "";
}

} // namespace

enum class Backend { sqlite, postgres };
// The name after a test's (ctest's ServerStorage.X/SQLite; gtest's ServerStorage.X/0).
void PrintTo(Backend backend, std::ostream* out) {
    *out << (backend == Backend::sqlite ? "SQLite" : "PostgreSQL");
}

// The tests every store passes, on a database of their own.
class ServerStorage : public testing::TestWithParam<Backend> {
  protected:
    void SetUp() override {
        if (GetParam() == Backend::sqlite)
            db_.emplace();
        else if (!pg_server())
            GTEST_SKIP() << kNoServer;
        else
            schema_.emplace();
    }
    // A store on this test's database, as a (re)started server opens it.
    std::unique_ptr<Storage> open() {
        if (db_) return std::make_unique<SqliteStorage>(db_->path.string());
        return std::make_unique<PostgresStorage>(schema_->uri);
    }

    std::optional<TempDb>     db_;
    std::optional<TempSchema> schema_;
};

INSTANTIATE_TEST_SUITE_P(, ServerStorage, testing::Values(Backend::sqlite, Backend::postgres));

TEST_P(ServerStorage, StoresAndLoadsGamesAndStepsInOrder) {
    {
        auto  store = open();
        auto& s     = *store;
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
    auto games = open()->load_games(); // reopened: everything was committed
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

TEST_P(ServerStorage, AFailedAppendChangesNothing) {
    auto  store = open();
    auto& s     = *store;
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

TEST(ServerStorageSqlite, CheckpointsCopyTheLogIntoTheFileSoItStaysSmall) {
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

TEST(ServerStorageSqlite, AHeldCheckpointRestartsTheLogThoughCommitsNeverStop) {
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

TEST_P(ServerStorage, AnalysesAreKeptPerGameAndSettingsAcrossReopening) {
    {
        auto  store = open();
        auto& s     = *store;
        s.create_game(sample_game());
        EXPECT_EQ(s.load_analysis("g1", "nodes 100"), std::nullopt);
        s.save_analysis("g1", "nodes 100", R"({"positions":[]})");
        s.save_analysis("g1", "nodes 100", R"({"positions":[{"ply":0}]})"); // replaces it
        s.save_analysis("g1", "nodes 200", R"({"positions":[{"ply":0,"score":0.25}]})");
        // Only for a stored game.
        EXPECT_THROW(s.save_analysis("nosuchgame", "nodes 100", "{}"), StorageError);
    }
    auto  store = open();
    auto& s     = *store;
    EXPECT_EQ(s.load_analysis("g1", "nodes 100"), R"({"positions":[{"ply":0}]})");
    EXPECT_EQ(s.load_analysis("g1", "nodes 200"), R"({"positions":[{"ply":0,"score":0.25}]})");
    EXPECT_EQ(s.load_analysis("g1", "nodes 300"), std::nullopt);
    EXPECT_EQ(s.load_analysis("nosuchgame", "nodes 100"), std::nullopt);
    // Hostile text is stored and read as it is.
    const std::string id = "x'); DROP TABLE games; --";
    EXPECT_EQ(s.load_analysis(id, "nodes 100"), std::nullopt);
    EXPECT_EQ(s.load_games().size(), 1u);
}

TEST(ServerStorageInterface, TheDefaultsKeepNoAnalysis) {
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

TEST(ServerStorageSqlite, AnUnopenableDatabaseIsAnErrorNamingIt) {
    const std::string why = error_opening([] { SqliteStorage s("/nonexistent-dir/citadel.db"); });
    EXPECT_NE(why.find("/nonexistent-dir/citadel.db"), std::string::npos) << why;
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

TEST_P(ServerStorage, ARematchSeatIsGivenItsTokenHashLater) {
    {
        auto       store = open();
        auto&      s     = *store;
        StoredGame g     = sample_game();
        g.seats[0].token_hash.clear(); // waiting for its player
        s.create_game(g);
        g.seats[0].token_hash = "hashB";
        s.save_seats("g1", g.seats);
        EXPECT_THROW(s.save_seats("nosuchgame", g.seats), StorageError);
    }
    auto games = open()->load_games();
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].seats[0].token_hash, "hashB");
    EXPECT_TRUE(games[0].seats[1].engine);
}

// A database written before tokens were hashed: at open each token is replaced by its hash, in
// the file and its log alike, and the seat is still found by the token.
TEST(ServerStorageSqlite, TokensOfAnOlderFileAreHashedAtOpen) {
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

TEST_P(ServerStorage, FamiliesAndTheirChildrenLastInOrder) {
    {
        auto  store = open();
        auto& s     = *store;
        s.create_family({ "f1", "keyhash1", 100, {} });
        s.create_family({ "f2", "keyhash2", 200, {} });
        EXPECT_THROW(s.create_family({ "f3", "keyhash1", 300, {} }), StorageError); // key taken
        s.save_child("f1", { "c1", "Ann", "fox", 110, R"({"tried":[]})", true });
        s.save_child("f1", { "c2", "Ben", "owl", 120, "{}", true });
        s.save_child("f2", { "c3", "Cy", "cat", 210, "{}", false });
        s.save_child("f1", { "c1", "Anna", "fox", 110, R"({"tried":["check"]})", false });
        s.delete_child("c2");
        EXPECT_THROW(
            s.save_child("nosuchfamily", { "c4", "Di", "owl", 1, "{}", true }), StorageError);
    }
    auto families = open()->load_families();
    ASSERT_EQ(families.size(), 2u);
    EXPECT_EQ(families[0].id, "f1");
    EXPECT_EQ(families[0].key_hash, "keyhash1");
    ASSERT_EQ(families[0].children.size(), 1u);
    const StoredChild& anna = families[0].children[0];
    EXPECT_EQ(anna.name, "Anna");
    EXPECT_EQ(anna.progress, R"({"tried":["check"]})");
    EXPECT_FALSE(anna.read_aloud);
    ASSERT_EQ(families[1].children.size(), 1u);
    EXPECT_EQ(families[1].children[0].avatar, "cat");
}

TEST(ServerStoragePostgres, AnUnreachableServerOrABadUriIsAnErrorNamingIt) {
    const std::string unreachable = error_opening(
        [] { PostgresStorage s("postgresql://citadel@/citadel?host=/nonexistent-dir"); });
    EXPECT_NE(unreachable.find("cannot connect"), std::string::npos) << unreachable;
    EXPECT_NE(unreachable.find("/nonexistent-dir"), std::string::npos) << unreachable;
    EXPECT_EQ(unreachable.find('\n'), std::string::npos) << unreachable;
    const std::string bad = error_opening([] { PostgresStorage s("citadel.db"); });
    EXPECT_NE(bad.find("not a connection URI"), std::string::npos) << bad;
}

namespace {

const StoredStep kMove{ "move", 0, "e2e4", -1, { 299000, 300000 } };
const StoredStep kReply{ "move", 1, "e7e5", -1, { 299000, 298000 } };

// Two nodes' stores on one schema, each with its own connections, as two processes would have.
class PostgresCluster : public testing::Test {
  protected:
    void SetUp() override {
        if (!pg_server()) GTEST_SKIP() << kNoServer;
        schema_.emplace();
        a_ = std::make_unique<PostgresStorage>(schema_->uri);
        b_ = std::make_unique<PostgresStorage>(schema_->uri);
    }
    StoredGame game(const std::string& id) {
        StoredGame g = sample_game();
        g.id         = id;
        return g;
    }
    size_t steps_of(const std::string& id) { return a_->load_game(id).value().steps.size(); }
    // Nodes a (its lease as long as asked) and b join; a creates game g1 (epoch 1) and moves.
    void a_plays_g1(std::chrono::milliseconds lease_of_a = 60s) {
        a_->join("a", lease_of_a);
        b_->join("b", 60s);
        a_->create_owned_game(game("g1"), "a");
        a_->append_owned_steps("g1", 1, 0, { kMove }, false);
    }

    std::optional<TempSchema>        schema_;
    std::unique_ptr<PostgresStorage> a_, b_; // the stores of nodes "a" and "b"
};

} // namespace

TEST_F(PostgresCluster, AStaleEpochIsRefusedAndWritesNothing) {
    a_plays_g1();
    a_->release("a"); // epoch 2, ownerless
    ASSERT_EQ(b_->claim("g1", "b")->epoch, 3); // b's now
    EXPECT_THROW(a_->append_owned_steps("g1", 1, 1, { kReply }, true), NotOwner);
    EXPECT_THROW(b_->append_owned_steps("g1", 2, 1, { kReply }, true), NotOwner);
    auto g = a_->load_game("g1").value();
    EXPECT_EQ(g.steps.size(), 1u);
    EXPECT_FALSE(g.finished);
    b_->append_owned_steps("g1", 3, 1, { kReply }, true);
    g = a_->load_game("g1").value();
    ASSERT_EQ(g.steps.size(), 2u);
    EXPECT_EQ(g.steps[1].text, "e7e5");
    EXPECT_TRUE(g.finished);
    EXPECT_THROW(b_->append_owned_steps("nosuchgame", 3, 0, { kMove }, false), NotOwner);
    EXPECT_FALSE(a_->load_game("nosuchgame"));
}

TEST_F(PostgresCluster, ADuplicateStepIsRefused) {
    a_plays_g1();
    EXPECT_THROW(a_->append_owned_steps("g1", 1, 0, { kReply }, true), StorageError);
    auto g = a_->load_game("g1").value();
    ASSERT_EQ(g.steps.size(), 1u);
    EXPECT_EQ(g.steps[0].text, "e2e4");
    EXPECT_FALSE(g.finished);
}

TEST_F(PostgresCluster, OfTwoNodesClaimingAtOnceExactlyOneWins) {
    constexpr int games = 20;
    for (int i = 0; i < games; ++i) a_->create_game(game("g" + std::to_string(i))); // no owner
    std::barrier     together(2);
    std::vector<int> won_by_a(games), won_by_b(games);
    auto             claimer = [&](PostgresStorage& store, const std::string& node, auto& won) {
        for (int i = 0; i < games; ++i) {
            together.arrive_and_wait();
            if (auto c = store.claim("g" + std::to_string(i), node)) {
                EXPECT_EQ(c->epoch, 1);
                won[i] = 1;
            }
        }
    };
    a_->join("a", 60s);
    b_->join("b", 60s);
    std::thread other([&] { claimer(*b_, "b", won_by_b); });
    claimer(*a_, "a", won_by_a);
    other.join();
    for (int i = 0; i < games; ++i) EXPECT_EQ(won_by_a[i] + won_by_b[i], 1) << "game " << i;
}

TEST_F(PostgresCluster, AGameWhoseOwnerIsLiveCannotBeClaimed) {
    a_plays_g1();
    EXPECT_FALSE(b_->claim("g1", "b"));
    EXPECT_TRUE(b_->claim_orphans("b", 10).empty());
    EXPECT_TRUE(a_->renew("a", 60s, true));
    EXPECT_EQ(a_->claim("g1", "a")->epoch, 2); // its owner may claim it again (a lost answer)
    EXPECT_FALSE(b_->claim("nosuchgame", "b"));
}

TEST_F(PostgresCluster, AnExpiredLeaseMakesItsGamesClaimable) {
    a_plays_g1(300ms);
    std::this_thread::sleep_for(600ms);
    auto claim = b_->claim("g1", "b");
    ASSERT_TRUE(claim);
    EXPECT_EQ(claim->epoch, 2);
    // a's last renewal (its join) came before its step: b charges the seat to move nothing.
    const int64_t step_at = b_->load_game("g1").value().steps[0].at_ms;
    ASSERT_TRUE(claim->last_served_ms);
    EXPECT_GT(step_at, 0);
    EXPECT_LE(*claim->last_served_ms, step_at);
    EXPECT_THROW(a_->append_owned_steps("g1", 1, 1, { kReply }, false), NotOwner);
}

TEST_F(PostgresCluster, TheLastRenewalTellsUntilWhenTheOldOwnerServed) {
    a_plays_g1();
    std::this_thread::sleep_for(50ms);
    ASSERT_TRUE(a_->renew("a", 300ms, true)); // a's last sign of life, 50 ms or more after the step
    std::this_thread::sleep_for(600ms);
    auto claim = b_->claim("g1", "b");
    ASSERT_TRUE(claim && claim->last_served_ms);
    const int64_t step_at = b_->load_game("g1").value().steps[0].at_ms;
    EXPECT_GE(*claim->last_served_ms - step_at, 50);
    EXPECT_LT(*claim->last_served_ms - step_at, 600); // not the claim's time, 650 ms or more
}

TEST_F(PostgresCluster, ARenewalAfterExpiryFails) {
    a_->join("a", 300ms);
    b_->join("b", 60s);
    EXPECT_TRUE(b_->renew("b", 60s, true));
    std::this_thread::sleep_for(600ms);
    EXPECT_FALSE(a_->renew("a", 60s, true));
    EXPECT_FALSE(a_->renew("a", 60s, true)); // it stays expired: a must join again under a new name
    EXPECT_FALSE(a_->renew("nosuchnode", 60s, true));
    EXPECT_THROW(b_->join("b", 60s), StorageError); // a live name is taken
    a_->join("a", 60s); // an expired name without unfinished games is free again
}

TEST_F(PostgresCluster, AReleaseMakesTheGamesClaimableAtOnce) {
    a_->join("a", 60s);
    b_->join("b", 60s);
    for (const char* id : { "g1", "g2", "g3" }) a_->create_owned_game(game(id), "a");
    a_->append_owned_steps("g3", 1, 0, { { "resign", 0, "", -1, {} } }, true);
    EXPECT_TRUE(b_->claim_orphans("b", 10).empty());
    a_->release("a");
    EXPECT_FALSE(a_->renew("a", 60s, true));
    std::set<std::string> claimed;
    for (const Claim& c : b_->claim_orphans("b", 10)) {
        claimed.insert(c.game_id);
        EXPECT_EQ(c.epoch, 3);
        EXPECT_TRUE(c.last_served_ms); // the release's time
    }
    EXPECT_EQ(claimed, (std::set<std::string>{ "g1", "g2" })); // the finished one stays
    EXPECT_TRUE(b_->claim_orphans("b", 10).empty());
    EXPECT_THROW(a_->append_owned_steps("g1", 1, 0, { kMove }, false), NotOwner);
}

TEST_F(PostgresCluster, AHandOverMakesTheGamesClaimableAndKeepsTheLease) {
    a_->join("a", 60s);
    b_->join("b", 60s);
    a_->create_owned_game(game("g1"), "a");
    a_->hand_over("a");
    EXPECT_TRUE(a_->renew("a", 60s, false)); // the lease stands
    auto claims = b_->claim_orphans("b", 10);
    ASSERT_EQ(claims.size(), 1u);
    EXPECT_EQ(claims[0].epoch, 3); // a's hand-over and b's claim each begin an epoch
    EXPECT_THROW(a_->append_owned_steps("g1", 1, 0, { kMove }, false), NotOwner);
}

TEST_F(PostgresCluster, TheLiveNodesSayWhetherTheyReachTheBus) {
    a_->join("a", 60s);
    b_->join("b", 300ms);
    std::vector<LiveNode> live = a_->live_nodes();
    std::sort(live.begin(), live.end(), [](auto& x, auto& y) { return x.name < y.name; });
    ASSERT_EQ(live.size(), 2u);
    EXPECT_TRUE(live[0].bus_ok && live[1].bus_ok); // joined: reaching it until told otherwise
    EXPECT_TRUE(a_->renew("a", 60s, false));
    std::this_thread::sleep_for(600ms); // b's lease ends
    live = b_->live_nodes();
    ASSERT_EQ(live.size(), 1u);
    EXPECT_EQ(live[0].name, "a");
    EXPECT_FALSE(live[0].bus_ok);
    EXPECT_TRUE(a_->renew("a", 60s, true));
    EXPECT_TRUE(a_->live_nodes().at(0).bus_ok);
}

TEST(PostgresMigration, ANodesTableOfAnEarlierVersionGetsTheBusFlag) {
    if (!pg_server()) GTEST_SKIP() << kNoServer;
    TempSchema schema;
    schema.run("CREATE TABLE nodes(node_id text PRIMARY KEY, renewed_at timestamptz NOT NULL,"
               " lease_until timestamptz NOT NULL);"
               "INSERT INTO nodes VALUES('old', now(), now() + interval '1 minute')");
    PostgresStorage             store(schema.uri);
    const std::vector<LiveNode> live = store.live_nodes();
    ASSERT_EQ(live.size(), 1u);
    EXPECT_EQ(live[0].name, "old");
    EXPECT_TRUE(live[0].bus_ok);
    EXPECT_TRUE(store.renew("old", 60s, false));
    EXPECT_FALSE(store.live_nodes().at(0).bus_ok);
}

TEST_F(PostgresCluster, NodesClaimingOrphansAtOnceShareThemWithoutOverlap) {
    constexpr int games = 60;
    for (int i = 0; i < games; ++i) a_->create_game(game("g" + std::to_string(i)));
    std::vector<std::string> by_a, by_b;
    auto                     reaper
        = [](PostgresStorage& store, const std::string& node, std::vector<std::string>& claimed) {
              for (auto batch = store.claim_orphans(node, 4); !batch.empty();
                   batch      = store.claim_orphans(node, 4))
                  for (const Claim& c : batch) claimed.push_back(c.game_id);
          };
    a_->join("a", 60s);
    b_->join("b", 60s);
    std::thread other(reaper, std::ref(*b_), "b", std::ref(by_b));
    reaper(*a_, "a", by_a);
    other.join();
    std::set<std::string> all(by_a.begin(), by_a.end());
    all.insert(by_b.begin(), by_b.end());
    EXPECT_EQ(all.size(), size_t(games));
    EXPECT_EQ(by_a.size() + by_b.size(), size_t(games));
}

TEST_F(PostgresCluster, SeatsHoldTokenHashesOnly) {
    const std::string token = "0123456789abcdef0123456789abcdef";
    StoredGame        g     = game("g1");
    g.seats                 = { { false, 0, sha256_hex(token) }, { true, 3, "" } };
    a_->create_game(g);
    const std::string seats = schema_->run("SELECT seats::text FROM games WHERE id = 'g1'");
    EXPECT_NE(seats.find("\"token_hash\": \"" + sha256_hex(token) + "\""), std::string::npos)
        << seats;
    EXPECT_EQ(seats.find(token), std::string::npos) << seats;
    EXPECT_EQ(seats.find("\"token\""), std::string::npos) << seats;
}

// The network threads share one store: its connections, opened as the calls overlap.
TEST_F(PostgresCluster, OneStoreServesManyThreadsAtOnce) {
    constexpr int threads = 6, moves = 30;
    for (int t = 0; t < threads; ++t) a_->create_game(game("g" + std::to_string(t)));
    std::vector<std::thread> players;
    for (int t = 0; t < threads; ++t)
        players.emplace_back([&, t] {
            for (int i = 0; i < moves; ++i)
                a_->append_steps("g" + std::to_string(t), i, { i % 2 ? kReply : kMove }, false);
        });
    for (auto& p : players) p.join();
    for (const StoredGame& g : b_->load_games()) {
        ASSERT_EQ(g.steps.size(), size_t(moves)) << g.id;
        for (int i = 0; i < moves; ++i) EXPECT_EQ(g.steps[i].text, i % 2 ? "e7e5" : "e2e4");
    }
}

TEST_F(PostgresCluster, ALostConnectionIsMadeAgain) {
    a_->create_game(game("g1"));
    a_->append_steps("g1", 0, { kMove }, false);
    schema_->lost_connections(); // as a restarted server would
    a_->append_steps("g1", 1, { kReply }, false);
    EXPECT_EQ(steps_of("g1"), 2u);
    schema_->lost_connections();
    EXPECT_EQ(a_->load_games().size(), 1u);
}

TEST_F(PostgresCluster, TablesOfANewerCitadelAreRefused) {
    schema_->run("UPDATE schema_version SET version = version + 1");
    const std::string why = error_opening([&] { PostgresStorage s(schema_->uri); });
    EXPECT_NE(why.find("version 2"), std::string::npos) << why;
}
