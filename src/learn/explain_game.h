// Internal to the learn layer: /api/explain's answer for a game of any variant (both games meet
// the contract of game/turn.h), and its Four Kingdoms half, in explain_fk.cpp. (Four Kingdoms is
// kept out of explain.cpp because registry.h brings in Tamerlane's FEN writer, next to which
// GCC 12 finds K4FEN's write_fen ambiguous.)
#pragma once

#include "learn/judge.h"

namespace citadel::learn {

// Loads `fen` into `game` and tries `move`: its SAN if legal, else the reason, the arrows and
// `sentence(reason)`.
template <class GameT, class Sentence>
std::variant<Explained, RequestError> explain_in(
    GameT& game, std::string_view fen, std::string_view move, Sentence&& sentence) {
    if (auto err = game.load_fen(fen)) return "fen: " + describe(*err);
    auto      refusal = game.try_move(move);
    Explained e;
    if (!refusal) {
        e.legal = true;
        e.san   = game.turn().move->san;
        return e;
    }
    if (refusal->malformed) return refusal->message;
    e.reason  = std::string(refusal->reason);
    e.arrows  = refusal->arrows;
    e.message = sentence(e.reason);
    return e;
}

// The answer for a Four Kingdoms variant, or nothing for another.
std::optional<std::variant<Explained, RequestError>> explain_four_kingdoms(const Texts& texts,
    std::string_view variant, std::string_view fen, std::string_view move, const Lang& lang);

} // namespace citadel::learn
