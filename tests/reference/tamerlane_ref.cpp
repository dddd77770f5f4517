// tamerlane_ref: a deliberately simple Tamerlane (Timur) chess move generator.
//
// This is the independent check the Tamerlane issue asks for: a second move generator, written from
// the rule book (the spec that docs/rules/tamerlane.md, docs/notation.md "TFEN" and "Moves" and
// docs/cli.md restate) and NOT from the engine's sources, so that a misreading in one is not copied
// into the other. It is compared with `citadel perft --variant tamerlane --divide` by
// tests/tamerlane_reference_test.py.
//
// Design: plain mailbox (an 11x10 array plus the two citadel cells), no bitboards, no
// incremental state. A move is made by copying the position; legality is decided by making the
// move and looking at the result. Speed does not matter; being obviously right does.
//
// Command line (mirrors citadel's, docs/cli.md):
//   tamerlane_ref perft [--variant tamerlane] [--fen TFEN] [--moves "m1 m2 ..."] --depth N
//                       [--divide]
//   tamerlane_ref moves [--variant tamerlane] [--fen TFEN] [--moves "m1 m2 ..."]
//   tamerlane_ref fen   [--fen TFEN] [--moves "..."]         prints the position as TFEN
//   tamerlane_ref play                                       line protocol for the test script:
//       "reset [TFEN]" | "push MOVE" -> "ok";  "list" -> "pos TFEN",
//       "state royals N check 0|1 checkers N" (of the side to move),
//       then "move TEXT PIECE TAGS" per legal move (PIECE: the mover's TFEN token; TAGS: comma
//       list of capture, swap, relocation, promotion, arrivalN, citadel, own-citadel, check,
//       new-royal, or "-"), then "end".
// Bad input prints one "error: ..." line on stderr and exits with status 2.
//
// ---------------------------------------------------------------------------------------------
// RULE READINGS (docs/rules/tamerlane.md). Each is a point where two implementations could differ.
//
//  Board and citadels
//   R1  Board 11 files a-k x 10 ranks. White's citadel l2 sits beside k2, Black's z9 beside a9.
//       We give them the coordinates they would have on an extended grid: l2 = (file 11, rank 2),
//       z9 = (file -1, rank 9). Then "a king enters White's citadel from k1/k2/k3 and Black's
//       from a8/a9/a10" is exactly "a one-step move lands there", and leaving is a one-step move
//       back to one of those three squares.
//   R2  Only royal one-steps reach a citadel. No other piece moves into, through or attacks it;
//       a citadel square is never attacked (so a royal standing in one is never attacked).
//   R3  Only the senior royal (King, else Prince, else Adventitious king) may enter the ENEMY
//       citadel, and only when it is empty. Doing so draws at once: the position has no moves.
//       (Any royal standing in the enemy citadel makes the position terminal.)
//   R4  Only an Adventitious king may enter its OWN citadel (only when empty); there it cannot be
//       attacked; it may step out again to k1/k2/k3 (a8/a9/a10), capturing there like any king
//       step. Hence it also attacks those three squares from inside the citadel.
//
//  Pieces (the table)
//   R5  King, Prince, Adventitious king: one step in any of 8 directions.
//       General: one diagonal step. Vizier: one orthogonal step. Knight: (1,2) leap. Rook: chess
//       rook. Elephant: leap (2,2). Camel: leap (3,1). War engine: leap (2,0). Leaps jump over
//       anything.
//   R6  Picket: slides diagonally; the first square must be empty and is not a destination; from
//       the second square on it moves like a bishop (empty squares, or a capture that stops it).
//   R7  Giraffe: one diagonal step (dx,dy) to an EMPTY square, then slides outward orthogonally,
//       i.e. in direction (dx,0) or (0,dy), with the first two orthogonal squares empty and not
//       destinations; destinations are the 3rd orthogonal square on (total offset (+-1,+-4) or
//       (+-4,+-1)) and beyond while empty; the first occupied square may be captured if enemy.
//       Example: a giraffe alone on a1 reaches b5..b10 and e2..k2.
//   R8  Pawns: one step forward to an empty square; capture one step diagonally forward. No
//       double step, no en passant.
//   R9  Capturing: any enemy piece may be captured (royals too), except the enemy's WAITING pawn
//       of pawns (a pawn of pawns standing on its last rank), which cannot be captured. It still
//       occupies its square, so it blocks lines and leaps cannot land on it.
//   R10 "Attacked" = some enemy piece could capture on that square by its move pattern (pseudo-
//       legally, ignoring its own side's check). Pawns attack the two forward diagonals. The
//       waiting pawn of pawns attacks nothing. The swap and the relocation never attack.
//
//  Promotion and the pawn of pawns
//   R11 A pawn reaching its last rank (White rank 10, Black rank 1) by a step or a capture is
//       replaced at once by the piece it belongs to; the pawn of kings becomes a Prince. No choice,
//       no suffix in the move text.
//   R12 Pawn of pawns arrivals are counted per side (TFEN field). 1st arrival: it stays on the last
//       rank, "waiting": it cannot move (except by relocation) and cannot be captured.
//   R13 2nd arrival: the pawn leaves the last rank at once and goes to f3 (White) / f8 (Black). A
//       non-royal occupant of f3/f8 (of EITHER colour) is removed. If a royal (of either colour)
//       stands there, the royal stays and the PAWN goes to the nearest empty square of that rank
//       ("On the second arrival 'it' is the pawn"), distance counted in files, ties towards file a
//       (so e before g). (Unspecified: a full rank; we then drop the pawn. Never seen in play.)
//       The move is written as the arriving step (`c9c10`).
//   R14 3rd arrival: it becomes an Adventitious king on its arrival square (a new royal).
//   R15 Relocation: a waiting pawn of pawns may, as its owner's move (on any later turn, i.e. any
//       turn while it is waiting), be lifted to any board square T such that, in the position
//       AFTER the lift (pawn gone from the last rank, standing on T, T's former occupant removed),
//       the pawn on T (as a pawn: the two forward-diagonal squares) attacks
//         (a) two target pieces (a fork), or
//         (b) at least one target piece that has no pseudo-legal move in that position.
//       A "target" is an enemy piece that is not a pawn of any kind (so never the enemy waiting
//       pawn of pawns); every enemy royal (King, Prince, Adventitious king) is a target.
//       "Pseudo-legal move" = a move by the piece's table pattern (R5-R9, plus royal citadel
//       entries R3/R4), ignoring whether its own royal would be attacked. The king's swap is NOT
//       counted as a pseudo-legal move (it is a conditional special move of the side, not a move
//       of the piece's pattern) -- moot in practice: a royal target stands diagonally next to T
//       and can always take the pawn there, so it is never immobile (nor is a General).
//       T may hold a non-royal piece of either colour (it is removed); T may not hold a royal,
//       nor the enemy's waiting pawn of pawns. T is any board square satisfying the above (ranks
//       are not restricted; the own last rank never qualifies because the pawn attacks nothing
//       there). Written `<last-rank square><T>` (`a10e5`). Afterwards it is an ordinary pawn
//       (its arrival count stays 1). Relocation is optional and subject to the royal rules below.
//
//  Royals, check, the swap
//   R16 Royal = King, Prince, Adventitious king (wherever they stand, citadels included).
//       Legality is judged on the position AFTER the move: if the mover then has exactly one royal,
//       that royal must not be attacked; with two or more royals anything goes (royals may be
//       left attacked, and the opponent may capture them like ordinary pieces). So promoting to a
//       prince (or a 3rd arrival) while in check is legal.
//   R17 "In check" (for the swap condition): the side has exactly one royal and it is attacked.
//   R18 Swap: the side's original King (type King; a Prince or Adventitious king never swaps),
//       if the swap right is still unused (TFEN field), may exchange squares with ANY own non-royal
//       piece on the board (not only adjacent), except the own waiting pawn of pawns, provided
//       the side is in check (R17) OR has no other legal move (no legal non-swap move). After the
//       swap the King must not stand attacked on its new square, whatever the number of royals,
//       and the ordinary rule R16 applies as well. The right is then used up. Capturing the
//       original King clears its side's right. Written as the King's move onto the partner's
//       square (`f2e2`).
//   R19 A pawn swapped onto its last rank (i.e. the King stood on it) promotes there (R11); a pawn
//       of pawns so swapped counts an arrival (R12-R14).
//
//  Game end (perft: terminal positions have no moves)
//   R20 No legal move = loss (checkmate or stalemate) -> no moves. A royal in the enemy citadel
//       -> draw -> no moves. Repetition and move counters are ignored for perft.
// ---------------------------------------------------------------------------------------------

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

