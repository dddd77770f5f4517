// The network side of `citadel serve`: Boost.Beast HTTP and WebSocket on an Asio io_context run
// by a small thread pool. Each connection has its own strand, a bounded body or message size, a
// per-connection rate limit and (WebSockets) a bounded write queue, so one slow or hostile client
// cannot stall the others. Routes (docs/server.md): /api/... to the routes (routes.h: the games,
// the course, speech), anything else to the built front end (StaticFiles). An answer that comes
// later (speech still to make, Reply::later) is written on the connection's strand when it comes.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "server/game_service.h"
#include "server/routes.h"

namespace citadel::server {

struct ServerLimits {
    size_t max_message                 = 64 * 1024; // an HTTP body or a WebSocket message
    size_t max_connections             = 10000;
    size_t max_connections_per_address = 256; // a classroom behind one address fits
    double rate_per_second             = 30; // requests or messages per connection...
    double rate_burst                  = 60; // ...with bursts up to this many
    size_t max_queued                  = 256; // messages waiting to be written to one WebSocket
    // Load balancers whose X-Forwarded-For names the client (its last address): their own
    // connections count only in max_connections, each request's client in the per-address limits.
    std::vector<std::string> trusted_proxies;
};

// The built front end in one folder. Nothing outside it is ever served: encoded or plain dot
// segments, NUL bytes and backslashes are refused, and a symlink leading out is not followed.
class StaticFiles {
  public:
    explicit StaticFiles(const std::string& dir);
    bool available() const { return !root_.empty(); }
    // The file to serve for a URL path (already without its query), or an HTTP status: 400 for
    // a path that tries to leave the folder, 404 for a missing asset. Paths without a file
    // extension that match no file give index.html (the front end routes them).
    struct Found {
        int                   status = 200;
        std::filesystem::path file;
        bool                  immutable = false; // under /assets/: hashed names, cache forever
    };
    Found              find(const std::string& url_path) const;
    static std::string content_type(const std::filesystem::path& file);

  private:
    std::filesystem::path root_; // canonical, empty if the folder does not exist
};

struct OpenConnections; // the connections open, in all and per address (http_server.cpp)

class HttpServer {
  public:
    // `speech`: null where the server runs without it; `families`: null in tests of the games.
    HttpServer(boost::asio::io_context& io, GameService& games, const StaticFiles& files,
        ServerLimits limits, SpeechApi* speech = nullptr, FamilyService* families = nullptr);
    // Binds and listens; throws boost::system::system_error if it cannot.
    void           listen(const std::string& host, unsigned short port);
    unsigned short port() const;

  private:
    void accept();

    boost::asio::io_context&         io_;
    Services                         services_;
    const StaticFiles&               files_;
    ServerLimits                     limits_;
    boost::asio::ip::tcp::acceptor   acceptor_;
    boost::asio::steady_timer        accept_pause_; // after a failed accept (out of files)
    std::shared_ptr<OpenConnections> open_;
};

} // namespace citadel::server
