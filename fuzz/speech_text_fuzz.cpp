// Arbitrary bytes as a text to speak, in each language: the text path (speech/text.h: the checks,
// the spoken forms of notation and squares) never crashes, refuses only with a reason, and what
// it accepts is valid UTF-8 whose every character leads back to a span of the input, in order;
// word events over it (one per character, and one per spoken word) become words in order inside
// the input. The synthesiser is not fuzzed: espeak-ng is not ours.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "speech/text.h"
#include "speech/timings.h"
#include "speech/utf8.h"
#include "speech/voice.h"

using namespace citadel;
using namespace citadel::speech;

namespace {

void check(const learn::Lang& lang, std::string_view text) {
    auto result = spoken_text(lang, text);
    if (auto* refusal = std::get_if<TextRefusal>(&result)) {
        if (refusal->message.empty()) __builtin_trap();
        return;
    }
    std::vector<char32_t> input, spoken;
    if (decode_utf8(text, input) || input.size() > kMaxChars) __builtin_trap(); // accepted: valid
    const SpokenText& s = std::get<SpokenText>(result);
    if (decode_utf8(s.text, spoken) || spoken.size() != s.origin.size()) __builtin_trap();
    uint32_t units = 0;
    for (char32_t c : input) units += utf16_length(c);
    for (size_t i = 0; i < s.origin.size(); ++i) {
        const Span span = s.origin[i];
        if (span.length == 0 || span.end() > units) __builtin_trap();
        if (i > 0 && span.start < s.origin[i - 1].start) __builtin_trap();
    }
    std::vector<WordEvent> each, words;
    for (uint32_t i = 0; i < spoken.size(); ++i) each.push_back({ i, 1, i * 10 });
    for (uint32_t i = 0, start = 0; i <= spoken.size(); ++i)
        if (i == spoken.size() || spoken[i] == ' ') {
            if (i > start) words.push_back({ start, i - start, i });
            start = i + 1;
        }
    for (const auto& events : { each, words }) {
        const auto timed = word_timings(s, events);
        for (size_t i = 0; i < timed.size(); ++i) {
            if (timed[i].length == 0 || timed[i].start + timed[i].length > units) __builtin_trap();
            if (i > 0 && timed[i].start < timed[i - 1].start + timed[i - 1].length)
                __builtin_trap();
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const learn::Lang& lang : speech::spoken_languages()) check(lang, text);
    return 0;
}
