// Bitboards sized to the board: one 64-bit word for boards of up to 64 squares (4x4, 8x8), an
// array of words for larger ones (Tamerlane's 112, Four Kingdoms' 196). Both spell the same free
// functions, so code written against a geometry's Bitboard compiles for either.
//
// The wide boards' speed-ups live here, in the type. Two words are tested with a select and a
// square's board comes from a table, not a variable index (which sends the pair through memory).
// Four words are worked as one AVX2 register where the CPU has it: GCC's code for the plain array
// spills halves to the stack and reloads them whole, which stalls store forwarding. Constant
// evaluation (the variants' tables) and CPUs without AVX2 take the per-word code, which gives the
// same results.
#pragma once

#include <array>
#include <bit>
#include <iterator>
#include <type_traits>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "core/types.h"

namespace citadel {

// ---- one word ---------------------------------------------------------------------------------

constexpr u64    square_bb(u64*, Square s) { return u64(1) << s; }
constexpr int    popcount(u64 b) { return std::popcount(b); }
constexpr bool   any(u64 b) { return b != 0; }
constexpr bool   more_than_one(u64 b) { return b & (b - 1); }
constexpr bool   test(u64 b, Square s) { return (b >> s) & 1; }
constexpr void   set(u64& b, Square s) { b |= u64(1) << s; }
constexpr void   toggle(u64& b, Square s) { b ^= u64(1) << s; }
constexpr Square lsb(u64 b) { return Square(std::countr_zero(b)); }
constexpr Square msb(u64 b) { return Square(63 - std::countl_zero(b)); }
constexpr Square pop_lsb(u64& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}

// ---- several words ----------------------------------------------------------------------------

#if defined(__AVX2__)
// A four-word board as one AVX2 register and back. Below, four-word boards take this form outside
// constant evaluation (the intrinsics are not constexpr).
namespace avx2 {
inline __m256i load(const std::array<u64, 4>& w) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w.data()));
}
inline std::array<u64, 4> words(__m256i v) {
    std::array<u64, 4> w;
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(w.data()), v);
    return w;
}
} // namespace avx2
#endif

