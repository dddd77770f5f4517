// Test support for perft: the expected counts in tests/data/perft_<variant>.epd, one position a
// line, `<fen> ;D1 n ;D2 n ...` ('#' lines and blank lines are comments), and whether the tests
// run under AddressSanitizer (where their node budgets are smaller).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/types.h"

namespace perfttest {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

struct PerftCase {
    std::string                               fen;
    std::vector<std::pair<int, citadel::u64>> counts; // (depth, leaf nodes), depths 1, 2, ...
    int                                       line = 0;
};

// Reads tests/data/<name>. A malformed line fails the calling test, so a typo in the data cannot
// silently drop a check.
inline std::vector<PerftCase> load_perft(const std::string& name) {
    std::vector<PerftCase> out;
    std::ifstream          in(std::string(CITADEL_TEST_DATA) + "/" + name);
    EXPECT_TRUE(in.good()) << "cannot open " << name;
    std::string text;
    for (int line = 1; std::getline(in, text); ++line) {
        if (text.empty() || text[0] == '#') continue;
        PerftCase c;
        c.line      = line;
        size_t semi = text.find(';');
        c.fen       = text.substr(0, semi);
        while (!c.fen.empty() && c.fen.back() == ' ') c.fen.pop_back();
        EXPECT_NE(semi, std::string::npos) << name << ":" << line << ": no counts";
        std::istringstream rest(semi == std::string::npos ? "" : text.substr(semi));
        std::string        field;
        while (std::getline(rest, field, ';')) {
            if (field.find_first_not_of(' ') == std::string::npos) continue;
            std::istringstream one(field);
            std::string        tag;
            citadel::u64       n     = 0;
            bool               ok    = bool(one >> tag >> n) && tag.size() >= 2 && tag[0] == 'D';
            int                depth = ok ? std::atoi(tag.c_str() + 1) : 0;
            std::string        extra;
            ok = ok && depth >= 1 && !(one >> extra);
            ok = ok && (c.counts.empty() ? depth == 1 : depth == c.counts.back().first + 1);
            EXPECT_TRUE(ok) << name << ":" << line << ": bad count '" << field << "'";
            if (ok) c.counts.emplace_back(depth, n);
        }
        EXPECT_FALSE(c.counts.empty()) << name << ":" << line;
        out.push_back(c);
    }
    EXPECT_FALSE(out.empty()) << name << " holds no positions";
    return out;
}

} // namespace perfttest
