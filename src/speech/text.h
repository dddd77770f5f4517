// The text path, before any voice: the client's text is checked (UTF-8, no control characters,
// at most kMaxChars characters) and turned into what the voice reads: tabs and line breaks
// become spaces, a run of one character longer than three is cut to three ("!!!!!!!!" is not
// read eight times), and chess notation and squares are said in words of the language
// (spoken_forms.h). Every character the voice reads remembers the span of the client's text it
// comes from, in UTF-16 code units as JavaScript counts them, so the synthesiser's word events
// become offsets the browser can highlight (timings.h). Markup is only text here: nothing in it
// is ever interpreted. Pure and cheap: it runs on the network threads, and
// fuzz/speech_text_fuzz.cpp drives it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "learn/texts.h"

namespace citadel::speech {

// The longest text spoken, in characters (Unicode code points).
inline constexpr size_t kMaxChars = 600;

// A piece of the client's text, in UTF-16 code units.
struct Span {
    uint32_t start = 0, length = 0;
    uint32_t end() const { return start + length; }
    bool     operator==(const Span&) const = default;
};

// What the voice reads (UTF-8), and for each of its code points the span of the client's text it
// reads.
struct SpokenText {
    std::string       text;
    std::vector<Span> origin;
};

// Why a text is not spoken: too long, or not text (invalid UTF-8, a control character); the
// message names the problem and where it is.
struct TextRefusal {
    bool        too_long = false;
    std::string message;
};

std::variant<SpokenText, TextRefusal> spoken_text(const learn::Lang& lang, std::string_view text);

} // namespace citadel::speech
