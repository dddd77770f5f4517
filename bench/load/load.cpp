#include "load/load.h"

#include <algorithm>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cmath>
#include <ctime>
#include <deque>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace citadel::load {

namespace beast     = boost::beast;
namespace http      = beast::http;
namespace websocket = beast::websocket;
namespace net       = boost::asio;
using tcp           = net::ip::tcp;
using nlohmann::json;
using Clock    = std::chrono::steady_clock;
using Executor = net::strand<net::io_context::executor_type>;

Percentiles percentiles(std::vector<int64_t> sample) {
    Percentiles p;
    p.count = sample.size();
    if (sample.empty()) return p;
    std::sort(sample.begin(), sample.end());
    // The nearest-rank percentile: the smallest value with at least q of the sample at or below.
    auto at = [&](double q) {
        size_t rank = size_t(std::ceil(q * double(sample.size())));
        return sample[std::clamp<size_t>(rank, 1, sample.size()) - 1];
    };
    p.p50  = at(0.50);
    p.p90  = at(0.90);
    p.p99  = at(0.99);
    p.p999 = at(0.999);
    p.max  = sample.back();
    return p;
}

namespace {

// CPU seconds used so far by this process, or by process `pid` (from /proc; 0 if unreadable).
double cpu_seconds(int pid) {
    if (pid == 0) {
        timespec t{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
        return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
    }
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string   text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    size_t        paren = text.rfind(')');
    if (paren == std::string::npos) return 0;
    std::istringstream fields(text.substr(paren + 2));
    std::string        skip;
    for (int i = 3; i < 14; ++i) fields >> skip; // state .. cmajflt
    double utime = 0, stime = 0;
    fields >> utime >> stime;
    return (utime + stime) / double(sysconf(_SC_CLK_TCK));
}

int64_t micros(Clock::duration d) {
    return std::chrono::duration_cast<std::chrono::microseconds>(d).count();
}

// What every game of the run shares. The counters are touched from every client thread.
struct Run {
    Run(net::io_context& io_context, const LoadOptions& o)
        : io(io_context)
        , options(o)
        , server(net::ip::make_address(o.host), o.port)
        , stop_at(Clock::now() + std::chrono::microseconds(int64_t(o.seconds * 1e6))) { }

    net::io_context&   io;
    const LoadOptions& options;
    tcp::endpoint      server;
    Clock::time_point  stop_at;
    std::atomic<bool>  measuring{ false };
    std::atomic<bool>  stopping{ false };
    std::atomic<int>   live{ 0 }, created{ 0 }, finished{ 0 };

    std::mutex                 mutex; // guards what follows
    std::vector<int64_t>       round_trips_us, lags_us;
    std::map<std::string, int> errors;

    void error(const std::string& what) {
        std::lock_guard lock(mutex);
        ++errors[what];
    }
    void round_trip(int64_t us) {
        std::lock_guard lock(mutex);
        round_trips_us.push_back(us);
    }
};

class Game;

// One seat's WebSocket: reads every message of the game, and moves when it is its turn.
class Player : public std::enable_shared_from_this<Player> {
  public:
    Player(Run& run, Executor ex, std::shared_ptr<Game> game, std::string seat, uint64_t seed)
        : run_(run)
        , ws_(ex)
        , think_(ex)
        , game_(std::move(game))
        , seat_(std::move(seat))
        , random_(seed) { }

    void open(const std::string& id, const std::string& token);
    void close() {
        closed_ = true;
        think_.cancel();
        beast::error_code ignored;
        beast::get_lowest_layer(ws_).socket().close(ignored);
    }

  private:
    void read();
    void on_message(const json& msg);
    void consider_moving(const json& msg, int64_t plies);
    void send(std::string text);
    void write();

    Run&                                 run_;
    websocket::stream<beast::tcp_stream> ws_;
    net::steady_timer                    think_;
    std::shared_ptr<Game>                game_;
    std::string                          seat_;
    std::mt19937_64                      random_;
    beast::flat_buffer                   buffer_;
    std::deque<std::string>              out_;
    int64_t                              sent_ply_ = -1;
    Clock::time_point                    sent_at_;
    bool                                 sent_in_window_ = false;
    bool                                 closed_         = false;
};

// One of the N game slots: creates a game over HTTP, opens its two players, and when the game
// ends (or reaches options.moves plies) starts the next one, until the run stops.
class Game : public std::enable_shared_from_this<Game> {
  public:
    Game(Run& run, uint64_t seed)
        : run_(run)
        , ex_(net::make_strand(run.io))
        , timer_(ex_)
        , seed_(seed) { }

    void start_after(Clock::duration delay) {
        timer_.expires_after(delay);
        timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (!ec) self->create();
        });
    }

