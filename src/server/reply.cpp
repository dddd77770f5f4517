#include "server/reply.h"

namespace citadel::server {

int status_of(std::string_view code) {
    if (code == "unknown_game" || code == "not_found" || code == "unknown_child") return 404;
    if (code == "method_not_allowed") return 405;
    if (code == "bad_token" || code == "not_your_turn" || code == "unknown_family") return 403;
    if (code == "stale_ply" || code == "game_over" || code == "action_refused"
        || code == "game_not_over" || code == "take_back_refused")
        return 409;
    if (code == "too_large") return 413;
    if (code == "rate_limited") return 429;
    if (code == "storage_failed" || code == "analysis_busy" || code == "speech_failed"
        || code == "unavailable")
        return 503;
    if (code == "outcome_unknown") return 504;
    return 400;
}

Reply error_reply(std::string_view code, std::string message, json extra) {
    json body       = std::move(extra);
    body["type"]    = "error";
    body["code"]    = code;
    body["message"] = std::move(message);
    return { status_of(code), std::move(body) };
}

Reply refusal_reply(const MoveRefusal& refusal) {
    if (refusal.malformed) return error_reply("bad_request", refusal.message);
    return error_reply("illegal_move", refusal.message,
        { { "reason", refusal.reason }, { "arrows", refusal.arrows } });
}

} // namespace citadel::server
