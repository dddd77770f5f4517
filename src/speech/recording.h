// What a text sounds like, as the cache keeps it and the server answers it: the MP3 and when each
// word of the client's text is said.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace citadel::speech {

// A word of the client's text (start and length in UTF-16 code units, as JavaScript counts) and
// the time into the audio it is said at.
struct WordTiming {
    uint32_t start = 0, length = 0;
    uint32_t at_ms                               = 0;
    bool     operator==(const WordTiming&) const = default;
};

struct Recording {
    std::string             mp3;
    uint32_t                duration_ms = 0;
    std::vector<WordTiming> words; // in order, none overlapping
};

} // namespace citadel::speech
