// citadel serve: the web app and its API (server.md) from one process.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <iostream>
#include <memory>
#include <optional>
#include <sys/resource.h>
#include <thread>
#include <vector>

#include "cli/command.h"
#include "server/cluster_node.h"
#include "server/cluster_relay.h"
#include "server/engine_seat.h"
#include "server/family_service.h"
#include "server/game_service.h"
#include "server/http_server.h"
#include "server/postgres_storage.h"
#include "server/redis_bus.h"
#include "server/search_chooser.h"
#include "server/speech_api.h"
#include "server/sqlite_storage.h"
#include "speech/speaker.h"

#ifndef CITADEL_WEB_DIST
#define CITADEL_WEB_DIST "web/dist"
#endif

namespace citadel::cli {

namespace {

struct ServeArgs {
    std::string              host            = "127.0.0.1";
    int                      port            = 8080;
    std::string              db              = "citadel.db";
    std::string              web             = CITADEL_WEB_DIST;
    int                      threads         = 2;
    int                      engine_threads  = 1;
    size_t                   max_connections = 10000;
    size_t                   max_per_address = 256;
    std::vector<std::string> trusted_proxies;
    int                      games_per_address = int(server::GameService::kGameBurst);
    size_t                   analyses          = 2;
    size_t                   analysis_queue    = 16;
    std::string              speech_cache; // default: the database's path and ".speech"
    size_t                   speech_cache_mb = 256;
    bool                     no_speech       = false;
    std::string              node; // with --store: the node's name (default host:port)
    int                      lease_ms     = 3000;
    int                      heartbeat_ms = 0; // default: a sixth of the lease
    // PostgreSQL instead of --db: a libpq connection URI.
    std::optional<std::string> store;
    // The cluster's Redis: with --store, the nodes forward requests and relay games over it.
    std::optional<std::string> bus;
};

// With --store: the node's lease, checked.
server::LeaseTimes lease_times(const ServeArgs& args) {
    if (args.lease_ms < 100 || args.lease_ms > 600000)
        throw UsageError{ "--lease-ms: must be from 100 to 600000" };
    const int heartbeat = args.heartbeat_ms > 0 ? args.heartbeat_ms : args.lease_ms / 6;
    if (heartbeat < 10 || heartbeat > args.lease_ms / 2)
        throw UsageError{ "--heartbeat-ms: must be from 10 to half of --lease-ms" };
    return { std::chrono::milliseconds(args.lease_ms), std::chrono::milliseconds(heartbeat) };
}

// The bus, connected before anything else runs on `io`: an address it cannot reach is an error.
// Later it reconnects by itself; its losses and returns are logged.
std::unique_ptr<server::RedisBus> connect_bus(
    boost::asio::io_context& io, const server::RedisAddress& address) {
    struct Watch {
        std::optional<server::BusLink> first;
        bool                           up = false;
    };
    auto bus   = std::make_unique<server::RedisBus>(io, address);
    auto watch = std::make_shared<Watch>();
    bus->watch([watch, text = address.text](const server::BusLink& link) {
        if (!watch->first)
            watch->first = link;
        else if (link.up != watch->up)
            std::cerr << "citadel serve: the bus at " << text
                      << (link.up ? " is back" : " is lost (" + link.why + "); reconnecting")
                      << std::endl;
        watch->up = link.up;
    });
    bus->start();
    while (!watch->first && io.run_one()) { }
    if (!watch->first || !watch->first->up)
        throw UsageError{ "--bus: cannot connect to " + address.text + ": "
            + (watch->first ? watch->first->why : "no answer") };
    return bus;
}

// Every connection holds a file descriptor, and a fresh system lets a process open only 1024 at
// first (its soft limit): raised to the hard limit, with a warning if that is still too few.
void allow_open_files(size_t connections) {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &limit) != 0) getrlimit(RLIMIT_NOFILE, &limit);
    }
    const rlim_t wanted = connections + 256; // the databases, the bus, the speech cache, logs
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < wanted)
        std::cerr << "citadel serve: this process may open only " << limit.rlim_cur
                  << " files (ulimit -n), fewer than --max-connections " << connections
                  << " needs; raise the hard limit (LimitNOFILE= in a systemd unit)\n";
}

