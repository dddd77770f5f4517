// The course's routes (server/learn_api.cpp through server/routes.cpp): the shapes learn.md
// gives, the language of every text, and bad or hostile requests answered with the field named.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>

#include "server/routes.h"
#include "server/sqlite_storage.h"
#include "server_support.h"

namespace citadel::server {
namespace {

struct LearnRoutes : testing::Test {
    boost::asio::io_context io;
    SqliteStorage           storage{ ":memory:" };
    EnginePool              engines{ std::make_unique<IdleChooser>(), 1 };
    GameService             games{ io, storage, engines };

    Reply get(std::string_view path, std::string_view query = "") {
        return dispatch(games, { "GET", path, "", query });
    }
    Reply post(std::string_view path, std::string_view body) {
        return dispatch(games, { "POST", path, body, "" });
    }
};

TEST_F(LearnRoutes, TheCourseMapListsTheLessonsInTheirLanguage) {
    auto en = get("/api/learn/course");
    ASSERT_EQ(en.status, 200);
    const json& first = en.body["lessons"][0];
    EXPECT_EQ(first["id"], "check");
    EXPECT_EQ(first["title"], "Check");
    EXPECT_TRUE(first["levels"].is_array() && first["topics"].is_array());
    EXPECT_GT(first["learn_steps"].get<int>(), 0);
    EXPECT_EQ(first["practice"], "escape_check");
    EXPECT_TRUE(en.body["lessons"][7]["practice"].is_null()); // draws: nothing to make
    EXPECT_EQ(get("/api/learn/course", "lang=zh").body["lessons"][0]["title"], "将军");
    EXPECT_EQ(get("/api/learn/course", "lang=fr").body["code"], "bad_request");
    EXPECT_EQ(get("/api/learn/course", "lang=").body["code"], "bad_request");
}

TEST_F(LearnRoutes, ALessonHasItsStepsLevelsAndTip) {
    auto l = get("/api/learn/lessons/castling", "lang=vi");
    ASSERT_EQ(l.status, 200);
    EXPECT_FALSE(l.body["tip"].get<std::string>().empty());
    const json& step = l.body["learn"][0];
    for (const char* k : { "text", "variant", "fen", "arrows", "highlights", "moves" })
        EXPECT_TRUE(step.contains(k)) << k;
    EXPECT_EQ(step["arrows"][0], json::array({ "e1", "g1" }));
    EXPECT_EQ(step["checks"], json::parse(R"([[], []])")); // the start, then after e1g1
    const json& level = l.body["levels"][0];
    for (const char* k :
        { "id", "kind", "variant", "fen", "side", "goal", "goal_id", "par", "choices" })
        EXPECT_TRUE(level.contains(k)) << k;
    EXPECT_EQ(get("/api/learn/lessons/nope").status, 404);
    EXPECT_EQ(get("/api/learn/lessons/nope").body["code"], "not_found");
    auto choice = get("/api/learn/levels/castling-3", "lang=zh");
    EXPECT_EQ(choice.body["kind"], "choice");
    EXPECT_EQ(choice.body["choices"].size(), 3u);
    EXPECT_EQ(get("/api/learn/levels/en_passant-2").body["side"], "black");
}

TEST_F(LearnRoutes, MovesAreJudged) {
    auto solved = post(
        "/api/learn/levels/checkmate-1/move", R"({"line": [], "move": "a1a8", "lang": "zh"})");
    ASSERT_EQ(solved.status, 200) << solved.body.dump();
    EXPECT_EQ(solved.body["verdict"], "solved");
    EXPECT_EQ(solved.body["stars"], 3);
    EXPECT_EQ(solved.body["san"], "Ra8#");
    auto illegal = post("/api/learn/levels/escape-1/move", R"({"move": "e1e2"})");
    EXPECT_EQ(illegal.body["verdict"], "illegal");
    EXPECT_EQ(illegal.body["reason"], "king_would_be_attacked");
    EXPECT_EQ(illegal.body["arrows"], json::parse(R"([["e8", "e2"]])"));
    auto wrong = post("/api/learn/levels/escape-2/move", R"({"move": "e2d1"})");
    EXPECT_EQ(wrong.body["verdict"], "wrong");
    EXPECT_EQ(wrong.body["consequence"], json::array({ "a1d1" }));
    // The kings in check along what the board shows: after Bd1 none, after Rxd1 the white king.
    EXPECT_EQ(wrong.body["checks"], json::parse(R"([[], ["g1"]])"));
    EXPECT_EQ(get("/api/learn/levels/escape-2").body["check"], json::array({ "g1" }));
    EXPECT_EQ(get("/api/learn/levels/castling-1").body["check"], json::array());
    auto good = post("/api/learn/levels/checkmate-5/move", R"({"move": "a1a7"})");
    EXPECT_EQ(good.body["verdict"], "good");
    EXPECT_EQ(good.body["reply"], "e8d8");
    EXPECT_EQ(good.body["checks"], json::parse(R"([[], []])"));
    EXPECT_EQ(solved.body["checks"], json::parse(R"([["g8"]])"));
    auto then = post(
        "/api/learn/levels/checkmate-5/move", R"({"line": ["a1a7", "e8d8"], "move": "b2b8"})");
    EXPECT_EQ(then.body["verdict"], "solved");
    auto right = post("/api/learn/levels/castling-7/move", R"({"choice": "no", "hints": 1})");
    EXPECT_EQ(right.body["verdict"], "solved");
    EXPECT_EQ(right.body["stars"], 2);
    EXPECT_EQ(
        post("/api/learn/levels/castling-7/move", R"({"choice": "yes"})").body["verdict"], "wrong");
}

TEST_F(LearnRoutes, BadMoveRequestsNameTheField) {
    auto code = [&](std::string_view level, std::string_view body) {
        auto r = post("/api/learn/levels/" + std::string(level) + "/move", body);
        EXPECT_EQ(r.status, r.body["code"] == "not_found" ? 404 : 400) << r.body.dump();
        return r.body["code"].get<std::string>() + " " + r.body["message"].get<std::string>();
    };
    EXPECT_EQ(code("nope", "{}"), "not_found no level has the id 'nope'");
    EXPECT_EQ(code("checkmate-1", "[1]"), "bad_request the body must be a JSON object");
    EXPECT_EQ(code("checkmate-1", "{not json"), "bad_json the body is not valid JSON");
    EXPECT_EQ(code("checkmate-1", R"({"move": 5})"), "bad_request move: not a string");
    EXPECT_EQ(code("checkmate-1", R"({"line": "a1a8", "move": "a1a8"})"),
        "bad_request line: not a list of moves");
    EXPECT_EQ(code("checkmate-1", R"({"line": [1], "move": "a1a8"})"),
        "bad_request line: not a list of moves");
    EXPECT_EQ(code("checkmate-1", R"({"move": "a1a8", "lang": "xx"})"),
        "bad_request lang: one of en, vi, zh");
    EXPECT_EQ(code("checkmate-1", R"({"move": "a1a8", "lang": 7})"),
        "bad_request lang: one of en, vi, zh");
    EXPECT_EQ(code("checkmate-1", R"({"move": "a1a8", "mistakes": -1})"),
        "bad_request mistakes: a count from 0 to 1000");
    EXPECT_EQ(code("checkmate-1", R"({"move": "a1a8", "hints": 1.5})"),
        "bad_request hints: a count from 0 to 1000");
    EXPECT_EQ(
        code("checkmate-1", R"({"move": "\u0000\u0007"})").substr(0, 17), "bad_request move:");
    EXPECT_EQ(code("checkmate-1", R"({"line": ["a1a8"], "move": "a1a8"})").substr(0, 17),
        "bad_request line:");
    EXPECT_EQ(post("/api/learn/levels/checkmate-1/move", "{}").body["message"],
        "move: missing (this level is answered with a move)");
}

TEST_F(LearnRoutes, HintsTakeTheLineFromTheQuery) {
    auto one = get("/api/learn/levels/checkmate-5/hint", "line=a1a7,e8d8&step=2&lang=en");
    EXPECT_EQ(one.body["move"], "b2b8") << one.body.dump();
    EXPECT_EQ(get("/api/learn/levels/checkmate-1/hint", "step=1").body["square"], "a1");
    EXPECT_EQ(get("/api/learn/levels/checkmate-1/hint", "step=3").body["code"], "bad_request");
    EXPECT_EQ(get("/api/learn/levels/checkmate-1/hint", "").body["code"], "bad_request");
    EXPECT_EQ(
        get("/api/learn/levels/checkmate-1/hint", "step=1&line=zz").body["code"], "bad_request");
    EXPECT_EQ(
        get("/api/learn/levels/checkmate-1/hint", "step=1&line=%ZZ").body["code"], "bad_request");
    EXPECT_EQ(get("/api/learn/levels/nope/hint", "step=1").status, 404);
}

TEST_F(LearnRoutes, ExplainAndEscapeAnswerForAnyPosition) {
    auto legal = post("/api/explain",
        R"({"variant": "chess", "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "move": "a1a8"})");
    EXPECT_EQ(legal.body, json::parse(R"({"legal": true, "san": "Ra8+"})"));
    auto pinned = post("/api/explain",
        R"({"variant": "chess", "fen": "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", "move": "e2d3", "lang": "vi"})");
    EXPECT_EQ(pinned.body["legal"], false);
    EXPECT_EQ(pinned.body["reason"], "piece_pinned");
    EXPECT_EQ(post("/api/explain", R"({"variant": "chess", "move": "e2e4"})").body["message"],
        "fen: missing");
    EXPECT_EQ(
        post("/api/explain", R"({"variant": "chess", "fen": "x", "move": "e2e4"})").body["code"],
        "bad_request");
    EXPECT_EQ(post("/api/explain", R"({"variant": 1, "fen": "x", "move": "e2e4"})").body["message"],
        "variant: not a string");
    auto escape = post("/api/escape",
        R"({"variant": "chess", "fen": "4r1k1/8/8/8/8/8/8/4K3 w - - 0 1", "lang": "zh"})");
    EXPECT_EQ(escape.body["in_check"], true);
    EXPECT_EQ(escape.body["checkers"], json::array({ "e8" }));
    EXPECT_EQ(escape.body["run"].size(), 4u);
    EXPECT_NE(escape.body["message"].get<std::string>().find("能跑吗"), std::string::npos);
    EXPECT_EQ(post("/api/escape", R"({"variant": "pawnrace", "fen": "8/8/8/8/8/8/P7/8 w - - 0 1"})")
                  .body["code"],
        "bad_request");
    EXPECT_EQ(post("/api/escape", "[]").body["code"], "bad_request");
    EXPECT_EQ(dispatch(games, { "GET", "/api/escape", "", "" }).status, 405);
}

} // namespace
} // namespace citadel::server

