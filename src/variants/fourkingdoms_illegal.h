// Why a Four Kingdoms move is illegal: the variant's own reasons (not that player's turn and
// whose it is and why, a pawn re-entering its home, capturing an ally, ...) beside the orthodox
// ones they share with core/illegal.h.
//
// fk::why_illegal() answers nothing exactly when the request is a legal move of the player to
// move (and `requester`, when given, is that player); otherwise the most instructive reason, in
// this order: the game is over; the requester is out or not to move; the squares and the piece
// (whose command it is under); the piece's movement (pawn rules per army, castling conditions);
// the target (own or allied piece); king safety; the promotion letter.
//
// The core overload why_illegal(pos, req) maps the reasons that coincide onto IllegalReason and
// gives the others as IllegalReason::Unexplained with the precise message (fk::Reason names
// them; see the report for the enum values core/illegal.h would need).
#pragma once

#include <optional>
#include <string>

#include "variants/fourkingdoms.h"

namespace citadel {

namespace fk {

enum class Reason : u8 {
    GameOver,                  // one player or team left, or the player to move is stalemated
    NotYourTurn,               // the requester is not the player to move (to_move says who)
    NotInGame,                 // the requester has no king on the board
    NotOnBoard,                // square: the request's square that is not on the board
    NoPiece,                   // square: the empty from-square
    NotYourPiece,              // square/piece: a piece the player to move does not command
    NotThatPiecesMove,         // square/piece: the moving piece; no move of its kind leads there
    PathBlocked,               // square/piece: the first piece in the way
    OwnPieceOnTarget,          // square/piece: the own piece on the to-square
    AllyPieceOnTarget,         // square/piece: allies never capture each other
    PawnCannotReenterHome,     // square: the to-square, in the pawn's own home
    PawnCannotCaptureStraight, // square/piece: the piece on the straight step's square
    PawnMovesDiagonallyOnlyToCapture,  // square: the empty to-square
    PawnDoubleStepOnlyFromStart,       // square/piece: the pawn
    EnPassantExpired,          // square/piece: the pawn that could have been taken earlier
    CastlingKingMoved,         // square/piece: the king
    CastlingRookMoved,         // square: the rook's start square
    CastlingInCheck,           // square: the king's square; piece_square: a checker
    CastlingThroughAttack,     // square: the crossed square; piece_square: an attacker
    CastlingIntoCheck,         // square: the landing square; piece_square: an attacker
    CastlingPathBlocked,       // square/piece: the piece between king and rook
    PiecePinned,               // square/piece: the pinning piece
    StillInCheck,              // square/piece: a checking piece that still gives check
    KingWouldBeAttacked,       // square/piece: a piece attacking the king's destination
    PromotionNotAllowed,       // the letter names no piece a pawn can become (q r b n)
    PromotionNotOnLine,        // a promotion letter on a move that cannot promote
    Unexplained,
};
std::string_view reason_id(Reason r);

struct Illegal {
    Reason      reason       = Reason::Unexplained;
    Square      square       = NoSquare;
    Piece       piece        = NoPiece;
    Square      piece_square = NoSquare;
    Seat        to_move      = 0;      // the player to move
    bool        check_first  = false;  // it has the move because it is in check
    std::string message;
};

// `requester`: the player asking (0xFF: the player to move).
std::optional<Illegal> why_illegal(const Board& b, MoveRequest req, Seat requester = 0xFF);

}  // namespace fk

template <class V>
    requires FourKingdomsVariant<V>
std::optional<Illegality> why_illegal(const Position<V>& pos, MoveRequest req) {
    auto why = fk::why_illegal(pos, req);
    if (!why) return std::nullopt;
    using R = IllegalReason;
    using F = fk::Reason;
    Illegality i;
    switch (why->reason) {
        case F::GameOver: i.reason = pos.in_check(pos.side_to_move()) ? R::GameOverCheckmate : R::GameOverStalemate; break;
        case F::NotOnBoard: i.reason = R::NotOnBoard; break;
        case F::NoPiece: i.reason = R::NoPiece; break;
        case F::NotYourPiece: i.reason = R::NotYourPiece; break;
        case F::NotThatPiecesMove: i.reason = R::NotThatPiecesMove; break;
        case F::PathBlocked: i.reason = R::PathBlocked; break;
        case F::OwnPieceOnTarget: i.reason = R::OwnPieceOnTarget; break;
        case F::PawnCannotCaptureStraight: i.reason = R::PawnCannotCaptureForward; break;
        case F::PawnMovesDiagonallyOnlyToCapture: i.reason = R::PawnMovesDiagonallyOnlyToCapture; break;
        case F::PawnDoubleStepOnlyFromStart: i.reason = R::PawnDoubleStepOnlyFromStart; break;
        case F::EnPassantExpired: i.reason = R::EnPassantExpired; break;
        case F::CastlingKingMoved: i.reason = R::CastlingKingMoved, i.condition = 1; break;
        case F::CastlingRookMoved: i.reason = R::CastlingRookMoved, i.condition = 2; break;
        case F::CastlingInCheck: i.reason = R::CastlingInCheck, i.condition = 3; break;
        case F::CastlingThroughAttack: i.reason = R::CastlingThroughAttack, i.condition = 4; break;
        case F::CastlingIntoCheck: i.reason = R::CastlingIntoCheck, i.condition = 5; break;
        case F::CastlingPathBlocked: i.reason = R::CastlingPathBlocked, i.condition = 6; break;
        case F::PiecePinned: i.reason = R::PiecePinned; break;
        case F::StillInCheck: i.reason = R::StillInCheck; break;
        case F::KingWouldBeAttacked: i.reason = R::KingWouldBeAttacked; break;
        case F::PromotionNotAllowed: i.reason = R::PromotionNotAllowed; break;
        case F::PromotionNotOnLine: i.reason = R::PromotionNotOnLastRank; break;
        default: i.reason = R::Unexplained; break;  // NotYourTurn, NotInGame, AllyPiece..., re-entry
    }
    i.square       = why->square;
    i.piece        = why->piece;
    i.piece_square = why->piece_square;
    i.message      = why->message;
    return i;
}

}  // namespace citadel
