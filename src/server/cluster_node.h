// This process as a node of a cluster (docs/server.md, "Cluster"): its lease in the shared store
// and the games it owns. It joins under a name new at every start, renews its lease every
// heartbeat on a thread of its own (never a network thread), and claims the games of dead or
// stopped nodes on another (the reaper), handing them to the GameService, which runs them. Every
// step of an owned game is written through append(), fenced twice: locally, no write is sent once
// the lease may have expired (its deadline is the send time of the last renewal plus the lease,
// less a margin, by this machine's steady clock), and in the database by the game's epoch. A
// renewal that fails or comes too late makes the node drop every game it holds (self-fencing) and
// join again under a new name. stop() is the graceful end: the lease is released at once, so
// other nodes claim the games without waiting for it to expire. A node cut off from the bus while
// other live nodes reach it (for 10 s) hands its games over to them (nobody could reach them
// through it) and owns none until the bus is back. Thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "server/cluster_storage.h"

namespace citadel::server {

class GameService;

struct LeaseTimes {
    std::chrono::milliseconds lease{ 3000 }; // how long a renewal holds
    std::chrono::milliseconds heartbeat{ 500 }; // how often it is renewed
};

class ClusterNode {
  public:
    ClusterNode(ClusterStorage& store, LeaseTimes times);
    ~ClusterNode();
    ClusterNode(const ClusterNode&)            = delete;
    ClusterNode& operator=(const ClusterNode&) = delete;

    // Joins under `name` with a random suffix, new at each join (throws StorageError naming
    // what failed), and starts the heartbeat and the reaper, which gives the games it claims to
    // `games`.
    void start(GameService& games, std::string name);
    // Before start(): `joined` hears each name the node joins under (the other nodes reach it by
    // that name: peers.h), on the thread that joined.
    void on_join(std::function<void(const std::string&)> joined) { joined_ = std::move(joined); }
    // Releases the lease (its games become claimable at once) and drops the games held here.
    // Must come before the GameService given to start() goes (the destructor calls it too).
    void stop();

    // The bus's link went up or down (the relay tells it; a node without a bus is never cut off).
    void bus_link(bool up);
    // Whether the node may own games now: its lease holds and it is not cut off from the bus.
    bool may_own() const { return serving() && !cut_off_; }

    // The name this node has now joined under (a new one after each self-fencing).
    std::string     name() const;
    ClusterStorage& store() { return store_; }

    // Records a new game owned by this node; answers its epoch. Throws StorageError if it
    // cannot (also while the node has no valid lease).
    int64_t create(const StoredGame& game);
    // Claims game `id` for this node (claim_orphans' rule, for one game); none if another live
    // node owns it, if there is no such game, or while the node has no valid lease.
    std::optional<Claim> claim(const std::string& id);
    // ClusterStorage::append_owned_steps; throws NotOwner also once the lease may have expired.
    void append(const std::string& id, int64_t epoch, int first_seq,
        const std::vector<StoredStep>& steps, bool finished);

  private:
    using Steady = std::chrono::steady_clock;
    bool serving() const { return Steady::now().time_since_epoch().count() < valid_until_; }
    // A renewal or join sent at `sent` succeeded: writes may be sent until its lease nears its end.
    void serve_until_lease_from(Steady::time_point sent);
    // Joins under a new name; true if it could (the lease then runs from `sent`).
    bool join(Steady::time_point sent);
    void heartbeat();
    void reap();
    // Stops acting as owner at once: no write is sent any more, every game held is dropped.
    void fence();
    // A reaper's round: whether the node is cut off now (`live` tells whether others reach the
    // bus), handing its games over when it becomes so.
    void watch_bus(const std::string& me, const std::vector<LiveNode>& live);

    ClusterStorage&                         store_;
    std::string                             base_name_; // set by start(), before any other call
    std::function<void(const std::string&)> joined_; // set before start()
    const LeaseTimes                        times_;
    GameService*                            games_ = nullptr;
    mutable std::mutex                      mutex_; // guards name_, stopping_
    std::condition_variable                 woken_;
    std::string                             name_; // "" until joined, and while a join is needed
    bool                                    stopping_ = false;
    // Steady::time_point's count until which a write may be sent (the local fence).
    std::atomic<Steady::rep> valid_until_{ 0 };
    std::atomic<bool>        bus_up_{ true }; // a node without a bus is never cut off
    std::atomic<bool>        cut_off_{ false };
    // The reaper's: since when it has seen other nodes reach the bus while this one did not.
    std::optional<Steady::time_point> others_reach_it_since_;
    std::thread                       heartbeat_thread_, reaper_thread_;
};

} // namespace citadel::server
