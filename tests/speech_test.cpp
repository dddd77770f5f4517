// Speech with its voice (src/speech): each language speaks a course text as real speech (loud
// enough, as long as its length asks, MP3 frames of the declared format and length) with word
// timings in order over the text; hostile texts are spoken or refused without harm; the disk
// cache answers again, survives a restart and forgets the least recently used; the Speaker makes
// a text once however many ask, and answers busy rather than queue without bound.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <lame/lame.h>
#include <thread>

#include "learn/course.h"
#include "speech/mp3.h"
#include "speech/speaker.h"
#include "speech/timings.h"
#include "speech/utf8.h"
#include "speech/voice.h"
#include "temp_dir.h"

namespace citadel::speech {
namespace {

namespace fs = std::filesystem;
using learn::Lang;
using namespace std::chrono_literals;

double rms(const std::vector<int16_t>& samples) {
    double sum = 0;
    for (int16_t s : samples) sum += double(s) * s;
    return samples.empty() ? 0 : std::sqrt(sum / double(samples.size()));
}

// The frames of an MPEG-2 Layer III stream, each checked: mono, its sample rate and bit rate.
struct Mp3Frames {
    int  frames = 0, rate = 0, kbps = 0;
    bool whole = false; // the frames fill the bytes exactly
};

Mp3Frames mp3_frames(const std::string& mp3) {
    static const int kbps[]  = { 0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160 };
    static const int rates[] = { 22050, 24000, 16000 };
    Mp3Frames        out;
    size_t           at = 0;
    while (at + 4 <= mp3.size()) {
        const auto b = [&](size_t i) { return static_cast<unsigned char>(mp3[at + i]); };
        // Sync, MPEG-2, Layer III, no CRC; mono.
        if (b(0) != 0xFF || b(1) != 0xF3 || (b(3) >> 6) != 3) return out;
        const int bitrate = b(2) >> 4, rate = (b(2) >> 2) & 3, padding = (b(2) >> 1) & 1;
        if (bitrate == 0 || bitrate > 14 || rate > 2) return out;
        out.rate = rates[rate], out.kbps = kbps[bitrate];
        at += size_t(72000 * out.kbps / out.rate + padding);
        ++out.frames;
    }
    out.whole = at == mp3.size();
    return out;
}

// The MP3 decoded (LAME's decoder), frame by frame.
std::vector<int16_t> decoded(const std::string& mp3) {
    hip_t                h = hip_decode_init();
    std::vector<int16_t> pcm;
    std::vector<short>   left(4608), right(4608); // a frame at most
    auto*                bytes = reinterpret_cast<unsigned char*>(const_cast<char*>(mp3.data()));
    for (size_t at = 0; at < mp3.size(); at += 512) {
        int n = hip_decode1(
            h, bytes + at, std::min<size_t>(512, mp3.size() - at), left.data(), right.data());
        for (; n > 0; n = hip_decode1(h, nullptr, 0, left.data(), right.data()))
            pcm.insert(pcm.end(), left.begin(), left.begin() + n);
    }
    hip_decode_exit(h);
    return pcm;
}

// The UTF-16 code units of a UTF-8 text, as the word timings count them.
std::u32string utf16_units(std::string_view text) {
    std::vector<char32_t> codes;
    decode_utf8(text, codes);
    std::u32string units; // one element per unit: the code point, repeated for a pair
    for (char32_t c : codes) units.append(utf16_length(c), c);
    return units;
}

// Letters and digits of the three languages (punctuation, Chinese's included, is not).
bool is_word_char(char32_t c) {
    const bool punctuation = (c >= 0x2000 && c <= 0x206F) || (c >= 0x3000 && c <= 0x303F)
        || (c >= 0xFF00 && c <= 0xFF20);
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || (c >= 0xC0 && !punctuation);
}

struct Sample {
    Lang        lang;
    const char* key; // a course text
    int         min_ms_per_char, max_ms_per_char; // measured: en 87, zh 305, vi 76
};

TEST(SpeechVoice, EachLanguageSpeaksACourseText) {
    const Sample samples[] = { { Lang::En, "checkmate.learn.2", 40, 200 },
        { Lang{ "zh" }, "checkmate.learn.2", 150, 600 },
        { Lang{ "vi" }, "checkmate.learn.2", 40, 200 } };
    Synthesiser  synthesiser;
    for (const Sample& s : samples) {
        SCOPED_TRACE(s.lang.id);
        const std::string text   = learn::Course::builtin().texts()(s.lang, s.key);
        const auto        spoken = std::get<SpokenText>(spoken_text(s.lang, text));
        auto              made   = synthesiser.speak(voice_of(s.lang), spoken.text);
        ASSERT_TRUE(std::holds_alternative<Pcm>(made)) << std::get<Unspoken>(made).message;
        const Pcm& pcm = std::get<Pcm>(made);

        // Real speech: loud enough, and as long as the text asks.
        EXPECT_GT(rms(pcm.samples), 1000.0);
        const std::u32string units = utf16_units(text);
        const double         per   = double(pcm.duration_ms()) / double(units.size());
        EXPECT_GE(per, s.min_ms_per_char);
        EXPECT_LE(per, s.max_ms_per_char);

        // The words in order, each starting on a letter, said in order within the audio, covering
        // the text's letters.
        const auto words = word_timings(spoken, pcm.words);
        ASSERT_GE(words.size(), 10u);
        size_t covered = 0, letters = 0;
        for (size_t i = 0; i < words.size(); ++i) {
            const WordTiming& w = words[i];
            ASSERT_LE(w.start + w.length, units.size());
            EXPECT_TRUE(is_word_char(units[w.start])) << "word " << i;
            EXPECT_LT(w.at_ms, pcm.duration_ms());
            if (i > 0) {
                EXPECT_GE(w.start, words[i - 1].start + words[i - 1].length);
                EXPECT_GE(w.at_ms, words[i - 1].at_ms);
            }
            for (uint32_t k = w.start; k < w.start + w.length; ++k)
                covered += is_word_char(units[k]);
        }
        for (char32_t c : units) letters += is_word_char(c);
        EXPECT_GE(double(covered), 0.95 * double(letters));

        // The MP3: frames of the declared format, as long as the samples (less LAME's Info frame;
        // its delay and padding make up to about three frames), and decoded, speech as loud.
        const std::string mp3    = encode_mp3(pcm.samples, pcm.rate);
        const Mp3Frames   frames = mp3_frames(mp3);
        EXPECT_TRUE(frames.whole);
        EXPECT_EQ(frames.rate, pcm.rate);
        EXPECT_EQ(frames.kbps, kMp3Kbps);
        const double frame_ms = 576 * 1000.0 / frames.rate;
        EXPECT_NEAR((frames.frames - 1) * frame_ms, pcm.duration_ms(), 3 * frame_ms);
        const auto heard = decoded(mp3);
        EXPECT_NEAR(double(heard.size()) * 1000 / pcm.rate, pcm.duration_ms(), 3 * frame_ms);
        EXPECT_NEAR(rms(heard), rms(pcm.samples), 0.2 * rms(pcm.samples));
    }
}

// Waits for the Speaker's answer.
Spoken spoken_by(Speaker& speaker, const Lang& lang, std::string_view text) {
    auto u = Speaker::utterance(lang, text);
    EXPECT_TRUE(std::holds_alternative<Utterance>(u)) << text;
    std::promise<Spoken> answer;
    auto                 future = answer.get_future();
    speaker.speak(std::get<Utterance>(u), [&](Spoken s) { answer.set_value(std::move(s)); });
    EXPECT_EQ(future.wait_for(60s), std::future_status::ready);
    return future.get();
}

TEST(SpeechVoice, HostileTextsAreSpokenOrRefusedCleanly) {
    TempDir        dir;
    SpeakerOptions options;
    options.cache_dir           = dir.path;
    options.limits.max_audio_ms = 60'000;
    Speaker speaker(options);

    std::string planes; // characters from every plane: letters, CJK, private use, noncharacters
    for (char32_t plane = 0; plane <= 16; ++plane)
        for (char32_t low : { 0x41, 0x301, 0x4E00, 0xE000, 0xFFFD, 0xFFFE, 0xFFFF })
            append_utf8(planes, (plane << 16) | low);
    for (char32_t c : { 0x200B, 0x202E, 0xFEFF, 0x1F600, 0x10FFFD }) append_utf8(planes, c);
    std::string combining = "a";
    for (int i = 0; i < 300; ++i) append_utf8(combining, 0x301);
    std::string alternating, digits(kMaxChars, '7');
    for (size_t i = 0; i < kMaxChars; ++i) alternating += "ab"[i % 2];
    const std::string texts[] = { "<speak><audio src='x'/>hi</speak>", "[[h@l'oU]]",
        std::string(kMaxChars, '#'), std::string(kMaxChars, '<'), planes, combining, alternating,
        digits, "Kxg7#!?,;:()[]{}", std::string(kMaxChars, ' ') };
    for (const Lang& lang : speech::spoken_languages())
        for (const std::string& text : texts) {
            Spoken s = spoken_by(speaker, lang, text);
            EXPECT_TRUE(s.recording || s.failure == Spoken::Failure::TooLong)
                << lang.id << " " << text.substr(0, 40) << ": " << s.message;
        }
    // Past the limits: refused, and the voice speaks the next text as ever.
    options.cache_dir           = dir.path / "short";
    options.limits.max_audio_ms = 1000;
    Speaker short_limits(options);
    Spoken  cut = spoken_by(short_limits, Lang::En, "This sentence takes longer than one second.");
    EXPECT_EQ(cut.failure, Spoken::Failure::TooLong);
    EXPECT_NE(cut.message.find("over 1 s"), std::string::npos) << cut.message;
    Spoken next = spoken_by(short_limits, Lang::En, "Check!");
    ASSERT_TRUE(next.recording) << next.message;
    EXPECT_GT(next.recording->mp3.size(), 1000u);
}

TEST(SpeechCache, KeepsFindsAndSurvivesARestart) {
    TempDir         dir;
    const Recording r{ "MP3 BYTES\n\0 with a NUL", 1234, { { 0, 5, 0 }, { 6, 4, 700 } } };
    {
        SpeechCache cache(dir.path, 1 << 20);
        EXPECT_FALSE(cache.find("k"));
        cache.keep("k", r);
        auto found = cache.find("k");
        ASSERT_TRUE(found);
        EXPECT_EQ(found->mp3, r.mp3);
        EXPECT_EQ(found->duration_ms, 1234u);
        EXPECT_EQ(found->words, r.words);
    }
    SpeechCache again(dir.path, 1 << 20);
    EXPECT_EQ(again.size(), 1u);
    ASSERT_TRUE(again.find("k"));
    EXPECT_EQ(again.find("k")->words, r.words);
    EXPECT_FALSE(again.find("another key"));
}

TEST(SpeechCache, AFileThatDoesNotParseIsAMiss) {
    TempDir     dir;
    SpeechCache cache(dir.path, 1 << 20);
    cache.keep("k", { "mp3", 10, {} });
    for (const auto& file : fs::directory_iterator(dir.path))
        std::ofstream(file.path(), std::ios::trunc) << "citadel-speech 1 1 999999 10 0\nk";
    EXPECT_FALSE(cache.find("k"));
}

TEST(SpeechCache, ForgetsTheLeastRecentlyUsedFirst) {
    TempDir         dir;
    const Recording r{ std::string(1000, 'x'), 1, {} };
    SpeechCache     cache(dir.path, 2500); // two recordings fit
    cache.keep("a", r);
    cache.keep("b", r);
    ASSERT_TRUE(cache.find("a")); // a is now the more recent
    cache.keep("c", r);
    EXPECT_TRUE(cache.find("a"));
    EXPECT_FALSE(cache.find("b"));
    EXPECT_TRUE(cache.find("c"));
    EXPECT_LE(cache.bytes(), 2500u);
    // The order survives a restart, and a smaller bound forgets the oldest.
    ASSERT_TRUE(cache.find("a"));
    SpeechCache smaller(dir.path, 1500);
    EXPECT_EQ(smaller.size(), 1u);
    EXPECT_TRUE(smaller.find("a"));
}

TEST(SpeechSpeaker, TheSecondRequestIsServedFromTheCache) {
    TempDir        dir;
    SpeakerOptions options;
    options.cache_dir      = dir.path;
    const std::string text = learn::Course::builtin().texts()(
        Lang{ "vi" }, "say.escape.run_yes", { { "moves", "Vua đi đến g7 và Vua đi đến h8" } });
    {
        Speaker speaker(options);
        auto    u = std::get<Utterance>(Speaker::utterance(Lang{ "vi" }, text));
        EXPECT_FALSE(speaker.cached(u));
        Spoken first = spoken_by(speaker, Lang{ "vi" }, text);
        ASSERT_TRUE(first.recording) << first.message;
        EXPECT_TRUE(first.synthesised);
        Spoken second = spoken_by(speaker, Lang{ "vi" }, text);
        ASSERT_TRUE(second.recording);
        EXPECT_FALSE(second.synthesised);
        EXPECT_EQ(second.recording->mp3, first.recording->mp3);
        EXPECT_EQ(second.recording->words, first.recording->words);
        EXPECT_EQ(speaker.synthesised(), 1u);
        ASSERT_TRUE(speaker.cached(u));
    }
    Speaker restarted(options);
    EXPECT_FALSE(spoken_by(restarted, Lang{ "vi" }, text).synthesised);
    EXPECT_EQ(restarted.synthesised(), 0u);
    // Another language is another recording.
    EXPECT_TRUE(spoken_by(restarted, Lang::En, text).synthesised);
}

TEST(SpeechSpeaker, ConcurrentRequestsForOneTextSynthesiseOnce) {
    TempDir        dir;
    SpeakerOptions options;
    options.cache_dir = dir.path;
    Speaker                  speaker(options);
    std::vector<std::thread> clients;
    std::atomic<int>         answered = 0;
    for (int i = 0; i < 8; ++i)
        clients.emplace_back([&] {
            if (spoken_by(speaker, Lang::En, "Nxe5+ wins the queen.").recording) ++answered;
        });
    for (auto& t : clients) t.join();
    EXPECT_EQ(answered.load(), 8);
    EXPECT_EQ(speaker.synthesised(), 1u);
}

TEST(SpeechSpeaker, AFullQueueOrALongWaitIsAnsweredBusy) {
    TempDir        dir;
    SpeakerOptions options;
    options.cache_dir   = dir.path;
    options.max_waiting = 1;
    Speaker                         speaker(options);
    std::atomic<int>                busy = 0, made = 0;
    std::vector<std::future<void>>  pending;
    std::vector<std::promise<void>> done(5);
    for (int i = 0; i < 5; ++i) {
        auto u = std::get<Utterance>(
            Speaker::utterance(Lang::En, "A text of its own, number " + std::to_string(i)));
        pending.push_back(done[size_t(i)].get_future());
        speaker.speak(u, [&, i](Spoken s) {
            ++(s.failure == Spoken::Failure::Busy ? busy : made);
            done[size_t(i)].set_value();
        });
    }
    for (auto& f : pending) EXPECT_EQ(f.wait_for(60s), std::future_status::ready);
    EXPECT_GE(busy.load(), 3); // one being made, one waiting, the rest refused
    EXPECT_EQ(busy.load() + made.load(), 5);

    options.cache_dir = dir.path / "impatient";
    options.max_wait  = 0ms;
    Speaker impatient(options);
    EXPECT_EQ(spoken_by(impatient, Lang::En, "Too late.").failure, Spoken::Failure::Busy);
}

} // namespace
} // namespace citadel::speech
