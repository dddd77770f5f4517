// LiveGame for the two-player variants: Game<V>.
#include "game/game.h"
#include "game/game_pgn.h"
#include "server/live_game_impl.h"
#include "variants/registry.h"

namespace citadel::server::detail {

std::optional<MadeGame> make_two_player(std::string_view variant, std::string_view fen) {
    std::optional<MadeGame> out;
    with_variant(variant, [&]<class V>(VariantTag<V>) {
        if constexpr (!FourKingdomsVariant<V>) out = make_of<V, Game<V>>(fen);
    });
    return out;
}

} // namespace citadel::server::detail
