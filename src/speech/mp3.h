// Speech as MP3 through LAME: every browser plays it (Safari included, which plays no Ogg Vorbis),
// and a constant 32 kbit/s mono at the synthesiser's 22 050 Hz is about 4 KB a second, a tenth
// of the WAV. The first frame is LAME's Info tag (the length and the encoder's delay), so players
// that honour it start and stop exactly where the speech does.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace citadel::speech {

inline constexpr int kMp3Kbps = 32;

std::string encode_mp3(std::span<const int16_t> samples, int rate);

} // namespace citadel::speech