constexpr int FILES = 11;
constexpr int RANKS = 10;
constexpr int WHITE = 0;
constexpr int BLACK = 1;

struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A square: file 0..10 = a..k, rank 0..9 = 1..10; plus the two citadel coordinates (R1).
struct Sq {
    int  f                           = 0;
    int  r                           = 0;
    bool operator==(const Sq&) const = default;
};
constexpr Sq CITADEL_SQ[2] = { { 11, 1 }, { -1, 8 } }; // [WHITE] = l2, [BLACK] = z9

bool on_board(Sq s) { return s.f >= 0 && s.f < FILES && s.r >= 0 && s.r < RANKS; }

// Which citadel a coordinate is: WHITE (l2), BLACK (z9), or -1.
int citadel_of(Sq s) {
    if (s == CITADEL_SQ[WHITE]) return WHITE;
    if (s == CITADEL_SQ[BLACK]) return BLACK;
    return -1;
}

std::string square_name(Sq s) {
    char file = s.f == 11 ? 'l' : s.f == -1 ? 'z' : char('a' + s.f);
    return std::string(1, file) + std::to_string(s.r + 1);
}

int last_rank(int color) { return color == WHITE ? RANKS - 1 : 0; }
int forward(int color) { return color == WHITE ? 1 : -1; }

