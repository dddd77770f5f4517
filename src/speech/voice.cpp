#include "speech/voice.h"

#include "speech/espeak.h"

namespace citadel::speech {

const std::vector<learn::Lang>& spoken_languages() {
    static const std::vector<learn::Lang> all = { learn::Lang::En, { "zh" }, { "vi" } };
    return all;
}

std::optional<learn::Lang> spoken_language(std::string_view id) {
    for (const learn::Lang& l : spoken_languages())
        if (l.id == id) return l;
    return std::nullopt;
}

const Voice& voice_of(const learn::Lang& lang) {
    // Rates measured over the course's texts, pauses included: en 137 words a minute, zh and vi
    // about 2.9 syllables a second (docs/speech.md, "Voices"). Pitch and range a little above
    // espeak's 50 and 50: brighter and livelier for children.
    static const Voice en{ "gmw/en", 125, 55, 60, 100 };
    static const Voice zh{ "sit/cmn-Latn-pinyin", 150, 55, 60, 100 };
    static const Voice vi{ "aav/vi", 135, 55, 60, 80 }; // at 100 its peaks clip
    if (lang.id == "zh") return zh;
    if (lang.id == "vi") return vi;
    return en;
}

std::string describe(const Voice& voice) {
    const char*   path = nullptr;
    const Espeak* api  = espeak();
    return "espeak-ng " + std::string(api ? api->Info(&path) : "(not installed)") + " "
        + std::string(voice.name) + " rate " + std::to_string(voice.rate) + " pitch "
        + std::to_string(voice.pitch) + " range " + std::to_string(voice.range) + " volume "
        + std::to_string(voice.volume);
}

} // namespace citadel::speech
