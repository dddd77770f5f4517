// The API's route table (server/routes.cpp): path matching, and what dispatch answers for a path
// no route has, a method a route does not take, a body that is not JSON, and each route.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>

#include "server/rate_limit.h"
#include "server/routes.h"
#include "server/sqlite_storage.h"
#include "server_support.h"

namespace citadel::server {
namespace {

TEST(Routes, PathsSplitIntoSegments) {
    EXPECT_EQ(path_segments("/api/games/abc/moves"),
        (std::vector<std::string>{ "api", "games", "abc", "moves" }));
    EXPECT_EQ(path_segments("//api///games/"), (std::vector<std::string>{ "api", "games" }));
    EXPECT_TRUE(path_segments("/").empty());
}

TEST(Routes, PatternsCaptureTheirNamedParts) {
    EXPECT_EQ(
        match_route("/api/games/{id}/ws", "/api/games/x1/ws"), (std::vector<std::string>{ "x1" }));
    EXPECT_EQ(match_route("/api/games", "/api/games/"), std::vector<std::string>{});
    EXPECT_FALSE(match_route("/api/games/{id}/ws", "/api/games/x1/moves"));
    EXPECT_FALSE(match_route("/api/games/{id}", "/api/games/x1/ws"));
    EXPECT_FALSE(match_route("/api/games/{id}", "/api/games"));
}

struct RouteTable : testing::Test {
    boost::asio::io_context io;
    SqliteStorage           storage{ ":memory:" };
    EnginePool              engines{ std::make_unique<IdleChooser>(), 1 };
    GameService             games{ io, storage, engines };

    Reply call(std::string_view method, std::string_view path, std::string_view body = "") {
        return dispatch(games, { method, path, body, "" });
    }
};

// One client address may create kGameBurst games at once, then one a second; another address
// is not held back, and a request's own error still comes first (the contract's order).
TEST_F(RouteTable, GameCreationIsLimitedPerAddress) {
    auto create = [&](std::string_view client, std::string_view body = R"({"variant": "chess"})") {
        return dispatch(games, { "POST", "/api/games", body, "", client });
    };
    for (int i = 0; i < int(GameService::kGameBurst); ++i)
        ASSERT_EQ(create("10.0.0.1").status, 201) << i;
    Reply refused = create("10.0.0.1");
    EXPECT_EQ(refused.status, 429);
    EXPECT_EQ(refused.body["code"], "rate_limited");
    EXPECT_NE(refused.body["message"].get<std::string>().find("games"), std::string::npos);
    EXPECT_EQ(create("10.0.0.1", R"({"variant": "nonsense"})").body["code"], "bad_request");
    EXPECT_EQ(create("10.0.0.2").status, 201);
}

TEST(AddressRateLimit, EachAddressHasItsBucketAndAFloodOfAddressesIsRefused) {
    AddressRateLimit limit(0.0001, 2, 3); // two at once, then (almost) none
    EXPECT_TRUE(limit.allow("a"));
    EXPECT_TRUE(limit.allow("a"));
    EXPECT_FALSE(limit.allow("a"));
    EXPECT_TRUE(limit.allow("b"));
    EXPECT_TRUE(limit.allow("c"));
    EXPECT_FALSE(limit.allow("d")); // three remembered, none full again: a fourth is refused
    AddressRateLimit quick(1e9, 1, 1); // refilled at once: full buckets are forgotten
    EXPECT_TRUE(quick.allow("a"));
    EXPECT_TRUE(quick.allow("b"));
}

TEST_F(RouteTable, RefusesWhatNoRouteTakes) {
    EXPECT_EQ(call("GET", "/api/nothing").body["code"], "not_found");
    EXPECT_EQ(call("GET", "/api/nothing").status, 404);
    EXPECT_EQ(call("GET", "/api/games/a/b/c").body["code"], "not_found");
    auto wrong = call("DELETE", "/api/games");
    EXPECT_EQ(wrong.status, 405);
    EXPECT_EQ(wrong.body["code"], "method_not_allowed");
    EXPECT_EQ(call("POST", "/api/games/abc/pgn").status, 405);
    EXPECT_EQ(call("POST", "/api/games", "{not json").body["code"], "bad_json");
    EXPECT_EQ(call("POST", "/api/games/abc/moves", "[").body["code"], "bad_json");
    EXPECT_EQ(call("GET", "/api/games/abc/ws").body["code"], "bad_request");
}

TEST_F(RouteTable, EachRouteReachesItsHandler) {
    auto made = call("POST", "/api/games", R"({"variant": "chess"})");
    ASSERT_EQ(made.status, 201) << made.body.dump();
    const std::string id    = made.body["id"];
    auto              state = call("GET", "/api/games/" + id);
    EXPECT_EQ(state.status, 200);
    EXPECT_EQ(state.body["type"], "state");
    EXPECT_EQ(call("GET", "/api/games/nope").body["code"], "unknown_game");
    const std::string token = made.body["seats"][0]["token"];
    auto              moved = call("POST", "/api/games/" + id + "/moves",
                     R"({"token": ")" + token + R"(", "move": "e2e4", "ply": 0})");
    EXPECT_EQ(moved.status, 200) << moved.body.dump();
    EXPECT_EQ(moved.body["type"], "move");
    auto acted = call("POST", "/api/games/" + id + "/actions",
        R"({"token": ")" + token + R"(", "action": "offer_draw"})");
    EXPECT_EQ(acted.body["type"], "action") << acted.body.dump();
    auto pgn = call("GET", "/api/games/" + id + "/pgn");
    ASSERT_TRUE(pgn.file);
    EXPECT_EQ(pgn.file->filename, "citadel-" + id + ".pgn");
    EXPECT_NE(pgn.file->bytes.find("1. e4"), std::string::npos);
    EXPECT_EQ(call("GET", "/api/games/" + id + "/analysis").body["code"], "game_not_over");
}

// A start position the rules refuse is named by the core's identifier, for the page to say in
// its user's language.
TEST_F(RouteTable, ARefusedStartPositionCarriesTheRulesReason) {
    auto two_kings = call(
        "POST", "/api/games", R"({"variant": "chess", "fen": "kk6/8/8/8/8/8/8/K7 w - - 0 1"})");
    EXPECT_EQ(two_kings.body["code"], "bad_request");
    EXPECT_EQ(two_kings.body["reason"], "king_count") << two_kings.body.dump();
    EXPECT_FALSE(two_kings.body.contains("field"));
    auto text = call("POST", "/api/games", R"({"variant": "chess", "fen": "not a position"})");
    EXPECT_EQ(text.body["reason"], "unreadable");
    EXPECT_EQ(text.body["field"], "fen"); // the text's part that is wrong
    auto castling = call(
        "POST", "/api/games", R"({"variant": "chess", "fen": "4k3/8/8/8/8/8/8/4K3 w Kx - 0 1"})");
    EXPECT_EQ(castling.body["field"], "castling");
    auto unknown = call("POST", "/api/games", R"({"variant": "xiangqi"})");
    EXPECT_FALSE(unknown.body.contains("reason"));
    EXPECT_FALSE(unknown.body.contains("field"));
    // Without its move counters, as other chess software writes it.
    EXPECT_EQ(
        call("POST", "/api/games", R"({"variant": "chess", "fen": "4k3/8/8/8/8/8/8/4K2R w K -"})")
            .status,
        201);
}

} // namespace
} // namespace citadel::server
