// Storage in a PostgreSQL database (`--store URI`), on libpq: the store a cluster's nodes share
// (cluster_storage.h), and a networked alternative to SQLite for one node. It creates its tables
// at open if they are missing, under a schema version row for later migrations. Values are
// always parameters. Every write to a game is one statement (an append's steps go in as one
// JSON parameter: the append is one round trip, all or nothing without an explicit transaction).
// Thread-safe: a small pool of connections, each serving one call at a time, opened as calls
// overlap (up to `max_connections`); a call waits while all are busy. A pool rather than one
// connection behind a mutex: a commit is a round trip to a server and its fsync, and on separate
// connections the network threads' commits overlap (PostgreSQL groups their fsyncs) instead of
// queueing. A connection found lost is connected again once per call and the statement sent
// again, unless it was a write that may have committed (then the call fails saying so).
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/cluster_storage.h"

namespace citadel::server {

class PostgresStorage final : public ClusterStorage {
  public:
    // Connects to the server the URI (or key=value connection string) names and creates the
    // tables if missing; throws StorageError naming what failed.
    explicit PostgresStorage(const std::string& uri, int max_connections = 8);
    ~PostgresStorage() override;
    PostgresStorage(const PostgresStorage&)            = delete;
    PostgresStorage& operator=(const PostgresStorage&) = delete;

    // "PostgreSQL database D on H", for messages: never the URI, which may hold a password.
    const std::string& location() const { return location_; }
    // The version of the tables this Citadel writes (a newer one at open is an error).
    static constexpr int kSchemaVersion = 1;

    // Storage's games: created here, a game has no owner (epoch 0) and its appends no fence.
    void create_game(const StoredGame& game) override;
    void append_steps(const std::string& id, int first_seq, const std::vector<StoredStep>& steps,
        bool finished) override;
    std::vector<StoredGame> load_games() override;
    void save_seats(const std::string& id, const std::vector<StoredSeat>& seats) override;
    // Families and their children (storage.h).
    void create_family(const StoredFamily& family) override;
    void save_child(const std::string& family_id, const StoredChild& child) override;
    void delete_child(const std::string& child_id) override;
    std::vector<StoredFamily> load_families() override;
    // Analyses, one per game and settings.
    void save_analysis(
        const std::string& id, const std::string& settings, const std::string& body) override;
    std::optional<std::string> load_analysis(
        const std::string& id, const std::string& settings) override;

    // ClusterStorage.
    void join(const std::string& node, std::chrono::milliseconds lease) override;
    bool renew(const std::string& node, std::chrono::milliseconds lease, bool bus_ok) override;
    void release(const std::string& node) override;
    void hand_over(const std::string& node) override;
    void create_owned_game(const StoredGame& game, const std::string& node) override;
    std::optional<Claim>       claim(const std::string& game_id, const std::string& node) override;
    std::vector<Claim>         claim_orphans(const std::string& node, int limit) override;
    std::optional<std::string> live_owner(const std::string& id) override;
    std::vector<LiveNode>      live_nodes() override;
    std::optional<StoredGame>  load_game(const std::string& id) override;
    void append_owned_steps(const std::string& id, int64_t epoch, int first_seq,
        const std::vector<StoredStep>& steps, bool finished) override;

  private:
    class Connection; // one libpq connection (postgres_storage.cpp)
    struct Borrowed; // a connection taken from the pool, given back when it goes
    // Runs `work` on a connection of the pool; a StorageError it throws is prefixed by `what`.
    // A write lost in flight may have committed: `took_effect`, where given, finds out on a new
    // connection (true: it did, and the call succeeds; false: it did not, a plain failure).
    // Without it, or when that look fails too, the error says the outcome is unknown.
    void with_connection(const std::string& what, const std::function<void(Connection&)>& work,
        const std::function<bool(Connection&)>& took_effect = {});
    void create_tables(Connection& c);
    void insert_game(const StoredGame& game, const std::optional<std::string>& owner);
    void append(const std::string& id, std::optional<int64_t> epoch, int first_seq,
        const std::vector<StoredStep>& steps, bool finished); // unfenced without an epoch
    std::vector<StoredGame> load(const std::optional<std::string>& id); // all, or that one

    const std::string                        uri_;
    const int                                max_connections_;
    std::string                              location_;
    std::mutex                               pool_mutex_;
    std::condition_variable                  pool_freed_;
    std::vector<std::unique_ptr<Connection>> idle_; // guarded by pool_mutex_
    int                                      open_ = 0; // idle or in use; guarded by pool_mutex_
};

} // namespace citadel::server
