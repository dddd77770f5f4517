// The other nodes of a cluster, as a node's games see them (docs/server.md, "Cluster"). A game is
// run by one node, its owner; every other node serves it through its owner:
// - forward(): a request (a move, an action, the state, a take-back, a rematch) for a game another
//   live node owns is run there and its answer comes back here;
// - relay(): the owner hands every message it broadcasts to its own watchers on, numbered, for the
//   other nodes' watchers;
// - watch(): a WebSocket here watching a game owned elsewhere gets the owner's state and then
//   its messages in order, none twice and none missed (a gap is mended by a fresh state), and the
//   owner counts it among its seat's connections.
// ClusterRelay (cluster_relay.h) is the implementation over the bus; the games know only this.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "server/reply.h"

namespace citadel::server {

class Subscriber;

class Peers {
  public:
    virtual ~Peers() = default;

    // Owner side: the `seq`-th message (from 1) the game broadcast since this node came to own it
    // at `epoch`. Called under the game's lock, so in order; must not block.
    virtual void relay(const std::string& game, int64_t epoch, uint64_t seq,
        std::shared_ptr<const std::string> text)
        = 0;

    // The request (server.md's operation `op` with the game id, its body and the connection's
    // token: GameService::run_forwarded) run by node `owner`; the answer is a Reply whose `later`
    // brings the owner's answer: outcome_unknown (504) if none came in time (the owner may have
    // done it or not), unavailable (503) if the request could not be sent.
    virtual Reply forward(const std::string& owner, nlohmann::json request) = 0;

    // Edge side: `s` watches game `id`, which node `owner` runs, holding seat `seat` (-1: a
    // spectator; the owner hears how many of each seat's connections each node has, never their
    // tokens); false if it cannot be watched from here now.
    virtual bool watch(
        const std::string& id, const std::string& owner, int seat, std::shared_ptr<Subscriber> s)
        = 0;
    virtual void unwatch(const std::string& id, const Subscriber* s) = 0;
};

} // namespace citadel::server
