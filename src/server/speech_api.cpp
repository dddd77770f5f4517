#include "server/speech_api.h"

#include "speech/voice.h"

namespace citadel::server {

namespace {

using speech::Spoken;

Reply spoken_reply(const speech::Recording& recording, bool synthesised, bool audio) {
    Reply r;
    if (audio)
        r.file = File{ "audio/mpeg", "", recording.mp3 };
    else {
        json words = json::array();
        for (const auto& w : recording.words)
            words.push_back({ { "start", w.start }, { "length", w.length }, { "at_ms", w.at_ms } });
        r.body = { { "duration_ms", recording.duration_ms }, { "words", std::move(words) } };
    }
    r.headers = { { "Cache-Control", "public, max-age=31536000, immutable" },
        { "X-Citadel-Speech", synthesised ? "synthesised" : "cached" } };
    return r;
}

Reply failure_reply(const Spoken& s) {
    switch (s.failure) {
    case Spoken::Failure::Busy:
        return error_reply("rate_limited", s.message);
    case Spoken::Failure::TooLong:
        return error_reply("too_large", s.message);
    default:
        return error_reply("speech_failed", s.message);
    }
}

} // namespace

SpeechApi::SpeechApi(speech::Speaker& speaker, SpeechLimits limits)
    : speaker_(speaker)
    , made_(limits.made_per_second, limits.made_burst, limits.max_clients) { }

Reply SpeechApi::audio(const ApiRequest& request) { return answer(request, true); }
Reply SpeechApi::words(const ApiRequest& request) { return answer(request, false); }

Reply SpeechApi::answer(const ApiRequest& request, bool audio) {
    const std::string_view q = request.query;
    if (!query_well_formed(q))
        return error_reply("bad_request", "the query has a malformed %-escape");
    auto lang = has_query_value(q, "lang") ? speech::spoken_language(query_value(q, "lang"))
                                           : std::optional(learn::Lang::En);
    if (!lang) return error_reply("bad_request", "lang: en, zh or vi");
    if (!has_query_value(q, "text")) return error_reply("bad_request", "text: missing");
    auto utterance = speech::Speaker::utterance(*lang, query_value(q, "text"));
    if (auto* refusal = std::get_if<speech::TextRefusal>(&utterance))
        return error_reply(refusal->too_long ? "too_large" : "bad_request", refusal->message);
    auto& u = std::get<speech::Utterance>(utterance);
    if (auto cached = speaker_.cached(u)) return spoken_reply(*cached, false, audio);
    if (!made_.allow(request.client))
        return error_reply(
            "rate_limited", "this address has had many new texts spoken; try again in a minute");
    Reply r;
    r.later = [&speaker = speaker_, u = std::move(u), audio](
                  std::function<void(Reply)> respond) mutable {
        speaker.speak(std::move(u), [respond = std::move(respond), audio](Spoken s) {
            respond(
                s.recording ? spoken_reply(*s.recording, s.synthesised, audio) : failure_reply(s));
        });
    };
    return r;
}

} // namespace citadel::server
