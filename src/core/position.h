// Position<V>: the board and state of a game of variant V, with make/unmake.
//
// The position keeps placement (a mailbox and bitboards per type and per seat) and a pointer to
// the current StateInfo. The caller owns StateInfo storage: one per ply on the stack in perft and
// search, a std::deque in a Game. make() copies the few fields that carry over, recomputes the
// rest (key, checkers, pins) and never allocates; unmake() puts the pieces back and steps to the
// previous StateInfo. Variant rules are V's static constants, read at compile time.
#pragma once

#include <algorithm>
#include <iterator>
#include <optional>

#include "core/attacks.h"
#include "core/errors.h"
#include "core/move.h"
#include "core/placement.h"
#include "core/setup.h"
#include "core/zobrist.h"

namespace citadel {

template <class V> struct StateInfo {
    using BB = typename V::Geometry::Bitboard;
    // Carried over by make().
    u8     castling = 0;
    Square ep       = NoSquare; // set only when an en passant capture is legal
    int    rule50   = 0; // half-moves since the last capture or pawn move
    // Recomputed by make().
    u64           key = 0;
    BB            checkers{};
    BB            blockers{}; // pieces (either side's) that shield the mover's king from a slider
    Piece         captured = NoPiece;
    StateInfo<V>* previous = nullptr;
};

// Castling, stored as king takes rook (core/move.h), is short when the rook stands on the
// king's higher-file side.
template <class G> constexpr bool is_short_castling(Move m) {
    return G::file_of(m.to()) > G::file_of(m.from());
}
// Where the castling king lands: the g-file when castling short, the c-file when long, on its own
// rank. The one home of the rule: make/unmake, movegen, the notations and the game read it.
template <class G> constexpr Square castling_king_square(bool short_side, int rank) {
    return G::square(short_side ? 6 : 2, rank);
}
// The same for a castling move.
template <class G> constexpr Square castling_king_square(Move m) {
    return castling_king_square<G>(is_short_castling<G>(m), G::rank_of(m.from()));
}

template <class V> class Position : public Placement<typename V::Geometry> {
    using Base = Placement<typename V::Geometry>;
    using Base::board_, Base::by_type_, Base::by_seat_;

  public:
    using G  = typename V::Geometry;
    using BB = typename G::Bitboard;
    using Base::piece_on, Base::pieces, Base::king_square;
    static constexpr int N = G::Squares;

    Position()                           = default;
    Position(const Position&)            = delete; // the state chain would be shared
    Position& operator=(const Position&) = delete;

    // Sets up from s; on error the position is unusable and the rule broken is returned.
    std::optional<PositionError> set(const Setup<G>& s, StateInfo<V>& si);
    Setup<G>                     setup() const;

    void make(Move m, StateInfo<V>& next);
    void unmake(Move m);
    // The search's pass (null move): only the side to move changes. Never while in check.
    void make_null(StateInfo<V>& next);
    void unmake_null() { us_ ^= 1, --ply_, st_ = st_->previous; }

    // ---- queries ----
    Seat                side_to_move() const { return us_; }
    BB                  checkers() const { return st_->checkers; }
    bool                in_check() const { return any(st_->checkers); }
    BB                  blockers() const { return st_->blockers; }
    Square              ep_square() const { return st_->ep; }
    u8                  castling_rights() const { return st_->castling; }
    int                 rule50() const { return st_->rule50; }
    int                 game_ply() const { return ply_; }
    u64                 key() const { return st_->key; }
    const StateInfo<V>* state() const { return st_; }

    // Pieces of seat `by` that attack s, given occupancy occ.
    BB   attackers(Seat by, Square s, BB occ) const;
    bool attacked(Seat by, Square s, BB occ) const { return any(attackers(by, s, occ)); }
    // Whether the pawn on `capturer` may capture en passant into `ep` without exposing its king.
    bool ep_capture_legal(Square capturer, Square ep) const;

    // Castling geometry of right r (one CastlingRight bit).
    static Square castling_king_from(u8 r) {
        return G::square(4, r & (BlackShort | BlackLong) ? G::Ranks - 1 : 0);
    }
    static Square castling_rook_from(u8 r) {
        return G::square(r & (WhiteShort | BlackShort) ? G::Files - 1 : 0, rank_of_right(r));
    }
    static Square castling_king_to(u8 r) {
        return castling_king_square<G>((r & (WhiteShort | BlackShort)) != 0, rank_of_right(r));
    }
    static Square castling_rook_to(u8 r) {
        return G::square(r & (WhiteShort | BlackShort) ? 5 : 3, rank_of_right(r));
    }
    // The pawn's forward step in square indices.
    static constexpr int forward(Seat s) { return s == White ? G::Files : -G::Files; }
    // The rank (0-based) where s's pawns promote (or win the race).
    static constexpr int last_rank(Seat s) { return s == White ? G::Ranks - 1 : 0; }
    // s's pawns on its last rank: in the pawn race (V::LastRankWins), the race won.
    BB pawns_on_last_rank(Seat s) const { return pieces(s, Pawn) & rank_bb<G>(last_rank(s)); }

  private:
    static int rank_of_right(u8 r) { return r & (BlackShort | BlackLong) ? G::Ranks - 1 : 0; }

    void put(Piece p, Square s);
    void remove(Square s);
    void shift(Square from, Square to);
    void update_check_info();

    Square legal_ep_square(Square candidate) const;

    u8            castling_mask_[N]{}; // rights lost when a piece leaves or enters the square
    Seat          us_  = White;
    int           ply_ = 0;
    StateInfo<V>* st_  = nullptr;
};

// ---------------------------------------------------------------------------------------------

template <class V> void Position<V>::put(Piece p, Square s) {
    board_[s] = p;
    by_type_[type_of(p)] |= bit<BB>(s);
    by_seat_[seat_of(p)] |= bit<BB>(s);
}

template <class V> void Position<V>::remove(Square s) {
    Piece p = board_[s];
    by_type_[type_of(p)] ^= bit<BB>(s);
    by_seat_[seat_of(p)] ^= bit<BB>(s);
    board_[s] = NoPiece;
}

template <class V> void Position<V>::shift(Square from, Square to) {
    Piece p = board_[from];
    BB    d = bit<BB>(from) | bit<BB>(to);
    by_type_[type_of(p)] ^= d;
    by_seat_[seat_of(p)] ^= d;
    board_[from] = NoPiece;
    board_[to]   = p;
}

template <class V>
typename Position<V>::BB Position<V>::attackers(Seat by, Square s, BB occ) const {
    const auto& A = kAttacks<G>;
    BB          a = A.pawn_attack[by ^ 1][s] & by_type_[Pawn];
    if constexpr (V::Pieces != piece_set(Pawn)) {
        a |= (A.leap[Knight][s] & by_type_[Knight]) | (A.leap[King][s] & by_type_[King])
            | (A.bishop(s, occ) & (by_type_[Bishop] | by_type_[Queen]))
            | (A.rook(s, occ) & (by_type_[Rook] | by_type_[Queen]));
    }
    return a & by_seat_[by];
}

// Checkers of the side to move and every piece standing alone between its king and an enemy
// slider (a pinned own piece, or an enemy piece whose move would give discovered check).
template <class V> void Position<V>::update_check_info() {
    if constexpr (!V::HasKing)
        return;
    else {
        const auto& A    = kAttacks<G>;
        Seat        them = us_ ^ 1;
        Square      ksq  = king_square(us_);
        st_->checkers    = attackers(them, ksq, pieces());
        st_->blockers    = BB{};
        BB snipers       = (A.bishop(ksq, BB{}) & pieces(them, Bishop, Queen))
            | (A.rook(ksq, BB{}) & pieces(them, Rook, Queen));
        BB occ = pieces() ^ snipers;
        while (any(snipers)) {
            Square s  = pop_lsb(snipers);
            BB     bt = A.between[ksq][s] & occ;
            if (any(bt) && !more_than_one(bt)) st_->blockers |= bt;
        }
    }
}

template <class V> bool Position<V>::ep_capture_legal(Square capturer, Square ep) const {
    if constexpr (!V::HasKing)
        return true;
    else {
        Square victim = Square(ep - forward(us_));
        BB     occ    = (pieces() ^ bit<BB>(capturer) ^ bit<BB>(victim)) | bit<BB>(ep);
        return !any(attackers(us_ ^ 1, king_square(us_), occ) & ~bit<BB>(victim));
    }
}

// The candidate square if some pawn of the side to move may legally capture into it.
template <class V> Square Position<V>::legal_ep_square(Square candidate) const {
    BB capturers = kAttacks<G>.pawn_attack[us_ ^ 1][candidate] & pieces(us_, Pawn);
    while (any(capturers))
        if (ep_capture_legal(pop_lsb(capturers), candidate)) return candidate;
    return NoSquare;
}

template <class V> void Position<V>::make(Move m, StateInfo<V>& next) {
    const auto& Z = kZobrist<G>;
    next.castling = st_->castling;
    next.rule50   = st_->rule50 + 1;
    next.key      = st_->key ^ Z.seat[us_] ^ Z.seat[us_ ^ 1];
    next.previous = st_;
    if (st_->ep != NoSquare) next.key ^= Z.ep[st_->ep];
    next.ep       = NoSquare;
    next.captured = NoPiece;
    st_           = &next;

    Square from = m.from(), to = m.to();
    Piece  pc = board_[from];

    if (V::Castling && m.kind() == MoveKind::Castling) {
        u8 right
            = castling_mask_[to] & (us_ == White ? WhiteShort | WhiteLong : BlackShort | BlackLong);
        Square kto = castling_king_to(right), rto = castling_rook_to(right);
        Piece  rook = board_[to];
        remove(from), remove(to);
        put(pc, kto), put(rook, rto);
        next.key ^= Z.psq[pc][from] ^ Z.psq[pc][kto] ^ Z.psq[rook][to] ^ Z.psq[rook][rto];
    } else {
        Square capsq = m.kind() == MoveKind::EnPassant ? Square(to - forward(us_)) : to;
        if (Piece cap = board_[capsq]) {
            remove(capsq);
            next.key ^= Z.psq[cap][capsq];
            next.captured = cap;
            next.rule50   = 0;
        }
        shift(from, to);
        next.key ^= Z.psq[pc][from] ^ Z.psq[pc][to];
        if (type_of(pc) == Pawn) {
            next.rule50 = 0;
            if (m.kind() == MoveKind::Promotion) {
                Piece promoted = make_piece(us_, m.promotion());
                remove(to), put(promoted, to);
                next.key ^= Z.psq[pc][to] ^ Z.psq[promoted][to];
            }
        }
    }
    if constexpr (V::Castling) {
        u8 lost = castling_mask_[from] | castling_mask_[to];
        if (next.castling & lost) {
            next.key ^= Z.castling[next.castling];
            next.castling &= ~lost;
            next.key ^= Z.castling[next.castling];
        }
    }
    Square double_step_ep = NoSquare;
    if (V::DoubleStep && type_of(pc) == Pawn && (to - from == 2 * forward(us_)))
        double_step_ep = Square(from + forward(us_));

    us_ ^= 1;
    ++ply_;
    update_check_info();
    if (double_step_ep != NoSquare) {
        next.ep = legal_ep_square(double_step_ep);
        if (next.ep != NoSquare) next.key ^= Z.ep[next.ep];
    }
}

template <class V> void Position<V>::make_null(StateInfo<V>& next) {
    const auto& Z = kZobrist<G>;
    next          = *st_;
    next.previous = st_;
    next.key ^= Z.seat[us_] ^ Z.seat[us_ ^ 1];
    if (next.ep != NoSquare) next.key ^= Z.ep[next.ep];
    next.ep       = NoSquare;
    next.captured = NoPiece;
    ++next.rule50;
    st_ = &next;
    us_ ^= 1;
    ++ply_;
    update_check_info();
}

template <class V> void Position<V>::unmake(Move m) {
    us_ ^= 1;
    --ply_;
    Square from = m.from(), to = m.to();
    if (V::Castling && m.kind() == MoveKind::Castling) {
        u8 right
            = castling_mask_[to] & (us_ == White ? WhiteShort | WhiteLong : BlackShort | BlackLong);
        Square kto = castling_king_to(right), rto = castling_rook_to(right);
        Piece  king = board_[kto], rook = board_[rto];
        remove(kto), remove(rto);
        put(king, from), put(rook, to);
    } else {
        if (m.kind() == MoveKind::Promotion) remove(to), put(make_piece(us_, Pawn), to);
        shift(to, from);
        if (st_->captured) {
            Square capsq = m.kind() == MoveKind::EnPassant ? Square(to - forward(us_)) : to;
            put(st_->captured, capsq);
        }
    }
    st_ = st_->previous;
}

template <class V>
std::optional<PositionError> Position<V>::set(const Setup<G>& s, StateInfo<V>& si) {
    using Code = PositionError::Code;
    this->clear_placement();
    std::fill(std::begin(castling_mask_), std::end(castling_mask_), u8(0));
    si            = {};
    st_           = &si;
    us_           = s.to_move;
    ply_          = 2 * (s.fullmove - 1) + (s.to_move == Black);
    si.rule50     = s.halfmove;
    const auto& Z = kZobrist<G>;
    for (Square sq = 0; sq < N; ++sq) {
        Piece p = s.board[sq];
        if (!p) continue;
        if (!(V::Pieces & piece_set(type_of(p))) || seat_of(p) > 1)
            return PositionError{ Code::PieceNotInVariant, sq,
                "the "
                    + std::string(type_of(p) < kPieceKinds.size() ? kind(type_of(p)).name : "piece")
                    + " on " + square_name<G>(sq) + " is not part of " + std::string(V::Name) };
        put(p, sq);
        si.key ^= Z.psq[p][sq];
    }
    si.key ^= Z.seat[us_];

    if constexpr (V::HasKing) {
        for (Seat side : { White, Black })
            if (popcount(pieces(side, King)) != 1)
                return PositionError{ Code::KingCount, NoSquare,
                    std::string(side == White ? "White" : "Black") + " has "
                        + std::to_string(popcount(pieces(side, King)))
                        + " kings; exactly one is required" };
    }
    // Pawns never stand on their own first rank; on their last rank only where the pawn race
    // has just been won by the side that is not to move.
    for (Seat side : { White, Black }) {
        BB first = pieces(side, Pawn) & rank_bb<G>(last_rank(side ^ 1));
        BB last  = pawns_on_last_rank(side);
        if (!V::LastRankWins || side == us_ || more_than_one(last)) first |= last;
        if (any(first))
            return PositionError{ Code::PawnOnBackRank, lsb(first),
                "a pawn stands on " + square_name<G>(lsb(first))
                    + ", a rank pawns can never occupy" };
    }
    if constexpr (V::Castling) {
        for (u8 r : { WhiteShort, WhiteLong, BlackShort, BlackLong }) {
            if (!(s.castling & r)) continue;
            Seat   side = r & (WhiteShort | WhiteLong) ? White : Black;
            Square k = castling_king_from(r), rk = castling_rook_from(r);
            if (board_[k] != make_piece(side, King))
                return PositionError{ Code::CastlingWithoutKing, k,
                    "castling right without the king on " + square_name<G>(k) };
            if (board_[rk] != make_piece(side, Rook))
                return PositionError{ Code::CastlingWithoutRook, rk,
                    "castling right without the rook on " + square_name<G>(rk) };
            castling_mask_[k] |= r;
            castling_mask_[rk] |= r;
        }
        si.castling = s.castling;
        si.key ^= Z.castling[si.castling];
    }
    if constexpr (V::HasKing) {
        if (attacked(us_, king_square(us_ ^ 1), pieces()))
            return PositionError{ Code::OppositeCheck, king_square(us_ ^ 1),
                "the side not to move is in check" };
    }
    update_check_info();

    if (s.ep != NoSquare) {
        // The square just passed by an enemy double step: empty, with the pawn in front of it
        // and its start square behind it empty.
        bool sane
            = V::DoubleStep && s.ep < N && G::rank_of(s.ep) == (us_ == White ? G::Ranks - 3 : 2);
        if (sane) {
            Square victim = Square(s.ep - forward(us_)), start = Square(s.ep + forward(us_));
            sane = !board_[s.ep] && !board_[start] && board_[victim] == make_piece(us_ ^ 1, Pawn);
        }
        if (!sane)
            return PositionError{ Code::EnPassantSquare, s.ep,
                "no double step can have passed " + square_name<G>(s.ep) };
        si.ep = legal_ep_square(s.ep);
        if (si.ep != NoSquare) si.key ^= Z.ep[si.ep];
    }
    return std::nullopt;
}

template <class V> Setup<typename V::Geometry> Position<V>::setup() const {
    Setup<G> s;
    for (Square sq = 0; sq < N; ++sq) s.board[sq] = board_[sq];
    s.to_move  = us_;
    s.castling = st_->castling;
    s.ep       = st_->ep;
    s.halfmove = st_->rule50;
    s.fullmove = 1 + ply_ / 2;
    return s;
}

} // namespace citadel
