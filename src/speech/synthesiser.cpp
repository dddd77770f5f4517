#include "speech/synthesiser.h"

#include <algorithm>
#include <mutex>

#include "speech/espeak.h"

namespace citadel::speech {

namespace {

using Clock = std::chrono::steady_clock;

// The text being spoken, as the callback fills it in.
struct Job {
    Pcm               pcm;
    size_t            max_samples = 0;
    Clock::time_point deadline;
    bool              cut = false; // over a limit: given up
};

// espeak-ng's one engine: started once, used by one text at a time.
struct Engine {
    std::mutex    mutex;
    const Espeak* api = nullptr; // the library, or null when it could not be opened
    std::string   failure; // why it could not start, or ""
    std::string   voice; // the voice set now
    Job*          job = nullptr;
};

int collect(short* wav, int count, espeak_EVENT* events);

Engine& engine() {
    static Engine* e = [] {
        auto*         made = new Engine; // never destroyed: espeak-ng's state outlives every user
        std::string   why;
        const Espeak* api = espeak(&why);
        if (!api) {
            made->failure = "espeak-ng cannot start: " + why;
            return made;
        }
        made->api = api;
        api->ng_InitializePath(nullptr);
        espeak_ng_ERROR_CONTEXT context = nullptr;
        espeak_ng_STATUS        status  = api->ng_Initialize(&context);
        if (status == ENS_OK)
            status = api->ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nullptr);
        if (status != ENS_OK) {
            char message[256];
            api->ng_GetStatusCodeMessage(status, message, sizeof message);
            made->failure = "espeak-ng cannot start: " + std::string(message);
        }
        api->ng_ClearErrorContext(&context);
        api->SetSynthCallback(collect);
        return made;
    }();
    return *e;
}

int collect(short* wav, int count, espeak_EVENT* events) {
    Job& job = *engine().job; // set while the engine's mutex is held
    if (wav && count > 0) job.pcm.samples.insert(job.pcm.samples.end(), wav, wav + count);
    for (espeak_EVENT* e = events; e && e->type != espeakEVENT_LIST_TERMINATED; ++e)
        if (e->type == espeakEVENT_WORD && e->text_position > 0 && e->length > 0)
            job.pcm.words.push_back({ uint32_t(e->text_position - 1), uint32_t(e->length),
                uint32_t(std::max(0, e->audio_position)) });
    job.cut = job.cut || job.pcm.samples.size() > job.max_samples || Clock::now() > job.deadline;
    return job.cut ? 1 : 0; // 1: stop
}

bool ok(espeak_ng_STATUS status) { return status == ENS_OK; }

} // namespace

Synthesiser::Synthesiser() {
    if (!engine().failure.empty()) throw SpeechError(engine().failure);
}

std::variant<Pcm, Unspoken> Synthesiser::speak(
    const Voice& voice, std::string_view text, const SynthesisLimits& limits) {
    Engine&         e = engine();
    std::lock_guard lock(e.mutex);
    const Espeak&   api = *e.api; // the constructor refused an engine that could not start
    if (e.voice != voice.name) {
        if (!ok(api.ng_SetVoiceByName(std::string(voice.name).c_str())))
            return Unspoken{ false, "espeak-ng has no voice " + std::string(voice.name) };
        e.voice = voice.name;
    }
    if (!ok(api.ng_SetParameter(espeakRATE, voice.rate, 0))
        || !ok(api.ng_SetParameter(espeakPITCH, voice.pitch, 0))
        || !ok(api.ng_SetParameter(espeakRANGE, voice.range, 0))
        || !ok(api.ng_SetParameter(espeakVOLUME, voice.volume, 0)))
        return Unspoken{ false, "espeak-ng refused the voice's settings" };

    Job job;
    job.pcm.rate    = api.ng_GetSampleRate();
    job.max_samples = size_t(uint64_t(limits.max_audio_ms) * uint64_t(job.pcm.rate) / 1000);
    job.deadline    = Clock::now() + limits.max_time;
    e.job           = &job;
    const std::string terminated(text); // espeak-ng reads up to the NUL
    // Plain UTF-8: no espeakSSML, no espeakPHONEMES, so nothing in the text is markup.
    const espeak_ng_STATUS status = api.ng_Synthesize(terminated.c_str(), terminated.size() + 1, 0,
        POS_CHARACTER, 0, espeakCHARS_UTF8, nullptr, nullptr);
    e.job                         = nullptr;
    if (job.cut) {
        api.ng_Cancel();
        return Unspoken{ true,
            "text: it would take over " + std::to_string(limits.max_audio_ms / 1000)
                + " s to say, or too long to make" };
    }
    if (!ok(status)) return Unspoken{ false, "espeak-ng could not speak the text" };
    return std::move(job.pcm);
}

} // namespace citadel::speech
