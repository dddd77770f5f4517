// Arbitrary bytes as PGN: reading never crashes, and a game that reads and replays is written,
// read and replayed again to the same game and the same text.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "game/game_pgn.h"

using namespace citadel;

namespace {

template <class V> void round_trip(const PgnGame& pgn, const Game<V>& game) {
    std::string first = write_pgn(game, tags_of(pgn), notes_of(pgn));
    auto        again = parse_pgn(first);
    if (!again) __builtin_trap();
    Game<V> replayed;
    if (replay_pgn(*again, replayed)) __builtin_trap();
    if (replayed.moves() != game.moves() || !(replayed.start() == game.start())
        || !(replayed.outcome() == game.outcome()))
        __builtin_trap();
    if (write_pgn(replayed, tags_of(*again), notes_of(*again)) != first) __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    if (auto file = parse_pgn_file(text); !file && file.error().message.empty()) __builtin_trap();
    auto pgn = parse_pgn(text);
    if (!pgn) {
        if (pgn.error().message.empty()) __builtin_trap();
        return 0;
    }
    auto err = with_replayed_pgn(*pgn, [&](const auto& game) { round_trip(*pgn, game); });
    if (err && err->message.empty()) __builtin_trap();
    return 0;
}
