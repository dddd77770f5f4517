#include "core/illegal.h"

namespace citadel {

std::string_view reason_id(IllegalReason r) {
    using R = IllegalReason;
    switch (r) {
    case R::GameOverCheckmate:
        return "game_over_checkmate";
    case R::GameOverStalemate:
        return "game_over_stalemate";
    case R::GameOverRaceWon:
        return "game_over_race_won";
    case R::GameOverNoMoves:
        return "game_over_no_moves";
    case R::GameOverCitadel:
        return "game_over_citadel";
    case R::GameOver:
        return "game_over";
    case R::NotYourTurn:
        return "not_your_turn";
    case R::NotInGame:
        return "not_in_game";
    case R::NotOnBoard:
        return "not_on_board";
    case R::NoPiece:
        return "no_piece";
    case R::NotYourPiece:
        return "not_your_piece";
    case R::NotThatPiecesMove:
        return "not_that_pieces_move";
    case R::PathBlocked:
        return "path_blocked";
    case R::OwnPieceOnTarget:
        return "own_piece_on_target";
    case R::PawnCannotCaptureForward:
        return "pawn_cannot_capture_forward";
    case R::PawnMovesDiagonallyOnlyToCapture:
        return "pawn_moves_diagonally_only_to_capture";
    case R::PawnDoubleStepOnlyFromStart:
        return "pawn_double_step_only_from_start";
    case R::NoDoubleStepInVariant:
        return "no_double_step_in_variant";
    case R::EnPassantExpired:
        return "en_passant_expired";
    case R::AllyPieceOnTarget:
        return "ally_piece_on_target";
    case R::PawnCannotReenterHome:
        return "pawn_cannot_reenter_home";
    case R::PicketTooShort:
        return "picket_too_short";
    case R::WaitingPawnCannotMove:
        return "waiting_pawn_cannot_move";
    case R::WaitingPawnCannotBeTaken:
        return "waiting_pawn_cannot_be_taken";
    case R::RelocationNoTarget:
        return "relocation_no_target";
    case R::RelocationOntoRoyal:
        return "relocation_onto_royal";
    case R::RelocationOntoWaitingPawn:
        return "relocation_onto_waiting_pawn";
    case R::SwapUsed:
        return "swap_used";
    case R::SwapNotNow:
        return "swap_not_now";
    case R::SwapWithRoyal:
        return "swap_with_royal";
    case R::SwapWithWaitingPawn:
        return "swap_with_waiting_pawn";
    case R::OnlyKingSwaps:
        return "only_king_swaps";
    case R::CitadelOnlyRoyals:
        return "citadel_only_royals";
    case R::CitadelNotSenior:
        return "citadel_not_senior";
    case R::CitadelOwnOnlyAdventitious:
        return "citadel_own_only_adventitious";
    case R::CitadelOccupied:
        return "citadel_occupied";
    case R::CastlingNotAllowedInVariant:
        return "castling_not_allowed_in_variant";
    case R::CastlingKingMoved:
        return "castling_king_moved";
    case R::CastlingRookMoved:
        return "castling_rook_moved";
    case R::CastlingInCheck:
        return "castling_in_check";
    case R::CastlingThroughAttack:
        return "castling_through_attack";
    case R::CastlingIntoCheck:
        return "castling_into_check";
    case R::CastlingPathBlocked:
        return "castling_path_blocked";
    case R::PiecePinned:
        return "piece_pinned";
    case R::StillInCheck:
        return "still_in_check";
    case R::KingWouldBeAttacked:
        return "king_would_be_attacked";
    case R::PromotionMissing:
        return "promotion_missing";
    case R::PromotionNotAllowed:
        return "promotion_not_allowed";
    case R::PromotionNotOnLastRank:
        return "promotion_not_on_last_rank";
    case R::PromotionAutomatic:
        return "promotion_automatic";
    case R::Unexplained:
        return "unexplained";
    }
    return "unexplained";
}

namespace illegal_detail {

std::string ordinal(int n) {
    const char* suffix = (n % 100 >= 11 && n % 100 <= 13) ? "th"
        : n % 10 == 1                                     ? "st"
        : n % 10 == 2                                     ? "nd"
        : n % 10 == 3                                     ? "rd"
                                                          : "th";
    return std::to_string(n) + suffix;
}

std::string capitalized(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = char(s[0] - 32);
    return s;
}

} // namespace illegal_detail
} // namespace citadel
