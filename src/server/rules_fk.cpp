// Rules for Four Kingdoms (both modes): FourKingdomsGame<V> of src/game/fourkingdoms_game.h.
#include "game/fourkingdoms_game.h"
#include "notation/k4record.h"
#include "notation/uci_move.h"
#include "server/rules_detail.h"

namespace citadel::server::detail {

namespace {

std::string_view termination_id(FkTermination t) {
    switch (t) {
    case FkTermination::None:
        return "ongoing";
    case FkTermination::LastPlayer:
        return "last_player";
    case FkTermination::LastTeam:
        return "last_team";
    case FkTermination::Stalemate:
        return "stalemate";
    case FkTermination::ThreefoldRepetition:
        return "threefold_repetition";
    case FkTermination::PerpetualCheck:
        return "perpetual_check";
    case FkTermination::SixtyRoundRule:
        return "sixty_round_rule";
    case FkTermination::DeadPosition:
        return "dead_position";
    case FkTermination::Agreement:
        return "agreement";
    }
    return "ongoing";
}

std::string_view event_id(FkEventKind k) {
    switch (k) {
    case FkEventKind::Check:
        return "check";
    case FkEventKind::Checkmate:
        return "checkmate";
    case FkEventKind::KingCaptured:
        return "king_captured";
    case FkEventKind::Command:
        return "command";
    case FkEventKind::AllianceProposed:
        return "alliance_proposed";
    case FkEventKind::AllianceFormed:
        return "alliance_formed";
    case FkEventKind::AllianceDissolved:
        return "alliance_dissolved";
    case FkEventKind::Resignation:
        return "resignation";
    case FkEventKind::DrawOffered:
        return "draw_offered";
    case FkEventKind::DrawAccepted:
        return "draw_accepted";
    case FkEventKind::GameOver:
        return "game_over";
    }
    return "event";
}

// ---- Four Kingdoms: FourKingdomsGame<V> --------------------------------------------------------

template <class V> class FourKingdomsRules final : public Rules {
  public:
    std::optional<std::string> load(std::string_view fen) {
        if (fen.empty()) return std::nullopt;
        if (auto err = game_.load_fen(fen)) return citadel::describe(*err);
        return std::nullopt;
    }

    std::string_view         variant() const override { return V::Name; }
    int                      seat_count() const override { return 4; }
    std::string_view         seat_name(int seat) const override { return kFourSeats[seat & 3]; }
    std::string              start_fen() const override { return write_fen<V>(game_.start()); }
    std::string              fen() const override { return game_.fen(); }
    int                      ply() const override { return int(moves().size()); }
    std::vector<std::string> moves_uci() const override {
        std::vector<std::string> out;
        for (const FkEntry* e : moves()) out.push_back(move_to_uci<V>(e->move));
        return out;
    }
    std::vector<std::string> moves_san() const override {
        std::vector<std::string> out;
        for (const FkEntry* e : moves()) out.push_back(e->san);
        return out;
    }
    int  to_move() const override { return game_.to_move(); }
    bool over() const override { return game_.outcome().over; }
    bool in_game(int seat) const override {
        return seat >= 0 && seat < 4 && game_.in_game(Seat(seat));
    }
    std::string status() const override {
        return std::string(termination_id(game_.outcome().reason));
    }
    std::string result() const override {
        return over() ? fk::record_result(game_.outcome(), game_.scores(), V::Teams) : "*";
    }
    std::string describe() const override {
        return over() ? game_.outcome().describe() : game_.turn_text();
    }
    json scores() const override {
        if (!over()) return nullptr;
        auto s   = game_.scores();
        json out = json::object();
        for (int x = 0; x < 4; ++x) out[std::string(seat_name(x))] = s[size_t(x)];
        return out;
    }
    json extra_state() const override {
        json alliance = nullptr, in_game = json::array(), commanders = json::object();
        if (u8 a = game_.alliance()) {
            alliance = json::array();
            for (int x = 0; x < 4; ++x)
                if (a & fk::seat_bit(Seat(x))) alliance.push_back(seat_name(x));
        }
        for (int x = 0; x < 4; ++x) {
            if (game_.in_game(Seat(x))) in_game.push_back(seat_name(x));
            Seat c                                = game_.commander(Seat(x));
            commanders[std::string(seat_name(x))] = c < 4 ? json(seat_name(c)) : json(nullptr);
        }
        return { { "turn_text", game_.turn_text() }, { "check_first", game_.to_move_by_check() },
            { "alliance", alliance }, { "in_game", in_game }, { "commanders", commanders } };
    }
    std::vector<std::string> legal_moves() const override {
        std::vector<std::string> out;
        for (Move m : game_.legal_moves()) out.push_back(move_to_uci<V>(m));
        return sorted(std::move(out));
    }

    std::variant<MovePlayed, MoveRefused> play(std::string_view text) override {
        auto req = parse_move_request<Cross14>(text);
        if (!req)
            return MoveRefused{ "bad_request", "move: " + req.error().message, "", json::array() };
        const Seat us = game_.to_move();
        auto       m  = find_move(game_.position(), *req);
        if (!m) {
            MoveRefused refused{ "illegal_move", "This move is not legal in this position.",
                "unexplained", json::array() };
            if (auto why = game_.why_illegal(us, *req)) {
                refused.message = why->message;
                refused.reason  = std::string(reason_id(why->reason));
                refused.arrows  = arrows_of<V>(game_.position(), *req, *why, us);
            }
            return refused;
        }
        game_.play(*m);
        MovePlayed done{ move_to_uci<V>(*m), game_.history().back().san, events() };
        return done;
    }
    void undo_move() override { game_.undo(); }

    std::optional<std::string> resign(int seat, json& out) override {
        return act(game_.resign(Seat(seat)), out);
    }
    std::optional<std::string> offer_draw(int seat, json& out) override {
        return act(game_.offer_draw(Seat(seat)), out);
    }
    std::optional<std::string> accept_draw(int seat, json& out) override {
        if (!(game_.draw_offers() & ~fk::seat_bit(Seat(seat)))) return "no draw offer stands";
        return act(game_.offer_draw(Seat(seat)), out);
    }
    std::optional<std::string> decline_draw(int, json&) override {
        return "in Four Kingdoms a draw offer lapses when the next move is played; it cannot be "
               "declined";
    }
    std::optional<std::string> claim_draw(int, json&) override {
        return "every draw of Four Kingdoms is automatic; none can be claimed";
    }
    std::optional<std::string> propose_alliance(int seat, int with, json& out) override {
        if (V::Teams) return "the teams are fixed in fourkingdoms-teams; there are no alliances";
        return act(game_.propose_alliance(Seat(seat), Seat(with)), out);
    }
    std::optional<std::string> accept_alliance(int seat, json& out) override {
        if (V::Teams) return "the teams are fixed in fourkingdoms-teams; there are no alliances";
        return act(game_.accept_alliance(Seat(seat)), out);
    }
    void flag(int seat, json& out) override {
        out.push_back({ { "kind", "flag" }, { "player", seat_name(seat) } });
        act(game_.resign(Seat(seat)), out);
    }

    json offers() const override {
        json draw = json::array(), alliance = nullptr;
        for (int x = 0; x < 4; ++x)
            if (game_.draw_offers() & fk::seat_bit(Seat(x))) draw.push_back(seat_name(x));
        if (auto p = game_.proposal())
            alliance = { { "from", seat_name(p->first) }, { "to", seat_name(p->second) } };
        return { { "draw", draw }, { "alliance", alliance } };
    }
    unsigned draw_offer_seats() const override { return game_.draw_offers(); }
    std::optional<std::pair<int, int>> proposal() const override {
        if (auto p = game_.proposal()) return std::pair<int, int>{ p->first, p->second };
        return std::nullopt;
    }
    bool alliance_allowed(int by, int with) const override {
        if (V::Teams || over() || by == with || !in_game(by) || !in_game(with)) return false;
        return game_.alliance_allowed(u8(fk::seat_bit(Seat(by)) | fk::seat_bit(Seat(with))));
    }
    std::string record() const override {
        K4Tags tags;
        tags.event = "Citadel game";
        return write_k4record(game_, tags);
    }

  private:
    std::vector<const FkEntry*> moves() const {
        std::vector<const FkEntry*> out;
        for (const FkEntry& e : game_.history())
            if (e.action == FkAction::Move) out.push_back(&e);
        return out;
    }
    json events() const {
        json out = json::array();
        for (const FkEvent& e : game_.last_events()) {
            json ev = { { "kind", event_id(e.kind) }, { "text", citadel::describe(e) } };
            if (e.player < 4) ev["player"] = seat_name(e.player);
            if (e.other < 4) ev["other"] = seat_name(e.other);
            if (e.army < 4) ev["army"] = seat_name(e.army);
            out.push_back(ev);
        }
        return out;
    }
    std::optional<std::string> act(std::optional<FkRefusal> refusal, json& out) {
        if (refusal) return std::string(refusal_text(*refusal));
        for (auto& e : events()) out.push_back(e);
        return std::nullopt;
    }

    FourKingdomsGame<V> game_;
};

} // namespace

// (By name rather than with_variant: registry.h brings in Tamerlane's FEN writer, next to which
// GCC 12 finds K4FEN's write_fen ambiguous.)
std::optional<MadeRules> make_four_player(std::string_view variant, std::string_view fen) {
    auto make = [&]<class V>(std::type_identity<V>) -> MadeRules {
        auto rules = std::make_unique<FourKingdomsRules<V>>();
        if (auto err = rules->load(fen)) return "fen: " + *err;
        return std::unique_ptr<Rules>(std::move(rules));
    };
    if (variant == FourKingdoms::Name) return make(std::type_identity<FourKingdoms>{});
    if (variant == FourKingdomsTeams::Name) return make(std::type_identity<FourKingdomsTeams>{});
    return std::nullopt;
}

} // namespace citadel::server::detail
