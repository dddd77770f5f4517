// UTF-8 in and out, strictly: overlong forms, surrogates and code points past U+10FFFF are not
// UTF-8, so a text holding them is refused rather than guessed at.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace citadel::speech {

// Decodes `text` into `out`; the byte offset of the first sequence that is not UTF-8, or nothing
// when the whole text is.
std::optional<size_t> decode_utf8(std::string_view text, std::vector<char32_t>& out);

void append_utf8(std::string& out, char32_t code);

// How many UTF-16 code units (JavaScript's string length) `code` takes: 2 past the BMP, else 1.
inline unsigned utf16_length(char32_t code) { return code > 0xFFFF ? 2 : 1; }

} // namespace citadel::speech
