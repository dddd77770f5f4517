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
#pragma once

#include <array>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notation/k4record.h"
#include "variants/fourkingdoms.h"

namespace citadel {

enum class FkTermination : u8 {
    None,
    LastPlayer,           // free-for-all: one player left in the game
    LastTeam,             // alliance mode: one team left
    Stalemate,            // the player to move has no legal move and is not in check: a draw
    ThreefoldRepetition,  // draws
    PerpetualCheck,       // a threefold repetition in which one player was always in check
    SixtyRoundRule,       // draws
    DeadPosition,         // draws: no player can be mated any more
    Agreement,            // draws: every player still in the game agreed
};
std::string_view termination_name(FkTermination t);

enum class FkEventKind : u8 {
    Check,              // player is in check
    Checkmate,          // player is mated (its king leaves the board); other: the mover
    KingCaptured,       // player's king was captured by other
    Command,            // other takes command of army (absorption or the partner's command)
    AllianceProposed,   // player proposes an alliance to other
    AllianceFormed,     // player and other are allies
    AllianceDissolved,  // the alliance of player and other ended
    Resignation,        // player resigned
    DrawOffered,        // player offers a draw (no other offer stands)
    DrawAccepted,       // player accepts the draw offered (joins the offers that stand)
    GameOver,           // see outcome()
};

struct FkEvent {
    FkEventKind kind;
    Seat        player = 0xFF;
    Seat        other  = 0xFF;
    Seat        army   = 0xFF;
    friend bool operator==(const FkEvent&, const FkEvent&) = default;
};
std::string describe(const FkEvent& e);

struct FkOutcome {
    bool          over   = false;
    bool          draw   = false;
    FkTermination reason = FkTermination::None;
    u8            winners = 0;  // seat bits: the winner (free-for-all) or the winning team
    std::string   describe() const;
    friend bool   operator==(const FkOutcome&, const FkOutcome&) = default;
};

// Why an action was refused.
enum class FkRefusal : u8 {
    GameOver,
    NotInGame,          // the acting player is out
    NotAllowed,         // no alliance is possible now between those players (or teams mode)
    NoProposal,         // nothing to accept
    AlreadyOffered,     // the player's draw offer stands already
    WouldLeaveMated,    // the alliance would leave a player in check without a legal move
    IllegalMove,
};
std::string_view refusal_text(FkRefusal r);

enum class FkAction : u8 { Move, Resign, AllianceProposal, Alliance, DrawOffer };

// One step of the game: a move or an action, and what it caused.
struct FkEntry {
    FkAction             action = FkAction::Move;
    Seat                 player = 0;  // who moved or acted (alliance: the accepting player)
    Seat                 other  = 0xFF;  // alliance: the proposing player; proposal: the one
                                         // proposed to
    Move                 move;
    std::string          san;  // moves only
    int                  fullmove   = 1;  // the full-move number before the step
    int                  eliminated = 0;  // players it eliminated
    std::vector<FkEvent> events;
};

// How a player left the game, in order.
struct FkElimination {
    Seat seat;
    bool resigned;
    Seat by;  // the mover that mated or captured (0xFF for a resignation)
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
    MoveList<V::MaxMoves> legal_moves() const;  // none once the game is over
    std::vector<Square>   legal_targets(Square from) const;
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
    u8                       draw_offers() const;
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

  private:
    void record(FkEntry e);
    void add_state_events(FkEntry& e);
    bool replay(size_t entries);
    bool dead_position() const;
    FkEntry entry(FkAction action, Seat player) const;
    // Why `who` may not act now (the game is over, or it is out), if it may not.
    std::optional<FkRefusal> refusal_to_act(Seat who) const;

