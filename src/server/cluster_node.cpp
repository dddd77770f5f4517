#include "server/cluster_node.h"

#include <iostream>

#include "server/game_service.h"
#include "server/secrets.h"

namespace citadel::server {

namespace {

// The games one reaper round claims at most: a dead node's games are shared among the living
// in rounds rather than all taken by the first to look.
constexpr int kClaimsPerRound = 50;

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
    valid_until_ = 0;
    woken_.notify_all();
    if (heartbeat_thread_.joinable()) heartbeat_thread_.join();
    if (reaper_thread_.joinable()) reaper_thread_.join();
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
                renewed = store_.renew(me, times_.lease);
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
                for (const Claim& claim : store_.claim_orphans(me, kClaimsPerRound))
                    if (auto game = store_.load_game(claim.game_id))
                        games_->adopt(std::move(*game), claim);
                games_->forget_nodes_except(store_.live_nodes());
            }
        } catch (const StorageError& e) {
            std::cerr << "citadel serve: node " << me << ": " << e.message << "\n";
        }
        lock.lock();
        woken_.wait_for(lock, times_.lease / 2, [&] { return stopping_; });
    }
}

int64_t ClusterNode::create(const StoredGame& game) {
    const std::string me = name();
    if (me.empty() || !serving())
        throw StorageError{ "node " + base_name_ + " has no valid lease: it creates no game" };
    store_.create_owned_game(game, me);
    return 1;
}

std::optional<Claim> ClusterNode::claim(const std::string& id) {
    const std::string me = name();
    if (me.empty() || !serving()) return std::nullopt;
    return store_.claim(id, me);
}

void ClusterNode::append(const std::string& id, int64_t epoch, int first_seq,
    const std::vector<StoredStep>& steps, bool finished) {
    if (!serving()) throw NotOwner{ "the lease of node " + base_name_ + " may have expired" };
    store_.append_owned_steps(id, epoch, first_seq, steps, finished);
}

} // namespace citadel::server
