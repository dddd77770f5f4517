#include "server/game_service.h"

#include <sys/random.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cmath>
#include <iostream>
#include <set>

#include "server/rules.h"

namespace citadel::server {

namespace {

using Steady = std::chrono::steady_clock;

int64_t unix_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now().time_since_epoch())
        .count();
}

int status_of(std::string_view code) {
    if (code == "unknown_game" || code == "not_found") return 404;
    if (code == "method_not_allowed") return 405;
    if (code == "bad_token" || code == "not_your_turn") return 403;
    if (code == "stale_ply" || code == "game_over" || code == "action_refused"
        || code == "game_not_over")
        return 409;
    if (code == "too_large") return 413;
    if (code == "rate_limited") return 429;
    if (code == "storage_failed" || code == "analysis_busy") return 503;
    return 400;
}

const std::set<std::string, std::less<>> kActions = { "resign", "offer_draw", "accept_draw",
    "decline_draw", "claim_draw", "propose_alliance", "accept_alliance" };

// Compares a secret in time independent of where the texts differ.
bool same_secret(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

} // namespace

Reply error_reply(std::string_view code, std::string message, json extra) {
    json body       = std::move(extra);
    body["type"]    = "error";
    body["code"]    = code;
    body["message"] = std::move(message);
    return { status_of(code), std::move(body) };
}

namespace {
// A refused move's error; an illegal one carries the core's reason and the arrows to draw.
Reply refusal_reply(const MoveRefused& no) {
    json extra = json::object();
    if (no.code == "illegal_move") extra = { { "reason", no.reason }, { "arrows", no.arrows } };
    return error_reply(no.code, no.message, extra);
}
} // namespace

std::string random_hex(size_t bytes) {
    std::vector<unsigned char> buf(bytes);
    for (size_t got = 0; got < bytes;) {
        ssize_t n = getrandom(buf.data() + got, bytes - got, 0);
        if (n > 0)
            got += size_t(n);
        else if (errno != EINTR)
            throw std::runtime_error("getrandom failed");
    }
    static const char* digits = "0123456789abcdef";
    std::string        out;
    for (unsigned char c : buf) out += digits[c >> 4], out += digits[c & 15];
    return out;
}

// ---- one game -----------------------------------------------------------------------------------

struct SeatState {
    StoredSeat stored;
    int        connected = 0; // open WebSockets holding the seat's token
};

// The time of a timed game. Clocks start with the first move (the first mover's first move is
// not timed); the running seat's time is `left` less the time since `since`.
struct GameClock {
    bool                 on           = false;
    int64_t              initial_ms   = 0;
    int64_t              increment_ms = 0;
    std::vector<int64_t> left;
    int                  running = -1;
    Steady::time_point   since;

    int64_t left_now(int seat, Steady::time_point now) const {
        int64_t l = left[size_t(seat)];
        if (seat == running)
            l -= std::chrono::duration_cast<std::chrono::milliseconds>(now - since).count();
        return l;
    }
    void settle(Steady::time_point now) {
        if (running >= 0) left[size_t(running)] = left_now(running, now);
        since = now;
    }
};

class Room : public std::enable_shared_from_this<Room> {
  public:
    Room(boost::asio::io_context& io, Storage& storage, EnginePool& engines, StoredGame stored,
        std::unique_ptr<Rules> rules)
        : io_(io)
        , storage_(storage)
        , engines_(engines)
        , timer_(io)
        , id_(stored.id)
        , rules_(std::move(rules)) {
        for (auto& s : stored.seats) seats_.push_back({ s, 0 });
        if (stored.clock) {
            clock_.on           = true;
            clock_.initial_ms   = stored.clock->initial_ms;
            clock_.increment_ms = stored.clock->increment_ms;
            clock_.left.assign(seats_.size(), stored.clock->initial_ms);
        }
        stored_.variant   = stored.variant;
        stored_.start_fen = stored.start_fen;
    }

    const std::string& id() const { return id_; }
    int                seat_count() const { return int(seats_.size()); }

    // Replays a stored step; false if the rules refuse it (a damaged database).
    bool replay(const StoredStep& s) {
        if (!apply_stored(*rules_, s)) return false;
        if (clock_.on && s.clock_ms.size() == seats_.size()) clock_.left = s.clock_ms;
        history_.push_back(s);
        return true;
    }

