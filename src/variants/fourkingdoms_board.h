// The Four Kingdoms position machinery, shared by both modes (the mode is a flag read only where
// the modes differ: who takes over a mated army, and alliances). Position<FourKingdoms> and
// Position<FourKingdomsTeams> are thin shells over fk::Board (variants/fourkingdoms.h).
//
// Placement is a mailbox, bitboards per type and per army (196-bit WideBitboard<4>), and one
// 16-bit occupancy word per line of each of the four orientations (ranks, files, diagonals,
// anti-diagonals), so that a slider's moves along a line and its first blockers cost a few ALU
// operations. make() plays a move and then settles the position: who is in check, eliminations
// (mate, king capture) with absorption or partner command and the end of an alliance, the next
// player (check comes first), the en passant right of that player, and the pins and checkers it
// has; it never allocates, and unmake() restores everything (the rest lives in State).
#pragma once

#include <atomic>
#include <optional>
#include <string>

#include "core/bitboard.h"
#include "core/errors.h"
#include "core/move.h"
#include "variants/fourkingdoms_rules.h"

namespace citadel::fk {

using BB = WideBitboard<4>;

// What carries over from one state to the next (copied by make()).
struct Carry {
    std::array<Seat, 4> control{ 0, 1, 2, 3 }; // army -> commander
    u8                  armies_of[4]{ 1, 2, 4, 8 }; // seat -> armies it commands (bit set)
    u8                  enemies_of[4]{}; // seat -> armies of its enemies (bit set)
    u8                  castling   = 0;
    u8                  alliance   = 0; // bit set of the two allies, 0 if none
    u8                  in_game    = 0xF; // seats whose king is on the board
    u8                  check_mask = 0; // seats in the game whose king is attacked
    Seat                player     = 0; // to move
    Square              ep         = NoSquare; // set only when the player to move can take e.p.
    Square              ep_pawn    = NoSquare; // the pawn that double-stepped, when ep is set
    int                 rule50     = 0;
    int                 fullmove   = 1;
};

struct State {
    Carry c;
    u64   key = 0;
    // Recomputed by make(): the player to move's checkers and pinned pieces.
    BB    checkers{};
    BB    pinned{};
    Piece captured = NoPiece;
    Seat  mover    = 0xFF; // who made the move that led here (0xFF: none)
    // Eliminations in this ply, in order: the seat, and where its king was removed (NoSquare
    // when the king was captured by the move itself).
    u8     n_elim = 0;
    Seat   elim_seat[3]{};
    Square elim_square[3]{};
    State* previous = nullptr;
};

// The moving player's view of the board, for move generation.
struct Context {
    Seat   us;
    Square king;
    BB     own, friendly, enemy, empty;
    BB     checkers, pinned;
    u8     own_armies, enemy_armies;
    Square ep; // the en passant square if this player may use it now, else NoSquare
    Square ep_pawn; // the pawn that double-stepped (when ep is set)
    u8     castling; // the castling rights now
    u64    friendly_lines; // 0xFFFF in the 16-bit lane of each army that is no enemy
};

class Board {
  public:
    explicit Board(bool teams)
        : teams_(teams) { }
    Board(const Board&)            = delete;
    Board& operator=(const Board&) = delete;

    // Sets up from s, checking every "Illegal positions" clause of docs/rules/fourkingdoms.md
    // (the error names the clause broken).
    std::optional<PositionError> set_checked(const Setup<Cross14>& s, State& st);
    Setup<Cross14>               setup() const;

    void make(Move m, State& next);
    void unmake(Move m);

    // Non-move events, each pushing a state (undone by replaying the game, not by unmake):
    // the resignation of `who` (free-for-all: all it commands leaves the board; teams: its king);
    void resign(Seat who, State& next);
    // an alliance of the two seats in `pair` (free-for-all). Fails (and pushes nothing) when the
    // alliance could not exist or would leave a player in check without a legal move.
    bool ally(u8 pair, State& next);
    // Whether an alliance of `pair` is possible now (three players left, one an absorber, the
    // pair the other two, no alliance yet).
    bool alliance_possible(u8 pair) const;

