// How a game ends: who won (or a draw) and by which rule. Shared by Game<V>, the variants that
// judge their own end (Tamerlane's outcome_by_rules) and the text formats.
#pragma once

#include <string>
#include <string_view>

#include "core/types.h"

namespace citadel {

enum class Termination : u8 {
    None,
    Checkmate,
    Stalemate, // a draw in chess; a loss for the stalemated side in the pawn race
               // and in Tamerlane
    FivefoldRepetition, // automatic (chess)
    SeventyFiveMoveRule, // automatic
    DeadPosition, // automatic: no series of legal moves can end in mate
    ThreefoldRepetition, // claimed in chess; automatic in Tamerlane
    FiftyMoveRule, // claimed in chess; automatic in Tamerlane when the option is on
    Agreement,
    Resignation,
    TimeForfeit, // the opponent of the player out of time wins...
    TimeoutVsInsufficientMaterial, // ...unless it cannot mate: a draw
    PawnReachedLastRank, // pawn race: the first pawn on its last rank wins
    NoPawnsLeft, // pawn race: a side without pawns loses
    CitadelDraw, // Tamerlane: a royal entered the enemy citadel
};

// The snake-case id of a termination ("ongoing" for None): "checkmate", "fifty_move_rule", ...
std::string_view termination_id(Termination t);

struct Outcome {
    enum class Kind : u8 { Ongoing, Win, Draw };
    Kind        kind   = Kind::Ongoing;
    Seat        winner = White; // meaningful for Win only
    Termination reason = Termination::None;

    bool over() const { return kind != Kind::Ongoing; }
    // "1-0", "0-1", "1/2-1/2" or "*".
    std::string score() const;
    // A sentence for people: "White wins by checkmate.", "Draw by threefold repetition."
    std::string describe() const;
    friend bool operator==(const Outcome&, const Outcome&) = default;
};

} // namespace citadel
