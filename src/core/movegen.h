// Legal move generation for the orthodox family (two players, at most one king each, one-word
// boards). Moves are legal by construction: evasions only block or capture, pinned pieces move
// along their pin line, king steps and en passant are tested against the board without the
// mover. The generator writes into a Sink, so one generator serves both the move list and
// perft's bulk counting, which adds up target sets without building moves.
#pragma once

#include <atomic>

#include "core/position.h"

namespace citadel {

// Collects moves into a MoveList.
template <class V> struct MoveSink {
    using BB = typename V::Geometry::Bitboard;
    MoveList<V::MaxMoves>& list;

    void targets(Square from, BB to) {
        while (any(to)) list.push(Move(from, pop_lsb(to)));
    }
    void pawn_targets(BB to, int delta) {
        while (any(to)) {
            Square s = pop_lsb(to);
            list.push(Move(Square(s - delta), s));
        }
    }
    void promotions(BB to, int delta) {
        while (any(to)) {
            Square s = pop_lsb(to);
            for (int i = 0; i < V::Promotions; ++i)
                list.push(Move(Square(s - delta), s, MoveKind::Promotion, V::PromotionOrder[i]));
        }
    }
    void single(Move m) { list.push(m); }
};

// Counts moves without making them.
template <class V> struct CountSink {
    using BB  = typename V::Geometry::Bitboard;
    u64 count = 0;

    void targets(Square, BB to) { count += popcount(to); }
    void pawn_targets(BB to, int) { count += popcount(to); }
    void promotions(BB to, int) { count += u64(popcount(to)) * V::Promotions; }
    void single(Move) { ++count; }
};

namespace detail {

template <class V, class Sink>
void generate_pawns(const Position<V>& pos, Sink& out, typename V::Geometry::Bitboard target,
    typename V::Geometry::Bitboard pinned, Square ksq) {
    using G           = typename V::Geometry;
    using BB          = typename G::Bitboard;
    const auto& A     = kAttacks<G>;
    const Seat  us    = pos.side_to_move();
    const Seat  them  = us ^ 1;
    const int   up    = Position<V>::forward(us);
    const BB    board = board_mask<G>();
    const BB    empty = ~pos.pieces() & board;
    const BB    enemy = pos.pieces(them);
    const BB    last  = rank_bb<G>(Position<V>::last_rank(us));
    const BB    pawns = pos.pieces(us, Pawn) & ~pinned;
    const BB    not_a = ~file_bb<G>(0), not_h = ~file_bb<G>(G::Files - 1);

    auto emit = [&](BB to, int delta) {
        if constexpr (V::Promotions > 0) {
            out.pawn_targets(to & ~last, delta);
            out.promotions(to & last, delta);
        } else
            out.pawn_targets(to, delta);
    };

    BB push = shift_by(pawns, up) & empty;
    emit(push & target, up);
    if constexpr (V::DoubleStep) {
        BB third = rank_bb<G>(us == White ? 2 : G::Ranks - 3);
        emit(shift_by(push & third, up) & empty & target, 2 * up);
    }
    // Captures towards file a and towards the last file.
    emit(shift_by(pawns & not_a, up - 1) & enemy & target, up - 1);
    emit(shift_by(pawns & not_h, up + 1) & enemy & target, up + 1);

    // Pinned pawns move only along the line through their king.
    if constexpr (V::HasKing) {
        BB pinned_pawns = pos.pieces(us, Pawn) & pinned;
        while (any(pinned_pawns)) {
            Square from = pop_lsb(pinned_pawns);
            BB     to   = (A.pawn_attack[us][from] & enemy) | (bit<BB>(from + up) & empty);
            if (V::DoubleStep && any(bit<BB>(from + up) & empty)
                && G::rank_of(from) == (us == White ? 1 : G::Ranks - 2))
                to |= bit<BB>(from + 2 * up) & empty;
            to &= target & A.line[ksq][from];
            while (any(to)) {
                Square s = pop_lsb(to);
                BB     b = bit<BB>(s);
                if (any(b & last))
                    out.promotions(b, s - from);
                else
                    out.pawn_targets(b, s - from);
            }
        }
    }

    // En passant: ep is set only when some capture is legal; test each capturer.
    if constexpr (V::DoubleStep) {
        Square ep = pos.ep_square();
        if (ep != NoSquare) {
            BB capturers = A.pawn_attack[them][ep] & pos.pieces(us, Pawn);
            while (any(capturers)) {
                Square from = pop_lsb(capturers);
                if (pos.ep_capture_legal(from, ep)) out.single(Move(from, ep, MoveKind::EnPassant));
            }
        }
    }
}

template <class V, class Sink> void generate_castling(const Position<V>& pos, Sink& out) {
    using BB         = typename V::Geometry::Bitboard;
    const auto& A    = kAttacks<typename V::Geometry>;
    const Seat  us   = pos.side_to_move();
    const u8    mine = us == White ? WhiteShort | WhiteLong : BlackShort | BlackLong;
    for (u8 r : { u8(mine & (WhiteShort | BlackShort)), u8(mine & (WhiteLong | BlackLong)) }) {
        if (!(pos.castling_rights() & r)) continue;
        Square k = Position<V>::castling_king_from(r), rk = Position<V>::castling_rook_from(r);
        Square kto = Position<V>::castling_king_to(r), rto = Position<V>::castling_rook_to(r);
        BB     movers = bit<BB>(k) | bit<BB>(rk);
        BB path = (A.between[k][rk] | A.between[k][kto] | bit<BB>(kto) | bit<BB>(rto)) & ~movers;
        if (any(path & pos.pieces())) continue;
        BB   king_path = A.between[k][kto] | bit<BB>(kto);
        bool safe      = true;
        while (safe && any(king_path))
            safe = !pos.attacked(us ^ 1, pop_lsb(king_path), pos.pieces() ^ bit<BB>(k));
        if (safe) out.single(Move(k, rk, MoveKind::Castling));
    }
}

} // namespace detail

// Every legal move of the side to move, into `out`. A position the rules have ended (a won
// pawn race) has none.
template <class V, class Sink> void generate_legal(const Position<V>& pos, Sink& out) {
    using G           = typename V::Geometry;
    using BB          = typename G::Bitboard;
    const auto& A     = kAttacks<G>;
    const Seat  us    = pos.side_to_move();
    const Seat  them  = us ^ 1;
    const BB    board = board_mask<G>();

    if constexpr (!V::HasKing) {
        if constexpr (V::LastRankWins)
            if (any(pos.pawns_on_last_rank(them))) return;
        detail::generate_pawns(pos, out, board, BB{}, NoSquare);
    } else {
        const BB     occ      = pos.pieces();
        const BB     own      = pos.pieces(us);
        const Square ksq      = pos.king_square(us);
        const BB     checkers = pos.checkers();

        BB king_to = A.leap[King][ksq] & ~own;
        while (any(king_to)) {
            Square to = pop_lsb(king_to);
            if (!pos.attacked(them, to, occ ^ bit<BB>(ksq))) out.single(Move(ksq, to));
        }
        if (more_than_one(checkers)) return;

        const BB target = any(checkers) ? A.between[ksq][lsb(checkers)] | checkers : board & ~own;
        const BB pinned = pos.blockers() & own;

        detail::generate_pawns(pos, out, target, pinned, ksq);
        if constexpr (bool(V::Pieces & piece_set(Knight))) {
            BB knights = pos.pieces(us, Knight) & ~pinned; // a pinned knight never moves
            while (any(knights)) {
                Square from = pop_lsb(knights);
                out.targets(from, A.leap[Knight][from] & target);
            }
        }
        BB sliders = pos.pieces(us, Bishop, Rook) | pos.pieces(us, Queen);
        while (any(sliders)) {
            Square    from = pop_lsb(sliders);
            PieceType t    = type_of(pos.piece_on(from));
            BB        to   = A.of(t, from, occ) & target;
            if (any(bit<BB>(from) & pinned)) to &= A.line[ksq][from];
            out.targets(from, to);
        }
        if constexpr (V::Castling)
            if (!any(checkers)) detail::generate_castling(pos, out);
    }
}

template <class V> MoveList<V::MaxMoves> legal_moves(const Position<V>& pos) {
    MoveList<V::MaxMoves> list;
    MoveSink<V>           sink{ list };
    generate_legal(pos, sink);
    return list;
}

template <class V> u64 count_legal(const Position<V>& pos) {
    CountSink<V> sink;
    generate_legal(pos, sink);
    return sink.count;
}

// Leaf count at `depth` (depth 0 counts 1). The last ply is counted in bulk. Once `stop` is
// set (from another thread: UCI's `stop` during `go perft`) the count is abandoned, partial.
template <class V> u64 perft(Position<V>& pos, int depth, const std::atomic<bool>* stop = nullptr) {
    if (depth == 0) return 1;
    if (depth == 1) return count_legal(pos);
    if (stop && stop->load(std::memory_order_relaxed)) return 0;
    u64          nodes = 0;
    StateInfo<V> st;
    for (Move m : legal_moves(pos)) {
        pos.make(m, st);
        nodes += perft(pos, depth - 1, stop);
        pos.unmake(m);
    }
    return nodes;
}

} // namespace citadel
