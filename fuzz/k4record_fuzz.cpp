// libFuzzer target: a Four Kingdoms game record replayed into a game; whatever is accepted must
// be written out and read back to the same position.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "game/fourkingdoms_record.h"

using namespace citadel;

namespace {
template <class V> void check(std::string_view text) {
    FourKingdomsGame<V> game;
    K4Tags              tags;
    if (read_k4record(text, game, &tags)) return;
    std::string         out = write_k4record(game, tags);
    FourKingdomsGame<V> again;
    K4Tags              tags2;
    if (read_k4record(out, again, &tags2)) std::abort();
    if (again.fen() != game.fen()) std::abort();
    (void)game.outcome();
    (void)game.scores();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    if (size > 4096) return 0;
    check<FourKingdoms>(text);
    check<FourKingdomsTeams>(text);
    return 0;
}
