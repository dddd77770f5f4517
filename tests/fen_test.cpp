#include <gtest/gtest.h>

#include "notation/fen.h"
#include "variants/orthodox.h"

using namespace citadel;

TEST(Fen, StartPositionsRoundTrip) {
    auto check = []<class V>(V) {
        auto s = parse_fen<V>(V::StartFen);
        ASSERT_TRUE(s.ok());
        EXPECT_EQ(write_fen<V>(*s), V::StartFen);
    };
    check(Chess{});
    check(Silverman{});
    check(PawnRace{});
}
