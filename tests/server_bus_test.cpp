// The cluster's bus on Redis (src/server/redis_bus.h). Addresses are read strictly, every fault
// named. Against a private redis-server that each test starts (and kills) on a Unix socket in a
// folder of its own: messages arrive in publish order at every subscriber, from many threads too;
// unsubscribing stops them and subscribing again resumes them; 64 KiB of any bytes go through;
// the link comes back after Redis is killed and restarted, every subscription active again.
// Without any Redis: a refused connection, a silent server and garbage answers bring the link
// down with the reason, never the process, and a publish meanwhile fails visibly. The tests that
// need redis-server (scripts/deps installs it; CITADEL_REDIS_SERVER names another binary) are
// skipped, saying so, where it is missing.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <hiredis/hiredis.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <future>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "server/redis_bus.h"
#include "temp_dir.h"

extern char** environ;

namespace citadel::server {
namespace {

namespace fs  = std::filesystem;
namespace net = boost::asio;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// The redis-server to start: $CITADEL_REDIS_SERVER, or the one on the PATH; "" if none.
std::string redis_server_binary() {
    if (const char* named = std::getenv("CITADEL_REDIS_SERVER")) return named;
    const char*       path = std::getenv("PATH");
    std::stringstream folders(path ? path : "");
    for (std::string folder; std::getline(folders, folder, ':');)
        if (!folder.empty() && ::access((fs::path(folder) / "redis-server").c_str(), X_OK) == 0)
            return (fs::path(folder) / "redis-server").string();
    return "";
}

// A free TCP port on 127.0.0.1, held (bound, not listening) while the object lives, so that a
// connection to it is refused; released() lets go of it for a server to take.
struct TcpPort {
    int fd = -1, port = 0;
    TcpPort() {
        fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family      = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length        = sizeof address;
        ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
        port = ntohs(address.sin_port);
    }
    int released() {
        ::close(std::exchange(fd, -1));
        return port;
    }
    ~TcpPort() {
        if (fd >= 0) ::close(fd);
    }
};

// A private redis-server on a Unix socket in `dir` (and on 127.0.0.1:`tcp_port` if not 0),
// started at once, killed (SIGKILL) by kill() or at the end.
class RedisServer {
  public:
    explicit RedisServer(const fs::path& dir, int tcp_port = 0)
        : dir_(dir)
        , tcp_port_(tcp_port) {
        start();
    }
    ~RedisServer() { kill(); }
    std::string address() const { return "redis://" + socket(); }
    std::string socket() const { return (dir_ / "redis.sock").string(); }

    // Starts it and waits (at most 10 s) until it answers PING.
    void start() {
        std::vector<std::string> args = { redis_server_binary(), "--port",
            std::to_string(tcp_port_), "--bind", "127.0.0.1", "-::1", "--unixsocket", socket(),
            "--save", "", "--appendonly", "no", "--daemonize", "no", "--dir", dir_.string(),
            "--logfile", (dir_ / "redis.log").string() };
        std::vector<char*>       argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        ASSERT_EQ(posix_spawn(&pid_, argv[0], nullptr, nullptr, argv.data(), environ), 0)
            << "cannot start " << argv[0];
        for (auto end = Clock::now() + 10s; Clock::now() < end; std::this_thread::sleep_for(10ms))
            if (answers()) return;
        FAIL() << "redis-server did not answer within 10 s; its log: " << dir_ / "redis.log";
    }
    // SIGSTOP, SIGCONT: a Redis that stops answering while its sockets stay open, and goes on.
    void pause() { ::kill(pid_, SIGSTOP); }
    void resume() { ::kill(pid_, SIGCONT); }
    void kill() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
        pid_ = 0;
    }

  private:
    bool answers() const {
        redisContext* c  = redisConnectUnix(socket().c_str());
        bool          ok = false;
        if (c && !c->err) {
            auto* reply = static_cast<redisReply*>(redisCommand(c, "PING"));
            ok          = reply && reply->type == REDIS_REPLY_STATUS;
            freeReplyObject(reply);
        }
        redisFree(c);
        return ok;
    }

