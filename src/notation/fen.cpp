#include "notation/fen.h"

#include "core/piece.h"

namespace citadel::detail {

int parse_count(std::string_view text) {
    if (text.empty() || text.size() > 9) return -1;
    int n = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return -1;
        n = n * 10 + (c - '0');
    }
    return n;
}

std::vector<std::string_view> split_fields(std::string_view text) {
    std::vector<std::string_view> out;
    size_t                        i = 0;
    while (i < text.size()) {
        if (text[i] == ' ') {
            ++i;
            continue;
        }
        size_t j = text.find(' ', i);
        if (j == std::string_view::npos) j = text.size();
        out.push_back(text.substr(i, j - i));
        i = j;
    }
    return out;
}

namespace {
std::string hex_byte(unsigned char b) {
    constexpr std::string_view digits = "0123456789ABCDEF";
    return std::string("0x") + digits[b >> 4] + digits[b & 15];
}
} // namespace

ParseError bad_fen_letter(std::string_view text, const char* at, const std::string& place) {
    const char  c         = *at;
    const auto  byte      = static_cast<unsigned char>(c);
    const bool  printable = byte > 0x20 && byte < 0x7f;
    std::string shown     = printable ? "'" + std::string(1, c) + "'" : "byte " + hex_byte(byte);
    std::string what
        = shown + " on " + place + " (character " + std::to_string(at - text.data() + 1) + ")";
    if (!printable) return ParseError{ "board", "unexpected " + what };
    std::string out = what
        + " is not a FEN piece letter (K Q R B N P, upper case White, lower "
          "case Black)";
    char upper = (c >= 'a' && c <= 'z') ? char(c - 32) : c;
    for (const PieceKind& k : kPieceKinds)
        if (k.letter == upper && upper != 'P') {
            out += "; it is Tamerlane's " + std::string(k.name) + ", written in TFEN";
            break;
        }
    return ParseError{ "board", out };
}

} // namespace citadel::detail
