// The one runtime dispatch: a variant name to its compile-time policy. Everything below runs
// with the variant fixed at compile time.
#pragma once

#include <string_view>
#include <type_traits>
#include <utility>

#include "variants/fourkingdoms.h"
#include "variants/orthodox.h"
#include "variants/tamerlane.h"

namespace citadel {

template <class V> using VariantTag = std::type_identity<V>;

// Calls f(VariantTag<V>{}) for the variant named `name`; false if there is none.
template <class F> bool with_variant(std::string_view name, F&& f) {
    auto try_one = [&]<class V>(VariantTag<V> tag) {
        if (name != V::Name) return false;
        f(tag);
        return true;
    };
    return try_one(VariantTag<Chess>{}) || try_one(VariantTag<Silverman>{})
        || try_one(VariantTag<PawnRace>{}) || try_one(VariantTag<Tamerlane>{})
        || try_one(VariantTag<FourKingdoms>{}) || try_one(VariantTag<FourKingdomsTeams>{});
}

inline constexpr std::string_view kVariantNames
    = "chess, silverman, pawnrace, tamerlane, fourkingdoms, fourkingdoms-teams";

} // namespace citadel
