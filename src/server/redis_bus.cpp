#include "server/redis_bus.h"

#include <arpa/inet.h>
#include <hiredis/async.h>
#include <hiredis/hiredis.h>
#include <signal.h>
#include <sys/un.h>

#include <algorithm>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <cstring>
#include <functional>
#include <optional>
#include <random>
#include <unordered_map>
#include <vector>

#include "server/secrets.h"

namespace citadel::server {

namespace net = boost::asio;
using Clock   = std::chrono::steady_clock;
using Strand  = net::strand<net::io_context::executor_type>;

// ---- Addresses ----------------------------------------------------------------------------------

namespace {

constexpr std::string_view kScheme = "redis://";
constexpr std::string_view kForms  = "redis://host:port or redis:///path/to/redis.sock";

bool is_ascii_alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Why `host` is no host name or IPv4 address, or "" if it is one.
std::string host_fault(std::string_view host) {
    if (host.size() > 253) return "the host has more than 253 characters";
    bool numeric = true;
    for (char c : host) {
        if (!is_ascii_alnum(c) && c != '-' && c != '.')
            return "the host may have only letters, digits, '-' and '.' (an IPv6 address goes "
                   "in brackets)";
        numeric = numeric && (c == '.' || (c >= '0' && c <= '9'));
    }
    if (host.front() == '.' || host.back() == '.' || host.find("..") != std::string_view::npos)
        return "the host has an empty part between dots";
    in_addr ignored;
    if (numeric && inet_pton(AF_INET, std::string(host).c_str(), &ignored) != 1)
        return "the host '" + std::string(host) + "' is not an IPv4 address";
    return "";
}

} // namespace

Result<RedisAddress, std::string> parse_redis_address(std::string_view text) {
    for (unsigned char c : text)
        if (c < 0x20 || c == 0x7f) return std::string("the address has a control character");
    if (!text.starts_with(kScheme)) {
        if (text.starts_with("rediss://"))
            return std::string("rediss:// (TLS) is not supported: hiredis 0.14 has no TLS");
        return "the address must begin with redis:// (" + std::string(kForms) + ")";
    }
    std::string_view rest = text.substr(kScheme.size());
    if (rest.find_first_of("?#") != std::string_view::npos)
        return std::string("a query or fragment ('?', '#') is not supported");
    RedisAddress address;
    address.text = std::string(text);
    if (rest.starts_with('/')) { // redis:///path: no host, an absolute path
        if (rest == "/") return std::string("the Unix socket's path is missing");
        if (rest.size() > sizeof(sockaddr_un::sun_path) - 1)
            return "the Unix socket's path has " + std::to_string(rest.size()) + " bytes; at most "
                + std::to_string(sizeof(sockaddr_un::sun_path) - 1) + " fit";
        if (rest.back() == '/') return std::string("the Unix socket's path ends with '/'");
        address.socket_path = std::string(rest);
        return address;
    }
    if (rest.find('@') != std::string_view::npos)
        return std::string("credentials (user:password@) are not supported");
    size_t port_at = 0;
    if (rest.starts_with('[')) { // an IPv6 address
        const size_t close = rest.find(']');
        if (close == std::string_view::npos) return std::string("the IPv6 address has no ']'");
        address.host = std::string(rest.substr(1, close - 1));
        in6_addr ignored;
        if (inet_pton(AF_INET6, address.host.c_str(), &ignored) != 1)
            return std::string("the address in brackets is not an IPv6 address");
        port_at = close + 1;
    } else {
        port_at      = std::min(rest.find_first_of(":/"), rest.size());
        address.host = std::string(rest.substr(0, port_at));
        if (address.host.empty()) return "the host is missing (" + std::string(kForms) + ")";
        if (auto fault = host_fault(address.host); !fault.empty()) return fault;
    }
    rest = rest.substr(port_at);
    if (rest.empty() || rest.front() == '/')
        return "the port is missing (" + std::string(kForms) + ")";
    if (rest.front() != ':') return std::string("the IPv6 address must be followed by :port");
    const std::string_view port = rest.substr(1, rest.find('/') - 1);
    if (port.size() + 1 < rest.size())
        return std::string("nothing may follow the port (a database number means nothing to "
                           "pub/sub)");
    const bool digits = !port.empty() && port.size() <= 5
        && std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; });
    address.port = digits ? std::stoi(std::string(port)) : 0;
    if (address.port < 1 || address.port > 65535)
        return std::string("the port must be a number from 1 to 65535");
    return address;
}

