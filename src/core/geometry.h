// Board shapes. A geometry is a compile-time description of the board: its rectangle, the extra
// squares after it, which cells are removed, and how squares are named. Everything that depends
// only on the board (attack tables, Zobrist keys) is built from it once, at start-up.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/bitboard.h"

namespace citadel {

template <int F, int R, int X = 0> struct Rectangle {
    static constexpr int Files   = F;
    static constexpr int Ranks   = R;
    static constexpr int Extra   = X; // off-rectangle squares, numbered after it
    static constexpr int Squares = F * R + X;
    using Bitboard               = BitboardFor<Squares>;

    static constexpr bool on_board(int file, int rank) {
        return file >= 0 && file < F && rank >= 0 && rank < R;
    }
    static constexpr Square square(int file, int rank) { return Square(rank * F + file); }
    static constexpr int    file_of(Square s) { return s % F; }
    static constexpr int    rank_of(Square s) { return s / F; }
};

struct Board8x8 : Rectangle<8, 8> { };
struct Board4x4 : Rectangle<4, 4> { };

// A geometry may name its extra squares (Tamerlane's citadels l2 and z9):
//   static constexpr std::string_view ExtraNames[Extra] = {...};
template <class G>
concept NamesExtraSquares = requires {
    G::ExtraNames[0];
};

// Square names: file letter + rank number from 1 ("e4", "a10"); extra squares by their names.
template <class G> std::string square_name(Square s) {
    if (s == NoSquare) return "-";
    if constexpr (NamesExtraSquares<G>)
        if (s >= G::Files * G::Ranks && s < G::Squares)
            return std::string(G::ExtraNames[s - G::Files * G::Ranks]);
    return std::string(1, char('a' + G::file_of(s))) + std::to_string(G::rank_of(s) + 1);
}

// Parses a square name of geometry G; nothing if it is not one.
template <class G> std::optional<Square> parse_square(std::string_view text) {
    if constexpr (NamesExtraSquares<G>)
        for (int i = 0; i < G::Extra; ++i)
            if (text == G::ExtraNames[i]) return Square(G::Files * G::Ranks + i);
    if (text.size() < 2 || text.size() > 3 || text[0] < 'a' || text[0] >= 'a' + G::Files)
        return std::nullopt;
    int rank = 0;
    for (char c : text.substr(1)) {
        if (c < '0' || c > '9') return std::nullopt;
        rank = rank * 10 + (c - '0');
    }
    if (text[1] == '0' || rank < 1 || rank > G::Ranks) return std::nullopt;
    int file = text[0] - 'a';
    if (!G::on_board(file, rank - 1)) return std::nullopt;
    return G::square(file, rank - 1);
}

// All squares of the rectangle that are on the board.
template <class G> constexpr typename G::Bitboard board_mask() {
    typename G::Bitboard b{};
    for (int r = 0; r < G::Ranks; ++r)
        for (int f = 0; f < G::Files; ++f)
            if (G::on_board(f, r)) b |= bit<typename G::Bitboard>(G::square(f, r));
    return b;
}

template <class G> constexpr typename G::Bitboard rank_bb(int rank) {
    typename G::Bitboard b{};
    for (int f = 0; f < G::Files; ++f)
        if (G::on_board(f, rank)) b |= bit<typename G::Bitboard>(G::square(f, rank));
    return b;
}

template <class G> constexpr typename G::Bitboard file_bb(int file) {
    typename G::Bitboard b{};
    for (int r = 0; r < G::Ranks; ++r)
        if (G::on_board(file, r)) b |= bit<typename G::Bitboard>(G::square(file, r));
    return b;
}

} // namespace citadel
