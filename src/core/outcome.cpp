#include "core/outcome.h"

namespace citadel {

std::string_view termination_id(Termination t) {
    switch (t) {
    case Termination::None:
        return "ongoing";
    case Termination::Checkmate:
        return "checkmate";
    case Termination::Stalemate:
        return "stalemate";
    case Termination::FivefoldRepetition:
        return "fivefold_repetition";
    case Termination::SeventyFiveMoveRule:
        return "seventy_five_move_rule";
    case Termination::DeadPosition:
        return "dead_position";
    case Termination::ThreefoldRepetition:
        return "threefold_repetition";
    case Termination::FiftyMoveRule:
        return "fifty_move_rule";
    case Termination::Agreement:
        return "agreement";
    case Termination::Resignation:
        return "resignation";
    case Termination::TimeForfeit:
        return "time_forfeit";
    case Termination::TimeoutVsInsufficientMaterial:
        return "timeout_vs_insufficient_material";
    case Termination::PawnReachedLastRank:
        return "pawn_reached_last_rank";
    case Termination::NoPawnsLeft:
        return "no_pawns_left";
    case Termination::CitadelDraw:
        return "citadel_draw";
    }
    return "ongoing";
}

std::string Outcome::score() const {
    switch (kind) {
    case Kind::Ongoing:
        return "*";
    case Kind::Draw:
        return "1/2-1/2";
    case Kind::Win:
        return winner == White ? "1-0" : "0-1";
    }
    return "*";
}

std::string Outcome::describe() const {
    const char* how = "";
    switch (reason) {
    case Termination::None:
        return "The game is in progress.";
    case Termination::Checkmate:
        how = "checkmate";
        break;
    case Termination::Stalemate:
        // A draw in chess; in the pawn race and Tamerlane the side without a legal move loses.
        if (kind == Kind::Win)
            return std::string(winner == White ? "White wins: Black" : "Black wins: White")
                + " has no legal move.";
        how = "stalemate";
        break;
    case Termination::FivefoldRepetition:
        how = "fivefold repetition";
        break;
    case Termination::SeventyFiveMoveRule:
        how = "the 75-move rule";
        break;
    case Termination::DeadPosition:
        how = "dead position (no checkmate is possible)";
        break;
    case Termination::ThreefoldRepetition:
        how = "threefold repetition";
        break;
    case Termination::FiftyMoveRule:
        how = "the 50-move rule";
        break;
    case Termination::Agreement:
        how = "agreement";
        break;
    case Termination::Resignation:
        how = "resignation";
        break;
    case Termination::TimeForfeit:
        how = "time forfeit";
        break;
    case Termination::TimeoutVsInsufficientMaterial:
        how = "timeout, as the opponent cannot checkmate";
        break;
    case Termination::PawnReachedLastRank:
        how = "reaching the last rank";
        break;
    case Termination::NoPawnsLeft:
        how = "capturing every enemy pawn";
        break;
    case Termination::CitadelDraw:
        return "Draw: a royal piece entered the enemy citadel.";
    }
    if (kind == Kind::Draw) return std::string("Draw by ") + how + ".";
    return std::string(winner == White ? "White" : "Black") + " wins by " + how + ".";
}

} // namespace citadel