// ---- One connection -----------------------------------------------------------------------------

namespace {

// Text from the server as a message may quote it: at most 200 bytes, control characters as '?'.
std::string printable(const char* text, size_t length) {
    std::string out(text, std::min<size_t>(length, 200));
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    return out;
}

// A reply as a message names it.
std::string describe(const redisReply& reply) {
    switch (reply.type) {
    case REDIS_REPLY_ERROR:
        return "the error '" + printable(reply.str, reply.len) + "'";
    case REDIS_REPLY_STATUS:
        return "'" + printable(reply.str, reply.len) + "'";
    case REDIS_REPLY_INTEGER:
        return "the number " + std::to_string(reply.integer);
    case REDIS_REPLY_NIL:
        return "nil";
    case REDIS_REPLY_STRING:
        return "a string";
    default:
        return "an array";
    }
}

std::string in_ms(std::chrono::milliseconds t) { return std::to_string(t.count()) + " ms"; }

// hiredis 0.14 writes with write(2), which raises SIGPIPE when Redis has gone, and SIGPIPE ends
// the process. The signal is held back on this thread for the write, and one it raised is taken
// away, so hiredis sees EPIPE instead; the process's own handling of SIGPIPE stays as it was.
void write_without_sigpipe(redisAsyncContext* context) {
    sigset_t pipe, before, pending;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, &before);
    sigpending(&pending);
    const bool was_pending = sigismember(&pending, SIGPIPE);
    redisAsyncHandleWrite(context);
    const timespec no_wait{};
    if (!was_pending)
        while (sigtimedwait(&pipe, nullptr, &no_wait) == SIGPIPE) { }
    pthread_sigmask(SIG_SETMASK, &before, nullptr);
}

// One hiredis asynchronous context, its socket watched by Asio on the link's strand. hiredis asks
// for reads and writes through its ev hooks and closes the socket itself, so the descriptor only
// waits, and lets go of the socket (release) in the cleanup hook, before hiredis closes it.
class RedisConnection : public std::enable_shared_from_this<RedisConnection> {
  public:
    using GoneHandler = std::function<void(const std::string& why)>;

    // `on_gone` runs once, when hiredis frees the context (after the callbacks of the commands
    // still unanswered, each given no reply), with why.
    RedisConnection(Strand strand, size_t max_unread, GoneHandler on_gone)
        : socket_(strand)
        , max_unread_(max_unread)
        , on_gone_(std::move(on_gone)) { }
    ~RedisConnection() { close(); }
    RedisConnection(const RedisConnection&)            = delete;
    RedisConnection& operator=(const RedisConnection&) = delete;

    // Begins connecting to `ip`:`port`, or to `socket_path` when it is not empty; why not, when
    // hiredis cannot even begin (a refused connection, a missing socket).
    std::optional<std::string> open(
        const std::string& ip, int port, const std::string& socket_path) {
        redisAsyncContext* context = socket_path.empty()
            ? redisAsyncConnect(ip.c_str(), port)
            : redisAsyncConnectUnix(socket_path.c_str());
        if (!context) return "out of memory";
        if (context->err) {
            std::string why = context->errstr;
            redisAsyncFree(context);
            return why;
        }
        boost::system::error_code ec;
        socket_.assign(context->c.fd, ec);
        if (ec) {
            redisAsyncFree(context);
            return "cannot watch the socket: " + ec.message();
        }
        context_               = context;
        auto& ev               = context_->ev;
        ev.data                = this;
        ev.addRead             = [](void* self) { of(self).wait(of(self).read_, kRead); };
        ev.delRead             = [](void* self) { of(self).read_.wanted = false; };
        ev.addWrite            = [](void* self) { of(self).wait(of(self).write_, kWrite); };
        ev.delWrite            = [](void* self) { of(self).write_.wanted = false; };
        ev.cleanup             = [](void* self) { of(self).cleaned_up(); };
        hiredis_reply_         = context_->c.reader->fn;
        checked_reply_         = { &create_string, &create_array, &create_integer, &create_nil,
                    hiredis_reply_->freeObject };
        context_->c.reader->fn = &checked_reply_;
        context_->c.reader->privdata = this;
        return std::nullopt;
    }