    // A player's first state arrived; the game is live once both have.
    void player_ready() {
        if (++ready_ == 2) ++run_.live, live_ = true;
    }
    // The game is over (or long enough): both players leave and the slot starts again.
    void done() {
        if (over_) return;
        over_ = true;
        if (live_) --run_.live;
        live_ = false;
        ++run_.finished;
        for (auto& p : players_) p->close();
        players_.clear();
        if (!run_.stopping) start_after(std::chrono::milliseconds(0));
    }
    // A player's connection failed or closed under it.
    void lost(const std::string& why) {
        if (over_ || run_.stopping) return;
        run_.error(why);
        done();
    }
    void stop() {
        net::dispatch(ex_, [self = shared_from_this()] {
            self->timer_.cancel();
            self->over_ = true;
            for (auto& p : self->players_) p->close();
            self->players_.clear();
        });
    }

  private:
    void create();
    void created(const std::string& body);

    struct Request {
        beast::tcp_stream                 stream;
        http::request<http::string_body>  req;
        http::response<http::string_body> res;
        beast::flat_buffer                buffer;
        explicit Request(Executor ex)
            : stream(ex) { }
    };

    Run&                                 run_;
    Executor                             ex_;
    net::steady_timer                    timer_;
    uint64_t                             seed_;
    int                                  round_ = 0;
    int                                  ready_ = 0;
    bool                                 live_ = false, over_ = false;
    std::vector<std::shared_ptr<Player>> players_;
};

void Game::create() {
    if (run_.stopping) return;
    auto r = std::make_shared<Request>(ex_);
    r->req = { http::verb::post, "/api/games", 11 };
    r->req.set(http::field::host, run_.server.address().to_string());
    r->req.set(http::field::content_type, "application/json");
    r->req.body() = json{ { "variant", run_.options.variant } }.dump();
    r->req.prepare_payload();
    r->stream.expires_after(std::chrono::seconds(30));
    r->stream.async_connect(run_.server, [self = shared_from_this(), r](beast::error_code ec) {
        if (ec) return self->run_.error("create: connect: " + ec.message());
        http::async_write(r->stream, r->req, [self, r](beast::error_code ec2, size_t) {
            if (ec2) return self->run_.error("create: write: " + ec2.message());
            http::async_read(
                r->stream, r->buffer, r->res, [self, r](beast::error_code ec3, size_t) {
                    beast::error_code ignored;
                    r->stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
                    if (ec3) return self->run_.error("create: read: " + ec3.message());
                    if (r->res.result_int() != 201)
                        return self->run_.error(
                            "create: HTTP " + std::to_string(r->res.result_int()));
                    self->created(r->res.body());
                });
        });
    });
}

void Game::created(const std::string& body) {
    json answer = json::parse(body, nullptr, false);
    if (answer.is_discarded() || !answer.contains("seats") || answer["seats"].size() != 2)
        return run_.error("create: an answer without two seats");
    ++run_.created;
    ready_ = 0;
    over_  = false;
    ++round_;
    const std::string id = answer["id"].get<std::string>();
    for (const auto& seat : answer["seats"]) {
        auto p = std::make_shared<Player>(run_, ex_, shared_from_this(),
            seat["seat"].get<std::string>(), seed_ * 7919 + uint64_t(round_) * 2 + players_.size());
        players_.push_back(p);
        p->open(id, seat["token"].get<std::string>());
    }
}

void Player::open(const std::string& id, const std::string& token) {
    auto target = "/api/games/" + id + "/ws?token=" + token;
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    beast::get_lowest_layer(ws_).async_connect(
        run_.server, [self = shared_from_this(), target](beast::error_code ec) {
            if (ec) return self->game_->lost("ws: connect: " + ec.message());
            beast::get_lowest_layer(self->ws_).expires_never();
            self->ws_.set_option(
                websocket::stream_base::timeout::suggested(beast::role_type::client));
            self->ws_.async_handshake(
                self->run_.server.address().to_string(), target, [self](beast::error_code ec2) {
                    if (ec2) return self->game_->lost("ws: handshake: " + ec2.message());
                    self->ws_.text(true);
                    self->read();
                });
        });
}

void Player::read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
        const auto arrived = Clock::now();
        if (self->closed_) return;
        if (ec) return self->game_->lost("ws: closed by the server: " + ec.message());
        json msg = json::parse(beast::buffers_to_string(self->buffer_.data()), nullptr, false);
        self->buffer_.consume(self->buffer_.size());
        if (msg.is_discarded() || !msg.is_object()) {
            self->run_.error("a message that is not a JSON object");
        } else {
            if (msg.value("type", "") == "move" && msg.value("ply", int64_t(-2)) == self->sent_ply_
                && msg.value("seat", "") == self->seat_) {
                if (self->sent_in_window_ && self->run_.measuring)
                    self->run_.round_trip(micros(arrived - self->sent_at_));
                self->sent_ply_ = -1;
            }
            self->on_message(msg);
        }
        if (!self->closed_) self->read();
    });
}

void Player::on_message(const json& msg) {
    const std::string type = msg.value("type", "");
    if (type == "state") {
        game_->player_ready();
        consider_moving(msg, msg.value("ply", int64_t(0)));
    } else if (type == "move" || type == "action") {
        consider_moving(msg, msg.value("plies", int64_t(0)));
    } else if (type == "end") {
        game_->done();
    } else if (type == "error") {
        run_.error("server: " + msg.value("code", std::string("?")));
    }
}

