// A game service as a node of a cluster (ClusterNodeTest.*), on PostgreSQL: a write its game's
// epoch refuses drops the room and acknowledges nothing; a game taken over has its clock charged by
// policy B; the reaper claims the games of a node whose lease expired. Needs CITADEL_TEST_PG
// (pg_test_schema.h); skipped without it.
#include <gtest/gtest.h>

#include <thread>

#include "pg_test_schema.h"
#include "server/cluster_node.h"
#include "server/postgres_storage.h"
#include "server/search_chooser.h"
#include "server_game_support.h"

using namespace citadel::server;
using namespace citadel::server::testing;
using namespace std::chrono_literals;

namespace {

// Game g1: chess between two human seats.
StoredGame chess_game(std::optional<StoredClock> clock) {
    return { "g1", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", clock,
        { { false, 0, "hashA" }, { false, 0, "hashB" } }, 0, {}, false };
}

// One node ("live", lease 1.5 s) on a schema of its own, with its game service.
class ClusterNodeTest : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!pg_server()) GTEST_SKIP() << kNoServer;
        schema_.emplace();
        store_.emplace(schema_->uri);
        engines_.emplace(std::make_unique<SearchChooser>(), 1);
        node_.emplace(*store_, LeaseTimes{ 1500ms, 250ms });
        games_.emplace(io_, *store_, *engines_, AnalysisLimits{}, &*node_);
        node_->start(*games_, "live");
    }
    void TearDown() override {
        if (node_) node_->stop();
    }
    // A chess game with a 60 s clock, created on this node: its id and tokens.
    std::pair<std::string, std::vector<std::string>> create() {
        Reply r = answered(
            games_->create({ { "variant", "chess" }, { "clock", { { "initial_s", 60 } } } }));
        EXPECT_EQ(r.status, 201) << r.body.dump();
        return { r.body["id"], { r.body["seats"][0]["token"], r.body["seats"][1]["token"] } };
    }
    Reply move(const std::string& id, const std::string& token, const std::string& text, int ply) {
        return answered(
            games_->move(id, { { "token", token }, { "move", text }, { "ply", ply } }, {}));
    }

    std::optional<TempSchema>      schema_;
    std::optional<PostgresStorage> store_;
    boost::asio::io_context        io_;
    std::optional<EnginePool>      engines_;
    std::optional<ClusterNode>     node_;
    std::optional<GameService>     games_;
};

} // namespace

TEST_F(ClusterNodeTest, AWriteItsEpochRefusesDropsTheRoomAndAcknowledgesNothing) {
    auto [id, tokens] = create();
    ASSERT_EQ(move(id, tokens[0], "e2e4", 0).status, 200);
    auto watcher = std::make_shared<Watcher>();
    ASSERT_TRUE(games_->subscribe(id, "", watcher));
    schema_->run("UPDATE games SET owner_epoch = owner_epoch + 1 WHERE id = '" + id + "'");

    Reply r = move(id, tokens[1], "e7e5", 1);
    EXPECT_EQ(r.status, 503);
    EXPECT_EQ(r.body["code"], "unavailable") << r.body.dump();
    EXPECT_TRUE(watcher->moved);
    EXPECT_EQ(watcher->messages.size(), 1u); // the state alone: nothing broadcast
    EXPECT_EQ(schema_->run("SELECT count(*) FROM steps WHERE game_id = '" + id + "'"), "1");
    // Asked again, the game is claimed anew (this node owns it) and served as stored.
    Reply state = answered(games_->state(id));
    ASSERT_EQ(state.status, 200);
    EXPECT_EQ(state.body["moves"].size(), 1u);
}

TEST_F(ClusterNodeTest, AClaimedGamesClockIsChargedUntilItsOldOwnerLastServedIt) {
    PostgresStorage dead(schema_->uri);
    dead.join("dead", 60s);
    dead.create_owned_game(chess_game(StoredClock{ 60000, 0 }), "dead");
    dead.append_owned_steps("g1", 1, 0, { { "move", 0, "e2e4", -1, { 60000, 50000 } } }, false);
    // Black's clock ran from e2e4 until the dead node's last renewal, 1234 ms later; its lease
    // has expired since. (The reaper may claim the game first: its clock runs from then.)
    const auto before = std::chrono::steady_clock::now();
    schema_->run("UPDATE steps SET at = now() - interval '10 s' WHERE game_id = 'g1';"
                 "UPDATE nodes SET renewed_at = now() - interval '10 s' + interval '1234 ms',"
                 " lease_until = now() - interval '1 s' WHERE node_id = 'dead'");
    Reply      state = answered(games_->state("g1"));
    const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - before)
                           .count();
    ASSERT_EQ(state.status, 200) << state.body.dump();
    const int64_t black = state.body["clock"]["black"];
    // Charged 1234 ms, not the 10 s since e2e4; the clock has run since the claim (at most the
    // time the call took).
    EXPECT_LE(black, 50000 - 1234);
    EXPECT_GE(black, 50000 - 1234 - spent - 1);
    EXPECT_EQ(state.body["clock"]["white"], 60000);
}

TEST_F(ClusterNodeTest, TheReaperClaimsTheGamesOfANodeWhoseLeaseExpired) {
    PostgresStorage dead(schema_->uri);
    dead.join("dead", 200ms);
    dead.create_owned_game(chess_game(std::nullopt), "dead");
    const auto  until = std::chrono::steady_clock::now() + 10s;
    std::string owner;
    while (std::chrono::steady_clock::now() < until) {
        owner = schema_->run("SELECT coalesce(owner_node, '') FROM games WHERE id = 'g1'");
        if (owner.starts_with("live-")) break;
        std::this_thread::sleep_for(50ms);
    }
    EXPECT_TRUE(owner.starts_with("live-")) << owner;
    EXPECT_EQ(answered(games_->state("g1")).status, 200);
}
