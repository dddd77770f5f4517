// Arbitrary bytes as SAN against a few positions of each orthodox variant: reading never crashes,
// accepts only legal moves, and a move it accepts is written as SAN that reads back as the move.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string_view>

#include "notation/fen.h"
#include "notation/san.h"
#include "variants/orthodox.h"

using namespace citadel;

namespace {

template <class V> struct Fixture {
    Position<V>              pos;
    std::deque<StateInfo<V>> states;
    explicit Fixture(std::string_view fen) {
        if (pos.set(*parse_fen<V>(fen), states.emplace_back())) __builtin_trap();
    }
};

template <class V> void check(const Position<V>& pos, std::string_view text) {
    auto m = parse_san(pos, text);
    if (!m) {
        if (m.error().message.empty()) __builtin_trap();
        return;
    }
    if (!legal_moves(pos).contains(*m)) __builtin_trap();
    auto back = parse_san(pos, to_san(pos, *m));
    if (!back || *back != *m) __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static Fixture<Chess> chess[] = {
        Fixture<Chess>(Chess::StartFen),
        Fixture<Chess>(
            "r3k2r/pPp2ppp/8/3pP3/8/8/P1PP1PpP/R3K2R w KQkq d6 0 1"), // castling, ep, promotions
        Fixture<Chess>("7k/8/2N1N3/1N3N2/8/1N3N2/2N1N3/K7 w - - 0 1"), // heavy disambiguation
        Fixture<Chess>("6k1/8/8/8/Q3Q3/8/8/Q3K3 w - - 0 1"),
    };
    static Fixture<Silverman> silverman[]
        = { Fixture<Silverman>(Silverman::StartFen), Fixture<Silverman>("3k/P3/4/K3 w - - 0 1") };
    static Fixture<PawnRace> race[] = { Fixture<PawnRace>(PawnRace::StartFen),
        Fixture<PawnRace>("8/4P3/8/8/3pP3/8/1p6/8 b - e3 0 1") };
    std::string_view         text(reinterpret_cast<const char*>(data), size);
    for (auto& f : chess) check(f.pos, text);
    for (auto& f : silverman) check(f.pos, text);
    for (auto& f : race) check(f.pos, text);
    return 0;
}
