#include "game/fourkingdoms_game.h"
#include "learn/explain_game.h"

namespace citadel::learn {

std::optional<std::variant<Explained, RequestError>> explain_four_kingdoms(const Texts& texts,
    std::string_view variant, std::string_view fen, std::string_view move, const Lang& lang) {
    auto sentence = [&](const std::string& reason) { return texts(lang, "reason." + reason); };
    if (variant == FourKingdoms::Name) {
        FourKingdomsGame<FourKingdoms> game;
        return explain_in(game, fen, move, sentence);
    }
    if (variant == FourKingdomsTeams::Name) {
        FourKingdomsGame<FourKingdomsTeams> game;
        return explain_in(game, fen, move, sentence);
    }
    return std::nullopt;
}

} // namespace citadel::learn
