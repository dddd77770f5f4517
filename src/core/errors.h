// Typed errors. Each names what is wrong (the field, the rule, the square) and carries the one
// English text that the CLI, the server and the lessons all show.
#pragma once

#include <string>
#include <utility>
#include <variant>

#include "core/types.h"

namespace citadel {

// A position that is well-formed text but breaks a rule of the variant.
struct PositionError {
    enum class Code : u8 {
        KingCount,           // not exactly one king per side
        PieceNotInVariant,   // a piece type the variant does not have
        PawnOnBackRank,      // a pawn on a rank it can never stand on
        OppositeCheck,       // the side not to move is in check
        CastlingWithoutKing, // a castling right whose king is not on its start square
        CastlingWithoutRook, // a castling right whose rook is not on its start square
        EnPassantSquare,     // an en passant square that no double step can have produced
        Finished,            // a position no legal game can continue from
    };
    Code        code;
    Square      square = NoSquare;
    std::string message;
};

// Text that cannot be read as a position: names the field ("board", "side", "castling", ...).
struct ParseError {
    std::string field;
    std::string message;
};

// Why a position could not be set up from text: the text, or the rules.
using SetupError = std::variant<ParseError, PositionError>;

inline std::string describe(const SetupError& e) {
    if (auto* p = std::get_if<ParseError>(&e)) return "invalid " + p->field + ": " + p->message;
    return "illegal position: " + std::get<PositionError>(e).message;
}

// A minimal expected<T, E> (C++20 has none).
template <class T, class E> class Result {
  public:
    Result(T value) : v_(std::move(value)) {}
    Result(E error) : v_(std::move(error)) {}
    bool     ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T&       value() { return std::get<0>(v_); }
    const T& value() const { return std::get<0>(v_); }
    const E& error() const { return std::get<1>(v_); }
    T*       operator->() { return &value(); }
    T&       operator*() { return value(); }

  private:
    std::variant<T, E> v_;
};

}  // namespace citadel
