// How fast speech is (docs/speech.md, "Speed"): for each language, the time to speak course texts
// per 100 characters, cold (espeak-ng and LAME, then kept on disk) and cached (read back from
// the disk cache), and requests a second for a cached recording against a plain static file of
// the same size, both from one in-process server (2 network threads, keep-alive clients).
// Usage: build/citadel_speech_bench [texts per language] [seconds per HTTP run]
//        (default 12 texts, 3 seconds)
#include <algorithm>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

#include "learn/course.h"
#include "server/http_server.h"
#include "server/speech_api.h"
#include "server/sqlite_storage.h"
#include "speech/mp3.h"
#include "speech/speaker.h"
#include "speech/utf8.h"
#include "speech/voice.h"

using namespace citadel;
namespace fs    = std::filesystem;
namespace beast = boost::beast;
namespace http  = beast::http;
namespace net   = boost::asio;
using Clock     = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

size_t characters(std::string_view text) {
    std::vector<char32_t> codes;
    speech::decode_utf8(text, codes);
    return codes.size();
}

// The course's longest texts of a language: lesson steps, the likeliest to be spoken.
std::vector<std::string> course_texts(const learn::Lang& lang, size_t count) {
    std::vector<std::string> texts;
    for (const auto& [key, text] : learn::Course::builtin().texts().catalogue(lang))
        if (key.find(".learn.") != std::string::npos && text.find('{') == std::string::npos)
            texts.push_back(text);
    std::sort(texts.begin(), texts.end(),
        [](const auto& a, const auto& b) { return a.size() > b.size(); });
    texts.resize(std::min(count, texts.size()));
    return texts;
}

struct NoEngine final : server::MoveChooser {
    std::string choose(const server::EngineRequest&, const std::atomic<bool>&) override {
        return "";
    }
};

std::string url_encoded(std::string_view text) {
    static const char* hex = "0123456789ABCDEF";
    std::string        out;
    for (unsigned char c : text) {
        if (std::isalnum(c))
            out += char(c);
        else
            out += '%', out += hex[c >> 4], out += hex[c & 15];
    }
    return out;
}

// Requests a second for `target` from `clients` keep-alive connections over `seconds`.
double requests_per_second(
    unsigned short port, const std::string& target, int clients, double seconds) {
    std::atomic<long>        done   = 0;
    std::atomic<bool>        failed = false;
    const auto               stop   = Clock::now() + std::chrono::duration<double>(seconds);
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c)
        threads.emplace_back([&] {
            net::io_context   io;
            beast::tcp_stream stream(io);
            stream.connect({ net::ip::make_address("127.0.0.1"), port });
            http::request<http::empty_body> req{ http::verb::get, target, 11 };
            req.set(http::field::host, "127.0.0.1");
            req.keep_alive(true);
            beast::flat_buffer buffer;
            while (Clock::now() < stop) {
                http::write(stream, req);
                http::response<http::string_body> res;
                http::read(stream, buffer, res);
                if (res.result() != http::status::ok) failed = true;
                ++done;
            }
        });
    for (auto& t : threads) t.join();
    if (failed) std::printf("  (some answers were not 200 OK)\n");
    return double(done.load()) / seconds;
}

} // namespace

