#include "server/messages.h"

namespace citadel::server {

namespace {

json seat_list(u8 bits, int seats) {
    json out = json::array();
    for (int s = 0; s < seats; ++s)
        if (bits & (1u << s)) out.push_back(seat_name(Seat(s), seats));
    return out;
}

json seat_or_null(Seat s, int seats) {
    return s == NoSeat ? json(nullptr) : json(seat_name(s, seats));
}

json claim_list(const std::vector<DrawClaim>& claims) {
    json out = json::array();
    for (DrawClaim c : claims) out.push_back(claim_id(c));
    return out;
}

json scores_json(const Turn& t) {
    if (!t.scores) return nullptr;
    json out = json::object();
    for (int s = 0; s < t.seats; ++s)
        out[std::string(seat_name(Seat(s), t.seats))] = (*t.scores)[size_t(s)];
    return out;
}

} // namespace

// The hot path of every step: fields are written into the message in place (no merged copy).
void add_turn(json& out, const Turn& t) {
    const int n        = t.seats;
    out["plies"]       = t.ply;
    out["fen"]         = t.fen;
    out["to_move"]     = seat_name(t.to_move, n);
    out["in_check"]    = t.in_check;
    out["check_first"] = t.check_first;
    out["legal_moves"] = t.legal_moves;
    out["claims"]      = claim_list(t.claims);
    json& claim_moves = out["claim_moves"] = json::array();
    for (const ClaimMove& c : t.claim_moves) {
        json& entry     = claim_moves.emplace_back(json::object());
        entry["move"]   = c.move;
        entry["claims"] = claim_list(c.claims);
    }
    json& offers = out["offers"] = json::object();
    offers["draw"]               = seat_list(t.draw_offers, n);
    offers["alliance"]           = nullptr;
    if (t.proposal) {
        json& alliance = offers["alliance"] = json::object();
        alliance["from"]                    = seat_name(t.proposal->first, n);
        alliance["to"]                      = seat_name(t.proposal->second, n);
    }
    out["in_game"]   = seat_list(t.in_game, n);
    json& commanders = out["commanders"] = json::object();
    json& may_ally = out["may_ally"] = json::object();
    for (int s = 0; s < n; ++s) {
        const auto name  = std::string(seat_name(Seat(s), n));
        commanders[name] = seat_or_null(t.commanders[size_t(s)], n);
        may_ally[name]   = seat_list(t.may_ally[size_t(s)], n);
    }
    out["alliance"] = t.alliance ? seat_list(t.alliance, n) : json(nullptr);
    out["status"]   = t.status;
    out["result"]   = t.result;
    out["text"]     = t.text;
    out["scores"]   = scores_json(t);
    json& events = out["events"] = json::array();
    for (const TurnEvent& e : t.events) {
        json& ev   = events.emplace_back(json::object());
        ev["kind"] = event_id(e.kind);
        if (e.player != NoSeat) ev["player"] = seat_name(e.player, n);
        if (e.other != NoSeat) ev["other"] = seat_name(e.other, n);
        if (e.army != NoSeat) ev["army"] = seat_name(e.army, n);
        if (!e.text.empty()) ev["text"] = e.text;
    }
}

json state_message(std::string_view id, const LiveGame& game, const json& seats, const json& clock,
    const std::optional<std::string>& rematch) {
    json msg         = json::object();
    msg["type"]      = "state";
    msg["id"]        = id;
    msg["variant"]   = game.variant();
    msg["start_fen"] = game.start_fen();
    msg["ply"]       = game.turn().ply;
    msg["moves"]     = game.moves_uci();
    msg["san"]       = game.moves_san();
    msg["seats"]     = seats;
    msg["clock"]     = clock;
    msg["rematch"]   = rematch ? json(*rematch) : json(nullptr);
    add_turn(msg, game.turn());
    return msg;
}

json take_back_message(json state, Seat seat, int moves) {
    state["type"]  = "take_back";
    state["seat"]  = seat_name(seat, int(state["seats"].size()));
    state["taken"] = moves;
    return state;
}

json rematch_message(std::string_view id, Seat seat, int seats) {
    return { { "type", "rematch" }, { "id", id }, { "url", "/g/" + std::string(id) },
        { "seat", seat_name(seat, seats) } };
}

json move_message(const Turn& t, const json& clock) {
    json msg     = json::object();
    msg["type"]  = "move";
    msg["ply"]   = t.ply - 1;
    msg["seat"]  = seat_name(t.move ? t.move->seat : White, t.seats);
    msg["move"]  = t.move ? t.move->uci : "";
    msg["san"]   = t.move ? t.move->san : "";
    msg["clock"] = clock;
    add_turn(msg, t);
    return msg;
}

json action_message(
    const Turn& t, Action action, Seat seat, Seat with, const json& clock, std::string_view move) {
    json msg      = json::object();
    msg["type"]   = "action";
    msg["action"] = action_id(action);
    msg["seat"]   = seat_name(seat, t.seats);
    msg["clock"]  = clock;
    if (with != NoSeat) msg["with"] = seat_name(with, t.seats);
    if (!move.empty()) msg["move"] = move;
    add_turn(msg, t);
    return msg;
}

json end_message(const Turn& t) {
    return { { "type", "end" }, { "status", t.status }, { "result", t.result },
        { "scores", scores_json(t) }, { "text", t.text } };
}

json seat_message(Seat seat, int seats, bool connected) {
    return { { "type", "seat" }, { "seat", seat_name(seat, seats) }, { "connected", connected } };
}

} // namespace citadel::server
