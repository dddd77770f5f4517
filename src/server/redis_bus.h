// The cluster's bus (bus.h) on Redis pub/sub, through Debian's hiredis 0.14 driven by Asio.
// hiredis's asynchronous context speaks the protocol; it has no Asio adapter, so ours watches its
// socket with a posix::stream_descriptor on the bus's strand, and no network thread ever blocks
// on Redis (host names are resolved by Asio too). Two connections: one publishes (so one node's
// messages keep their order), one subscribes. The link is supervised: a connection that breaks, a
// command not answered within command_timeout, or a subscriber that stops hearing the bus's own
// heartbeat (a connection can stay open and still go deaf) brings it down; it then reconnects
// with a doubling backoff, resubscribes every channel, and tells the watchers it is up. hiredis
// 0.14 asserts on replies no Redis sends (a pub/sub message of the wrong shape, an answer to no
// command), which would abort the server; such a reply is refused while it is read instead, and
// brings the link down like any other fault.
#pragma once

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "core/errors.h"
#include "server/bus.h"

namespace citadel::server {

// Where Redis listens: a TCP host and port, or a Unix socket.
struct RedisAddress {
    std::string host; // a name, an IPv4 address or an IPv6 one (without brackets); empty: socket
    int         port = 0;
    std::string socket_path; // absolute; empty for TCP
    std::string text; // as written, for messages
};

// Reads `redis://host:port` (a host name, an IPv4 address or a bracketed IPv6 one, and a port
// from 1 to 65535) or `redis:///absolute/path.sock`. Anything else is an error naming the fault:
// another scheme, credentials, a database number, a query, a missing or bad port, a path too
// long for a Unix socket, control characters.
Result<RedisAddress, std::string> parse_redis_address(std::string_view text);

struct RedisBusOptions {
    // An attempt to connect (resolve, connect, PING, every SUBSCRIBE confirmed) takes at most...
    std::chrono::milliseconds connect_timeout{ 2000 };
    // ...a command's answer (and the heartbeat's return) at most...
    std::chrono::milliseconds command_timeout{ 2000 };
    // ...and the link is checked, and the heartbeat published, this often.
    std::chrono::milliseconds heartbeat{ 500 };
    // The wait before connecting again: from the first, doubling up to the last (each with a
    // random part, so that nodes do not come back all at once).
    std::chrono::milliseconds retry_first{ 100 }, retry_last{ 5000 };
    // A message published or received at most; a longer reply is taken for garbage. Far above
    // the server's own messages (64 KiB at most, server.md).
    size_t max_payload = 16 << 20;
};

class RedisBus final : public Bus {
  public:
    RedisBus(boost::asio::io_context& io, RedisAddress address, RedisBusOptions options = {});
    // Only while no thread runs `io` (after run() returned): it frees the connections at once.
    ~RedisBus() override;
    RedisBus(const RedisBus&)            = delete;
    RedisBus& operator=(const RedisBus&) = delete;

    // Begins connecting; the watchers hear how it went (watch before starting).
    void start();

    void publish(std::string channel, std::string payload, PublishHandler done = {}) override;
    void subscribe(
        std::string channel, MessageHandler on_message, ActiveHandler on_active = {}) override;
    void unsubscribe(std::string channel) override;
    void watch(LinkWatcher watcher) override;

  private:
    class Link; // the connections, the subscriptions and the supervision (redis_bus.cpp)
    std::shared_ptr<Link> link_;
};

} // namespace citadel::server
