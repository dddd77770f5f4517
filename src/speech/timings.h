// The synthesiser's word events (positions in the text the voice read) turned into the words of
// the client's text the browser highlights: each event's characters lead back to their spans
// (text.h); the spoken words of one written word ("Nxe5": "knight takes on e5") become that one
// word, said from the first of them.
#pragma once

#include <vector>

#include "speech/recording.h"
#include "speech/synthesiser.h"
#include "speech/text.h"

namespace citadel::speech {

std::vector<WordTiming> word_timings(
    const SpokenText& spoken, const std::vector<WordEvent>& events);

} // namespace citadel::speech