    fs::path dir_;
    int      tcp_port_;
    pid_t    pid_ = 0;
};

// Short timeouts, so that faults show within a second.
RedisBusOptions quick() {
    RedisBusOptions o;
    o.connect_timeout = 1000ms;
    o.command_timeout = 1000ms;
    o.heartbeat       = 100ms;
    o.retry_first     = 20ms;
    o.retry_last      = 200ms;
    return o;
}

// What handlers told the test (from the buses' strands), for the test's thread to wait on.
class Recorder {
  public:
    void add(std::string item) {
        std::lock_guard lock(mutex_);
        items_.push_back(std::move(item));
        changed_.notify_all();
    }
    // Waits (at most `limit`) until `count` items came; the items then.
    std::vector<std::string> wait_for(size_t count, Clock::duration limit = 10s) {
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, limit, [&] { return items_.size() >= count; });
        return items_;
    }
    // Waits (at most `limit`) for an item equal to `item`, or beginning with it and ':'.
    bool wait_for_item(const std::string& item, Clock::duration limit = 10s) {
        std::unique_lock lock(mutex_);
        return changed_.wait_for(lock, limit, [&] {
            return std::any_of(items_.begin(), items_.end(),
                [&](const std::string& i) { return i == item || i.starts_with(item + ":"); });
        });
    }
    std::vector<std::string> items() {
        std::lock_guard lock(mutex_);
        return items_;
    }

  private:
    std::mutex               mutex_;
    std::condition_variable  changed_;
    std::vector<std::string> items_;
};

// A bus on an io_context of its own, run by `threads` threads from start() until it goes. Its
// link's reports go to `link` ("up", "down:why").
struct BusRunner {
    net::io_context                                          io;
    net::executor_work_guard<net::io_context::executor_type> work = net::make_work_guard(io);
    RedisBus                                                 bus;
    Recorder                                                 link;
    std::vector<std::thread>                                 threads;
    int                                                      thread_count;

    explicit BusRunner(const std::string& address, RedisBusOptions options = quick(), int n = 1)
        : bus(io, parse_redis_address(address).value(), options)
        , thread_count(n) {
        bus.watch([this](const BusLink& l) { link.add(l.up ? "up" : "down:" + l.why); });
    }
    void start() {
        bus.start();
        for (int i = 0; i < thread_count; ++i) threads.emplace_back([this] { io.run(); });
    }
    ~BusRunner() {
        work.reset();
        io.stop();
        for (auto& t : threads) t.join();
    }
    // How many times the link was reported up so far.
    long ups() {
        auto items = link.items();
        return std::count(items.begin(), items.end(), "up");
    }
    // Waits (at most 10 s) until the link was reported up `n` times.
    bool wait_up(long n = 1) {
        for (auto end = Clock::now() + 10s; Clock::now() < end; std::this_thread::sleep_for(5ms))
            if (ups() >= n) return true;
        return false;
    }
    // Publishes and waits for the outcome.
    Published publish_now(const std::string& channel, const std::string& payload) {
        std::promise<Published> outcome;
        bus.publish(channel, payload, [&](const Published& p) { outcome.set_value(p); });
        return outcome.get_future().get();
    }
};

// Why the link first went down ("" if it did not within `limit`).
std::string first_down(Recorder& link, Clock::duration limit = 10s) {
    if (!link.wait_for_item("down", limit)) return "";
    for (const auto& item : link.items())
        if (item.starts_with("down:")) return item.substr(5);
    return "";
}

#define REQUIRE_REDIS_SERVER()                                                                     \
    if (redis_server_binary().empty())                                                             \
    GTEST_SKIP() << "no redis-server on the PATH: install it (scripts/deps) or name it in "        \
                    "CITADEL_REDIS_SERVER"

// ---- Addresses ----------------------------------------------------------------------------------

TEST(RedisBusAddress, ReadsTcpAndUnixAddresses) {
    auto tcp = parse_redis_address("redis://127.0.0.1:6379");
    ASSERT_TRUE(tcp) << tcp.error();
    EXPECT_EQ(tcp->host, "127.0.0.1");
    EXPECT_EQ(tcp->port, 6379);
    EXPECT_EQ(tcp->socket_path, "");
    EXPECT_EQ(tcp->text, "redis://127.0.0.1:6379");
    auto named = parse_redis_address("redis://cache-1.example.net:1");
    ASSERT_TRUE(named) << named.error();
    EXPECT_EQ(named->host, "cache-1.example.net");
    EXPECT_EQ(named->port, 1);
    auto v6 = parse_redis_address("redis://[::1]:65535");
    ASSERT_TRUE(v6) << v6.error();
    EXPECT_EQ(v6->host, "::1");
    EXPECT_EQ(v6->port, 65535);
    auto unix = parse_redis_address("redis:///run/redis/redis-server.sock");
    ASSERT_TRUE(unix) << unix.error();
    EXPECT_EQ(unix->socket_path, "/run/redis/redis-server.sock");
    EXPECT_EQ(unix->host, "");
}

