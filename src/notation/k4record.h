// Four Kingdoms moves in SAN and whole games as a PGN-like record (docs/notation.md).
//
// SAN follows the seed's conventions: a pawn move names both squares (b6-a6, m5xn6, f1-f2=N),
// a piece its letter, the disambiguation SAN needs, 'x' for a capture and the target (Nl4,
// Qxd5, R4n6); castling O-O (short, towards the nearer rook) and O-O-O; '=Q' when a pawn
// promotes (no suffix when a promotable move declines); '#' when the move mates (or captures a
// king), else '+' when some player is in check after it.
//
// The record: tags ([Event], [Site], [Date], [Round], [Variant], one per seat [East "..."]
// [South "..."] [West "..."] [North "..."], [Result], and [FEN]/[SetUp "1"] for another start),
// a blank line, then the movetext: a full-move number "N." where it changes, each move prefixed
// by its player's letter ("e:m4-k4"), and the events as comments: "{South is checkmated by
// East}", "{East takes command of South's army}", "{the alliance of South and West ends}", and
// the actions that import replays: "{West resigns}", "{South proposes an alliance to West}",
// "{South and West form an alliance}",
// "{East offers a draw}", "{South accepts the draw}" (a draw offer made while another stands).
// The outcome closes the movetext as a comment ("{Draw by agreement.}"). The result: free-for-all
// "e:2 s:1 w:1 n:0" (scores by seat), alliance mode "es:1 wn:0" (or 1/2), "*" while the game
// goes on. Import replays everything and then requires the Result tag, when there is one, to be
// the replayed game's result ("*" exactly when the record does not end the game).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/errors.h"
#include "variants/fourkingdoms.h"

namespace citadel {

namespace fk {
// SAN of m (legal) from the position before it; list: that position's legal moves.
std::string san(Board& b, Move m, const Move* list, int n);
// The legal move whose SAN is `text` ('+', '#' optional; 0-0 accepted for O-O), or nothing.
std::optional<Move> parse_san(Board& b, std::string_view text);
} // namespace fk

template <class V>
requires FourKingdomsVariant<V> std::string move_to_san(Position<V>& pos, Move m) {
    auto list = legal_moves(pos);
    return fk::san(pos, m, list.moves, list.count);
}

template <class V>
requires FourKingdomsVariant<V> std::optional<Move> san_to_move(
    Position<V>& pos, std::string_view text) {
    return fk::parse_san(pos, text);
}

struct K4Tags {
    std::string                event = "?", site = "?", date = "????.??.??", round = "?";
    std::array<std::string, 4> players{ "?", "?", "?", "?" }; // East, South, West, North
};

} // namespace citadel
