// Placement<G>: where the pieces of a two-player position stand — a mailbox and bitboards by
// type and by seat — and the queries every Position offers on it. Each Position keeps its own
// put/remove/shift (the hot path: Tamerlane's also track its pawns and royals).
#pragma once

#include <algorithm>
#include <iterator>

#include "core/bitboard.h"
#include "core/types.h"

namespace citadel {

template <class G> class Placement {
  public:
    using BB = typename G::Bitboard;

    Piece piece_on(Square s) const { return board_[s]; }
    BB    pieces() const { return by_seat_[0] | by_seat_[1]; }
    BB    pieces(Seat s) const { return by_seat_[s]; }
    BB    pieces(PieceType t) const { return by_type_[t]; }
    BB    pieces(Seat s, PieceType t) const { return by_seat_[s] & by_type_[t]; }
    BB    pieces(Seat s, PieceType a, PieceType b) const {
           return by_seat_[s] & (by_type_[a] | by_type_[b]);
    }
    // The king's square (NoSquare when there is none: a Tamerlane king can be captured).
    Square king_square(Seat s) const { return lsb(pieces(s, King)); }

  protected:
    // An empty board.
    void clear_placement() {
        std::fill(std::begin(board_), std::end(board_), NoPiece);
        std::fill(std::begin(by_type_), std::end(by_type_), BB{});
        std::fill(std::begin(by_seat_), std::end(by_seat_), BB{});
    }

    Piece board_[G::Squares]{};
    BB    by_type_[PieceTypeLimit]{};
    BB    by_seat_[2]{};
};

} // namespace citadel