TEST(RedisBusAddress, RefusesMalformedAddressesNamingTheFault) {
    const std::string                         long_path = "redis:///" + std::string(200, 's');
    const std::string                         long_host = "redis://" + std::string(300, 'a') + ":1";
    const std::pair<std::string, std::string> cases[]   = {
          { "", "must begin with redis://" },
          { "http://h:1", "must begin with redis://" },
          { "REDIS://h:1", "must begin with redis://" },
          { "unix:/tmp/redis.sock", "must begin with redis://" },
          { "rediss://h:6379", "TLS" },
          { "redis://", "the host is missing" },
          { "redis://:6379", "the host is missing" },
          { "redis://::1:6379", "the host is missing" },
          { "redis://h", "the port is missing" },
          { "redis://h/0", "the port is missing" },
          { "redis://[::1]", "the port is missing" },
          { "redis://h:", "from 1 to 65535" },
          { "redis://h:0", "from 1 to 65535" },
          { "redis://h:65536", "from 1 to 65535" },
          { "redis://h:+80", "from 1 to 65535" },
          { "redis://h:-1", "from 1 to 65535" },
          { "redis://h:80x", "from 1 to 65535" },
          { "redis://h:99999999999999999999999", "from 1 to 65535" },
          { "redis://h:6379/0", "nothing may follow the port" },
          { "redis://user:secret@h:6379", "credentials" },
          { "redis://h:6379?db=1", "query or fragment" },
          { "redis://h:6379#top", "query or fragment" },
          { "redis://h_1:6379", "only letters, digits" },
          { "redis://h ost:6379", "only letters, digits" },
          { "redis://\xc3\xa9t\xc3\xa9.example:6379", "only letters, digits" },
          { "redis://a..b:1", "empty part" },
          { "redis://.a:1", "empty part" },
          { long_host, "more than 253" },
          { "redis://999.1.1.1:1", "not an IPv4 address" },
          { "redis://1.2.3:1", "not an IPv4 address" },
          { "redis://[::1:1", "no ']'" },
          { "redis://[zz::1]:1", "in brackets is not an IPv6 address" },
          { "redis://[::1]x:1", "followed by :port" },
          { "redis:///", "path is missing" },
          { long_path, "at most 107 fit" },
          { "redis:///tmp/folder/", "ends with '/'" },
          { "redis:///tmp/redis.sock?x=1", "query or fragment" },
          { "redis://h:1\n", "control character" },
          { std::string("redis://h:1\0:2", 14), "control character" },
          { "redis://h\x1b[31m:1", "control character" },
    };
    for (const auto& [text, fault] : cases) {
        auto parsed = parse_redis_address(text);
        ASSERT_FALSE(parsed) << "accepted: " << text;
        EXPECT_NE(parsed.error().find(fault), std::string::npos)
            << text << " -> " << parsed.error() << " (expected: " << fault << ")";
    }
}

// ---- Faults, without Redis ----------------------------------------------------------------------

TEST(RedisBusFaults, ARefusedConnectionIsReportedAndTriedAgain) {
    TempDir   dir;
    TcpPort   closed;
    BusRunner missing_socket("redis://" + (dir.path / "no-such.sock").string());
    BusRunner refused_port("redis://127.0.0.1:" + std::to_string(closed.port));
    missing_socket.start();
    refused_port.start();
    EXPECT_EQ(first_down(missing_socket.link), "No such file or directory");
    EXPECT_EQ(first_down(refused_port.link), "Connection refused");
    Published published = missing_socket.publish_now("c", "lost?");
    EXPECT_EQ(published.outcome, Published::not_sent);
    EXPECT_NE(published.why.find("the link to Redis is down: No such file"), std::string::npos)
        << published.why;
    // It keeps trying, and says so each time.
    EXPECT_GE(refused_port.link.wait_for(3).size(), 3u);
    EXPECT_EQ(refused_port.ups(), 0);
}

