// Speech, the front door (docs/speech.md): a text of up to 600 characters in English, Chinese or
// Vietnamese becomes an MP3 and the times its words are said, for children who cannot read it
// yet. The text path (text.h) checks the text and says chess notation in words, on the caller's
// thread; a recording already made comes from the disk cache (cache.h) there too; anything else
// is made on the Speaker's one worker thread (espeak-ng keeps global state, synthesiser.h), fed by
// a bounded queue: a text asked for while it is being made is made once for everyone waiting, a
// full queue answers "busy" at once, and a text that waited too long is answered "busy" rather
// than made for a client that has given up. The answer always comes, once, through the callback.
//
//   text.h, spoken_forms.h  the text path: checked, chess in words, each character's span kept
//   voice.h                 each language's voice and speed
//   synthesiser.h           espeak-ng: samples and word events
//   timings.h               word events -> the words of the client's text
//   mp3.h                   LAME: the MP3
//   cache.h                 the recordings on disk, the least recently used leaving first
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <variant>
#include <vector>

#include "speech/cache.h"
#include "speech/recording.h"
#include "speech/synthesiser.h"
#include "speech/text.h"

namespace citadel::speech {

struct SpeakerOptions {
    std::filesystem::path     cache_dir;
    uint64_t                  cache_bytes = uint64_t(256) << 20;
    size_t                    max_waiting = 32; // texts queued for the synthesiser at most
    std::chrono::milliseconds max_wait{ 20'000 }; // longer in the queue: answered busy
    SynthesisLimits           limits;
};

// A text ready to be spoken: checked, said in words, and keyed by everything that decides its
// sound.
struct Utterance {
    learn::Lang lang = learn::Lang::En;
    SpokenText  spoken;
    std::string key;
};

// The answer to a request: the recording, or why there is none.
struct Spoken {
    // Busy: the queue is full, or the text waited too long. TooLong: it would take too long to
    // say (SynthesisLimits). Failed: espeak-ng or LAME failed.
    enum class Failure { None, Busy, TooLong, Failed };
    std::shared_ptr<const Recording> recording; // null on a failure
    bool                             synthesised = false; // made for this request, not cached
    Failure                          failure     = Failure::None;
    std::string                      message;

    static Spoken of(std::shared_ptr<const Recording> recording, bool synthesised) {
        Spoken s;
        s.recording   = std::move(recording);
        s.synthesised = synthesised;
        return s;
    }
    static Spoken refused(Failure failure, std::string message) {
        Spoken s;
        s.failure = failure;
        s.message = std::move(message);
        return s;
    }
};

class Speaker {
  public:
    // Throws SpeechError when espeak-ng cannot start or the cache folder cannot be made.
    explicit Speaker(SpeakerOptions options);
    ~Speaker(); // texts still waiting are answered busy
    Speaker(const Speaker&)            = delete;
    Speaker& operator=(const Speaker&) = delete;

    // The text path and the key (no synthesis, no disk).
    static std::variant<Utterance, TextRefusal> utterance(
        const learn::Lang& lang, std::string_view text);

    // The recording if it is cached (a small file read, on this thread), else null.
    std::shared_ptr<const Recording> cached(const Utterance& utterance);
    // Answers once through `done`: cached, at once on this thread; otherwise on the worker thread
    // once made, or busy at once when the queue is full.
    void speak(Utterance utterance, std::function<void(Spoken)> done);

    uint64_t           synthesised() const { return synthesised_.load(); }
    const SpeechCache& cache() const { return cache_; }

  private:
    using Clock = std::chrono::steady_clock;
    struct Job {
        Utterance         utterance;
        Clock::time_point queued;
    };
    void   work();
    Spoken make(const Utterance& utterance);
    void   answer(const std::string& key, const Spoken& spoken);

    SpeakerOptions                                                            options_;
    SpeechCache                                                               cache_;
    Synthesiser                                                               synthesiser_;
    std::mutex                                                                mutex_;
    std::condition_variable                                                   ready_;
    std::deque<Job>                                                           queue_;
    std::unordered_map<std::string, std::vector<std::function<void(Spoken)>>> waiting_; // by key
    bool                                                                      stop_ = false;
    std::atomic<uint64_t>                                                     synthesised_{ 0 };
    std::thread                                                               worker_;
};

} // namespace citadel::speech
