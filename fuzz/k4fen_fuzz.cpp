// libFuzzer target: K4FEN text -> Setup -> Position (both modes) and back. The reader accepts
// only the writer's spelling, so an accepted text must be written back byte for byte, and an
// accepted position must keep exactly what the text said; its moves must play and unplay.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "variants/fourkingdoms.h"

using namespace citadel;

namespace {
template <class V> void check(std::string_view text, const Setup<Cross14>& s) {
    Position<V>  pos;
    StateInfo<V> st;
    if (pos.set(s, st)) return;
    if (!(pos.setup() == s)) std::abort();
    if (!pos.consistent()) std::abort();
    if (write_fen<V>(pos.setup()) != text) std::abort();
    auto moves = legal_moves(pos);
    if (u64(moves.size()) != count_legal(pos)) std::abort();
    for (int i = 0; i < moves.size() && i < 8; ++i) {
        StateInfo<V> next;
        u64          key = pos.key();
        pos.make(moves.moves[i], next);
        if (!pos.consistent()) std::abort();
        (void)count_legal(pos);
        pos.unmake(moves.moves[i]);
        if (pos.key() != key || !pos.consistent()) std::abort();
    }
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto             s = parse_fen<FourKingdoms>(text);
    if (!s) return 0;
    if (write_fen<FourKingdoms>(*s) != text) std::abort();
    check<FourKingdoms>(text, *s);
    check<FourKingdomsTeams>(text, *s);
    return 0;
}
