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

json turn_json(const Turn& t) {
    const int n      = t.seats;
    json      offers = { { "draw", seat_list(t.draw_offers, n) }, { "alliance", nullptr } };
    if (t.proposal)
        offers["alliance"] = { { "from", seat_name(t.proposal->first, n) },
            { "to", seat_name(t.proposal->second, n) } };
    json claim_moves = json::array();
    for (const ClaimMove& c : t.claim_moves)
        claim_moves.push_back({ { "move", c.move }, { "claims", claim_list(c.claims) } });
    json commanders = json::object(), may_ally = json::object();
    for (int s = 0; s < n; ++s) {
        const auto name  = std::string(seat_name(Seat(s), n));
        commanders[name] = seat_or_null(t.commanders[size_t(s)], n);
        may_ally[name]   = seat_list(t.may_ally[size_t(s)], n);
    }
    json events = json::array();
    for (const TurnEvent& e : t.events) {
        json ev = { { "kind", event_id(e.kind) } };
        if (e.player != NoSeat) ev["player"] = seat_name(e.player, n);
        if (e.other != NoSeat) ev["other"] = seat_name(e.other, n);
        if (e.army != NoSeat) ev["army"] = seat_name(e.army, n);
        if (!e.text.empty()) ev["text"] = e.text;
        events.push_back(std::move(ev));
    }
    return { { "plies", t.ply }, { "fen", t.fen }, { "to_move", seat_name(t.to_move, n) },
        { "in_check", t.in_check }, { "check_first", t.check_first },
        { "legal_moves", t.legal_moves }, { "claims", claim_list(t.claims) },
        { "claim_moves", std::move(claim_moves) }, { "offers", std::move(offers) },
        { "in_game", seat_list(t.in_game, n) }, { "commanders", std::move(commanders) },
        { "alliance", t.alliance ? seat_list(t.alliance, n) : json(nullptr) },
        { "may_ally", std::move(may_ally) }, { "status", t.status }, { "result", t.result },
        { "text", t.text }, { "scores", scores_json(t) }, { "events", std::move(events) } };
}

json state_message(
    std::string_view id, const LiveGame& game, const json& seats, const json& clock) {
    json msg = { { "type", "state" }, { "id", id }, { "variant", game.variant() },
        { "start_fen", game.start_fen() }, { "ply", game.turn().ply },
        { "moves", game.moves_uci() }, { "san", game.moves_san() }, { "seats", seats },
        { "clock", clock } };
    msg.update(turn_json(game.turn()));
    return msg;
}

json move_message(const Turn& t, const json& clock) {
    json msg = { { "type", "move" }, { "ply", t.ply - 1 },
        { "seat", seat_name(t.move ? t.move->seat : White, t.seats) },
        { "move", t.move ? t.move->uci : "" }, { "san", t.move ? t.move->san : "" },
        { "clock", clock } };
    msg.update(turn_json(t));
    return msg;
}

json action_message(
    const Turn& t, Action action, Seat seat, Seat with, const json& clock, std::string_view move) {
    json msg = { { "type", "action" }, { "action", action_id(action) },
        { "seat", seat_name(seat, t.seats) }, { "clock", clock } };
    if (with != NoSeat) msg["with"] = seat_name(with, t.seats);
    if (!move.empty()) msg["move"] = move;
    msg.update(turn_json(t));
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
