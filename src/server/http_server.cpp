#include "server/http_server.h"

#include <algorithm>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <charconv>
#include <chrono>
#include <deque>
#include <iostream>
#include <mutex>
#include <unordered_map>

#include "server/rate_limit.h"
#include "server/routes.h"

namespace citadel::server {

namespace beast     = boost::beast;
namespace http      = beast::http;
namespace websocket = beast::websocket;
namespace net       = boost::asio;
using tcp           = net::ip::tcp;

namespace {

constexpr const char* kSecurityPolicy
    = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
      "font-src 'self'; connect-src 'self'; media-src 'self' data:; object-src 'none'; "
      "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

// Headers every answer carries. no-referrer: invitation URLs hold tokens.
template <class Message> void secure(Message& res) {
    res.set(http::field::server, "citadel");
    res.set("Content-Security-Policy", kSecurityPolicy);
    res.set("X-Content-Type-Options", "nosniff");
    res.set("X-Frame-Options", "DENY");
    res.set("Referrer-Policy", "no-referrer");
}

} // namespace

// The open connections, in all and per client address (the acceptor's strand opens them, any
// thread closes them).
struct OpenConnections {
    std::mutex                              mutex;
    size_t                                  total = 0;
    std::unordered_map<std::string, size_t> per_address;
};

namespace {

// The peer's address as text ("" if the socket no longer knows it).
std::string address_of(const tcp::socket& socket) {
    beast::error_code ec;
    auto              endpoint = socket.remote_endpoint(ec);
    return ec ? std::string() : endpoint.address().to_string();
}

// One connection's slot among max_connections (and its client's among
// max_connections_per_address): released when the last holder goes; an HTTP connection hands it
// to the WebSocket it becomes. A trusted balancer's connection is counted for its client once a
// request names it (X-Forwarded-For), and again for another client a later request names.
struct Slot {
    std::shared_ptr<OpenConnections> open;
    std::string                      address; // the client of the connection's requests
    bool                             counted = true; // in open->per_address[address]
    // A slot, or null when the server or the address has no room; `per_address` false for a
    // trusted balancer's connection.
    static std::unique_ptr<Slot> take(std::shared_ptr<OpenConnections> open, std::string address,
        const ServerLimits& limits, bool per_address = true) {
        std::lock_guard lock(open->mutex);
        if (open->total >= limits.max_connections) return nullptr;
        if (per_address) {
            size_t& mine = open->per_address[address];
            if (mine >= limits.max_connections_per_address) {
                if (mine == 0) open->per_address.erase(address);
                return nullptr;
            }
            ++mine;
        }
        ++open->total;
        return std::unique_ptr<Slot>(new Slot{ std::move(open), std::move(address), per_address });
    }
    // The connection now serves `client`; false (nothing changed) if that address has no room.
    bool serve(const std::string& client, const ServerLimits& limits) {
        std::lock_guard lock(open->mutex);
        if (counted && client == address) return true;
        size_t& theirs = open->per_address[client];
        if (theirs >= limits.max_connections_per_address) {
            if (theirs == 0) open->per_address.erase(client);
            return false;
        }
        ++theirs;
        release_address();
        address = client;
        counted = true;
        return true;
    }
    ~Slot() {
        std::lock_guard lock(open->mutex);
        --open->total;
        release_address();
    }

