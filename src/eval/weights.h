// Weights as code: every evaluation reads its weights from a struct of named integers, declared
// once by an X-macro list of names. The list also gives the tuner (tools/tune) each field's name
// and address, so it can change a weight, measure, and print the struct back as C++ source.
#pragma once

#include <array>
#include <ostream>
#include <string_view>

namespace citadel::eval {

// One tunable weight of struct W: its name in the source and its member pointer.
template <class W> struct WeightField {
    std::string_view name;
    int W::*member;
};

// Expands a name list into the struct's members (all ints, zero unless initialised).
#define CITADEL_WEIGHT_MEMBER(name) int name = 0;
// Expands a name list into a table of WeightField<W>.
#define CITADEL_WEIGHT_FIELD(name) { #name, &WeightsType::name },

// Defines struct Name from the list macro LIST and its field table `weight_fields(Name)`.
#define CITADEL_DEFINE_WEIGHTS(Name, LIST)                                                         \
    struct Name {                                                                                  \
        LIST(CITADEL_WEIGHT_MEMBER)                                                                \
    };                                                                                             \
    inline constexpr auto weight_fields(const Name*) {                                             \
        using WeightsType = Name;                                                                  \
        return std::to_array<WeightField<Name>>({ LIST(CITADEL_WEIGHT_FIELD) });                   \
    }

// The table of W's fields (found by argument-dependent lookup on a W pointer).
template <class W> constexpr auto fields_of() {
    return weight_fields(static_cast<const W*>(nullptr));
}

// Writes w as a designated initializer, `inline constexpr Type name = {...};`, to paste over the
// committed weights.
template <class W>
void write_weights(std::ostream& out, const W& w, std::string_view type, std::string_view name) {
    out << "inline constexpr " << type << ' ' << name << " = {\n";
    for (const auto& f : fields_of<W>()) out << "    ." << f.name << " = " << w.*f.member << ",\n";
    out << "};\n";
}

} // namespace citadel::eval
