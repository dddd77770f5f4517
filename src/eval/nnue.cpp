// NNUE for chess: the file format, the accumulators and the output (nnue.h).
#include "eval/nnue.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>

#ifdef __AVX2__
#include <immintrin.h>
#endif

namespace citadel::eval::nnue {
namespace {

constexpr unsigned char kMagic[8] = { 'C', 'I', 'T', 'N', 'N', 'U', 'E', 0 };

// The file's size for N hidden neurons and B buckets after a header of `header` bytes: feature
// weights and biases, each bucket's output weights and bias, hash.
constexpr size_t file_size(size_t n, size_t buckets, size_t header = HeaderBytes) {
    return header + 2 * (Inputs * n + n) + buckets * (2 * 2 * n + 4) + 8;
}

// Reads little-endian integers from bytes whose length was checked beforehand.
struct Reader {
    std::span<const unsigned char> bytes;
    size_t                         at = 0;

    u64 unsigned_of(int size) {
        u64 v = 0;
        for (int i = 0; i < size; ++i) v |= u64(bytes[at + i]) << (8 * i);
        at += size;
        return v;
    }
    u32          u32_() { return u32(unsigned_of(4)); }
    std::int16_t i16() { return std::int16_t(u16(unsigned_of(2))); }
    std::int32_t i32() { return std::int32_t(u32_()); }
};

struct Writer {
    std::vector<unsigned char>& out;
    void                        put(u64 v, int size) {
                               for (int i = 0; i < size; ++i) out.push_back((unsigned char)(v >> (8 * i)));
    }
};

// out = in + the rows of adds - the rows of removes, over n neurons; in and out may be one.
// Sums wrap modulo 2^16 in both paths (int16 conversion is modular in C++20), so the paths agree
// whatever the weights.
void add_rows(const std::int16_t* in, std::int16_t* out, const std::int16_t* const* adds,
    int n_adds, const std::int16_t* const* removes, int n_removes, int n, Simd simd) {
#ifdef __AVX2__
    if (simd == Simd::Avx2) {
        for (int i = 0; i < n; i += HiddenStep) {
            __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));
            for (int a = 0; a < n_adds; ++a)
                v = _mm256_add_epi16(
                    v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(adds[a] + i)));
            for (int r = 0; r < n_removes; ++r)
                v = _mm256_sub_epi16(
                    v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(removes[r] + i)));
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), v);
        }
        return;
    }
#endif
    (void)simd;
    for (int i = 0; i < n; ++i) {
        int v = in[i];
        for (int a = 0; a < n_adds; ++a) v += adds[a][i];
        for (int r = 0; r < n_removes; ++r) v -= removes[r][i];
        out[i] = std::int16_t(v);
    }
}

// Sum of act(acc) * w over both halves of one bucket, exactly: act is clamp(acc, 0, QA), or its
// square for SCReLU (the sum then at QA * QA * QB). The AVX2 path adds into int32 lanes: for CReLU
// each lane takes two products of at most 255 * 32768 per step; for SCReLU two of at most
// 255 * (255 * 128), the activation times the weight first formed in int16 (parse() keeps such
// weights within +-128). With 2N/16 <= 128 steps a lane stays below 2^31 for N <= MaxHidden, and
// the result equals the scalar 64-bit sum.
std::int64_t output_sum(
    const Network& net, const std::int16_t* own, const std::int16_t* other, int bucket, Simd simd) {
    const int  n      = net.hidden;
    const bool square = net.activation == Activation::SCReLU;
#ifdef __AVX2__
    if (simd == Simd::Avx2) {
        const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(QA);
        __m256i       sum = zero;
        for (int side = 0; side < 2; ++side) {
            const std::int16_t* a = side == 0 ? own : other;
            const std::int16_t* w = net.output_weights[bucket][side];
            for (int i = 0; i < n; i += HiddenStep) {
                __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
                x         = _mm256_min_epi16(_mm256_max_epi16(x, zero), qa);
                __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i));
                if (square) y = _mm256_mullo_epi16(x, y);
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(x, y));
            }
        }
        alignas(32) std::int32_t lanes[8];
        _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), sum);
        std::int64_t total = 0;
        for (std::int32_t lane : lanes) total += lane;
        return total;
    }
#endif
    (void)simd;
    std::int64_t total = 0;
    for (int side = 0; side < 2; ++side) {
        const std::int16_t* a = side == 0 ? own : other;
        const std::int16_t* w = net.output_weights[bucket][side];
        for (int i = 0; i < n; ++i) {
            const std::int64_t x = std::clamp<int>(a[i], 0, QA);
            total += (square ? x * x : x) * w[i];
        }
    }
    return total;
}

} // namespace

