#include "speech/voice.h"

#include <espeak-ng/speak_lib.h>

namespace citadel::speech {

const Voice& voice_of(learn::Lang lang) {
    // Rates measured over the course's texts, pauses included: en 137 words a minute, zh and vi
    // about 2.9 syllables a second (docs/speech.md, "Voices"). Pitch and range a little above
    // espeak's 50 and 50: brighter and livelier for children.
    static const Voice en{ "gmw/en", 125, 55, 60, 100 };
    static const Voice zh{ "sit/cmn-Latn-pinyin", 150, 55, 60, 100 };
    static const Voice vi{ "aav/vi", 135, 55, 60, 80 }; // at 100 its peaks clip
    switch (lang) {
    case learn::Lang::Zh:
        return zh;
    case learn::Lang::Vi:
        return vi;
    case learn::Lang::En:
        break;
    }
    return en;
}

std::string describe(const Voice& voice) {
    const char* path = nullptr;
    return "espeak-ng " + std::string(espeak_Info(&path)) + " " + std::string(voice.name) + " rate "
        + std::to_string(voice.rate) + " pitch " + std::to_string(voice.pitch) + " range "
        + std::to_string(voice.range) + " volume " + std::to_string(voice.volume);
}

} // namespace citadel::speech
