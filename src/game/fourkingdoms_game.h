// FourKingdomsGame<V>: a Four Kingdoms game (docs/rules/fourkingdoms.md) from its start to its end,
// for the server and the engine: whose turn it is and why, the legal moves, moves and non-move
// actions (resignation, draw offers, alliance proposals), what each step caused (checks, mates,
// absorption or partner command, alliances formed and ended), the result and the scores.
//
// Draw rules are automatic: stalemate of the player to move, threefold repetition (perpetual
// check when one player was in check at each of its turns through the repetition), the 60-round
// rule (60 rounds of the players still in the game without a capture or a pawn move) and dead
// positions. Agreement needs every player still in the game: each offer (or acceptance) is a
// step of the history, lapses when a move is played, and is taken back by undo().
//
// It meets the game contract of game/turn.h: try_move, act, undo and turn().
#pragma once

#include <array>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/explain.h"
#include "game/turn.h"
#include "notation/k4record.h"
#include "notation/uci_move.h"
#include "variants/fourkingdoms.h"

namespace citadel {

enum class FkTermination : u8 {
    None,
    LastPlayer, // free-for-all: one player left in the game
    LastTeam, // alliance mode: one team left
    Stalemate, // the player to move has no legal move and is not in check: a draw
    ThreefoldRepetition, // draws
    PerpetualCheck, // a threefold repetition in which one player was always in check
    SixtyRoundRule, // draws
    DeadPosition, // draws: no player can be mated any more
    Agreement, // draws: every player still in the game agreed
};
std::string_view termination_name(FkTermination t);
std::string_view termination_id(FkTermination t); // "ongoing", "last_player", ...

enum class FkEventKind : u8 {
    Check, // player is in check
    Checkmate, // player is mated (its king leaves the board); other: the mover
    KingCaptured, // player's king was captured by other
    Command, // other takes command of army (absorption or the partner's command)
    AllianceProposed, // player proposes an alliance to other
    AllianceFormed, // player and other are allies
    AllianceDissolved, // the alliance of player and other ended
    Resignation, // player resigned
    DrawOffered, // player offers a draw (no other offer stands)
    DrawAccepted, // player accepts the draw offered (joins the offers that stand)
    GameOver, // see outcome()
};

struct FkEvent {
    FkEventKind kind;
    Seat        player                                     = 0xFF;
    Seat        other                                      = 0xFF;
    Seat        army                                       = 0xFF;
    friend bool operator==(const FkEvent&, const FkEvent&) = default;
};
std::string describe(const FkEvent& e);
TurnEvent   turn_event(const FkEvent& e); // the contract's event, with describe()'s sentence

struct FkOutcome {
    bool          over    = false;
    bool          draw    = false;
    FkTermination reason  = FkTermination::None;
    u8            winners = 0; // seat bits: the winner (free-for-all) or the winning team
    std::string   describe() const;
    friend bool   operator==(const FkOutcome&, const FkOutcome&) = default;
};

namespace fk {
// The record's result: free-for-all "e:2 s:1 w:1 n:0", alliance mode "es:1 wn:0", or "*".
std::string record_result(const FkOutcome& o, const std::array<double, 4>& scores, bool teams);
} // namespace fk

// Why an action was refused.
enum class FkRefusal : u8 {
    GameOver,
    NotInGame, // the acting player is out
    NotAllowed, // no alliance is possible now between those players (or teams mode)
    NoProposal, // nothing to accept
    AlreadyOffered, // the player's draw offer stands already
    WouldLeaveMated, // the alliance would leave a player in check without a legal move
    IllegalMove,
};
std::string_view refusal_text(FkRefusal r);

enum class FkAction : u8 { Move, Resign, AllianceProposal, Alliance, DrawOffer };

// One step of the game: a move or an action, and what it caused.
struct FkEntry {
    FkAction action = FkAction::Move;
    Seat     player = 0; // who moved or acted (alliance: the accepting player)
    Seat     other  = 0xFF; // alliance: the proposing player; proposal: the one
                       // proposed to
    Move                 move;
    std::string          san; // moves only
    int                  fullmove   = 1; // the full-move number before the step
    int                  eliminated = 0; // players it eliminated
    std::vector<FkEvent> events;
};

// How a player left the game, in order.
struct FkElimination {
    Seat seat;
    bool resigned;
    Seat by; // the mover that mated or captured (0xFF for a resignation)
};

template <class V>
requires FourKingdomsVariant<V>
class FourKingdomsGame {
  public:
    using G = Cross14;

