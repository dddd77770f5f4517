#include "server/game_service.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <cmath>
#include <iostream>

#include "server/cluster_node.h"
#include "server/room.h"
#include "server/secrets.h"

namespace citadel::server {

int64_t unix_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// ---- the service --------------------------------------------------------------------------------

GameService::GameService(boost::asio::io_context& io, Storage& storage, EnginePool& engines,
    AnalysisLimits analysis_limits, ClusterNode* cluster, double game_burst)
    : io_(io)
    , storage_(storage)
    , engines_(engines)
    , cluster_(cluster)
    , creations_(1.0, game_burst)
    , analyses_(std::make_unique<Analyses>(storage, engines, analysis_limits)) {
    if (cluster_) commits_ = std::make_unique<boost::asio::thread_pool>(kCommitThreads);
}

// The engines answer on the rooms' executor (commits_) and into the analyses: none may outlive
// them. The rooms' timers belong to commits_ too: they are cancelled before it is joined (an
// armed clock would hold it for minutes), and no room is left when it goes (it is destroyed
// before rooms_). Work running on commits_ may still answer a forwarded request through the
// peers: they must outlive the join (serve() calls this before the relay goes).
void GameService::stop() {
    engines_.stop();
    drop_rooms();
    if (commits_) commits_->join();
    drop_rooms(); // any that a last request made while the pool ran
}

boost::asio::any_io_executor GameService::room_executor() {
    if (commits_) return commits_->get_executor();
    return io_.get_executor();
}

void GameService::off_network(std::function<void()> work) {
    if (commits_)
        boost::asio::post(*commits_, std::move(work));
    else
        boost::asio::post(io_, std::move(work));
}

Reply GameService::offloaded(std::function<Reply()> run) {
    if (!commits_) return run();
    Reply r;
    r.later = [this, run = std::move(run)](std::function<void(Reply)> done) {
        off_network([run, done = std::move(done)] {
            Reply answer = run();
            if (answer.later) return answer.later(done);
            done(std::move(answer));
        });
    };
    return r;
}

std::shared_ptr<Room> GameService::find(const std::string& id) const {
    std::shared_lock lock(mutex_);
    auto             at = rooms_.find(id);
    return at == rooms_.end() || at->second->lost() ? nullptr : at->second;
}

std::shared_ptr<Room> GameService::room_of(const std::string& id, Reply& refusal) {
    if (auto room = find(id)) return room;
    if (!cluster_) {
        refusal = error_reply("unknown_game", "no game has the id '" + id + "'");
        return nullptr;
    }
    Located where = locate(id);
    if (!where.room) refusal = std::move(where.refusal);
    return where.room;
}

GameService::Located GameService::locate(const std::string& id) {
    std::lock_guard lock(claim_mutex_);
    Located         where;
    if ((where.room = find(id))) return where;
    try {
        auto claim = cluster_->claim(id);
        auto game  = cluster_->store().load_game(id);
        if (!game) {
            where.refusal = error_reply("unknown_game", "no game has the id '" + id + "'");
            return where;
        }
        if (claim) {
            where.room = run_claimed(std::move(*game), *claim);
            return where;
        }
        if (!game->finished) {
            if (peers_) where.owner = cluster_->store().live_owner(id).value_or("");
            where.refusal = error_reply("unavailable",
                "game " + id
                    + " is served by another node of the cluster, which cannot be reached");
            where.stored  = std::move(game);
            return where;
        }
        auto room = rebuilt(std::move(*game));
        if (!room) {
            where.refusal = error_reply("storage_failed", "game " + id + " cannot be rebuilt");
            return where;
        }
        room->own(*cluster_, 0);
        room->start();
        add(room);
        where.room = room;
        return where;
    } catch (const StorageError& e) {
        std::cerr << "citadel serve: " << e.message << "\n";
        where.refusal = error_reply("storage_failed", "game " + id + " could not be loaded");
        return where;
    }
}

void GameService::adopt(const std::function<std::vector<Claim>()>& claim) {
    std::lock_guard lock(claim_mutex_);
    for (const Claim& c : claim())
        if (auto game = cluster_->store().load_game(c.game_id)) run_claimed(std::move(*game), c);
}

// Policy B (docs/server.md, "Cluster"): the seat to move is charged the time from its game's
// last step to the last moment its previous owner is known to have served it, and not the time
// after, when nobody ran its clock. Both times are the database's, so the nodes' clocks do not
// matter. A room held at this claim's epoch or a later one is kept.
std::shared_ptr<Room> GameService::run_claimed(StoredGame game, const Claim& claim) {
    if (auto held = find(claim.game_id); held && held->epoch() >= claim.epoch) return held;
    int64_t charged = 0;
    if (claim.last_served_ms && !game.steps.empty())
        charged = std::max<int64_t>(0, *claim.last_served_ms - game.steps.back().at_ms);
    auto room = rebuilt(std::move(game));
    if (!room) return nullptr;
    room->own(*cluster_, claim.epoch, peers_);
    room->start(charged);
    add(room);
    return room;
}

void GameService::drop_rooms() {
    std::unordered_map<std::string, std::shared_ptr<Room>> dropped;
    {
        std::unique_lock lock(mutex_);
        dropped.swap(rooms_);
    }
    for (auto& [id, room] : dropped) room->give_up();
}

void GameService::forget_nodes_except(std::vector<std::string> live) {
    std::sort(live.begin(), live.end());
    std::vector<std::shared_ptr<Room>> rooms;
    {
        std::shared_lock lock(mutex_);
        for (const auto& [id, room] : rooms_) rooms.push_back(room);
    }
    for (const auto& room : rooms) room->forget_nodes_except(live);
}

void GameService::add(std::shared_ptr<Room> room) {
    std::unique_lock lock(mutex_);
    rooms_[room->id()] = room;
}

std::shared_ptr<Room> GameService::rebuilt(StoredGame g) {
    auto  made = make_live_game(g.variant, g.start_fen);
    auto* game = std::get_if<std::unique_ptr<LiveGame>>(&made);
    if (!game) {
        std::cerr << "citadel serve: game " << g.id
                  << " cannot be rebuilt: " << std::get<NoGame>(made).message << "\n";
        return nullptr;
    }
    std::vector<StoredStep> steps = std::move(g.steps);
    auto                    room  = std::make_shared<Room>(
        room_executor(), storage_, engines_, std::move(g), std::move(*game));
    for (size_t i = 0; i < steps.size(); ++i)
        if (!room->replay(steps[i])) {
            std::cerr << "citadel serve: game " << room->id() << ": stored step " << i << " ("
                      << steps[i].kind << " " << steps[i].text << ") is refused; "
                      << "the game stops before it\n";
            break;
        }
    return room;
}

size_t GameService::load() {
    if (cluster_) return 0;
    size_t n = 0;
    for (StoredGame& g : storage_.load_games())
        if (auto room = rebuilt(std::move(g))) {
            room->start();
            add(room);
            ++n;
        }
    return n;
}

Reply GameService::create(const json& body, std::string_view client) {
    return offloaded(
        [this, body, client = std::string(client)] { return create_here(body, client); });
}

Reply GameService::create_here(const json& body, std::string_view client) {
    if (!body.is_object()) return error_reply("bad_request", "the body must be a JSON object");
    if (!body.contains("variant") || !body["variant"].is_string())
        return error_reply("bad_request", "variant: a string naming the variant is required");
    std::string fen;
    if (body.contains("fen") && !body["fen"].is_null()) {
        if (!body["fen"].is_string())
            return error_reply("bad_request", "fen: must be a string or null");
        fen = body["fen"].get<std::string>();
        if (fen.size() > 1024)
            return error_reply("bad_request", "fen: longer than 1024 characters");
    }
    auto made = make_live_game(body["variant"].get<std::string>(), fen);
    if (auto* err = std::get_if<NoGame>(&made)) {
        json extra = json::object();
        if (!err->reason.empty()) extra["reason"] = err->reason;
        if (!err->field.empty()) extra["field"] = err->field;
        return error_reply("bad_request", err->message, extra);
    }
    auto& game = std::get<std::unique_ptr<LiveGame>>(made);

    StoredGame g;
    g.variant   = std::string(game->variant());
    g.start_fen = game->start_fen();
    if (body.contains("clock") && !body["clock"].is_null()) {
        const json& c = body["clock"];
        if (!c.is_object() || !c.contains("initial_s") || !c["initial_s"].is_number())
            return error_reply(
                "bad_request", "clock: an object with a number initial_s is required (or null)");
        double initial = c["initial_s"].get<double>(), inc = 0;
        if (c.contains("increment_s")) {
            if (!c["increment_s"].is_number())
                return error_reply("bad_request", "clock.increment_s: must be a number");
            inc = c["increment_s"].get<double>();
        }
        if (!(initial > 0 && initial <= 86400 * 7))
            return error_reply(
                "bad_request", "clock.initial_s: must be more than 0 and at most a week");
        if (!(inc >= 0 && inc <= 3600))
            return error_reply("bad_request", "clock.increment_s: must be from 0 to 3600");
        g.clock = StoredClock{ int64_t(std::llround(initial * 1000)),
            int64_t(std::llround(inc * 1000)) };
    }
    const int n     = game->seats();
    json      seats = body.contains("seats") ? body["seats"] : json(nullptr);
    if (!seats.is_null() && (!seats.is_array() || int(seats.size()) != n))
        return error_reply("bad_request",
            "seats: a list of " + std::to_string(n) + " seats is required for " + g.variant);
    for (int s = 0; s < n; ++s) {
        StoredSeat seat;
        if (!seats.is_null()) {
            const json&       e     = seats[size_t(s)];
            const std::string where = "seats[" + std::to_string(s) + "]";
            if (!e.is_object() || !e.contains("player") || !e["player"].is_string())
                return error_reply("bad_request",
                    where + ": an object with player \"human\" or \"engine\" is required");
            const std::string player = e["player"].get<std::string>();
            if (player == "engine") {
                seat.engine = true;
                if (e.contains("level") && !e["level"].is_null()) {
                    if (!e["level"].is_number_integer() || e["level"].get<int64_t>() < 0
                        || e["level"].get<int64_t>() > 20)
                        return error_reply(
                            "bad_request", where + ".level: an integer from 0 to 20");
                    seat.level = e["level"].get<int>();
                } else
                    seat.level = 10;
            } else if (player != "human")
                return error_reply("bad_request",
                    where + ".player: \"human\" or \"engine\", not \"" + player + "\"");
            if (e.contains("take_back") && !e["take_back"].is_null()) {
                if (!e["take_back"].is_boolean())
                    return error_reply("bad_request", where + ".take_back: true or false");
                seat.take_back = e["take_back"].get<bool>() && !seat.engine;
            }
        }
        g.seats.push_back(seat);
    }
    const int humans = int(std::count_if(
        g.seats.begin(), g.seats.end(), [](const StoredSeat& s) { return !s.engine; }));
    for (int s = 0; s < n; ++s)
        if (g.seats[size_t(s)].take_back && humans > 1)
            return error_reply("bad_request",
                "seats[" + std::to_string(s)
                    + "].take_back: only in a game against the computer (every other seat an "
                      "engine)");
    if (!creations_.allow(client))
        return error_reply("rate_limited",
            "this address has created many games in a short time; try again in a minute");
    return open(std::move(g), std::move(game));
}

// Gives the human seats their tokens (a new game) or none (a rematch: claim_seat), stores the
// game with the tokens' hashes and opens its room; the answer holds the tokens, told only here.
Reply GameService::open(StoredGame g, std::unique_ptr<LiveGame> game, bool rematch) {
    const int                n = int(g.seats.size());
    std::vector<std::string> tokens(g.seats.size());
    if (g.id.empty()) g.id = random_hex(8);
    g.created_ms = unix_ms();
    for (int s = 0; s < n && !rematch; ++s)
        if (!g.seats[size_t(s)].engine) {
            tokens[size_t(s)]             = random_hex(16);
            g.seats[size_t(s)].token_hash = sha256_hex(tokens[size_t(s)]);
        }
    if (cluster_ && !cluster_->may_own())
        return error_reply("unavailable",
            "this node cannot take a new game now (it is joining the cluster again, or cannot "
            "reach the cluster's bus); try again: another node will take it");
    int64_t epoch = 0; // in a cluster: the new game's first owner's
    try {
        if (cluster_)
            epoch = cluster_->create(g);
        else
            storage_.create_game(g);
    } catch (const StorageError& e) {
        std::cerr << "citadel serve: " << e.message << "\n";
        return error_reply("storage_failed", "the game could not be stored");
    }
    json answer = { { "id", g.id }, { "seats", json::array() }, { "url", "/g/" + g.id } };
    for (int s = 0; s < n && !rematch; ++s)
        if (!g.seats[size_t(s)].engine)
            answer["seats"].push_back(
                { { "seat", seat_name(Seat(s), n) }, { "token", tokens[size_t(s)] },
                    { "url", "/g/" + g.id + "?token=" + tokens[size_t(s)] } });
    auto room = std::make_shared<Room>(
        room_executor(), storage_, engines_, std::move(g), std::move(game));
    if (cluster_) room->own(*cluster_, epoch, peers_);
    add(room);
    room->start();
    return { 201, answer };
}

Reply GameService::state_here(const std::string& id) {
    Reply refusal;
    auto  room = room_of(id, refusal);
    if (!room) return refusal;
    return { 200, room->state() };
}

namespace {

// The token of a request: the body's, else the connection's; nullopt (and `error`) if neither.
std::optional<std::string> token_of(
    const json& body, const std::optional<std::string>& connection, std::optional<Reply>& error) {
    if (body.contains("token") && !body["token"].is_null()) {
        if (!body["token"].is_string()) {
            error = error_reply("bad_request", "token: must be a string");
            return std::nullopt;
        }
        return body["token"].get<std::string>();
    }
    if (connection) return *connection;
    error = error_reply("bad_request", "token: the seat's token is required");
    return std::nullopt;
}

// The body's optional `ply` into `ply`; false (and `error`) if it is there and not an integer.
bool optional_ply(const json& body, std::optional<int64_t>& ply, std::optional<Reply>& error) {
    if (!body.contains("ply") || body["ply"].is_null()) return true;
    if (!body["ply"].is_number_integer()) {
        error = error_reply("bad_request", "ply: must be an integer");
        return false;
    }
    ply = body["ply"].get<int64_t>();
    return true;
}

} // namespace

Reply GameService::move_here(
    const std::string& id, const json& body, const std::optional<std::string>& connection_token) {
    if (!body.is_object()) return error_reply("bad_request", "the body must be a JSON object");
    std::optional<Reply> bad;
    auto                 token = token_of(body, connection_token, bad);
    if (!token) return *bad;
    if (!body.contains("move") || !body["move"].is_string())
        return error_reply("bad_request", "move: the move's text (e.g. \"e2e4\") is required");
    if (!body.contains("ply") || !body["ply"].is_number_integer())
        return error_reply("bad_request", "ply: the number of moves already played is required");
    Reply refusal;
    auto  room = room_of(id, refusal);
    if (!room) return refusal;
    return room->move(*token, body["move"].get<std::string>(), body["ply"].get<int64_t>());
}

Reply GameService::action_here(
    const std::string& id, const json& body, const std::optional<std::string>& connection_token) {
    if (!body.is_object()) return error_reply("bad_request", "the body must be a JSON object");
    std::optional<Reply> bad;
    auto                 token = token_of(body, connection_token, bad);
    if (!token) return *bad;
    const auto action = body.contains("action") && body["action"].is_string()
        ? action_named(body["action"].get<std::string>())
        : std::nullopt;
    if (!action)
        return error_reply("bad_request",
            "action: one of resign, offer_draw, accept_draw, decline_draw, "
            "claim_draw, propose_alliance, accept_alliance");
    std::optional<std::string> move;
    if (body.contains("move") && !body["move"].is_null()) {
        if (!body["move"].is_string()) return error_reply("bad_request", "move: must be a string");
        move = body["move"].get<std::string>();
    }
    std::optional<int64_t> ply;
    if (!optional_ply(body, ply, bad)) return *bad;
    std::string with_name;
    if (body.contains("with") && !body["with"].is_null()) {
        if (!body["with"].is_string())
            return error_reply("bad_request", "with: must be a seat name");
        with_name = body["with"].get<std::string>();
    }
    Reply refusal;
    auto  room = room_of(id, refusal);
    if (!room) return refusal;
    Seat with = NoSeat;
    if (!with_name.empty()) {
        with = seat_named(with_name, room->seat_count());
        if (with == NoSeat)
            return error_reply(
                "bad_request", "with: '" + with_name + "' is not a seat of this game");
    }
    return room->action(*token, *action, with, move, ply);
}

Reply GameService::take_back_here(const std::string& id, const json& body) {
    if (!body.is_object()) return error_reply("bad_request", "the body must be a JSON object");
    std::optional<Reply>   bad;
    std::optional<int64_t> ply;
    auto                   token = token_of(body, std::nullopt, bad);
    if (!token || !optional_ply(body, ply, bad)) return *bad;
    Reply refusal;
    auto  room = room_of(id, refusal);
    if (!room) return refusal;
    return room->take_back(*token, ply);
}

// The first player to ask makes the rematch; every other player of the game who asks gets their
// seat in it (the seat after theirs), so each browser can join with its own token.
Reply GameService::rematch_here(const std::string& id, const json& body) {
    if (!body.is_object()) return error_reply("bad_request", "the body must be a JSON object");
    std::optional<Reply> bad;
    auto                 token = token_of(body, std::nullopt, bad);
    if (!token) return *bad;
    Reply refusal;
    auto  room = room_of(id, refusal);
    if (!room) return refusal;
    const int seat = room->seat_of_token(*token);
    if (seat < 0) return error_reply("bad_token", "no seat of this game holds this token");
    if (!room->over())
        return error_reply("game_not_over", "a rematch is made once the game is over");
    std::lock_guard lock(rematch_mutex_);
    auto            next_id = room->rematch_id();
    if (!next_id) {
        StoredGame g    = room->rematch_game();
        auto       made = make_live_game(g.variant, g.start_fen);
        if (auto* err = std::get_if<NoGame>(&made)) return error_reply("bad_request", err->message);
        g.id    = random_hex(8);
        Reply r = open(g, std::move(std::get<std::unique_ptr<LiveGame>>(made)), true);
        if (r.status != 201) return r;
        if (!room->link_rematch(g.id, seat))
            return error_reply("storage_failed", "the rematch could not be linked to this game");
        next_id = g.id;
    }
    auto next = room_of(*next_id, refusal);
    if (!next) return refusal;
    const int         n          = next->seat_count();
    const int         mine       = (seat + 1) % n;
    const std::string token_next = rematch_token(*token, *next_id);
    if (!next->claim_seat(mine, sha256_hex(token_next)))
        return error_reply("storage_failed", "your seat in the rematch could not be stored");
    return { 200,
        { { "id", *next_id }, { "url", "/g/" + *next_id }, { "seat", seat_name(Seat(mine), n) },
            { "token", token_next }, { "seat_url", "/g/" + *next_id + "?token=" + token_next } } };
}

// ---- the games other nodes own (peers.h) ------------------------------------------------------

Reply GameService::state(const std::string& id) {
    return offloaded([=, this] { return ask("state", id, json::object(), std::nullopt); });
}
Reply GameService::move(
    const std::string& id, const json& body, const std::optional<std::string>& connection_token) {
    return offloaded([=, this] { return ask("move", id, body, connection_token); });
}
Reply GameService::action(
    const std::string& id, const json& body, const std::optional<std::string>& connection_token) {
    return offloaded([=, this] { return ask("action", id, body, connection_token); });
}
Reply GameService::take_back(const std::string& id, const json& body) {
    return offloaded([=, this] { return ask("take_back", id, body, std::nullopt); });
}
Reply GameService::rematch(const std::string& id, const json& body) {
    return offloaded([=, this] { return ask("rematch", id, body, std::nullopt); });
}

Reply GameService::ask(std::string_view op, const std::string& id, const json& body,
    const std::optional<std::string>& token, Hops hops) {
    if (hops != Hops::here_only)
        if (auto remote = forwarded(op, id, body, token, hops == Hops::may_forward))
            return std::move(*remote);
    if (op == "move") return move_here(id, body, token);
    if (op == "action") return action_here(id, body, token);
    if (op == "state") return state_here(id);
    if (op == "take_back") return take_back_here(id, body);
    if (op == "rematch") return rematch_here(id, body);
    return error_reply("bad_request", "no request is called '" + std::string(op) + "'");
}

// A request for a game held here, or one no live node owns (this node claims it), is answered
// here; one for a game another live node owns is forwarded to it. The owner last found for a game
// is remembered, and forgotten once it does not answer as the owner.
std::optional<Reply> GameService::forwarded(std::string_view op, const std::string& id,
    const json& body, const std::optional<std::string>& connection_token, bool may_retry) {
    if (!peers_) return std::nullopt;
    // A finished game's copy (epoch 0) answers everything but a rematch, which the game's owner
    // links, or this node once it has claimed the game.
    auto here = [&](const std::shared_ptr<Room>& room) {
        return room && (op != "rematch" || room->epoch() > 0);
    };
    auto held = find(id);
    if (here(held)) return std::nullopt;
    std::string owner;
    {
        std::lock_guard lock(owners_mutex_);
        if (auto at = owners_.find(id); at != owners_.end()) owner = at->second;
    }
    const bool remembered = !owner.empty();
    if (owner.empty()) {
        if (!held) {
            Located where = locate(id);
            if (here(where.room)) return std::nullopt;
            held  = where.room;
            owner = where.owner;
        }
        if (held) {
            try {
                owner = owner_of_copy(id);
            } catch (const StorageError& e) {
                std::cerr << "citadel serve: " << e.message << "\n";
                return error_reply("storage_failed", "game " + id + " could not be loaded");
            }
        }
        if (owner.empty()) return std::nullopt; // refused as it should be, by the usual path
        std::lock_guard lock(owners_mutex_);
        if (owners_.size() >= kOwnersRemembered) owners_.clear();
        owners_[id] = owner;
    }
    json request = { { "op", op }, { "id", id }, { "body", body } };
    if (connection_token) request["token"] = *connection_token;
    Reply reply = peers_->forward(owner, std::move(request));
    // Forget the owner once it answers that it is not (or cannot be reached), so that the
    // client's next try finds the game where it is now.
    // A remembered owner that nobody answered for (it is gone: nothing was done) is looked up
    // again once, here, rather than handing the client a refusal.
    const bool retry = may_retry && remembered;
    reply.later      = [this, op = std::string(op), id, body, connection_token, owner, retry,
                      send = std::move(reply.later)](std::function<void(Reply)> done) {
        send([=, this](Reply answer) {
            if (answer.status == 503 || answer.status == 504) {
                std::lock_guard lock(owners_mutex_);
                if (auto at = owners_.find(id); at != owners_.end() && at->second == owner)
                    owners_.erase(at);
            }
            const bool gone = answer.status == 503 && answer.body.is_object()
                && answer.body.value("code", "") == "unavailable";
            if (!retry || !gone) return done(answer);
            off_network([=, this] { // the lookup reads the store
                Reply again = ask(op, id, body, connection_token, Hops::no_retry);
                if (again.later) return again.later(done);
                done(std::move(again));
            });
        });
    };
    return reply;
}

std::string GameService::owner_of_copy(const std::string& id) {
    if (auto owner = cluster_->store().live_owner(id)) return *owner;
    std::lock_guard lock(claim_mutex_);
    if (auto claim = cluster_->claim(id))
        if (auto game = cluster_->store().load_game(id)) run_claimed(std::move(*game), *claim);
    return "";
}

Reply GameService::run_forwarded(const json& request) {
    return offloaded([this, request] { return run_forwarded_here(request); });
}

Reply GameService::run_forwarded_here(const json& request) {
    auto text = [&](const char* key) {
        return request.is_object() && request.contains(key) && request[key].is_string()
            ? std::optional<std::string>(request[key].get<std::string>())
            : std::nullopt;
    };
    const auto op = text("op"), id = text("id");
    if (!op || !id || !request.contains("body"))
        return error_reply("bad_request", "a forwarded request names its op, game id and body");
    const json& body  = request["body"];
    const auto  token = text("token");
    if (*op == "presence") {
        auto room = find(*id);
        if (!room || room->epoch() == 0 || !body.is_object() || !body.contains("node")
            || !body["node"].is_string() || !body.contains("seats") || !body["seats"].is_array()
            || body["seats"].size() > size_t(room->seat_count()))
            return error_reply("bad_request", "presence: {node, seats} for a game run here");
        std::vector<int> seats;
        for (const json& n : body["seats"]) {
            if (!n.is_number_integer()) return error_reply("bad_request", "presence: counts");
            seats.push_back(int(std::clamp<int64_t>(n.get<int64_t>(), 0, 1 << 16)));
        }
        room->present_elsewhere(body["node"].get<std::string>(), std::move(seats));
        return { 200, json::object() };
    }
    if (*op == "snapshot") {
        auto room = find(*id);
        if (!room || room->epoch() == 0)
            return error_reply("unavailable", "game " + *id + " is not run by this node");
        return { 200, room->snapshot() };
    }
    return ask(*op, *id, body, token, Hops::here_only);
}

std::optional<std::string> GameService::owner_elsewhere(const std::string& id) {
    auto room = find(id);
    if (!room) {
        Located where = locate(id);
        if (!where.owner.empty()) return where.owner;
        room = where.room;
    }
    if (!room || room->epoch() > 0) return std::nullopt;
    try { // a finished game's copy: its owner, while it lives, tells of a rematch
        return cluster_->store().live_owner(id);
    } catch (const StorageError& e) {
        std::cerr << "citadel serve: " << e.message << "\n";
        return std::nullopt;
    }
}

Reply GameService::record(const std::string& id) {
    return offloaded([=, this] { return record_here(id); });
}

// A game another node runs: its record as stored, every acknowledged step in it.
Reply GameService::record_here(const std::string& id) {
    std::shared_ptr<Room> room = find(id);
    if (!room && cluster_) {
        Located where = locate(id);
        room          = where.room;
        if (!room && !where.stored) return where.refusal;
        if (!room && !(room = rebuilt(std::move(*where.stored))))
            return error_reply("storage_failed", "game " + id + " cannot be rebuilt");
    }
    if (!room) return error_reply("unknown_game", "no game has the id '" + id + "'");
    Reply r;
    r.file = File{ "application/x-chess-pgn; charset=utf-8", "citadel-" + id + ".pgn",
        room->record() };
    return r;
}

Reply GameService::analysis(const std::string& id) {
    return offloaded([=, this] { return analysis_here(id); });
}

Reply GameService::analysis_here(const std::string& id) {
    Reply refusal;
    auto  room = room_of(id, refusal);
    if (!room) return refusal;
    if (!room->over())
        return error_reply("game_not_over",
            "the analysis is given once the game is over (during play it would be engine help)");
    return analyses_->request(id, [&] { return room->analysis_input(); });
}

std::optional<Reply> GameService::may_subscribe(const std::string& id, const std::string& token) {
    if (auto room = find(id)) return token_refusal(room->seat_of_token(token) >= 0, token);
    if (!cluster_) return error_reply("unknown_game", "no game has the id '" + id + "'");
    Located where = locate(id);
    if (where.room) return token_refusal(where.room->seat_of_token(token) >= 0, token);
    if (where.owner.empty()) return where.refusal;
    return token_refusal(seat_held(where.stored->seats, token) >= 0, token);
}

void GameService::may_subscribe(const std::string& id, const std::string& token,
    std::function<void(std::optional<Reply>)> done) {
    if (!commits_) return done(may_subscribe(id, token));
    off_network([=, this] { done(may_subscribe(id, token)); });
}

void GameService::subscribe(const std::string& id, const std::string& token,
    std::shared_ptr<Subscriber> s, std::function<void(bool)> done) {
    if (!commits_) return done(subscribe(id, token, std::move(s)));
    off_network([=, this] { done(subscribe(id, token, s)); });
}

std::optional<Reply> GameService::token_refusal(bool held, const std::string& token) {
    if (token.empty() || held) return std::nullopt;
    return error_reply("bad_token", "no seat of this game holds this token");
}

// A finished game's copy is watched through its owner while it lives: a rematch is told there.
bool GameService::subscribe(
    const std::string& id, const std::string& token, std::shared_ptr<Subscriber> s) {
    auto room = find(id);
    if (room && (!peers_ || room->epoch() > 0)) return room->subscribe(token, std::move(s));
    if (!peers_) return false;
    std::string owner;
    int         seat = -1;
    if (room) { // the copy knows its seats: nothing to load
        owner = owner_elsewhere(id).value_or("");
        seat  = room->seat_of_token(token);
    } else {
        Located where = locate(id);
        room          = where.room;
        owner         = where.owner;
        if (!owner.empty()) seat = seat_held(where.stored->seats, token);
    }
    if (owner.empty()) return room && room->subscribe(token, std::move(s));
    if (!token.empty() && seat < 0) return false;
    return peers_->watch(id, owner, seat, std::move(s));
}

// Both: a connection that watched from here may find the game held here by now, and the other way.
void GameService::unsubscribe(
    const std::string& id, const std::string& token, const Subscriber* s) {
    if (auto room = find(id)) room->unsubscribe(token, s);
    if (peers_) peers_->unwatch(id, s);
}

} // namespace citadel::server
