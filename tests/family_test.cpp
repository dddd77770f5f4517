// Families and their children (server/family_service.cpp through server/routes.cpp; docs/learn.md,
// "Families and children"): the key held only as a hash and refused when wrong, children's names
// and avatars checked, results recorded from judged moves, progress merged and kept across a
// restart, and practice that skips what a child has tried.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "server/family_service.h"
#include "server/routes.h"
#include "server/secrets.h"
#include "server/sqlite_storage.h"
#include "server_support.h"

namespace citadel::server {
namespace {

// A server's routes on a database file of its own, opened again by reopen() as a restarted
// server would.
struct Families : testing::Test {
    std::filesystem::path path = std::filesystem::temp_directory_path()
        / ("citadel-family-test-" + std::to_string(::getpid()) + ".db");
    boost::asio::io_context        io;
    std::unique_ptr<SqliteStorage> storage;
    EnginePool                     engines{ std::make_unique<IdleChooser>(), 1 };
    std::unique_ptr<GameService>   games;
    std::unique_ptr<FamilyService> families;

    void SetUp() override {
        remove_files();
        reopen();
    }
    void TearDown() override {
        families.reset(), games.reset(), storage.reset();
        remove_files();
    }
    void remove_files() {
        for (const char* end : { "", "-wal", "-shm" }) std::filesystem::remove(path.string() + end);
    }
    void reopen() {
        families.reset(), games.reset(), storage.reset();
        storage  = std::make_unique<SqliteStorage>(path.string());
        games    = std::make_unique<GameService>(io, *storage, engines);
        families = std::make_unique<FamilyService>(*storage);
        families->load();
    }

