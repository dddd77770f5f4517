// The games a server holds, and every rule of server.md about them: creating a game, the state,
// moves and actions checked in the contract's order, seats held by tokens, clocks run by the
// server, engine seats, and the live messages to each game's subscribers. Every accepted step
// is committed to Storage before it is answered or broadcast. Thread-safe: each game has its
// own lock, so games never wait for one another. Finished games can be analysed (analysis.h).
// In a cluster (a ClusterNode given) the service holds only the games this node owns: a game it
// creates is owned by it, one asked for and not held here is loaded from the store and claimed
// if its owner is gone, a request for a game another live node owns is forwarded to that node
// (peers.h), and the node's reaper has it adopt the games of dead nodes. A finished game is
// served by every node.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/analysis.h"
#include "server/cluster_storage.h"
#include "server/engine_seat.h"
#include "server/peers.h"
#include "server/rate_limit.h"
#include "server/reply.h"
#include "server/room.h"
#include "server/storage.h"

namespace citadel::server {

using nlohmann::json;

class ClusterNode;

class GameService {
  public:
    // `cluster`: this node, in a cluster (its store is `storage`); null for one node alone.
    // `game_burst`: the games one client address may create at once (then one a second).
    GameService(boost::asio::io_context& io, Storage& storage, EnginePool& engines,
        AnalysisLimits analysis_limits = {}, ClusterNode* cluster = nullptr,
        double game_burst = kGameBurst);
    ~GameService() { stop(); }
    // Stops the engines and the commit pool and drops every room (a second call finds nothing
    // left to stop): after it no thread of the service runs, so whatever its work calls (the
    // peers, the store) may go. serve() calls it once the network threads have stopped, before
    // anything else is destroyed.
    void stop();

    // Rebuilds every stored game by replaying its steps; returns how many were loaded. None in
    // a cluster: there the games come as they are claimed.
    size_t load();

    // In a cluster: runs the games `claim` claims for this node (the reaper's), each loaded
    // after its claim, its clock charged for the time its previous owner served it since its
    // last step. The claim lock is held throughout, so that a request for one of them waits for
    // its room rather than claim it again (this node would then be its "previous owner").
    void adopt(const std::function<std::vector<Claim>()>& claim);
    // In a cluster with a bus: the other nodes, to forward to and relay to (before serving).
    void set_peers(Peers* peers) { peers_ = peers; }
    // A request another node forwarded here ({"op", "id", "body", "token"}: Peers::forward), or
    // "snapshot" for a node watching from elsewhere; answered as if asked here, never forwarded
    // again.
    Reply run_forwarded(const json& request);
    // The node that owns game `id` when another live one does (else none: it is held here, or
    // this node has just claimed it, or it is unknown); a finished game's too, while it lives.
    std::optional<std::string> owner_elsewhere(const std::string& id);
    // In a cluster: drops every game held here (this node stops owning them), closing their
    // connections with 1012.
    void drop_rooms();
    // In a cluster: the WebSockets that nodes not in `live` counted in the rooms here are
    // forgotten (Room::forget_nodes_except).
    void forget_nodes_except(std::vector<std::string> live);

    // Games one client address may create at once by default (a classroom behind one address).
    static constexpr double kGameBurst = 100;

    // In a cluster (its store a database across the network) the requests below run on threads of
    // their own, never a network thread: their Reply comes later (Reply::later); one node alone
    // answers at once.
    //
    // A new game; `client`: the address it comes from, which may create game_burst games at once
    // and one a second after that (rate_limited).
    Reply create(const json& body, std::string_view client = {});
    Reply state(const std::string& id);
    // `connection_token`: the token a WebSocket was opened with ("" for a watcher), used when
    // the message names none; nullopt over HTTP, where the body must carry it.
    Reply move(const std::string& id, const json& body,
        const std::optional<std::string>& connection_token);
    Reply action(const std::string& id, const json& body,
        const std::optional<std::string>& connection_token);
    // POST /api/games/{id}/take_back and /rematch (docs/server.md).
    Reply take_back(const std::string& id, const json& body);
    Reply rematch(const std::string& id, const json& body);
    // The PGN (or Four Kingdoms record) of a game as a download, or unknown_game.
    Reply record(const std::string& id);
    // The post-game analysis of a finished game (analysis.h): 200 ready, 202 pending, or the
    // refusal (unknown_game, game_not_over, analysis_busy).
    Reply analysis(const std::string& id);

