// The server's messages (server/messages.h) against the fixtures the browser's tests read
// (web/tests/fixtures/*.json, checked by web/tests/turn.test.ts against web/src/turn.ts): each
// fixture is a short game played through the game contract, every message it gave in order.
// A change of a message's shape fails here until the fixtures are written again:
//   CITADEL_UPDATE_FIXTURES=1 build/citadel_tests --gtest_filter='Messages.*'
// and then the TypeScript side must accept them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "fourkingdoms_support.h"
#include "server/game_clock.h"
#include "server/messages.h"
#include "server/reply.h"

namespace citadel::server {
namespace {

std::unique_ptr<LiveGame> start(std::string_view variant, std::string_view fen = "") {
    auto made = make_live_game(variant, fen);
    if (auto* err = std::get_if<NoGame>(&made)) throw std::runtime_error(err->message);
    return std::move(std::get<std::unique_ptr<LiveGame>>(made));
}

json seats_of(int n, int engine_seat = -1) {
    json out = json::array();
    for (int s = 0; s < n; ++s)
        out.push_back({ { "seat", seat_name(Seat(s), n) },
            { "player", s == engine_seat ? "engine" : "human" },
            { "level", s == engine_seat ? json(5) : json(nullptr) }, { "connected", true },
            { "take_back", engine_seat >= 0 && s != engine_seat } });
    return out;
}

json timed_clock(int n, int running) {
    GameClock c;
    c.on           = true;
    c.initial_ms   = 300000;
    c.increment_ms = 2000;
    c.left.assign(size_t(n), 300000);
    c.running = running;
    c.since   = GameClock::Steady::now();
    return c.to_json(n, c.since);
}

// A fixture being written: the messages of one short game.
struct Script {
    std::unique_ptr<LiveGame> game;
    json                      messages = json::array();
    json                      clock    = nullptr;

    std::optional<std::string> rematch = std::nullopt;

    json whole(int engine_seat) const {
        return state_message(
            "fixture", *game, seats_of(game->seats(), engine_seat), clock, rematch);
    }
    void state(int engine_seat = -1) { messages.push_back(whole(engine_seat)); }
    void take_back(Seat who, int moves, int engine_seat) {
        for (int m = 0; m < moves; ++m) game->undo_move();
        messages.push_back(take_back_message(whole(engine_seat), who, moves));
    }
    void move(std::string_view uci) {
        auto no = game->play(uci);
        ASSERT_FALSE(no) << uci << ": " << no->message;
        messages.push_back(move_message(game->turn(), clock));
        if (game->turn().over()) messages.push_back(end_message(game->turn()));
    }
    void refused(std::string_view uci) {
        auto no = game->play(uci);
        ASSERT_TRUE(no) << uci;
        messages.push_back(refusal_reply(*no).body);
    }
    void act(Action a, Seat who, Seat with = NoSeat) {
        auto no = game->act(a, who, with);
        ASSERT_FALSE(no) << action_id(a) << ": " << *no;
        messages.push_back(action_message(game->turn(), a, who, with, clock));
        if (game->turn().over()) messages.push_back(end_message(game->turn()));
    }
};

// Compares with the committed fixture, or writes it when asked to.
void check_fixture(const std::string& name, const json& messages) {
    const std::string path = std::string(CITADEL_WEB_FIXTURES) + "/" + name + ".json";
    const std::string text = messages.dump(2) + "\n";
    if (const char* update = std::getenv("CITADEL_UPDATE_FIXTURES"); update && *update == '1') {
        std::ofstream(path) << text;
        return;
    }
    std::ifstream     in(path);
    std::stringstream have;
    have << in.rdbuf();
    ASSERT_TRUE(in.good() || !have.str().empty()) << path << " is missing";
    // The clock's running time is the one thing that changes from run to run: none is running
    // in the fixtures' messages at the moment they are made, so the texts must be equal.
    EXPECT_EQ(have.str(), text) << path << " differs from what the server writes now; if the "
                                << "change is meant, write it again (see this file's header)";
}

TEST(Messages, ChessOfferDeclineAndMate) {
    Script s{ start("chess") };
    s.clock = timed_clock(2, -1);
    s.state(1);
    s.move("f2f3");
    s.act(Action::OfferDraw, Black);
    s.act(Action::DeclineDraw, White);
    s.refused("e1e3");
    s.refused("e2e9");
    s.move("e7e5");
    s.move("g2g4");
    s.move("d8h4");
    check_fixture("chess_mate", s.messages);
}

// A child against the engine takes back a move and its reply; after the game, a rematch.
TEST(Messages, ChessTakeBackAndRematch) {
    Script s{ start("chess") };
    s.state(1);
    s.move("e2e4");
    s.move("e7e5");
    s.take_back(White, 2, 1);
    s.move("f2f3");
    s.move("e7e5");
    s.move("g2g4");
    s.move("d8h4");
    s.rematch = "fixture2";
    s.messages.push_back(rematch_message("fixture2", White, 2));
    s.state(1);
    check_fixture("chess_take_back", s.messages);
}

TEST(Messages, ChessClaimMovesAndAgreement) {
    // Knights back and forth: the third time the start position stands, a draw can be claimed.
    Script s{ start("chess") };
    s.state();
    for (const char* m : { "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1" }) s.move(m);
    s.act(Action::OfferDraw, Black);
    s.act(Action::AcceptDraw, White);
    check_fixture("chess_claims", s.messages);
}

TEST(Messages, FourKingdomsAllianceProposal) {
    // Three players, East the absorber: South proposes to West, who accepts.
    Script s{ start("fourkingdoms",
        fktest::k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "d13", "nP" } },
            "s - - 0 1 eswe -")) };
    s.state();
    s.act(Action::ProposeAlliance, 1, 2);
    s.act(Action::AcceptAlliance, 2);
    check_fixture("fourkingdoms_alliance", s.messages);
}

TEST(Messages, FourKingdomsOpeningAndResignation) {
    Script s{ start("fourkingdoms-teams") };
    s.state(3);
    s.move(s.game->turn().legal_moves.front());
    s.act(Action::OfferDraw, 1);
    s.act(Action::Resign, 2);
    check_fixture("fourkingdoms_teams", s.messages);
}

TEST(Messages, OtherVariantsStart) {
    json all = json::array();
    for (const char* v : { "silverman", "pawnrace", "tamerlane" }) {
        Script s{ start(v) };
        s.state();
        s.move(s.game->turn().legal_moves.front());
        for (auto& m : s.messages) all.push_back(m);
    }
    all.push_back(seat_message(Black, 2, false));
    all.push_back({ { "type", "pong" } });
    check_fixture("variants", all);
}

} // namespace
} // namespace citadel::server