namespace citadel::server {
namespace {

TEST_F(LearnRoutes, PracticeLevelsArePlayedLikeTheCoursesOwn) {
    auto p = get("/api/learn/practice", "topic=checkmate&count=2&seed=7&lang=vi");
    ASSERT_EQ(p.status, 200) << p.body.dump();
    ASSERT_EQ(p.body["levels"].size(), 2u);
    const json&       level = p.body["levels"][0];
    const std::string id    = level["id"];
    EXPECT_EQ(level["goal_id"], "mate_in_1");
    EXPECT_EQ(get("/api/learn/levels/" + id).body["fen"], level["fen"]);
    auto hint = get("/api/learn/levels/" + id + "/hint", "step=2");
    ASSERT_TRUE(hint.body.contains("move")) << hint.body.dump();
    auto solved = post("/api/learn/levels/" + id + "/move",
        R"({"move": ")" + hint.body["move"].get<std::string>() + R"("})");
    EXPECT_EQ(solved.body["verdict"], "solved") << solved.body.dump();
    EXPECT_EQ(get("/api/learn/practice", "topic=nope").body["code"], "bad_request");
    EXPECT_EQ(
        get("/api/learn/practice", "topic=checkmate&count=0").body["message"], "count: 1 to 20");
    EXPECT_EQ(
        get("/api/learn/practice", "topic=checkmate&count=abc").body["message"], "count: 1 to 20");
    EXPECT_EQ(get("/api/learn/practice", "topic=checkmate&seed=-1").body["message"],
        "seed: a whole number");
    EXPECT_EQ(get("/api/learn/levels/practice-mate_in_1-1-9999").status, 404);
}

} // namespace
} // namespace citadel::server