    // After creation or replay: the clock resumes with the time it had at the last step.
    void start() {
        std::lock_guard lock(mutex_);
        restart_clock(Steady::now());
        arm_timer();
        ask_decisions();
        ask_engine();
    }

    json state() {
        std::lock_guard lock(mutex_);
        check_flag(Steady::now());
        return state_locked();
    }

    std::string record() {
        std::lock_guard lock(mutex_);
        check_flag(Steady::now());
        return rules_->record();
    }

    bool over() {
        std::lock_guard lock(mutex_);
        check_flag(Steady::now());
        return rules_->over();
    }

    // The finished game for its analysis: the moves, and the position each was played in
    // (rebuilt from the stored steps outside the game's lock; actions between moves, such as
    // a Four Kingdoms resignation, shape those positions too).
    AnalysisInput analysis_input() {
        std::vector<StoredStep> steps;
        AnalysisInput           in;
        {
            std::lock_guard lock(mutex_);
            steps        = history_;
            in.variant   = stored_.variant;
            in.start_fen = stored_.start_fen;
            in.moves     = rules_->moves_uci();
        }
        auto  made  = make_rules(in.variant, in.start_fen);
        auto* rules = std::get_if<std::unique_ptr<Rules>>(&made);
        if (!rules) return in; // no positions: refused as damaged
        for (const StoredStep& s : steps) {
            if (s.kind == "move") in.fens.push_back((*rules)->fen());
            if (!apply_stored(**rules, s)) return in;
        }
        in.fens.push_back((*rules)->fen());
        return in;
    }

    int seat_of_token(const std::string& token) const {
        if (token.empty()) return -1;
        int found = -1;
        for (size_t i = 0; i < seats_.size(); ++i)
            if (!seats_[i].stored.engine && same_secret(seats_[i].stored.token, token))
                found = int(i);
        return found;
    }

    Reply move(const std::string& token, const std::string& text, int64_t ply) {
        std::lock_guard lock(mutex_);
        const auto      now  = Steady::now();
        const int       seat = seat_of_token(token);
        if (seat < 0) return error_reply("bad_token", "no seat of this game holds this token");
        check_flag(now);
        if (ply != rules_->ply())
            return error_reply("stale_ply",
                "ply " + std::to_string(ply) + " is not the number of moves played ("
                    + std::to_string(rules_->ply()) + ")",
                { { "ply", rules_->ply() } });
        if (rules_->over())
            return error_reply("game_over", "the game is over: " + rules_->describe());
        if (seat != rules_->to_move())
            return error_reply("not_your_turn",
                "it is " + std::string(rules_->seat_name(rules_->to_move())) + "'s turn, not "
                    + std::string(rules_->seat_name(seat)) + "'s");
        return play_locked(text, now, {});
    }

    Reply action(const std::string& token, const std::string& name, int with,
        const std::optional<std::string>& move, std::optional<int64_t> ply) {
        std::lock_guard lock(mutex_);
        const auto      now  = Steady::now();
        const int       seat = seat_of_token(token);
        if (seat < 0) return error_reply("bad_token", "no seat of this game holds this token");
        check_flag(now);
        if (ply && *ply != rules_->ply())
            return error_reply("stale_ply",
                "ply " + std::to_string(*ply) + " is not the number of moves played ("
                    + std::to_string(rules_->ply()) + ")",
                { { "ply", rules_->ply() } });
        if (rules_->over())
            return error_reply("game_over", "the game is over: " + rules_->describe());
        if (name == "claim_draw" && seat != rules_->to_move())
            return error_reply("not_your_turn", "only the player to move may claim a draw");
        if (name == "claim_draw" && move) return claim_with_move(seat, *move, now);
        if (name == "propose_alliance" && with < 0)
            return error_reply("bad_request", "with: propose_alliance names the seat proposed to");
        json events = json::array();
        if (auto why = act(name, seat, with, events))
            return error_reply("action_refused", name + " refused: " + *why);
        StoredStep step{ name, seat, "", name == "propose_alliance" ? with : -1, {} };
        return commit_action({ step }, seat, name, with, events, now);
    }

    bool subscribe(const std::string& token, std::shared_ptr<Subscriber> s) {
        std::lock_guard lock(mutex_);
        int             seat = seat_of_token(token);
        if (!token.empty() && seat < 0) return false;
        check_flag(Steady::now());
        s->deliver(std::make_shared<const std::string>(state_locked().dump()));
        subscribers_.push_back(std::move(s));
        if (seat >= 0 && seats_[size_t(seat)].connected++ == 0) broadcast_seat(seat);
        return true;
    }

