// The game contract: what every game of every variant answers after each step, and the steps it
// takes. Game<V> (game.h) and FourKingdomsGame<V> (fourkingdoms_game.h) both meet it, so the
// server, the lessons and any other client are written once against it:
//
//   std::optional<MoveRefusal> try_move(std::string_view uci)   plays it, or says why not
//   std::optional<std::string> act(Action, Seat who, Seat with)  an action, or why it is refused
//   bool undo()                                                  takes back the last move
//   Turn turn() const                                            the state after the last step
//   std::string record() const                                   PGN / the Four Kingdoms record
//
// A Turn is computed once per step (the legal moves and the outcome are generated once) and is
// plain data: moves as UCI text, seats as numbers, ids as snake-case strings. The server sends
// it as it is (server/messages.h); the browser's type of it is web/src/turn.ts.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/types.h"

namespace citadel {

inline constexpr Seat NoSeat = 0xFF;

// "white", "black" (2 seats); "east", "south", "west", "north" (4 seats).
std::string_view seat_name(Seat s, int seats);
// The seat named `name` in a game of `seats` seats, or NoSeat.
Seat seat_named(std::string_view name, int seats);

enum class DrawClaim : u8 { ThreefoldRepetition, FiftyMoveRule };
std::string_view claim_id(DrawClaim c); // "threefold_repetition", "fifty_move_rule"

// What a player may do besides moving. Flag is the server's (a clock ran out), never a player's.
enum class Action : u8 {
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    ClaimDraw,
    ProposeAlliance,
    AcceptAlliance,
    Flag,
};
std::string_view      action_id(Action a); // "resign", "offer_draw", ...
std::optional<Action> action_named(std::string_view id); // a player's action (not "flag")

// Something a step caused, for the players to see.
enum class EventKind : u8 {
    Check, // player is in check
    Checkmate, // player is mated (Four Kingdoms: other is the mover)
    KingCaptured, // player's king was captured by other (Four Kingdoms)
    Command, // other takes command of army (Four Kingdoms)
    AllianceProposed, // player proposes an alliance to other
    AllianceFormed, // player and other are allies
    AllianceDissolved, // the alliance of player and other ended
    Resignation, // player resigned
    DrawOffered, // player offers a draw
    DrawAccepted, // player accepts
    DrawDeclined, // player declines the standing offer
    DrawClaimed, // player claimed a draw
    Flag, // player ran out of time
    GameOver, // see the Turn's status
};
std::string_view event_id(EventKind k); // "check", "alliance_formed", ...

struct TurnEvent {
    EventKind   kind;
    Seat        player = NoSeat, other = NoSeat, army = NoSeat;
    std::string text = {}; // a sentence, where the game has one (Four Kingdoms)
    friend bool operator==(const TurnEvent&, const TurnEvent&) = default;
};

// A legal move a draw may be claimed with (FIDE 9.2.1), and the claims it makes possible.
struct ClaimMove {
    std::string            move;
    std::vector<DrawClaim> claims;
    friend bool            operator==(const ClaimMove&, const ClaimMove&) = default;
};

// Why a move was not played: `malformed` text is no move at all; otherwise the core's reason
// (core/illegal.h's reason_id), its sentence and the arrows that point at the cause.
struct MoveRefusal {
    bool                                    malformed = false;
    std::string                             message;
    std::string_view                        reason = "unexplained";
    std::vector<std::array<std::string, 2>> arrows; // [from, to] square names
};

// The move a step played: its text, its SAN and who played it.
struct PlayedMove {
    std::string uci, san;
    Seat        seat                                             = White;
    friend bool operator==(const PlayedMove&, const PlayedMove&) = default;
};

struct Turn {
    int         seats = 2;
    int         ply   = 0; // moves played
    std::string fen;
    Seat        to_move  = White;
    bool        in_check = false; // the player to move
    // Four Kingdoms: the player to move has the turn because it is in check.
    bool                     check_first = false;
    std::vector<std::string> legal_moves; // UCI text in byte order; none once the game is over
    std::vector<DrawClaim>   claims; // draws the player to move may claim now
    std::vector<ClaimMove>   claim_moves; // in byte order of the move
    u8                       draw_offers = 0; // seat bits of the draw offers standing
    std::optional<std::pair<Seat, Seat>> proposal; // the alliance proposal standing: from, to
    // The seats still in the game (bits), who commands each army, the alliance (bits), and for
    // each seat the seats it may propose an alliance to now (bits; Four Kingdoms free-for-all).
    u8                  in_game = 0b11;
    std::array<Seat, 4> commanders{ 0, 1, NoSeat, NoSeat };
    u8                  alliance = 0;
    std::array<u8, 4>   may_ally{};
    // How it stands: "ongoing" or how it ended ("checkmate", "agreement", ...), the result
    // ("1-0", "*", "e:2 s:1 w:1 n:0"), a sentence, and the scores (Four Kingdoms, once over).
    std::string_view                     status = "ongoing";
    std::string                          result = "*";
    std::string                          text;
    std::optional<std::array<double, 4>> scores;
    std::optional<PlayedMove>            move; // the last step, if it was a move
    std::vector<TurnEvent>               events; // what the last step caused

    bool over() const { return status != "ongoing"; }
};

} // namespace citadel