// A piece. type: 0 empty, or K H A G V Z T N R E C D, or P (pawn); kind: the pawn's piece.
struct Piece {
    char type  = 0;
    char kind  = 0;
    int  color = WHITE;
    bool empty() const { return type == 0; }
    bool royal() const { return type == 'K' || type == 'H' || type == 'A'; }
    bool pawn() const { return type == 'P'; }
    bool pawn_of_pawns() const { return type == 'P' && kind == 'P'; }
};

// Cell index of a square: 0..109 the board (rank-major), 110 = l2, 111 = z9.
constexpr int CELLS = RANKS * FILES + 2;
int           cell(Sq s) {
              int c = citadel_of(s);
              return c >= 0 ? RANKS * FILES + c : s.r * FILES + s.f;
}

struct Position {
    Piece cells[CELLS]; // the board, then the occupants of l2 and z9
    int   side          = WHITE;
    bool  swap_right[2] = { false, false };
    int   arrivals[2]   = { 0, 0 }; // pawn-of-pawns arrivals so far
    int   halfmove      = 0;
    int   fullmove      = 1;

    // Board squares and the two citadel coordinates.
    Piece&       at(Sq s) { return cells[cell(s)]; }
    const Piece& at(Sq s) const { return cells[cell(s)]; }
    // The occupant of colour c's own citadel (c = WHITE: l2, BLACK: z9).
    Piece&       citadel(int c) { return cells[RANKS * FILES + c]; }
    const Piece& citadel(int c) const { return cells[RANKS * FILES + c]; }
};

// Every square a piece can stand on: the board, then the two citadels.
std::vector<Sq> all_squares() {
    std::vector<Sq> out;
    for (int r = 0; r < RANKS; ++r)
        for (int f = 0; f < FILES; ++f) out.push_back({ f, r });
    out.push_back(CITADEL_SQ[WHITE]);
    out.push_back(CITADEL_SQ[BLACK]);
    return out;
}
const std::vector<Sq> ALL_SQUARES = all_squares();

// R12: a pawn of pawns standing on its last rank is "waiting".
bool is_waiting(const Position& p, Sq s) {
    const Piece& x = p.at(s);
    return on_board(s) && x.pawn_of_pawns() && s.r == last_rank(x.color);
}

// R9: may a piece of `color` capture what stands on s?
bool capturable(const Position& p, Sq s, int color) {
    const Piece& x = p.at(s);
    return !x.empty() && x.color != color && !is_waiting(p, s);
}

enum class MoveType { Normal, Swap, Relocation };

struct Move {
    Sq       from;
    Sq       to;
    MoveType type = MoveType::Normal;
};

std::string move_text(const Move& m) { return square_name(m.from) + square_name(m.to); }

// ----- movement patterns ---------------------------------------------------------------------

const std::vector<Sq> KING_STEPS
    = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
const std::vector<Sq> DIAGONALS   = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
const std::vector<Sq> ORTHOGONALS = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
const std::vector<Sq> KNIGHT_LEAPS
    = { { 1, 2 }, { 2, 1 }, { -1, 2 }, { -2, 1 }, { 1, -2 }, { 2, -1 }, { -1, -2 }, { -2, -1 } };
const std::vector<Sq> ELEPHANT_LEAPS = { { 2, 2 }, { 2, -2 }, { -2, 2 }, { -2, -2 } };
const std::vector<Sq> CAMEL_LEAPS
    = { { 3, 1 }, { 1, 3 }, { -3, 1 }, { -1, 3 }, { 3, -1 }, { 1, -3 }, { -3, -1 }, { -1, -3 } };
const std::vector<Sq> WAR_ENGINE_LEAPS = { { 2, 0 }, { -2, 0 }, { 0, 2 }, { 0, -2 } };

Sq plus(Sq s, Sq d, int times = 1) { return { s.f + d.f * times, s.r + d.r * times }; }