    // Sends a command (arguments binary-safe); `answered` gets its reply, or null if the
    // connection goes first. False if hiredis takes no more commands (it is closing).
    bool send(
        std::initializer_list<std::string_view> arguments, redisCallbackFn* answered, void* data) {
        std::vector<const char*> texts;
        std::vector<size_t>      lengths;
        for (std::string_view a : arguments) texts.push_back(a.data()), lengths.push_back(a.size());
        return context_
            && redisAsyncCommandArgv(
                   context_, answered, data, int(texts.size()), texts.data(), lengths.data())
            == REDIS_OK;
    }

    // Frees the context: at once, or, from inside one of its callbacks, when that returns.
    void close() {
        if (context_) redisAsyncFree(context_);
    }

  private:
    static constexpr auto kRead  = net::posix::descriptor_base::wait_read;
    static constexpr auto kWrite = net::posix::descriptor_base::wait_write;

    // What hiredis asked for in one direction, and whether a wait for it is pending.
    struct Interest {
        bool wanted = false, waiting = false;
    };

    static RedisConnection& of(void* self) { return *static_cast<RedisConnection*>(self); }

    void wait(Interest& interest, net::posix::descriptor_base::wait_type type) {
        interest.wanted = true;
        if (interest.waiting) return;
        interest.waiting = true;
        socket_.async_wait(type,
            [self = shared_from_this(), &interest, type](const boost::system::error_code& ec) {
                interest.waiting = false;
                if (!self->context_ || !interest.wanted) return; // freed, or no longer asked
                if (ec) return self->refuse("cannot watch the socket: " + ec.message());
                if (type == kWrite) return write_without_sigpipe(self->context_);
                redisAsyncHandleRead(self->context_);
                const redisReader* reader = self->context_ ? self->context_->c.reader : nullptr;
                if (reader && reader->len - reader->pos > self->max_unread_)
                    self->refuse("Redis sent a reply longer than "
                        + std::to_string(self->max_unread_) + " bytes");
            });
    }

    void refuse(std::string why) {
        if (refused_.empty()) refused_ = std::move(why);
        close();
    }

    void cleaned_up() {
        std::string why = refused_;
        if (why.empty())
            why = context_->err ? printable(context_->errstr, strlen(context_->errstr)) : "closed";
        context_     = nullptr;
        read_.wanted = write_.wanted = false;
        socket_.release();
        on_gone_(why);
    }

    // hiredis 0.14 asserts on a pub/sub reply of the wrong shape and on a reply to no command;
    // its reply constructors run behind this check, which refuses such a reply while it is read
    // (a constructor's null is hiredis's "out of memory": it drops the connection, and on_gone
    // says why from refused_).
    static void* create_string(const redisReadTask* task, char* text, size_t length) {
        auto& self = of(task->privdata);
        return self.fits(*task, task->type, std::string_view(text, length))
            ? self.hiredis_reply_->createString(task, text, length)
            : nullptr;
    }
    static void* create_array(const redisReadTask* task, int elements) {
        auto& self = of(task->privdata);
        return self.fits(*task, REDIS_REPLY_ARRAY, {}, elements)
            ? self.hiredis_reply_->createArray(task, elements)
            : nullptr;
    }
    static void* create_integer(const redisReadTask* task, long long value) {
        auto& self = of(task->privdata);
        return self.fits(*task, REDIS_REPLY_INTEGER)
            ? self.hiredis_reply_->createInteger(task, value)
            : nullptr;
    }
    static void* create_nil(const redisReadTask* task) {
        auto& self = of(task->privdata);
        return self.fits(*task, REDIS_REPLY_NIL) ? self.hiredis_reply_->createNil(task) : nullptr;
    }

    bool fits(const redisReadTask& task, int type, std::string_view text = {}, int elements = 0) {
        std::string misfit = misfit_of(task, type, text, elements);
        if (!misfit.empty() && refused_.empty()) refused_ = std::move(misfit);
        return refused_.empty();
    }

