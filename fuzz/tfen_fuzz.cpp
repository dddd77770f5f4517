// libFuzzer target: TFEN text -> Setup -> Position -> moves, and back.
//
//   CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCITADEL_FUZZ=ON -DCITADEL_TESTS=OFF
//   ninja -C build-fuzz tfen_fuzz && ./build-fuzz/tfen_fuzz -max_total_time=60
//
// Properties checked on every input:
//   * a rejected text gets a ParseError naming a field, with a message (never a crash);
//   * an accepted text is the writer's spelling (up to spaces between fields): reading and
//     writing round-trip exactly;
//   * a legal position (Position::set) gives back the same Setup; every legal move makes and
//     unmakes to the same position and key, the incremental key equals a fresh one, the counting
//     generator agrees with the list, and SAN and move text read back as the same move.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "variants/tamerlane.h"

using namespace citadel;

namespace {

void check(bool ok) {
    if (!ok) std::abort();
}

// The text with runs of spaces collapsed and trimmed (the reader splits fields on spaces).
std::string normalized(std::string_view text) {
    std::string out;
    bool        space = false;
    for (char c : text) {
        if (c == ' ') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 4096) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto                   setup = parse_fen<Tamerlane>(text);
    if (!setup) {
        check(!setup.error().field.empty() && !setup.error().message.empty());
        return 0;
    }
    const std::string written = write_fen<Tamerlane>(*setup);
    check(written == normalized(text));
    auto again = parse_fen<Tamerlane>(written);
    check(again.ok() && *again == *setup);

    Position<Tamerlane>  pos;
    StateInfo<Tamerlane> st;
    if (auto err = pos.set(*setup, st)) {
        check(!err->message.empty());
        return 0;
    }
    check(pos.setup() == *setup);
    const u64  key   = pos.key();
    const auto moves = legal_moves(pos);
    check(count_legal(pos) == u64(moves.size()));
    StateInfo<Tamerlane> next;
    for (Move m : moves) {
        const std::string uci = move_to_uci<Tamerlane>(m);
        check(find_uci_move(pos, uci) == m);
        auto san = parse_san(pos, to_san(pos, m));
        check(san.ok() && *san == m);
        pos.make(m, next);
        {
            Position<Tamerlane>  fresh;
            StateInfo<Tamerlane> fs;
            check(!fresh.set(pos.setup(), fs).has_value());
            check(fresh.key() == pos.key());
            (void)count_legal(pos);
        }
        pos.unmake(m);
        check(pos.key() == key && pos.setup() == *setup);
    }
    // Why-illegal never fails to answer for a handful of requests.
    for (size_t i = 0; i + 1 < size && i < 16; i += 2) {
        MoveRequest req{ Square(data[i] % TamerlaneBoard::Squares),
            Square(data[i + 1] % TamerlaneBoard::Squares) };
        auto        why   = why_illegal(pos, req);
        bool        legal = find_move(pos, req).has_value();
        check(legal == !why.has_value());
        if (why) check(!why->message.empty());
    }
    return 0;
}
