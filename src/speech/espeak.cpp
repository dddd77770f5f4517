#include "speech/espeak.h"

#include <dlfcn.h>

namespace citadel::speech {

namespace {

struct Opened {
    Espeak      api{};
    bool        ok = false;
    std::string why;
};

Opened open_library() {
    Opened o;
    // The runtime name (libespeak-ng1), not the development symlink: a server needs no -dev
    // package.
    void* const lib = dlopen("libespeak-ng.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        o.why = dlerror();
        return o;
    }
    // Never closed: espeak-ng's state lives as long as the process.
    bool found = true;
    auto get   = [&]<typename F>(F& f, const char* name) {
        f = reinterpret_cast<F>(dlsym(lib, name));
        if (!f && found) {
            found = false;
            o.why = std::string("libespeak-ng.so.1 has no ") + name;
        }
    };
    Espeak& a = o.api;
    get(a.ng_InitializePath, "espeak_ng_InitializePath");
    get(a.ng_Initialize, "espeak_ng_Initialize");
    get(a.ng_InitializeOutput, "espeak_ng_InitializeOutput");
    get(a.ng_GetStatusCodeMessage, "espeak_ng_GetStatusCodeMessage");
    get(a.ng_ClearErrorContext, "espeak_ng_ClearErrorContext");
    get(a.SetSynthCallback, "espeak_SetSynthCallback");
    get(a.ng_SetVoiceByName, "espeak_ng_SetVoiceByName");
    get(a.ng_SetParameter, "espeak_ng_SetParameter");
    get(a.ng_GetSampleRate, "espeak_ng_GetSampleRate");
    get(a.ng_Synthesize, "espeak_ng_Synthesize");
    get(a.ng_Cancel, "espeak_ng_Cancel");
    get(a.Info, "espeak_Info");
    o.ok = found;
    return o;
}

} // namespace

const Espeak* espeak(std::string* why) {
    static const Opened opened = open_library();
    if (!opened.ok && why) *why = opened.why;
    return opened.ok ? &opened.api : nullptr;
}

} // namespace citadel::speech