    // Why a reply (or a part of one) of this type cannot come from Redis here, or "". The commands
    // sent here answer a single value (PING, PUBLISH); a subscribed connection otherwise gets
    // only [kind, channel, count or payload].
    std::string misfit_of(
        const redisReadTask& task, int type, std::string_view text, int elements) const {
        if (!task.parent) {
            if (context_->replies.head) // an answer is due
                return type == REDIS_REPLY_ARRAY ? "Redis answered a command with an array" : "";
            if (context_->c.flags & REDIS_SUBSCRIBED) {
                if (type == REDIS_REPLY_ERROR)
                    return "Redis refused: " + printable(text.data(), text.size());
                return type == REDIS_REPLY_ARRAY && elements == 3
                    ? ""
                    : "Redis sent a reply that is not a pub/sub message";
            }
            return type == REDIS_REPLY_ERROR ? "" : "Redis sent a reply to no command";
        }
        if (task.parent->parent || type == REDIS_REPLY_ARRAY)
            return "Redis sent a pub/sub message with a nested array";
        if (task.idx == 0)
            return type == REDIS_REPLY_STRING
                    && (text == "message" || text == "subscribe" || text == "unsubscribe")
                ? ""
                : "Redis sent a pub/sub message of an unknown kind";
        if (task.idx == 1)
            return type == REDIS_REPLY_STRING ? ""
                                              : "Redis sent a pub/sub message without a channel";
        const auto& message = *static_cast<const redisReply*>(task.parent->obj);
        const bool  payload = std::string_view(message.element[0]->str) == "message";
        return type == (payload ? REDIS_REPLY_STRING : REDIS_REPLY_INTEGER)
            ? ""
            : "Redis sent a pub/sub message whose third part is not "
                + std::string(payload ? "a string" : "a count");
    }

    net::posix::stream_descriptor socket_;
    size_t                        max_unread_;
    GoneHandler                   on_gone_;
    redisAsyncContext*            context_ = nullptr; // null once hiredis freed it
    Interest                      read_, write_;
    std::string                   refused_; // why a reply was refused
    redisReplyObjectFunctions*    hiredis_reply_ = nullptr;
    redisReplyObjectFunctions     checked_reply_{};
};

// Commands sent on a connection and not answered yet. Redis answers in order, so a connection
// is stalled when answers stop coming for a while that one is due.
struct DueAnswers {
    int               due = 0;
    Clock::time_point since; // the last answer, or the command that made one due

    void asked() {
        if (due++ == 0) since = Clock::now();
    }
    void answered() { --due, since = Clock::now(); }
    bool stalled(Clock::duration limit) const { return due > 0 && Clock::now() - since > limit; }
};

} // namespace

// ---- The link -----------------------------------------------------------------------------------

// The two connections, the subscriptions, the supervision and the reconnection. Every member
// function runs on the strand (RedisBus posts there), except close(), which runs when no thread
// runs the io_context.
class RedisBus::Link : public std::enable_shared_from_this<RedisBus::Link> {
  public:
    Link(net::io_context& io, RedisAddress address, RedisBusOptions options)
        : strand_(net::make_strand(io))
        , address_(std::move(address))
        , options_(options)
        , resolver_(strand_)
        , attempt_timer_(strand_)
        , tick_timer_(strand_)
        , heartbeat_channel_("citadel:bus:heartbeat:" + random_hex(8))
        , retry_(options.retry_first)
        , random_(std::random_device{}()) { }

    const Strand& strand() const { return strand_; }

    void connect() {
        if (state_ == State::closed) return;
        state_               = State::connecting;
        const unsigned tried = ++attempt_;
        attempt_timer_.expires_after(options_.connect_timeout);
        attempt_timer_.async_wait([self = shared_from_this(), tried](auto ec) {
            if (!ec && self->attempt_ == tried && self->state_ == State::connecting)
                self->fail("no answer within " + in_ms(self->options_.connect_timeout));
        });
        if (!address_.socket_path.empty()) return open("", 0);
        resolver_.async_resolve(address_.host, std::to_string(address_.port),
            [self = shared_from_this(), tried](
                auto ec, net::ip::tcp::resolver::results_type found) {
                if (self->attempt_ != tried) return;
                if (ec)
                    return self->fail(
                        "cannot resolve " + self->address_.host + ": " + ec.message());
                // One address an attempt, in turn: "localhost" may name ::1 where Redis listens
                // on 127.0.0.1 only.
                auto at = std::next(found.begin(), long(self->failures_ % found.size()));
                self->open(at->endpoint().address().to_string(), self->address_.port);
            });
    }