template <int W> struct WideBitboard {
    std::array<u64, W> w{};

    constexpr WideBitboard& operator&=(const WideBitboard& o) {
#if defined(__AVX2__)
        if constexpr (W == 4)
            if (!std::is_constant_evaluated()) {
                w = avx2::words(_mm256_and_si256(avx2::load(w), avx2::load(o.w)));
                return *this;
            }
#endif
        for (int i = 0; i < W; ++i) w[i] &= o.w[i];
        return *this;
    }
    constexpr WideBitboard& operator|=(const WideBitboard& o) {
#if defined(__AVX2__)
        if constexpr (W == 4)
            if (!std::is_constant_evaluated()) {
                w = avx2::words(_mm256_or_si256(avx2::load(w), avx2::load(o.w)));
                return *this;
            }
#endif
        for (int i = 0; i < W; ++i) w[i] |= o.w[i];
        return *this;
    }
    constexpr WideBitboard& operator^=(const WideBitboard& o) {
#if defined(__AVX2__)
        if constexpr (W == 4)
            if (!std::is_constant_evaluated()) {
                w = avx2::words(_mm256_xor_si256(avx2::load(w), avx2::load(o.w)));
                return *this;
            }
#endif
        for (int i = 0; i < W; ++i) w[i] ^= o.w[i];
        return *this;
    }
    friend constexpr WideBitboard operator&(WideBitboard a, const WideBitboard& b) {
        return a &= b;
    }
    friend constexpr WideBitboard operator|(WideBitboard a, const WideBitboard& b) {
        return a |= b;
    }
    friend constexpr WideBitboard operator^(WideBitboard a, const WideBitboard& b) {
        return a ^= b;
    }
    friend constexpr WideBitboard operator~(WideBitboard a) {
#if defined(__AVX2__)
        if constexpr (W == 4)
            if (!std::is_constant_evaluated())
                return { avx2::words(_mm256_xor_si256(avx2::load(a.w), _mm256_set1_epi64x(-1))) };
#endif
        for (auto& x : a.w) x = ~x;
        return a;
    }

    // Every square moved n up (<<) or down (>>) the numbering, 0 < n < 64; squares pushed past
    // the last word or below square 0 are lost.
    friend constexpr WideBitboard operator<<(const WideBitboard& b, int n) {
#if defined(__AVX2__)
        if constexpr (W == 4)
            if (!std::is_constant_evaluated()) {
                const __m256i v     = avx2::load(b.w);
                const __m256i carry = _mm256_blend_epi32( // words 0 0 1 2, the first cleared
                    _mm256_permute4x64_epi64(v, 0x90), _mm256_setzero_si256(), 0x03);
                return { avx2::words(
                    _mm256_or_si256(_mm256_slli_epi64(v, n), _mm256_srli_epi64(carry, 64 - n))) };
            }
#endif
        WideBitboard r;
        r.w[0] = b.w[0] << n;
        for (int i = 1; i < W; ++i) r.w[i] = (b.w[i] << n) | (b.w[i - 1] >> (64 - n));
        return r;
    }
    friend constexpr WideBitboard operator>>(const WideBitboard& b, int n) {
#if defined(__AVX2__)
        if constexpr (W == 4)
            if (!std::is_constant_evaluated()) {
                const __m256i v     = avx2::load(b.w);
                const __m256i carry = _mm256_blend_epi32( // words 1 2 3 3, the last cleared
                    _mm256_permute4x64_epi64(v, 0xF9), _mm256_setzero_si256(), 0xC0);
                return { avx2::words(
                    _mm256_or_si256(_mm256_srli_epi64(v, n), _mm256_slli_epi64(carry, 64 - n))) };
            }
#endif
        WideBitboard r;
        for (int i = 0; i < W - 1; ++i) r.w[i] = (b.w[i] >> n) | (b.w[i + 1] << (64 - n));
        r.w[W - 1] = b.w[W - 1] >> n;
        return r;
    }

    friend constexpr bool operator==(const WideBitboard&, const WideBitboard&) = default;
};

// One square of a two-word board, by table: built in place it is a word stored at a variable
// index and the pair read back, which stalls store forwarding. NoSquare (255) gives no square.
inline constexpr std::array<WideBitboard<2>, 256> kSquareBB2 = [] {
    std::array<WideBitboard<2>, 256> t{};
    for (int s = 0; s < 128; ++s) t[s].w[s / 64] = u64(1) << (s % 64);
    return t;
}();