// The board squares the piece on `from` "reaches": the squares it could capture on if an enemy
// stood there (R5-R8, R10), i.e. its attack pattern. Sliders include the first occupied square
// of each line, whatever stands there. Citadel squares are never reached (R2). Not included:
// the pawn's forward step (not a capture), citadel entries, swaps, relocations.
std::vector<Sq> reach(const Position& p, Sq from) {
    const Piece&    me = p.at(from);
    std::vector<Sq> out;
    auto            leaps = [&](const std::vector<Sq>& ds) {
        for (Sq d : ds) {
            Sq t = plus(from, d);
            if (on_board(t)) out.push_back(t);
        }
    };
    // Slide from `start` (already known to be reachable if on the board) along d.
    auto slide_from = [&](Sq start, Sq d) {
        for (Sq t = start; on_board(t); t = plus(t, d)) {
            out.push_back(t);
            if (!p.at(t).empty()) break;
        }
    };
    switch (me.type) {
    case 'K':
    case 'H':
    case 'A':
        leaps(KING_STEPS);
        break;
    case 'G':
        leaps(DIAGONALS);
        break;
    case 'V':
        leaps(ORTHOGONALS);
        break;
    case 'N':
        leaps(KNIGHT_LEAPS);
        break;
    case 'E':
        leaps(ELEPHANT_LEAPS);
        break;
    case 'C':
        leaps(CAMEL_LEAPS);
        break;
    case 'D':
        leaps(WAR_ENGINE_LEAPS);
        break;
    case 'R':
        for (Sq d : ORTHOGONALS) slide_from(plus(from, d), d);
        break;
    case 'T': // R6: first diagonal square must be empty and is not a destination
        for (Sq d : DIAGONALS) {
            Sq first = plus(from, d);
            if (!on_board(first) || !p.at(first).empty()) continue;
            slide_from(plus(first, d), d);
        }
        break;
    case 'Z': // R7: diagonal step to an empty square, then outward orthogonally, skip 2
        for (Sq d : DIAGONALS) {
            Sq corner = plus(from, d);
            if (!on_board(corner) || !p.at(corner).empty()) continue;
            for (Sq o : { Sq{ d.f, 0 }, Sq{ 0, d.r } }) {
                Sq s1 = plus(corner, o, 1), s2 = plus(corner, o, 2);
                if (!on_board(s1) || !p.at(s1).empty()) continue;
                if (!on_board(s2) || !p.at(s2).empty()) continue;
                slide_from(plus(corner, o, 3), o);
            }
        }
        break;
    case 'P':
        if (is_waiting(p, from)) break; // R10: the waiting pawn of pawns attacks nothing
        for (int df : { -1, 1 }) {
            Sq t{ from.f + df, from.r + forward(me.color) };
            if (on_board(t)) out.push_back(t);
        }
        break;
    default:
        break;
    }
    return out;
}

// All royals of a colour, board and citadels (R16).
std::vector<Sq> royals_of(const Position& p, int color) {
    std::vector<Sq> out;
    for (Sq s : ALL_SQUARES)
        if (p.at(s).royal() && p.at(s).color == color) out.push_back(s);
    return out;
}

// R3: the senior royal type of a colour: King, else Prince, else Adventitious king.
char senior_royal(const Position& p, int color) {
    bool king = false, prince = false;
    for (Sq s : ALL_SQUARES) {
        const Piece& x = p.at(s);
        if (x.color != color) continue;
        if (x.type == 'K') king = true;
        if (x.type == 'H') prince = true;
    }
    return king ? 'K' : prince ? 'H' : 'A';
}

// R10, R2: is square s attacked by a piece of colour `by`?
bool attacked(const Position& p, Sq s, int by) {
    if (!on_board(s)) return false; // a citadel square is never attacked
    for (Sq from : ALL_SQUARES) {
        const Piece& x = p.at(from);
        if (x.empty() || x.color != by) continue;
        for (Sq t : reach(p, from))
            if (t == s) return true;
    }
    return false;
}

// Pseudo-legal destinations of the piece on `from` by its own pattern: R5-R9, R3/R4 citadel
// entries for royals. No swap (R18), no relocation (R15).
std::vector<Sq> destinations(const Position& p, Sq from) {
    const Piece&    me = p.at(from);
    std::vector<Sq> out;
    if (me.empty() || is_waiting(p, from)) return out;
    for (Sq t : reach(p, from)) {
        if (me.pawn()) {
            if (capturable(p, t, me.color)) out.push_back(t); // diagonal captures only
        } else if (p.at(t).empty() || capturable(p, t, me.color)) {
            out.push_back(t);
        }
    }
    if (me.pawn()) {
        Sq t{ from.f, from.r + forward(me.color) };
        if (on_board(t) && p.at(t).empty()) out.push_back(t);
    }
    if (me.royal()) {
        for (Sq d : KING_STEPS) {
            Sq  t = plus(from, d);
            int c = citadel_of(t);
            if (c < 0 || !p.citadel(c).empty()) continue;
            if (c == me.color && me.type == 'A') out.push_back(t); // R4
            if (c != me.color && me.type == senior_royal(p, me.color)) out.push_back(t); // R3
        }
    }
    return out;
}

// ----- making moves --------------------------------------------------------------------------

// R11-R14: the pawn on s has just reached its last rank (by a step, a capture or a swap).
void promote(Position& p, Sq s) {
    Piece pawn = p.at(s);
    int   c    = pawn.color;
    if (pawn.kind != 'P') {
        p.at(s) = Piece{ pawn.kind == 'K' ? 'H' : pawn.kind, 0, c }; // R11
        return;
    }
    int n = ++p.arrivals[c];
    if (n == 1) return; // R12: stays, waiting
    if (n >= 3) { // R14
        p.at(s) = Piece{ 'A', 0, c };
        return;
    }
    // R13: second arrival
    p.at(s)  = Piece{};
    int rank = c == WHITE ? 2 : 7; // f3 / f8
    Sq  home{ 5, rank };
    if (!p.at(home).royal()) {
        p.at(home) = pawn; // any non-royal occupant is removed
        return;
    }
    for (int d = 1; d < FILES; ++d) {
        for (int f : { 5 - d, 5 + d }) { // ties towards file a
            Sq t{ f, rank };
            if (on_board(t) && p.at(t).empty()) {
                p.at(t) = pawn;
                return;
            }
        }
    }
    // no empty square on that rank: unspecified by the rule book; the pawn is lost.
}

