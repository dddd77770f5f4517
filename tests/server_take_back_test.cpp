// Take-backs and rematches (docs/server.md, "Take-backs" and "Rematch"): a seat made with
// take_back, in a game against the computer, takes back its last move and the engine's reply
// (or only its own while the engine thinks, the engine's late answer then dropped), nothing
// else may; the take-back is a stored step, so a restarted server has the same game. A rematch
// of a finished game is made once, with the seats moved one place on; each player who asks gets
// their own seat in it, and everyone watching is told. Bad bodies are refused with the field.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/secrets.h"
#include "server_game_support.h"

using namespace citadel::server;
using namespace citadel::server::testing;

namespace {

// A chooser that plays the scripted replies in order.
std::unique_ptr<ScriptedChooser> replies(std::vector<std::string> moves) {
    auto c = std::make_unique<ScriptedChooser>();
    for (auto& m : moves) c->moves.push_back(std::move(m));
    return c;
}

Reply take_back(Service& s, const Created& g, const json& body) {
    return s.games.take_back(g.id, body);
}

std::vector<std::string> moves_of(Service& s, const Created& g) {
    return s.state(g.id)["moves"].get<std::vector<std::string>>();
}

} // namespace

// The child's move and the engine's reply go; the position is the start again, the steps are
// stored, the watchers told, and the game goes on from there.
TEST(TakeBack, TakesBackTheMoveAndTheEnginesReply) {
    Service s(replies({ "e7e5", "d7d5" }));
    Created g = create(s, "chess", "", { -1, 3 }, true);
    auto    w = std::make_shared<Watcher>();
    ASSERT_TRUE(s.games.subscribe(g.id, "", w));
    ASSERT_EQ(move(s, g, g.tokens[0], "e2e4", 0).status, 200);
    ASSERT_TRUE(s.run_until([&] { return moves_of(s, g).size() == 2; }));

    Reply r = take_back(s, g, { { "token", g.tokens[0] }, { "ply", 2 } });
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["type"], "take_back");
    EXPECT_EQ(r.body["taken"], 2);
    EXPECT_EQ(r.body["ply"], 0);
    EXPECT_EQ(r.body["to_move"], "white");
    EXPECT_TRUE(moves_of(s, g).empty());
    EXPECT_EQ(s.storage.steps(g.id),
        (std::vector<std::string>{ "move 0 e2e4", "move 1 e7e5", "take_back 0 with 0" }));
    EXPECT_EQ(
        w->changes(), (std::vector<std::string>{ "move e2e4", "move e7e5", "take_back white 2" }));

    ASSERT_EQ(move(s, g, g.tokens[0], "d2d4", 0).status, 200);
    ASSERT_TRUE(s.run_until([&] { return moves_of(s, g).size() == 2; }));
    EXPECT_EQ(moves_of(s, g), (std::vector<std::string>{ "d2d4", "d7d5" }));

    // A restarted server replays the take-back: the same game, and it may take back again.
    Service again(replies({}));
    again.storage.games = s.storage.load_games();
    ASSERT_EQ(again.games.load(), 1u);
    EXPECT_EQ(again.state(g.id)["moves"], json({ "d2d4", "d7d5" }));
    EXPECT_EQ(take_back(again, g, { { "token", g.tokens[0] } }).status, 200);
    EXPECT_TRUE(again.state(g.id)["moves"].empty());
}

// While the engine thinks, only the child's move goes; the engine's answer for the position that
// is gone is not played (whenever it comes: before or after the child's next move).
TEST(TakeBack, WhileTheEngineThinksOnlyTheOwnMoveGoes) {
    Service s(replies({ "e7e5", "c7c5" }));
    Created g = create(s, "chess", "", { -1, 3 }, true);
    ASSERT_EQ(move(s, g, g.tokens[0], "e2e4", 0).status, 200);
    // The engine's reply is on its way to the io_context the test has not run yet.
    Reply r = take_back(s, g, { { "token", g.tokens[0] } });
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["taken"], 1);
    EXPECT_TRUE(moves_of(s, g).empty());
    EXPECT_EQ(s.state(g.id)["to_move"], "white");
    ASSERT_EQ(move(s, g, g.tokens[0], "c2c4", 0).status, 200);
    ASSERT_TRUE(s.run_until([&] { return moves_of(s, g).size() == 2; }));
    const auto steps = s.storage.steps(g.id);
    ASSERT_EQ(steps.size(), 4u);
    EXPECT_EQ(std::vector<std::string>(steps.begin(), steps.begin() + 3),
        (std::vector<std::string>{ "move 0 e2e4", "take_back 0 with 0", "move 0 c2c4" }));
}

