// espeak-ng's library, synchronous: its callback hands over the samples and the word events (where
// each word of the text starts and when it is said), the word timings the browser highlights by.
// The program could give only the audio. espeak-ng keeps global state (one voice, one set of
// parameters for the whole process), so every Synthesiser shares one engine and speaks one text
// at a time; the Speaker (speaker.h) calls it from its one worker thread, never the network's.
// Texts are read as plain text: SSML and phoneme input are never enabled, so markup in a text is
// spoken as the characters it is.
#pragma once

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "speech/voice.h"

namespace citadel::speech {

// espeak-ng could not start (its data is missing): `citadel serve --no-speech` runs without it.
struct SpeechError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A word the voice read: its first character and length in code points of the text it read, and
// when it starts in the audio.
struct WordEvent {
    uint32_t position = 0, length = 0;
    uint32_t at_ms = 0;
};

// 16-bit mono samples.
struct Pcm {
    int                    rate = 0;
    std::vector<int16_t>   samples;
    std::vector<WordEvent> words;
    uint32_t               duration_ms() const {
                      return rate ? uint32_t(uint64_t(samples.size()) * 1000 / uint64_t(rate)) : 0;
    }
};

// Why a text was not spoken: over a limit below, or espeak-ng failed.
struct Unspoken {
    bool        over_limit = false;
    std::string message;
};

// How much one text may cost: a longer recording, or longer work, is given up.
struct SynthesisLimits {
    uint32_t                  max_audio_ms = 300'000;
    std::chrono::milliseconds max_time{ 30'000 };
};

class Synthesiser {
  public:
    Synthesiser(); // throws SpeechError when espeak-ng cannot start
    // `text`, UTF-8, in `voice`; or why it could not be spoken.
    std::variant<Pcm, Unspoken> speak(
        const Voice& voice, std::string_view text, const SynthesisLimits& limits = {});
};

} // namespace citadel::speech
