// Tamerlane (Timur) chess, docs/rules/tamerlane.md: the board, the pieces' roles, the Setup and
// the policy struct. The position, move generation and notation build on this header.
#pragma once

#include <array>
#include <string_view>

#include "core/geometry.h"
#include "core/piece.h"
#include "core/setup.h"

namespace citadel {

// 11 files a-k by 10 ranks, plus the two citadels numbered after the rectangle: White's citadel
// l2 (beside k2) is square 110, Black's citadel z9 (beside a9) is square 111.
struct TamerlaneBoard : Rectangle<11, 10, 2> {
    static constexpr std::string_view ExtraNames[2] = { "l2", "z9" };
};

namespace tamerlane {

using BB = TamerlaneBoard::Bitboard;
using G  = TamerlaneBoard;

inline constexpr int    Files = 11, Ranks = 10, Cells = Files * Ranks; // 110 rectangle squares
inline constexpr Square WhiteCitadel = 110; // l2
inline constexpr Square BlackCitadel = 111; // z9

// The citadel that belongs to seat s, and the one its royals may enter as the enemy's.
constexpr Square own_citadel(Seat s) { return s == White ? WhiteCitadel : BlackCitadel; }
constexpr Square enemy_citadel(Seat s) { return s == White ? BlackCitadel : WhiteCitadel; }
constexpr bool   is_citadel(Square s) { return s == WhiteCitadel || s == BlackCitadel; }

// Ranks (0-based) by seat: the last rank (promotion) and the pawn-of-kings start rank, where a
// pawn of pawns lands on its second arrival (f3 / f8).
constexpr int        last_rank(Seat s) { return s == White ? Ranks - 1 : 0; }
constexpr int        kings_pawn_rank(Seat s) { return s == White ? 2 : Ranks - 3; }
constexpr int        forward(Seat s) { return s == White ? 1 : -1; }
inline constexpr int KingsPawnFile = 5; // f

constexpr bool is_pawn(PieceType t) { return t >= PawnOfPawns && t <= PawnOfRooks; }
constexpr bool is_royal(PieceType t) { return t == King || t == Prince || t == AdventitiousKing; }

// The piece a pawn kind becomes on the last rank (the pawn of pawns: see make(); its third
// arrival makes an adventitious king).
constexpr PieceType promotion_of(PieceType pawn) {
    constexpr PieceType to[11] = { AdventitiousKing, WarEngine, Camel, Elephant, General, Prince,
        Vizier, Giraffe, Picket, Knight, Rook };
    return to[pawn - PawnOfPawns];
}

// TFEN letters (docs/notation.md): one letter per piece, "P" + a kind letter per pawn.
constexpr char piece_letter(PieceType t) { return kind(t).letter; }
constexpr char pawn_kind_letter(PieceType pawn) {
    constexpr char letters[11] = { 'P', 'D', 'C', 'E', 'G', 'K', 'V', 'Z', 'T', 'N', 'R' };
    return letters[pawn - PawnOfPawns];
}
// The pawn kind whose TFEN letter (upper case) is c, or NoPieceType.
constexpr PieceType pawn_from_kind_letter(char c) {
    for (int t = PawnOfPawns; t <= PawnOfRooks; ++t)
        if (pawn_kind_letter(PieceType(t)) == c) return PieceType(t);
    return NoPieceType;
}
// The non-pawn piece whose TFEN letter (upper case) is c, or NoPieceType.
constexpr PieceType piece_from_letter(char c) {
    for (PieceType t : { King, Prince, AdventitiousKing, General, Vizier, Giraffe, Picket, Knight,
             Rook, Elephant, Camel, WarEngine })
        if (kind(t).letter == c) return t;
    return NoPieceType;
}

// Every piece type of the variant.
inline constexpr PieceSet kPieces = piece_set(King, Prince, AdventitiousKing, General, Vizier,
                                        Giraffe, Picket, Knight, Rook, Elephant, Camel, WarEngine)
    | piece_set(PawnOfPawns, PawnOfWarEngines, PawnOfCamels, PawnOfElephants, PawnOfGenerals,
        PawnOfKings, PawnOfViziers, PawnOfGiraffes, PawnOfPickets, PawnOfKnights, PawnOfRooks);

// Swap rights, one bit per seat.
inline constexpr u8 WhiteSwap = 1, BlackSwap = 2;
constexpr u8        swap_bit(Seat s) { return s == White ? WhiteSwap : BlackSwap; }

} // namespace tamerlane

// What a TFEN says (docs/notation.md), before the rules have looked at it. The citadels' occupants
// stand on board[110] (l2) and board[111] (z9).
template <> struct Setup<TamerlaneBoard> {
    std::array<Piece, TamerlaneBoard::Squares> board{};
    Seat                                       to_move = White;
    u8  swaps       = 0; // tamerlane::WhiteSwap | BlackSwap: which kings may still swap
    u8  arrivals[2] = { 0, 0 }; // how often each side's pawn of pawns reached its last rank (0-3)
    int halfmove    = 0;
    int fullmove    = 1;

    friend bool operator==(const Setup&, const Setup&) = default;
};

// The policy struct: what the CLI, perft and the server read by name.
struct Tamerlane {
    using Geometry                         = TamerlaneBoard;
    static constexpr std::string_view Name = "tamerlane";
    static constexpr std::string_view StartFen
        = "e1c1d1d1c1e/rntzvkgztnr/prpnptpzpvpkpgpepcpdpp/11/11/11/11/"
          "PPPDPCPEPGPKPVPZPTPNPR/RNTZGKVZTNR/E1C1D1D1C1E w -/- Kk 0/0 0 1";
    static constexpr int      Seats        = 2;
    static constexpr PieceSet Pieces       = tamerlane::kPieces;
    static constexpr bool     HasKing      = true;
    static constexpr bool     Castling     = false;
    static constexpr bool     DoubleStep   = false;
    static constexpr bool     LastRankWins = false;
    static constexpr int      Promotions   = 0; // automatic: no promotion choice, no suffix
    // Room for any legal TFEN position: a hill-climbing search over dense positions found at
    // most 486 moves; relocations (< 110) and swaps (< 110) cannot add that many on top. The
    // list generator never writes past it (and the fuzz target checks list == count).
    static constexpr int MaxMoves = 1024;
    // The game's end is judged by outcome_by_rules (tamerlane_position.h): stalemate wins,
    // citadel draw, threefold repetition automatic, no claims; the 50-move rule is an option
    // (Game<Tamerlane>::set_fifty_move_rule), off by default.
    static constexpr bool OwnGameEnd     = true;
    static constexpr int  AutoRepetition = 3;
};

} // namespace citadel