    FourKingdomsGame() { reset(*parse_fen<V>(V::StartFen)); }
    FourKingdomsGame(const FourKingdomsGame&)            = delete;
    FourKingdomsGame& operator=(const FourKingdomsGame&) = delete;

    // Starts over; on error the game is left as it was.
    std::optional<PositionError> reset(const Setup<G>& setup);
    std::optional<SetupError>    load_fen(std::string_view k4fen);

    const Position<V>&          position() const { return pos_; }
    const Setup<G>&             start() const { return start_; }
    const std::vector<FkEntry>& history() const { return entries_; }
    std::string                 fen() const { return write_fen<V>(pos_.setup()); }

    // ---- whose turn ----
    Seat to_move() const { return pos_.side_to_move(); }
    // The player to move has the turn because it is in check (check comes first).
    bool to_move_by_check() const { return pos_.in_check(to_move()); }
    // "South to move (in check: check comes first)" / "West to move".
    std::string turn_text() const;
    bool        in_game(Seat s) const { return pos_.in_game(s); }
    u8          armies_of(Seat s) const { return pos_.state()->c.armies_of[s]; }
    Seat        commander(Seat army) const { return pos_.commander(army); }
    u8          alliance() const { return pos_.alliance(); }

    // ---- moves ----
    MoveList<V::MaxMoves> legal_moves() const; // none once the game is over
    bool                  play(Move m);
    bool                  play_uci(std::string_view text);
    bool                  play_san(std::string_view text);
    // Why a move by `player` is illegal now (nothing if it is legal); a game drawn by a rule
    // the position alone does not show (repetition, 60 rounds, dead position, agreement) gives
    // IllegalReason::GameOver.
    std::optional<Illegality> why_illegal(Seat player, MoveRequest req) const;

    // ---- actions ----
    std::optional<FkRefusal> resign(Seat who);
    // Offers (or accepts) a draw; all players still in the game agreeing draws it. Offers lapse
    // when a move is played. Each is a step of the history (FkAction::DrawOffer).
    std::optional<FkRefusal> offer_draw(Seat who);
    // Proposes an alliance (a step of the history, FkAction::AllianceProposal); it stands, across
    // moves, until accepted or a later proposal replaces it (there is no cancelling).
    std::optional<FkRefusal> propose_alliance(Seat by, Seat to);
    // Whether `pair` may ally now: the position's rule (three players left, one of them an
    // absorber, the allies the other two), where an army emptied by its player's resignation
    // does not make its (recorded) commander an absorber.
    bool alliance_allowed(u8 pair) const;
    // Accepts the standing proposal made to `by` (proposal(): one that can still be accepted).
    std::optional<FkRefusal> accept_alliance(Seat by);
    // The players in the game whose draw offer stands (made since the last move).
    u8 draw_offers() const;
    // The standing proposal (proposer, proposed to), if any.
    std::optional<std::pair<Seat, Seat>> proposal() const;

    // Takes back the last move or action.
    bool undo();

    // ---- result ----
    FkOutcome outcome() const;
    // Scores (docs/rules/fourkingdoms.md): free-for-all 2 / 1 / 1 / 0 (a first or second
    // eliminated player who resigned -1), a draw 1 for each player still in the game; alliance
    // mode 1 / 0 / 1/2 per team, given per seat. Meaningful once the game is over.
    std::array<double, 4>             scores() const;
    const std::vector<FkElimination>& eliminations() const { return elims_; }
    // How many times the current position has stood in this game.
    int repetitions() const;
    // Events of the last step.
    const std::vector<FkEvent>& last_events() const;

    // ---- the game contract (game/turn.h) ----
    // Plays the move written `text` (UCI) for the player to move, or says why it cannot.
    std::optional<MoveRefusal> try_move(std::string_view text);
    // An action of `who` (`with`: the seat an alliance is proposed to): nothing when taken, else
    // why not. Declining a draw and claiming one do not exist here (offers lapse at the next
    // move; every draw is automatic); a flag fall takes the player out as a resignation does.
    std::optional<std::string> act(Action action, Seat who, Seat with = NoSeat);
    // The state after the last step: legal moves and outcome computed once.
    Turn turn() const;