  private:
    Slot(std::shared_ptr<OpenConnections> o, std::string a, bool c)
        : open(std::move(o))
        , address(std::move(a))
        , counted(c) { }
    void release_address() {
        if (counted && --open->per_address[address] == 0) open->per_address.erase(address);
    }
};

// The client a trusted balancer names: the last address of X-Forwarded-For (the one it added),
// if it is an IP address; none otherwise.
std::optional<std::string> forwarded_client(std::string_view header) {
    const size_t     comma = header.rfind(',');
    std::string_view last  = comma == std::string_view::npos ? header : header.substr(comma + 1);
    while (!last.empty() && (last.front() == ' ' || last.front() == '\t')) last.remove_prefix(1);
    while (!last.empty() && (last.back() == ' ' || last.back() == '\t')) last.remove_suffix(1);
    beast::error_code ec;
    auto              address = net::ip::make_address(std::string(last), ec);
    if (ec) return std::nullopt;
    return address.to_string();
}

// The JSON text of an answer. Bytes that are not UTF-8 (an id or text echoed from a hostile
// request) become U+FFFD instead of throwing.
std::string dump_reply(const Reply& r) {
    return r.body.dump(-1, ' ', false, json::error_handler_t::replace);
}

// The reply's own headers, over the defaults (Cache-Control: no-store).
template <class Message> void add_headers(Message& res, const Reply& r) {
    for (const auto& [name, value] : r.headers) res.set(name, value);
}

http::response<http::string_body> json_response(const Reply& r, unsigned version, bool keep_alive) {
    http::response<http::string_body> res{ http::status(r.status), version };
    res.set(http::field::content_type, "application/json; charset=utf-8");
    res.set(http::field::cache_control, "no-store");
    add_headers(res, r);
    res.keep_alive(keep_alive);
    res.body() = dump_reply(r);
    res.prepare_payload();
    secure(res);
    return res;
}

// The bytes [first, last] a Range header asks of `size` bytes ("bytes=0-1", "bytes=100-",
// "bytes=-500"): one range only (media players ask for one; Safari's audio insists on them); none
// for a header that is not a single byte range, and last < first for one that cannot be served.
std::optional<std::pair<size_t, size_t>> byte_range(std::string_view header, size_t size) {
    if (!header.starts_with("bytes=") || header.find(',') != std::string_view::npos)
        return std::nullopt;
    header.remove_prefix(6);
    const size_t dash = header.find('-');
    if (dash == std::string_view::npos) return std::nullopt;
    auto number = [](std::string_view t) -> std::optional<size_t> {
        size_t n       = 0;
        auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
        if (t.empty() || ec != std::errc() || end != t.data() + t.size()) return std::nullopt;
        return n;
    };
    const auto from = number(header.substr(0, dash)), to = number(header.substr(dash + 1));
    if (!from && !to) return std::nullopt;
    if (size == 0) return std::pair<size_t, size_t>{ 1, 0 };
    if (!from) // the last `to` bytes
        return std::pair{ size - std::min(size, *to), size - 1 };
    if (header.size() > dash + 1 && !to) return std::nullopt;
    const size_t last = to ? std::min(*to, size - 1) : size - 1;
    if (*from >= size || last < *from) return std::pair<size_t, size_t>{ 1, 0 };
    return std::pair{ *from, last };
}

// ---- WebSocket ----------------------------------------------------------------------------------

class WsSession final : public Subscriber, public std::enable_shared_from_this<WsSession> {
  public:
    WsSession(tcp::socket socket, GameService& games, ServerLimits limits,
        std::unique_ptr<Slot> slot, std::string id, std::string token)
        : ws_(std::move(socket))
        , games_(games)
        , limits_(limits)
        , slot_(std::move(slot))
        , id_(std::move(id))
        , token_(std::move(token))
        , rate_(limits.rate_per_second, limits.rate_burst) { }

