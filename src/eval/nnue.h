// NNUE for chess: a perspective network 768 -> N x 2 -> 1 with CReLU, int16 weights and
// accumulators (docs/nnue.md has the file format byte by byte). parse() turns a version-1 file's
// bytes into a Network, or names what is wrong (magic, version, sizes, hash, truncation) and never
// reads past the bytes it was given; serialize() writes the same format back. An Accumulator holds
// the hidden layer before activation from both sides' points of view: refresh() computes it from
// a position, update() from its predecessor and the features one move removes and adds (read
// with delta_of() before the move is made; a null move changes nothing). evaluate() scores it in
// centipawns for the side to move. The search keeps one accumulator per ply (search/worker.h);
// only chess has a net, the other variants keep their hand-written evaluations. Every function
// that does vector work takes a Simd path: AVX2 where the build has it, and a scalar path that
// gives the same numbers bit for bit (tests/nnue_test.cpp compares them).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/position.h"
#include "variants/orthodox.h"

namespace citadel::eval::nnue {

inline constexpr int Inputs    = 768; // 2 colours (own, other) x 6 types x 64 squares
inline constexpr int MinHidden = 16, MaxHidden = 1024; // N, a multiple of HiddenStep
inline constexpr int HiddenStep = 16; // one AVX2 register of int16
// The quantisation of version 1: activations clamp to [0, QA]; the output is
// (sum + output_bias) * Scale / (QA * QB) centipawns.
inline constexpr int QA = 255, QB = 64, Scale = 400;
inline constexpr u32 FormatVersion = 1;
inline constexpr int HeaderBytes   = 32;
// Scores stay clear of the search's mate scores whatever the weights.
inline constexpr int EvalLimit = 30000;

// Each row has room for MaxHidden neurons (those past `hidden` are zero and never read): one
// layout, aligned for AVX2, for every N.
struct Network {
    int hidden = 0;
    u64 hash   = 0; // the file's FNV-1a (its last 8 bytes)
    alignas(64) std::int16_t feature_weights[Inputs][MaxHidden]{};
    alignas(64) std::int16_t feature_bias[MaxHidden]{};
    alignas(64) std::int16_t output_weights[2][MaxHidden]{}; // [side to move, other side]
    std::int32_t output_bias = 0; // at scale QA * QB
};

// The hidden layer before activation, [perspective: White, Black][neuron].
struct Accumulator {
    alignas(64) std::int16_t values[2][MaxHidden];
};

// Avx2 in a build without AVX2 runs the scalar path.
enum class Simd { Scalar, Avx2 };
#ifdef __AVX2__
inline constexpr Simd BestSimd = Simd::Avx2;
#else
inline constexpr Simd BestSimd = Simd::Scalar;
#endif

// The input of perspective p for a piece of colour c, type t (pawn 0 .. king 5) on square s.
constexpr int feature_index(Seat p, Seat c, int t, Square s) {
    return (c == p ? 0 : 384) + t * 64 + (p == White ? s : s ^ 56);
}
constexpr int feature_index(Seat p, Piece pc, Square s) {
    return feature_index(p, seat_of(pc), type_of(pc) - Pawn, s);
}

// FNV-1a, 64 bits: the file's checksum.
u64 fnv1a(std::span<const unsigned char> bytes);

using Loaded = Result<std::shared_ptr<const Network>, std::string>;
Loaded                     parse(std::span<const unsigned char> bytes);
Loaded                     load_file(const std::string& path);
std::vector<unsigned char> serialize(const Network& net);
// The net built into the program (nets/chess.nnue at build time); its bytes, and the parsed net
// (parsed once; a test checks that it parses).
std::span<const unsigned char> embedded_bytes();
Loaded                         embedded();
std::shared_ptr<const Network> builtin(); // embedded()'s net, or none (search::Options' default)

// The pieces a move takes off and puts on, from the mover's position before the move.
struct PieceSquare {
    Piece  piece;
    Square square;
};
struct Delta {
    PieceSquare removed[2], added[2];
    int         removes = 0, adds = 0;
};
Delta delta_of(const Position<Chess>& pos, Move m);

void refresh(
    const Network& net, const Position<Chess>& pos, Accumulator& acc, Simd simd = BestSimd);
// after = before with the delta's rows added and removed (after may not be before).
void update(const Network& net, const Accumulator& before, const Delta& d, Accumulator& after,
    Simd simd = BestSimd);
// after = before, for a null move.
void copy(const Network& net, const Accumulator& before, Accumulator& after);
int  evaluate(const Network& net, const Accumulator& acc, Seat side_to_move, Simd simd = BestSimd);
// A position's score from scratch: refresh, then evaluate (tests, tools).
int evaluate(const Network& net, const Position<Chess>& pos, Simd simd = BestSimd);

} // namespace citadel::eval::nnue