    void unsubscribe(const std::string& token, const Subscriber* s) {
        std::lock_guard lock(mutex_);
        auto            at = std::find_if(
                       subscribers_.begin(), subscribers_.end(), [&](const auto& p) { return p.get() == s; });
        if (at == subscribers_.end()) return;
        subscribers_.erase(at);
        int seat = seat_of_token(token);
        if (seat >= 0 && --seats_[size_t(seat)].connected == 0) broadcast_seat(seat);
    }

    // The engine's move for the position `fen` after `ply` moves.
    void engine_moved(int seat, int64_t ply, const std::string& fen, const std::string& text) {
        std::lock_guard lock(mutex_);
        engine_moved_locked(seat, ply, fen, text, Steady::now());
    }

    // An engine seat's answer to a question asked when the game had `steps` stored steps.
    void engine_answered(
        EngineQuestion::Kind kind, int seat, size_t steps, const EngineAnswer& answer) {
        std::lock_guard lock(mutex_);
        const auto      now = Steady::now();
        auto            at  = std::find_if(asking_.begin(), asking_.end(), [&](const Asked& a) {
            return a.kind == kind && a.seat == seat && a.steps == steps;
        });
        if (at != asking_.end()) asking_.erase(at);
        check_flag(now);
        // A stale answer (the game moved on, or ended, since it was asked) is dropped: the
        // question, where it still arises, was asked again in the new state.
        if (!rules_->over() && history_.size() == steps) take_answer(kind, seat, answer, now);
        if (asking_.empty() && held_move_) {
            HeldMove held = std::move(*held_move_);
            held_move_.reset();
            engine_moved_locked(held.seat, held.ply, held.fen, held.text, now);
        }
    }

  private:
    // ---- steps ----

    static std::optional<std::string> act(
        Rules& rules, const std::string& name, int seat, int with, json& events) {
        if (name == "resign") return rules.resign(seat, events);
        if (name == "offer_draw") return rules.offer_draw(seat, events);
        if (name == "accept_draw") return rules.accept_draw(seat, events);
        if (name == "decline_draw") return rules.decline_draw(seat, events);
        if (name == "claim_draw") return rules.claim_draw(seat, events);
        if (name == "propose_alliance") return rules.propose_alliance(seat, with, events);
        if (name == "accept_alliance") return rules.accept_alliance(seat, events);
        return "unknown action";
    }
    std::optional<std::string> act(const std::string& name, int seat, int with, json& events) {
        return act(*rules_, name, seat, with, events);
    }

    static bool apply_stored(Rules& rules, const StoredStep& s) {
        json events = json::array();
        if (s.kind == "move") return std::holds_alternative<MovePlayed>(rules.play(s.text));
        if (s.kind == "flag") {
            rules.flag(s.seat, events);
            return true;
        }
        return !act(rules, s.kind, s.seat, s.other, events);
    }

    // The game as storage has it: after a step that could not be stored, the rules are rebuilt
    // from the stored steps (an action cannot always be taken back one by one).
    void rebuild() {
        auto  made  = make_rules(stored_.variant, stored_.start_fen);
        auto* fresh = std::get_if<std::unique_ptr<Rules>>(&made);
        if (!fresh) return;
        for (const auto& s : history_) apply_stored(**fresh, s);
        rules_ = std::move(*fresh);
    }

    Reply play_locked(
        const std::string& text, Steady::time_point now, std::vector<StoredStep> more) {
        const int  seat   = rules_->to_move();
        const int  ply    = rules_->ply();
        const auto before = clock_;
        auto       played = rules_->play(text);
        if (auto* no = std::get_if<MoveRefused>(&played)) return refusal_reply(*no);
        auto& done = std::get<MovePlayed>(played);
        clock_.settle(now);
        if (clock_.on && clock_.running == seat) clock_.left[size_t(seat)] += clock_.increment_ms;
        restart_clock(now);
        std::vector<StoredStep> steps{ { "move", seat, done.uci, -1,
            clock_.on ? clock_.left : std::vector<int64_t>{} } };
        for (auto& s : more) steps.push_back(std::move(s));
        if (!store(steps)) {
            rules_->undo_move();
            clock_ = before;
            return error_reply("storage_failed", "the move could not be stored; it was not played");
        }
        json msg = { { "type", "move" }, { "ply", ply }, { "seat", rules_->seat_name(seat) },
            { "move", done.uci }, { "san", done.san }, { "fen", rules_->fen() },
            { "clock", clock_json(now) }, { "events", done.events } };
        add_turn(msg);
        broadcast(msg);
        after_step(now);
        return { 200, msg };
    }

