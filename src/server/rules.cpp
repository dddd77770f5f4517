#include "server/rules.h"

#include "server/rules_detail.h"
#include "variants/registry.h"

namespace citadel::server {

int seat_named(std::string_view name, int seats) {
    const std::string_view* names = seats == 4 ? detail::kFourSeats : detail::kTwoSeats;
    for (int s = 0; s < seats; ++s)
        if (names[s] == name) return s;
    return -1;
}

std::variant<std::unique_ptr<Rules>, std::string> make_rules(
    std::string_view variant, std::string_view fen) {
    if (auto two = detail::make_two_player(variant, fen)) return std::move(*two);
    if (auto four = detail::make_four_player(variant, fen)) return std::move(*four);
    return "unknown variant '" + std::string(variant) + "' (known: " + std::string(kVariantNames)
        + ")";
}

} // namespace citadel::server