Position make_move(const Position& p, const Move& m) {
    Position q  = p;
    int      us = p.side, them = 1 - us;
    bool     reset = false;
    switch (m.type) {
    case MoveType::Normal: {
        Piece mover    = q.at(m.from);
        Piece captured = q.at(m.to);
        if (!captured.empty()) reset = true;
        if (captured.type == 'K') q.swap_right[them] = false; // R18
        q.at(m.to)   = mover;
        q.at(m.from) = Piece{};
        if (mover.pawn()) reset = true;
        if (mover.pawn() && m.to.r == last_rank(us)) promote(q, m.to);
        break;
    }
    case MoveType::Swap: {
        Piece king       = q.at(m.from);
        Piece partner    = q.at(m.to);
        q.at(m.to)       = king;
        q.at(m.from)     = partner;
        q.swap_right[us] = false;
        if (partner.pawn() && m.from.r == last_rank(us)) promote(q, m.from); // R19
        break;
    }
    case MoveType::Relocation: {
        Piece pawn   = q.at(m.from);
        q.at(m.from) = Piece{};
        q.at(m.to)   = pawn; // a non-royal occupant is removed (R15)
        reset        = true;
        break;
    }
    }
    q.halfmove = reset ? 0 : q.halfmove + 1;
    if (us == BLACK) ++q.fullmove;
    q.side = them;
    return q;
}

// ----- legality ------------------------------------------------------------------------------

// R16: after a move by `color`, is its royal situation acceptable?
bool royals_ok(const Position& q, int color) {
    std::vector<Sq> royals = royals_of(q, color);
    if (royals.size() >= 2) return true;
    if (royals.size() == 1) return !attacked(q, royals[0], 1 - color);
    return false; // cannot happen: no move removes an own royal
}

// R17
bool in_check(const Position& p, int color) {
    std::vector<Sq> royals = royals_of(p, color);
    return royals.size() == 1 && attacked(p, royals[0], 1 - color);
}

// How many enemy pieces attack the side's royal when it has exactly one (for coverage counts).
int checkers(const Position& p, int color) {
    std::vector<Sq> royals = royals_of(p, color);
    if (royals.size() != 1) return 0;
    int n = 0;
    for (Sq from : ALL_SQUARES) {
        const Piece& x = p.at(from);
        if (x.empty() || x.color == color) continue;
        for (Sq t : reach(p, from))
            if (t == royals[0]) ++n;
    }
    return n;
}

// R3, R20: a royal in the enemy citadel ends the game.
bool royal_in_enemy_citadel(const Position& p) {
    for (int c : { WHITE, BLACK }) {
        const Piece& x = p.citadel(c);
        if (x.royal() && x.color != c) return true;
    }
    return false;
}

// R15: is the piece on s a target for a pawn of colour `color`?
bool is_target(const Position& q, Sq s, int color) {
    const Piece& x = q.at(s);
    return !x.empty() && x.color != color && !x.pawn();
}

// R15: relocations of the waiting pawn of pawns on w.
std::vector<Move> relocations(const Position& p, Sq w) {
    std::vector<Move> out;
    int               us = p.at(w).color;
    for (int r = 0; r < RANKS; ++r) {
        for (int f = 0; f < FILES; ++f) {
            Sq t{ f, r };
            if (t == w) continue;
            const Piece& occ = p.at(t);
            if (occ.royal() || is_waiting(p, t)) continue;
            Position q           = p; // the position after the lift
            q.at(t)              = q.at(w);
            q.at(w)              = Piece{};
            int  targets         = 0;
            bool immobile_target = false;
            for (int df : { -1, 1 }) {
                Sq a{ t.f + df, t.r + forward(us) };
                if (!on_board(a) || !is_target(q, a, us)) continue;
                ++targets;
                if (destinations(q, a).empty()) immobile_target = true;
            }
            if (targets >= 2 || immobile_target) out.push_back({ w, t, MoveType::Relocation });
        }
    }
    return out;
}

// Moves by the pieces' patterns plus relocations; not yet checked against R16; no swaps.
std::vector<Move> pseudo_legal_moves(const Position& p) {
    std::vector<Move> out;
    for (Sq from : ALL_SQUARES) {
        const Piece& x = p.at(from);
        if (x.empty() || x.color != p.side) continue;
        if (is_waiting(p, from)) {
            for (const Move& m : relocations(p, from)) out.push_back(m);
            continue;
        }
        for (Sq t : destinations(p, from)) out.push_back({ from, t, MoveType::Normal });
    }
    return out;
}

