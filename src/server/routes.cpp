#include "server/routes.h"

#include <functional>
#include <optional>
#include <variant>

#include "server/family_service.h"
#include "server/learn_api.h"
#include "server/speech_api.h"

namespace citadel::server {

namespace {

using Params = std::vector<std::string>;

// A route's handler: the services, the path's `{name}` parts, the request.
using Handler = std::function<Reply(const Services&, const Params&, const ApiRequest&)>;

struct Route {
    std::string_view method;
    std::string_view pattern;
    Handler          handler;
};

// A request's body as JSON (`empty`: what an empty body stands for, where it may be empty), or
// the bad_json refusal.
std::variant<json, Reply> json_body(const ApiRequest& r, std::optional<json> empty = std::nullopt) {
    if (r.body.empty() && empty) return *empty;
    json body = json::parse(r.body, nullptr, false);
    if (body.is_discarded()) return error_reply("bad_json", "the body is not valid JSON");
    return body;
}

// A handler that needs a JSON body.
Handler with_json(std::function<Reply(GameService&, const Params&, const json&)> f) {
    return [f = std::move(f)](const Services& s, const Params& p, const ApiRequest& r) {
        auto body = json_body(r);
        if (auto* refused = std::get_if<Reply>(&body)) return *refused;
        return f(s.games, p, std::get<json>(body));
    };
}

// A handler of the games that reads no body.
Handler with_games(std::function<Reply(GameService&, const Params&, const ApiRequest&)> f) {
    return [f = std::move(f)](const Services& s, const Params& p, const ApiRequest& r) {
        return f(s.games, p, r);
    };
}

// A handler of the speech routes: not_found where the server runs without speech.
Handler with_speech(Reply (SpeechApi::*f)(const ApiRequest&)) {
    return [f](const Services& s, const Params&, const ApiRequest& r) {
        if (!s.speech)
            return error_reply(
                "not_found", "speech is off on this server (citadel serve --no-speech)");
        return (s.speech->*f)(r);
    };
}

// A handler of the family routes: the key from the Authorization header, the body where there
// is one (as JSON, or bad_json), and not_found where the server keeps no families.
Handler with_family(
    std::function<Reply(FamilyService&, std::string_view key, const Params&, const json&)> f) {
    return [f = std::move(f)](const Services& s, const Params& p, const ApiRequest& r) {
        if (!s.families) return error_reply("not_found", "this server keeps no families");
        auto body = json_body(r, json::object());
        if (auto* refused = std::get_if<Reply>(&body)) return *refused;
        return f(*s.families, bearer_key(r.authorization), p, std::get<json>(body));
    };
}

// The refusal of a learn request made for child `id` that the request's key does not hold.
std::optional<Reply> refuse_child(const Services& s, const ApiRequest& r, const std::string& id) {
    if (!s.families) return error_reply("unknown_family", "this server keeps no families");
    return s.families->refuse_child(bearer_key(r.authorization), id);
}

// A level's move: judged, and recorded to the child the body names (with the family's key).
Reply level_move(const Services& s, const Params& p, const ApiRequest& r) {
    auto parsed = json_body(r);
    if (auto* refused = std::get_if<Reply>(&parsed)) return *refused;
    const json& body  = std::get<json>(parsed);
    auto        child = body.is_object() ? body.find("child") : body.end();
    if (!body.is_object() || child == body.end()) return learn_move(p[0], body);
    if (!child->is_string()) return error_reply("bad_request", "child: not a string");
    const std::string id = child->get<std::string>();
    if (auto refused = refuse_child(s, r, id)) return *refused;
    return learn_move(p[0], body, [&](const LearnResult& result) {
        return s.families->record(bearer_key(r.authorization), id, result);
    });
}

// A round of practice; a child's (with the family's key) of positions it has never tried.
Reply practice(const Services& s, const Params&, const ApiRequest& r) {
    if (!has_query_value(r.query, "child")) return learn_practice(r.query);
    const std::string id = query_value(r.query, "child");
    if (auto refused = refuse_child(s, r, id)) return *refused;
    const ChildPractice child = s.families->practice_of(bearer_key(r.authorization), id);
    return learn_practice(r.query, &child);
}

// The API, one line a route: the games in the order of server.md, then the course and its help
// in the order of learn.md, the families (docs/learn.md), then speech.
const std::vector<Route>& routes() {
    static const std::vector<Route> table = {
        { "POST", "/api/games",
            [](const Services& s, const Params&, const ApiRequest& r) {
                auto body = json_body(r);
                if (auto* refused = std::get_if<Reply>(&body)) return *refused;
                return s.games.create(std::get<json>(body), r.client);
            } },
        { "GET", "/api/games/{id}",
            with_games(
                [](GameService& g, const Params& p, const ApiRequest&) { return g.state(p[0]); }) },
        { "POST", "/api/games/{id}/moves",
            with_json([](GameService& g, const Params& p, const json& b) {
                return g.move(p[0], b, std::nullopt);
            }) },
        { "POST", "/api/games/{id}/actions",
            with_json([](GameService& g, const Params& p, const json& b) {
                return g.action(p[0], b, std::nullopt);
            }) },
        { "POST", "/api/games/{id}/take_back",
            with_json([](GameService& g, const Params& p, const json& b) {
                return g.take_back(p[0], b);
            }) },
        { "POST", "/api/games/{id}/rematch",
            with_json([](GameService& g, const Params& p, const json& b) {
                return g.rematch(p[0], b);
            }) },
        { "GET", "/api/games/{id}/pgn",
            with_games([](GameService& g, const Params& p, const ApiRequest&) {
                return g.record(p[0]);
            }) },
        { "GET", "/api/games/{id}/analysis",
            with_games([](GameService& g, const Params& p, const ApiRequest&) {
                return g.analysis(p[0]);
            }) },
        // The live connection: http_server.cpp upgrades it; a plain request is told so.
        { "GET", "/api/games/{id}/ws",
            [](const Services&, const Params&, const ApiRequest&) {
                return error_reply("bad_request", "this route needs a WebSocket upgrade");
            } },
        { "GET", "/api/learn/course",
            [](const Services&, const Params&, const ApiRequest& r) {
                return learn_course(r.query);
            } },
        { "GET", "/api/learn/lessons/{id}",
            [](const Services&, const Params& p, const ApiRequest& r) {
                return learn_lesson(p[0], r.query);
            } },
        { "GET", "/api/learn/levels/{id}",
            [](const Services&, const Params& p, const ApiRequest& r) {
                return learn_level(p[0], r.query);
            } },
        { "POST", "/api/learn/levels/{id}/move", level_move },
        { "GET", "/api/learn/levels/{id}/hint",
            [](const Services&, const Params& p, const ApiRequest& r) {
                return learn_hint(p[0], r.query);
            } },
        { "GET", "/api/learn/practice", practice },
        { "POST", "/api/explain",
            with_json([](GameService&, const Params&, const json& b) { return explain(b); }) },
        { "POST", "/api/escape",
            with_json([](GameService&, const Params&, const json& b) { return escape(b); }) },
        { "POST", "/api/families",
            [](const Services& s, const Params&, const ApiRequest& r) {
                if (!s.families) return error_reply("not_found", "this server keeps no families");
                return s.families->create(r.client);
            } },
        { "GET", "/api/family",
            with_family([](FamilyService& f, std::string_view key, const Params&, const json&) {
                return f.family(key);
            }) },
        { "POST", "/api/family/children",
            with_family([](FamilyService& f, std::string_view key, const Params&, const json& b) {
                return f.add_child(key, b);
            }) },
        { "PUT", "/api/family/children/{id}",
            with_family([](FamilyService& f, std::string_view key, const Params& p, const json& b) {
                return f.update_child(key, p[0], b);
            }) },
        { "DELETE", "/api/family/children/{id}",
            with_family([](FamilyService& f, std::string_view key, const Params& p, const json&) {
                return f.delete_child(key, p[0]);
            }) },
        { "POST", "/api/family/children/{id}/progress",
            with_family([](FamilyService& f, std::string_view key, const Params& p, const json& b) {
                return f.merge_progress(key, p[0], b);
            }) },
        { "GET", "/api/speech", with_speech(&SpeechApi::audio) },
        { "GET", "/api/speech/words", with_speech(&SpeechApi::words) },
    };
    return table;
}

} // namespace

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// The raw text after `key=` in the query, if the key is there.
std::optional<std::string_view> raw_query_value(std::string_view query, std::string_view key) {
    for (size_t i = 0; i <= query.size();) {
        size_t           j = query.find('&', i);
        std::string_view pair
            = query.substr(i, j == std::string_view::npos ? query.size() - i : j - i);
        if (pair.substr(0, key.size()) == key && pair.size() > key.size()
            && pair[key.size()] == '=')
            return pair.substr(key.size() + 1);
        if (j == std::string_view::npos) break;
        i = j + 1;
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> percent_decoded(std::string_view s, bool plus_is_space) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '+' && plus_is_space) {
            out += ' ';
            continue;
        }
        if (s[i] != '%') {
            out += s[i];
            continue;
        }
        if (i + 2 >= s.size()) return std::nullopt;
        int hi = hex_value(s[i + 1]), lo = hex_value(s[i + 2]);
        if (hi < 0 || lo < 0) return std::nullopt;
        out += char(hi * 16 + lo);
        i += 2;
    }
    return out;
}

std::string query_value(std::string_view query, std::string_view key) {
    auto raw = raw_query_value(query, key);
    return raw ? percent_decoded(*raw, true).value_or("") : "";
}

bool has_query_value(std::string_view query, std::string_view key) {
    return raw_query_value(query, key).has_value();
}

bool query_well_formed(std::string_view query) { return percent_decoded(query).has_value(); }

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

Reply dispatch(const Services& services, const ApiRequest& request) {
    bool path_known = false;
    for (const Route& route : routes()) {
        auto params = match_route(route.pattern, request.path);
        if (!params) continue;
        path_known = true;
        if (route.method == request.method) return route.handler(services, *params, request);
    }
    if (path_known)
        return error_reply(
            "method_not_allowed", "this route does not take " + std::string(request.method));
    return error_reply("not_found", "no such route");
}

} // namespace citadel::server
