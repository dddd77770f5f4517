// One game the server holds, of any variant, behind the game contract (game/turn.h): the server's
// rooms never name a variant. Each step (a move or an action) is taken by the game itself and
// leaves one Turn, computed once and kept until the next step; everything the server says about
// the game between two steps is read from it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "game/turn.h"

namespace citadel::server {

class LiveGame {
  public:
    virtual ~LiveGame() = default;

    virtual std::string_view variant() const   = 0;
    virtual std::string      start_fen() const = 0;
    // The state after the last step.
    virtual const Turn& turn() const = 0;
    // The moves played, as UCI text and as SAN.
    virtual const std::vector<std::string>& moves_uci() const = 0;
    virtual const std::vector<std::string>& moves_san() const = 0;

    // Plays `text` for the player to move (the caller checked the turn), or says why not.
    virtual std::optional<MoveRefusal> play(std::string_view text) = 0;
    // Takes back the last move (a claim announced with a move that did not hold).
    virtual void undo_move() = 0;
    // An action of `who`: nothing when taken, else why it was refused.
    virtual std::optional<std::string> act(Action action, Seat who, Seat with) = 0;
    // The game record: PGN, or the Four Kingdoms record.
    virtual std::string record() const = 0;

    int seats() const { return turn().seats; }
};

// Why no game could be made: a sentence naming the unknown variant or what is wrong with the
// position, and for a position the core's identifier of the rule it breaks (setup_error_id:
// "king_count", "unreadable", ...; empty for an unknown variant) and, for text that is not a
// position, the part of it that is wrong ("board", "castling", "en passant", ...).
struct NoGame {
    std::string message;
    std::string reason = {};
    std::string field  = {};
};

// A new game of `variant` from `fen` (empty: the variant's start), or why not.
std::variant<std::unique_ptr<LiveGame>, NoGame> make_live_game(
    std::string_view variant, std::string_view fen);

} // namespace citadel::server