    // FIDE 9.2.1: the claim is made with the move that brings the position about; the move and
    // the claim stand or fall together.
    Reply claim_with_move(int seat, const std::string& text, Steady::time_point now) {
        const auto before = clock_;
        auto       played = rules_->play(text);
        if (auto* no = std::get_if<MoveRefused>(&played)) return refusal_reply(*no);
        // The claim is judged in the position after the move, for the player who made it.
        json events = json::array();
        auto why    = rules_->claim_draw(seat, events);
        rules_->undo_move();
        clock_ = before;
        if (why)
            return error_reply("action_refused", "claim_draw refused: " + *why + " after " + text);
        Reply r = play_locked(text, now, { { "claim_draw", seat, "", -1, {} } });
        if (r.status != 200) return r;
        events = json::array();
        rules_->claim_draw(seat, events);
        json msg = { { "type", "action" }, { "action", "claim_draw" },
            { "seat", rules_->seat_name(seat) }, { "move", r.body["move"] }, { "events", events },
            { "offers", rules_->offers() }, { "clock", clock_json(now) } };
        restart_clock(now);
        add_turn(msg);
        broadcast(msg);
        after_step(now);
        return { 200, msg };
    }

    Reply commit_action(std::vector<StoredStep> steps, int seat, const std::string& name, int with,
        const json& events, Steady::time_point now) {
        const auto before = clock_;
        clock_.settle(now);
        restart_clock(now);
        if (clock_.on)
            for (auto& s : steps) s.clock_ms = clock_.left;
        if (!store(steps)) {
            rebuild();
            clock_ = before;
            return error_reply(
                "storage_failed", "the action could not be stored; it was not taken");
        }
        json msg = { { "type", "action" }, { "action", name }, { "seat", rules_->seat_name(seat) },
            { "events", events }, { "offers", rules_->offers() }, { "clock", clock_json(now) } };
        if (with >= 0) msg["with"] = rules_->seat_name(with);
        add_turn(msg);
        broadcast(msg);
        after_step(now);
        return { 200, msg };
    }

    bool store(const std::vector<StoredStep>& steps) {
        try {
            storage_.append_steps(id_, int(history_.size()), steps, rules_->over());
            history_.insert(history_.end(), steps.begin(), steps.end());
            return true;
        } catch (const StorageError& e) {
            std::cerr << "citadel serve: " << e.message << "\n";
            return false;
        }
    }

    void after_step(Steady::time_point) {
        if (rules_->over()) {
            json end = { { "type", "end" }, { "status", rules_->status() },
                { "result", rules_->result() }, { "scores", rules_->scores() },
                { "text", rules_->describe() } };
            broadcast(end);
        }
        arm_timer();
        ask_decisions();
        ask_engine();
    }

    // ---- time ----

    void restart_clock(Steady::time_point now) {
        if (!clock_.on) return;
        clock_.settle(now);
        clock_.running = rules_->over() || rules_->ply() == 0 ? -1 : rules_->to_move();
        clock_.since   = now;
    }

    // Ends the running seat's time if it has run out (the timer's job, also checked on demand).
    void check_flag(Steady::time_point now) {
        while (clock_.on && clock_.running >= 0 && !rules_->over()
            && clock_.left_now(clock_.running, now) <= 0) {
            const int seat = clock_.running;
            clock_.settle(now);
            clock_.left[size_t(seat)] = 0;
            json events               = json::array();
            rules_->flag(seat, events);
            commit_action({ { "flag", seat, "", -1, {} } }, seat, "flag", -1, events, now);
        }
    }

