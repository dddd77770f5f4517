#include "core/illegal.h"

namespace citadel {

std::string_view reason_id(IllegalReason r) {
    using R = IllegalReason;
    switch (r) {
        case R::GameOverCheckmate: return "game_over_checkmate";
        case R::GameOverStalemate: return "game_over_stalemate";
        case R::GameOverRaceWon: return "game_over_race_won";
        case R::GameOverNoMoves: return "game_over_no_moves";
        case R::NotOnBoard: return "not_on_board";
        case R::NoPiece: return "no_piece";
        case R::NotYourPiece: return "not_your_piece";
        case R::NotThatPiecesMove: return "not_that_pieces_move";
        case R::PathBlocked: return "path_blocked";
        case R::OwnPieceOnTarget: return "own_piece_on_target";
        case R::PawnCannotCaptureForward: return "pawn_cannot_capture_forward";
        case R::PawnMovesDiagonallyOnlyToCapture: return "pawn_moves_diagonally_only_to_capture";
        case R::PawnDoubleStepOnlyFromStart: return "pawn_double_step_only_from_start";
        case R::NoDoubleStepInVariant: return "no_double_step_in_variant";
        case R::EnPassantExpired: return "en_passant_expired";
        case R::CastlingNotAllowedInVariant: return "castling_not_allowed_in_variant";
        case R::CastlingKingMoved: return "castling_king_moved";
        case R::CastlingRookMoved: return "castling_rook_moved";
        case R::CastlingInCheck: return "castling_in_check";
        case R::CastlingThroughAttack: return "castling_through_attack";
        case R::CastlingIntoCheck: return "castling_into_check";
        case R::CastlingPathBlocked: return "castling_path_blocked";
        case R::PiecePinned: return "piece_pinned";
        case R::StillInCheck: return "still_in_check";
        case R::KingWouldBeAttacked: return "king_would_be_attacked";
        case R::PromotionMissing: return "promotion_missing";
        case R::PromotionNotAllowed: return "promotion_not_allowed";
        case R::PromotionNotOnLastRank: return "promotion_not_on_last_rank";
        case R::Unexplained: return "unexplained";
    }
    return "unexplained";
}

namespace illegal_detail {

std::string ordinal(int n) {
    const char* suffix = (n % 100 >= 11 && n % 100 <= 13) ? "th"
                         : n % 10 == 1                    ? "st"
                         : n % 10 == 2                    ? "nd"
                         : n % 10 == 3                    ? "rd"
                                                          : "th";
    return std::to_string(n) + suffix;
}

std::string capitalized(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = char(s[0] - 32);
    return s;
}

}  // namespace illegal_detail
}  // namespace citadel