    // ---- queries ----
    bool         teams() const { return teams_; }
    Seat         side_to_move() const { return st_->c.player; }
    Piece        piece_on(Square s) const { return board_[s]; }
    const State* state() const { return st_; }
    u64          key() const { return st_->key; }
    const BB&    occupied() const { return occ_; }
    const BB&    pieces(PieceType t) const { return by_type_[t]; }
    const BB&    army(Seat a) const { return by_army_[a]; }
    BB           pieces_of(Seat player) const; // every piece of the armies it commands
    BB           enemies_of(Seat player) const;
    bool         in_game(Seat s) const { return st_->c.in_game & seat_bit(s); }
    u8           players() const { return st_->c.in_game; }
    bool         in_check(Seat s) const { return st_->c.check_mask & seat_bit(s); }
    u8           check_mask() const { return st_->c.check_mask; }
    Seat         commander(Seat army) const { return st_->c.control[army]; }
    u8           alliance() const { return st_->c.alliance; }
    Square       ep_square() const { return st_->c.ep; }
    u8           castling_rights() const { return st_->c.castling; }
    int          rule50() const { return st_->c.rule50; }
    int          fullmove() const { return st_->c.fullmove; }
    Square       king_square(Seat s) const { return kings_[s]; } // NoSquare when out
    const BB&    checkers() const { return st_->checkers; }
    const BB&    pinned() const { return st_->pinned; }
    // The game has one player (free-for-all) or one team (alliance mode) left: no moves.
    bool decided() const;
    // Whether seats a and b are allies now (partners in alliance mode).
    bool allied(Seat a, Seat b) const;
    // An absorber: a player in the game commanding an army other than its own.
    bool absorber(Seat s) const;

    // Pieces of `by_armies` (a bit set of armies) that attack s, given the occupancy.
    BB   attackers(Square s, u8 by_armies) const;
    bool attacked(Square s, const BB& enemy, Square rm1 = NoSquare, Square rm2 = NoSquare,
        Square add = NoSquare) const;
    // The mover's view for generation; ep_allowed: whether this player makes the very next move.
    Context context(Seat player, bool ep_allowed) const;
    // The current player's context (checkers and pins from the state).
    Context context() const;

    // The player the rules would give the move after a move by `mover`, with the current
    // checks: the first player in check clockwise from it, else the next player in the game.
    Seat next_after(Seat mover) const;

    // Consistency check used by tests and debug builds: recomputes everything from scratch.
    bool consistent() const;

  private:
    friend struct Generator;
    friend bool valid_turn(const Board&, Seat);

    void put(Piece p, Square s);
    void remove(Square s);
    void shift(Square from, Square to);

    Context view(Seat player) const; // context() without checks, pins and en passant
    void    relations(Carry& c) const;
    bool    check_of(Seat x) const; // king of x attacked by its enemies (full)
    bool    newly_checked(
           Seat x, const u32* touched, const BB& changed, const BB* leaps, Seat leaper) const;
    // x's checkers (enemy pieces attacking its king; leapers only when `leapers`, i.e. when x
    // may be in check) and pinned pieces (own pieces alone between the king and an enemy slider)
    void check_info(Seat x, const BB& own, const BB& enemy, BB& checkers, BB& pinned,
        bool leapers = true) const;
    u8   full_check_mask() const;
    void eliminate(Seat x, Seat by, State& n);
    void scan_eliminations(State& n, Seat from, Square ep_candidate, Square ep_pawn, bool by_move);
    void finish(State& n, Seat mover, Square ep_candidate, Square ep_pawn, bool keep_player);
    Square legal_ep(Seat player, Square ep, Square pawn, BB* capturers = nullptr) const;
    u64    compute_key(const State& st) const;

    Piece  board_[Squares]{};
    BB     by_type_[7]{};
    BB     by_army_[4]{};
    BB     occ_{};
    u64    lines_[4][27]{}; // per line: army a's occupancy in bits 16a .. 16a+13
    Square kings_[4]{ NoSquare, NoSquare, NoSquare, NoSquare };
    State* st_ = nullptr;
    bool   teams_;
};

// Move generation (variants/fourkingdoms.cpp).
int  generate_moves(const Board& b, Move* out); // the player to move's legal moves
u64  count_moves(const Board& b); // their number, counted in bulk
bool has_legal_move(const Board& b, const Context& c);
int  generate_moves(const Board& b, const Context& c, Move* out);
u64  run_perft(Board& b, int depth, const std::atomic<bool>* stop); // leaf count (see core perft)

// Whether `player` could be the player to move after some previous mover, under check comes
// first (the last "Illegal positions" clause of docs/rules/fourkingdoms.md).
bool valid_turn(const Board& b, Seat player);

// Zobrist keys of the Four Kingdoms state beyond placement.
struct Keys {
    u64 psq[128][Squares];
    u64 seat[4];
    u64 castling[8];
    u64 ep[Squares];
    u64 control[4][4];
    u64 alliance[16];
};
const Keys& keys();

} // namespace citadel::fk
