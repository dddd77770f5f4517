// A Setup is "a not necessarily legal" position: what a FEN says, before the rules have looked at
// it. Parsers produce Setups; Position::set() is the one door from a Setup to a playable position.
#pragma once

#include <array>

#include "core/geometry.h"

namespace citadel {

// Castling rights of the orthodox family, one bit each.
enum CastlingRight : u8 {
    WhiteShort  = 1,
    WhiteLong   = 2,
    BlackShort  = 4,
    BlackLong   = 8,
    AnyCastling = 15,
};

template <class G> struct Setup {
    std::array<Piece, G::Squares> board{};
    Seat                          to_move  = White;
    u8                            castling = 0; // CastlingRight bits
    Square                        ep = NoSquare; // the square a pawn may capture into en passant
    int                           halfmove = 0;
    int                           fullmove = 1;

    friend bool operator==(const Setup&, const Setup&) = default;
};

} // namespace citadel