u64 fnv1a(std::span<const unsigned char> bytes) {
    u64 h = 14695981039346656037ull;
    for (unsigned char b : bytes) h = (h ^ b) * 1099511628211ull;
    return h;
}

Loaded parse(std::span<const unsigned char> bytes) {
    auto size_text = [](size_t n) { return std::to_string(n) + " bytes"; };
    if (bytes.size() < HeaderBytesV1)
        return "truncated: " + size_text(bytes.size()) + ", the header alone has at least 32";
    if (!std::equal(std::begin(kMagic), std::end(kMagic), bytes.begin()))
        return std::string("bad magic: not a Citadel net (CITNNUE)");
    Reader    r{ bytes, 8 };
    const u32 version = r.u32_(), inputs = r.u32_(), hidden = r.u32_();
    const u32 qa = r.u32_(), qb = r.u32_(), scale = r.u32_();
    if (version != 1 && version != FormatVersion)
        return "unsupported version " + std::to_string(version) + " (this engine reads 1 and 2)";
    const size_t header = version == 1 ? HeaderBytesV1 : HeaderBytes;
    if (bytes.size() < header)
        return "truncated: " + size_text(bytes.size()) + ", the header alone has "
            + std::to_string(header);
    const u32 buckets = version == 1 ? 1 : r.u32_(), activation = version == 1 ? 0 : r.u32_();
    if (inputs != Inputs) return "inputs " + std::to_string(inputs) + ", expected 768";
    if (hidden < MinHidden || hidden > MaxHidden || hidden % HiddenStep)
        return "hidden size " + std::to_string(hidden)
            + ", expected a multiple of 16 from 16 to 1024";
    if (qa != QA || qb != QB || scale != Scale)
        return "quantisation QA " + std::to_string(qa) + ", QB " + std::to_string(qb) + ", SCALE "
            + std::to_string(scale) + "; this engine reads 255, 64, 400";
    if (buckets < 1 || buckets > MaxBuckets)
        return "output buckets " + std::to_string(buckets) + ", expected 1 to 8";
    if (activation > u32(Activation::SCReLU))
        return "activation " + std::to_string(activation) + ", expected 0 (CReLU) or 1 (SCReLU)";
    const size_t expected = file_size(hidden, buckets, header);
    if (bytes.size() < expected)
        return "truncated: " + size_text(bytes.size()) + ", a net of hidden size "
            + std::to_string(hidden) + " with " + std::to_string(buckets) + " output bucket"
            + (buckets == 1 ? "" : "s") + " has " + size_text(expected);
    if (bytes.size() > expected)
        return size_text(bytes.size() - expected) + " after the end of the net ("
            + size_text(expected) + ")";
    const u64 stored = Reader{ bytes, expected - 8 }.unsigned_of(8);
    if (fnv1a(bytes.first(expected - 8)) != stored)
        return std::string("hash mismatch: the file is corrupt");

    auto net        = std::make_shared<Network>();
    net->hidden     = int(hidden);
    net->buckets    = int(buckets);
    net->activation = Activation(activation);
    net->hash       = stored;
    for (int f = 0; f < Inputs; ++f)
        for (u32 i = 0; i < hidden; ++i) net->feature_weights[f][i] = r.i16();
    for (u32 i = 0; i < hidden; ++i) net->feature_bias[i] = r.i16();
    for (u32 b = 0; b < buckets; ++b) {
        for (int side = 0; side < 2; ++side)
            for (u32 i = 0; i < hidden; ++i) {
                const std::int16_t w = r.i16();
                if (net->activation == Activation::SCReLU && std::abs(w) > SCReluMaxOutputWeight)
                    return "output weight " + std::to_string(w)
                        + " out of range: an SCReLU net's lie within +-128";
                net->output_weights[b][side][i] = w;
            }
        net->output_bias[b] = r.i32();
    }
    return std::shared_ptr<const Network>(std::move(net));
}

Loaded load_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cannot open " + path;
    // No more than the largest net and one byte: /dev/zero is refused, not read for ever.
    std::vector<unsigned char> bytes(file_size(MaxHidden, MaxBuckets) + 1);
    in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
    if (in.bad()) return "cannot read " + path;
    bytes.resize(size_t(in.gcount()));
    return parse(bytes);
}