    void arm_timer() {
        if (!clock_.on || clock_.running < 0 || rules_->over()) {
            timer_.cancel();
            return;
        }
        const int64_t left = std::max<int64_t>(0, clock_.left_now(clock_.running, Steady::now()));
        timer_.expires_after(std::chrono::milliseconds(left + 1));
        timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
            if (ec) return;
            if (auto room = weak.lock()) room->on_timer();
        });
    }

    void on_timer() {
        std::lock_guard lock(mutex_);
        check_flag(Steady::now());
        arm_timer();
    }

    // ---- the engine ----

    // What a chooser needs to know of the game for `seat`.
    EngineRequest request_for(int seat) const {
        EngineRequest req;
        req.variant   = stored_.variant;
        req.start_fen = stored_.start_fen;
        req.moves     = rules_->moves_uci();
        req.fen       = rules_->fen();
        req.seat      = seat;
        req.level     = seats_[size_t(seat)].stored.level;
        if (clock_.on) {
            for (size_t s = 0; s < seats_.size(); ++s)
                req.clock_ms.push_back(clock_.left_now(int(s), Steady::now()));
            req.increment_ms = clock_.increment_ms;
            req.budget_ms
                = std::max<int64_t>(10, req.clock_ms[size_t(seat)] / 30 + req.increment_ms * 3 / 4);
        }
        return req;
    }

    void ask_engine() {
        if (rules_->over()) return;
        const int seat = rules_->to_move();
        if (!seats_[size_t(seat)].stored.engine || engine_asked_ == rules_->ply()) return;
        engine_asked_     = rules_->ply();
        EngineRequest req = request_for(seat);
        const int64_t ply = rules_->ply();
        std::string   fen = req.fen;
        engines_.submit(std::move(req),
            [weak = weak_from_this(), &io = io_, seat, ply, fen = std::move(fen)](
                std::string move) {
                boost::asio::post(io, [weak, seat, ply, fen, move = std::move(move)] {
                    if (auto room = weak.lock()) room->engine_moved(seat, ply, fen, move);
                });
            });
    }

    void engine_moved_locked(int seat, int64_t ply, const std::string& fen, const std::string& text,
        Steady::time_point now) {
        check_flag(now);
        const bool current = !rules_->over() && rules_->ply() == ply && rules_->to_move() == seat
            && rules_->fen() == fen;
        // The seats' questions are answered before the move: a move would answer a draw offer
        // by itself (it declines it; in Four Kingdoms the offer lapses), and a seat proposes an
        // alliance before it moves. The move waits (the search is not asked again meanwhile).
        if (current && !asking_.empty()) {
            held_move_ = HeldMove{ seat, ply, fen, text };
            return;
        }
        engine_asked_ = -1;
        if (!current) {
            ask_engine();
            return;
        }
        if (text.empty()) return; // no move: the clock (if any) decides
        Reply r = play_locked(text, now, {});
        if (r.status != 200)
            std::cerr << "citadel serve: game " << id_ << ": the engine's move " << text
                      << " was refused: " << r.body.dump() << "\n";
    }

    // ---- the engine seats' decisions that are not moves ----

    // Asks the engine seats what the game now asks of them: whether to accept another player's
    // standing draw offer, whether to accept an alliance proposed to them, and (Four Kingdoms,
    // on their turn, with no proposal standing) whether to propose one. Each question is asked
    // once in each state of the game (the number of stored steps) and answered in that state.
    void ask_decisions() {
        if (rules_->over()) return;
        const size_t steps = history_.size();
        std::erase_if(asked_, [&](const Asked& a) { return a.steps != steps; });
        const unsigned draw_offers = rules_->draw_offer_seats();
        const auto     proposal    = rules_->proposal();
        using Kind                 = EngineQuestion::Kind;
        for (int s = 0; s < seat_count(); ++s) {
            if (!seats_[size_t(s)].stored.engine || !rules_->in_game(s)) continue;
            const unsigned own = 1u << s;
            if ((draw_offers & ~own) && !(draw_offers & own)) ask(s, { Kind::AcceptDraw, -1, {} });
            if (proposal && proposal->second == s)
                ask(s, { Kind::AcceptAlliance, proposal->first, {} });
            if (!proposal && s == rules_->to_move())
                if (auto partners = partners_for(s); !partners.empty())
                    ask(s, { Kind::ProposeAlliance, -1, std::move(partners) });
        }
    }

    // The seats `seat` may ally with now and has not proposed to in this game (an engine
    // proposes to each partner at most once a game).
    std::vector<int> partners_for(int seat) const {
        std::vector<int> out;
        for (int p = 0; p < seat_count(); ++p)
            if (rules_->alliance_allowed(seat, p) && !proposed_before(seat, p)) out.push_back(p);
        return out;
    }

    bool proposed_before(int seat, int with) const {
        return std::any_of(history_.begin(), history_.end(), [&](const StoredStep& s) {
            return s.kind == "propose_alliance" && s.seat == seat && s.other == with;
        });
    }

    void ask(int seat, EngineQuestion question) {
        const auto   kind  = question.kind;
        const size_t steps = history_.size();
        for (const Asked& a : asked_)
            if (a.kind == kind && a.seat == seat) return;
        asked_.push_back({ kind, seat, steps });
        asking_.push_back({ kind, seat, steps });
        engines_.submit_question(request_for(seat), std::move(question),
            [weak = weak_from_this(), &io = io_, kind, seat, steps](EngineAnswer answer) {
                boost::asio::post(io, [weak, kind, seat, steps, answer] {
                    if (auto room = weak.lock()) room->engine_answered(kind, seat, steps, answer);
                });
            });
    }

    // Takes a current answer as the seat's action, stored and broadcast like a player's. No is
    // no action where the rules have none: a Four Kingdoms draw offer lapses at the next move, a
    // proposal stands until accepted or replaced.
    void take_answer(
        EngineQuestion::Kind kind, int seat, const EngineAnswer& answer, Steady::time_point now) {
        std::string name;
        int         with = -1;
        switch (kind) {
        case EngineQuestion::Kind::AcceptDraw:
            name = answer.yes ? "accept_draw" : "decline_draw";
            break;
        case EngineQuestion::Kind::AcceptAlliance:
            if (answer.yes) name = "accept_alliance";
            break;
        case EngineQuestion::Kind::ProposeAlliance:
            if (answer.yes && answer.with >= 0 && answer.with < seat_count()
                && !proposed_before(seat, answer.with))
                name = "propose_alliance", with = answer.with;
            break;
        }
        if (name.empty()) return;
        json events = json::array();
        if (auto why = act(name, seat, with, events)) {
            if (name != "decline_draw") // Four Kingdoms has no declining: nothing to say
                std::cerr << "citadel serve: game " << id_ << ": the engine's " << name
                          << " was refused: " << *why << "\n";
            return;
        }
        Reply r = commit_action({ { name, seat, "", with, {} } }, seat, name, with, events, now);
        if (r.status != 200)
            std::cerr << "citadel serve: game " << id_ << ": the engine's " << name
                      << " was not stored: " << r.body.dump() << "\n";
    }

    // ---- messages ----

    json clock_json(Steady::time_point now) const {
        if (!clock_.on) return nullptr;
        json c = json::object();
        for (size_t s = 0; s < seats_.size(); ++s)
            c[std::string(rules_->seat_name(int(s)))]
                = std::max<int64_t>(0, clock_.left_now(int(s), now));
        c["running"]
            = clock_.running >= 0 ? json(rules_->seat_name(clock_.running)) : json(nullptr);
        c["initial_ms"]   = clock_.initial_ms;
        c["increment_ms"] = clock_.increment_ms;
        return c;
    }

    // The fields every change carries: whose turn, the state of the game, the moves now legal,
    // the standing offers, and the variant's own fields of `state` (claims and claim moves, Four
    // Kingdoms' commanders), so that a client never needs to ask for the state after a move.
    void add_turn(json& msg) const {
        msg["offers"]      = rules_->offers();
        msg["to_move"]     = rules_->seat_name(rules_->to_move());
        msg["status"]      = rules_->status();
        msg["result"]      = rules_->result();
        msg["legal_moves"] = rules_->legal_moves();
        msg["plies"]       = rules_->ply();
        msg.update(rules_->extra_state());
    }

    json state_locked() const {
        json seats = json::array();
        for (size_t s = 0; s < seats_.size(); ++s) {
            const auto& st = seats_[s];
            seats.push_back({ { "seat", rules_->seat_name(int(s)) },
                { "player", st.stored.engine ? "engine" : "human" },
                { "level", st.stored.engine ? json(st.stored.level) : json(nullptr) },
                { "connected", st.stored.engine || st.connected > 0 } });
        }
        json out = { { "type", "state" }, { "id", id_ }, { "variant", rules_->variant() },
            { "start_fen", rules_->start_fen() }, { "fen", rules_->fen() },
            { "ply", rules_->ply() }, { "moves", rules_->moves_uci() },
            { "san", rules_->moves_san() }, { "seats", seats },
            { "to_move", rules_->seat_name(rules_->to_move()) },
            { "clock", clock_json(Steady::now()) }, { "status", rules_->status() },
            { "result", rules_->result() }, { "text", rules_->describe() },
            { "scores", rules_->scores() }, { "offers", rules_->offers() },
            { "legal_moves", rules_->legal_moves() } };
        out.update(rules_->extra_state());
        return out;
    }

    void broadcast(const json& msg) {
        auto text = std::make_shared<const std::string>(msg.dump());
        for (auto& s : subscribers_) s->deliver(text);
    }

    void broadcast_seat(int seat) {
        broadcast({ { "type", "seat" }, { "seat", rules_->seat_name(seat) },
            { "connected", seats_[size_t(seat)].connected > 0 } });
    }

    boost::asio::io_context&  io_;
    Storage&                  storage_;
    EnginePool&               engines_;
    std::mutex                mutex_;
    boost::asio::steady_timer timer_;
    const std::string         id_;
    StoredGame                stored_; // variant and start only (for the engine's requests)
    std::unique_ptr<Rules>    rules_;
    std::vector<SeatState>    seats_;
    GameClock                 clock_;
    std::vector<StoredStep>   history_; // the steps stored, in order
    int64_t                   engine_asked_ = -1; // the ply the engine is thinking about
    // A question asked of an engine seat in the state of `steps` stored steps.
    struct Asked {
        EngineQuestion::Kind kind;
        int                  seat;
        size_t               steps;
    };
    std::vector<Asked> asked_; // asked in the current state (answered or not): not asked again
    std::vector<Asked> asking_; // asked, and the answer not yet in
    // An engine's move that came while a question was out: played once the answers are in.
    struct HeldMove {
        int         seat;
        int64_t     ply;
        std::string fen, text;
    };
    std::optional<HeldMove>                  held_move_;
    std::vector<std::shared_ptr<Subscriber>> subscribers_;
};

