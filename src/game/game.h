// Game<V>: a game of variant V from its start to its end — the position, the moves played, and
// how the game ends: by the rules themselves (checkmate, stalemate, automatic draws, a won pawn
// race), by a claim of the player to move (threefold repetition, 50-move rule), or by the players
// (agreement, resignation, time forfeit). The server, the engine driver and the lessons use it.
// It meets the game contract of game/turn.h: try_move, act (draw offers stand here until the
// opponent answers or moves), undo, and turn(), the state after each step in one piece.
// A variant with V::OwnGameEnd (Tamerlane) judges its end by outcome_by_rules(position,
// repetitions, fifty_move_rule) instead of the orthodox rules here, and has no claims.
#pragma once

#include <algorithm>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/outcome.h"
#include "game/explain.h"
#include "game/turn.h"
#include "notation/fen.h"
#include "notation/san.h"
#include "notation/uci_move.h"

namespace citadel {

// What a draw claim announced with its move did (FIDE 9.2.1, 9.3.1, 9.5).
enum class ClaimResult : u8 {
    Drawn, // the claim held: the move was played and the game is drawn
    MoveStands, // the claim did not hold (or the move itself was checkmate): the move was
                // played all the same (FIDE 9.5.3); the game goes on unless the move ended it
    Refused, // the move is not legal now, the game is over, or the variant has no claims:
             // nothing changed
};

template <class V> class Game {
  public:
    using G = typename V::Geometry;

    Game() { reset(*parse_fen<V>(V::StartFen)); }
    Game(const Game&)            = delete;
    Game& operator=(const Game&) = delete;

    // Starts over from a setup; on error the game is left as it was.
    std::optional<PositionError> reset(const Setup<G>& setup);
    // Starts over from FEN text; on error the game is left as it was.
    std::optional<SetupError> load_fen(std::string_view fen);

    const Position<V>&       position() const { return pos_; }
    const Setup<G>&          start() const { return start_; }
    const std::vector<Move>& moves() const { return moves_; }
    std::string              fen() const { return write_fen<V>(pos_.setup()); }

    // The legal moves now: none once the game is over, however it ended.
    MoveList<V::MaxMoves> legal_moves() const;

    // Plays a move if it is legal and the game is not over; returns whether it was played.
    bool play(Move m);
    // Takes back the last move (and any result reached by claim, agreement or resignation).
    bool undo();

    Outcome outcome() const;
    // How many times the current position has stood on the board in this game (1 = first time).
    int repetitions() const;
    // Draws the player to move may claim now.
    std::vector<DrawClaim> claimable_draws() const;
    bool                   claim_draw(DrawClaim claim);
    // Draws the player to move may claim by announcing the legal move `m` that produces them
    // (the position after it stands for the third time, or it completes 50 moves); none if `m`
    // is not legal now.
    std::vector<DrawClaim> claimable_draws_with(Move m) const;
    // A claim with the move: `m` is played (if it is legal), and the game is drawn if the claim
    // holds for the position after it. An incorrect claim cannot be withdrawn: the move stands
    // and the game goes on. A move that ends the game by itself keeps that ending (outcome()
    // says which): the answer is Drawn if it is a draw (stalemate, an automatic draw) and
    // MoveStands if it is checkmate.
    ClaimResult claim_draw(DrawClaim claim, Move m);
    // Agreement, resignation and flag end a game still in progress; otherwise (or for a seat the
    // variant does not have) they change nothing.
    void agree_draw();
    void resign(Seat loser);
    // The player `loser` ran out of time.
    void flag(Seat loser);

    // Tamerlane's optional 50-move rule (docs/rules/tamerlane.md): off by default; when on, 100
    // half-moves without a pawn move, relocation or removal draw automatically.
    void set_fifty_move_rule(bool on) requires V::OwnGameEnd { fifty_move_rule_ = on; }
    bool fifty_move_rule() const requires V::OwnGameEnd { return fifty_move_rule_; }

    // No series of legal moves from here can end in checkmate (the rule book's material rules).
    bool dead_position() const;
    // Seat s has mating material in the rule book's approximation (bare king, or dead position).
    bool can_mate(Seat s) const;

    // ---- the game contract (game/turn.h) ----
    // Plays the move written `text` (UCI) for the player to move, or says why it cannot.
    std::optional<MoveRefusal> try_move(std::string_view text);
    // An action of `who`: nothing when taken, else why not. A draw offer stands until the
    // opponent accepts or declines it, or moves (which declines it); offering while the
    // opponent's offer stands accepts it. `with` is for alliances, which this game has none of.
    std::optional<std::string> act(Action action, Seat who, Seat with = NoSeat);
    // The seats whose draw offer stands (bits).
    u8 draw_offers() const { return offers_; }
    // The state after the last step: legal moves and outcome generated once.
    Turn turn() const;

  private:
    Outcome                by_rule() const;
    std::vector<DrawClaim> claims_now() const; // claimable_draws() of a game not over
    std::vector<DrawClaim> claims_after(Move m) const; // claimable_draws_with(m) of a legal m

    Setup<G>                 start_;
    Position<V>              pos_;
    std::deque<StateInfo<V>> states_; // a deque never moves its elements
    std::vector<Move>        moves_;
    Outcome                  declared_; // agreement, resignation, claim, flag
    size_t                   declared_at_     = 0; // number of moves when declared_ was set
    bool                     fifty_move_rule_ = false; // Tamerlane's option
    u8                       offers_          = 0; // seat bits of the draw offers standing
    std::vector<u8>          offers_before_; // offers_ before each move, for undo()
    std::vector<TurnEvent>   events_; // what the last step of the contract caused
    std::optional<PlayedMove>
        last_move_; // the move try_move() played last, if it was the last step
};

} // namespace citadel

#include "game/game_impl.h"
