// NNUE for chess: a perspective network 768 -> N x 2 -> 1 with CReLU or SCReLU, int16 weights
// and accumulators, and optionally several output layers chosen by the number of pieces on the
// board (docs/nnue.md has the file format byte by byte). parse() turns a file's bytes (format
// version 2, or version 1: CReLU and one output) into a Network, or names what is wrong (magic,
// version, sizes, hash, truncation, weights out of range) and never reads past the bytes it was
// given; serialize() writes version 2. An Accumulator holds the hidden layer before activation
// from both sides' points of view: refresh() computes it from a position, update() from its
// predecessor and the features one move removes and adds (read with delta_of() before the move is
// made; a null move changes nothing). evaluate() scores it in centipawns for the side to move.
// The search keeps one accumulator per ply (search/worker.h); only chess has a net, the other
// variants keep their hand-written evaluations. Every function that does vector work takes a Simd
// path: AVX2 where the build has it, and a scalar path that gives the same numbers bit for bit
// (tests/nnue_test.cpp compares them).
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
// The quantisation: activations clamp to [0, QA]; the output is (sum + output_bias) * Scale /
// (QA * QB) centipawns, where SCReLU's sum of squares (at QA * QA * QB) is first divided by QA.
inline constexpr int QA = 255, QB = 64, Scale = 400;
inline constexpr u32 FormatVersion = 2; // version 1 is still read
inline constexpr int HeaderBytes = 40, HeaderBytesV1 = 32;
// Output buckets: the output layer used is chosen by the number of pieces on the board.
inline constexpr int MaxBuckets = 8;
// SCReLU's AVX2 path multiplies an activation (at most QA) by an output weight in int16 lanes:
// output weights of an SCReLU net stay within +-128.
inline constexpr int SCReluMaxOutputWeight = 128;

// CReLU: clamp(x, 0, 1); SCReLU: its square (the numbers are the file's).
enum class Activation : u32 { CReLU = 0, SCReLU = 1 };
// Scores stay clear of the search's mate scores whatever the weights.
inline constexpr int EvalLimit = 30000;

// Each row has room for MaxHidden neurons (those past `hidden` are zero and never read): one
// layout, aligned for AVX2, for every N.
struct Network {
    int        hidden     = 0;
    int        buckets    = 1; // output layers, 1 to MaxBuckets
    Activation activation = Activation::CReLU;
    u64        hash       = 0; // the file's FNV-1a (its last 8 bytes)
    alignas(64) std::int16_t feature_weights[Inputs][MaxHidden]{};
    alignas(64) std::int16_t feature_bias[MaxHidden]{};
    // [bucket][side to move, other side][neuron]
    alignas(64) std::int16_t output_weights[MaxBuckets][2][MaxHidden]{};
    std::int32_t output_bias[MaxBuckets]{}; // at scale QA * QB
};

// The output bucket of a position with `pieces` pieces (kings included, 2 to 32) on the board:
// the range split evenly, 1-4 pieces in the first of 8 buckets, 29-32 in the last.
constexpr int bucket_of(int buckets, int pieces) {
    const int b = (pieces - 1) * buckets / 32;
    return b < 0 ? 0 : b >= buckets ? buckets - 1 : b;
}

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
const Loaded&                  embedded();
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
// pieces: the number on the board (which output bucket scores it).
int evaluate(const Network& net, const Accumulator& acc, Seat side_to_move, int pieces,
    Simd simd = BestSimd);
// A position's score from scratch: refresh, then evaluate (tests, tools).
int evaluate(const Network& net, const Position<Chess>& pos, Simd simd = BestSimd);

} // namespace citadel::eval::nnue