// ---- the service --------------------------------------------------------------------------------

GameService::GameService(boost::asio::io_context& io, Storage& storage, EnginePool& engines,
    AnalysisLimits analysis_limits)
    : io_(io)
    , storage_(storage)
    , engines_(engines)
    , analyses_(std::make_unique<Analyses>(storage, engines, analysis_limits)) { }

GameService::~GameService() = default;

std::shared_ptr<Room> GameService::find(const std::string& id) const {
    std::shared_lock lock(mutex_);
    auto             at = rooms_.find(id);
    return at == rooms_.end() ? nullptr : at->second;
}

void GameService::add(std::shared_ptr<Room> room) {
    std::unique_lock lock(mutex_);
    rooms_[room->id()] = room;
}

size_t GameService::game_count() const {
    std::shared_lock lock(mutex_);
    return rooms_.size();
}

size_t GameService::load() {
    size_t n = 0;
    for (StoredGame& g : storage_.load_games()) {
        auto  made  = make_rules(g.variant, g.start_fen);
        auto* rules = std::get_if<std::unique_ptr<Rules>>(&made);
        if (!rules) {
            std::cerr << "citadel serve: game " << g.id
                      << " cannot be rebuilt: " << std::get<std::string>(made) << "\n";
            continue;
        }
        std::vector<StoredStep> steps = std::move(g.steps);
        auto                    room
            = std::make_shared<Room>(io_, storage_, engines_, std::move(g), std::move(*rules));
        for (size_t i = 0; i < steps.size(); ++i)
            if (!room->replay(steps[i])) {
                std::cerr << "citadel serve: game " << room->id() << ": stored step " << i << " ("
                          << steps[i].kind << " " << steps[i].text << ") is refused; "
                          << "the game stops before it\n";
                break;
            }
        room->start();
        add(room);
        ++n;
    }
    return n;
}

