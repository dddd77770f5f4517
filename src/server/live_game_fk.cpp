// LiveGame for Four Kingdoms (both modes): FourKingdomsGame<V>.
#include "game/fourkingdoms_record.h"
#include "server/live_game_impl.h"

namespace citadel::server::detail {

// (By name rather than with_variant: registry.h brings in Tamerlane's FEN writer, next to which
// GCC 12 finds K4FEN's write_fen ambiguous.)
std::optional<MadeGame> make_four_player(std::string_view variant, std::string_view fen) {
    if (variant == FourKingdoms::Name)
        return make_of<FourKingdoms, FourKingdomsGame<FourKingdoms>>(fen);
    if (variant == FourKingdomsTeams::Name)
        return make_of<FourKingdomsTeams, FourKingdomsGame<FourKingdomsTeams>>(fen);
    return std::nullopt;
}

} // namespace citadel::server::detail
