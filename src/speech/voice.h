// The voice of each language, chosen by listening (docs/speech.md, "Voices"): espeak-ng's British
// English, Mandarin with Latin letters read as pinyin (its other Mandarin voice reads the pinyin
// it makes of each character as English words: 马 as "ma three"), and Northern Vietnamese, each
// slower than espeak's 175 words a minute so that a child of six can follow.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "learn/texts.h"

namespace citadel::speech {

struct Voice {
    std::string_view name; // espeak-ng's voice file
    int              rate   = 175; // espeak's words a minute
    int              pitch  = 50; // 0-100
    int              range  = 50; // the pitch's range, 0 (monotone) - 100
    int              volume = 100; // 0-200
};

// The languages with a voice (en, zh, vi), and the voice of each; a language without one is
// spoken in English.
const std::vector<learn::Lang>& spoken_languages();
std::optional<learn::Lang>      spoken_language(std::string_view id);
const Voice&                    voice_of(const learn::Lang& lang);

// Everything that decides how a text sounds: the engine's version and the voice's settings, so
// that the cache (cache.h) keys an answer by what made it.
std::string describe(const Voice& voice);

} // namespace citadel::speech