// The speech routes' Speaker, or null with --no-speech.
std::unique_ptr<speech::Speaker> make_speaker(const ServeArgs& args) {
    if (args.no_speech) return nullptr;
    if (args.speech_cache_mb < 1 || args.speech_cache_mb > 1'000'000)
        throw UsageError{ "--speech-cache-mb: must be from 1 to 1000000" };
    speech::SpeakerOptions options;
    options.cache_dir   = !args.speech_cache.empty() ? args.speech_cache
          : args.store                               ? "citadel.speech"
                                                     : args.db + ".speech";
    options.cache_bytes = uint64_t(args.speech_cache_mb) << 20;
    try {
        return std::make_unique<speech::Speaker>(options);
    } catch (const speech::SpeechError& e) {
        throw UsageError{ std::string(e.what()) + " (--no-speech serves without speech)" };
    }
}

int serve(const ServeArgs& args) {
    using namespace citadel::server;
    if (args.port < 0 || args.port > 65535) throw UsageError{ "--port: must be from 0 to 65535" };
    if (args.threads < 1 || args.threads > 64)
        throw UsageError{ "--threads: must be from 1 to 64" };
    if (args.engine_threads < 1 || args.engine_threads > 64)
        throw UsageError{ "--engine-threads: must be from 1 to 64" };
    if (args.analyses < 1 || args.analyses > 64)
        throw UsageError{ "--analyses: must be from 1 to 64" };
    if (args.analysis_queue > 10000)
        throw UsageError{ "--analysis-queue: must be from 0 to 10000" };
    if (args.max_per_address < 1 || args.max_per_address > 1000000)
        throw UsageError{ "--max-connections-per-address: must be from 1 to 1000000" };
    if (args.games_per_address < 1 || args.games_per_address > 1000000)
        throw UsageError{ "--games-per-address: must be from 1 to 1000000" };
    for (const std::string& proxy : args.trusted_proxies) {
        boost::system::error_code ec;
        boost::asio::ip::make_address(proxy, ec);
        if (ec) throw UsageError{ "--trusted-proxy: '" + proxy + "' is not an IP address" };
    }
    std::optional<RedisAddress> bus_address;
    if (args.bus) {
        auto parsed = parse_redis_address(*args.bus);
        if (!parsed) throw UsageError{ "--bus: " + parsed.error() };
        bus_address = *parsed;
    }
    std::unique_ptr<Storage>     storage;
    std::unique_ptr<ClusterNode> node; // with --store
    std::string stored_in = args.db; // for the first line: never the URI (a password)
    try {
        if (args.store) {
            auto postgres = std::make_unique<PostgresStorage>(*args.store);
            stored_in     = postgres->location();
            node          = std::make_unique<ClusterNode>(*postgres, lease_times(args));
            storage       = std::move(postgres);
        } else {
            storage = std::make_unique<SqliteStorage>(args.db);
        }
    } catch (const StorageError& e) {
        throw UsageError{ e.message };
    }
    allow_open_files(args.max_connections);
    boost::asio::io_context io(args.threads);
    EnginePool              engines(std::make_unique<SearchChooser>(), args.engine_threads);
    AnalysisLimits          analysis;
    analysis.running = args.analyses;
    analysis.waiting = args.analysis_queue;
    // Before anything else runs on io: connect_bus runs it until the bus answers.
    std::unique_ptr<RedisBus> bus = bus_address ? connect_bus(io, *bus_address) : nullptr;
    GameService games(io, *storage, engines, analysis, node.get(), args.games_per_address);
    // With both a store and a bus the nodes forward to and relay for one another (peers.h).
    std::unique_ptr<ClusterRelay> relay;
    if (node && bus) {
        relay = std::make_unique<ClusterRelay>(io, *bus, *node, games);
        games.set_peers(relay.get());
    }
    // After io: the Speaker's worker answers through it, so it stops first.
    auto                     speaker = make_speaker(args);
    std::optional<SpeechApi> speech;
    if (speaker) speech.emplace(*speaker);

    FamilyService families(*storage);

    size_t loaded = 0;
    try {
        loaded = games.load();
        families.load();
    } catch (const StorageError& e) {
        throw UsageError{ e.message };
    }
    StaticFiles  files(args.web);
    ServerLimits limits;
    limits.max_connections             = args.max_connections;
    limits.max_connections_per_address = args.max_per_address;
    for (const std::string& proxy : args.trusted_proxies)
        limits.trusted_proxies.push_back(boost::asio::ip::make_address(proxy).to_string());
    HttpServer server(io, games, files, limits, speech ? &*speech : nullptr, &families);
    try {
        server.listen(args.host, static_cast<unsigned short>(args.port));
    } catch (const std::exception& e) {
        throw UsageError{ "cannot listen on " + args.host + ":" + std::to_string(args.port) + ": "
            + e.what() };
    }
    if (!files.available())
        std::cerr << "citadel serve: no front end at " << args.web
                  << " (the API works without it)\n";
    if (node) try {
            node->start(games,
                !args.node.empty() ? args.node : args.host + ":" + std::to_string(server.port()));
        } catch (const StorageError& e) {
            throw UsageError{ e.message };
        }
    std::cout << "citadel serve: listening on http://" << args.host << ":" << server.port() << " ("
              << loaded << " games loaded from " << stored_in << ")"
              << (node ? " as node " + node->name() : "") << std::endl;

    // With --store, a stop releases the node's games at once (others claim them now), and their
    // connections are given a moment to be closed with 1012 so that their clients reconnect.
    boost::asio::signal_set   signals(io, SIGINT, SIGTERM);
    boost::asio::steady_timer closing(io);
    signals.async_wait([&](const boost::system::error_code&, int) {
        if (!node) return io.stop();
        node->stop();
        closing.expires_after(std::chrono::milliseconds(200));
        closing.async_wait([&](const boost::system::error_code&) { io.stop(); });
    });
    std::vector<std::thread> pool;
    for (int i = 1; i < args.threads; ++i) pool.emplace_back([&] { io.run(); });
    io.run();
    for (auto& t : pool) t.join();
    // The node's threads hand games to `games`, whose commit pool answers forwarded requests
    // through the relay: both stop here, so that no thread but this one is left when the objects
    // above are destroyed (in any order).
    if (node) node->stop();
    games.stop();
    return 0;
}

} // namespace