Reply GameService::create(const json& body) {
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
    auto made = make_rules(body["variant"].get<std::string>(), fen);
    if (auto* err = std::get_if<std::string>(&made)) return error_reply("bad_request", *err);
    auto& rules = std::get<std::unique_ptr<Rules>>(made);

    StoredGame g;
    g.id         = random_hex(8);
    g.variant    = std::string(rules->variant());
    g.start_fen  = rules->start_fen();
    g.created_ms = unix_ms();
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
    const int n     = rules->seat_count();
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
        }
        if (!seat.engine) seat.token = random_hex(16);
        g.seats.push_back(seat);
    }
    try {
        storage_.create_game(g);
    } catch (const StorageError& e) {
        std::cerr << "citadel serve: " << e.message << "\n";
        return error_reply("storage_failed", "the game could not be stored");
    }
    json answer = { { "id", g.id }, { "seats", json::array() }, { "url", "/g/" + g.id } };
    for (int s = 0; s < n; ++s)
        if (!g.seats[size_t(s)].engine)
            answer["seats"].push_back(
                { { "seat", rules->seat_name(s) }, { "token", g.seats[size_t(s)].token },
                    { "url", "/g/" + g.id + "?token=" + g.seats[size_t(s)].token } });
    auto room = std::make_shared<Room>(io_, storage_, engines_, std::move(g), std::move(rules));
    add(room);
    room->start();
    return { 201, answer };
}