int main(int argc, char** argv) {
    const size_t   count   = argc > 1 ? size_t(std::max(1, std::atoi(argv[1]))) : 12;
    const double   seconds = argc > 2 ? std::max(0.5, std::atof(argv[2])) : 3.0;
    std::string    pattern = (fs::temp_directory_path() / "citadel-speech-bench-XXXXXX").string();
    const fs::path dir     = mkdtemp(pattern.data());

    speech::SpeakerOptions options;
    options.cache_dir = dir / "cache";
    speech::Speaker     speaker(options);
    speech::Synthesiser synthesiser;
    std::printf("speech: %zu course texts per language, ms per 100 characters\n", count);
    std::printf("%-4s %6s %8s %10s %8s %8s %8s\n", "lang", "chars", "audio s", "cold", "espeak",
        "mp3", "cached");
    for (const learn::Lang& lang : speech::spoken_languages()) {
        const auto texts = course_texts(lang, count);
        size_t     chars = 0;
        double     cold = 0, cached = 0, espeak = 0, mp3 = 0, audio_ms = 0;
        for (const std::string& text : texts) {
            chars += characters(text);
            auto u  = std::get<speech::Utterance>(speech::Speaker::utterance(lang, text));
            auto t0 = Clock::now();
            std::promise<speech::Spoken> answer;
            speaker.speak(u, [&](speech::Spoken s) { answer.set_value(std::move(s)); });
            const speech::Spoken made = answer.get_future().get();
            cold += ms_since(t0);
            if (!made.recording) {
                std::printf("  %s: not spoken: %s\n", text.c_str(), made.message.c_str());
                continue;
            }
            audio_ms += made.recording->duration_ms;
            t0 = Clock::now();
            if (!speaker.cached(u)) std::printf("  not cached: %s\n", text.c_str());
            cached += ms_since(t0);
            // The cold time's parts, again outside the Speaker.
            t0 = Clock::now();
            auto pcm
                = std::get<speech::Pcm>(synthesiser.speak(speech::voice_of(lang), u.spoken.text));
            espeak += ms_since(t0);
            t0 = Clock::now();
            speech::encode_mp3(pcm.samples, pcm.rate);
            mp3 += ms_since(t0);
        }
        const double per = 100.0 / double(chars);
        std::printf("%-4s %6zu %8.1f %10.1f %8.1f %8.1f %8.3f\n", lang.id.c_str(), chars,
            audio_ms / 1000, cold * per, espeak * per, mp3 * per, cached * per);
    }

    // HTTP: a cached recording against a static file of the same size, from the same server.
    const std::string text = course_texts(learn::Lang::En, 1).at(0);
    auto       u   = std::get<speech::Utterance>(speech::Speaker::utterance(learn::Lang::En, text));
    const auto mp3 = speaker.cached(u)->mp3;
    fs::create_directories(dir / "web");
    std::ofstream(dir / "web" / "same-size.mp3", std::ios::binary) << mp3;
    std::ofstream(dir / "web" / "index.html") << "<!doctype html><title>Citadel</title>";

    net::io_context       io(2);
    server::SqliteStorage storage(":memory:");
    server::EnginePool    engines(std::make_unique<NoEngine>(), 1);
    server::GameService   games(io, storage, engines);
    server::SpeechApi     api(speaker);
    server::StaticFiles   files((dir / "web").string());
    server::ServerLimits  limits;
    limits.rate_per_second = limits.rate_burst = 1e9; // measure the server, not its limit
    server::HttpServer http_server(io, games, files, limits, &api);
    http_server.listen("127.0.0.1", 0);
    std::vector<std::thread> network;
    for (int i = 0; i < 2; ++i) network.emplace_back([&] { io.run(); });

    const std::string speech_url = "/api/speech?lang=en&text=" + url_encoded(text);
    std::printf("\nHTTP, 4 keep-alive clients, %.1f s each (%zu-byte MP3, %zu characters):\n",
        seconds, mp3.size(), characters(text));
    const double cached_rps = requests_per_second(http_server.port(), speech_url, 4, seconds);
    const double static_rps = requests_per_second(http_server.port(), "/same-size.mp3", 4, seconds);
    const double small_rps  = requests_per_second(http_server.port(), "/index.html", 4, seconds);
    std::printf("  cached speech        %8.0f requests/s\n", cached_rps);
    std::printf("  static, same size    %8.0f requests/s   speech/static %.2f\n", static_rps,
        cached_rps / static_rps);
    std::printf("  static index.html    %8.0f requests/s   speech/static %.2f\n", small_rps,
        cached_rps / small_rps);
    io.stop();
    for (auto& t : network) t.join();
    fs::remove_all(dir);
    return 0;
}