std::vector<Move> legal_moves(const Position& p) {
    std::vector<Move> out;
    if (royal_in_enemy_citadel(p)) return out; // R20: drawn, no moves
    int us = p.side, them = 1 - us;
    for (const Move& m : pseudo_legal_moves(p))
        if (royals_ok(make_move(p, m), us)) out.push_back(m);
    // R18: the swap
    if (!p.swap_right[us]) return out;
    std::vector<Sq> kings;
    for (Sq s : ALL_SQUARES)
        if (p.at(s).type == 'K' && p.at(s).color == us && on_board(s)) kings.push_back(s);
    if (kings.size() != 1) return out;
    Sq king = kings[0];
    if (!in_check(p, us) && !out.empty()) return out;
    for (int r = 0; r < RANKS; ++r) {
        for (int f = 0; f < FILES; ++f) {
            Sq           s{ f, r };
            const Piece& x = p.at(s);
            if (x.empty() || x.color != us || x.royal() || is_waiting(p, s)) continue;
            Move     m{ king, s, MoveType::Swap };
            Position q = make_move(p, m);
            if (!attacked(q, s, them) && royals_ok(q, us)) out.push_back(m);
        }
    }
    return out;
}

std::uint64_t perft(const Position& p, int depth) {
    if (depth == 0) return 1;
    std::vector<Move> moves = legal_moves(p);
    if (depth == 1) return moves.size();
    std::uint64_t n = 0;
    for (const Move& m : moves) n += perft(make_move(p, m), depth - 1);
    return n;
}

