#include "speech/speaker.h"

#include "speech/mp3.h"
#include "speech/timings.h"
#include "speech/voice.h"

namespace citadel::speech {

namespace {

constexpr const char* kBusy = "the speech synthesiser is busy; try again in a moment";

} // namespace

Speaker::Speaker(SpeakerOptions options)
    : options_(std::move(options))
    , cache_(options_.cache_dir, options_.cache_bytes)
    , worker_([this] { work(); }) { }

Speaker::~Speaker() {
    std::deque<Job> left;
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
        left.swap(queue_);
    }
    ready_.notify_all();
    worker_.join();
    for (const Job& job : left)
        answer(job.utterance.key, Spoken::refused(Spoken::Failure::Busy, "the server is stopping"));
}

std::variant<Utterance, TextRefusal> Speaker::utterance(
    const learn::Lang& lang, std::string_view text) {
    auto spoken = spoken_text(lang, text);
    if (auto* refusal = std::get_if<TextRefusal>(&spoken)) return std::move(*refusal);
    Utterance u{ lang, std::move(std::get<SpokenText>(spoken)), {} };
    // What decides the sound and the timings: the voice, the MP3's rate, the client's text and
    // what the voice reads of it.
    u.key = describe(voice_of(lang)) + " mp3 " + std::to_string(kMp3Kbps) + "k\n" + lang.id + "\n"
        + std::string(text) + "\n" + u.spoken.text;
    return u;
}

std::shared_ptr<const Recording> Speaker::cached(const Utterance& utterance) {
    auto found = cache_.find(utterance.key);
    return found ? std::make_shared<const Recording>(std::move(*found)) : nullptr;
}

void Speaker::speak(Utterance utterance, std::function<void(Spoken)> done) {
    std::unique_lock lock(mutex_);
    if (auto it = waiting_.find(utterance.key); it != waiting_.end()) {
        it->second.push_back(std::move(done)); // being made: made once for all
        return;
    }
    // Under the lock: the worker keeps a recording before it stops waiting for it, so a text is
    // either waited for or found here, never made twice.
    if (auto found = cached(utterance)) {
        lock.unlock();
        return done(Spoken::of(std::move(found), false));
    }
    if (stop_ || queue_.size() >= options_.max_waiting) {
        lock.unlock();
        return done(Spoken::refused(Spoken::Failure::Busy, kBusy));
    }
    waiting_[utterance.key].push_back(std::move(done));
    queue_.push_back({ std::move(utterance), Clock::now() });
    lock.unlock();
    ready_.notify_one();
}

void Speaker::work() {
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [&] { return stop_ || !queue_.empty(); });
            if (stop_) return;
            job = std::move(queue_.front());
            queue_.pop_front();
        }
        if (Clock::now() - job.queued > options_.max_wait)
            answer(job.utterance.key, Spoken::refused(Spoken::Failure::Busy, kBusy));
        else
            answer(job.utterance.key, make(job.utterance));
    }
}

Spoken Speaker::make(const Utterance& utterance) {
    const SpokenText& spoken = utterance.spoken;
    auto pcm = synthesiser_.speak(voice_of(utterance.lang), spoken.text, options_.limits);
    if (auto* why = std::get_if<Unspoken>(&pcm))
        return Spoken::refused(
            why->over_limit ? Spoken::Failure::TooLong : Spoken::Failure::Failed, why->message);
    ++synthesised_;
    const Pcm& sound = std::get<Pcm>(pcm);
    auto       made  = std::make_shared<Recording>();
    try {
        made->mp3 = encode_mp3(sound.samples, sound.rate);
    } catch (const std::exception& e) {
        return Spoken::refused(Spoken::Failure::Failed, e.what());
    }
    made->duration_ms = sound.duration_ms();
    made->words       = word_timings(spoken, sound.words);
    cache_.keep(utterance.key, *made);
    return Spoken::of(std::move(made), true);
}

void Speaker::answer(const std::string& key, const Spoken& spoken) {
    std::vector<std::function<void(Spoken)>> waiting;
    {
        std::lock_guard lock(mutex_);
        auto            it = waiting_.find(key);
        if (it == waiting_.end()) return;
        waiting = std::move(it->second);
        waiting_.erase(it);
    }
    for (auto& done : waiting) done(spoken);
}

} // namespace citadel::speech
