#include "server/room.h"

#include <algorithm>
#include <iostream>

#include "server/cluster_node.h"
#include "server/failpoint.h"
#include "server/messages.h"
#include "server/peers.h"
#include "server/secrets.h"

namespace citadel::server {

namespace {

// The action a stored step took ("flag" is the server's own).
std::optional<Action> stored_action(const std::string& kind) {
    if (kind == action_id(Action::Flag)) return Action::Flag;
    return action_named(kind);
}

StoredStep step_of(Action action, int seat, Seat with = NoSeat) {
    return { std::string(action_id(action)), seat, "", with == NoSeat ? -1 : int(with), {} };
}

constexpr std::string_view kMove = "move", kTakeBack = "take_back", kRematch = "rematch";

// The steps that stand: a take-back removes every step from the first move it takes back on,
// and the rematch's link is not part of the game.
std::vector<StoredStep> standing(const std::vector<StoredStep>& history) {
    std::vector<StoredStep> out;
    for (const StoredStep& s : history) {
        if (s.kind == kRematch) continue;
        if (s.kind != kTakeBack) {
            out.push_back(s);
            continue;
        }
        size_t cut = 0;
        for (int moves = 0; cut < out.size(); ++cut)
            if (out[cut].kind == kMove && moves++ == s.other) break;
        out.resize(cut);
    }
    return out;
}

} // namespace

Room::Room(boost::asio::any_io_executor runs, Storage& storage, EnginePool& engines,
    StoredGame stored, std::unique_ptr<LiveGame> game)
    : runs_(runs)
    , storage_(storage)
    , engines_(engines)
    , timer_(runs)
    , engine_retry_(runs)
    , id_(stored.id)
    , variant_(stored.variant)
    , start_fen_(stored.start_fen)
    , game_(std::move(game)) {
    for (auto& s : stored.seats) seats_.push_back({ s, 0 });
    if (stored.clock) {
        clock_.on           = true;
        clock_.initial_ms   = stored.clock->initial_ms;
        clock_.increment_ms = stored.clock->increment_ms;
        clock_.left.assign(seats_.size(), stored.clock->initial_ms);
    }
}

bool Room::apply_stored(LiveGame& game, const StoredStep& s) {
    if (s.kind == kMove) return !game.play(s.text);
    auto action = stored_action(s.kind);
    return action && !game.act(*action, Seat(s.seat), s.other < 0 ? NoSeat : Seat(s.other));
}

bool Room::replay(const StoredStep& s) {
    if (s.kind == kRematch) {
        rematch_ = s.text;
    } else if (s.kind == kTakeBack) {
        auto steps = history_;
        steps.push_back(s);
        auto game = replayed(steps);
        if (!game) return false;
        game_ = std::move(game);
    } else if (!apply_stored(*game_, s)) {
        return false;
    }
    if (clock_.on && s.clock_ms.size() == seats_.size()) clock_.left = s.clock_ms;
    history_.push_back(s);
    return true;
}

void Room::own(ClusterNode& node, int64_t epoch, Peers* peers) {
    owner_ = &node;
    epoch_ = epoch;
    peers_ = epoch > 0 ? peers : nullptr; // a finished game's copy (epoch 0) broadcasts nothing
}

void Room::start(int64_t charged_ms) {
    std::lock_guard lock(mutex_);
    clock_.restart(game_->turn(), Steady::now());
    if (clock_.running >= 0) clock_.left[size_t(clock_.running)] -= charged_ms;
    arm_timer();
    ask_decisions();
    ask_engine();
}

json Room::state() {
    std::lock_guard lock(mutex_);
    check_flag(Steady::now());
    return state_locked();
}
json Room::snapshot() {
    std::lock_guard lock(mutex_);
    check_flag(Steady::now());
    return { { "state", state_locked() }, { "epoch", epoch_ }, { "seq", relayed_ } };
}

std::string Room::record() {
    std::lock_guard lock(mutex_);
    check_flag(Steady::now());
    return game_->record();
}

bool Room::over() {
    std::lock_guard lock(mutex_);
    check_flag(Steady::now());
    return game_->turn().over();
}

// Rebuilt from the stored steps outside the game's lock: actions between moves, such as a Four
// Kingdoms resignation, shape the positions too.
AnalysisInput Room::analysis_input() {
    std::vector<StoredStep> steps;
    AnalysisInput           in;
    {
        std::lock_guard lock(mutex_);
        steps        = history_;
        in.variant   = variant_;
        in.start_fen = start_fen_;
        in.moves     = game_->moves_uci();
    }
    auto  made = make_live_game(in.variant, in.start_fen);
    auto* game = std::get_if<std::unique_ptr<LiveGame>>(&made);
    if (!game) return in; // no positions: refused as damaged
    for (const StoredStep& s : standing(steps)) {
        if (s.kind == kMove) in.fens.push_back((*game)->turn().fen);
        if (!apply_stored(**game, s)) return in;
    }
    in.fens.push_back((*game)->turn().fen);
    return in;
}

int Room::seat_of_token(const std::string& token) {
    std::lock_guard lock(mutex_);
    return seat_of_token_locked(token);
}

int Room::seat_of_token_locked(const std::string& token) const {
    if (token.empty()) return -1;
    const std::string hash  = sha256_hex(token);
    int               found = -1;
    for (size_t i = 0; i < seats_.size(); ++i)
        if (holds(seats_[i].stored, hash)) found = int(i);
    return found;
}

std::optional<Reply> Room::refuse(int seat, std::optional<int64_t> ply, Steady::time_point now) {
    if (lost_) return not_stored("");
    if (seat < 0) return error_reply("bad_token", "no seat of this game holds this token");
    check_flag(now);
    const Turn& turn = game_->turn();
    if (ply && *ply != turn.ply)
        return error_reply("stale_ply",
            "ply " + std::to_string(*ply) + " is not the number of moves played ("
                + std::to_string(turn.ply) + ")",
            { { "ply", turn.ply } });
    if (turn.over()) return error_reply("game_over", "the game is over: " + turn.text);
    return std::nullopt;
}

Reply Room::move(const std::string& token, const std::string& text, int64_t ply) {
    std::lock_guard lock(mutex_);
    const auto      now  = Steady::now();
    const int       seat = seat_of_token_locked(token);
    if (auto no = refuse(seat, ply, now)) return *no;
    const Turn& turn = game_->turn();
    if (seat != turn.to_move)
        return error_reply("not_your_turn",
            "it is " + std::string(seat_name(turn.to_move, turn.seats)) + "'s turn, not "
                + std::string(seat_name(Seat(seat), turn.seats)) + "'s");
    return play_locked(text, now, {});
}

Reply Room::action(const std::string& token, Action action, Seat with,
    const std::optional<std::string>& move, std::optional<int64_t> ply) {
    std::lock_guard lock(mutex_);
    const auto      now  = Steady::now();
    const int       seat = seat_of_token_locked(token);
    if (auto no = refuse(seat, ply, now)) return *no;
    if (action == Action::ClaimDraw && seat != game_->turn().to_move)
        return error_reply("not_your_turn", "only the player to move may claim a draw");
    if (action == Action::ClaimDraw && move) return claim_with_move(seat, *move, now);
    if (action == Action::ProposeAlliance && with == NoSeat)
        return error_reply("bad_request", "with: propose_alliance names the seat proposed to");
    if (auto why = game_->act(action, Seat(seat), with))
        return error_reply("action_refused", std::string(action_id(action)) + " refused: " + *why);
    return commit_action(action, seat, with, now);
}

Reply Room::play_locked(
    const std::string& text, Steady::time_point now, std::vector<StoredStep> more) {
    const int  seat   = game_->turn().to_move;
    const auto before = clock_;
    if (auto no = game_->play(text)) return refusal_reply(*no);
    clock_.settle(now);
    if (clock_.on && clock_.running == seat) clock_.left[size_t(seat)] += clock_.increment_ms;
    clock_.restart(game_->turn(), now);
    std::vector<StoredStep> steps{ { "move", seat, game_->moves_uci().back(), -1,
        clock_.on ? clock_.left : std::vector<int64_t>{} } };
    for (auto& s : more) steps.push_back(std::move(s));
    if (!store(std::move(steps))) {
        game_->undo_move();
        clock_ = before;
        return not_stored("the move could not be stored; it was not played");
    }
    json msg = move_message(game_->turn(), clock_json(now));
    broadcast(msg);
    after_step();
    return { 200, std::move(msg) };
}

// FIDE 9.2.1: the claim is made with the move that brings the position about; the move and the
// claim stand or fall together. The claim is judged in the position after the move, for the
// player who made it.
Reply Room::claim_with_move(int seat, const std::string& text, Steady::time_point now) {
    if (auto no = game_->play(text)) return refusal_reply(*no);
    auto why = game_->act(Action::ClaimDraw, Seat(seat), NoSeat);
    game_->undo_move();
    if (why) return error_reply("action_refused", "claim_draw refused: " + *why + " after " + text);
    Reply r = play_locked(text, now, { step_of(Action::ClaimDraw, seat) });
    if (r.status != 200) return r;
    game_->act(Action::ClaimDraw, Seat(seat), NoSeat);
    json msg = action_message(
        game_->turn(), Action::ClaimDraw, Seat(seat), NoSeat, clock_json(now), text);
    clock_.restart(game_->turn(), now);
    broadcast(msg);
    after_step();
    return { 200, std::move(msg) };
}

// Stores an action the game has taken (and rebuilds the game when it cannot be stored: an action
// cannot always be taken back one by one).
Reply Room::commit_action(Action action, int seat, Seat with, Steady::time_point now) {
    const auto before = clock_;
    clock_.restart(game_->turn(), now);
    StoredStep step = step_of(action, seat, with);
    if (clock_.on) step.clock_ms = clock_.left;
    if (!store({ step })) {
        rebuild();
        clock_ = before;
        return not_stored("the action could not be stored; it was not taken");
    }
    json msg = action_message(game_->turn(), action, Seat(seat), with, clock_json(now));
    broadcast(msg);
    after_step();
    return { 200, std::move(msg) };
}

std::unique_ptr<LiveGame> Room::replayed(const std::vector<StoredStep>& steps) const {
    auto  made  = make_live_game(variant_, start_fen_);
    auto* fresh = std::get_if<std::unique_ptr<LiveGame>>(&made);
    if (!fresh) return nullptr;
    for (const auto& s : standing(steps))
        if (!apply_stored(**fresh, s)) return nullptr;
    return std::move(*fresh);
}

// The game as storage has it.
void Room::rebuild() {
    if (auto game = replayed(history_)) game_ = std::move(game);
}

// Against the computer only (checked when the game was made): the seat's last standing move goes,
// with everything after it; the clocks read what they read after the move before it.
Reply Room::take_back(const std::string& token, std::optional<int64_t> ply) {
    std::lock_guard lock(mutex_);
    const auto      now  = Steady::now();
    const int       seat = seat_of_token_locked(token);
    if (auto no = refuse(seat, ply, now)) return *no;
    const std::string who(seat_name(Seat(seat), seat_count()));
    if (!seats_[size_t(seat)].stored.take_back)
        return error_reply("take_back_refused", "take-backs are off for " + who + " in this game");
    int               moves  = 0;
    int               last   = -1; // the moves before the seat's last move
    const StoredStep* clocks = nullptr; // the last step so far with clocks
    const StoredStep* before = nullptr; // the last step with clocks before the seat's last move
    const auto        steps  = standing(history_);
    for (const StoredStep& s : steps) {
        if (s.kind == kMove) {
            if (s.seat == seat) last = moves, before = clocks;
            ++moves;
        }
        if (!s.clock_ms.empty()) clocks = &s;
    }
    if (last < 0) return error_reply("take_back_refused", who + " has no move to take back");
    StoredStep step{ std::string(kTakeBack), seat, "", last, {} };
    if (clock_.on)
        step.clock_ms
            = before ? before->clock_ms : std::vector<int64_t>(seats_.size(), clock_.initial_ms);
    auto after = history_;
    after.push_back(step);
    auto game = replayed(after);
    if (!game)
        return error_reply("take_back_refused", "the game before the move cannot be rebuilt");
    if (!store({ step })) return not_stored("the take-back could not be stored; nothing changed");
    game_ = std::move(game);
    if (clock_.on) clock_.left = step.clock_ms;
    clock_.restart(game_->turn(), now);
    engine_asked_ = -1; // the engine's search, if any, is for a position that is gone
    held_move_.reset();
    json msg = take_back_message(state_locked(), Seat(seat), moves - last);
    broadcast(msg);
    after_step();
    return { 200, std::move(msg) };
}

StoredGame Room::rematch_game() const {
    StoredGame g;
    g.variant   = variant_;
    g.start_fen = start_fen_;
    if (clock_.on) g.clock = StoredClock{ clock_.initial_ms, clock_.increment_ms };
    g.seats.resize(seats_.size());
    for (size_t s = 0; s < seats_.size(); ++s) {
        g.seats[(s + 1) % seats_.size()]            = seats_[s].stored;
        g.seats[(s + 1) % seats_.size()].token_hash = ""; // claim_seat() gives it
    }
    return g;
}

std::optional<std::string> Room::rematch_id() {
    std::lock_guard lock(mutex_);
    return rematch_;
}

bool Room::claim_seat(int seat, const std::string& token_hash) {
    std::lock_guard lock(mutex_);
    StoredSeat&     mine = seats_[size_t(seat)].stored;
    if (mine.engine) return false;
    if (!mine.token_hash.empty()) return same_secret(mine.token_hash, token_hash);
    std::vector<StoredSeat> seats;
    for (const auto& s : seats_) seats.push_back(s.stored);
    seats[size_t(seat)].token_hash = token_hash;
    try {
        storage_.save_seats(id_, seats);
    } catch (const StorageError& e) {
        std::cerr << "citadel serve: " << e.message << "\n";
        return false;
    }
    mine.token_hash = token_hash;
    return true;
}

bool Room::link_rematch(const std::string& id, int seat) {
    std::lock_guard lock(mutex_);
    if (rematch_) return *rematch_ == id;
    if (!store({ { std::string(kRematch), seat, id, -1, {} } })) return false;
    rematch_ = id;
    broadcast(rematch_message(id, Seat(seat), seat_count()));
    return true;
}

bool Room::store(std::vector<StoredStep> steps) {
    if (lost_) return false;
    try {
        failpoint("step.before_commit");
        if (owner_)
            owner_->append(id_, epoch_, int(history_.size()), steps, game_->turn().over());
        else
            storage_.append_steps(id_, int(history_.size()), steps, game_->turn().over());
        failpoint("step.after_commit");
        history_.insert(history_.end(), steps.begin(), steps.end());
        return true;
    } catch (const StorageError& e) {
        std::cerr << "citadel serve: " << e.message << "\n";
    } catch (const NotOwner& e) {
        std::cerr << "citadel serve: game " << id_ << " is given up: " << e.message << "\n";
        give_up_locked();
    }
    return false;
}

Reply Room::not_stored(std::string message) const {
    if (lost_)
        return error_reply("unavailable",
            "game " + id_
                + " is not served by this node any more (another node owns it now); "
                  "reconnect to be served");
    return error_reply("storage_failed", std::move(message));
}

void Room::give_up() {
    std::lock_guard lock(mutex_);
    give_up_locked();
}

// Nothing of the game is acted on here any more: the timer stops, an engine's late answer finds
// the room lost (store() refuses it), and the connections close so that their clients go to the
// game's new owner.
void Room::give_up_locked() {
    if (lost_.exchange(true)) return;
    timer_.cancel();
    engine_retry_.cancel();
    for (auto& s : subscribers_) s->moved_away();
    subscribers_.clear();
}

void Room::after_step() {
    if (game_->turn().over()) broadcast(end_message(game_->turn()));
    arm_timer();
    ask_decisions();
    ask_engine();
}

json Room::state_locked() const {
    json seats = json::array();
    for (size_t s = 0; s < seats_.size(); ++s) {
        const auto& st = seats_[s];
        seats.push_back({ { "seat", seat_name(Seat(s), seat_count()) },
            { "player", st.stored.engine ? "engine" : "human" },
            { "level", st.stored.engine ? json(st.stored.level) : json(nullptr) },
            { "connected", st.stored.engine || st.connected > 0 },
            { "take_back", st.stored.take_back } });
    }
    return state_message(id_, *game_, seats, clock_json(Steady::now()), rematch_);
}

bool Room::subscribe(const std::string& token, std::shared_ptr<Subscriber> s) {
    std::lock_guard lock(mutex_);
    int             seat = seat_of_token_locked(token);
    if (lost_ || (!token.empty() && seat < 0)) return false;
    check_flag(Steady::now());
    s->deliver(std::make_shared<const std::string>(state_locked().dump()));
    subscribers_.push_back(std::move(s));
    if (seat >= 0 && seats_[size_t(seat)].connected++ == 0) broadcast_seat(seat);
    return true;
}

void Room::unsubscribe(const std::string& token, const Subscriber* s) {
    std::lock_guard lock(mutex_);
    auto            at = std::find_if(
                   subscribers_.begin(), subscribers_.end(), [&](const auto& p) { return p.get() == s; });
    if (at == subscribers_.end()) return;
    subscribers_.erase(at);
    int seat = seat_of_token_locked(token);
    if (seat >= 0 && --seats_[size_t(seat)].connected == 0) broadcast_seat(seat);
}

void Room::broadcast(const json& msg) {
    auto text = std::make_shared<const std::string>(msg.dump());
    for (auto& s : subscribers_) s->deliver(text);
    if (peers_) peers_->relay(id_, epoch_, ++relayed_, std::move(text));
    failpoint("broadcast.after");
}

void Room::present_elsewhere(const std::string& node, std::vector<int> connections) {
    std::lock_guard lock(mutex_);
    present_elsewhere_locked(node, std::move(connections));
}

void Room::forget_nodes_except(const std::vector<std::string>& live) {
    std::lock_guard          lock(mutex_);
    std::vector<std::string> gone;
    for (const auto& [node, _] : elsewhere_)
        if (!std::binary_search(live.begin(), live.end(), node)) gone.push_back(node);
    for (const std::string& node : gone) present_elsewhere_locked(node, {});
}

void Room::present_elsewhere_locked(const std::string& node, std::vector<int> connections) {
    if (lost_) return;
    connections.resize(seats_.size());
    std::vector<int>& before = elsewhere_[node];
    before.resize(seats_.size());
    for (size_t i = 0; i < seats_.size(); ++i) {
        const int  now = std::clamp(connections[i], 0, 1 << 16);
        const bool was = seats_[i].connected > 0;
        seats_[i].connected += now - before[i];
        before[i] = now;
        if (was != (seats_[i].connected > 0)) broadcast_seat(int(i));
    }
    if (std::all_of(before.begin(), before.end(), [](int n) { return n == 0; }))
        elsewhere_.erase(node);
}
void Room::broadcast_seat(int seat) {
    broadcast(seat_message(Seat(seat), seat_count(), seats_[size_t(seat)].connected > 0));
}

} // namespace citadel::server
