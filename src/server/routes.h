// Every route of the API (server.md), in one table: src/server/routes.cpp is the file to open
// first to find what answers a request. The network side (http_server.cpp) parses HTTP and
// WebSocket frames, serves the built front end for every other path, and hands each /api request
// to dispatch().
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/game_service.h"
#include "server/reply.h"

namespace citadel::server {

class SpeechApi;
class FamilyService;

// A request as the routes see it: the method ("GET", "POST", ...), the path without its query,
// the body, the query string, the client's address (for limits per client) and its
// Authorization header (a family's key).
struct ApiRequest {
    std::string_view method, path, body, query;
    std::string_view client        = {};
    std::string_view authorization = {};
};

// What the routes answer from: the games, speech (null where `citadel serve --no-speech` runs
// without it, and in tests of other routes) and the families (null in tests of other routes).
struct Services {
    Services(GameService& g, SpeechApi* s = nullptr, FamilyService* f = nullptr)
        : games(g)
        , speech(s)
        , families(f) { }
    GameService&   games;
    SpeechApi*     speech;
    FamilyService* families;
};

// The answer of the route the request names: 404 not_found for a path no route has, 405
// method_not_allowed for a path whose routes take other methods, bad_json for a body that is not
// JSON where one is needed.
Reply dispatch(const Services& services, const ApiRequest& request);

// The `{name}` parts of `path` if it has the shape of `pattern` ("/api/games/{id}/ws"), in
// order; nothing if it does not.
std::optional<std::vector<std::string>> match_route(
    std::string_view pattern, std::string_view path);

// Percent-decoding ("%C3%A9" -> "é"); `plus_is_space` for query values, where a form writes a
// space as '+'. Nothing on a malformed escape.
std::optional<std::string> percent_decoded(std::string_view s, bool plus_is_space = false);
// The value of `key` in a query string ("token=abc&x=1"), decoded; "" when it is absent.
std::string query_value(std::string_view query, std::string_view key);
// Whether the query string names `key` at all.
bool has_query_value(std::string_view query, std::string_view key);
// Whether every escape in the query string is well formed.
bool query_well_formed(std::string_view query);

// "/api/games/abc/moves" -> {"api", "games", "abc", "moves"} (empty segments dropped).
std::vector<std::string> path_segments(std::string_view path);

} // namespace citadel::server