    // For a WebSocket handshake: none if it may open, else the refusal (unknown_game, bad_token
    // for a token that holds no seat, unavailable in a cluster).
    std::optional<Reply> may_subscribe(const std::string& id, const std::string& token);
    // Sends the state to `s` first and then every message of the game, until unsubscribed.
    bool subscribe(const std::string& id, const std::string& token, std::shared_ptr<Subscriber> s);
    // The same two for a network thread: in a cluster they may read the store, so they run on a
    // commit thread, `done` called there (at once, here, for one node alone).
    void may_subscribe(const std::string& id, const std::string& token,
        std::function<void(std::optional<Reply>)> done);
    void subscribe(const std::string& id, const std::string& token, std::shared_ptr<Subscriber> s,
        std::function<void(bool)> done);
    void unsubscribe(const std::string& id, const std::string& token, const Subscriber* s);

  private:
    // The threads that wait on a cluster's store (as many as its connections).
    static constexpr int kCommitThreads = 8;
    // `run` on the commit threads, its answer later (at once, here, for one node alone).
    Reply offloaded(std::function<Reply()> run);
    void  off_network(std::function<void()> work);
    // Where rooms run their timers and engines' answers: the commit threads in a cluster.
    boost::asio::any_io_executor room_executor();
    Reply                        create_here(const json& body, std::string_view client);
    Reply                        run_forwarded_here(const json& request);
    // The room of a game held here, or null.
    std::shared_ptr<Room> find(const std::string& id) const;
    // The room of game `id`: held here or, in a cluster, loaded (and claimed if it may be); null
    // with `refusal` set if there is none (unknown_game, unavailable, storage_failed).
    std::shared_ptr<Room> room_of(const std::string& id, Reply& refusal);
    // In a cluster, where a game not held here is: claimed now (room), run by another live node
    // (owner: set only with peers to forward to; stored: the game as stored), or refused.
    struct Located {
        std::shared_ptr<Room>     room;
        std::string               owner;
        std::optional<StoredGame> stored;
        Reply                     refusal;
    };
    Located locate(const std::string& id);
    // A request (server.md's operation `op`), answered here or by the game's owner: here_only
    // for one forwarded by another node (never forwarded again), no_retry for the second try
    // after a remembered owner was gone.
    enum class Hops { may_forward, no_retry, here_only };
    Reply ask(std::string_view op, const std::string& id, const json& body,
        const std::optional<std::string>& token, Hops hops = Hops::may_forward);
    // The answer of the game's owner when another node owns it (peers_ set), else none.
    std::optional<Reply> forwarded(std::string_view op, const std::string& id, const json& body,
        const std::optional<std::string>& connection_token, bool may_retry);
    // A finished game's copy held here is asked for a rematch: the live node that owns the game,
    // or "" once this node has claimed it (and runs it, at a new epoch). Throws StorageError.
    std::string                 owner_of_copy(const std::string& id);
    Reply                       state_here(const std::string& id);
    Reply                       move_here(const std::string& id, const json& body,
                              const std::optional<std::string>& connection_token);
    Reply                       action_here(const std::string& id, const json& body,
                              const std::optional<std::string>& connection_token);
    Reply                       take_back_here(const std::string& id, const json& body);
    Reply                       rematch_here(const std::string& id, const json& body);
    Reply                       record_here(const std::string& id);
    Reply                       analysis_here(const std::string& id);
    static std::optional<Reply> token_refusal(bool held, const std::string& token);
    // Runs a game claimed for this node (claim_mutex_ held).
    std::shared_ptr<Room> run_claimed(StoredGame game, const Claim& claim);
    // A stored game's room, its steps replayed; null if its variant cannot be made.
    std::shared_ptr<Room> rebuilt(StoredGame g);
    void                  add(std::shared_ptr<Room> room);
    Reply                 open(StoredGame g, std::unique_ptr<LiveGame> game, bool rematch = false);

    boost::asio::io_context& io_;
    Storage&                 storage_;
    EnginePool&              engines_;
    ClusterNode*             cluster_;
    Peers*                   peers_ = nullptr;
    // The owners found of games other nodes run (forwarded()), cleared when it grows too big.
    static constexpr size_t                      kOwnersRemembered = 100000;
    std::mutex                                   owners_mutex_;
    std::unordered_map<std::string, std::string> owners_;
    std::mutex                claim_mutex_; // in a cluster: one game claimed at a time here
    mutable std::shared_mutex mutex_;
    std::mutex                rematch_mutex_; // one rematch made at a time: never two for one game
    AddressRateLimit          creations_; // games created, per address
    std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
    std::unique_ptr<Analyses>                              analyses_;
    std::unique_ptr<boost::asio::thread_pool>              commits_; // in a cluster
};

// Now, in milliseconds since the Unix epoch.
int64_t unix_ms();

} // namespace citadel::server
