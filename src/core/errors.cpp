#include "core/errors.h"

namespace citadel {

std::string_view code_id(PositionError::Code c) {
    using C = PositionError::Code;
    switch (c) {
    case C::KingCount:
        return "king_count";
    case C::PieceNotInVariant:
        return "piece_not_in_variant";
    case C::PawnOnBackRank:
        return "pawn_on_back_rank";
    case C::OppositeCheck:
        return "opposite_check";
    case C::CastlingWithoutKing:
        return "castling_without_king";
    case C::CastlingWithoutRook:
        return "castling_without_rook";
    case C::EnPassantSquare:
        return "en_passant_square";
    case C::NoRoyal:
        return "no_royal";
    case C::NonRoyalInCitadel:
        return "non_royal_in_citadel";
    case C::RoyalInOwnCitadel:
        return "royal_in_own_citadel";
    case C::NotSeniorInCitadel:
        return "not_senior_in_citadel";
    case C::SwapWithoutKing:
        return "swap_without_king";
    case C::TwoPawnsOfPawns:
        return "two_pawns_of_pawns";
    case C::WaitingPawnArrivals:
        return "waiting_pawn_arrivals";
    case C::PawnOfPawnsAfterThird:
        return "pawn_of_pawns_after_third";
    case C::CounterOutOfRange:
        return "counter_out_of_range";
    case C::TooManyPieces:
        return "too_many_pieces";
    case C::PlayerNotInGame:
        return "player_not_in_game";
    case C::Commander:
        return "commander";
    case C::Alliance:
        return "alliance";
    case C::Mated:
        return "mated";
    case C::TurnOrder:
        return "turn_order";
    }
    return "unknown";
}

} // namespace citadel