    Setup<G>                 start_;
    Position<V>              pos_;
    std::deque<StateInfo<V>> states_;
    std::vector<FkEntry>     entries_;
    std::vector<FkElimination> elims_;
};

// ---- member definitions ------------------------------------------------------------------------

template <class V>
    requires FourKingdomsVariant<V>
std::optional<PositionError> FourKingdomsGame<V>::reset(const Setup<G>& setup) {
    {
        Position<V>  trial;
        StateInfo<V> st;
        if (auto err = trial.set(setup, st)) return err;
    }
    states_.clear();
    entries_.clear();
    elims_.clear();
    pos_.set(setup, states_.emplace_back());
    start_ = setup;
    return std::nullopt;
}

template <class V>
    requires FourKingdomsVariant<V>
std::optional<SetupError> FourKingdomsGame<V>::load_fen(std::string_view k4fen) {
    auto setup = parse_fen<V>(k4fen);
    if (!setup) return setup.error();
    if (auto err = reset(*setup)) return *err;
    return std::nullopt;
}

template <class V>
    requires FourKingdomsVariant<V>
std::string FourKingdomsGame<V>::turn_text() const {
    std::string text = std::string(fk::kSeatNames[to_move()]) + " to move";
    if (to_move_by_check()) text += " (in check: check comes first)";
    return text;
}

template <class V>
    requires FourKingdomsVariant<V>
MoveList<V::MaxMoves> FourKingdomsGame<V>::legal_moves() const {
    if (outcome().over) return {};
    return citadel::legal_moves(pos_);
}

template <class V>
    requires FourKingdomsVariant<V>
std::vector<Square> FourKingdomsGame<V>::legal_targets(Square from) const {
    std::vector<Square> out;
    for (Move m : legal_moves()) {
        if (m.from() != from) continue;
        Square to = request_of<V>(m).to;
        if (std::find(out.begin(), out.end(), to) == out.end()) out.push_back(to);
    }
    return out;
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
    requires FourKingdomsVariant<V>
FkEntry FourKingdomsGame<V>::entry(FkAction action, Seat player) const {
    FkEntry e;
    e.action   = action;
    e.player   = player;
    e.fullmove = pos_.fullmove();
    return e;
}

template <class V>
    requires FourKingdomsVariant<V>
std::optional<FkRefusal> FourKingdomsGame<V>::refusal_to_act(Seat who) const {
    if (outcome().over) return FkRefusal::GameOver;
    if (who > 3 || !in_game(who)) return FkRefusal::NotInGame;
    return std::nullopt;
}

template <class V>
    requires FourKingdomsVariant<V>
std::optional<Illegality> FourKingdomsGame<V>::why_illegal(Seat player, MoveRequest req) const {
    auto            why = fk::why_illegal(pos_, req, player);
    const FkOutcome o   = outcome();
    if (!o.over || (why && (why->reason == IllegalReason::GameOver ||
                            why->reason == IllegalReason::GameOverStalemate)))
        return why;
    Illegality over;
    over.reason  = IllegalReason::GameOver;
    over.message = "The game is over: it is a draw by " + std::string(termination_name(o.reason)) + ".";
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
    requires FourKingdomsVariant<V>
std::optional<FkRefusal> FourKingdomsGame<V>::resign(Seat who) {
    if (auto no = refusal_to_act(who)) return no;
    FkEntry e = entry(FkAction::Resign, who);
    pos_.resign(who, states_.emplace_back());
    record(std::move(e));
    return std::nullopt;
}

template <class V>
    requires FourKingdomsVariant<V>
std::optional<FkRefusal> FourKingdomsGame<V>::offer_draw(Seat who) {
    if (auto no = refusal_to_act(who)) return no;
    const u8 standing = draw_offers();
    if (standing & fk::seat_bit(who)) return FkRefusal::AlreadyOffered;
    FkEntry e = entry(FkAction::DrawOffer, who);
    e.events.push_back({standing ? FkEventKind::DrawAccepted : FkEventKind::DrawOffered, who});
    record(std::move(e));
    return std::nullopt;
}

template <class V>
    requires FourKingdomsVariant<V>
u8 FourKingdomsGame<V>::draw_offers() const {
    u8 offers = 0;
    for (auto e = entries_.rbegin(); e != entries_.rend() && e->action != FkAction::Move; ++e)
        if (e->action == FkAction::DrawOffer) offers |= fk::seat_bit(e->player);
    return offers & pos_.players();
}

template <class V>
    requires FourKingdomsVariant<V>
std::optional<FkRefusal> FourKingdomsGame<V>::propose_alliance(Seat by, Seat to) {
    if (auto no = refusal_to_act(by)) return no;
    if (to > 3) return FkRefusal::NotInGame;
    if (by == to || !alliance_allowed(u8(fk::seat_bit(by) | fk::seat_bit(to))))
        return FkRefusal::NotAllowed;
    FkEntry e = entry(FkAction::AllianceProposal, by);
    e.other   = to;
    e.events.push_back({FkEventKind::AllianceProposed, by, to});
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
    requires FourKingdomsVariant<V>
std::optional<std::pair<Seat, Seat>> FourKingdomsGame<V>::proposal() const {
    for (auto e = entries_.rbegin(); e != entries_.rend(); ++e) {
        if (e->action == FkAction::Alliance) return std::nullopt;  // accepted
        if (e->action != FkAction::AllianceProposal) continue;
        // It lapses when it can no longer be accepted (a party left the game, say).
        if (!alliance_allowed(u8(fk::seat_bit(e->player) | fk::seat_bit(e->other))))
            return std::nullopt;
        return std::pair{e->player, e->other};
    }
    return std::nullopt;
}

template <class V>
    requires FourKingdomsVariant<V>
std::optional<FkRefusal> FourKingdomsGame<V>::accept_alliance(Seat by) {
    if (auto no = refusal_to_act(by)) return no;
    const auto standing = proposal();
    if (!standing || standing->second != by) return FkRefusal::NoProposal;
    const Seat proposer = standing->first;
    const u8   pair     = u8(fk::seat_bit(by) | fk::seat_bit(proposer));
    FkEntry    e        = entry(FkAction::Alliance, by);
    e.other   = proposer;
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
    if (e.action != FkAction::DrawOffer && e.action != FkAction::AllianceProposal) add_state_events(e);
    entries_.push_back(std::move(e));
    if (outcome().over) entries_.back().events.push_back({FkEventKind::GameOver});
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
        if (resigned) e.events.push_back({FkEventKind::Resignation, x});
        else e.events.push_back({captured ? FkEventKind::KingCaptured : FkEventKind::Checkmate, x, by});
        elims_.push_back({x, resigned, by});
        ++e.eliminated;
    }
    for (Seat a = 0; a < 4; ++a)
        if (now.c.control[a] != before.c.control[a] && pos_.in_game(now.c.control[a]) &&
            (V::Teams || e.action != FkAction::Resign))  // a resigner's armies are gone
            e.events.push_back({FkEventKind::Command, a, now.c.control[a], a});
    if (before.c.alliance && !now.c.alliance) {
        Seat x = Seat(std::countr_zero(unsigned(before.c.alliance)));
        Seat y = Seat(31 - std::countl_zero(unsigned(before.c.alliance)));
        e.events.push_back({FkEventKind::AllianceDissolved, x, y});
    }
    if (!before.c.alliance && now.c.alliance)
        e.events.push_back({FkEventKind::AllianceFormed, e.other, e.player});
    for (Seat x = 0; x < 4; ++x)
        if (now.c.check_mask & fk::seat_bit(x)) e.events.push_back({FkEventKind::Check, x});
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
            case FkAction::Move: ok = play(e.move); break;
            case FkAction::Resign: ok = !resign(e.player); break;
            case FkAction::DrawOffer: ok = !offer_draw(e.player); break;
            case FkAction::AllianceProposal: ok = !propose_alliance(e.player, e.other); break;
            case FkAction::Alliance: ok = !accept_alliance(e.player); break;
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
        case FkAction::DrawOffer:  // the offers (or the proposal) before it stand again
        case FkAction::AllianceProposal:
            entries_.pop_back();
            return true;
        default: return replay(entries_.size() - 1);
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
    if (pos_.occupied() == kings) return true;  // only kings: nobody can ever be checked
    if (std::popcount(unsigned(pos_.players())) != 2) return false;
    if (pos_.pieces(Pawn) != BB{} || pos_.pieces(Rook) != BB{} || pos_.pieces(Queen) != BB{})
        return false;
    int minors = popcount(pos_.pieces(Knight)) + popcount(pos_.pieces(Bishop));
    if (minors <= 1) return true;
    if (pos_.pieces(Knight) != BB{}) return false;
    int dark = 0, bishops = popcount(pos_.pieces(Bishop));
    for (Square s = 0; s < fk::Squares; ++s)
        if (pos_.piece_on(s) && type_of(pos_.piece_on(s)) == Bishop) dark += (fk::file_of(s) + fk::rank_of(s)) % 2;
    return dark == 0 || dark == bishops;  // bishops all on one colour
}

template <class V>
    requires FourKingdomsVariant<V>
FkOutcome FourKingdomsGame<V>::outcome() const {
    FkOutcome o;
    const u8  players = pos_.players();
    if (pos_.decided()) {
        o.over    = true;
        o.reason  = V::Teams ? FkTermination::LastTeam : FkTermination::LastPlayer;
        o.winners = V::Teams ? fk::team_of(Seat(std::countr_zero(unsigned(players)))) : players;
        return o;
    }
    o.draw = o.over = true;
    if (draw_offers() == players) o.reason = FkTermination::Agreement;
    else if (count_legal(pos_) == 0) o.reason = FkTermination::Stalemate;
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
    requires FourKingdomsVariant<V>
std::array<double, 4> FourKingdomsGame<V>::scores() const {
    std::array<double, 4> s{0, 0, 0, 0};
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

// ---- the game record (notation/k4record.h) -----------------------------------------------------

namespace fk {
std::string record_result(const FkOutcome& o, const std::array<double, 4>& scores, bool teams);
std::string record_action(const FkEntry& e);  // the comment of a non-move step, or ""
std::string wrap(const std::vector<std::string>& tokens, size_t width = 80);
std::string tag_line(std::string_view name, std::string_view value);
std::string braced(std::string_view comment);                   // "{comment}"
std::string move_token(Seat player, std::string_view san);       // "e:Nl4"
// The seat a name ("East") names, if any.
std::optional<Seat> seat_named(std::string_view name);
// The error for a Result tag that is not the replayed game's result, if it is not.
std::optional<ParseError> check_result(std::string_view tag, const FkOutcome& o,
                                       const std::array<double, 4>& scores, bool teams);
// Parses the tag pairs at the start of text; returns where the movetext starts, or an error.
Result<size_t, ParseError> read_tags(std::string_view text,
                                     std::vector<std::pair<std::string, std::string>>& tags);
}  // namespace fk

template <class V>
    requires FourKingdomsVariant<V>
std::string write_k4record(const FourKingdomsGame<V>& game, const K4Tags& tags) {
    std::string out;
    out += fk::tag_line("Event", tags.event) + fk::tag_line("Site", tags.site) +
           fk::tag_line("Date", tags.date) + fk::tag_line("Round", tags.round) +
           fk::tag_line("Variant", V::Name);
    for (Seat x = 0; x < 4; ++x) out += fk::tag_line(fk::kSeatNames[x], tags.players[x]);
    out += fk::tag_line("Result", fk::record_result(game.outcome(), game.scores(), V::Teams));
    std::string start = write_fen<V>(game.start());
    if (start != V::StartFen) out += fk::tag_line("SetUp", "1") + fk::tag_line("FEN", start);
    out += '\n';
    std::vector<std::string> tokens;
    int                      number = -1;
    for (const FkEntry& e : game.history()) {
        if (e.action == FkAction::Move) {
            if (e.fullmove != number) tokens.push_back(std::to_string(number = e.fullmove) + ".");
            tokens.push_back(fk::move_token(e.player, e.san));
        } else
            tokens.push_back(fk::braced(fk::record_action(e)));
        for (const FkEvent& ev : e.events)
            if (ev.kind == FkEventKind::Checkmate || ev.kind == FkEventKind::KingCaptured ||
                ev.kind == FkEventKind::Command || ev.kind == FkEventKind::AllianceDissolved)
                tokens.push_back(fk::braced(describe(ev)));
    }
    if (game.outcome().over) tokens.push_back(fk::braced(game.outcome().describe()));
    out += fk::wrap(tokens);
    out += '\n';
    return out;
}

namespace fk {

// Replays the action a comment of the movetext states ("West resigns", "South proposes an
// alliance to West", "South and West form an alliance", "East offers a draw", "South accepts the
// draw"); other comments are for people.
template <class V>
    requires FourKingdomsVariant<V>
std::optional<ParseError> replay_comment(std::string_view comment, FourKingdomsGame<V>& game) {
    auto refused = [&](std::string_view why) {
        return ParseError{"record", "{" + std::string(comment) + "}: " + std::string(why)};
    };
    constexpr std::string_view resigns = " resigns", forms = " form an alliance", offers = " offers a draw",
                               accepts = " accepts the draw", proposes = " proposes an alliance to ";
    if (comment.ends_with(resigns)) {
        if (auto x = seat_named(comment.substr(0, comment.size() - resigns.size())))
            if (auto no = game.resign(*x)) return refused(refusal_text(*no));
    } else if (comment.ends_with(forms)) {
        std::string_view pair = comment.substr(0, comment.size() - forms.size());
        size_t           and_ = pair.find(" and ");
        auto a = and_ == std::string_view::npos ? std::nullopt : seat_named(pair.substr(0, and_));
        auto b = and_ == std::string_view::npos ? std::nullopt : seat_named(pair.substr(and_ + 5));
        if (a && b) {
            // Accepts the standing proposal, or (a record without one) proposes and accepts.
            std::optional<FkRefusal> no;
            if (game.proposal() != std::pair{*a, *b}) no = game.propose_alliance(*a, *b);
            if (!no) no = game.accept_alliance(*b);
            if (no) return refused(refusal_text(*no));
        }
    } else if (size_t p = comment.find(proposes); p != std::string_view::npos) {
        auto a = seat_named(comment.substr(0, p)), b = seat_named(comment.substr(p + proposes.size()));
        if (a && b)
            if (auto no = game.propose_alliance(*a, *b)) return refused(refusal_text(*no));
    } else if (comment.ends_with(offers) || comment.ends_with(accepts)) {
        const bool accepting = comment.ends_with(accepts);
        if (auto x = seat_named(comment.substr(0, comment.size() - (accepting ? accepts : offers).size()))) {
            if (accepting && !game.draw_offers()) return refused("no draw offer stands to accept");
            if (auto no = game.offer_draw(*x)) return refused(refusal_text(*no));
        }
    }
    return std::nullopt;
}

}  // namespace fk

template <class V>
    requires FourKingdomsVariant<V>
std::optional<ParseError> read_k4record(std::string_view text, FourKingdomsGame<V>& game,
                                        K4Tags* tags) {
    std::vector<std::pair<std::string, std::string>> pairs;
    auto                                              at = fk::read_tags(text, pairs);
    if (!at) return at.error();
    std::string                fen(V::StartFen);
    std::optional<std::string> result;
    K4Tags                     t;
    for (auto& [name, value] : pairs) {
        if (name == "Variant" && value != V::Name)
            return ParseError{"record", "the record is a game of " + value + ", not " + std::string(V::Name)};
        if (name == "FEN") fen = value;
        if (name == "Result") result = value;
        if (name == "Event") t.event = value;
        if (name == "Site") t.site = value;
        if (name == "Date") t.date = value;
        if (name == "Round") t.round = value;
        for (Seat x = 0; x < 4; ++x)
            if (name == fk::kSeatNames[x]) t.players[x] = value;
    }
    if (auto err = game.load_fen(fen)) return ParseError{"record", "FEN tag: " + describe(*err)};
    std::string_view rest  = text.substr(*at);
    int              index = 0;
    for (size_t i = 0; i < rest.size();) {
        char c = rest[i];
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
            ++i;
            continue;
        }
        if (c == ';') {
            while (i < rest.size() && rest[i] != '\n') ++i;
            continue;
        }
        if (c == '{') {
            size_t end = rest.find('}', i);
            if (end == std::string_view::npos) return ParseError{"record", "a comment is not closed"};
            if (auto err = fk::replay_comment(rest.substr(i + 1, end - i - 1), game)) return err;
            i = end + 1;
            continue;
        }
        size_t           end   = rest.find_first_of(" \n\r\t{;", i);
        std::string_view token = rest.substr(i, end == std::string_view::npos ? rest.size() - i : end - i);
        i += token.size();
        if (token == "*") continue;
        if (!token.empty() && token.back() == '.' && token.find_first_not_of("0123456789.") == std::string_view::npos)
            continue;
        ++index;
        auto where = "move " + std::to_string(index) + " '" + std::string(token) + "': ";
        if (token.size() < 3 || token[1] != ':' || fk::kSeatLetters.find(token[0]) == std::string_view::npos)
            return ParseError{"record", where + "a move is a player letter, ':' and the move in SAN (e:m4-k4)"};
        if (fk::kSeatLetters[game.to_move()] != token[0])
            return ParseError{"record", where + "it is " + std::string(fk::kSeatNames[game.to_move()]) + "'s turn"};
        if (!game.play_san(token.substr(2)))
            return ParseError{"record", where + "not a legal move here"};
    }
    if (result)
        if (auto err = fk::check_result(*result, game.outcome(), game.scores(), V::Teams)) return err;
    if (tags) *tags = t;
    return std::nullopt;
}

}  // namespace citadel
