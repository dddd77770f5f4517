// K4FEN (docs/notation.md): Four Kingdoms positions as text and back.
//
//   <ranks 14..1> <player> <castling> <ep> <halfmove> <fullmove> <control> <alliance>
//
// The reader checks the text's form strictly and accepts only the writer's spelling (single
// spaces, 'x' exactly on the removed corners, maximal empty counts without leading zeros, seat
// order e s w n with K before Q, numbers without leading zeros); the rules themselves (kings,
// commanders, alliances, checks, turn order) are Position::set()'s job. Every error names the
// field that is wrong.
#pragma once

#include <string>
#include <string_view>

#include "core/errors.h"
#include "variants/fourkingdoms_rules.h"

namespace citadel {

namespace fk {
Result<Setup<Cross14>, ParseError> parse_k4fen(std::string_view text);
std::string                        write_k4fen(const Setup<Cross14>& s);
} // namespace fk

template <class V>
requires FourKingdomsVariant<V> Result<Setup<typename V::Geometry>, ParseError> parse_fen(
    std::string_view text) {
    return fk::parse_k4fen(text);
}

template <class V>
requires FourKingdomsVariant<V> std::string write_fen(const Setup<typename V::Geometry>& s) {
    return fk::write_k4fen(s);
}

} // namespace citadel