    void close() {
        state_ = State::closed;
        ++attempt_;
        subscriptions_.clear();
        watchers_.clear();
        attempt_timer_.cancel();
        drop_connections();
    }

    void publish(std::string channel, std::string payload, PublishHandler done) {
        if (state_ == State::closed) return;
        if (payload.size() > options_.max_payload)
            return tell(done,
                { Published::not_sent, 0,
                    "a message may have up to " + std::to_string(options_.max_payload)
                        + " bytes; this one has " + std::to_string(payload.size()) });
        if (!publisher_ready_)
            return tell(
                done, { Published::not_sent, 0, "the link to Redis is down: " + down_why_ });
        auto pending = std::make_unique<PendingPublish>(PendingPublish{ this, std::move(done) });
        if (!publisher_->send({ "PUBLISH", channel, payload }, &Link::on_published, pending.get()))
            return tell(pending->done, { Published::not_sent, 0, "the connection is closing" });
        pending.release(); // on_published takes it back
        publisher_due_.asked();
    }

    void subscribe(std::string channel, MessageHandler on_message, ActiveHandler on_active) {
        if (state_ == State::closed) return;
        auto [it, added]      = subscriptions_.try_emplace(channel);
        it->second.on_message = std::move(on_message);
        it->second.on_active  = std::move(on_active);
        if (!added && it->second.active && it->second.on_active) it->second.on_active();
        if (added && subscriber_ready_) send_subscribe(channel);
    }

    void unsubscribe(const std::string& channel) {
        if (!subscriptions_.erase(channel) || !subscriber_ready_) return;
        if (subscriber_->send({ "UNSUBSCRIBE", channel }, nullptr, nullptr))
            subscriber_due_.asked(); // answered through the channel's SUBSCRIBE callback
    }

    void watch(LinkWatcher watcher) {
        if (state_ == State::closed) return;
        if (state_ == State::up) watcher({ true, "" });
        watchers_.push_back(std::move(watcher));
    }

  private:
    enum class State { idle, connecting, up, waiting, closed };

    struct Subscription {
        MessageHandler on_message;
        ActiveHandler  on_active;
        bool           active = false; // Redis confirmed it on the present connection
    };

    struct PendingPublish {
        Link*          link;
        PublishHandler done;
    };

    static void tell(const PublishHandler& done, const Published& what) {
        if (done) done(what);
    }

    void tell_watchers(const BusLink& link) {
        for (const auto& watcher : watchers_) watcher(link);
    }

    void open(const std::string& ip, int port) {
        const unsigned tried      = attempt_;
        const size_t   max_unread = options_.max_payload + 65536; // the payload, its framing
        for (auto* connection : { &publisher_, &subscriber_ }) {
            *connection = std::make_shared<RedisConnection>(
                strand_, max_unread, [this, tried](const std::string& why) {
                    if (attempt_ == tried) fail(why);
                });
            if (auto why = (*connection)->open(ip, port, address_.socket_path)) return fail(*why);
        }
        // A PING on each first: whatever listens there must answer as Redis does.
        if (!publisher_->send({ "PING" }, &Link::on_publisher_pong, this)
            || !subscriber_->send({ "PING" }, &Link::on_subscriber_pong, this))
            return fail("the connection is closing");
        publisher_due_.asked();
        subscriber_due_.asked();
    }

    static void on_publisher_pong(redisAsyncContext*, void* reply, void* link) {
        static_cast<Link*>(link)->ponged(static_cast<redisReply*>(reply), false);
    }
    static void on_subscriber_pong(redisAsyncContext*, void* reply, void* link) {
        static_cast<Link*>(link)->ponged(static_cast<redisReply*>(reply), true);
    }

