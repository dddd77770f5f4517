// Move text in the UCI style of notation.md: <from><to>[<promotion>], castling as the king's
// two-square move. Text becomes a move only by matching the legal moves of the position.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/movegen.h"

namespace citadel {

template <class V> std::string move_to_uci(Move m) {
    using G   = typename V::Geometry;
    Square to = m.to();
    if (m.kind() == MoveKind::Castling)  // stored as king takes rook
        to = G::square(G::file_of(to) > G::file_of(m.from()) ? 6 : 2, G::rank_of(to));
    std::string text = square_name<G>(m.from()) + square_name<G>(to);
    if (m.kind() == MoveKind::Promotion) text += char(kind(m.promotion()).letter + 32);
    return text;
}

// The legal move whose text is `text`, if any.
template <class V> std::optional<Move> find_uci_move(const Position<V>& pos, std::string_view text) {
    for (Move m : legal_moves(pos))
        if (move_to_uci<V>(m) == text) return m;
    return std::nullopt;
}

}  // namespace citadel