template <int W> constexpr WideBitboard<W> square_bb(WideBitboard<W>*, Square s) {
    if constexpr (W == 2) return kSquareBB2[s];
    WideBitboard<W> b;
    b.w[s / 64] = u64(1) << (s % 64);
    return b;
}
template <int W> constexpr int popcount(const WideBitboard<W>& b) {
#if defined(__AVX2__)
    if constexpr (W == 4)
        if (!std::is_constant_evaluated()) {
            const __m256i v  = avx2::load(b.w);
            const __m128i lo = _mm256_castsi256_si128(v), hi = _mm256_extracti128_si256(v, 1);
            return std::popcount(u64(_mm_cvtsi128_si64(lo)))
                + std::popcount(u64(_mm_extract_epi64(lo, 1)))
                + std::popcount(u64(_mm_cvtsi128_si64(hi)))
                + std::popcount(u64(_mm_extract_epi64(hi, 1)));
        }
#endif
    int n = 0;
    for (u64 x : b.w) n += std::popcount(x);
    return n;
}
template <int W> constexpr bool any(const WideBitboard<W>& b) {
#if defined(__AVX2__)
    if constexpr (W == 4)
        if (!std::is_constant_evaluated()) {
            const __m256i v = avx2::load(b.w);
            return !_mm256_testz_si256(v, v);
        }
#endif
    u64 x = 0;
    for (u64 y : b.w) x |= y;
    return x != 0;
}
template <int W> constexpr bool more_than_one(const WideBitboard<W>& b) { return popcount(b) > 1; }
template <int W> constexpr bool test(const WideBitboard<W>& b, Square s) {
    if constexpr (W == 2) return ((s < 64 ? b.w[0] : b.w[1]) >> (s % 64)) & 1;
    return (b.w[s / 64] >> (s % 64)) & 1;
}
template <int W> constexpr void set(WideBitboard<W>& b, Square s) {
    b.w[s / 64] |= u64(1) << (s % 64);
}
template <int W> constexpr void toggle(WideBitboard<W>& b, Square s) {
    b.w[s / 64] ^= u64(1) << (s % 64);
}
template <int W> constexpr Square lsb(const WideBitboard<W>& b) {
    for (int i = 0; i < W; ++i)
        if (b.w[i]) return Square(64 * i + std::countr_zero(b.w[i]));
    return NoSquare;
}
template <int W> constexpr Square msb(const WideBitboard<W>& b) {
    for (int i = W - 1; i >= 0; --i)
        if (b.w[i]) return Square(64 * i + 63 - std::countl_zero(b.w[i]));
    return NoSquare;
}
template <int W> constexpr Square pop_lsb(WideBitboard<W>& b) {
    for (int i = 0; i < W; ++i)
        if (b.w[i]) {
            Square s = Square(64 * i + std::countr_zero(b.w[i]));
            b.w[i] &= b.w[i] - 1;
            return s;
        }
    return NoSquare;
}

// Two words as one 128-bit number (GCC and Clang have the type, ISO C++ does not), for ray
// arithmetic across the word boundary.
__extension__ typedef unsigned __int128 u128;
constexpr u128 to_u128(const WideBitboard<2>& b) { return (u128(b.w[1]) << 64) | b.w[0]; }
constexpr WideBitboard<2> from_u128(u128 x) { return { { u64(x), u64(x >> 64) } }; }

// The bitboard type for a board of N squares.
template <int N>
using BitboardFor = std::conditional_t<(N <= 64), u64, WideBitboard<(N + 63) / 64>>;

// The bitboard of one square, for any bitboard type.
template <class BB> constexpr BB bit(Square s) { return square_bb(static_cast<BB*>(nullptr), s); }

// Every square of b moved by delta (a square step: +Files is one rank up), for any bitboard
// type (|delta| < 64 on wide ones); squares pushed past the word are lost, past the board's last
// square are not masked.
template <class BB> constexpr BB shift_by(BB b, int delta) {
    return delta > 0 ? b << delta : b >> -delta;
}

// The squares of a bitboard, lowest first, for any bitboard type: for (Square s : squares(b)).
// It walks a copy, so the loop may change b. The current word is walked in a register; the next
// is read only when it runs out.
template <int W> struct SquareRange {
    std::array<u64, W> w;

    struct iterator {
        const u64*          w;
        int                 i;
        u64                 word; // the squares of w[i] not yet visited
        constexpr Square    operator*() const { return Square(64 * i + std::countr_zero(word)); }
        constexpr iterator& operator++() {
            word &= word - 1;
            while (!word && ++i < W) word = w[i];
            return *this;
        }
        constexpr bool operator==(std::default_sentinel_t) const { return !word; }
    };
    constexpr iterator begin() const {
        iterator it{ w.data(), 0, w[0] };
        while (!it.word && ++it.i < W) it.word = w[it.i];
        return it;
    }
    constexpr std::default_sentinel_t end() const { return {}; }
};
constexpr SquareRange<1>                  squares(u64 b) { return { { b } }; }
template <int W> constexpr SquareRange<W> squares(const WideBitboard<W>& b) { return { b.w }; }

} // namespace citadel
