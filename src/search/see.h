// Static exchange evaluation (SEE) and the piece values the search orders captures by, for the
// two-player variants (Worker<V>). Its own header so tests can compose exchanges.
#pragma once

#include <algorithm>

#include "variants/registry.h"

namespace citadel::search {

// Rough piece values for ordering captures and for SEE, by PieceType: the search's own, so
// that the evaluation may change its weights without reordering the tree's moves.
inline constexpr int kOrderValue[PieceTypeLimit] = {
    0, 100, 320, 330, 500, 900, 1200, // none, pawn, knight, bishop, rook, queen, king
    1200, 1200, 150, 150, 600, 450, 150, 300, 150, // prince, adv. king, general, vizier,
                                                   // giraffe, picket, elephant, camel, war engine
    100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, // Tamerlane's eleven pawns
};
constexpr int order_value(PieceType t) { return t < PieceTypeLimit ? kOrderValue[t] : 100; }

// The value of what m takes (by kOrderValue).
template <class V> int victim_value(const Position<V>& pos, Move m) {
    if (m.kind() == MoveKind::EnPassant) return order_value(Pawn);
    return order_value(type_of(pos.piece_on(m.to())));
}

namespace detail {

// The type of seat s's cheapest piece among `attackers` (not empty); it leaves occ.
template <class V>
PieceType least_valuable(const Position<V>& pos, Seat s, typename V::Geometry::Bitboard attackers,
    typename V::Geometry::Bitboard& occ) {
    using BB = typename V::Geometry::Bitboard;
    if constexpr (std::is_same_v<V, Tamerlane>) {
        // Cheapest first by kOrderValue; the eleven pawn kinds all count as pawns.
        constexpr PieceType kOrder[] = { General, Vizier, Elephant, WarEngine, Camel, Knight,
            Picket, Rook, Giraffe, AdventitiousKing, Prince, King };
        if (BB pawns = attackers & pos.pawns(s); any(pawns)) {
            const Square sq = lsb(pawns);
            occ ^= bit<BB>(sq);
            return type_of(pos.piece_on(sq));
        }
        for (PieceType t : kOrder)
            if (BB b = attackers & pos.pieces(s, t); any(b)) {
                occ ^= bit<BB>(lsb(b));
                return t;
            }
    } else {
        for (PieceType t : { Pawn, Knight, Bishop, Rook, Queen, King })
            if (BB b = attackers & pos.pieces(t); any(b)) {
                occ ^= bit<BB>(lsb(b));
                return t;
            }
    }
    return NoPieceType;
}

// Whether a piece of type t is seat s's only royal, the one check binds.
template <class V> bool is_lone_royal(const Position<V>& pos, Seat s, PieceType t) {
    if constexpr (std::is_same_v<V, Tamerlane>)
        return tamerlane::is_royal(t) && pos.royal_count(s) == 1;
    else
        return t == King;
}

} // namespace detail

// Static exchange evaluation of a capture on m.to(): the material (kOrderValue) the mover keeps
// when both sides recapture there with their least valuable piece, each free to stop when going
// on does not pay (pins ignored). A royal bound by check (a king; in Tamerlane only a side's
// lone royal) never takes into attack; a Tamerlane royal with another royal beside it may, and
// may then be taken. Tamerlane's relocations and swaps are not exchanges: 0.
template <class V> int static_exchange(const Position<V>& pos, Move m) {
    using BB                   = typename V::Geometry::Bitboard;
    constexpr bool IsTamerlane = std::is_same_v<V, Tamerlane>;
    if constexpr (IsTamerlane)
        if (m.kind() != MoveKind::Normal) return 0;
    const Square from = m.from(), to = m.to();
    BB           occ = pos.pieces() ^ bit<BB>(from);
    int          gain[40], d = 0;
    gain[0]            = victim_value(pos, m);
    PieceType attacker = type_of(pos.piece_on(from));
    Seat      side     = Seat(pos.side_to_move() ^ 1);
    if constexpr (!IsTamerlane)
        if (m.kind() == MoveKind::EnPassant)
            occ ^= bit<BB>(Square(to - Position<V>::forward(side ^ 1)));
    while (d < 38) {
        const BB mine = pos.attackers(side, to, occ) & occ;
        if (!any(mine)) break;
        const PieceType next = detail::least_valuable(pos, side, mine, occ);
        ++d;
        gain[d] = order_value(attacker) - gain[d - 1];
        if (detail::is_lone_royal(pos, side, next)
            && any(pos.attackers(Seat(side ^ 1), to, occ) & occ)) {
            --d; // it would take into check
            break;
        }
        attacker = next;
        side     = Seat(side ^ 1);
    }
    while (d > 0) {
        gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
        --d;
    }
    return gain[0];
}

} // namespace citadel::search