void Player::consider_moving(const json& msg, int64_t plies) {
    if (msg.value("status", "") != "ongoing" || msg.value("to_move", "") != seat_) return;
    if (run_.options.moves > 0 && plies >= run_.options.moves) return game_->done();
    const auto it = msg.find("legal_moves");
    if (it == msg.end() || !it->is_array() || it->empty()) return;
    std::uniform_int_distribution<size_t>  pick(0, it->size() - 1);
    std::string                            move = (*it)[pick(random_)].get<std::string>();
    std::uniform_real_distribution<double> wait(0, 2 * run_.options.think);
    think_.expires_after(std::chrono::microseconds(int64_t(wait(random_) * 1e6)));
    think_.async_wait(
        [self = shared_from_this(), move = std::move(move), plies](beast::error_code ec) {
            if (ec || self->closed_ || self->run_.stopping) return;
            self->sent_ply_       = plies;
            self->sent_at_        = Clock::now();
            self->sent_in_window_ = self->run_.measuring;
            self->send(json{ { "type", "move" }, { "move", move }, { "ply", plies } }.dump());
        });
}

void Player::send(std::string text) {
    out_.push_back(std::move(text));
    if (out_.size() == 1) write();
}

void Player::write() {
    ws_.async_write(
        net::buffer(out_.front()), [self = shared_from_this()](beast::error_code ec, size_t) {
            if (ec) {
                if (!self->closed_) self->game_->lost("ws: write: " + ec.message());
                return;
            }
            self->out_.pop_front();
            if (!self->out_.empty()) self->write();
        });
}

} // namespace

LoadReport run_load(const LoadOptions& options) {
    net::io_context io(options.threads);
    Run             run(io, options);
    const auto      start = Clock::now();

    std::vector<std::shared_ptr<Game>> games;
    const double ramp = options.ramp > 0 ? options.ramp : options.games / 500.0;
    for (int i = 0; i < options.games; ++i) {
        games.push_back(std::make_shared<Game>(run, options.seed * 1000003 + uint64_t(i)));
        games.back()->start_after(
            std::chrono::microseconds(int64_t(ramp * 1e6 * i / std::max(1, options.games))));
    }

    // The client's own lateness: a timer due every 10 ms, measured against when it fired.
    LoadReport            report;
    net::steady_timer     lag_timer(io), sampler(io);
    std::function<void()> lag_tick;
    Clock::time_point     lag_due;
    lag_tick = [&] {
        lag_due = Clock::now() + std::chrono::milliseconds(10);
        lag_timer.expires_at(lag_due);
        lag_timer.async_wait([&](beast::error_code ec) {
            if (ec) return;
            if (run.measuring) {
                std::lock_guard lock(run.mutex);
                run.lags_us.push_back(micros(Clock::now() - lag_due));
            }
            lag_tick();
        });
    };
    lag_tick();

    // Each second: start measuring once every game is live (or a third of the run has gone),
    // sample the games held, and stop everything at the end.
    Clock::time_point     window_start, window_end;
    double                client_cpu0 = 0, server_cpu0 = 0;
    std::function<void()> sample;
    sample = [&] {
        sampler.expires_after(std::chrono::seconds(1));
        sampler.async_wait([&](beast::error_code ec) {
            if (ec) return;
            const auto now = Clock::now();
            if (now + std::chrono::milliseconds(500) >= run.stop_at) {
                run.measuring     = false;
                window_end        = now;
                report.client_cpu = cpu_seconds(0) - client_cpu0;
                if (options.server_pid)
                    report.server_cpu = cpu_seconds(options.server_pid) - server_cpu0;
                run.stopping = true;
                for (auto& g : games) g->stop();
                lag_timer.cancel();
                // A game set-up still under way is abandoned, not waited for.
                sampler.expires_after(std::chrono::milliseconds(300));
                sampler.async_wait([&](beast::error_code) { io.stop(); });
                return;
            }
            if (run.measuring) {
                const int live  = run.live;
                report.held_min = std::min(report.held_min, live);
                report.held_max = std::max(report.held_max, live);
            } else if (run.live == options.games || now - start > (run.stop_at - start) / 3) {
                run.measuring = true;
                window_start  = now;
                client_cpu0   = cpu_seconds(0);
                if (options.server_pid) server_cpu0 = cpu_seconds(options.server_pid);
                report.held_min = report.held_max = run.live;
            }
            sample();
        });
    };
    sample();

    std::vector<std::thread> pool;
    for (int i = 1; i < options.threads; ++i) pool.emplace_back([&] { io.run(); });
    io.run();
    for (auto& t : pool) t.join();

    report.target_games = options.games;
    report.window_s     = window_start == Clock::time_point{}
            ? 0
            : std::chrono::duration<double>(window_end - window_start).count();
    if (report.window_s > 0) {
        report.client_cpu /= report.window_s;
        report.server_cpu /= report.window_s;
    }
    report.round_trip     = percentiles(run.round_trips_us);
    report.moves          = run.round_trips_us.size();
    report.loop_lag       = percentiles(run.lags_us);
    report.games_created  = run.created;
    report.games_finished = run.finished;
    report.errors         = run.errors;
    return report;
}

} // namespace citadel::load
