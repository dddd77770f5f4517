// What the API answers: an HTTP status and a JSON body, and every error of server.md, made here
// and nowhere else (the code decides the HTTP status).
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game/turn.h"

namespace citadel::server {

using nlohmann::json;

// A body that is not JSON: the game record, downloaded under `filename`, or speech's audio, played
// where it is (no filename).
struct File {
    std::string content_type, filename, bytes;
};

using Headers = std::vector<std::pair<std::string, std::string>>;

// An HTTP status and JSON body (an error is {"type": "error", "code", "message", ...}), or a
// file; or an answer that comes later.
struct Reply {
    int                 status = 200;
    json                body;
    std::optional<File> file = {};
    // Added to the answer's headers; a Cache-Control here replaces the default no-store.
    Headers headers = {};
    // Work off the network threads (speech): `later` is called once with the function that takes
    // the answer, which may be called from any thread, once.
    std::function<void(std::function<void(Reply)>)> later = {};
};

// The HTTP status of an error code: unknown_game 404, bad_token 403, stale_ply 409, ...
int status_of(std::string_view code);

// The error reply of server.md for `code` (its HTTP status follows from the code).
Reply error_reply(std::string_view code, std::string message, json extra = json::object());

// A move the game refused: bad_request for text that names no move, else illegal_move with the
// core's `reason` and the `arrows` that show it.
Reply refusal_reply(const MoveRefusal& refusal);

} // namespace citadel::server
