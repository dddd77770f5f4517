// Typed errors. Each names what is wrong (the field, the rule, the square) and carries the one
// English text that the CLI, the server and the lessons all show.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "core/types.h"

namespace citadel {

// A position that is well-formed text but breaks a rule of the variant.
struct PositionError {
    // One list for every variant, so a caller (the CLI, the server, a lesson) can tell the
    // rule broken without knowing the variant.
    enum class Code : u8 {
        KingCount, // not exactly one king per side (army)
        PieceNotInVariant, // a piece type the variant does not have
        PawnOnBackRank, // a pawn on a rank it can never stand on
        OppositeCheck, // the side not to move is in check
        CastlingWithoutKing, // a castling right whose king is not on its start square
        CastlingWithoutRook, // a castling right whose rook is not on its start square
        EnPassantSquare, // an en passant square that no double step can have produced
        // Tamerlane (docs/rules/tamerlane.md)
        NoRoyal, // a side without King, Prince or adventitious king
        NonRoyalInCitadel, // a non-royal piece in a citadel
        RoyalInOwnCitadel, // a King or Prince in its own citadel
        NotSeniorInCitadel, // a royal other than the senior one in the enemy citadel
        SwapWithoutKing, // a king-swap right for a side without its King
        TwoPawnsOfPawns, // more than one pawn of pawns in one army
        WaitingPawnArrivals, // a pawn of pawns waiting on its last rank, arrival count not 1
        PawnOfPawnsAfterThird, // a pawn of pawns after its third arrival (it is a king by then)
        CounterOutOfRange, // a move counter, clock or arrival count outside its range
        // Four Kingdoms (docs/rules/fourkingdoms.md)
        TooManyPieces, // more than 16 pieces or 8 pawns in one army
        PlayerNotInGame, // the player to move has no king on the board
        Commander, // an army commanded by a player who cannot command it
        Alliance, // an alliance that could not exist
        Mated, // a player in check without a legal move (the game would have removed it)
        TurnOrder, // no previous move could have left this player to move
    };
    Code        code;
    Square      square = NoSquare;
    std::string message;
};

// A stable lower-case identifier for each code ("king_count"), for logs and the web app.
std::string_view code_id(PositionError::Code c);

// Text that cannot be read as a position: names the field ("board", "side", "castling", ...).
struct ParseError {
    std::string field;
    std::string message;
};

// Why a position could not be set up from text: the text, or the rules.
using SetupError = std::variant<ParseError, PositionError>;

// A stable identifier for a setup error, for the web app to say it in the user's language: the
// rule's code_id() ("king_count", "opposite_check", ...), or "unreadable" for text that is not a
// position at all (ParseError::field names the part).
inline std::string_view setup_error_id(const SetupError& e) {
    if (auto* p = std::get_if<PositionError>(&e)) return code_id(p->code);
    return "unreadable";
}

inline std::string describe(const SetupError& e) {
    if (auto* p = std::get_if<ParseError>(&e)) return "invalid " + p->field + ": " + p->message;
    return "illegal position: " + std::get<PositionError>(e).message;
}

// A minimal expected<T, E> (C++20 has none).
template <class T, class E> class Result {
  public:
    Result(T value)
        : v_(std::move(value)) { }
    Result(E error)
        : v_(std::move(error)) { }
    bool     ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T&       value() { return std::get<0>(v_); }
    const T& value() const { return std::get<0>(v_); }
    const E& error() const { return std::get<1>(v_); }
    T*       operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T&       operator*() { return value(); }
    const T& operator*() const { return value(); }

  private:
    std::variant<T, E> v_;
};

} // namespace citadel
