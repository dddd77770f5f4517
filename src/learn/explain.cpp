// POST /api/explain and POST /api/escape: help for any position, outside the course's levels.
#include "game/game.h"
#include "learn/coach.h"
#include "learn/explain_game.h"
#include "variants/registry.h"

namespace citadel::learn {

std::variant<Explained, RequestError> explain_move(const Texts& texts, std::string_view variant,
    std::string_view fen, std::string_view move, const Lang& lang) {
    if (auto four = explain_four_kingdoms(texts, variant, fen, move, lang)) return *four;
    std::optional<std::variant<Explained, RequestError>> out;
    const bool known = with_variant(variant, [&]<class V>(VariantTag<V>) {
        if constexpr (!FourKingdomsVariant<V>) {
            Game<V> game;
            out = explain_in(game, fen, move, [&](const std::string&) {
                // The lesson's sentence, naming the piece and the square, for the same request.
                const Position<V>& pos = game.position();
                auto               req = parse_move_request<typename V::Geometry>(move);
                auto               why = why_illegal(pos, *req);
                return why ? Coach<V>(texts, lang).illegal(pos, *req, *why)
                           : texts(lang, "reason.unexplained");
            });
        }
    });
    if (!known) return "variant: unknown; the variants are " + std::string(kVariantNames);
    return std::move(*out);
}

std::variant<EscapeHelp, RequestError> escape_help(
    const Texts& texts, std::string_view variant, std::string_view fen, const Lang& lang) {
    std::optional<std::variant<EscapeHelp, RequestError>> out;
    const bool known = with_variant(variant, [&]<class V>(VariantTag<V>) {
        if constexpr (!std::is_same_v<V, Chess> && !std::is_same_v<V, Silverman>) {
            out = "variant: escape help is for chess and silverman";
        } else {
            Game<V> game;
            if (auto err = game.load_fen(fen)) {
                out = "fen: " + describe(*err);
                return;
            }
            const Position<V>& pos = game.position();
            Coach<V>           coach(texts, lang);
            const EscapeSplit  s = coach.split(pos);
            EscapeHelp         h;
            h.in_check = pos.in_check();
            for (Square c : s.checkers) h.checkers.push_back(coach.square(c));
            for (Move m : s.run) h.run.push_back(move_to_uci<V>(m));
            for (Move m : s.block) h.block.push_back(move_to_uci<V>(m));
            for (Move m : s.capture) h.capture.push_back(move_to_uci<V>(m));
            h.message = coach.escape_message(pos, s);
            out       = std::move(h);
        }
    });
    if (!known) return "variant: unknown; the variants are " + std::string(kVariantNames);
    return std::move(*out);
}

} // namespace citadel::learn