Subcommand add_serve(CLI::App& app) {
    auto  args = std::make_shared<ServeArgs>();
    auto* cmd  = app.add_subcommand("serve", "serve the web app and its API (server.md)");
    cmd->add_option("--host", args->host, "address to listen on (default 127.0.0.1)");
    cmd->add_option("--port", args->port, "port to listen on; 0 picks a free one (default 8080)");
    auto* store = cmd->add_option_function<std::string>(
        "--store", [args](const std::string& uri) { args->store = uri; },
        "keep the games in PostgreSQL instead of --db: a libpq connection URI");
    cmd->add_option("--db", args->db, "SQLite database file (default citadel.db)")->excludes(store);
    cmd->add_option("--node", args->node,
           "with --store: this node's name in the cluster (default host:port); a random suffix "
           "is added at each start")
        ->needs(store);
    cmd->add_option("--lease-ms", args->lease_ms,
           "with --store: how long the node's lease holds, ms (default 3000)")
        ->needs(store);
    cmd->add_option("--heartbeat-ms", args->heartbeat_ms,
           "with --store: how often the lease is renewed, ms (default a sixth of --lease-ms)")
        ->needs(store);
    cmd->add_option(
        "--web", args->web, "folder of the built front end (default the source tree's web/dist)");
    cmd->add_option("--threads", args->threads, "network threads (default 2)");
    cmd->add_option(
        "--engine-threads", args->engine_threads, "threads for engine seats (default 1)");
    cmd->add_option(
        "--max-connections", args->max_connections, "open connections at most (default 10000)");
    cmd->add_option("--max-connections-per-address", args->max_per_address,
        "open connections from one client address at most (default 256)");
    cmd->add_option("--games-per-address", args->games_per_address,
        "games one client address may create at once, then one a second (default 100)");
    cmd->add_option("--trusted-proxy", args->trusted_proxies,
        "a load balancer's address whose X-Forwarded-For names the client (repeatable)");
    cmd->add_option("--analyses", args->analyses, "finished games analysed at once (default 2)");
    cmd->add_option("--analysis-queue", args->analysis_queue,
        "finished games waiting for their analysis at most (default 16)");
    cmd->add_option("--speech-cache", args->speech_cache,
        "folder of the spoken texts (default: the database's path with .speech added; "
        "citadel.speech with --store)");
    cmd->add_option("--speech-cache-mb", args->speech_cache_mb,
        "the spoken texts kept at most, MiB (default 256)");
    cmd->add_flag("--no-speech", args->no_speech,
        "serve without speech (/api/speech answers not_found): where espeak-ng's data is missing");
    cmd->add_option_function<std::string>(
        "--bus", [args](const std::string& address) { args->bus = address; },
        "the cluster's Redis, redis://host:port or redis:///path/to/redis.sock: with --store the "
        "nodes forward requests to a game's owner and relay its moves through it");
    return { cmd, [args] { return serve(*args); } };
}

} // namespace citadel::cli