    void ponged(const redisReply* reply, bool subscriber) {
        if (!reply) return; // the connection went; its on_gone says why
        (subscriber ? subscriber_due_ : publisher_due_).answered();
        if (reply->type != REDIS_REPLY_STATUS || std::string_view(reply->str, reply->len) != "PONG")
            return fail("Redis answered PING with " + describe(*reply));
        if (!subscriber) {
            publisher_ready_ = true;
            return become_up();
        }
        subscriber_ready_ = true;
        send_subscribe(heartbeat_channel_);
        for (const auto& [channel, subscription] : subscriptions_) send_subscribe(channel);
    }

    void send_subscribe(const std::string& channel) {
        if (!subscriber_ready_) return; // the link failed meanwhile
        if (!subscriber_->send({ "SUBSCRIBE", channel }, &Link::on_pubsub, this))
            return fail("the connection is closing");
        ++unconfirmed_[channel];
        subscriber_due_.asked();
    }

    // Every reply on the subscribed connection: [kind, channel, count or payload], the shape
    // checked while it was read.
    static void on_pubsub(redisAsyncContext*, void* reply, void* link) {
        if (reply) static_cast<Link*>(link)->pubsub(*static_cast<redisReply*>(reply));
    }

    void pubsub(const redisReply& reply) {
        const std::string_view kind(reply.element[0]->str, reply.element[0]->len);
        const std::string      channel(reply.element[1]->str, reply.element[1]->len);
        if (kind == "message") {
            if (channel == heartbeat_channel_) {
                heard_ = Clock::now();
                return;
            }
            auto it = subscriptions_.find(channel);
            if (it != subscriptions_.end() && it->second.active && it->second.on_message)
                it->second.on_message(std::string(reply.element[2]->str, reply.element[2]->len));
            return;
        }
        subscriber_due_.answered();
        if (kind == "unsubscribe") return;
        auto waiting = unconfirmed_.find(channel);
        if (waiting == unconfirmed_.end() || --waiting->second > 0) return;
        unconfirmed_.erase(waiting);
        auto it = subscriptions_.find(channel);
        if (it != subscriptions_.end() && !it->second.active) {
            it->second.active = true;
            if (it->second.on_active) it->second.on_active();
        }
        become_up();
    }

    static void on_published(redisAsyncContext*, void* reply, void* data) {
        std::unique_ptr<PendingPublish> pending(static_cast<PendingPublish*>(data));
        pending->link->published(static_cast<redisReply*>(reply), pending->done);
    }

    void published(const redisReply* reply, const PublishHandler& done) {
        if (state_ == State::closed) return;
        if (!reply)
            return tell(
                done, { Published::unknown, 0, "the link went down before Redis answered" });
        publisher_due_.answered();
        if (reply->type == REDIS_REPLY_INTEGER)
            return tell(done, { Published::sent, long(reply->integer), "" });
        if (reply->type == REDIS_REPLY_ERROR)
            return tell(done, { Published::not_sent, 0, "Redis refused it: " + describe(*reply) });
        const std::string why = "Redis answered PUBLISH with " + describe(*reply);
        tell(done, { Published::unknown, 0, why });
        fail(why);
    }

    // Up once both connections answered PING and Redis confirmed every subscription.
    void become_up() {
        if (state_ != State::connecting || !publisher_ready_ || !subscriber_ready_
            || !unconfirmed_.empty())
            return;
        state_ = State::up;
        attempt_timer_.cancel();
        retry_    = options_.retry_first;
        failures_ = 0;
        heard_    = Clock::now();
        tick();
        tell_watchers({ true, "" });
    }

    // Every `heartbeat` while up: the connections answer, and the heartbeat comes back.
    void tick() {
        tick_timer_.expires_after(options_.heartbeat);
        tick_timer_.async_wait([self = shared_from_this(), tried = attempt_](auto ec) {
            if (ec || self->attempt_ != tried) return;
            const auto limit = self->options_.command_timeout;
            if (self->publisher_due_.stalled(limit) || self->subscriber_due_.stalled(limit))
                return self->fail("Redis did not answer within " + in_ms(limit));
            const auto deaf = limit + self->options_.heartbeat;
            if (Clock::now() - self->heard_ > deaf)
                return self->fail("the subscriber heard nothing for " + in_ms(deaf));
            self->publish(self->heartbeat_channel_, "", {});
            self->tick();
        });
    }