std::vector<unsigned char> serialize(const Network& net) {
    std::vector<unsigned char> out(std::begin(kMagic), std::end(kMagic));
    Writer                     w{ out };
    for (u32 v : { FormatVersion, u32(Inputs), u32(net.hidden), u32(QA), u32(QB), u32(Scale),
             u32(net.buckets), u32(net.activation) })
        w.put(v, 4);
    for (int f = 0; f < Inputs; ++f)
        for (int i = 0; i < net.hidden; ++i) w.put(u16(net.feature_weights[f][i]), 2);
    for (int i = 0; i < net.hidden; ++i) w.put(u16(net.feature_bias[i]), 2);
    for (int b = 0; b < net.buckets; ++b) {
        for (int side = 0; side < 2; ++side)
            for (int i = 0; i < net.hidden; ++i) w.put(u16(net.output_weights[b][side][i]), 2);
        w.put(u32(net.output_bias[b]), 4);
    }
    w.put(fnv1a(out), 8);
    return out;
}

const Loaded& embedded() {
    static const Loaded net = parse(embedded_bytes());
    return net;
}

std::shared_ptr<const Network> builtin() {
    const Loaded& net = embedded();
    return net ? *net : nullptr;
}

Delta delta_of(const Position<Chess>& pos, Move m) {
    using P           = Position<Chess>;
    const Seat   us   = pos.side_to_move();
    const Square from = m.from(), to = m.to();
    const Piece  pc = pos.piece_on(from);
    Delta        d;
    d.removed[d.removes++] = { pc, from };
    if (m.kind() == MoveKind::Castling) { // the king "takes" its own rook on `to`
        const bool short_side  = is_short_castling<Board8x8>(m);
        const u8   right       = us == White ? (short_side ? WhiteShort : WhiteLong)
                                             : (short_side ? BlackShort : BlackLong);
        d.removed[d.removes++] = { pos.piece_on(to), to };
        d.added[d.adds++]      = { pc, P::castling_king_to(right) };
        d.added[d.adds++]      = { pos.piece_on(to), P::castling_rook_to(right) };
        return d;
    }
    const Square capsq = m.kind() == MoveKind::EnPassant ? Square(to - P::forward(us)) : to;
    if (Piece cap = pos.piece_on(capsq)) d.removed[d.removes++] = { cap, capsq };
    d.added[d.adds++]
        = { m.kind() == MoveKind::Promotion ? make_piece(us, m.promotion()) : pc, to };
    return d;
}

void refresh(const Network& net, const Position<Chess>& pos, Accumulator& acc, Simd simd) {
    for (Seat p : { White, Black }) {
        std::int16_t* out = acc.values[p];
        std::copy_n(net.feature_bias, net.hidden, out);
        auto occupied = pos.pieces();
        while (any(occupied)) {
            const Square        s   = pop_lsb(occupied);
            const std::int16_t* row = net.feature_weights[feature_index(p, pos.piece_on(s), s)];
            add_rows(out, out, &row, 1, nullptr, 0, net.hidden, simd);
        }
    }
}

void update(
    const Network& net, const Accumulator& before, const Delta& d, Accumulator& after, Simd simd) {
    for (Seat p : { White, Black }) {
        const std::int16_t *adds[2], *removes[2];
        for (int i = 0; i < d.adds; ++i)
            adds[i] = net.feature_weights[feature_index(p, d.added[i].piece, d.added[i].square)];
        for (int i = 0; i < d.removes; ++i)
            removes[i]
                = net.feature_weights[feature_index(p, d.removed[i].piece, d.removed[i].square)];
        add_rows(
            before.values[p], after.values[p], adds, d.adds, removes, d.removes, net.hidden, simd);
    }
}

void copy(const Network& net, const Accumulator& before, Accumulator& after) {
    for (Seat p : { White, Black }) std::copy_n(before.values[p], net.hidden, after.values[p]);
}

int evaluate(const Network& net, const Accumulator& acc, Seat side_to_move, int pieces, Simd simd) {
    const int    bucket = bucket_of(net.buckets, pieces);
    std::int64_t sum
        = output_sum(net, acc.values[side_to_move], acc.values[side_to_move ^ 1], bucket, simd);
    if (net.activation == Activation::SCReLU) sum /= QA;
    const std::int64_t cp = (sum + net.output_bias[bucket]) * Scale / (QA * QB);
    return int(std::clamp<std::int64_t>(cp, -EvalLimit, EvalLimit));
}

int evaluate(const Network& net, const Position<Chess>& pos, Simd simd) {
    Accumulator acc;
    refresh(net, pos, acc, simd);
    return evaluate(net, acc, pos.side_to_move(), popcount(pos.pieces()), simd);
}

} // namespace citadel::eval::nnue