// In a timed game the clocks read what they read after the move before the one taken back.
TEST(TakeBack, TheClocksGoBackToo) {
    Service s(replies({ "e7e5", "d7d5" }));
    json    body
        = { { "variant", "chess" }, { "clock", { { "initial_s", 60 }, { "increment_s", 5 } } },
              { "seats",
                  { { { "player", "human" }, { "take_back", true } },
                      { { "player", "engine" }, { "level", 1 } } } } };
    Reply made = s.games.create(body);
    ASSERT_EQ(made.status, 201) << made.body.dump();
    Created g{ made.body["id"], { made.body["seats"][0]["token"] } };
    ASSERT_EQ(move(s, g, g.tokens[0], "e2e4", 0).status, 200);
    ASSERT_TRUE(s.run_until([&] { return moves_of(s, g).size() == 2; }));
    ASSERT_EQ(move(s, g, g.tokens[0], "d2d4", 2).status, 200);
    ASSERT_TRUE(s.run_until([&] { return moves_of(s, g).size() == 4; }));
    EXPECT_GT(s.state(g.id)["clock"]["white"].get<int64_t>(), 60000); // d4's increment
    Reply r = take_back(s, g, { { "token", g.tokens[0] } });
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["moves"].size(), 2u);
    EXPECT_LE(r.body["clock"]["white"].get<int64_t>(), 60000); // before d4
    EXPECT_GT(r.body["clock"]["black"].get<int64_t>(), 60000); // e5's increment stands
    EXPECT_EQ(r.body["clock"]["running"], "white");
}

// Who may not, and when not: each refusal says why, and nothing changes.
TEST(TakeBack, RefusalsSayWhy) {
    Service s(replies({ "e7e5", "e7e5" }));
    Created off = create(s, "chess", "", { -1, 3 }, false);
    ASSERT_EQ(move(s, off, off.tokens[0], "e2e4", 0).status, 200);
    ASSERT_TRUE(s.run_until([&] { return moves_of(s, off).size() == 2; }));
    Reply r = take_back(s, off, { { "token", off.tokens[0] } });
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(r.body["code"], "take_back_refused");
    EXPECT_NE(r.body["message"].get<std::string>().find("off for white"), std::string::npos);
    EXPECT_EQ(moves_of(s, off).size(), 2u);

    Created on = create(s, "chess", "", { -1, 3 }, true);
    r          = take_back(s, on, { { "token", on.tokens[0] } });
    EXPECT_EQ(r.body["code"], "take_back_refused");
    EXPECT_NE(r.body["message"].get<std::string>().find("no move"), std::string::npos);
    EXPECT_EQ(
        take_back(s, on, { { "token", on.tokens[0] }, { "ply", 3 } }).body["code"], "stale_ply");
    EXPECT_EQ(take_back(s, on, { { "token", "nobody" } }).body["code"], "bad_token");
    EXPECT_EQ(take_back(s, on, json::array()).body["code"], "bad_request");
    EXPECT_EQ(take_back(s, on, { { "token", 7 } }).body["message"], "token: must be a string");
    EXPECT_EQ(take_back(s, on, { { "token", on.tokens[0] }, { "ply", "x" } }).body["message"],
        "ply: must be an integer");
    EXPECT_EQ(
        s.games.take_back("nogame", { { "token", on.tokens[0] } }).body["code"], "unknown_game");

    // Between people a take-back would need the other's word: refused when the game is made.
    Reply two = s.games.create({ { "variant", "chess" },
        { "seats",
            { { { "player", "human" }, { "take_back", true } }, { { "player", "human" } } } } });
    EXPECT_EQ(two.status, 400);
    EXPECT_NE(two.body["message"].get<std::string>().find("seats[0].take_back"), std::string::npos);
    Reply odd = s.games.create({ { "variant", "chess" },
        { "seats",
            { { { "player", "human" }, { "take_back", "yes" } }, { { "player", "engine" } } } } });
    EXPECT_EQ(odd.body["message"], "seats[0].take_back: true or false");
}

