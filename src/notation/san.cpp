#include "notation/san.h"

namespace citadel::detail {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool strip_suffix(std::string_view& text, std::string_view suffix) {
    if (!text.ends_with(suffix)) return false;
    text.remove_suffix(suffix.size());
    return true;
}

} // namespace

std::string_view strip_san_annotations(std::string_view text) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    for (bool changed = true; changed;) {
        changed = false;
        while (!text.empty()
            && (is_space(text.back())
                || std::string_view("+#!?").find(text.back()) != std::string_view::npos))
            text.remove_suffix(1), changed = true;
        changed |= strip_suffix(text, "e.p.");
    }
    return text;
}

SanPattern::Castle castling_of(std::string_view text) {
    for (std::string_view s : { "O-O", "0-0", "o-o" })
        if (text == s) return SanPattern::Castle::Short;
    for (std::string_view s : { "O-O-O", "0-0-0", "o-o-o" })
        if (text == s) return SanPattern::Castle::Long;
    return SanPattern::Castle::None;
}

int parse_rank(std::string_view text) {
    if (text.empty() || text.size() > 2 || text[0] == '0') return -1;
    int rank = 0;
    for (char c : text) {
        if (!is_digit(c)) return -1;
        rank = rank * 10 + (c - '0');
    }
    return rank;
}

std::string piece_name(PieceType t) { return std::string(kind(t).name); }

} // namespace citadel::detail