// A server on a Unix socket that reads commands as Redis does and answers each with
// answer(its words), which may be anything at all ("" answers nothing).
class FakeRedis {
  public:
    using Answer = std::function<std::string(const std::vector<std::string>& command)>;

    FakeRedis(const fs::path& socket, Answer answer)
        : answer_(std::move(answer)) {
        listener_ = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        std::strncpy(address.sun_path, socket.c_str(), sizeof address.sun_path - 1);
        ::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address);
        ::listen(listener_, 8);
        acceptor_ = std::thread([this] { accept(); });
    }
    ~FakeRedis() {
        ::shutdown(listener_, SHUT_RDWR);
        acceptor_.join();
        {
            std::lock_guard lock(mutex_);
            for (int fd : connections_) ::shutdown(fd, SHUT_RDWR);
        }
        for (auto& t : serving_) t.join();
        for (int fd : connections_) ::close(fd);
        ::close(listener_);
    }

  private:
    void accept() {
        for (int fd; (fd = ::accept(listener_, nullptr, nullptr)) >= 0;) {
            std::lock_guard lock(mutex_);
            connections_.push_back(fd);
            serving_.emplace_back([this, fd] { serve(fd); });
        }
    }
    // Reads RESP commands (arrays of bulk strings) and answers each.
    void serve(int fd) {
        std::string buffer;
        char        chunk[4096];
        for (ssize_t n; (n = ::read(fd, chunk, sizeof chunk)) > 0;) {
            buffer.append(chunk, size_t(n));
            while (auto command = take_command(buffer)) {
                const std::string reply = answer_(*command);
                ::send(fd, reply.data(), reply.size(), MSG_NOSIGNAL);
            }
        }
    }
    // The words of the whole command at the front of `buffer`, taken off it.
    static std::optional<std::vector<std::string>> take_command(std::string& buffer) {
        size_t at   = 0;
        auto   line = [&]() -> std::optional<std::string> {
            const size_t end = buffer.find("\r\n", at);
            if (end == std::string::npos) return std::nullopt;
            std::string text = buffer.substr(at, end - at);
            at               = end + 2;
            return text;
        };
        auto count = line();
        if (!count || count->empty() || (*count)[0] != '*') return std::nullopt;
        std::vector<std::string> words;
        for (int i = 0, n = std::stoi(count->substr(1)); i < n; ++i) {
            auto length = line();
            if (!length) return std::nullopt;
            const size_t size = std::stoul(length->substr(1));
            if (buffer.size() < at + size + 2) return std::nullopt;
            words.push_back(buffer.substr(at, size));
            at += size + 2;
        }
        buffer.erase(0, at);
        return words;
    }

    Answer                   answer_;
    int                      listener_ = -1;
    std::thread              acceptor_;
    std::mutex               mutex_;
    std::vector<int>         connections_;
    std::vector<std::thread> serving_;
};

