// The rules core behind one variant-erased interface: the server's game service holds a Rules
// for each game and never names a variant. Every answer (legal moves, SAN, why a move is
// illegal, outcome, claims, Four Kingdoms actions and events, the PGN or Four Kingdoms record)
// comes from the rules core (src/game, src/notation); this file only translates it to the
// server's vocabulary (seat numbers, snake-case ids, JSON).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace citadel::server {

using nlohmann::json;

// A move played: its text and what it caused.
struct MovePlayed {
    std::string uci, san;
    json        events = json::array(); // [{"kind": "check", "player": "black"}, ...]
};

// A move refused: `code` is "bad_request" (the text is not a move) or "illegal_move".
struct MoveRefused {
    std::string code, message, reason;
    json        arrows = json::array(); // [[from, to], ...]
};

class Rules {
  public:
    virtual ~Rules() = default;

    virtual std::string_view         variant() const           = 0;
    virtual int                      seat_count() const        = 0;
    virtual std::string_view         seat_name(int seat) const = 0; // "white", "east", ...
    virtual std::string              start_fen() const         = 0;
    virtual std::string              fen() const               = 0;
    virtual int                      ply() const               = 0; // moves played
    virtual std::vector<std::string> moves_uci() const         = 0;
    virtual std::vector<std::string> moves_san() const         = 0;
    virtual int                      to_move() const           = 0;
    virtual bool                     over() const              = 0;
    virtual std::string status() const      = 0; // "ongoing" or how it ended ("checkmate", ...)
    virtual std::string result() const      = 0; // "1-0", "e:2 s:1 w:1 n:0", "*"
    virtual std::string describe() const    = 0; // a sentence for people
    virtual json        scores() const      = 0; // Four Kingdoms, once over; else null
    virtual json        extra_state() const = 0; // variant-specific fields of `state`
    virtual std::vector<std::string> legal_moves() const = 0; // in byte order of their text
    // Whether `seat` can still act (is in the game).
    virtual bool in_game(int seat) const = 0;

    // Plays `text` for the player to move (the caller checked the turn).
    virtual std::variant<MovePlayed, MoveRefused> play(std::string_view text) = 0;
    virtual void undo_move() = 0; // takes back the last move (a failed claim with a move)

    // Actions: nothing when done, or why they were refused. `events` receives what they caused.
    virtual std::optional<std::string> resign(int seat, json& events)       = 0;
    virtual std::optional<std::string> offer_draw(int seat, json& events)   = 0;
    virtual std::optional<std::string> accept_draw(int seat, json& events)  = 0;
    virtual std::optional<std::string> decline_draw(int seat, json& events) = 0;
    // Claims a draw the rules allow the player to move now.
    virtual std::optional<std::string> claim_draw(int seat, json& events)                 = 0;
    virtual std::optional<std::string> propose_alliance(int seat, int with, json& events) = 0;
    virtual std::optional<std::string> accept_alliance(int seat, json& events)            = 0;
    // `seat` ran out of time (two players: a loss, or a draw if the opponent cannot mate; Four
    // Kingdoms: the player leaves the game as if it resigned).
    virtual void flag(int seat, json& events) = 0;

    // Standing offers: {"draw": ["white"], "alliance": {"from": "south", "to": "west"} | null}.
    virtual json offers() const = 0;
    // The same for the engine seats' decisions: the seats whose draw offer stands (bit s for
    // seat s), the standing proposal (proposer, proposed to), and whether `by` and `with` may
    // ally now (free-for-all Four Kingdoms only).
    virtual unsigned                           draw_offer_seats() const = 0;
    virtual std::optional<std::pair<int, int>> proposal() const { return std::nullopt; }
    virtual bool alliance_allowed(int by, int with) const {
        (void)by, (void)with;
        return false;
    }
    // The game record: PGN, or the Four Kingdoms record.
    virtual std::string record() const = 0;
};

// A new game of `variant` from `fen` (empty: the variant's start); on failure the error names the
// unknown variant or what is wrong with the position.
std::variant<std::unique_ptr<Rules>, std::string> make_rules(
    std::string_view variant, std::string_view fen);

// The seat named `name` in a game of `seats` seats, or -1.
int seat_named(std::string_view name, int seats);

} // namespace citadel::server
