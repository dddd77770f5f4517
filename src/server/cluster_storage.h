// Storage shared by the nodes of a cluster (docs/server.md, "Cluster"): each game has one owner
// node, which alone runs its clock and engine seats and writes its steps. Ownership is a lease per
// node, timed by the database's clock (never a node's), and an epoch per game, raised at every
// change of owner: a step is written only with the game's current epoch, so a node that lost a
// game (its lease expired while it was frozen or cut off) cannot write to it any more, whatever it
// still believes. The plain Storage calls stay for what has no owner (families, analyses) and for
// one node alone. PostgreSQL implements it (postgres_storage.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage.h"

namespace citadel::server {

// Thrown by a fenced write whose epoch is not the game's any more (another node owns it now) or
// whose game does not exist; nothing was written. Not a StorageError: the node must give the game
// up, not report a failure.
struct NotOwner {
    std::string message;
};

// A game taken over by a node.
struct Claim {
    std::string game_id;
    int64_t     epoch = 0; // the new owner's, for its appends
    // Until when the previous owner is known to have run the game's clock (its last lease
    // renewal, or its release), Unix ms by the database's clock; none if it had no owner. The
    // seat to move is charged max(0, last_served_ms - the last step's at_ms) on takeover.
    std::optional<int64_t> last_served_ms;
};

// A node whose lease holds, and whether it reached the bus at its last renewal.
struct LiveNode {
    std::string name;
    bool        bus_ok = true;
};

class ClusterStorage : public Storage {
  public:
    // A node's lease: `join` starts it (the name must be new: a restarted process joins under a
    // new name), `renew` extends it to `lease` from now and answers false when it had already
    // expired (the node must then drop its games and join again under a new name); `release`
    // ends it at a graceful stop, leaving its unfinished games ownerless so that others claim
    // them at once. Once a lease has expired and no unfinished game names its node, a later
    // `join` removes its row.
    virtual void join(const std::string& node, std::chrono::milliseconds lease) = 0;
    // `bus_ok`: whether the node reaches the bus now (LiveNode).
    virtual bool renew(const std::string& node, std::chrono::milliseconds lease, bool bus_ok) = 0;
    virtual void release(const std::string& node)                                             = 0;
    // Leaves the node's unfinished games without an owner, so that others claim them at once;
    // its lease stands.
    virtual void hand_over(const std::string& node) = 0;

    // Records a new game owned by `node` at epoch 1 (its steps, if any, too).
    virtual void create_owned_game(const StoredGame& game, const std::string& node) = 0;
    // Makes `node` the game's owner, at a new epoch, when the game has no owner, when its owner's
    // lease has expired, or when `node` owns it already (e.g. its claim's answer was lost); none
    // otherwise, or when there is no such game. Finished games too (a rematch's link is a step).
    virtual std::optional<Claim> claim(const std::string& game_id, const std::string& node) = 0;
    // Claims up to `limit` unfinished games without a live owner; games another node is claiming
    // at the same moment are left to it.
    virtual std::vector<Claim> claim_orphans(const std::string& node, int limit) = 0;
    // The node owning game `id` while its lease holds; none if the game has no live owner or
    // does not exist.
    virtual std::optional<std::string> live_owner(const std::string& id) = 0;
    // The nodes whose lease holds now.
    virtual std::vector<LiveNode> live_nodes() = 0;
    // One game with its steps in order, each with its at_ms; none if there is no such game.
    virtual std::optional<StoredGame> load_game(const std::string& id) = 0;
    // Storage::append_steps, fenced: throws NotOwner, writing nothing, unless `epoch` is the
    // game's current one.
    virtual void append_owned_steps(const std::string& id, int64_t epoch, int first_seq,
        const std::vector<StoredStep>& steps, bool finished)
        = 0;
};

} // namespace citadel::server
