// Bitboards sized to the board: one 64-bit word for boards of up to 64 squares (4x4, 8x8), an
// array of words for larger ones (Tamerlane's 112, Four Kingdoms' 196). Both spell the same free
// functions, so code written against a geometry's Bitboard compiles for either.
#pragma once

#include <array>
#include <bit>

#include "core/types.h"

namespace citadel {

// ---- one word ---------------------------------------------------------------------------------

constexpr u64    square_bb(u64*, Square s) { return u64(1) << s; }
constexpr int    popcount(u64 b) { return std::popcount(b); }
constexpr bool   any(u64 b) { return b != 0; }
constexpr bool   more_than_one(u64 b) { return b & (b - 1); }
constexpr bool   test(u64 b, Square s) { return (b >> s) & 1; }
constexpr Square lsb(u64 b) { return Square(std::countr_zero(b)); }
constexpr Square msb(u64 b) { return Square(63 - std::countl_zero(b)); }
constexpr Square pop_lsb(u64& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}

// ---- several words ----------------------------------------------------------------------------

template <int W> struct WideBitboard {
    std::array<u64, W> w{};

    constexpr WideBitboard& operator&=(const WideBitboard& o) {
        for (int i = 0; i < W; ++i) w[i] &= o.w[i];
        return *this;
    }
    constexpr WideBitboard& operator|=(const WideBitboard& o) {
        for (int i = 0; i < W; ++i) w[i] |= o.w[i];
        return *this;
    }
    constexpr WideBitboard& operator^=(const WideBitboard& o) {
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
        for (auto& x : a.w) x = ~x;
        return a;
    }
    friend constexpr bool operator==(const WideBitboard&, const WideBitboard&) = default;
    constexpr explicit    operator bool() const {
           for (u64 x : w)
            if (x) return true;
        return false;
    }
};

template <int W> constexpr WideBitboard<W> square_bb(WideBitboard<W>*, Square s) {
    WideBitboard<W> b;
    b.w[s / 64] = u64(1) << (s % 64);
    return b;
}
template <int W> constexpr int popcount(const WideBitboard<W>& b) {
    int n = 0;
    for (u64 x : b.w) n += std::popcount(x);
    return n;
}
template <int W> constexpr bool any(const WideBitboard<W>& b) { return bool(b); }
template <int W> constexpr bool test(const WideBitboard<W>& b, Square s) {
    return (b.w[s / 64] >> (s % 64)) & 1;
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
template <int W> constexpr bool more_than_one(const WideBitboard<W>& b) { return popcount(b) > 1; }
template <int W> constexpr Square pop_lsb(WideBitboard<W>& b) {
    for (int i = 0; i < W; ++i)
        if (b.w[i]) {
            Square s = Square(64 * i + std::countr_zero(b.w[i]));
            b.w[i] &= b.w[i] - 1;
            return s;
        }
    return NoSquare;
}

// The bitboard type for a board of N squares.
template <int N>
using BitboardFor = std::conditional_t<(N <= 64), u64, WideBitboard<(N + 63) / 64>>;

// The bitboard of one square, for any bitboard type.
template <class BB> constexpr BB bit(Square s) { return square_bb(static_cast<BB*>(nullptr), s); }

// Every square of b moved by delta (a square step: +Files is one rank up), for any bitboard
// type; squares pushed past the word are lost, past the board's last square are not masked.
template <class BB> constexpr BB shift_by(BB b, int delta) {
    return delta > 0 ? b << delta : b >> -delta;
}

} // namespace citadel