    Reply call(std::string_view method, std::string_view route, std::string_view body = "",
        std::string_view key = "", std::string_view query = "", std::string_view client = "c1") {
        const std::string auth = key.empty() ? "" : "Bearer " + std::string(key);
        return dispatch(Services(*games, nullptr, families.get()),
            { method, route, body, query, client, auth });
    }
    std::string new_family(std::string_view client = "c1") {
        auto r = call("POST", "/api/families", "{}", "", "", client);
        EXPECT_EQ(r.status, 201) << r.body.dump();
        return r.body.value("key", "");
    }
    std::string new_child(const std::string& key, std::string_view name = "Linh") {
        auto r = call("POST", "/api/family/children",
            json{ { "name", name }, { "avatar", "fox" } }.dump(), key);
        EXPECT_EQ(r.status, 201) << r.body.dump();
        return r.body.value("id", "");
    }
    std::string file_bytes() {
        storage.reset(); // everything written out
        std::ifstream      in(path, std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        for (const char* end : { "-wal" }) {
            std::ifstream wal(path.string() + end, std::ios::binary);
            s << wal.rdbuf();
        }
        return s.str();
    }
};

TEST_F(Families, AFamilyIsHeldByItsKeyAloneAndAWrongKeyGetsNothing) {
    auto r = call("POST", "/api/families", "{}");
    ASSERT_EQ(r.status, 201);
    const std::string key = r.body["key"];
    EXPECT_EQ(key.size(), 43u);
    EXPECT_EQ(
        key.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
        std::string::npos);
    EXPECT_EQ(r.body["children"], json::array());
    EXPECT_NE(new_family(), key); // every family its own key
    EXPECT_EQ(call("GET", "/api/family", "", key).body["children"], json::array());
    const std::string long_key(300, 'a');
    for (std::string_view wrong : { std::string_view(""), std::string_view("x"),
             std::string_view(key).substr(1), std::string_view(long_key) }) {
        auto refused = call("GET", "/api/family", "", wrong);
        EXPECT_EQ(refused.status, 403) << wrong;
        EXPECT_EQ(refused.body["code"], "unknown_family");
        EXPECT_EQ(refused.body["message"], "no family has this key");
    }
    // Not a bearer key: another scheme, or none.
    auto basic = dispatch(Services(*games, nullptr, families.get()),
        { "GET", "/api/family", "", "", "c1", "Basic " + key });
    EXPECT_EQ(basic.body["code"], "unknown_family");
    auto lower = dispatch(Services(*games, nullptr, families.get()),
        { "GET", "/api/family", "", "", "c1", "bearer " + key });
    EXPECT_EQ(lower.status, 200);
}

TEST_F(Families, TheKeyIsStoredOnlyAsItsHash) {
    const std::string key = new_family();
    new_child(key);
    const std::string bytes = file_bytes();
    EXPECT_EQ(bytes.find(key), std::string::npos);
    EXPECT_NE(bytes.find(sha256_hex(key)), std::string::npos);
    EXPECT_EQ(
        sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_F(Families, ChildrenAreNamedAndGivenAnAvatarAndNothingElse) {
    const std::string key = new_family();
    auto              add
        = [&](const json& body) { return call("POST", "/api/family/children", body.dump(), key); };
    auto linh = add({ { "name", "  Linh  " }, { "avatar", "owl" } });
    ASSERT_EQ(linh.status, 201);
    EXPECT_EQ(linh.body["name"], "Linh"); // trimmed
    EXPECT_EQ(linh.body["avatar"], "owl");
    EXPECT_EQ(linh.body["progress"]["levels"], json::object());
    EXPECT_EQ(add({ { "name", "小明" }, { "avatar", "panda" } }).status, 201);
    EXPECT_EQ(add({ { "name", std::string(24, 'a') }, { "avatar", "cat" } }).status, 201);
    const std::pair<json, std::string> refused[] = {
        { json{ { "avatar", "fox" } }, "name: missing" },
        { json{ { "name", "Ann" } }, "avatar: missing" },
        { json{ { "name", "" }, { "avatar", "fox" } }, "name: empty" },
        { json{ { "name", "   " }, { "avatar", "fox" } }, "name: empty" },
        { json{ { "name", 7 }, { "avatar", "fox" } }, "name: not a string" },
        { json{ { "name", std::string(25, 'a') }, { "avatar", "fox" } },
            "name: at most 24 characters" },
        { json{ { "name", "a\nb" }, { "avatar", "fox" } }, "name: holds a control character" },
        { json{ { "name", "a\u202Eb" }, { "avatar", "fox" } }, "name: holds a control character" },
        { json{ { "name", "Ann" }, { "avatar", "<img src=x>" } },
            "avatar: one of fox, owl, cat, bear, rabbit, turtle, lion, panda, penguin, frog, "
            "unicorn, dragon" },
    };
    for (const auto& [body, message] : refused) {
        auto r = add(body);
        EXPECT_EQ(r.status, 400) << body.dump();
        EXPECT_EQ(r.body["message"], message) << body.dump();
    }
    EXPECT_EQ(call("POST", "/api/family/children", "[1]", key).body["code"], "bad_request");
    EXPECT_EQ(call("POST", "/api/family/children", "{", key).body["code"], "bad_json");
    EXPECT_EQ(call("GET", "/api/family", "", key).body["children"].size(), 3u);
    // The children of one family are not another's.
    const std::string other = new_family();
    EXPECT_EQ(call("GET", "/api/family", "", other).body["children"], json::array());
    const std::string id = linh.body["id"];
    EXPECT_EQ(call("PUT", "/api/family/children/" + id, R"({"name": "X"})", other).status, 404);
    EXPECT_EQ(
        call("DELETE", "/api/family/children/" + id, "", other).body["code"], "unknown_child");
}

TEST_F(Families, AFamilyHasAtMostFortyChildren) {
    const std::string key = new_family();
    for (size_t i = 0; i < kMaxChildren; ++i) new_child(key, "child " + std::to_string(i));
    auto r = call("POST", "/api/family/children", R"({"name": "one more", "avatar": "fox"})", key);
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(r.body["message"], "a family has at most 40 children");
}

TEST_F(Families, ChildrenAreRenamedAndRemoved) {
    const std::string key = new_family(), id = new_child(key);
    auto renamed = call("PUT", "/api/family/children/" + id, R"({"name": "Linh N."})", key);
    EXPECT_EQ(renamed.body["name"], "Linh N.");
    EXPECT_EQ(renamed.body["avatar"], "fox"); // unchanged
    auto bad = call("PUT", "/api/family/children/" + id, R"({"avatar": "cow"})", key);
    EXPECT_EQ(bad.status, 400);
    EXPECT_EQ(call("GET", "/api/family", "", key).body["children"][0]["avatar"], "fox");
    // Reading aloud by itself, on unless the child's grown-up turns it off, kept on the server.
    EXPECT_EQ(renamed.body["read_aloud"], true);
    auto quiet = call("PUT", "/api/family/children/" + id, R"({"read_aloud": false})", key);
    EXPECT_EQ(quiet.body["read_aloud"], false);
    EXPECT_EQ(quiet.body["name"], "Linh N.");
    EXPECT_EQ(
        call("PUT", "/api/family/children/" + id, R"({"read_aloud": "no"})", key).body["message"],
        "read_aloud: true or false");
    reopen();
    EXPECT_EQ(call("GET", "/api/family", "", key).body["children"][0]["read_aloud"], false);
    EXPECT_EQ(call("PUT", "/api/family/children/nobody", R"({})", key).status, 404);
    EXPECT_EQ(call("DELETE", "/api/family/children/" + id, "", key).body["deleted"], id);
    EXPECT_EQ(call("GET", "/api/family", "", key).body["children"], json::array());
    reopen();
    EXPECT_EQ(call("GET", "/api/family", "", key).body["children"], json::array());
}

TEST_F(Families, AChildsMovesAreRecordedAndKeptAcrossARestart) {
    const std::string key = new_family(), id = new_child(key);
    auto move = [&](std::string_view level, const json& body, std::string_view with_key) {
        return call(
            "POST", "/api/learn/levels/" + std::string(level) + "/move", body.dump(), with_key);
    };
    auto solved = move("checkmate-1", { { "move", "a1a8" }, { "child", id } }, key);
    ASSERT_EQ(solved.body["verdict"], "solved") << solved.body.dump();
    EXPECT_EQ(solved.body["recorded"], true);
    auto again = move("checkmate-1", { { "move", "a1a8" }, { "child", id }, { "mistakes", 3 } },
        key); // one star: the best is kept
    EXPECT_EQ(again.body["stars"], 1);
    EXPECT_EQ(move("escape-1", { { "move", "e1e2" }, { "child", id } }, key).body["reason"],
        "king_would_be_attacked");
    move("escape-1", { { "move", "e1e2" }, { "child", id } }, key);
    EXPECT_EQ(
        move("escape-2", { { "move", "e2d1" }, { "child", id } }, key).body["verdict"], "wrong");
    // A good move is not a result; a move without a child is not recorded.
    auto good = move("checkmate-5", { { "move", "a1a7" }, { "child", id } }, key);
    EXPECT_EQ(good.body["verdict"], "good");
    EXPECT_FALSE(good.body.contains("recorded"));
    EXPECT_FALSE(move("checkmate-2", { { "move", "a1a8" } }, "").body.contains("recorded"));
    // Someone else's child, or a wrong key: refused, and the move not judged.
    const std::string other   = new_family();
    auto              refused = move("checkmate-1", { { "move", "a1a8" }, { "child", id } }, other);
    EXPECT_EQ(refused.status, 403);
    EXPECT_FALSE(refused.body.contains("verdict"));
    EXPECT_EQ(move("checkmate-1", { { "move", "a1a8" }, { "child", 5 } }, key).body["message"],
        "child: not a string");

    reopen(); // as after kill -9: every answered change was committed
    const json p = call("GET", "/api/family", "", key).body["children"][0]["progress"];
    EXPECT_EQ(p["levels"], json::parse(R"({"checkmate-1": 3})"));
    EXPECT_EQ(p["mistakes"][0],
        json::parse(R"({"reason": "king_would_be_attacked", "lesson": "escape", "count": 2})"));
    EXPECT_EQ(p["mistakes"][1],
        json::parse(R"({"goal": "escape_check", "lesson": "escape", "count": 1})"));
    ASSERT_EQ(p["recent"].size(), 5u);
    EXPECT_EQ(p["recent"][0]["level"], "escape-2"); // newest first
    EXPECT_EQ(p["recent"][0]["verdict"], "wrong");
    EXPECT_EQ(p["recent"][4]["stars"], 3);
    EXPECT_GT(p["last_ms"].get<int64_t>(), 0);
    EXPECT_FALSE(p.contains("tried")); // the server's own
}

TEST_F(Families, ABrowsersProgressMergesInOnce) {
    const std::string key = new_family(), id = new_child(key);
    const std::string kept
        = R"({"levels": {"check-1": 2, "check-2": 3, "bad": 9}, "practice": {"checkmate": 4},
             "practice_recent": ["practice-mate_in_1-7-0", 5]})";
    auto merged = call("POST", "/api/family/children/" + id + "/progress", kept, key);
    ASSERT_EQ(merged.status, 200) << merged.body.dump();
    const json want = json::parse(R"({"check-1": 2, "check-2": 3})");
    EXPECT_EQ(merged.body["progress"]["levels"], want);
    auto twice = call("POST", "/api/family/children/" + id + "/progress", kept, key);
    EXPECT_EQ(twice.body["progress"], merged.body["progress"]);
    EXPECT_EQ(twice.body["progress"]["practice"]["checkmate"], 4);
    EXPECT_EQ(twice.body["progress"]["practice_recent"], json::array({ "practice-mate_in_1-7-0" }));
    auto lower = call("POST", "/api/family/children/" + id + "/progress",
        R"({"levels": {"check-1": 1}, "practice": {"checkmate": 1}})", key);
    EXPECT_EQ(lower.body["progress"]["levels"]["check-1"], 2);
    EXPECT_EQ(lower.body["progress"]["practice"]["checkmate"], 4);
    EXPECT_EQ(call("POST", "/api/family/children/" + id + "/progress", R"({"levels": []})", key)
                  .body["message"],
        "levels: not an object");
}

TEST_F(Families, AChildsNewRoundOfPracticeIsOfPositionsItHasNeverMet) {
    const std::string key = new_family(), id = new_child(key);
    auto              round = [&](std::string_view query) {
        return call("GET", "/api/learn/practice", "", key, query);
    };
    // Without a seed the server draws one and says which, with the child's stage (a new child's
    // first: mates in 1 only); the seed and stage give the round again.
    auto drawn = round("topic=checkmate&count=3&child=" + id);
    ASSERT_EQ(drawn.status, 200) << drawn.body.dump();
    ASSERT_EQ(drawn.body["levels"].size(), 3u);
    EXPECT_EQ(drawn.body["stage"], 0);
    for (const json& l : drawn.body["levels"]) EXPECT_EQ(l["goal_id"], "mate_in_1");
    const std::string seed = drawn.body["seed"];
    auto again             = round("topic=checkmate&count=3&stage=0&seed=" + seed + "&child=" + id);
    EXPECT_EQ(again.body["levels"], drawn.body["levels"]);
    EXPECT_FALSE(again.body.contains("seed"));
    // The child solves the first level: it counts for its topic, and the position is met.
    const std::string first = drawn.body["levels"][0]["id"];
    auto              hint  = call("GET", "/api/learn/levels/" + first + "/hint", "", "", "step=2");
    auto              solved = call("POST", "/api/learn/levels/" + first + "/move",
                     json{ { "move", hint.body["move"] }, { "child", id } }.dump(), key);
    EXPECT_EQ(solved.body["verdict"], "solved") << solved.body.dump();
    const json p = call("GET", "/api/family", "", key).body["children"][0]["progress"];
    EXPECT_EQ(p["practice"]["checkmate"], 1);
    EXPECT_EQ(p["practice_recent"], json::array({ first }));
    EXPECT_EQ(p["levels"], json::object()); // a practice level is counted, not starred
    EXPECT_EQ(p["recent"][0]["level"], first);
    // Solving it again does not count twice.
    call("POST", "/api/learn/levels/" + first + "/move",
        json{ { "move", hint.body["move"] }, { "child", id } }.dump(), key);
    EXPECT_EQ(call("GET", "/api/family", "", key)
                  .body["children"][0]["progress"]["practice"]["checkmate"],
        1);
    // Harder as the child succeeds: after 5 solved, both kinds in turn; after 15, mates in 2.
    call("POST", "/api/family/children/" + id + "/progress", R"({"practice": {"checkmate": 5}})",
        key);
    EXPECT_EQ(round("topic=checkmate&count=2&child=" + id).body["stage"], 1);
    call("POST", "/api/family/children/" + id + "/progress", R"({"practice": {"checkmate": 15}})",
        key);
    auto hard = round("topic=checkmate&count=2&child=" + id);
    EXPECT_EQ(hard.body["stage"], 2);
    for (const json& l : hard.body["levels"]) EXPECT_EQ(l["goal_id"], "mate_in_2");
    EXPECT_EQ(round("topic=checkmate&stage=3&child=" + id).body["message"], "stage: 0, 1 or 2");
    // The child's met positions survive a restart (the drawing of seeds reads them).
    reopen();
    EXPECT_EQ(families->practice_of(key, id).met.size(), 1u);
    // Another family's child, or none of this key's: refused.
    EXPECT_EQ(
        call("GET", "/api/learn/practice", "", "", "topic=checkmate&child=" + id).status, 403);
    EXPECT_EQ(round("topic=nope&child=" + id).body["code"], "bad_request");
}

TEST_F(Families, FamiliesAreMadeAtMostTenAnHourFromOneAddress) {
    for (int i = 0; i < 10; ++i) new_family("10.0.0.1");
    auto r = call("POST", "/api/families", "{}", "", "", "10.0.0.1");
    EXPECT_EQ(r.status, 429);
    EXPECT_EQ(r.body["code"], "rate_limited");
    EXPECT_EQ(call("POST", "/api/families", "{}", "", "", "10.0.0.2").status, 201);
}

TEST_F(Families, HostileProgressReadsBackAsWhatCanBeTrusted) {
    const json     hostile = json::parse(R"({"levels": {"a": 0, "b": 4, "c": "3", "d": 2},
        "practice": {"x": -1, "y": 1e30, "z": 3}, "practice_recent": [1, null, "p"],
        "mistakes": [{"reason": "r", "lesson": "l", "count": 2}, {"reason": 5}, 7],
        "recent": [{"level": "a"}, {"level": "b", "verdict": "solved", "stars": 9, "ms": 1}],
        "tried": ["zzzzzzzzzzzzzzzz", "00000000000000ff", "12"], "last_ms": "soon"})");
    const Progress p       = progress_from_json(hostile);
    EXPECT_EQ(p.levels, (std::map<std::string, int>{ { "d", 2 } }));
    EXPECT_EQ(p.practice, (std::map<std::string, int>{ { "z", 3 } }));
    EXPECT_EQ(p.practice_recent, std::deque<std::string>{ "p" });
    ASSERT_EQ(p.mistakes.size(), 1u);
    EXPECT_EQ(p.mistakes[0].id, "r");
    ASSERT_EQ(p.recent.size(), 1u);
    EXPECT_EQ(p.recent[0].stars, 0);
    EXPECT_EQ(p.tried, std::deque<uint64_t>{ 255 });
    EXPECT_EQ(p.last_ms, 0);
    EXPECT_EQ(progress_from_json(json("text")).levels.size(), 0u);
}

} // namespace
} // namespace citadel::server
