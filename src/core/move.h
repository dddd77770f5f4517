// A move is a 32-bit value: to (8 bits) | from (8) | kind (4) | promotion type (5).
// Castling is encoded as the king moving onto its own rook (it serves every back line, and any
// rook start); notation prints it as the king's two-square move.
#pragma once

#include "core/types.h"

namespace citadel {

enum class MoveKind : u8 { Normal, Promotion, EnPassant, Castling, KingSwap, Relocation };

class Move {
  public:
    constexpr Move() = default;
    constexpr Move(
        Square from, Square to, MoveKind k = MoveKind::Normal, PieceType promo = NoPieceType)
        : data_(u32(to) | u32(from) << 8 | u32(k) << 16 | u32(promo) << 20) { }

    // The move whose raw() is `raw` (the search's transposition table stores moves so).
    static constexpr Move from_raw(u32 raw) {
        Move m;
        m.data_ = raw;
        return m;
    }

    constexpr Square    from() const { return Square(data_ >> 8); }
    constexpr Square    to() const { return Square(data_); }
    constexpr MoveKind  kind() const { return MoveKind((data_ >> 16) & 15); }
    constexpr PieceType promotion() const { return PieceType((data_ >> 20) & 31); }
    constexpr bool      is_none() const { return data_ == 0; }
    constexpr u32       raw() const { return data_; }

    friend constexpr bool operator==(Move, Move) = default;

  private:
    u32 data_ = 0; // from == to == 0 is no real move
};

// A fixed-capacity move list on the stack; Capacity is chosen per variant. The moves are left
// uninitialised (a union member): every search node holds a list, and zeroing its capacity cost
// more than filling it.
template <int Capacity> struct MoveList {
    union {
        Move moves[Capacity];
    };
    int count = 0;

    MoveList() { }

    void        push(Move m) { moves[count++] = m; }
    const Move* begin() const { return moves; }
    const Move* end() const { return moves + count; }
    int         size() const { return count; }
    bool        contains(Move m) const {
               for (Move x : *this)
            if (x == m) return true;
        return false;
    }
};

} // namespace citadel
