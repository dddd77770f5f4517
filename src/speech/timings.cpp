#include "speech/timings.h"

#include <algorithm>

namespace citadel::speech {

std::vector<WordTiming> word_timings(
    const SpokenText& spoken, const std::vector<WordEvent>& events) {
    std::vector<WordTiming> words;
    const size_t            size = spoken.origin.size();
    for (const WordEvent& e : events) {
        if (e.length == 0 || e.position >= size) continue;
        const size_t   end   = std::min<size_t>(size, size_t(e.position) + e.length);
        const uint32_t start = spoken.origin[e.position].start;
        const uint32_t stop  = spoken.origin[end - 1].end();
        if (!words.empty()) {
            WordTiming& last = words.back();
            if (start < last.start) continue; // an event out of order: its word was said
            if (start < last.start + last.length) { // more of the same written word
                last.length = std::max(last.start + last.length, stop) - last.start;
                continue;
            }
        }
        words.push_back({ start, stop - start, e.at_ms });
    }
    return words;
}

} // namespace citadel::speech
