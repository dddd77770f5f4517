// Position<Tamerlane>: the board and state of a Tamerlane game, with make/unmake, and its legal
// move generation (docs/rules/tamerlane.md).
//
// It has the public interface of the orthodox Position<V> that the CLI, perft and the server
// use (set, setup, make, unmake, side_to_move, key, in_check, ...), plus Tamerlane's own state:
// the swap rights, the pawn-of-pawns arrival counts and the citadels' occupants (board squares
// 110 = l2 and 111 = z9). make() never allocates; the extra state lives in StateInfo<Tamerlane>
// and in the Zobrist key, so repetition and transposition see it.
//
// Legality: a side is restricted by check only while it has exactly one royal, standing on the
// rectangle (a citadel is never attacked). Then moves are generated legal by construction, as in
// the orthodox generator: check evasions, pin masks (rook and picket lines, giraffe paths), royal
// steps tested against the board without the royal. With two or more royals every pseudo-legal
// move is legal. Rare moves (relocation, a second arrival's jump, a swap onto the last rank) are
// tested by computing the board after them.
#pragma once

#include <optional>

#include "core/attacks.h"
#include "core/errors.h"
#include "core/move.h"
#include "core/movegen.h"
#include "core/outcome.h"
#include "core/placement.h"
#include "core/zobrist.h"
#include "variants/tamerlane_board.h"

