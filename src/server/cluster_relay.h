// The nodes of a cluster talking over the bus (peers.h; docs/server.md, "Cluster"). Two kinds of
// channel:
// - `citadel:node:<name>`, one per node (its name changes when it joins again): requests
//   forwarded to the node, {"rid", "from", "request"}, and the answers to those it forwarded,
//   {"rid", "reply": {"status", "body"}}. Requests are the API's own, "snapshot" and "presence"
//   (how many WebSockets of each seat watch from the asking node, sent after each snapshot and
//   when one closes). A request is answered on the network threads (it may
//   wait on the store), never on the bus's strand.
// - `citadel:game:<id>`, one per game: what its owner broadcasts, {"epoch", "seq", "text"}. A
//   node subscribes while a WebSocket of its own watches a game another node runs.
// The bus delivers at most once, so a watching node takes nothing on trust: it asks the owner for
// a snapshot (the state and how many messages came before it) each time the game's subscription
// becomes active and each time it meets a gap or a new epoch (RelayedStream), and sends its
// WebSockets the state again. If the owner does not answer, the node looks the game up again: the
// new owner, or this node itself once it has claimed the game, in which case its WebSockets are
// closed with 1012 so that they reconnect to the game held here.
#pragma once

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/bus.h"
#include "server/peers.h"

namespace citadel::server {

class ClusterNode;
class GameService;

// Where one game's relayed messages stand on a watching node; no I/O, so it is tested alone. The
// owner numbers its messages from 1 at each epoch (Room::broadcast); a snapshot says how many came
// before it.
class RelayedStream {
  public:
    struct Message {
        int64_t     epoch = 0;
        uint64_t    seq   = 0;
        std::string text;
    };
    // A snapshot has been asked for: messages are held until it comes.
    void begin_sync() {
        syncing_ = true;
        held_.clear();
    }
    bool syncing() const { return syncing_; }
    // The snapshot came: the owner had sent `seq` messages at `epoch`. The held messages that
    // follow it, in order; none (and still syncing) if they leave a gap: ask again.
    std::optional<std::vector<std::string>> synced(int64_t epoch, uint64_t seq);
    // A message came. deliver: pass it on now; drop: already passed on, or from an owner that
    // lost the game; held: waiting for the snapshot; resync: something was missed (a gap, or a
    // new owner's epoch): ask for a snapshot.
    enum class Verdict { deliver, drop, held, resync };
    Verdict take(Message m);

  private:
    bool                 syncing_ = true;
    int64_t              epoch_   = 0;
    uint64_t             seq_     = 0;
    std::vector<Message> held_;
};

struct RelayTimes {
    // How long a forwarded request waits for its answer before it is outcome_unknown.
    std::chrono::milliseconds answer{ 5000 };
    // The wait before looking a game up again when its owner did not give a snapshot.
    std::chrono::milliseconds retry{ 250 };
};

class ClusterRelay final : public Peers {
  public:
    // Listens on this node's channel from each join of `node` on (construct before node.start).
    // Its handlers run on `io`: destroy it only once `io` has stopped.
    ClusterRelay(boost::asio::io_context& io, Bus& bus, ClusterNode& node, GameService& games,
        RelayTimes times = {});
    ~ClusterRelay() override;
    ClusterRelay(const ClusterRelay&)            = delete;
    ClusterRelay& operator=(const ClusterRelay&) = delete;

    void  relay(const std::string& game, int64_t epoch, uint64_t seq,
         std::shared_ptr<const std::string> text) override;
    Reply forward(const std::string& owner, nlohmann::json request) override;
    bool  watch(const std::string& id, const std::string& owner, int seat,
         std::shared_ptr<Subscriber> s) override;
    void  unwatch(const std::string& id, const Subscriber* s) override;

  private:
    struct Pending; // a forwarded request waiting for its answer
    struct Watched; // a game watched from here
    // Sends `request` to node `owner`; `done` hears the answer, once.
    void call(const std::string& owner, nlohmann::json request, std::function<void(Reply)> done);
    void finish(uint64_t rid, Reply answer);
    void listen(const std::string& name);
    void on_node_message(const std::string& payload);
    void answer(uint64_t rid, const std::string& to, Reply reply);
    void on_game_message(const std::string& id, const std::string& payload);
    // Asks the game's owner for a snapshot, finding the owner again first (network threads).
    void resync(const std::string& id);
    void synced(const std::string& id, uint64_t generation, const Reply& snapshot);
    // The game is held here now, or no longer live: the watchers reconnect.
    void move_away(const std::string& id);
    // Tells the owner how many connections of each seat watch from here.
    void tell_presence(const std::string& id, const std::string& owner, std::vector<int> seats);

    boost::asio::io_context& io_;
    Bus&                     bus_;
    GameService&             games_;
    const RelayTimes         times_;
    std::mutex               mutex_;
    std::string              name_; // this node's name, as it joined last
    uint64_t                 next_rid_ = 0;
    std::unordered_map<uint64_t, std::shared_ptr<Pending>>    pending_;
    std::unordered_map<std::string, std::shared_ptr<Watched>> watched_;
};

} // namespace citadel::server