TEST(RedisBusFaults, GarbageAnswersBringTheLinkDownNeverTheProcess) {
    struct Case {
        const char* name;
        std::string ping, subscribe; // the answers
        const char* why; // words of the reason the link gives
    };
    const std::string pong    = "+PONG\r\n";
    const Case        cases[] = {
               { "not Redis", "HTTP/1.1 400 Bad Request\r\n\r\n", "", "Protocol error" },
               { "an array for PING", "*1\r\n$4\r\nPONG\r\n", "", "answered a command with an array" },
               // The publisher hears "a reply to no command", the subscriber (subscribing by then)
               // "a reply that is not a pub/sub message": whichever comes first.
               { "two answers to one PING", pong + pong, "", "Redis sent a reply" },
               { "PING answered OK", "+OK\r\n", "", "answered PING with 'OK'" },
               { "PING answered nil", "$-1\r\n", "", "answered PING with nil" },
               { "PING refused", "-NOAUTH Authentication required.\r\n", "",
                   "the error 'NOAUTH Authentication required.'" },
               { "a message of one part", pong, "*1\r\n$3\r\nfoo\r\n", "not a pub/sub message" },
               { "no array at all", pong, ":7\r\n", "not a pub/sub message" },
               { "a kind that is a number", pong, "*3\r\n:1\r\n$1\r\nc\r\n:1\r\n", "unknown kind" },
               { "an unknown kind", pong, "*3\r\n$4\r\npong\r\n$1\r\nc\r\n:1\r\n", "unknown kind" },
               { "a channel that is a number", pong, "*3\r\n$9\r\nsubscribe\r\n:1\r\n:1\r\n",
                   "without a channel" },
               { "an unsubscribe without a count", pong,
                   "*3\r\n$11\r\nunsubscribe\r\n$1\r\nc\r\n$1\r\nx\r\n", "not a count" },
               { "a message without a payload", pong, "*3\r\n$7\r\nmessage\r\n$1\r\nc\r\n:5\r\n",
                   "not a string" },
               { "a nested array", pong, "*3\r\n$7\r\nmessage\r\n*1\r\n:1\r\n$1\r\nx\r\n",
                   "nested array" },
               { "SUBSCRIBE refused", pong, "-NOPERM no permissions\x07\r\n",
                   "Redis refused: NOPERM no permissions?" },
               { "a reply too long", "$100000000\r\n" + std::string(2 << 20, 'x'), "",
                   "a reply longer than" },
               { "silence", "", "", "no answer within 300 ms" },
    };
    TempDir dir;
    int     n = 0;
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        const fs::path  socket = dir.path / ("fake-" + std::to_string(n++) + ".sock");
        FakeRedis       fake(socket, [&](const std::vector<std::string>& command) {
            return command[0] == "PING" ? c.ping : command[0] == "SUBSCRIBE" ? c.subscribe : "";
        });
        RedisBusOptions options = quick();
        options.max_payload     = 1 << 20;
        options.connect_timeout = 300ms;
        BusRunner bus("redis://" + socket.string(), options);
        bus.start();
        const std::string why = first_down(bus.link);
        EXPECT_NE(why.find(c.why), std::string::npos) << "the link said: " << why;
        EXPECT_EQ(bus.ups(), 0);
    }
}

TEST(RedisBusFaults, ASubscriberThatHearsNothingIsNoticed) {
    TempDir   dir;
    FakeRedis deaf(dir.path / "deaf.sock", [](const std::vector<std::string>& command) {
        // Answers every command as Redis does, but delivers no message.
        if (command[0] == "PING") return std::string("+PONG\r\n");
        if (command[0] == "PUBLISH") return std::string(":1\r\n");
        const std::string& channel = command[1];
        return "*3\r\n$9\r\nsubscribe\r\n$" + std::to_string(channel.size()) + "\r\n" + channel
            + "\r\n:1\r\n";
    });
    BusRunner bus("redis://" + (dir.path / "deaf.sock").string());
    bus.start();
    ASSERT_TRUE(bus.wait_up());
    const auto up = Clock::now();
    EXPECT_EQ(first_down(bus.link), "the subscriber heard nothing for 1100 ms");
    EXPECT_LT(Clock::now() - up, 3s);
}

// ---- Against a private redis-server -------------------------------------------------------------

// A private Redis, a bus that publishes and a bus subscribed to `channel`, both started: the
// messages in `got`, each time the subscription became active in `active`.
struct PublisherAndSubscriber {
    TempDir     dir;
    RedisServer redis{ dir.path };
    Recorder    got, active; // before the buses, whose threads add to them until they go
    BusRunner   publisher, subscriber;

    explicit PublisherAndSubscriber(const std::string& channel, RedisBusOptions options = quick(),
        int publisher_threads = 1, int subscriber_threads = 1)
        : publisher(redis.address(), options, publisher_threads)
        , subscriber(redis.address(), options, subscriber_threads) {
        subscriber.bus.subscribe(
            channel, [this](std::string p) { got.add(std::move(p)); },
            [this] { active.add("active"); });
        publisher.start();
        subscriber.start();
    }
    // Whether, within 10 s, both links came up and the subscription became active.
    bool ready() {
        return active.wait_for_item("active") && publisher.wait_up() && subscriber.wait_up();
    }
};

