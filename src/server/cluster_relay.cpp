#include "server/cluster_relay.h"

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <iostream>

#include "server/cluster_node.h"
#include "server/failpoint.h"
#include "server/game_service.h"
#include "server/room.h"

namespace citadel::server {

using nlohmann::json;

// ---- one game's messages on a watching node ----------------------------------------------------

std::optional<std::vector<std::string>> RelayedStream::synced(int64_t epoch, uint64_t seq) {
    epoch_ = epoch;
    seq_   = seq;
    std::vector<std::string> after;
    for (Message& m : held_) {
        if (m.epoch < epoch_ || (m.epoch == epoch_ && m.seq <= seq_)) continue; // in the snapshot
        if (m.epoch > epoch_ || m.seq != seq_ + 1) return std::nullopt;
        ++seq_;
        after.push_back(std::move(m.text));
    }
    held_.clear();
    syncing_ = false;
    return after;
}

RelayedStream::Verdict RelayedStream::take(Message m) {
    if (syncing_) {
        held_.push_back(std::move(m));
        return Verdict::held;
    }
    if (m.epoch < epoch_ || (m.epoch == epoch_ && m.seq <= seq_)) return Verdict::drop;
    if (m.epoch > epoch_ || m.seq != seq_ + 1) return Verdict::resync;
    ++seq_;
    return Verdict::deliver;
}

// ---- the relay
// -----------------------------------------------------------------------------------

namespace {

std::string node_channel(const std::string& node) { return "citadel:node:" + node; }
std::string game_channel(const std::string& id) { return "citadel:game:" + id; }

} // namespace

struct ClusterRelay::Pending {
    explicit Pending(boost::asio::io_context& io)
        : timer(io) { }
    std::function<void(Reply)> done;
    boost::asio::steady_timer  timer;
};

struct ClusterRelay::Watched {
    std::string                                owner;
    std::unordered_map<const Subscriber*, int> seat_of; // of each subscriber or waiting one
    // The connections of each seat watching from here.
    std::vector<int> seats() const {
        std::vector<int> n;
        for (const auto& [s, seat] : seat_of)
            if (seat >= 0) {
                n.resize(std::max(n.size(), size_t(seat) + 1));
                ++n[size_t(seat)];
            }
        return n;
    }
    std::vector<std::shared_ptr<Subscriber>> subscribers; // given the state, following the stream
    std::vector<std::shared_ptr<Subscriber>> waiting; // waiting for their first state
    RelayedStream                            stream;
    uint64_t                                 generation = 0; // of the snapshot asked for last
};

ClusterRelay::ClusterRelay(
    boost::asio::io_context& io, Bus& bus, ClusterNode& node, GameService& games, RelayTimes times)
    : io_(io)
    , bus_(bus)
    , games_(games)
    , times_(times) {
    node.on_join([this](const std::string& name) { listen(name); });
    bus_.watch([&node](const BusLink& link) { node.bus_link(link.up); });
}

ClusterRelay::~ClusterRelay() = default;

void ClusterRelay::listen(const std::string& name) {
    std::string before;
    {
        std::lock_guard lock(mutex_);
        before = std::exchange(name_, name);
    }
    if (!before.empty()) bus_.unsubscribe(node_channel(before));
    bus_.subscribe(node_channel(name), [this](std::string payload) { on_node_message(payload); });
}

// ---- forwarding
// -----------------------------------------------------------------------------------

Reply ClusterRelay::forward(const std::string& owner, json request) {
    Reply r;
    r.later = [this, owner, request = std::move(request)](
                  std::function<void(Reply)> done) { call(owner, request, std::move(done)); };
    return r;
}

void ClusterRelay::call(const std::string& owner, json request, std::function<void(Reply)> done) {
    auto        pending = std::make_shared<Pending>(io_);
    uint64_t    rid     = 0;
    std::string from;
    {
        std::lock_guard lock(mutex_);
        rid  = ++next_rid_;
        from = name_;
    }
    pending->done = std::move(done);
    // Armed before the request can be answered, so that only finish() ever cancels it.
    pending->timer.expires_after(times_.answer);
    pending->timer.async_wait([this, rid, owner](const boost::system::error_code& ec) {
        if (!ec)
            finish(rid,
                error_reply("outcome_unknown",
                    "node " + owner
                        + " did not answer in time: the request may have been done or not; "
                          "sending it again with the same ply is safe"));
    });
    {
        std::lock_guard lock(mutex_);
        pending_[rid] = pending;
    }
    const std::string payload
        = json{ { "rid", rid }, { "from", from }, { "request", std::move(request) } }.dump();
    bus_.publish(node_channel(owner), payload, [this, rid, owner](const Published& p) {
        // Nobody got it: a true refusal, and the client tries again (the game may move).
        if (p.outcome == Published::not_sent || (p.outcome == Published::sent && p.receivers == 0))
            finish(rid,
                error_reply("unavailable",
                    "node " + owner + ", which runs this game, cannot be reached"
                        + (p.why.empty() ? "" : " (" + p.why + ")") + "; try again"));
    });
}

void ClusterRelay::finish(uint64_t rid, Reply answer) {
    std::shared_ptr<Pending> pending;
    {
        std::lock_guard lock(mutex_);
        auto            at = pending_.find(rid);
        if (at == pending_.end()) return; // answered already, or timed out
        pending = std::move(at->second);
        pending_.erase(at);
    }
    pending->timer.cancel();
    pending->done(std::move(answer));
}

// A message on this node's channel: a request to run, or the answer to one sent. Anything else is
// dropped: whoever can publish on the bus is a node, but a damaged message must not stop it.
void ClusterRelay::on_node_message(const std::string& payload) {
    json m = json::parse(payload, nullptr, false);
    if (!m.is_object() || !m.contains("rid") || !m["rid"].is_number_unsigned()) return;
    const uint64_t rid = m["rid"].get<uint64_t>();
    if (m.contains("reply")) {
        const json& reply = m["reply"];
        if (!reply.is_object() || !reply.contains("status") || !reply["status"].is_number_integer()
            || !reply.contains("body"))
            return;
        const int status = reply["status"].get<int>();
        if (status < 100 || status > 599) return;
        return finish(rid, Reply{ status, reply["body"] });
    }
    if (!m.contains("from") || !m["from"].is_string() || !m.contains("request")) return;
    // The game may wait on the store: off the bus's strand.
    boost::asio::post(
        io_, [this, rid, from = m["from"].get<std::string>(), request = std::move(m["request"])] {
            Reply r = games_.run_forwarded(request);
            if (!r.later) return answer(rid, from, std::move(r));
            r.later([this, rid, from](Reply later) { answer(rid, from, std::move(later)); });
        });
}

void ClusterRelay::answer(uint64_t rid, const std::string& to, Reply reply) {
    failpoint("relay.answer");
    if (to.empty()) return;
    bus_.publish(node_channel(to),
        json{ { "rid", rid }, { "reply", { { "status", reply.status }, { "body", reply.body } } } }
            .dump());
}

// ---- relaying a game's messages
// --------------------------------------------------------------------

void ClusterRelay::relay(
    const std::string& game, int64_t epoch, uint64_t seq, std::shared_ptr<const std::string> text) {
    bus_.publish(
        game_channel(game), json{ { "epoch", epoch }, { "seq", seq }, { "text", *text } }.dump());
}

bool ClusterRelay::watch(
    const std::string& id, const std::string& owner, int seat, std::shared_ptr<Subscriber> s) {
    bool fresh = false;
    {
        std::lock_guard lock(mutex_);
        auto&           w = watched_[id];
        if (!w) {
            w     = std::make_shared<Watched>();
            fresh = true;
        }
        w->owner            = owner;
        w->seat_of[s.get()] = seat;
        w->waiting.push_back(std::move(s));
    }
    if (fresh)
        // Subscribed first, then the snapshot (at each activation): nothing after it is missed.
        bus_.subscribe(
            game_channel(id), [this, id](std::string payload) { on_game_message(id, payload); },
            [this, id] { resync(id); });
    else
        resync(id); // the newcomer's state
    return true;
}

void ClusterRelay::unwatch(const std::string& id, const Subscriber* s) {
    std::string      owner;
    std::vector<int> seats;
    bool             last = false, seated = false;
    {
        std::lock_guard lock(mutex_);
        auto            at = watched_.find(id);
        if (at == watched_.end()) return;
        Watched& w     = *at->second;
        auto     known = w.seat_of.find(s);
        if (known == w.seat_of.end()) return;
        seated = known->second >= 0;
        w.seat_of.erase(known);
        auto gone = [s](const std::shared_ptr<Subscriber>& x) { return x.get() == s; };
        std::erase_if(w.subscribers, gone);
        std::erase_if(w.waiting, gone);
        owner = w.owner;
        seats = w.seats();
        last  = w.seat_of.empty();
        if (last) watched_.erase(at);
    }
    if (seated) tell_presence(id, owner, std::move(seats));
    if (last) bus_.unsubscribe(game_channel(id));
}

void ClusterRelay::tell_presence(
    const std::string& id, const std::string& owner, std::vector<int> seats) {
    std::string me;
    {
        std::lock_guard lock(mutex_);
        me = name_;
    }
    call(owner,
        { { "op", "presence" }, { "id", id },
            { "body", { { "node", me }, { "seats", std::move(seats) } } } },
        [](Reply) {}); // the next snapshot tells it again if this one is lost
}

void ClusterRelay::on_game_message(const std::string& id, const std::string& payload) {
    json m = json::parse(payload, nullptr, false);
    if (!m.is_object() || !m.contains("epoch") || !m["epoch"].is_number_integer()
        || !m.contains("seq") || !m["seq"].is_number_unsigned() || !m.contains("text")
        || !m["text"].is_string())
        return;
    RelayedStream::Verdict verdict;
    auto                   text = std::make_shared<const std::string>(m["text"].get<std::string>());
    {
        std::lock_guard lock(mutex_);
        auto            at = watched_.find(id);
        if (at == watched_.end()) return;
        verdict = at->second->stream.take(
            { m["epoch"].get<int64_t>(), m["seq"].get<uint64_t>(), *text });
        if (verdict == RelayedStream::Verdict::deliver)
            for (auto& s : at->second->subscribers) s->deliver(text);
    }
    if (verdict == RelayedStream::Verdict::resync) resync(id);
}

void ClusterRelay::resync(const std::string& id) {
    uint64_t generation = 0;
    {
        std::lock_guard lock(mutex_);
        auto            at = watched_.find(id);
        if (at == watched_.end()) return;
        at->second->stream.begin_sync();
        generation = ++at->second->generation;
    }
    // Finding the owner reads the store: on the network threads, never the bus's strand.
    boost::asio::post(io_, [this, id, generation] {
        const auto owner = games_.owner_elsewhere(id);
        if (!owner) return move_away(id);
        {
            std::lock_guard lock(mutex_);
            auto            at = watched_.find(id);
            if (at == watched_.end() || at->second->generation != generation) return;
            at->second->owner = *owner;
        }
        call(*owner, { { "op", "snapshot" }, { "id", id }, { "body", json::object() } },
            [this, id, generation](Reply snapshot) { synced(id, generation, snapshot); });
    });
}

void ClusterRelay::synced(const std::string& id, uint64_t generation, const Reply& snapshot) {
    const json& b  = snapshot.body;
    const bool  ok = snapshot.status == 200 && b.is_object() && b.contains("state")
        && b.contains("epoch") && b["epoch"].is_number_integer() && b.contains("seq")
        && b["seq"].is_number_unsigned();
    if (!ok) {
        // The owner is gone or no longer owns it: look again after a moment.
        auto timer = std::make_shared<boost::asio::steady_timer>(io_, times_.retry);
        timer->async_wait([this, id, generation, timer](const boost::system::error_code& ec) {
            if (ec) return;
            {
                std::lock_guard lock(mutex_);
                auto            at = watched_.find(id);
                if (at == watched_.end() || at->second->generation != generation) return;
            }
            resync(id);
        });
        return;
    }
    bool             again = false;
    std::string      owner;
    std::vector<int> seats;
    {
        std::lock_guard lock(mutex_);
        auto            at = watched_.find(id);
        if (at == watched_.end() || at->second->generation != generation) return;
        Watched& w     = *at->second;
        auto     after = w.stream.synced(b["epoch"].get<int64_t>(), b["seq"].get<uint64_t>());
        if (!after) {
            again = true;
        } else {
            std::vector<std::shared_ptr<const std::string>> messages{
                std::make_shared<const std::string>(b["state"].dump())
            };
            for (std::string& text : *after)
                messages.push_back(std::make_shared<const std::string>(std::move(text)));
            for (auto& s : w.waiting) w.subscribers.push_back(std::move(s));
            w.waiting.clear();
            for (auto& s : w.subscribers)
                for (const auto& m : messages) s->deliver(m);
            owner = w.owner;
            seats = w.seats();
        }
    }
    if (again) return resync(id);
    tell_presence(id, owner, std::move(seats));
}

void ClusterRelay::move_away(const std::string& id) {
    std::shared_ptr<Watched> w;
    {
        std::lock_guard lock(mutex_);
        auto            at = watched_.find(id);
        if (at == watched_.end()) return;
        w = std::move(at->second);
        watched_.erase(at);
    }
    bus_.unsubscribe(game_channel(id));
    for (auto& s : w->subscribers) s->moved_away();
    for (auto& s : w->waiting) s->moved_away();
}

} // namespace citadel::server
