// core/bitboard.h: the vocabulary for every bitboard width, checked square by square against a
// plain model (a set of squares). The four-word board runs in an AVX2 register on CPUs that have
// it and word by word in constant evaluation; both must give the model's answers.
#include <gtest/gtest.h>

#include <vector>

#include "core/bitboard.h"

using namespace citadel;

namespace {

template <class BB> constexpr int kSquares                  = 64;
template <int W> constexpr int    kSquares<WideBitboard<W>> = 64 * W;

// A few thousand pseudo-random boards: sparse, dense and in between (xorshift64*).
template <class BB> std::vector<BB> boards() {
    u64  state = 0x9E3779B97F4A7C15ull;
    auto next  = [&state] {
        state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
        return state * 2685821657736338717ull;
    };
    std::vector<BB> out{ BB{}, ~BB{} };
    for (int i = 0; i < 3000; ++i) {
        BB b{};
        for (int s = 0; s < kSquares<BB>; ++s) {
            const u64 r = next();
            if ((i % 3 == 0 && r % 16 == 0) || (i % 3 == 1 && r % 2) || (i % 3 == 2 && r % 16))
                b ^= bit<BB>(Square(s));
        }
        out.push_back(b);
    }
    return out;
}

// The squares of b, from test().
template <class BB> std::vector<Square> model(const BB& b) {
    std::vector<Square> out;
    for (int s = 0; s < kSquares<BB>; ++s)
        if (test(b, Square(s))) out.push_back(Square(s));
    return out;
}

template <class BB> BB from_model(const std::vector<Square>& squares) {
    BB b{};
    for (Square s : squares) set(b, s);
    return b;
}

template <class BB> class BitboardTest : public ::testing::Test { };
using Widths = ::testing::Types<u64, WideBitboard<2>, WideBitboard<4>>;
TYPED_TEST_SUITE(BitboardTest, Widths);

TYPED_TEST(BitboardTest, OneSquare) {
    using BB = TypeParam;
    for (int i = 0; i < kSquares<BB>; ++i) {
        const Square s = Square(i);
        const BB     b = bit<BB>(s);
        EXPECT_EQ(model(b), std::vector<Square>{ s });
        EXPECT_EQ(popcount(b), 1);
        EXPECT_EQ(lsb(b), s);
        EXPECT_EQ(msb(b), s);
        BB c{};
        set(c, s);
        EXPECT_EQ(c, b);
        toggle(c, s);
        EXPECT_EQ(c, BB{});
        toggle(c, s);
        EXPECT_EQ(c, b);
    }
}

TYPED_TEST(BitboardTest, QueriesAndIteration) {
    using BB = TypeParam;
    for (const BB& b : boards<BB>()) {
        const std::vector<Square> squares_of = model(b);
        EXPECT_EQ(from_model<BB>(squares_of), b);
        EXPECT_EQ(popcount(b), int(squares_of.size()));
        EXPECT_EQ(any(b), !squares_of.empty());
        EXPECT_EQ(more_than_one(b), squares_of.size() > 1);
        std::vector<Square> walked;
        for (Square s : squares(b)) walked.push_back(s);
        EXPECT_EQ(walked, squares_of);
        if (squares_of.empty()) continue;
        EXPECT_EQ(lsb(b), squares_of.front());
        EXPECT_EQ(msb(b), squares_of.back());
        BB                  rest = b;
        std::vector<Square> popped;
        while (any(rest)) popped.push_back(pop_lsb(rest));
        EXPECT_EQ(popped, squares_of);
    }
}

TYPED_TEST(BitboardTest, Operators) {
    using BB                   = TypeParam;
    const std::vector<BB> list = boards<BB>();
    for (size_t i = 0; i + 1 < list.size(); ++i) {
        const BB &a = list[i], &b = list[i + 1];
        BB        all = a, common = a, odd = a;
        all |= b, common &= b, odd ^= b;
        for (int k = 0; k < kSquares<BB>; ++k) {
            const Square s = Square(k);
            EXPECT_EQ(test(a | b, s), test(a, s) || test(b, s));
            EXPECT_EQ(test(a & b, s), test(a, s) && test(b, s));
            EXPECT_EQ(test(a ^ b, s), test(a, s) != test(b, s));
            EXPECT_EQ(test(a & ~b, s), test(a, s) && !test(b, s));
            EXPECT_EQ(test(~a, s), !test(a, s));
        }
        EXPECT_EQ(all, a | b);
        EXPECT_EQ(common, a & b);
        EXPECT_EQ(odd, a ^ b);
    }
}

TYPED_TEST(BitboardTest, Shifts) {
    using BB = TypeParam;
    for (const BB& b : boards<BB>())
        for (int delta : { 1, 10, 11, 12, 13, 14, 15, 63, -1, -10, -11, -12, -13, -14, -15, -63 }) {
            std::vector<Square> moved;
            for (Square s : model(b))
                if (s + delta >= 0 && s + delta < kSquares<BB>) moved.push_back(Square(s + delta));
            EXPECT_EQ(model(shift_by(b, delta)), moved) << delta;
        }
}

// The constant-evaluated (word by word) and run-time forms of the four-word board agree.
constexpr WideBitboard<4> mixed(Square a, Square b, int delta) {
    WideBitboard<4> x = bit<WideBitboard<4>>(a) | bit<WideBitboard<4>>(b);
    x ^= shift_by(x, delta) & ~bit<WideBitboard<4>>(b);
    set(x, Square(a / 2));
    return x;
}

TEST(Bitboard, ConstantEvaluationAgrees) {
    constexpr WideBitboard<4> k = mixed(70, 200, 13);
    static_assert(popcount(k) == 5 && any(k) && lsb(k) == 35 && msb(k) == 213);
    static_assert(mixed(3, 190, -14) == mixed(3, 190, -14));
    volatile Square a = 70, b = 200;
    EXPECT_EQ(mixed(a, b, 13), k);
    EXPECT_EQ(popcount(mixed(a, b, 13)), popcount(k));
}

TEST(Bitboard, TwoWordsAsOneNumber) {
    for (const WideBitboard<2>& b : boards<WideBitboard<2>>()) {
        const u128 x = to_u128(b);
        EXPECT_EQ(from_u128(x), b);
        for (Square s = 0; s < 128; ++s) EXPECT_EQ(bool((x >> s) & 1), test(b, s));
    }
}

} // namespace
