// The orthodox family: two players, one king each (or none), chess pieces and pawns.
// A variant is a policy struct of static constants; the core reads them at compile time, so
// `if constexpr` removes whole rules (castling, en passant) from the variants that lack them.
#pragma once

#include <string_view>

#include "core/geometry.h"
#include "core/piece.h"

namespace citadel {

// Orthodox chess (FIDE Laws): docs/rules/chess.md.
struct Chess {
    using Geometry                         = Board8x8;
    static constexpr std::string_view Name = "chess";
    static constexpr std::string_view StartFen
        = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    static constexpr int       Seats  = 2;
    static constexpr PieceSet  Pieces = piece_set(Pawn, Knight, Bishop, Rook, Queen, King);
    static constexpr PieceType PromotionOrder[4] = { Queen, Rook, Bishop, Knight };
    static constexpr int       Promotions        = 4; // the first N of PromotionOrder
    static constexpr bool      HasKing           = true;
    static constexpr bool      Castling          = true;
    static constexpr bool      DoubleStep        = true; // hence en passant
    static constexpr bool      LastRankWins      = false;
    static constexpr int       MaxMoves
        = 1024; // more than any legal set-up can have (each piece < 28 targets)
    // Draw rules: n-fold repetition and n-move rule, by claim and automatically (Game<V>).
    static constexpr bool OwnGameEnd      = false;
    static constexpr int  ClaimRepetition = 3, AutoRepetition = 5;
    static constexpr int  ClaimMoveRule = 50, AutoMoveRule = 75;
};

// Silverman 4x4 (docs/rules/silverman.md). No castling, no double step (so no en passant),
// promotion to Q or R.
struct Silverman : Chess {
    using Geometry                               = Board4x4;
    static constexpr std::string_view Name       = "silverman";
    static constexpr std::string_view StartFen   = "rqkr/pppp/PPPP/RQKR w - - 0 1";
    static constexpr PieceSet         Pieces     = piece_set(Pawn, Rook, Queen, King);
    static constexpr int              Promotions = 2;
    static constexpr bool             Castling   = false;
    static constexpr bool             DoubleStep = false;
};

// The pawn race (docs/rules/pawnrace.md). Pawns only; the first pawn on its last rank wins; no
// pawns or no move loses.
struct PawnRace : Chess {
    static constexpr std::string_view Name         = "pawnrace";
    static constexpr std::string_view StartFen     = "8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1";
    static constexpr PieceSet         Pieces       = piece_set(Pawn);
    static constexpr int              Promotions   = 0;
    static constexpr bool             HasKing      = false;
    static constexpr bool             Castling     = false;
    static constexpr bool             LastRankWins = true;
};

} // namespace citadel
