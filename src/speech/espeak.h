// espeak-ng's library, opened the first time a text is spoken (dlopen), not when citadel starts:
// the library brings PulseAudio, ALSA, X11 and systemd's libraries with it, some thirty shared
// objects that `citadel uci` under a chess GUI, `citadel perft` and every other subcommand have no
// use for, and that cost each start tens of milliseconds. Only the declarations of its headers
// are compiled in; the functions are looked up by name in the library found at run time.
#pragma once

#include <espeak-ng/espeak_ng.h>
#include <espeak-ng/speak_lib.h>
#include <string>

namespace citadel::speech {

// The functions of espeak-ng that Citadel calls, named as the library names them.
struct Espeak {
    decltype(&espeak_ng_InitializePath)       ng_InitializePath;
    decltype(&espeak_ng_Initialize)           ng_Initialize;
    decltype(&espeak_ng_InitializeOutput)     ng_InitializeOutput;
    decltype(&espeak_ng_GetStatusCodeMessage) ng_GetStatusCodeMessage;
    decltype(&espeak_ng_ClearErrorContext)    ng_ClearErrorContext;
    decltype(&espeak_SetSynthCallback)        SetSynthCallback;
    decltype(&espeak_ng_SetVoiceByName)       ng_SetVoiceByName;
    decltype(&espeak_ng_SetParameter)         ng_SetParameter;
    decltype(&espeak_ng_GetSampleRate)        ng_GetSampleRate;
    decltype(&espeak_ng_Synthesize)           ng_Synthesize;
    decltype(&espeak_ng_Cancel)               ng_Cancel;
    decltype(&espeak_Info)                    Info;
};

// The library's functions, opened once (thread-safe); null when it cannot be opened, with the
// reason in `why` ("libespeak-ng.so.1: cannot open shared object file ...").
const Espeak* espeak(std::string* why = nullptr);

} // namespace citadel::speech
