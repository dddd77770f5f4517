// Rules for the two-player variants: Game<V> of src/game/game.h.
#include "game/game.h"
#include "notation/pgn.h"
#include "notation/san.h"
#include "notation/uci_move.h"
#include "server/rules_detail.h"
#include "variants/registry.h"

namespace citadel::server::detail {

namespace {

std::string_view termination_id(Termination t) {
    switch (t) {
    case Termination::None:
        return "ongoing";
    case Termination::Checkmate:
        return "checkmate";
    case Termination::Stalemate:
        return "stalemate";
    case Termination::FivefoldRepetition:
        return "fivefold_repetition";
    case Termination::SeventyFiveMoveRule:
        return "seventy_five_move_rule";
    case Termination::DeadPosition:
        return "dead_position";
    case Termination::ThreefoldRepetition:
        return "threefold_repetition";
    case Termination::FiftyMoveRule:
        return "fifty_move_rule";
    case Termination::Agreement:
        return "agreement";
    case Termination::Resignation:
        return "resignation";
    case Termination::TimeForfeit:
        return "time_forfeit";
    case Termination::TimeoutVsInsufficientMaterial:
        return "timeout_vs_insufficient_material";
    case Termination::PawnReachedLastRank:
        return "pawn_reached_last_rank";
    case Termination::NoPawnsLeft:
        return "no_pawns_left";
    case Termination::CitadelDraw:
        return "citadel_draw";
    }
    return "ongoing";
}

// ---- two players: Game<V> ----------------------------------------------------------------------

template <class V> class TwoPlayerRules final : public Rules {
  public:
    using G = typename V::Geometry;

    std::optional<std::string> load(std::string_view fen) {
        if (fen.empty()) return std::nullopt;
        if (auto err = game_.load_fen(fen)) return citadel::describe(*err);
        return std::nullopt;
    }

    std::string_view         variant() const override { return V::Name; }
    int                      seat_count() const override { return 2; }
    std::string_view         seat_name(int seat) const override { return kTwoSeats[seat & 1]; }
    std::string              start_fen() const override { return write_fen<V>(game_.start()); }
    std::string              fen() const override { return game_.fen(); }
    int                      ply() const override { return int(game_.moves().size()); }
    std::vector<std::string> moves_uci() const override {
        std::vector<std::string> out;
        for (Move m : game_.moves()) out.push_back(move_to_uci<V>(m));
        return out;
    }
    std::vector<std::string> moves_san() const override { return san_; }
    int                      to_move() const override { return game_.position().side_to_move(); }
    bool                     over() const override { return game_.outcome().over(); }
    bool                     in_game(int seat) const override { return seat == 0 || seat == 1; }
    std::string              status() const override {
        return std::string(termination_id(game_.outcome().reason));
    }
    std::string result() const override { return game_.outcome().score(); }
    std::string describe() const override { return game_.outcome().describe(); }
    json        scores() const override { return nullptr; }
    json        extra_state() const override {
        return { { "claims", claim_ids(game_.claimable_draws()) }, { "claim_moves", claim_moves() },
                   { "in_check", game_.position().in_check() } };
    }
    std::vector<std::string> legal_moves() const override {
        std::vector<std::string> out;
        for (Move m : game_.legal_moves()) out.push_back(move_to_uci<V>(m));
        return sorted(std::move(out));
    }

    std::variant<MovePlayed, MoveRefused> play(std::string_view text) override {
        auto req = parse_move_request<G>(text);
        if (!req)
            return MoveRefused{ "bad_request", "move: " + req.error().message, "", json::array() };
        const Position<V>& pos = game_.position();
        const Seat         us  = pos.side_to_move();
        auto               m   = find_move(pos, *req);
        if (!m) {
            MoveRefused refused{ "illegal_move", "This move is not legal in this position.",
                "unexplained", json::array() };
            if (auto why = why_illegal(pos, *req)) {
                refused.message = why->message;
                refused.reason  = std::string(reason_id(why->reason));
                refused.arrows  = arrows_of<V>(pos, *req, *why, us);
            }
            return refused;
        }
        MovePlayed done{ move_to_uci<V>(*m), to_san(pos, *m), json::array() };
        saved_offers_ = offers_;
        game_.play(*m);
        san_.push_back(done.san);
        offers_ &= u8(1u << us); // a move declines the opponent's standing offer
        if (game_.position().in_check())
            done.events.push_back({ { "kind", "check" }, { "player", seat_name(to_move()) } });
        return done;
    }

    void undo_move() override {
        if (!game_.undo()) return;
        san_.pop_back();
        offers_ = saved_offers_;
    }

    std::optional<std::string> resign(int seat, json& events) override {
        game_.resign(Seat(seat));
        events.push_back({ { "kind", "resignation" }, { "player", seat_name(seat) } });
        return std::nullopt;
    }
    std::optional<std::string> offer_draw(int seat, json& events) override {
        if (offers_ & bit(seat)) return "your draw offer stands already";
        if (offers_ & bit(seat ^ 1)) return accept_draw(seat, events);
        offers_ |= bit(seat);
        events.push_back({ { "kind", "draw_offered" }, { "player", seat_name(seat) } });
        return std::nullopt;
    }
    std::optional<std::string> accept_draw(int seat, json& events) override {
        if (!(offers_ & bit(seat ^ 1))) return "no draw offer of the opponent stands";
        game_.agree_draw();
        offers_ = 0;
        events.push_back({ { "kind", "draw_accepted" }, { "player", seat_name(seat) } });
        return std::nullopt;
    }
    std::optional<std::string> decline_draw(int seat, json& events) override {
        if (!(offers_ & bit(seat ^ 1))) return "no draw offer of the opponent stands";
        offers_ &= u8(~bit(seat ^ 1));
        events.push_back({ { "kind", "draw_declined" }, { "player", seat_name(seat) } });
        return std::nullopt;
    }
    std::optional<std::string> claim_draw(int seat, json& events) override {
        auto claims = game_.claimable_draws();
        if (claims.empty()) {
            if constexpr (V::OwnGameEnd)
                return "every draw of " + std::string(V::Name)
                    + " is automatic; none can be claimed";
            return "no draw can be claimed now: the position has stood "
                + std::to_string(game_.repetitions()) + " time(s) and "
                + std::to_string(game_.position().rule50())
                + " half-moves were played without a capture or pawn move";
        }
        game_.claim_draw(claims.front());
        events.push_back({ { "kind", "draw_claimed" }, { "player", seat_name(seat) } });
        return std::nullopt;
    }
    std::optional<std::string> propose_alliance(int, int, json&) override {
        return "alliances exist only in Four Kingdoms";
    }
    std::optional<std::string> accept_alliance(int, json&) override {
        return "alliances exist only in Four Kingdoms";
    }
    void flag(int seat, json& events) override {
        game_.flag(Seat(seat));
        events.push_back({ { "kind", "flag" }, { "player", seat_name(seat) } });
    }

    json offers() const override {
        json draw = json::array();
        for (int s = 0; s < 2; ++s)
            if (offers_ & bit(s)) draw.push_back(seat_name(s));
        return { { "draw", draw }, { "alliance", nullptr } };
    }
    unsigned draw_offer_seats() const override { return offers_; }
    std::string record() const override {
        PgnTags tags;
        tags.event = "Citadel game";
        return write_pgn(game_, tags);
    }

  private:
    static u8 bit(int seat) { return u8(1u << seat); }

    static json claim_ids(const std::vector<DrawClaim>& claims) {
        json out = json::array();
        for (DrawClaim c : claims)
            out.push_back(
                c == DrawClaim::ThreefoldRepetition ? "threefold_repetition" : "fifty_move_rule");
        return out;
    }

    // The legal moves that a draw may be claimed with (FIDE 9.2.1), in byte order of their text:
    // [{"move": "f6g8", "claims": ["threefold_repetition"]}, ...]. Only a position that has
    // stood before, or a 50-move count about to be reached, can give one, so most positions skip
    // the work: a repetition needs at least eight reversible half-moves.
    json claim_moves() const {
        json out = json::array();
        if constexpr (!V::OwnGameEnd) {
            const int rule50 = game_.position().rule50();
            if (game_.outcome().over() || (rule50 + 1 < 8 && rule50 + 1 < 2 * V::ClaimMoveRule))
                return out;
            std::vector<std::pair<std::string, json>> found;
            for (Move m : game_.legal_moves())
                if (auto claims = game_.claimable_draws_with(m); !claims.empty())
                    found.emplace_back(move_to_uci<V>(m), claim_ids(claims));
            std::sort(found.begin(), found.end(),
                [](const auto& a, const auto& b) { return a.first < b.first; });
            for (auto& [uci, claims] : found)
                out.push_back({ { "move", uci }, { "claims", std::move(claims) } });
        }
        return out;
    }

    Game<V>                  game_;
    std::vector<std::string> san_;
    u8                       offers_ = 0, saved_offers_ = 0; // seat bits of standing draw offers
};

} // namespace

std::optional<MadeRules> make_two_player(std::string_view variant, std::string_view fen) {
    std::optional<MadeRules> out;
    with_variant(variant, [&]<class V>(VariantTag<V>) {
        if constexpr (!FourKingdomsVariant<V>) {
            auto rules = std::make_unique<TwoPlayerRules<V>>();
            // Built in place: moving a MadeRules temporary in makes GCC 12 warn (a false
            // maybe-uninitialized) once this file's templates grow.
            if (auto err = rules->load(fen))
                out.emplace(std::in_place_index<1>, "fen: " + *err);
            else
                out.emplace(std::in_place_index<0>, std::move(rules));
        }
    });
    return out;
}

} // namespace citadel::server::detail
