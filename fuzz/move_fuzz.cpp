// libFuzzer target: arbitrary bytes as move text (docs/notation.md) against positions of every
// two-player variant. The reader answers with a request or a ParseError; a request is legal
// exactly when why_illegal() finds nothing, and then find_move() returns the move and its text
// reads back to the same move. Any breach stops the run with __builtin_trap.
//
//   CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCITADEL_FUZZ=ON -DCITADEL_TESTS=OFF
//   ninja -C build-fuzz && ./build-fuzz/move_fuzz -max_total_time=60
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string_view>

#include "core/illegal.h"
#include "notation/fen.h"
#include "notation/uci_move.h"
#include "variants/registry.h"

using namespace citadel;

namespace {

template <class V> void check(std::string_view fen, std::string_view text) {
    auto setup = parse_fen<V>(fen);
    if (!setup) __builtin_trap();
    Position<V>  pos;
    StateInfo<V> st;
    if (pos.set(*setup, st)) __builtin_trap();

    auto req = parse_move_request<typename V::Geometry>(text);
    if (!req) {
        if (req.error().message.empty()) __builtin_trap();
        return;
    }
    auto move = find_move(pos, *req);
    auto why  = why_illegal(pos, *req);
    if (bool(move) == bool(why)) __builtin_trap(); // legal exactly when no reason is given
    if (why && why->message.empty()) __builtin_trap();
    if (move && find_uci_move(pos, move_to_uci<V>(*move)) != move) __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    check<Chess>(Chess::StartFen, text);
    check<Chess>("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", text);
    check<Chess>("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", text);
    check<Chess>("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", text);
    check<Silverman>(Silverman::StartFen, text);
    check<Silverman>("r2k/1P2/4/R1K1 w - - 0 1", text);
    check<PawnRace>(PawnRace::StartFen, text);
    check<PawnRace>("8/8/8/3pP3/8/8/8/8 w - d6 0 1", text);
    return 0;
}
