#include "server/routes.h"

#include <functional>

namespace citadel::server {

namespace {

using Params = std::vector<std::string>;

// A route's handler: the game service, the path's `{name}` parts, the request.
using Handler = std::function<Reply(GameService&, const Params&, const ApiRequest&)>;

struct Route {
    std::string_view method;
    std::string_view pattern;
    Handler          handler;
};

// A handler that needs a JSON body.
Handler with_json(std::function<Reply(GameService&, const Params&, const json&)> f) {
    return [f = std::move(f)](GameService& games, const Params& p, const ApiRequest& r) {
        json body = json::parse(r.body, nullptr, false);
        if (body.is_discarded()) return error_reply("bad_json", "the body is not valid JSON");
        return f(games, p, body);
    };
}

// The game record as a download (PGN; the Four Kingdoms record for Four Kingdoms).
Reply record(GameService& games, const Params& p, const ApiRequest&) {
    auto text = games.record(p[0]);
    if (!text) return error_reply("unknown_game", "no game has the id '" + p[0] + "'");
    Reply r;
    r.download = Download{ "application/x-chess-pgn; charset=utf-8", "citadel-" + p[0] + ".pgn",
        std::move(*text) };
    return r;
}

// The API, one line a route, in the order of server.md.
const std::vector<Route>& routes() {
    static const std::vector<Route> table = {
        { "POST", "/api/games",
            with_json([](GameService& g, const Params&, const json& b) { return g.create(b); }) },
        { "GET", "/api/games/{id}",
            [](GameService& g, const Params& p, const ApiRequest&) { return g.state(p[0]); } },
        { "POST", "/api/games/{id}/moves",
            with_json([](GameService& g, const Params& p, const json& b) {
                return g.move(p[0], b, std::nullopt);
            }) },
        { "POST", "/api/games/{id}/actions",
            with_json([](GameService& g, const Params& p, const json& b) {
                return g.action(p[0], b, std::nullopt);
            }) },
        { "GET", "/api/games/{id}/pgn", record },
        { "GET", "/api/games/{id}/analysis",
            [](GameService& g, const Params& p, const ApiRequest&) { return g.analysis(p[0]); } },
        // The live connection: http_server.cpp upgrades it; a plain request is told so.
        { "GET", "/api/games/{id}/ws",
            [](GameService&, const Params&, const ApiRequest&) {
                return error_reply("bad_request", "this route needs a WebSocket upgrade");
            } },
    };
    return table;
}

} // namespace

std::vector<std::string> path_segments(std::string_view path) {
    std::vector<std::string> out;
    size_t                   i = 0;
    while (i < path.size()) {
        if (path[i] == '/') {
            ++i;
            continue;
        }
        size_t j = path.find('/', i);
        if (j == std::string_view::npos) j = path.size();
        out.emplace_back(path.substr(i, j - i));
        i = j;
    }
    return out;
}

std::optional<std::vector<std::string>> match_route(
    std::string_view pattern, std::string_view path) {
    const auto want = path_segments(pattern), have = path_segments(path);
    if (want.size() != have.size()) return std::nullopt;
    std::vector<std::string> params;
    for (size_t i = 0; i < want.size(); ++i) {
        if (want[i].starts_with('{'))
            params.push_back(have[i]);
        else if (want[i] != have[i])
            return std::nullopt;
    }
    return params;
}

Reply dispatch(GameService& games, const ApiRequest& request) {
    bool path_known = false;
    for (const Route& route : routes()) {
        auto params = match_route(route.pattern, request.path);
        if (!params) continue;
        path_known = true;
        if (route.method == request.method) return route.handler(games, *params, request);
    }
    if (path_known)
        return error_reply(
            "method_not_allowed", "this route does not take " + std::string(request.method));
    return error_reply("not_found", "no such route");
}

} // namespace citadel::server
