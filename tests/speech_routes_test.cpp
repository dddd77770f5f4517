// The speech routes (server/speech_api.cpp through server/routes.cpp): audio and word timings for
// a text, made later off the network threads and then answered from the cache at once; bad
// requests refused with the field named; the limit of recordings made for one address; a server
// without speech says so.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <cstdlib>
#include <filesystem>
#include <future>

#include "server/routes.h"
#include "server/speech_api.h"
#include "server/sqlite_storage.h"
#include "server_support.h"

namespace citadel::server {
namespace {

using namespace std::chrono_literals;

speech::SpeakerOptions options_in(const std::filesystem::path& dir) {
    speech::SpeakerOptions o;
    o.cache_dir = dir;
    return o;
}

struct SpeechRoutes : testing::Test {
    std::filesystem::path dir = [] {
        std::string pattern
            = (std::filesystem::temp_directory_path() / "citadel-speech-routes-XXXXXX").string();
        return std::filesystem::path(mkdtemp(pattern.data()));
    }();
    boost::asio::io_context io;
    SqliteStorage           storage{ ":memory:" };
    EnginePool              engines{ std::make_unique<IdleChooser>(), 1 };
    GameService             games{ io, storage, engines };
    speech::Speaker         speaker{ options_in(dir) };
    SpeechApi               api{ speaker, SpeechLimits{ 0, 3, 100 } }; // three made per address

    ~SpeechRoutes() override { std::filesystem::remove_all(dir); }

    Reply get(std::string_view path, std::string_view query, std::string_view client = "1.2.3.4") {
        return dispatch({ games, &api }, { "GET", path, "", query, client });
    }
};

// The answer, once it has come.
Reply settled(Reply r) {
    if (!r.later) return r;
    std::promise<Reply> answer;
    auto                future = answer.get_future();
    r.later([&](Reply a) { answer.set_value(std::move(a)); });
    EXPECT_EQ(future.wait_for(60s), std::future_status::ready);
    return future.get();
}

std::string header(const Reply& r, std::string_view name) {
    for (const auto& [n, v] : r.headers)
        if (n == name) return v;
    return "";
}

TEST_F(SpeechRoutes, AudioIsMadeLaterThenServedFromTheCache) {
    const std::string query
        = "lang=zh&text=%E7%8E%8B%E8%83%BD%E8%B7%91%E5%90%97%EF%BC%9F"; // 王能跑吗？
    Reply first = get("/api/speech", query);
    ASSERT_TRUE(first.later); // no network thread waits for the synthesiser
    first = settled(std::move(first));
    ASSERT_TRUE(first.file) << first.body.dump();
    EXPECT_EQ(first.file->content_type, "audio/mpeg");
    EXPECT_EQ(first.file->filename, ""); // played in place, not downloaded
    EXPECT_GT(first.file->bytes.size(), 2000u);
    EXPECT_EQ(header(first, "X-Citadel-Speech"), "synthesised");
    EXPECT_NE(header(first, "Cache-Control").find("max-age"), std::string::npos);

    Reply again = get("/api/speech", query);
    ASSERT_FALSE(again.later);
    ASSERT_TRUE(again.file);
    EXPECT_EQ(again.file->bytes, first.file->bytes);
    EXPECT_EQ(header(again, "X-Citadel-Speech"), "cached");
    EXPECT_EQ(speaker.synthesised(), 1u);

    Reply words = get("/api/speech/words", query); // the same recording
    ASSERT_FALSE(words.later);
    EXPECT_EQ(words.status, 200);
    EXPECT_GT(words.body["duration_ms"].get<int>(), 800);
    ASSERT_EQ(words.body["words"].size(), 4u); // one a character
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(words.body["words"][i]["start"], i);
        EXPECT_EQ(words.body["words"][i]["length"], 1);
    }
    EXPECT_EQ(words.body["words"][0]["at_ms"], 0);
    EXPECT_GT(words.body["words"][3]["at_ms"], words.body["words"][2]["at_ms"]);
}

TEST_F(SpeechRoutes, WordsCountUtf16UnitsAsJavaScriptDoes) {
    Reply r = settled(get("/api/speech/words", "lang=en&text=%F0%9F%98%80+Nxe5%2B+wins"));
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(header(r, "X-Citadel-Speech"), "synthesised");
    const json& words = r.body["words"];
    ASSERT_GE(words.size(), 2u) << r.body.dump();
    const json& last = words.back();
    const json& move = words[words.size() - 2];
    EXPECT_EQ(move["start"], 3); // after the emoji's two units and the space
    EXPECT_EQ(move["length"], 5);
    EXPECT_EQ(last["start"], 9);
    EXPECT_EQ(last["length"], 4);
}

TEST_F(SpeechRoutes, BadRequestsAreRefusedWithTheFieldNamed) {
    auto code = [&](std::string_view path, std::string_view query) {
        Reply r = get(path, query);
        EXPECT_FALSE(r.later) << query;
        return r.body.value("code", "") + " " + std::to_string(r.status) + " "
            + r.body.value("message", "");
    };
    EXPECT_TRUE(code("/api/speech", "lang=en").starts_with("bad_request 400 text: missing"));
    EXPECT_TRUE(code("/api/speech/words", "lang=fr&text=hi").starts_with("bad_request 400 lang"));
    EXPECT_TRUE(code("/api/speech", "text=%zz").starts_with("bad_request 400"));
    EXPECT_TRUE(
        code("/api/speech", "text=%C3%28").starts_with("bad_request 400 text: not valid UTF-8"));
    EXPECT_TRUE(code("/api/speech", "text=a%07b").starts_with("bad_request 400 text: the control"));
    EXPECT_TRUE(code("/api/speech", "text=" + std::string(601, 'a')).starts_with("too_large 413"));
    EXPECT_TRUE(get("/api/speech", "text=hi").later); // English when no lang is given
    EXPECT_EQ(dispatch({ games, &api }, { "POST", "/api/speech", "", "text=hi" }).status, 405);
}

TEST_F(SpeechRoutes, OneAddressMayHaveOnlySoManyTextsMade) {
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(settled(get("/api/speech", "text=number+" + std::to_string(i))).status, 200);
    Reply refused = get("/api/speech", "text=number+3");
    EXPECT_EQ(refused.body["code"], "rate_limited");
    EXPECT_EQ(refused.status, 429);
    // Cached texts are still served to it, and another address has its own limit.
    EXPECT_EQ(get("/api/speech", "text=number+0").status, 200);
    EXPECT_EQ(settled(get("/api/speech", "text=number+3", "5.6.7.8")).status, 200);
}

TEST_F(SpeechRoutes, AServerWithoutSpeechSaysSo) {
    Reply r = dispatch(games, { "GET", "/api/speech", "", "text=hi" });
    EXPECT_EQ(r.status, 404);
    EXPECT_EQ(r.body["code"], "not_found");
    EXPECT_NE(r.body["message"].get<std::string>().find("--no-speech"), std::string::npos);
}

} // namespace
} // namespace citadel::server