Reply GameService::state(const std::string& id) {
    auto room = find(id);
    if (!room) return error_reply("unknown_game", "no game has the id '" + id + "'");
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

} // namespace

Reply GameService::move(
    const std::string& id, const json& body, const std::optional<std::string>& connection_token) {
    if (!body.is_object()) return error_reply("bad_request", "the body must be a JSON object");
    std::optional<Reply> bad;
    auto                 token = token_of(body, connection_token, bad);
    if (!token) return *bad;
    if (!body.contains("move") || !body["move"].is_string())
        return error_reply("bad_request", "move: the move's text (e.g. \"e2e4\") is required");
    if (!body.contains("ply") || !body["ply"].is_number_integer())
        return error_reply("bad_request", "ply: the number of moves already played is required");
    auto room = find(id);
    if (!room) return error_reply("unknown_game", "no game has the id '" + id + "'");
    return room->move(*token, body["move"].get<std::string>(), body["ply"].get<int64_t>());
}

Reply GameService::action(
    const std::string& id, const json& body, const std::optional<std::string>& connection_token) {
    if (!body.is_object()) return error_reply("bad_request", "the body must be a JSON object");
    std::optional<Reply> bad;
    auto                 token = token_of(body, connection_token, bad);
    if (!token) return *bad;
    if (!body.contains("action") || !body["action"].is_string()
        || !kActions.count(body["action"].get<std::string>()))
        return error_reply("bad_request",
            "action: one of resign, offer_draw, accept_draw, decline_draw, "
            "claim_draw, propose_alliance, accept_alliance");
    std::optional<std::string> move;
    if (body.contains("move") && !body["move"].is_null()) {
        if (!body["move"].is_string()) return error_reply("bad_request", "move: must be a string");
        move = body["move"].get<std::string>();
    }
    std::optional<int64_t> ply;
    if (body.contains("ply") && !body["ply"].is_null()) {
        if (!body["ply"].is_number_integer())
            return error_reply("bad_request", "ply: must be an integer");
        ply = body["ply"].get<int64_t>();
    }
    std::string with_name;
    if (body.contains("with") && !body["with"].is_null()) {
        if (!body["with"].is_string())
            return error_reply("bad_request", "with: must be a seat name");
        with_name = body["with"].get<std::string>();
    }
    auto room = find(id);
    if (!room) return error_reply("unknown_game", "no game has the id '" + id + "'");
    int with = -1;
    if (!with_name.empty()) {
        with = seat_named(with_name, room->seat_count());
        if (with < 0)
            return error_reply(
                "bad_request", "with: '" + with_name + "' is not a seat of this game");
    }
    return room->action(*token, body["action"].get<std::string>(), with, move, ply);
}

std::optional<std::string> GameService::record(const std::string& id) {
    auto room = find(id);
    if (!room) return std::nullopt;
    return room->record();
}

Reply GameService::analysis(const std::string& id) {
    auto room = find(id);
    if (!room) return error_reply("unknown_game", "no game has the id '" + id + "'");
    if (!room->over())
        return error_reply("game_not_over",
            "the analysis is given once the game is over (during play it would be engine help)");
    return analyses_->request(id, [&] { return room->analysis_input(); });
}

int GameService::may_subscribe(const std::string& id, const std::string& token) {
    auto room = find(id);
    if (!room) return 404;
    if (!token.empty() && room->seat_of_token(token) < 0) return 403;
    return 0;
}

bool GameService::subscribe(
    const std::string& id, const std::string& token, std::shared_ptr<Subscriber> s) {
    auto room = find(id);
    return room && room->subscribe(token, std::move(s));
}

void GameService::unsubscribe(
    const std::string& id, const std::string& token, const Subscriber* s) {
    if (auto room = find(id)) room->unsubscribe(token, s);
}

} // namespace citadel::server
