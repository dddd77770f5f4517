// A room's engine seats: asking the engine for their moves, and for their answers to what the
// game asks of them besides moving (a draw offer, an alliance proposal, whether to propose one).
#include <algorithm>
#include <boost/asio/post.hpp>
#include <iostream>

#include "server/room.h"

namespace citadel::server {

// What a chooser needs to know of the game for `seat`.
EngineRequest Room::request_for(int seat) const {
    EngineRequest req;
    req.variant   = variant_;
    req.start_fen = start_fen_;
    req.moves     = game_->moves_uci();
    req.fen       = game_->turn().fen;
    req.seat      = seat;
    req.level     = seats_[size_t(seat)].stored.level;
    req.game_seed = 0xCBF29CE484222325ull; // FNV-1a of the id
    for (char c : id_) req.game_seed = (req.game_seed ^ u8(c)) * 0x100000001B3ull;
    if (clock_.on) {
        for (size_t s = 0; s < seats_.size(); ++s)
            req.clock_ms.push_back(clock_.left_now(int(s), Steady::now()));
        req.increment_ms = clock_.increment_ms;
        req.budget_ms
            = std::max<int64_t>(10, req.clock_ms[size_t(seat)] / 30 + req.increment_ms * 3 / 4);
    }
    return req;
}

void Room::ask_engine() {
    const Turn& turn = game_->turn();
    if (turn.over()) return;
    const int seat = turn.to_move;
    if (!seats_[size_t(seat)].stored.engine || engine_asked_ == turn.ply) return;
    engine_asked_     = turn.ply;
    EngineRequest req = request_for(seat);
    const int64_t ply = turn.ply;
    std::string   fen = req.fen;
    engines_.submit(std::move(req),
        [weak = weak_from_this(), runs = runs_, seat, ply, fen = std::move(fen)](std::string move) {
            boost::asio::post(runs, [weak, seat, ply, fen, move = std::move(move)] {
                if (auto room = weak.lock()) room->engine_moved(seat, ply, fen, move);
            });
        });
}

// The engine's move for the position `fen` after `ply` moves.
void Room::engine_moved(int seat, int64_t ply, const std::string& fen, const std::string& text) {
    std::lock_guard lock(mutex_);
    engine_moved_locked(seat, ply, fen, text, Steady::now());
}

void Room::engine_moved_locked(int seat, int64_t ply, const std::string& fen,
    const std::string& text, Steady::time_point now) {
    check_flag(now);
    const Turn& turn   = game_->turn();
    const bool current = !turn.over() && turn.ply == ply && turn.to_move == seat && turn.fen == fen;
    // The seats' questions are answered before the move: a move would answer a draw offer by
    // itself (it declines it; in Four Kingdoms the offer lapses), and a seat proposes an
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
    if (r.status == 503 && !lost_) {
        // The store refused it (the database is away a moment): the same move is played again
        // shortly, rather than leave the seat silent until something else happens.
        engine_asked_ = ply;
        engine_retry_.expires_after(kEngineRetry);
        engine_retry_.async_wait(
            [weak = weak_from_this(), seat, ply, fen, text](const boost::system::error_code& ec) {
                if (auto room = weak.lock(); room && !ec) room->engine_moved(seat, ply, fen, text);
            });
        return;
    }
    if (r.status != 200)
        std::cerr << "citadel serve: game " << id_ << ": the engine's move " << text
                  << " was refused: " << r.body.dump() << "\n";
}

// Asks the engine seats what the game now asks of them: whether to accept another player's
// standing draw offer, whether to accept an alliance proposed to them, and (Four Kingdoms, on
// their turn, with no proposal standing) whether to propose one. Each question is asked once in
// each state of the game (the number of stored steps) and answered in that state.
void Room::ask_decisions() {
    const Turn& turn = game_->turn();
    if (turn.over()) return;
    const size_t steps = history_.size();
    std::erase_if(asked_, [&](const Asked& a) { return a.steps != steps; });
    using Kind = EngineQuestion::Kind;
    for (int s = 0; s < seat_count(); ++s) {
        if (!seats_[size_t(s)].stored.engine || !(turn.in_game & (1u << s))) continue;
        const unsigned own = 1u << s;
        if ((turn.draw_offers & ~own) && !(turn.draw_offers & own))
            ask(s, { Kind::AcceptDraw, -1, {} });
        if (turn.proposal && turn.proposal->second == s)
            ask(s, { Kind::AcceptAlliance, turn.proposal->first, {} });
        if (!turn.proposal && s == turn.to_move)
            if (auto partners = partners_for(s); !partners.empty())
                ask(s, { Kind::ProposeAlliance, -1, std::move(partners) });
    }
}

// The seats `seat` may ally with now and has not proposed to in this game (an engine proposes to
// each partner at most once a game).
std::vector<int> Room::partners_for(int seat) const {
    std::vector<int> out;
    for (int p = 0; p < seat_count(); ++p)
        if ((game_->turn().may_ally[size_t(seat)] & (1u << p)) && !proposed_before(seat, p))
            out.push_back(p);
    return out;
}

bool Room::proposed_before(int seat, int with) const {
    return std::any_of(history_.begin(), history_.end(), [&](const StoredStep& s) {
        return s.kind == action_id(Action::ProposeAlliance) && s.seat == seat && s.other == with;
    });
}

void Room::ask(int seat, EngineQuestion question) {
    const auto   kind  = question.kind;
    const size_t steps = history_.size();
    for (const Asked& a : asked_)
        if (a.kind == kind && a.seat == seat) return;
    asked_.push_back({ kind, seat, steps });
    asking_.push_back({ kind, seat, steps });
    engines_.submit_question(request_for(seat), std::move(question),
        [weak = weak_from_this(), runs = runs_, kind, seat, steps](EngineAnswer answer) {
            boost::asio::post(runs, [weak, kind, seat, steps, answer] {
                if (auto room = weak.lock()) room->engine_answered(kind, seat, steps, answer);
            });
        });
}

// An engine seat's answer to a question asked when the game had `steps` stored steps.
void Room::engine_answered(
    EngineQuestion::Kind kind, int seat, size_t steps, const EngineAnswer& answer) {
    std::lock_guard lock(mutex_);
    const auto      now = Steady::now();
    auto            at  = std::find_if(asking_.begin(), asking_.end(),
                    [&](const Asked& a) { return a.kind == kind && a.seat == seat && a.steps == steps; });
    if (at != asking_.end()) asking_.erase(at);
    check_flag(now);
    // A stale answer (the game moved on, or ended, since it was asked) is dropped: the question,
    // where it still arises, was asked again in the new state.
    if (!game_->turn().over() && history_.size() == steps) take_answer(kind, seat, answer, now);
    if (asking_.empty() && held_move_) {
        HeldMove held = std::move(*held_move_);
        held_move_.reset();
        engine_moved_locked(held.seat, held.ply, held.fen, held.text, now);
    }
}

// Takes a current answer as the seat's action, stored and broadcast like a player's. No is no
// action where the rules have none: a Four Kingdoms draw offer lapses at the next move, a
// proposal stands until accepted or replaced.
void Room::take_answer(
    EngineQuestion::Kind kind, int seat, const EngineAnswer& answer, Steady::time_point now) {
    std::optional<Action> action;
    Seat                  with = NoSeat;
    switch (kind) {
    case EngineQuestion::Kind::AcceptDraw:
        action = answer.yes ? Action::AcceptDraw : Action::DeclineDraw;
        break;
    case EngineQuestion::Kind::AcceptAlliance:
        if (answer.yes) action = Action::AcceptAlliance;
        break;
    case EngineQuestion::Kind::ProposeAlliance:
        if (answer.yes && answer.with >= 0 && answer.with < seat_count()
            && !proposed_before(seat, answer.with))
            action = Action::ProposeAlliance, with = Seat(answer.with);
        break;
    }
    if (!action) return;
    if (auto why = game_->act(*action, Seat(seat), with)) {
        if (*action != Action::DeclineDraw) // Four Kingdoms has no declining: nothing to say
            std::cerr << "citadel serve: game " << id_ << ": the engine's " << action_id(*action)
                      << " was refused: " << *why << "\n";
        return;
    }
    Reply r = commit_action(*action, seat, with, now);
    if (r.status != 200)
        std::cerr << "citadel serve: game " << id_ << ": the engine's " << action_id(*action)
                  << " was not stored: " << r.body.dump() << "\n";
}

} // namespace citadel::server