TEST(RedisBusWithRedis, EverySubscriberGetsAThousandMessagesInPublishOrder) {
    REQUIRE_REDIS_SERVER();
    PublisherAndSubscriber pair("citadel:g:1", quick(), 2);
    Recorder               got_second, outcomes;
    BusRunner              second(pair.redis.address());
    second.bus.subscribe("citadel:g:1", [&](std::string p) { got_second.add(p); });
    second.start();
    ASSERT_TRUE(pair.ready());
    ASSERT_TRUE(second.wait_up());
    for (int i = 0; i < 1000; ++i)
        pair.publisher.bus.publish("citadel:g:1", std::to_string(i), [&](const Published& p) {
            outcomes.add(p.outcome == Published::sent ? std::to_string(p.receivers) : p.why);
        });
    const auto first_got = pair.got.wait_for(1000), second_got = got_second.wait_for(1000);
    ASSERT_EQ(first_got.size(), 1000u);
    ASSERT_EQ(second_got.size(), 1000u);
    for (int i = 0; i < 1000; ++i) {
        ASSERT_EQ(first_got[i], std::to_string(i));
        ASSERT_EQ(second_got[i], std::to_string(i));
    }
    const auto told = outcomes.wait_for(1000);
    EXPECT_EQ(std::count(told.begin(), told.end(), "2"), 1000) << "each sent to both";
}

TEST(RedisBusWithRedis, MessagesFromManyThreadsKeepEachThreadsOrder) {
    REQUIRE_REDIS_SERVER();
    PublisherAndSubscriber pair("c", quick(), 3, 2);
    ASSERT_TRUE(pair.ready());
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < 250; ++i)
                pair.publisher.bus.publish("c", std::to_string(t) + ":" + std::to_string(i));
        });
    for (auto& thread : threads) thread.join();
    const auto all = pair.got.wait_for(1000);
    ASSERT_EQ(all.size(), 1000u);
    int next[4] = {};
    for (const auto& message : all) {
        const int thread = message[0] - '0';
        ASSERT_EQ(message.substr(2), std::to_string(next[thread]++)) << "thread " << thread;
    }
}

TEST(RedisBusWithRedis, UnsubscribingStopsMessagesAndSubscribingAgainResumesThem) {
    REQUIRE_REDIS_SERVER();
    PublisherAndSubscriber pair("b");
    auto&                  bus = pair.subscriber.bus;
    bus.subscribe(
        "a", [&](std::string p) { pair.got.add("a=" + p); }, [&] { pair.active.add("a"); });
    ASSERT_TRUE(pair.ready());
    ASSERT_TRUE(pair.active.wait_for_item("a"));
    bus.unsubscribe("a");
    pair.publisher.bus.publish("a", "1");
    pair.publisher.bus.publish("b", "2");
    ASSERT_TRUE(pair.got.wait_for_item("2"));
    EXPECT_EQ(pair.got.items(), std::vector<std::string>{ "2" });
    bus.subscribe(
        "a", [&](std::string p) { pair.got.add("a=" + p); }, [&] { pair.active.add("a again"); });
    ASSERT_TRUE(pair.active.wait_for_item("a again"));
    EXPECT_EQ(pair.publisher.publish_now("a", "3").receivers, 1);
    ASSERT_TRUE(pair.got.wait_for_item("a=3"));
    EXPECT_EQ(pair.got.items(), (std::vector<std::string>{ "2", "a=3" }));
}

TEST(RedisBusWithRedis, CarriesLargePayloadsOfAnyBytes) {
    REQUIRE_REDIS_SERVER();
    RedisBusOptions options = quick();
    options.max_payload     = 128 << 10;
    PublisherAndSubscriber pair("big", options);
    ASSERT_TRUE(pair.ready());
    std::vector<std::string> sent;
    for (int k = 0; k < 3; ++k) {
        std::string payload(64 << 10, '\0'); // every byte value, "\r\n" and NUL among them
        for (size_t i = 0; i < payload.size(); ++i) payload[i] = char((i * 7 + size_t(k)) % 256);
        sent.push_back(payload);
        EXPECT_EQ(pair.publisher.publish_now("big", payload).outcome, Published::sent);
    }
    EXPECT_EQ(pair.got.wait_for(3), sent);
    const Published too_large
        = pair.publisher.publish_now("big", std::string((128 << 10) + 1, 'x'));
    EXPECT_EQ(too_large.outcome, Published::not_sent);
    EXPECT_NE(too_large.why.find("may have up to 131072 bytes"), std::string::npos)
        << too_large.why;
}