// The state says which seats may take back.
TEST(TakeBack, TheStateNamesTheSeatsThatMay) {
    Service s(replies({}));
    Created g     = create(s, "chess", "", { 3, -1 }, true);
    json    seats = s.state(g.id)["seats"];
    EXPECT_EQ(seats[0]["take_back"], false);
    EXPECT_EQ(seats[1]["take_back"], true);
}

// ---- rematch ----------------------------------------------------------------------------------

// Made once by whoever asks first, colours swapped; the other player asking gets the other seat;
// the watchers are told; the link survives a restart.
TEST(Rematch, OneGameColoursSwappedEachPlayerTheirSeat) {
    Service s(replies({}));
    Created g = create(s, "chess", "", { -1, -1 });
    auto    w = std::make_shared<Watcher>();
    ASSERT_TRUE(s.games.subscribe(g.id, "", w));
    Reply early = s.games.rematch(g.id, { { "token", g.tokens[0] } });
    EXPECT_EQ(early.body["code"], "game_not_over");
    ASSERT_EQ(act(s, g, g.tokens[1], "resign").status, 200);

    Reply white = s.games.rematch(g.id, { { "token", g.tokens[0] } });
    ASSERT_EQ(white.status, 200) << white.body.dump();
    EXPECT_EQ(white.body["seat"], "black");
    const std::string next = white.body["id"];
    EXPECT_NE(next, g.id);
    EXPECT_EQ(
        white.body["seat_url"], "/g/" + next + "?token=" + white.body["token"].get<std::string>());
    auto stored_seats = [&](const std::string& id) {
        for (const auto& sg : s.storage.load_games())
            if (sg.id == id) return sg.seats;
        return std::vector<StoredSeat>{};
    };
    // The stores keep hashes only; Black's seat of the rematch waits for its player to ask.
    EXPECT_EQ(stored_seats(g.id)[0].token_hash, sha256_hex(g.tokens[0]));
    EXPECT_EQ(stored_seats(next)[1].token_hash, sha256_hex(white.body["token"].get<std::string>()));
    EXPECT_EQ(stored_seats(next)[0].token_hash, "");
    Reply black = s.games.rematch(g.id, { { "token", g.tokens[1] } });
    ASSERT_EQ(black.status, 200);
    EXPECT_EQ(stored_seats(next)[0].token_hash, sha256_hex(black.body["token"].get<std::string>()));
    EXPECT_EQ(black.body["id"], next);
    EXPECT_EQ(black.body["seat"], "white");
    EXPECT_NE(black.body["token"], white.body["token"]);
    EXPECT_EQ(
        s.games.rematch(g.id, { { "token", g.tokens[0] } }).body["token"], white.body["token"]);
    EXPECT_EQ(s.state(g.id)["rematch"], next);
    EXPECT_EQ(w->changes().back(), "rematch white");
    EXPECT_EQ(w->messages.back()["url"], "/g/" + next);
    // The new game: the token from the rematch plays White.
    Created n{ next, { black.body["token"] } };
    EXPECT_EQ(move(s, n, black.body["token"], "e2e4", 0).status, 200);

    EXPECT_EQ(s.games.rematch(g.id, { { "token", "nobody" } }).body["code"], "bad_token");
    EXPECT_EQ(s.games.rematch(g.id, json(3)).body["code"], "bad_request");
    EXPECT_EQ(s.games.rematch("nogame", { { "token", "x" } }).body["code"], "unknown_game");

    Service again(replies({}));
    again.storage.games = s.storage.load_games();
    ASSERT_EQ(again.games.load(), 2u);
    EXPECT_EQ(again.state(g.id)["rematch"], next);
    EXPECT_EQ(
        again.games.rematch(g.id, { { "token", g.tokens[1] } }).body["token"], black.body["token"]);
}

// Against the computer the engine moves to the other colour with its level, and a child's
// take-back comes along.
TEST(Rematch, TheEngineChangesColourWithItsLevel) {
    Service s(replies({}));
    Created g = create(s, "chess", "", { -1, 4 }, true);
    ASSERT_EQ(act(s, g, g.tokens[0], "resign").status, 200);
    Reply r = s.games.rematch(g.id, { { "token", g.tokens[0] } });
    ASSERT_EQ(r.status, 200) << r.body.dump();
    json seats = s.state(r.body["id"])["seats"];
    EXPECT_EQ(seats[0]["player"], "engine");
    EXPECT_EQ(seats[0]["level"], 4);
    EXPECT_EQ(seats[1]["player"], "human");
    EXPECT_EQ(seats[1]["take_back"], true);
}
