// Four Kingdoms chess (docs/rules/fourkingdoms.md): the board, the seats, the armies' geometry
// and the two policies, `fourkingdoms` (free-for-all) and `fourkingdoms-teams` (alliance mode).
//
// Seats are clockwise: East 0, South 1, West 2, North 3 (East moves first). A piece is
// army << 5 | type, where the army is the seat whose pieces it started among: the army fixes a
// pawn's forward, home, start line and promotion line for good. Who moves an army is the army's
// commander (the seat itself while its king is on the board; then its partner in alliance mode or
// the player who mated it in free-for-all), kept in the position's state.
#pragma once

#include <array>
#include <concepts>
#include <string_view>

#include "core/geometry.h"
#include "core/piece.h"
#include "core/setup.h"

namespace citadel {

// 14x14 with the four 3x3 corners removed: 160 squares in a 196-square index space.
struct Cross14 : Rectangle<14, 14> {
    static constexpr bool on_board(int file, int rank) {
        return Rectangle<14, 14>::on_board(file, rank)
            && !((file < 3 || file > 10) && (rank < 3 || rank > 10));
    }
};

// A Four Kingdoms position as text says it, not yet checked against the rules.
template <> struct Setup<Cross14> {
    std::array<Piece, Cross14::Squares> board{};
    Seat                                player   = 0; // the player to move (0 East .. 3 North)
    u8                                  castling = 0; // bit 2*seat: short (K), 2*seat+1: long (Q)
    Square                              ep = NoSquare; // the square that may be captured into e.p.
    int                 halfmove           = 0; // plies of all players since capture/pawn move
    int                 fullmove           = 1; // grows when play passes or lands on East
    std::array<Seat, 4> control{ 0, 1, 2, 3 }; // army -> the seat commanding it
    u8                  alliance = 0; // the two allied seats as a bit set, or 0

    friend bool operator==(const Setup&, const Setup&) = default;
};

namespace fk {

inline constexpr Seat             East = 0, South = 1, West = 2, North = 3;
inline constexpr int              Squares       = Cross14::Squares; // 196
inline constexpr std::string_view kSeatLetters  = "eswn";
inline constexpr std::string_view kSeatNames[4] = { "East", "South", "West", "North" };

constexpr u8   seat_bit(Seat s) { return u8(1u << s); }
constexpr Seat partner(Seat s) { return Seat(s ^ 1); } // East+South, West+North
constexpr u8   team_of(Seat s) { return s < 2 ? 0x3 : 0xC; }

constexpr Square sq(int file, int rank) { return Cross14::square(file, rank); }
constexpr int    file_of(Square s) { return Cross14::file_of(s); }
constexpr int    rank_of(Square s) { return Cross14::rank_of(s); }
constexpr bool   on_board(Square s) {
      return s < Squares && Cross14::on_board(file_of(s), rank_of(s));
}

// Each army's forward step (df, dr): East moves west, South north, West east, North south.
inline constexpr int kForward[4][2] = { { -1, 0 }, { 0, 1 }, { 1, 0 }, { 0, -1 } };

// Distance of (file, rank) from army a's own edge, along its forward: 0 on its back line,
// 1 on its start line, 2 on the last line of its home, 13 on its promotion line.
constexpr int depth(Seat a, int file, int rank) {
    switch (a) {
    case East:
        return 13 - file;
    case South:
        return rank;
    case West:
        return file;
    default:
        return 13 - rank;
    }
}
constexpr int  depth(Seat a, Square s) { return depth(a, file_of(s), rank_of(s)); }
constexpr bool in_home(Seat a, Square s) { return depth(a, s) <= 2; }
constexpr bool on_back_line(Seat a, Square s) { return depth(a, s) == 0; }
constexpr bool on_start_line(Seat a, Square s) { return depth(a, s) == 1; }
constexpr bool on_promotion_line(Seat a, Square s) { return depth(a, s) == 13; }

// Castling: side 0 is short (K, towards the nearer rook), side 1 long (Q).
struct CastlingGeometry {
    Square king_from, rook_from, king_to, rook_to;
};
inline constexpr CastlingGeometry kCastling[4][2] = {
    { { sq(13, 6), sq(13, 3), sq(13, 4), sq(13, 5) },
        { sq(13, 6), sq(13, 10), sq(13, 8), sq(13, 7) } },
    { { sq(7, 0), sq(10, 0), sq(9, 0), sq(8, 0) }, { sq(7, 0), sq(3, 0), sq(5, 0), sq(6, 0) } },
    { { sq(0, 7), sq(0, 10), sq(0, 9), sq(0, 8) }, { sq(0, 7), sq(0, 3), sq(0, 5), sq(0, 6) } },
    { { sq(6, 13), sq(3, 13), sq(4, 13), sq(5, 13) },
        { sq(6, 13), sq(10, 13), sq(8, 13), sq(7, 13) } },
};
constexpr u8 castling_bit(Seat s, int side) { return u8(1u << (2 * s + side)); }
constexpr u8 castling_bits(Seat s) { return u8(3u << (2 * s)); }

// Start squares of each army's back-line pieces, in its own order from its left (as the army
// faces forward) to its right: R N B Q/K K/Q B N R as docs/rules/fourkingdoms.md gives them.
inline constexpr PieceType kBackLine[4][8] = {
    // East n4..n11: R N B K Q B N R
    { Rook, Knight, Bishop, King, Queen, Bishop, Knight, Rook },
    // South d1..k1: R N B Q K B N R
    { Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook },
    // West a4..a11: R N B Q K B N R
    { Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook },
    // North d14..k14: R N B K Q B N R
    { Rook, Knight, Bishop, King, Queen, Bishop, Knight, Rook },
};

} // namespace fk

// Section 5, free-for-all: the mating player absorbs the mated armies; alliances of two against
// an absorber when three are left.
struct FourKingdoms {
    using Geometry                         = Cross14;
    static constexpr std::string_view Name = "fourkingdoms";
    static constexpr std::string_view StartFen
        = "xxxnRnNnBnKnQnBnNnRxxx/xxxnPnPnPnPnPnPnPnPxxx/xxx8xxx/wRwP10ePeR/wNwP10ePeN/"
          "wBwP10ePeB/wKwP10ePeQ/wQwP10ePeK/wBwP10ePeB/wNwP10ePeN/wRwP10ePeR/xxx8xxx/"
          "xxxsPsPsPsPsPsPsPsPxxx/xxxsRsNsBsQsKsBsNsRxxx e eKQsKQwKQnKQ - 0 1 eswn -";
    static constexpr int       Seats  = 4;
    static constexpr bool      Teams  = false;
    static constexpr PieceSet  Pieces = piece_set(Pawn, Knight, Bishop, Rook, Queen, King);
    static constexpr PieceType PromotionOrder[4] = { Queen, Rook, Bishop, Knight };
    static constexpr int       Promotions        = 4;
    // A bound on the legal moves of one player: at most 48 pieces (three armies of at most 16;
    // the position reader rejects more), none with more than 42 destinations (a queen's best on
    // this board; a promoting pawn has at most 8 targets x 5 texts = 40), and two castlings.
    static constexpr int MaxMoves       = 2048;
    static constexpr int RepetitionDraw = 3; // automatic
    static constexpr int MoveRuleRounds = 60; // rounds without capture or pawn move: automatic
};

// Section 5, alliance mode: East+South against West+North; a mated player's partner commands its
// army.
struct FourKingdomsTeams : FourKingdoms {
    static constexpr std::string_view Name = "fourkingdoms-teams";
    static constexpr std::string_view StartFen
        = "xxxnRnNnBnKnQnBnNnRxxx/xxxnPnPnPnPnPnPnPnPxxx/xxx8xxx/wRwP10ePeR/wNwP10ePeN/"
          "wBwP10ePeB/wKwP10ePeQ/wQwP10ePeK/wBwP10ePeB/wNwP10ePeN/wRwP10ePeR/xxx8xxx/"
          "xxxsPsPsPsPsPsPsPsPxxx/xxxsRsNsBsQsKsBsNsRxxx e eKQsKQwKQnKQ - 0 1 eswn es";
    static constexpr bool Teams = true;
};

template <class V>
concept FourKingdomsVariant = requires {
    typename V::Geometry;
}
&&std::same_as<typename V::Geometry, Cross14>&& requires {
    { V::Teams } -> std::convertible_to<bool>;
};

} // namespace citadel
