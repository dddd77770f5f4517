#include "server/live_game.h"

#include "server/live_game_impl.h"
#include "variants/registry.h"

namespace citadel::server {

std::variant<std::unique_ptr<LiveGame>, NoGame> make_live_game(
    std::string_view variant, std::string_view fen) {
    if (auto two = detail::make_two_player(variant, fen)) return std::move(*two);
    if (auto four = detail::make_four_player(variant, fen)) return std::move(*four);
    return NoGame{ "unknown variant '" + std::string(variant)
        + "' (known: " + std::string(kVariantNames) + ")" };
}

} // namespace citadel::server
