#include "server/cluster_node.h"

#include <algorithm>
#include <iostream>

#include "server/game_service.h"
#include "server/secrets.h"

namespace citadel::server {

namespace {

// The games one reaper round claims at most: a dead node's games are shared among the living
// in rounds rather than all taken by the first to look.
constexpr int kClaimsPerRound = 50;

// How long other nodes must have reached the bus while this one has not before it counts as cut
// off: longer than the bus's longest wait between two attempts to connect and an attempt
// (redis_bus.h: 5 s and 2 s), so that a node merely waiting for its next attempt after Redis came
// back is not taken for one cut off.
constexpr std::chrono::seconds kCutOffAfter{ 10 };

} // namespace

ClusterNode::ClusterNode(ClusterStorage& store, LeaseTimes times)
    : store_(store)
    , times_(times) { }

ClusterNode::~ClusterNode() { stop(); }

std::string ClusterNode::name() const {
    std::lock_guard lock(mutex_);
    return name_;
}

// A tenth of the lease is left as a margin before its end by the database's clock: this
// machine's steady clock and the database's may run at slightly different rates.
void ClusterNode::serve_until_lease_from(Steady::time_point sent) {
    valid_until_ = (sent + times_.lease - times_.lease / 10).time_since_epoch().count();
}

bool ClusterNode::join(Steady::time_point sent) {
    const std::string name = base_name_ + "-" + random_hex(4);
    try {
        store_.join(name, times_.lease);
    } catch (const StorageError& e) {
        std::cerr << "citadel serve: node " << name << " cannot join: " << e.message << "\n";
        return false;
    }
    {
        std::lock_guard lock(mutex_);
        name_ = name;
    }
    serve_until_lease_from(sent);
    if (joined_) joined_(name);
    return true;
}

void ClusterNode::start(GameService& games, std::string name) {
    games_     = &games;
    base_name_ = std::move(name);
    if (!join(Steady::now()))
        throw StorageError{ "node " + base_name_ + " cannot join the cluster" };
    heartbeat_thread_ = std::thread([this] { heartbeat(); });
    reaper_thread_    = std::thread([this] { reap(); });
}

void ClusterNode::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        stopping_ = true;
    }
    woken_.notify_all();
    // The lease holds until the threads are joined: zeroed earlier, a renewal under way would
    // take the node for fenced and forget its name, and nothing would be released.
    if (heartbeat_thread_.joinable()) heartbeat_thread_.join();
    if (reaper_thread_.joinable()) reaper_thread_.join();
    valid_until_ = 0;
    if (const std::string me = name(); !me.empty()) try {
            store_.release(me);
        } catch (const StorageError& e) {
            std::cerr << "citadel serve: node " << me << " cannot release its games: " << e.message
                      << " (they are claimed once its lease expires)\n";
        }
    if (games_) games_->drop_rooms();
}

void ClusterNode::fence() {
    valid_until_ = 0;
    std::cerr << "citadel serve: node " << name()
              << " lost its lease: its games are given up, and it joins again\n";
    {
        std::lock_guard lock(mutex_);
        name_.clear();
    }
    games_->drop_rooms();
}

// A renewal counts only if it came back before the lease it extends could have expired: a node
// frozen past it may have lost its games already, whatever the database answers now.
void ClusterNode::heartbeat() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        const std::string me = name_;
        lock.unlock();
        const auto sent = Steady::now();
        if (me.empty())
            join(sent);
        else {
            std::optional<bool> renewed;
            try {
                renewed = store_.renew(me, times_.lease, bus_up_);
            } catch (const StorageError& e) {
                std::cerr << "citadel serve: node " << me
                          << " cannot renew its lease: " << e.message << "\n";
            }
            if (renewed == true && serving())
                serve_until_lease_from(sent);
            else if (renewed == false || !serving())
                fence();
        }
        lock.lock();
        woken_.wait_for(lock, times_.heartbeat, [&] { return stopping_; });
    }
}

void ClusterNode::reap() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        const std::string me = name_;
        lock.unlock();
        try {
            if (!me.empty() && serving()) {
                const std::vector<LiveNode> live = store_.live_nodes();
                watch_bus(me, live);
                if (!cut_off_)
                    games_->adopt([&] { return store_.claim_orphans(me, kClaimsPerRound); });
                std::vector<std::string> names;
                for (const LiveNode& n : live) names.push_back(n.name);
                games_->forget_nodes_except(std::move(names));
            }
        } catch (const StorageError& e) {
            std::cerr << "citadel serve: node " << me << ": " << e.message << "\n";
        }
        lock.lock();
        woken_.wait_for(lock, times_.lease / 2, [&] { return stopping_; });
    }
}

void ClusterNode::bus_link(bool up) { bus_up_ = up; }

void ClusterNode::watch_bus(const std::string& me, const std::vector<LiveNode>& live) {
    const bool others_reach_it = std::any_of(
        live.begin(), live.end(), [&](const LiveNode& n) { return n.name != me && n.bus_ok; });
    if (bus_up_ || !others_reach_it)
        others_reach_it_since_.reset();
    else if (!others_reach_it_since_)
        others_reach_it_since_ = Steady::now();
    const bool cut_off
        = others_reach_it_since_ && Steady::now() - *others_reach_it_since_ >= kCutOffAfter;
    if (cut_off == cut_off_) return;
    if (!cut_off) {
        cut_off_ = false;
        std::cerr << "citadel serve: node " << me
                  << (bus_up_ ? " reaches the bus again" : " is not the only one cut off now")
                  << ": it takes games again\n";
        return;
    }
    cut_off_ = true; // no claim, no new game from now on
    games_->drop_rooms();
    try {
        store_.hand_over(me);
    } catch (const StorageError&) {
        cut_off_ = false; // the next round tries again
        throw;
    }
    std::cerr << "citadel serve: node " << me
              << " cannot reach the bus while other nodes can: it has handed its"
                 " games over to them\n";
}

int64_t ClusterNode::create(const StoredGame& game) {
    const std::string me = name();
    if (me.empty() || !may_own())
        throw StorageError{ "node " + base_name_
            + " has no valid lease or cannot reach the bus: it creates no game" };
    store_.create_owned_game(game, me);
    return 1;
}

std::optional<Claim> ClusterNode::claim(const std::string& id) {
    const std::string me = name();
    if (me.empty() || !may_own()) return std::nullopt;
    return store_.claim(id, me);
}

void ClusterNode::append(const std::string& id, int64_t epoch, int first_seq,
    const std::vector<StoredStep>& steps, bool finished) {
    if (!serving()) throw NotOwner{ "the lease of node " + base_name_ + " may have expired" };
    store_.append_owned_steps(id, epoch, first_seq, steps, finished);
}

} // namespace citadel::server
