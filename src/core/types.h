// Basic value types shared by every part of the rules core.
#pragma once

#include <cstdint>

namespace citadel {

using u8  = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i8  = std::int8_t;

// A square is an index rank * Files + file over the board's rectangle, with any extra squares
// (Tamerlane's citadels) numbered after it. 255 is "no square".
using Square                     = u8;
inline constexpr Square NoSquare = 255;

// A seat is a player: 0 and 1 (White, Black) in two-player games, 0..3 (East, South, West, North)
// in Four Kingdoms.
using Seat                     = u8;
inline constexpr Seat White    = 0;
inline constexpr Seat Black    = 1;
inline constexpr int  MaxSeats = 4;

// Piece types are indices into a variant's piece catalogue. The orthodox ones are fixed so that the
// fast paths can name them; fairy variants append theirs after King.
enum PieceType : u8 { NoPieceType, Pawn, Knight, Bishop, Rook, Queen, King, PieceTypeLimit = 32 };

// A piece is a seat and a type in one byte: seat << 5 | type. 0 is "no piece".
enum Piece : u8 { NoPiece = 0 };
inline constexpr int PieceLimit = MaxSeats << 5;

constexpr Piece     make_piece(Seat s, PieceType t) { return Piece((s << 5) | t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 31); }
constexpr Seat      seat_of(Piece p) { return Seat(p >> 5); }

// A set of piece types, one bit per type.
using PieceSet = u32;
constexpr PieceSet                       piece_set(PieceType t) { return PieceSet(1) << t; }
template <class... T> constexpr PieceSet piece_set(PieceType t, T... rest) {
    return piece_set(t) | piece_set(rest...);
}

} // namespace citadel