TEST(RedisBusWithRedis, WorksOverTcpByAddressAndByName) {
    REQUIRE_REDIS_SERVER();
    TempDir     dir;
    TcpPort     free_port;
    const int   port = free_port.released();
    RedisServer redis(dir.path, port);
    Recorder    got;
    BusRunner   by_address("redis://127.0.0.1:" + std::to_string(port)),
        by_name("redis://localhost:" + std::to_string(port));
    by_name.bus.subscribe("t", [&](std::string p) { got.add(p); });
    by_address.start();
    by_name.start();
    ASSERT_TRUE(by_address.wait_up());
    ASSERT_TRUE(by_name.wait_up()); // up: its subscription is active
    EXPECT_EQ(by_address.publish_now("t", "over tcp").receivers, 1);
    EXPECT_EQ(got.wait_for(1), std::vector<std::string>{ "over tcp" });
}

TEST(RedisBusWithRedis, ComesBackAfterRedisIsKilledAndRestarted) {
    REQUIRE_REDIS_SERVER();
    Recorder               outcomes;
    PublisherAndSubscriber pair("g");
    ASSERT_TRUE(pair.ready());
    EXPECT_EQ(pair.publisher.publish_now("g", "before").outcome, Published::sent);
    ASSERT_TRUE(pair.got.wait_for_item("before"));

    // A burst still in flight when Redis dies: every publish hears what became of it.
    for (int i = 0; i < 1000; ++i)
        pair.publisher.bus.publish("burst", std::string(1000, 'b'),
            [&](const Published& p) { outcomes.add(std::to_string(p.outcome)); });
    const auto killed = Clock::now();
    pair.redis.kill();
    EXPECT_EQ(outcomes.wait_for(1000).size(), 1000u);
    ASSERT_TRUE(pair.subscriber.link.wait_for_item("down"));
    ASSERT_TRUE(pair.publisher.link.wait_for_item("down"));
    const auto lost_ms
        = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - killed);
    const Published meanwhile = pair.publisher.publish_now("g", "lost");
    EXPECT_EQ(meanwhile.outcome, Published::not_sent);
    EXPECT_NE(meanwhile.why.find("the link to Redis is down"), std::string::npos) << meanwhile.why;

    const auto restarted = Clock::now();
    pair.redis.start();
    ASSERT_TRUE(pair.subscriber.wait_up(2)) << "the subscriber's link came back";
    ASSERT_TRUE(pair.publisher.wait_up(2)) << "the publisher's link came back";
    const auto back_ms
        = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - restarted);
    EXPECT_EQ(pair.active.items().size(), 2u) << "the subscription became active again";
    EXPECT_EQ(pair.publisher.publish_now("g", "after").receivers, 1);
    ASSERT_TRUE(pair.got.wait_for_item("after"));
    EXPECT_EQ(pair.got.items(), (std::vector<std::string>{ "before", "after" }));
    std::cout << "[          ] lost " << lost_ms.count() << " ms after the kill; up again "
              << back_ms.count() << " ms after the restart began\n";
    EXPECT_LT(lost_ms, 2s);
    EXPECT_LT(back_ms, 5s);
}

TEST(RedisBusWithRedis, AStalledRedisBringsTheLinkDownAndBackWhenItAnswersAgain) {
    REQUIRE_REDIS_SERVER();
    PublisherAndSubscriber pair("g");
    ASSERT_TRUE(pair.ready());
    const auto paused = Clock::now();
    pair.redis.pause();
    // Each bus's heartbeat goes unanswered (and would not come back).
    for (auto* runner : { &pair.publisher, &pair.subscriber }) {
        const std::string why = first_down(runner->link);
        EXPECT_NE(why.find("Redis did not answer within 1000 ms"), std::string::npos) << why;
    }
    EXPECT_LT(Clock::now() - paused, 3s);
    EXPECT_EQ(pair.publisher.publish_now("g", "lost").outcome, Published::not_sent);

    pair.redis.resume();
    ASSERT_TRUE(pair.subscriber.wait_up(2));
    ASSERT_TRUE(pair.publisher.wait_up(2));
    EXPECT_EQ(pair.active.items().size(), 2u);
    EXPECT_EQ(pair.publisher.publish_now("g", "after").receivers, 1);
    EXPECT_EQ(pair.got.wait_for(1), std::vector<std::string>{ "after" });
}

} // namespace
} // namespace citadel::server
