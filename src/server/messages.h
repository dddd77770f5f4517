// Every message the server sends about a game (server.md), written in this one place: a step's
// answer and its broadcast are the game's Turn (game/turn.h) serialised by add_turn, with the
// few fields of the message's own kind around it. The browser's types of these messages are
// web/src/turn.ts; the fixtures in web/tests/fixtures/ are this file's output, checked on both
// sides (tests/messages_test.cpp, web/tests/turn.test.ts).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "game/turn.h"
#include "server/live_game.h"

namespace citadel::server {

using nlohmann::json;

// The fields every change carries, written into `message`: whose turn and why, the moves now legal,
// claims, offers and proposals, who is still in the game and commands what, how it stands, and what
// the step caused.
void add_turn(json& message, const Turn& turn);

// {"type": "state", "id", "variant", "start_fen", "ply", "moves", "san", "seats", "clock",
// "rematch"} and the turn: the whole game, the first message of a WebSocket and the answer of GET.
json state_message(std::string_view id, const LiveGame& game, const json& seats, const json& clock,
    const std::optional<std::string>& rematch);
// {"type": "take_back", "seat", "taken" (how many moves were taken back)} and the whole game as in
// `state` (a state message): the game after a take-back.
json take_back_message(json state, Seat seat, int moves);
// {"type": "rematch", "id", "url", "seat"}: `seat` made the rematch, game `id`.
json rematch_message(std::string_view id, Seat seat, int seats);
// {"type": "move", "ply" (moves before it), "seat", "move", "san", "clock"} and the turn.
json move_message(const Turn& turn, const json& clock);
// {"type": "action", "action", "seat", "with" (alliances), "move" (a claim's), "clock"} and the
// turn.
json action_message(const Turn& turn, Action action, Seat seat, Seat with, const json& clock,
    std::string_view move = {});
// {"type": "end", "status", "result", "scores", "text"}.
json end_message(const Turn& turn);
// {"type": "seat", "seat", "connected"}.
json seat_message(Seat seat, int seats, bool connected);

} // namespace citadel::server
