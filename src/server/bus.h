// The message bus between the nodes of a cluster (server.md, "Cluster"): a node publishes a text on
// a named channel, and every node subscribed to that channel receives it. Bus messages are hints,
// never the truth: delivery is at most once (a node whose link was down misses what was published
// meanwhile), so whoever subscribes resynchronises from the store each time a subscription becomes
// active again. What one bus publishes is delivered in the order it was published. RedisBus
// (redis_bus.h) implements it; the rest of the server sees only this interface, so another bus
// (NATS) could take its place.
//
// Every method may be called from any thread and returns at once. Handlers run on the io_context,
// on the bus's own strand, one at a time: hiredis's connections are not thread-safe, and calling
// the handler from the read itself keeps the order without another queue. So a handler must not
// block (longer work goes to its owner's own strand) nor throw (it runs inside hiredis, in C), and
// after the bus is destroyed none runs.
#pragma once

#include <functional>
#include <string>

namespace citadel::server {

// What became of one publish.
struct Published {
    enum Outcome {
        sent, // the bus took it: every subscription active at that moment gets it
        not_sent, // nobody gets it: the link is down, the message too large, or the bus refused it
        unknown, // the link broke, or the bus did not answer in time: some may have got it
    };
    Outcome     outcome   = not_sent;
    long        receivers = 0; // sent: the subscriptions that got it (one per node)
    std::string why; // not_sent, unknown: what went wrong
};

// The link to the bus: up (publishes go out and every subscription is active) or down.
struct BusLink {
    bool        up = false;
    std::string why; // down: why the link broke, or why the last attempt to connect failed
};

class Bus {
  public:
    using MessageHandler = std::function<void(std::string payload)>;
    using ActiveHandler  = std::function<void()>;
    using PublishHandler = std::function<void(const Published&)>;
    using LinkWatcher    = std::function<void(const BusLink&)>;

    virtual ~Bus() = default;

    // Publishes `payload` (any bytes) on `channel`; `done`, if given, hears what became of it.
    // While the link is down a publish fails at once (not_sent) rather than wait: subscribers
    // resynchronise when the link comes back, so a late message would add nothing.
    virtual void publish(std::string channel, std::string payload, PublishHandler done = {}) = 0;
    // One subscription per channel (subscribing again replaces its handlers). `on_active` runs
    // each time the subscription becomes active, before the messages that follow it: when the
    // bus confirms it, and again after every reconnection. An owner takes its snapshot there, so
    // nothing published after the snapshot is missed (subscribe, then snapshot).
    virtual void subscribe(
        std::string channel, MessageHandler on_message, ActiveHandler on_active = {})
        = 0;
    // No handler of the channel's runs after this call's turn on the strand.
    virtual void unsubscribe(std::string channel) = 0;
    // `watcher` hears every change of the link from now on (at once if it is up), and each failed
    // attempt to connect: down, then up again once every subscription is active once more.
    virtual void watch(LinkWatcher watcher) = 0;
};

} // namespace citadel::server
