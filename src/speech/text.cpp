#include "speech/text.h"

#include <cstdio>

#include "speech/spoken_forms.h"
#include "speech/utf8.h"

namespace citadel::speech {

namespace {

// The longest run of one character the voice reads.
constexpr size_t kMaxRun = 3;

bool is_control(char32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F); }
bool is_line_space(char32_t c) { return c == '\t' || c == '\n' || c == '\r'; }

std::string code_name(char32_t c) {
    char name[16];
    std::snprintf(name, sizeof name, "U+%04X", unsigned(c));
    return name;
}

} // namespace

std::variant<SpokenText, TextRefusal> spoken_text(const learn::Lang& lang, std::string_view text) {
    std::vector<char32_t> codes;
    if (auto bad = decode_utf8(text, codes))
        return TextRefusal{ false,
            "text: not valid UTF-8 (byte " + std::to_string(*bad) + " of "
                + std::to_string(text.size()) + ")" };
    if (codes.size() > kMaxChars)
        return TextRefusal{ true,
            "text: at most " + std::to_string(kMaxChars) + " characters are spoken; this one has "
                + std::to_string(codes.size()) };

    std::vector<SpokenChar> chars;
    chars.reserve(codes.size());
    uint32_t at  = 0; // in UTF-16 code units
    size_t   run = 0;
    for (size_t i = 0; i < codes.size(); ++i) {
        char32_t c = codes[i];
        if (is_line_space(c)) c = ' ';
        if (is_control(c))
            return TextRefusal{ false,
                "text: the control character " + code_name(c) + " (character "
                    + std::to_string(i + 1) + ") is not spoken" };
        const Span from{ at, utf16_length(c) };
        at += from.length;
        run = !chars.empty() && chars.back().code == c ? run + 1 : 1;
        if (run > kMaxRun)
            chars.back().from.length = from.end() - chars.back().from.start; // the run's last
        else
            chars.push_back({ c, from });
    }

    SpokenText spoken;
    for (const SpokenChar& c : with_spoken_forms(lang, chars)) {
        append_utf8(spoken.text, c.code);
        spoken.origin.push_back(c.from);
    }
    return spoken;
}

} // namespace citadel::speech