    // The link is down: drop both connections, tell the watchers, try again after a while.
    void fail(const std::string& why) {
        if (state_ == State::closed || state_ == State::waiting) return;
        ++attempt_;
        ++failures_;
        state_    = State::waiting;
        down_why_ = why;
        drop_connections();
        for (auto& [channel, subscription] : subscriptions_) subscription.active = false;
        const auto wait = std::chrono::milliseconds(
            std::uniform_int_distribution<long>(retry_.count() / 2, retry_.count())(random_));
        retry_ = std::min(retry_ * 2, options_.retry_last);
        attempt_timer_.expires_after(wait);
        attempt_timer_.async_wait([self = shared_from_this(), tried = attempt_](auto ec) {
            if (!ec && self->attempt_ == tried && self->state_ == State::waiting) self->connect();
        });
        tell_watchers({ false, why });
    }

    // Frees both connections; the publishes they still owe hear `unknown`.
    void drop_connections() {
        resolver_.cancel();
        tick_timer_.cancel();
        publisher_ready_ = subscriber_ready_ = false;
        unconfirmed_.clear();
        publisher_due_  = {};
        subscriber_due_ = {};
        for (auto connection : { std::move(publisher_), std::move(subscriber_) })
            if (connection) connection->close();
    }

    Strand                                        strand_;
    RedisAddress                                  address_;
    RedisBusOptions                               options_;
    net::ip::tcp::resolver                        resolver_;
    net::steady_timer                             attempt_timer_; // an attempt's end, or the next
    net::steady_timer                             tick_timer_;
    std::string                                   heartbeat_channel_;
    State                                         state_    = State::idle;
    unsigned                                      attempt_  = 0; // handlers of an older one: stale
    unsigned                                      failures_ = 0; // since the link was last up
    std::chrono::milliseconds                     retry_;
    std::minstd_rand                              random_;
    std::string                                   down_why_ = "not connected yet";
    std::shared_ptr<RedisConnection>              publisher_, subscriber_;
    bool                                          publisher_ready_  = false; // answered PING
    bool                                          subscriber_ready_ = false; // answered PING
    DueAnswers                                    publisher_due_, subscriber_due_;
    std::unordered_map<std::string, int>          unconfirmed_; // SUBSCRIBEs not yet confirmed
    std::unordered_map<std::string, Subscription> subscriptions_;
    Clock::time_point                             heard_; // the heartbeat last came back
    std::vector<LinkWatcher>                      watchers_;
};

// ---- The bus ------------------------------------------------------------------------------------

RedisBus::RedisBus(net::io_context& io, RedisAddress address, RedisBusOptions options)
    : link_(std::make_shared<Link>(io, std::move(address), options)) { }

RedisBus::~RedisBus() { link_->close(); }

void RedisBus::start() {
    net::post(link_->strand(), [link = link_] { link->connect(); });
}

void RedisBus::publish(std::string channel, std::string payload, PublishHandler done) {
    net::post(link_->strand(),
        [link = link_, channel = std::move(channel), payload = std::move(payload),
            done = std::move(done)]() mutable {
            link->publish(std::move(channel), std::move(payload), std::move(done));
        });
}

void RedisBus::subscribe(std::string channel, MessageHandler on_message, ActiveHandler on_active) {
    net::post(link_->strand(),
        [link = link_, channel = std::move(channel), on_message = std::move(on_message),
            on_active = std::move(on_active)]() mutable {
            link->subscribe(std::move(channel), std::move(on_message), std::move(on_active));
        });
}

void RedisBus::unsubscribe(std::string channel) {
    net::post(link_->strand(),
        [link = link_, channel = std::move(channel)] { link->unsubscribe(channel); });
}

void RedisBus::watch(LinkWatcher watcher) {
    net::post(link_->strand(), [link = link_, watcher = std::move(watcher)]() mutable {
        link->watch(std::move(watcher));
    });
}

} // namespace citadel::server