// Legal moves with their text, sorted by byte order of the text (docs/cli.md).
std::vector<std::pair<std::string, Move>> sorted_moves(const Position& p) {
    std::vector<std::pair<std::string, Move>> out;
    for (const Move& m : legal_moves(p)) out.emplace_back(move_text(m), m);
    std::sort(
        out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
}

// ----- TFEN (docs/notation.md) ---------------------------------------------------------------

const std::string START_TFEN
    = "e1c1d1d1c1e/rntzvkgztnr/prpnptpzpvpkpgpepcpdpp/11/11/11/11/PPPDPCPEPGPKPVPZPTPNPR/"
      "RNTZGKVZTNR/E1C1D1D1C1E w -/- Kk 0/0 0 1";

const std::string PIECES     = "KHAGVZTNRECD";
const std::string PAWN_KINDS = "KGVZTNRECDP";

bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
char to_upper(char c) { return is_upper(c) ? c : char(c - 'a' + 'A'); }
char to_lower(char c) { return is_upper(c) ? char(c - 'A' + 'a') : c; }

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string              cur;
    for (char c : s) {
        if (c == sep) {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

std::vector<std::string> words(const std::string& s) {
    std::istringstream       in(s);
    std::vector<std::string> out;
    std::string              w;
    while (in >> w) out.push_back(w);
    return out;
}

// One piece token (K, pr, ...) or throws.
Piece parse_piece_token(const std::string& tok, const std::string& where) {
    if (tok.size() == 1 && PIECES.find(to_upper(tok[0])) != std::string::npos)
        return Piece{ to_upper(tok[0]), 0, is_upper(tok[0]) ? WHITE : BLACK };
    if (tok.size() == 2 && to_upper(tok[0]) == 'P'
        && PAWN_KINDS.find(to_upper(tok[1])) != std::string::npos
        && is_upper(tok[0]) == is_upper(tok[1]))
        return Piece{ 'P', to_upper(tok[1]), is_upper(tok[0]) ? WHITE : BLACK };
    throw InputError("bad piece '" + tok + "' in " + where);
}

std::string piece_token(const Piece& x) {
    std::string t = x.pawn() ? std::string("P") + x.kind : std::string(1, x.type);
    if (x.color == BLACK)
        for (char& c : t) c = to_lower(c);
    return t;
}

Position parse_tfen(const std::string& text) {
    std::vector<std::string> f = words(text);
    if (f.size() != 7) throw InputError("TFEN needs 7 fields, got " + std::to_string(f.size()));
    Position                 p;
    std::vector<std::string> ranks = split(f[0], '/');
    if (ranks.size() != RANKS) throw InputError("TFEN board needs 10 ranks");
    for (int i = 0; i < RANKS; ++i) {
        int                r     = RANKS - 1 - i;
        const std::string& s     = ranks[i];
        std::string        where = "rank " + std::to_string(r + 1);
        int                file  = 0;
        size_t             k     = 0;
        while (k < s.size()) {
            char c = s[k];
            if (c >= '0' && c <= '9') {
                size_t e = k;
                while (e < s.size() && s[e] >= '0' && s[e] <= '9') ++e;
                int n = std::stoi(s.substr(k, e - k));
                if (n < 1 || n > FILES) throw InputError("bad empty count in " + where);
                file += n;
                k = e;
                continue;
            }
            std::string tok(1, c);
            if (to_upper(c) == 'P') {
                if (k + 1 >= s.size()) throw InputError("pawn without kind in " + where);
                tok += s[k + 1];
            }
            Piece x = parse_piece_token(tok, where);
            if (file >= FILES) throw InputError("too many files in " + where);
            p.at(Sq{ file++, r }) = x;
            k += tok.size();
        }
        if (file != FILES) throw InputError(where + " has " + std::to_string(file) + " files");
    }
    if (f[1] == "w")
        p.side = WHITE;
    else if (f[1] == "b")
        p.side = BLACK;
    else
        throw InputError("bad side to move '" + f[1] + "'");
    std::vector<std::string> cit = split(f[2], '/');
    if (cit.size() != 2) throw InputError("bad citadels field '" + f[2] + "'");
    for (int c : { WHITE, BLACK })
        if (cit[c] != "-") p.citadel(c) = parse_piece_token(cit[c], "citadels field");
    if (f[3] != "-") {
        for (char c : f[3]) {
            if (c == 'K' && !p.swap_right[WHITE])
                p.swap_right[WHITE] = true;
            else if (c == 'k' && !p.swap_right[BLACK])
                p.swap_right[BLACK] = true;
            else
                throw InputError("bad swaps field '" + f[3] + "'");
        }
    }
    std::vector<std::string> pp = split(f[4], '/');
    if (pp.size() != 2) throw InputError("bad pawn-of-pawns field '" + f[4] + "'");
    try {
        for (int c : { WHITE, BLACK }) {
            if (pp[c].empty() || pp[c].find_first_not_of("0123456789") != std::string::npos)
                throw InputError("x");
            p.arrivals[c] = std::stoi(pp[c]);
        }
        if (f[5].find_first_not_of("0123456789") != std::string::npos
            || f[6].find_first_not_of("0123456789") != std::string::npos)
            throw InputError("x");
        p.halfmove = std::stoi(f[5]);
        p.fullmove = std::stoi(f[6]);
    } catch (const std::exception&) {
        throw InputError("bad number in TFEN counters");
    }
    // The illegal positions of docs/rules/tamerlane.md (end).
    for (int c : { WHITE, BLACK }) {
        std::string who   = c == WHITE ? "White" : "Black";
        int         kings = 0, royals = 0, pps = 0;
        for (Sq s : ALL_SQUARES) {
            const Piece& x = p.at(s);
            if (x.empty() || x.color != c) continue;
            if (x.type == 'K') ++kings;
            if (x.royal()) ++royals;
            if (x.pawn_of_pawns()) ++pps;
            if (x.pawn() && on_board(s) && s.r == last_rank(c) && x.kind != 'P')
                throw InputError(who + " has an unpromoted pawn on its last rank");
            if (is_waiting(p, s) && p.arrivals[c] != 1)
                throw InputError(who + "'s pawn of pawns waits with an arrival count other than 1");
        }
        if (royals == 0) throw InputError(who + " has no royal piece");
        if (kings > 1) throw InputError(who + " has two kings");
        if (pps > 1) throw InputError(who + " has more than one pawn of pawns");
        if (p.swap_right[c] && kings == 0) throw InputError(who + " has a swap right but no king");
        const Piece& own = p.citadel(c);
        if (!own.empty() && !own.royal()) throw InputError("a non-royal piece in a citadel");
        if (own.royal() && own.color == c && own.type != 'A')
            throw InputError("a King or Prince in its own citadel");
        if (own.royal() && own.color != c && own.type != senior_royal(p, own.color))
            throw InputError("a non-senior royal in the enemy citadel");
    }
    if (in_check(p, 1 - p.side)) throw InputError("the side not to move is in check");
    return p;
}

std::string to_tfen(const Position& p) {
    std::string out;
    for (int r = RANKS - 1; r >= 0; --r) {
        int empties = 0;
        for (int f = 0; f < FILES; ++f) {
            const Piece& x = p.at(Sq{ f, r });
            if (x.empty()) {
                ++empties;
                continue;
            }
            if (empties) out += std::to_string(empties), empties = 0;
            out += piece_token(x);
        }
        if (empties) out += std::to_string(empties);
        if (r) out += '/';
    }
    out += p.side == WHITE ? " w " : " b ";
    for (int c : { WHITE, BLACK }) {
        out += p.citadel(c).empty() ? "-" : piece_token(p.citadel(c));
        if (c == WHITE) out += '/';
    }
    std::string swaps
        = std::string(p.swap_right[WHITE] ? "K" : "") + (p.swap_right[BLACK] ? "k" : "");
    out += " " + (swaps.empty() ? std::string("-") : swaps);
    out += " " + std::to_string(p.arrivals[WHITE]) + "/" + std::to_string(p.arrivals[BLACK]);
    out += " " + std::to_string(p.halfmove) + " " + std::to_string(p.fullmove);
    return out;
}

// Plays a move given as text, matched against the legal moves (or throws).
Position play(const Position& p, const std::string& text) {
    for (const Move& m : legal_moves(p))
        if (move_text(m) == text) return make_move(p, m);
    throw InputError("illegal or malformed move '" + text + "' in " + to_tfen(p));
}

// Tags describing a legal move, for the test script's biased playouts and coverage counts.
std::string move_tags(const Position& p, const Move& m) {
    std::vector<std::string> tags;
    const Piece&             mover = p.at(m.from);
    Position                 q     = make_move(p, m);
    if (m.type == MoveType::Swap) tags.push_back("swap");
    if (m.type == MoveType::Relocation) tags.push_back("relocation");
    if (m.type == MoveType::Normal && !p.at(m.to).empty()) tags.push_back("capture");
    if (citadel_of(m.to) >= 0)
        tags.push_back(citadel_of(m.to) == p.side ? "own-citadel" : "citadel");
    if (q.arrivals[p.side] > p.arrivals[p.side])
        tags.push_back("arrival" + std::to_string(q.arrivals[p.side]));
    else {
        Sq           pawn_sq = m.type == MoveType::Swap ? m.from : m.to;
        const Piece& was     = m.type == MoveType::Swap ? p.at(m.to) : mover;
        if (was.pawn() && m.type != MoveType::Relocation && pawn_sq.r == last_rank(p.side))
            tags.push_back("promotion");
    }
    if (in_check(q, q.side)) tags.push_back("check");
    if (royals_of(q, p.side).size() > royals_of(p, p.side).size()) tags.push_back("new-royal");
    std::string out;
    for (const std::string& t : tags) out += (out.empty() ? "" : ",") + t;
    return out.empty() ? "-" : out;
}

// ----- command line --------------------------------------------------------------------------

struct Args {
    std::string command;
    std::string fen = START_TFEN;
    std::string moves;
    int         depth  = -1;
    bool        divide = false;
};

Args parse_args(int argc, char** argv) {
    Args a;
    if (argc < 2) throw InputError("missing command (perft, moves, fen, play)");
    a.command = argv[1];
    if (a.command != "perft" && a.command != "moves" && a.command != "fen" && a.command != "play")
        throw InputError("unknown command '" + a.command + "'");
    for (int i = 2; i < argc; ++i) {
        std::string o     = argv[i];
        auto        value = [&]() -> std::string {
            if (i + 1 >= argc) throw InputError("missing value for " + o);
            return argv[++i];
        };
        if (o == "--fen")
            a.fen = value();
        else if (o == "--moves")
            a.moves = value();
        else if (o == "--variant") {
            std::string v = value();
            if (v != "tamerlane")
                throw InputError("unknown variant '" + v + "' (known: tamerlane)");
        } else if (o == "--depth") {
            std::string v = value();
            if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos || v.size() > 3)
                throw InputError("bad depth '" + v + "'");
            a.depth = std::stoi(v);
        } else if (o == "--divide")
            a.divide = true;
        else
            throw InputError("unknown option '" + o + "'");
    }
    if (a.command == "perft" && a.depth < 0) throw InputError("perft needs --depth");
    return a;
}

Position start_position(const Args& a) {
    Position p = parse_tfen(a.fen);
    for (const std::string& m : words(a.moves)) p = play(p, m);
    return p;
}

void run_perft(const Position& p, int depth, bool divide) {
    std::string   out;
    std::uint64_t total = 0;
    if (divide && depth > 0) {
        for (const auto& [text, m] : sorted_moves(p)) {
            std::uint64_t n = perft(make_move(p, m), depth - 1);
            out += text + ": " + std::to_string(n) + "\n";
            total += n;
        }
        out += "\n";
    } else {
        total = perft(p, depth);
    }
    std::cout << out << "Nodes searched: " << total << "\n";
}

// Line protocol for the test script (one process per playout series).
void run_play() {
    Position    p = parse_tfen(START_TFEN);
    std::string line;
    while (std::getline(std::cin, line)) {
        std::vector<std::string> w = words(line);
        if (w.empty()) continue;
        try {
            if (w[0] == "reset") {
                p = parse_tfen(w.size() > 1 ? line.substr(line.find(w[1])) : START_TFEN);
                std::cout << "ok\n";
            } else if (w[0] == "push" && w.size() == 2) {
                p = play(p, w[1]);
                std::cout << "ok\n";
            } else if (w[0] == "list") {
                std::cout << "pos " << to_tfen(p) << "\n";
                std::cout << "state royals " << royals_of(p, p.side).size() << " check "
                          << in_check(p, p.side) << " checkers " << checkers(p, p.side) << "\n";
                for (const auto& [text, m] : sorted_moves(p))
                    std::cout << "move " << text << " " << piece_token(p.at(m.from)) << " "
                              << move_tags(p, m) << "\n";
                std::cout << "end\n";
            } else {
                std::cout << "error: unknown request '" << line << "'\n";
            }
        } catch (const InputError& e) {
            std::cout << "error: " << e.what() << "\n";
        }
        std::cout.flush();
    }
}

} // namespace

int main(int argc, char** argv) {
    try {
        Args a = parse_args(argc, argv);
        if (a.command == "play") {
            run_play();
            return 0;
        }
        Position p = start_position(a);
        if (a.command == "perft") {
            run_perft(p, a.depth, a.divide);
        } else if (a.command == "moves") {
            std::string out;
            for (const auto& [text, m] : sorted_moves(p)) out += text + "\n";
            std::cout << out;
        } else {
            std::cout << to_tfen(p) << "\n";
        }
        return 0;
    } catch (const InputError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
}