  private:
    void    record(FkEntry e);
    void    add_state_events(FkEntry& e);
    bool    replay(size_t entries);
    bool    dead_position() const;
    FkEntry entry(FkAction action, Seat player) const;
    // Why `who` may not act now (the game is over, or it is out), if it may not.
    std::optional<FkRefusal> refusal_to_act(Seat who) const;

    Setup<G>                   start_;
    Position<V>                pos_;
    std::deque<StateInfo<V>>   states_;
    std::vector<FkEntry>       entries_;
    std::vector<FkElimination> elims_;
    size_t                     flagged_at_ = 0; // entries_ after the last resignation by a flag
};

// ---- member definitions ------------------------------------------------------------------------

template <class V>
requires FourKingdomsVariant<V> std::optional<PositionError> FourKingdomsGame<V>::reset(
    const Setup<G>& setup) {
    {
        Position<V>  trial;
        StateInfo<V> st;
        if (auto err = trial.set(setup, st)) return err;
    }
    states_.clear();
    entries_.clear();
    elims_.clear();
    flagged_at_ = 0;
    pos_.set(setup, states_.emplace_back());
    start_ = setup;
    return std::nullopt;
}

template <class V>
requires FourKingdomsVariant<V> std::optional<SetupError> FourKingdomsGame<V>::load_fen(
    std::string_view k4fen) {
    auto setup = parse_fen<V>(k4fen);
    if (!setup) return setup.error();
    if (auto err = reset(*setup)) return *err;
    return std::nullopt;
}

template <class V>
requires FourKingdomsVariant<V> std::string FourKingdomsGame<V>::turn_text()
const {
    std::string text = std::string(fk::kSeatNames[to_move()]) + " to move";
    if (to_move_by_check()) text += " (in check: check comes first)";
    return text;
}

template <class V>
requires FourKingdomsVariant<V> MoveList<V::MaxMoves> FourKingdomsGame<V>::legal_moves()
const {
    if (outcome().over) return {};
    return citadel::legal_moves(pos_);
}

template <class V>
requires FourKingdomsVariant<V>
bool FourKingdomsGame<V>::play(Move m) {
    if (!legal_moves().contains(m)) return false;
    FkEntry e = entry(FkAction::Move, to_move());
    e.move    = m;
    e.san     = move_to_san(pos_, m);
    pos_.make(m, states_.emplace_back());
    record(std::move(e));
    return true;
}

template <class V>
requires FourKingdomsVariant<V> FkEntry FourKingdomsGame<V>::entry(FkAction action, Seat player)
const {
    FkEntry e;
    e.action   = action;
    e.player   = player;
    e.fullmove = pos_.fullmove();
    return e;
}

template <class V>
requires FourKingdomsVariant<V> std::optional<FkRefusal> FourKingdomsGame<V>::refusal_to_act(
    Seat who)
const {
    if (outcome().over) return FkRefusal::GameOver;
    if (who > 3 || !in_game(who)) return FkRefusal::NotInGame;
    return std::nullopt;
}

template <class V>
requires FourKingdomsVariant<V> std::optional<Illegality> FourKingdomsGame<V>::why_illegal(
    Seat player, MoveRequest req)
const {
    auto            why = fk::why_illegal(pos_, req, player);
    const FkOutcome o   = outcome();
    if (!o.over
        || (why
            && (why->reason == IllegalReason::GameOver
                || why->reason == IllegalReason::GameOverStalemate)))
        return why;
    Illegality over;
    over.reason = IllegalReason::GameOver;
    over.message
        = "The game is over: it is a draw by " + std::string(termination_name(o.reason)) + ".";
    return over;
}

template <class V>
requires FourKingdomsVariant<V>
bool FourKingdomsGame<V>::play_uci(std::string_view text) {
    auto m = find_uci_move(pos_, text);
    return m && play(*m);
}

template <class V>
requires FourKingdomsVariant<V>
bool FourKingdomsGame<V>::play_san(std::string_view text) {
    auto m = san_to_move(pos_, text);
    return m && play(*m);
}

template <class V>
requires FourKingdomsVariant<V> std::optional<FkRefusal> FourKingdomsGame<V>::resign(Seat who) {
    if (auto no = refusal_to_act(who)) return no;
    FkEntry e = entry(FkAction::Resign, who);
    pos_.resign(who, states_.emplace_back());
    record(std::move(e));
    return std::nullopt;
}

template <class V>
requires FourKingdomsVariant<V> std::optional<FkRefusal> FourKingdomsGame<V>::offer_draw(Seat who) {
    if (auto no = refusal_to_act(who)) return no;
    const u8 standing = draw_offers();
    if (standing & fk::seat_bit(who)) return FkRefusal::AlreadyOffered;
    FkEntry e = entry(FkAction::DrawOffer, who);
    e.events.push_back({ standing ? FkEventKind::DrawAccepted : FkEventKind::DrawOffered, who });
    record(std::move(e));
    return std::nullopt;
}

template <class V>
requires FourKingdomsVariant<V> u8 FourKingdomsGame<V>::draw_offers()
const {
    u8 offers = 0;
    for (auto e = entries_.rbegin(); e != entries_.rend() && e->action != FkAction::Move; ++e)
        if (e->action == FkAction::DrawOffer) offers |= fk::seat_bit(e->player);
    return offers & pos_.players();
}

template <class V>
requires FourKingdomsVariant<V> std::optional<FkRefusal> FourKingdomsGame<V>::propose_alliance(
    Seat by, Seat to) {
    if (auto no = refusal_to_act(by)) return no;
    if (to > 3) return FkRefusal::NotInGame;
    if (by == to || !alliance_allowed(u8(fk::seat_bit(by) | fk::seat_bit(to))))
        return FkRefusal::NotAllowed;
    FkEntry e = entry(FkAction::AllianceProposal, by);
    e.other   = to;
    e.events.push_back({ FkEventKind::AllianceProposed, by, to });
    record(std::move(e));
    return std::nullopt;
}

template <class V>
requires FourKingdomsVariant<V>
bool FourKingdomsGame<V>::alliance_allowed(u8 pair) const {
    if (!pos_.alliance_possible(pair)) return false;
    const Seat third    = Seat(std::countr_zero(unsigned(pos_.players() & ~pair)));
    auto       resigned = [&](Seat army) {
        return std::any_of(elims_.begin(), elims_.end(),
                  [&](const FkElimination& x) { return x.seat == army && x.resigned; });
    };
    for (Seat a = 0; a < 4; ++a)
        if (a != third && (armies_of(third) & fk::seat_bit(a)) && !resigned(a)) return true;
    return false;
}

template <class V>
requires FourKingdomsVariant<V> std::optional<std::pair<Seat, Seat>> FourKingdomsGame<V>::proposal()
const {
    for (auto e = entries_.rbegin(); e != entries_.rend(); ++e) {
        if (e->action == FkAction::Alliance) return std::nullopt; // accepted
        if (e->action != FkAction::AllianceProposal) continue;
        // It lapses when it can no longer be accepted (a party left the game, say).
        if (!alliance_allowed(u8(fk::seat_bit(e->player) | fk::seat_bit(e->other))))
            return std::nullopt;
        return std::pair{ e->player, e->other };
    }
    return std::nullopt;
}

template <class V>
requires FourKingdomsVariant<V> std::optional<FkRefusal> FourKingdomsGame<V>::accept_alliance(
    Seat by) {
    if (auto no = refusal_to_act(by)) return no;
    const auto standing = proposal();
    if (!standing || standing->second != by) return FkRefusal::NoProposal;
    const Seat proposer = standing->first;
    const u8   pair     = u8(fk::seat_bit(by) | fk::seat_bit(proposer));
    FkEntry    e        = entry(FkAction::Alliance, by);
    e.other             = proposer;
    if (!pos_.ally(pair, states_.emplace_back())) {
        states_.pop_back();
        return FkRefusal::WouldLeaveMated;
    }
    record(std::move(e));
    return std::nullopt;
}

template <class V>
requires FourKingdomsVariant<V>
void FourKingdomsGame<V>::record(FkEntry e) {
    // An offer or a proposal changes no state; its event is its own.
    if (e.action != FkAction::DrawOffer && e.action != FkAction::AllianceProposal)
        add_state_events(e);
    entries_.push_back(std::move(e));
    if (outcome().over) entries_.back().events.push_back({ FkEventKind::GameOver });
}

// What the step that pushed the current state caused: eliminations, command, the alliance, checks.
template <class V>
requires FourKingdomsVariant<V>
void FourKingdomsGame<V>::add_state_events(FkEntry& e) {
    const fk::State& now    = *pos_.state();
    const fk::State& before = *now.previous;
    for (int i = 0; i < now.n_elim; ++i) {
        Seat x        = now.elim_seat[i];
        bool resigned = e.action == FkAction::Resign && x == e.player;
        bool captured = e.action == FkAction::Move && now.elim_square[i] == NoSquare;
        Seat by       = !resigned && e.action == FkAction::Move ? e.player : Seat(0xFF);
        if (resigned)
            e.events.push_back({ FkEventKind::Resignation, x });
        else
            e.events.push_back(
                { captured ? FkEventKind::KingCaptured : FkEventKind::Checkmate, x, by });
        elims_.push_back({ x, resigned, by });
        ++e.eliminated;
    }
    for (Seat a = 0; a < 4; ++a)
        if (now.c.control[a] != before.c.control[a] && pos_.in_game(now.c.control[a])
            && (V::Teams || e.action != FkAction::Resign)) // a resigner's armies are gone
            e.events.push_back({ FkEventKind::Command, a, now.c.control[a], a });
    if (before.c.alliance && !now.c.alliance) {
        Seat x = Seat(std::countr_zero(unsigned(before.c.alliance)));
        Seat y = Seat(31 - std::countl_zero(unsigned(before.c.alliance)));
        e.events.push_back({ FkEventKind::AllianceDissolved, x, y });
    }
    if (!before.c.alliance && now.c.alliance)
        e.events.push_back({ FkEventKind::AllianceFormed, e.other, e.player });
    for (Seat x = 0; x < 4; ++x)
        if (now.c.check_mask & fk::seat_bit(x)) e.events.push_back({ FkEventKind::Check, x });
}

template <class V>
requires FourKingdomsVariant<V>
const std::vector<FkEvent>& FourKingdomsGame<V>::last_events() const {
    static const std::vector<FkEvent> none;
    return entries_.empty() ? none : entries_.back().events;
}

template <class V>
requires FourKingdomsVariant<V>
bool FourKingdomsGame<V>::replay(size_t n) {
    std::vector<FkEntry> steps(entries_.begin(), entries_.begin() + long(n));
    Setup<G>             start = start_;
    reset(start);
    for (const FkEntry& e : steps) {
        bool ok = true;
        switch (e.action) {
        case FkAction::Move:
            ok = play(e.move);
            break;
        case FkAction::Resign:
            ok = !resign(e.player);
            break;
        case FkAction::DrawOffer:
            ok = !offer_draw(e.player);
            break;
        case FkAction::AllianceProposal:
            ok = !propose_alliance(e.player, e.other);
            break;
        case FkAction::Alliance:
            ok = !accept_alliance(e.player);
            break;
        }
        if (!ok) return false;
    }
    return true;
}

template <class V>
requires FourKingdomsVariant<V>
bool FourKingdomsGame<V>::undo() {
    if (entries_.empty()) return false;
    const FkEntry& last = entries_.back();
    switch (last.action) {
    case FkAction::Move:
        pos_.unmake(last.move);
        states_.pop_back();
        elims_.resize(elims_.size() - size_t(last.eliminated));
        entries_.pop_back();
        return true;
    case FkAction::DrawOffer: // the offers (or the proposal) before it stand again
    case FkAction::AllianceProposal:
        entries_.pop_back();
        return true;
    default:
        return replay(entries_.size() - 1);
    }
}

template <class V>
requires FourKingdomsVariant<V>
int FourKingdomsGame<V>::repetitions() const {
    int count = 0;
    for (const auto& st : states_) count += st.key == pos_.key();
    return count;
}

template <class V>
requires FourKingdomsVariant<V>
bool FourKingdomsGame<V>::dead_position() const {
    using fk::BB;
    const BB& kings = pos_.pieces(King);
    if (pos_.occupied() == kings) return true; // only kings: nobody can ever be checked
    if (std::popcount(unsigned(pos_.players())) != 2) return false;
    if (pos_.pieces(Pawn) != BB{} || pos_.pieces(Rook) != BB{} || pos_.pieces(Queen) != BB{})
        return false;
    int minors = popcount(pos_.pieces(Knight)) + popcount(pos_.pieces(Bishop));
    if (minors <= 1) return true;
    if (pos_.pieces(Knight) != BB{}) return false;
    int dark = 0, bishops = popcount(pos_.pieces(Bishop));
    for (Square s = 0; s < fk::Squares; ++s)
        if (pos_.piece_on(s) && type_of(pos_.piece_on(s)) == Bishop)
            dark += (fk::file_of(s) + fk::rank_of(s)) % 2;
    return dark == 0 || dark == bishops; // bishops all on one colour
}

template <class V>
requires FourKingdomsVariant<V> FkOutcome FourKingdomsGame<V>::outcome()
const {
    FkOutcome o;
    const u8  players = pos_.players();
    if (pos_.decided()) {
        o.over    = true;
        o.reason  = V::Teams ? FkTermination::LastTeam : FkTermination::LastPlayer;
        o.winners = V::Teams ? fk::team_of(Seat(std::countr_zero(unsigned(players)))) : players;
        return o;
    }
    o.draw = o.over = true;
    if (draw_offers() == players)
        o.reason = FkTermination::Agreement;
    else if (count_legal(pos_) == 0)
        o.reason = FkTermination::Stalemate;
    else if (repetitions() >= V::RepetitionDraw) {
        // Perpetual check: one player in check at each of its turns since the position first
        // stood for the last three times.
        std::vector<size_t> at;
        for (size_t i = 0; i < states_.size(); ++i)
            if (states_[i].key == pos_.key()) at.push_back(i);
        size_t from = at[at.size() - size_t(V::RepetitionDraw)];
        o.reason    = FkTermination::ThreefoldRepetition;
        for (Seat x = 0; x < 4; ++x) {
            bool moved = false, always = true;
            for (size_t i = from; i + 1 < states_.size(); ++i)
                if (states_[i].c.player == x) {
                    moved = true;
                    always &= bool(states_[i].c.check_mask & fk::seat_bit(x));
                }
            if (moved && always) o.reason = FkTermination::PerpetualCheck;
        }
    } else if (pos_.rule50() >= V::MoveRuleRounds * std::popcount(unsigned(players)))
        o.reason = FkTermination::SixtyRoundRule;
    else if (dead_position())
        o.reason = FkTermination::DeadPosition;
    else
        o = FkOutcome{};
    return o;
}

template <class V>
requires FourKingdomsVariant<V> std::array<double, 4> FourKingdomsGame<V>::scores()
const {
    std::array<double, 4> s{ 0, 0, 0, 0 };
    FkOutcome             o = outcome();
    if constexpr (V::Teams) {
        for (Seat x = 0; x < 4; ++x)
            s[x] = o.draw ? 0.5 : (o.winners & fk::seat_bit(x)) ? 1.0 : 0.0;
    } else {
        for (size_t i = 0; i < elims_.size(); ++i)
            s[elims_[i].seat] = i < 2 ? (elims_[i].resigned ? -1.0 : 1.0) : 0.0;
        for (Seat x = 0; x < 4; ++x)
            if (in_game(x)) s[x] = o.draw ? 1.0 : (o.winners & fk::seat_bit(x)) ? 2.0 : 0.0;
    }
    return s;
}

// ---- the game contract -------------------------------------------------------------------------

template <class V>
requires FourKingdomsVariant<V> std::optional<MoveRefusal> FourKingdomsGame<V>::try_move(
    std::string_view text) {
    auto req = parse_move_request<G>(text);
    if (!req) return malformed_move(req.error().message);
    const Seat us = to_move();
    auto       m  = find_move(pos_, *req);
    if (!m || !play(*m)) return explain_refusal<V>(pos_, *req, why_illegal(us, *req), us);
    return std::nullopt;
}

template <class V>
requires FourKingdomsVariant<V> std::optional<std::string> FourKingdomsGame<V>::act(
    Action action, Seat who, Seat with) {
    auto refused = [](std::optional<FkRefusal> r) -> std::optional<std::string> {
        if (r) return std::string(refusal_text(*r));
        return std::nullopt;
    };
    constexpr const char* kNoAlliances
        = "the teams are fixed in fourkingdoms-teams; there are no alliances";
    switch (action) {
    case Action::Resign:
        return refused(resign(who));
    case Action::OfferDraw:
        return refused(offer_draw(who));
    case Action::AcceptDraw:
        if (who < 4 && !(draw_offers() & ~fk::seat_bit(who))) return "no draw offer stands";
        return refused(offer_draw(who));
    case Action::DeclineDraw:
        return "in Four Kingdoms a draw offer lapses when the next move is played; it cannot "
               "be declined";
    case Action::ClaimDraw:
        return "every draw of Four Kingdoms is automatic; none can be claimed";
    case Action::ProposeAlliance:
        if (V::Teams) return kNoAlliances;
        if (with > 3) return "propose_alliance names the seat proposed to";
        return refused(propose_alliance(who, with));
    case Action::AcceptAlliance:
        if (V::Teams) return kNoAlliances;
        return refused(accept_alliance(who));
    case Action::Flag:
        if (auto no = resign(who)) return refused(no);
        flagged_at_ = entries_.size();
        return std::nullopt;
    }
    return "unknown action";
}

template <class V>
requires FourKingdomsVariant<V> Turn FourKingdomsGame<V>::turn()
const {
    Turn t;
    t.seats   = 4;
    t.fen     = fen();
    t.to_move = to_move();
    for (const FkEntry& e : entries_) t.ply += e.action == FkAction::Move;
    t.in_check = t.check_first = to_move_by_check();
    t.draw_offers              = draw_offers();
    t.proposal                 = proposal();
    t.alliance                 = alliance();
    t.in_game                  = 0;
    for (Seat x = 0; x < 4; ++x) {
        if (in_game(x)) t.in_game |= fk::seat_bit(x);
        t.commanders[x] = commander(x) < 4 ? commander(x) : NoSeat;
    }
    if (!entries_.empty()) {
        const FkEntry& last = entries_.back();
        if (last.action == FkAction::Move)
            t.move = PlayedMove{ move_to_uci<V>(last.move), last.san, last.player };
        if (flagged_at_ == entries_.size()) t.events.push_back({ EventKind::Flag, last.player });
        for (const FkEvent& e : last.events) t.events.push_back(turn_event(e));
    }
    const FkOutcome o = outcome();
    t.status          = termination_id(o.reason);
    if (o.over) {
        t.scores = scores();
        t.result = fk::record_result(o, *t.scores, V::Teams);
        t.text   = o.describe();
        return t;
    }
    t.text = turn_text();
    for (Move m : citadel::legal_moves(pos_)) t.legal_moves.push_back(move_to_uci<V>(m));
    std::sort(t.legal_moves.begin(), t.legal_moves.end());
    if constexpr (!V::Teams)
        for (Seat by = 0; by < 4; ++by)
            for (Seat with = 0; with < 4; ++with)
                if (by != with && in_game(by) && in_game(with)
                    && alliance_allowed(u8(fk::seat_bit(by) | fk::seat_bit(with))))
                    t.may_ally[by] |= fk::seat_bit(with);
    return t;
}

// ---- the game record (notation/k4record.h) -----------------------------------------------------

namespace fk {
std::string record_action(const FkEntry& e); // the comment of a non-move step, or ""
std::string wrap(const std::vector<std::string>& tokens, size_t width = 80);
std::string tag_line(std::string_view name, std::string_view value);
std::string braced(std::string_view comment); // "{comment}"
std::string move_token(Seat player, std::string_view san); // "e:Nl4"
// The seat a name ("East") names, if any.
std::optional<Seat> seat_named(std::string_view name);
// The error for a Result tag that is not the replayed game's result, if it is not.
std::optional<ParseError> check_result(
    std::string_view tag, const FkOutcome& o, const std::array<double, 4>& scores, bool teams);
// Parses the tag pairs at the start of text; returns where the movetext starts, or an error.
Result<size_t, ParseError> read_tags(
    std::string_view text, std::vector<std::pair<std::string, std::string>>& tags);
} // namespace fk

} // namespace citadel