namespace citadel {

template <> struct StateInfo<Tamerlane> {
    using BB = tamerlane::BB;
    // Carried over by make().
    u8  swaps       = 0; // tamerlane::WhiteSwap | BlackSwap
    u8  arrivals[2] = { 0, 0 }; // pawn-of-pawns arrivals per seat (0-3)
    int rule50      = 0; // half-moves since a pawn move, a relocation or a removal
    // Recomputed by make().
    u64        key = 0;
    BB         checkers{}; // enemy pieces attacking a lone royal of the mover
    Piece      captured        = NoPiece; // taken or removed on the move's to-square
    Piece      landing_removed = NoPiece; // removed where a pawn of pawns landed
    Square     landing         = NoSquare; // where a pawn of pawns landed (second arrival)
    Piece      promoted_from   = NoPiece; // the pawn that was replaced on its last rank
    StateInfo* previous        = nullptr;
};

namespace tamerlane {

// The first "Illegal positions" clause of docs/rules/tamerlane.md that the setup breaks, in the
// rule book's order, naming the square where there is one (the side to move in check is left to
// Position::set, which has the attack tables).
std::optional<PositionError> validate(const Setup<TamerlaneBoard>& s);

// Zobrist keys for the extra state; piece-square and side keys are kZobrist<TamerlaneBoard>'s.
struct ExtraKeys {
    u64 swap[2]; // per seat, xored in while the right is held
    u64 arrivals[2][4]; // per seat and count; arrivals[s][0] == 0
};
extern const ExtraKeys kExtraKeys;

} // namespace tamerlane

template <> class Position<Tamerlane> : public Placement<TamerlaneBoard> {
  public:
    using V                = Tamerlane;
    using G                = TamerlaneBoard;
    using BB               = G::Bitboard;
    static constexpr int N = G::Squares;

    Position()                           = default;
    Position(const Position&)            = delete; // the state chain would be shared
    Position& operator=(const Position&) = delete;

    // Sets up from s; on error the position is unusable and the rule broken is returned.
    std::optional<PositionError> set(const Setup<G>& s, StateInfo<V>& si);
    Setup<G>                     setup() const;

    // Plays a legal move; `next` becomes the current state until unmake().
    void make(Move m, StateInfo<V>& next);
    void unmake(Move m);
    // The search's pass (null move): only the side to move changes. Never while in check.
    void make_null(StateInfo<V>& next) {
        next          = *st_;
        next.previous = st_;
        next.key ^= kZobrist<G>.seat[us_] ^ kZobrist<G>.seat[us_ ^ 1];
        next.captured = next.landing_removed = next.promoted_from = NoPiece;
        next.landing                                              = NoSquare;
        ++next.rule50;
        st_ = &next;
        us_ = Seat(us_ ^ 1);
        ++ply_;
        update_check_info();
    }
    void unmake_null() { us_ = Seat(us_ ^ 1), --ply_, st_ = st_->previous; }

    // ---- queries ----
    Seat side_to_move() const { return us_; }
    BB   pawns(Seat s) const { return pawns_[s]; } // every pawn kind
    BB   royals(Seat s) const { return royals_[s]; } // King, Prince, Adventitious king
    int  royal_count(Seat s) const { return popcount(royals_[s]); }
    // The senior royal type: King, else Prince, else Adventitious king.
    PieceType senior_royal(Seat s) const;
    // The pawn of pawns of seat s waiting on its last rank (first arrival), or NoSquare.
    Square waiting_pawn(Seat s) const;
    BB     waiting_pawns() const { // White's on rank 10 (squares 99-109), Black's on rank 1 (0-10)
        BB b = by_type_[PawnOfPawns];
        b.w[0] &= by_seat_[Black].w[0] & 0x7FFull;
        b.w[1] &= by_seat_[White].w[1] & (0x7FFull << 35);
        return b;
    }

    BB checkers() const { return st_->checkers; }
    // In check: exactly one royal, attacked (docs/rules/tamerlane.md).
    bool in_check() const { return any(st_->checkers); }
    // Seat s still has its swap right (its King is then on the board).
    bool                may_swap(Seat s) const { return st_->swaps & tamerlane::swap_bit(s); }
    int                 arrivals(Seat s) const { return st_->arrivals[s]; }
    int                 rule50() const { return st_->rule50; }
    int                 game_ply() const { return ply_; }
    u64                 key() const { return st_->key; }
    const StateInfo<V>* state() const { return st_; }
    // A royal stands in its enemy's citadel: the game is drawn and has no moves.
    bool citadel_draw() const;

    // Pieces of seat `by` that attack s, given occupancy occ (a citadel is never attacked; a
    // royal in a citadel attacks the citadel's three neighbours).
    BB   attackers(Seat by, Square s, BB occ) const;
    bool attacked(Seat by, Square s, BB occ) const;
    // Every square seat `by` attacks, given occupancy occ.
    BB attack_map(Seat by, BB occ) const;
    // The squares the non-pawn piece of type t on s may move to or capture on (own pieces not
    // removed), given occupancy occ; royals' citadel steps excluded.
    BB moves_of(PieceType t, Square s, BB occ) const;
    // Where seat `by`'s pawn of pawns lands on its second arrival, on the current board with the
    // royals `royals_now` (f3 / f8, else the nearest empty square of that rank, ties towards a).
    Square landing_square(Seat by, BB royals_now) const;
    // The path a giraffe on `from` takes to `to`: the leg and the ride's squares before `to`.
    static BB giraffe_path(Square from, Square to);
    // Squares strictly between two squares on a line (rank, file or diagonal), else empty.
    static BB between(Square a, Square b);

  private:
    void put(Piece p, Square s);
    void remove(Square s);
    void shift(Square from, Square to);
    void arrive(Square s, StateInfo<V>& next);
    void update_check_info();

    BB            pawns_[2]{};
    BB            royals_[2]{};
    Seat          us_  = White;
    int           ply_ = 0;
    StateInfo<V>* st_  = nullptr;
};

// ---- move generation (tamerlane_movegen.cpp): the generic names, specialised ----

template <> MoveList<Tamerlane::MaxMoves> legal_moves<Tamerlane>(const Position<Tamerlane>& pos);
template <> u64                           count_legal<Tamerlane>(const Position<Tamerlane>& pos);
template <>
u64 perft<Tamerlane>(Position<Tamerlane>& pos, int depth, const std::atomic<bool>* stop);

// How a Tamerlane game stands by its own rules (docs/rules/tamerlane.md, "Game end"): a royal in
// the enemy citadel draws; no legal move loses (Checkmate when the last royal is attacked, else
// Stalemate, a win for the other side); `repetitions` (how often the current position has stood
// on the board, Game<V>::repetitions()) of 3 draws; with `fifty_move_rule` 100 half-moves
// without a pawn move, relocation or removal draw. Game<Tamerlane> calls it (V::OwnGameEnd).
Outcome outcome_by_rules(const Position<Tamerlane>& pos, int repetitions, bool fifty_move_rule);

} // namespace citadel