    void run(http::request<http::string_body> req) {
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        // Messages up to four times the limit are read and answered too_large; larger ones
        // close the connection at once.
        ws_.read_message_max(limits_.max_message * 4);
        ws_.set_option(websocket::stream_base::decorator(
            [](websocket::response_type& res) { res.set(http::field::server, "citadel"); }));
        ws_.async_accept(
            req, [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
    }

    // Called under the game's lock, from any thread: the message waits in the inbox, in the
    // game's order, for this connection's strand. A connection whose own message caused it
    // drains the inbox at once when its handler ends (so the mover's acknowledgement does not
    // queue behind every other connection's work); otherwise a posted drain() writes it.
    void deliver(std::shared_ptr<const std::string> message) override {
        bool post = false;
        {
            std::lock_guard lock(inbox_mutex_);
            inbox_.push_back(std::move(message));
            post          = !drain_posted_;
            drain_posted_ = true;
        }
        if (post) net::post(ws_.get_executor(), [self = shared_from_this()] { self->drain(); });
    }

    void moved_away() override {
        net::post(ws_.get_executor(), [self = shared_from_this()] {
            self->drain();
            self->close_after_queue(websocket::close_code::service_restart);
        });
    }

  private:
    void on_accept(beast::error_code ec) {
        if (ec) return;
        ws_.text(true);
        // From now on finish() unsubscribes, and a subscription made after it is undone. In a
        // cluster subscribing may read the store: it answers later, from another thread.
        subscribed_ = true;
        games_.subscribe(id_, token_, shared_from_this(), [self = shared_from_this()](bool ok) {
            net::post(self->ws_.get_executor(), [self, ok] {
                if (self->finished_)
                    return self->games_.unsubscribe(self->id_, self->token_, self.get());
                if (!ok) return self->close();
                self->read();
            });
        });
    }

    void read() {
        ws_.async_read(buffer_,
            [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
    }

    void on_read(beast::error_code ec) {
        if (ec) return finish();
        std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        if (text.size() > limits_.max_message) {
            send(error_reply("too_large",
                "a message may have up to " + std::to_string(limits_.max_message)
                    + " bytes; this one has " + std::to_string(text.size())));
            return close_after_queue(websocket::close_code::too_big);
        }
        if (!rate_.allow()) {
            send(error_reply("rate_limited", "too many messages; slow down"));
            return read();
        }
        if (!handle(text)) return; // answered later: the next message is read after it
        drain();
        read();
    }

    // False when the answer comes later, from another thread (a cluster: the store, or the node
    // that owns the game): the connection reads its next message only then, so that a client's
    // messages are done in the order it sent them.
    bool handle(const std::string& text) {
        json msg = json::parse(text, nullptr, false);
        if (msg.is_discarded()) {
            send(error_reply("bad_json", "the message is not valid JSON"));
            return true;
        }
        if (!msg.is_object() || !msg.contains("type") || !msg["type"].is_string()) {
            send(error_reply("bad_request", "type: a message is an object with a string type"));
            return true;
        }
        const std::string type = msg["type"].get<std::string>();
        Reply             r;
        if (type == "ping")
            r = { 200, { { "type", "pong" } } };
        else if (type == "move")
            r = games_.move(id_, msg, token_);
        else if (type == "action")
            r = games_.action(id_, msg, token_);
        else if (type == "state")
            r = games_.state(id_);
        else
            r = error_reply(
                "bad_request", "type: 'move', 'action', 'state' or 'ping', not '" + type + "'");
        if (r.later) {
            r.later([self = shared_from_this(), type](Reply answer) {
                net::post(self->ws_.get_executor(), [self, type, answer = std::move(answer)] {
                    if (self->finished_) return;
                    self->answer(answer, type);
                    self->drain();
                    self->read();
                });
            });
            return false;
        }
        answer(r, type);
        return true;
    }

    // Accepted moves and actions reach this connection as broadcasts; answer the rest.
    void answer(const Reply& r, const std::string& type) {
        if (r.status != 200 || type == "ping" || type == "state") send(r);
    }

    // An answer to this connection only; what the game sent before it is written first.
    void send(const Reply& r) {
        drain();
        enqueue(std::make_shared<const std::string>(dump_reply(r)));
    }

    // On the strand: writes what the inbox holds, in order.
    void drain() {
        std::vector<std::shared_ptr<const std::string>> messages;
        {
            std::lock_guard lock(inbox_mutex_);
            messages.swap(inbox_);
            drain_posted_ = false;
        }
        for (auto& m : messages) enqueue(std::move(m));
    }

    void enqueue(std::shared_ptr<const std::string> message) {
        if (finished_ || closing_) return; // closing: only what is queued is still written
        if (queue_.size() >= limits_.max_queued) return close(); // too slow a reader: drop it
        queue_.push_back(std::move(message));
        if (queue_.size() == 1) write();
    }

    void write() {
        ws_.async_write(net::buffer(*queue_.front()),
            [self = shared_from_this()](beast::error_code ec, size_t) {
                if (ec) return self->close();
                self->queue_.pop_front();
                if (!self->queue_.empty())
                    self->write();
                else if (self->closing_)
                    self->send_close();
            });
    }

    // Nothing more is queued; the connection closes with `code` once the queue is written.
    void close_after_queue(websocket::close_code code) {
        if (finished_ || closing_) return;
        closing_    = true;
        close_code_ = code;
        if (queue_.empty()) send_close();
    }

    void send_close() {
        ws_.async_close(
            close_code_, [self = shared_from_this()](beast::error_code) { self->finish(); });
    }

    void close() {
        beast::error_code ignored;
        beast::get_lowest_layer(ws_).socket().close(ignored);
        finish();
    }

    void finish() {
        if (finished_) return;
        finished_ = true;
        queue_.clear();
        if (subscribed_) games_.unsubscribe(id_, token_, this);
    }

    websocket::stream<beast::tcp_stream>            ws_;
    beast::flat_buffer                              buffer_;
    GameService&                                    games_;
    ServerLimits                                    limits_;
    std::unique_ptr<Slot>                           slot_;
    std::string                                     id_, token_;
    RateLimit                                       rate_;
    std::deque<std::shared_ptr<const std::string>>  queue_;
    std::mutex                                      inbox_mutex_; // guards inbox_, drain_posted_
    std::vector<std::shared_ptr<const std::string>> inbox_;
    bool                                            drain_posted_ = false;
    bool                  subscribed_ = false, finished_ = false, closing_ = false;
    websocket::close_code close_code_ = websocket::close_code::normal; // once closing_
};

// ---- HTTP ---------------------------------------------------------------------------------------

class HttpSession final : public std::enable_shared_from_this<HttpSession> {
  public:
    HttpSession(tcp::socket socket, Services services, const StaticFiles& files,
        ServerLimits limits, std::unique_ptr<Slot> slot)
        : stream_(std::move(socket))
        , services_(services)
        , files_(files)
        , limits_(limits)
        , slot_(std::move(slot))
        , proxied_(!slot_->counted)
        , peer_(slot_->address)
        , rate_(limits.rate_per_second, limits.rate_burst) { }

    void run() {
        net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
    }

  private:
    void read() {
        parser_.emplace();
        parser_->body_limit(limits_.max_message);
        parser_->header_limit(16 * 1024);
        stream_.expires_after(std::chrono::seconds(60));
        http::async_read(stream_, buffer_, *parser_,
            [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
    }

    void on_read(beast::error_code ec) {
        if (ec == http::error::body_limit) {
            // Answered without reading the rest, and the connection closes.
            Reply r = error_reply("too_large",
                "a body may have up to " + std::to_string(limits_.max_message) + " bytes");
            return send(json_response(r, 11, false));
        }
        if (ec) return shutdown();
        auto& req = parser_->get();
        if (proxied_) {
            const auto header = req["X-Forwarded-For"];
            const auto client = forwarded_client({ header.data(), header.size() });
            if (!slot_->serve(client.value_or(peer_), limits_)) {
                Reply r = error_reply("rate_limited", "too many connections from your address");
                return send(json_response(r, req.version(), false));
            }
        }
        if (websocket::is_upgrade(req)) return upgrade(parser_->release());
        if (!rate_.allow())
            return send(json_response(error_reply("rate_limited", "too many requests; slow down"),
                req.version(), req.keep_alive()));
        route(parser_->release());
    }

    void upgrade(http::request<http::string_body> req) {
        std::string_view target(req.target().data(), req.target().size());
        size_t           q     = target.find('?');
        auto             parts = match_route("/api/games/{id}/ws", target.substr(0, q));
        std::string      token
            = q == std::string_view::npos ? "" : query_value(target.substr(q + 1), "token");
        if (!parts)
            return send(
                json_response(error_reply("not_found", "WebSockets open on /api/games/{id}/ws"),
                    req.version(), false));
        const std::string id = (*parts)[0];
        // In a cluster the check may read the store: it answers later, from another thread.
        auto asked = std::make_shared<http::request<http::string_body>>(std::move(req));
        services_.games.may_subscribe(
            id, token, [self = shared_from_this(), asked, id, token](std::optional<Reply> refused) {
                net::post(self->stream_.get_executor(), [self, asked, id, token, refused] {
                    self->upgraded(std::move(*asked), id, token, refused);
                });
            });
    }

    void upgraded(http::request<http::string_body> req, const std::string& id,
        const std::string& token, const std::optional<Reply>& refused) {
        if (refused) return send(json_response(*refused, req.version(), false));
        stream_.expires_never();
        std::make_shared<WsSession>(
            stream_.release_socket(), services_.games, limits_, std::move(slot_), id, token)
            ->run(std::move(req));
    }

    void route(http::request<http::string_body> req) {
        std::string_view target(req.target().data(), req.target().size());
        size_t           q    = target.find('?');
        std::string_view path = target.substr(0, q);
        if (path == "/api" || path.starts_with("/api/")) {
            const std::string_view method(req.method_string().data(), req.method_string().size());
            const std::string_view query = q == std::string_view::npos ? "" : target.substr(q + 1);
            const auto             auth  = req[http::field::authorization];
            Reply                  r     = dispatch(services_,
                                     { method, path, req.body(), query, slot_->address,
                                         std::string_view(auth.data(), auth.size()) });
            Asked asked{ req.version(), req.keep_alive(), std::string(req[http::field::range]) };
            if (!r.later) return respond(std::move(r), asked);
            // The answer comes from another thread: back to this connection's strand. Nothing
            // is read from the connection until it is written.
            return r.later([self = shared_from_this(), asked](Reply answer) {
                net::post(self->stream_.get_executor(),
                    [self, asked, answer = std::move(answer)]() mutable {
                        self->stream_.expires_after(std::chrono::seconds(30));
                        self->respond(std::move(answer), asked);
                    });
            });
        }
        serve_file(req, path);
    }

    // What an answer needs of its request.
    struct Asked {
        unsigned    version    = 11;
        bool        keep_alive = false;
        std::string range; // the Range header, "" if none
    };

    void respond(Reply r, const Asked& asked) {
        if (r.file) return send_file(r, asked);
        send(json_response(r, asked.version, asked.keep_alive));
    }

    // A body that is not JSON: the game record as a download, or audio played in place (a
    // single byte range of it when asked: 206, or 416 for a range outside it).
    void send_file(Reply& r, const Asked& asked) {
        File&                             file = *r.file;
        http::response<http::string_body> res{ http::status::ok, asked.version };
        res.set(http::field::content_type, file.content_type);
        if (!file.filename.empty())
            res.set(
                http::field::content_disposition, "attachment; filename=\"" + file.filename + "\"");
        else
            res.set(http::field::accept_ranges, "bytes");
        res.set(http::field::cache_control, "no-store");
        add_headers(res, r);
        res.keep_alive(asked.keep_alive);
        const size_t size = file.bytes.size();
        auto range = file.filename.empty() && !asked.range.empty() ? byte_range(asked.range, size)
                                                                   : std::nullopt;
        if (range && range->second < range->first) {
            res.result(http::status::range_not_satisfiable);
            res.set(http::field::content_range, "bytes */" + std::to_string(size));
        } else if (range) {
            res.result(http::status::partial_content);
            res.set(http::field::content_range,
                "bytes " + std::to_string(range->first) + "-" + std::to_string(range->second) + "/"
                    + std::to_string(size));
            res.body() = file.bytes.substr(range->first, range->second - range->first + 1);
        } else {
            res.body() = std::move(file.bytes);
        }
        res.prepare_payload();
        secure(res);
        send(std::move(res));
    }

    void serve_file(const http::request<http::string_body>& req, std::string_view path) {
        const unsigned v    = req.version();
        const bool     keep = req.keep_alive();
        auto           text = [&](http::status s, std::string body) {
            http::response<http::string_body> res{ s, v };
            res.set(http::field::content_type, "text/plain; charset=utf-8");
            res.set(http::field::cache_control, "no-store");
            res.keep_alive(keep);
            res.body() = std::move(body);
            res.prepare_payload();
            secure(res);
            return res;
        };
        if (req.method() != http::verb::get && req.method() != http::verb::head)
            return send(text(http::status::method_not_allowed, "only GET and HEAD serve files\n"));
        if (!files_.available())
            return send(text(http::status::not_found,
                "The front end is not built: run `npm ci && npm run build` in web/, or pass --web "
                "DIR.\n"));
        auto found = files_.find(std::string(path));
        if (found.status != 200)
            return send(text(
                http::status(found.status), found.status == 400 ? "bad path\n" : "not found\n"));
        beast::error_code           ec;
        http::file_body::value_type file;
        file.open(found.file.c_str(), beast::file_mode::scan, ec);
        if (ec) return send(text(http::status::not_found, "not found\n"));
        const auto size = file.size();
        auto       head = [&](auto& res) {
            res.set(http::field::content_type, StaticFiles::content_type(found.file));
            res.set(http::field::cache_control,
                found.immutable ? "public, max-age=31536000, immutable" : "no-cache");
            res.keep_alive(keep);
            secure(res);
        };
        if (req.method() == http::verb::head) {
            http::response<http::empty_body> res{ http::status::ok, v };
            head(res);
            res.content_length(size);
            return send(std::move(res));
        }
        http::response<http::file_body> res{ std::piecewise_construct,
            std::make_tuple(std::move(file)), std::make_tuple(http::status::ok, v) };
        head(res);
        res.content_length(size);
        send(std::move(res));
    }

    template <class Body> void send(http::response<Body>&& res) {
        auto       owned = std::make_shared<http::response<Body>>(std::move(res));
        const bool close = !owned->keep_alive();
        http::async_write(stream_, *owned,
            [self = shared_from_this(), owned, close](beast::error_code ec, size_t) {
                if (ec || close) return self->shutdown();
                self->read();
            });
    }

    void send(http::response<http::string_body>&& res) { send<http::string_body>(std::move(res)); }

    void shutdown() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream_.socket().close(ignored);
    }

    beast::tcp_stream                                      stream_;
    beast::flat_buffer                                     buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    Services                                               services_;
    const StaticFiles&                                     files_;
    ServerLimits                                           limits_;
    std::unique_ptr<Slot>                                  slot_;
    const bool        proxied_; // from a trusted balancer: X-Forwarded-For names the client
    const std::string peer_; // the balancer's address, or the client's
    RateLimit         rate_;
};

} // namespace

// ---- static files -------------------------------------------------------------------------------

StaticFiles::StaticFiles(const std::string& dir) {
    std::error_code ec;
    auto            root = std::filesystem::canonical(dir, ec);
    if (!ec && std::filesystem::is_directory(root, ec)) root_ = root;
}

StaticFiles::Found StaticFiles::find(const std::string& url_path) const {
    auto decoded = percent_decoded(url_path);
    if (!decoded || decoded->find('\0') != std::string::npos
        || decoded->find('\\') != std::string::npos)
        return { 400, {}, false };
    auto parts = path_segments(*decoded);
    for (const auto& p : parts)
        if (p == "." || p == ".." || p.empty()) return { 400, {}, false };
    std::filesystem::path rel;
    for (const auto& p : parts) rel /= p;
    auto inside = [&](const std::filesystem::path& p) {
        auto [r, q] = std::mismatch(root_.begin(), root_.end(), p.begin(), p.end());
        return r == root_.end();
    };
    const auto index = root_ / "index.html";
    if (!parts.empty()) {
        std::error_code ec;
        auto            real = std::filesystem::canonical(root_ / rel, ec);
        if (!ec) {
            if (!inside(real)) return { 404, {}, false }; // a symlink leading out
            if (std::filesystem::is_regular_file(real, ec))
                return { 200, real, parts.size() > 1 && parts[0] == "assets" };
            if (!std::filesystem::is_directory(real, ec)) return { 404, {}, false };
        }
        // A missing file with an extension is a missing asset; other paths are the front end's.
        if (parts.back().find('.') != std::string::npos || parts[0] == "assets")
            return { 404, {}, false };
    }
    std::error_code ec;
    if (!std::filesystem::is_regular_file(index, ec)) return { 404, {}, false };
    return { 200, index, false };
}

std::string StaticFiles::content_type(const std::filesystem::path& file) {
    static const std::pair<std::string_view, std::string_view> types[]
        = { { ".html", "text/html; charset=utf-8" }, { ".js", "text/javascript; charset=utf-8" },
              { ".mjs", "text/javascript; charset=utf-8" }, { ".css", "text/css; charset=utf-8" },
              { ".svg", "image/svg+xml" }, { ".png", "image/png" }, { ".jpg", "image/jpeg" },
              { ".jpeg", "image/jpeg" }, { ".gif", "image/gif" }, { ".webp", "image/webp" },
              { ".ico", "image/x-icon" }, { ".json", "application/json" },
              { ".webmanifest", "application/manifest+json" }, { ".woff2", "font/woff2" },
              { ".woff", "font/woff" }, { ".ttf", "font/ttf" },
              { ".txt", "text/plain; charset=utf-8" }, { ".map", "application/json" },
              { ".wasm", "application/wasm" }, { ".mp3", "audio/mpeg" }, { ".ogg", "audio/ogg" },
              { ".wav", "audio/wav" }, { ".pgn", "application/x-chess-pgn" } };
    const std::string ext = file.extension().string();
    for (auto& [e, t] : types)
        if (ext == e) return std::string(t);
    return "application/octet-stream";
}

// ---- the listener -------------------------------------------------------------------------------

HttpServer::HttpServer(net::io_context& io, GameService& games, const StaticFiles& files,
    ServerLimits limits, SpeechApi* speech, FamilyService* families)
    : io_(io)
    , services_(games, speech, families)
    , files_(files)
    , limits_(limits)
    , acceptor_(io)
    , accept_pause_(io)
    , open_(std::make_shared<OpenConnections>()) { }

void HttpServer::listen(const std::string& host, unsigned short port) {
    tcp::endpoint endpoint{ net::ip::make_address(host), port };
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(net::socket_base::max_listen_connections);
    accept();
}

unsigned short HttpServer::port() const { return acceptor_.local_endpoint().port(); }

void HttpServer::accept() {
    acceptor_.async_accept(net::make_strand(io_), [this](beast::error_code ec, tcp::socket socket) {
        if (ec && acceptor_.is_open()) {
            // Out of file descriptors (or another passing failure): accepting again at once
            // would only fail again, spinning a core; the connections waiting stay queued.
            accept_pause_.expires_after(std::chrono::milliseconds(50));
            return accept_pause_.async_wait([this](beast::error_code) {
                if (acceptor_.is_open()) accept();
            });
        }
        if (!ec) {
            const std::string peer = address_of(socket);
            const bool        proxy
                = std::find(limits_.trusted_proxies.begin(), limits_.trusted_proxies.end(), peer)
                != limits_.trusted_proxies.end();
            auto              slot = Slot::take(open_, peer, limits_, !proxy);
            beast::error_code ignored;
            if (!slot)
                socket.close(ignored); // full, or this address: refuse at once rather than queue
            else
                std::make_shared<HttpSession>(
                    std::move(socket), services_, files_, limits_, std::move(slot))
                    ->run();
        }
        if (acceptor_.is_open()) accept();
    });
}

} // namespace citadel::server
