// libFuzzer target: arbitrary bytes as FEN for chess, silverman and pawnrace.
//
// Whatever the bytes, the reader answers with a Setup or a ParseError naming a known field; a
// Setup either sets up or yields a PositionError; a position writes a FEN that reads back to the
// same position (text, key); and its legal moves agree between the move list, the bulk counter
// and make/unmake, down to perft(2). Any breach stops the run with __builtin_trap.
//
//   CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCITADEL_FUZZ=ON -DCITADEL_TESTS=OFF
//   ninja -C build-fuzz && ./build-fuzz/fen_fuzz -max_total_time=60
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "core/movegen.h"
#include "notation/fen.h"
#include "notation/uci_move.h"
#include "variants/orthodox.h"

using namespace citadel;

namespace {

[[noreturn]] void fail(const char* what, std::string_view variant, std::string_view text) {
    std::fprintf(stderr, "fen_fuzz: %s (%.*s): '%.*s'\n", what, int(variant.size()), variant.data(),
        int(text.size()), text.data());
    __builtin_trap();
}

bool known_field(const std::string& f) {
    return f == "fen" || f == "board" || f == "side" || f == "castling" || f == "en passant"
        || f == "halfmove clock" || f == "fullmove number";
}

// A position set up again from its own FEN: the same text and the same key.
template <class V> void expect_same_after_reread(const Position<V>& pos, std::string_view origin) {
    const std::string fen   = write_fen<V>(pos.setup());
    auto              again = parse_fen<V>(fen);
    if (!again) fail("written FEN does not parse", V::Name, fen);
    Position<V>  fresh;
    StateInfo<V> si;
    if (fresh.set(*again, si)) fail("written FEN is rejected by Position::set", V::Name, fen);
    if (write_fen<V>(fresh.setup()) != fen) fail("FEN round trip differs", V::Name, origin);
    if (fresh.key() != pos.key()) fail("key differs from the key of the re-read FEN", V::Name, fen);
    if (fresh.checkers() != pos.checkers()) fail("checkers differ after re-read", V::Name, fen);
    if (count_legal(fresh) != count_legal(pos))
        fail("move count differs after re-read", V::Name, fen);
}

template <class V> void run(std::string_view text) {
    auto setup = parse_fen<V>(text);
    if (!setup) {
        if (!known_field(setup.error().field) || setup.error().message.empty())
            fail("parse error without a known field or a message", V::Name, text);
        return;
    }
    // The text level: what was read writes and reads back to the same Setup.
    {
        const std::string written = write_fen<V>(*setup);
        auto              again   = parse_fen<V>(written);
        if (!again || !(*again == *setup)) fail("Setup text round trip differs", V::Name, written);
    }
    Position<V>  pos;
    StateInfo<V> si;
    if (auto err = pos.set(*setup, si)) {
        if (err->message.empty()) fail("position error without a message", V::Name, text);
        return;
    }
    expect_same_after_reread(pos, text);
    const std::string before = write_fen<V>(pos.setup());
    const u64         key    = pos.key();

    const u64 count = count_legal(pos);
    if (count > u64(V::MaxMoves)) fail("more legal moves than MoveList holds", V::Name, before);
    auto moves = legal_moves(pos);
    if (u64(moves.size()) != count) fail("move list and counter disagree", V::Name, before);

    u64          leaves = 0;
    StateInfo<V> st;
    for (Move m : moves) {
        if (!find_uci_move(pos, move_to_uci<V>(m)))
            fail("move text does not find its move", V::Name, before);
        pos.make(m, st);
        expect_same_after_reread(pos, before);
        const u64 n = count_legal(pos);
        if (n > u64(V::MaxMoves)) fail("more legal moves than MoveList holds", V::Name, before);
        if (u64(legal_moves(pos).size()) != n)
            fail("move list and counter disagree", V::Name, before);
        leaves += n;
        pos.unmake(m);
        if (pos.key() != key || write_fen<V>(pos.setup()) != before)
            fail("unmake does not restore the position", V::Name, before);
    }
    if (perft(pos, 2) != leaves)
        fail("perft(2) differs from make/unmake counting", V::Name, before);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    run<Chess>(text);
    run<Silverman>(text);
    run<PawnRace>(text);
    return 0;
}
