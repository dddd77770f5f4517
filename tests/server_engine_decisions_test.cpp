// Engine seats' decisions that are not moves (docs/server.md, "Engine seats' decisions"): an
// engine seat answers a draw offer by the search's judgement (accepting when behind, declining
// when ahead, at a child's level too), a Four Kingdoms engine answers an alliance proposal and
// proposes one on its turn, an answer that comes after the game moved on or ended is dropped,
// and an engine's move that comes while a question is out waits for the answer. The game
// service runs here on the test's thread (its io_context driven by the test) with an in-memory
// storage; no timing is asserted (waits have a generous limit so a broken server fails instead
// of hanging).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "fourkingdoms_support.h"
#include "game/fourkingdoms_game.h"
#include "server/search_chooser.h"
#include "server_game_support.h"

using namespace citadel::server;
using namespace citadel::server::testing;
using fktest::k4;

namespace {

using Kind = EngineQuestion::Kind;

// North's back rank behind f13 g13 h13; East's rook on e10 mates it with e10e14, and East then
// commands North's army: South and West may ally against it.
const std::string kNorthMatedNext = k4({ KINGS, { "e10", "eR" }, { "f13", "nP" }, { "g13", "nP" },
    { "h13", "nP" }, { "d2", "sP" }, { "b5", "wP" } });

std::string after_north_is_mated() {
    citadel::FourKingdomsGame<citadel::FourKingdoms> game;
    EXPECT_FALSE(game.load_fen(kNorthMatedNext));
    EXPECT_TRUE(game.play_uci("e10e14"));
    EXPECT_FALSE(game.in_game(citadel::fk::North));
    return game.fen();
}

// A queen up for Black, White (a human) to move; and the same a queen up for White.
const std::string kBlackQueenUp = "3qk3/8/8/8/8/8/8/4K3 w - - 0 1";
const std::string kWhiteQueenUp = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";

} // namespace

// ---- the search's judgement ------------------------------------------------------------------

// Two games against the same weak level go differently (the level's choices follow the game's
// own number), and one game's choices are the same when asked again (a reload, a restart).
TEST(EngineDecisions, AWeakLevelPlaysDifferentGamesAndTheSameGameAgain) {
    SearchChooser         chooser;
    std::atomic<bool>     stop{ false };
    std::set<std::string> replies;
    EngineRequest         r;
    r.variant   = "chess";
    r.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    r.moves     = { "e2e4" };
    r.fen       = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    r.seat      = 1;
    r.level     = 3;
    for (uint64_t game = 1; game <= 8; ++game) {
        r.game_seed         = game * 0x9E3779B97F4A7C15ull;
        const std::string m = chooser.choose(r, stop);
        EXPECT_EQ(chooser.choose(r, stop), m) << game;
        replies.insert(m);
    }
    EXPECT_GE(replies.size(), 2u);
}

TEST(EngineDecisions, TwoPlayerDrawsAreAcceptedWhenTheSeatExpectsNoBetter) {
    using citadel::search::Score;
    const int later = kDrawEarlyPlies; // the first game ply the margin alone decides at
    EXPECT_TRUE(accepts_draw(Score{ false, 0 }, true, later));
    EXPECT_TRUE(accepts_draw(Score{ false, kDrawMargin }, true, later));
    EXPECT_FALSE(accepts_draw(Score{ false, kDrawMargin + 1 }, true, later));
    EXPECT_TRUE(accepts_draw(Score{ false, -300 }, true, later));
    // The opponent to move is behind:
    EXPECT_FALSE(accepts_draw(Score{ false, -300 }, false, later));
    EXPECT_TRUE(accepts_draw(Score{ true, -3 }, true, 0)); // mated: take it
    EXPECT_FALSE(accepts_draw(Score{ true, 3 }, true, later)); // mating: play on
    EXPECT_TRUE(accepts_draw(Score{ true, 3 }, false, later)); // the opponent mates
    // Early on, a level position is played out; only a seat clearly behind accepts.
    EXPECT_FALSE(accepts_draw(Score{ false, 0 }, true, later - 1));
    EXPECT_FALSE(accepts_draw(Score{ false, -kDrawMargin }, true, later - 1));
    EXPECT_TRUE(accepts_draw(Score{ false, -kDrawMargin - 1 }, true, later - 1));
    EXPECT_TRUE(accepts_draw(Score{ false, -300 }, true, 0));
}

TEST(EngineDecisions, FourKingdomsDrawsAndAlliancesByTheSearchLibrary) {
    SearchChooser     chooser;
    std::atomic<bool> stop{ false };
    EngineRequest     r;
    // Teams: West holds three queens; East (to move: a search) and South accept, West not.
    r.variant = "fourkingdoms-teams";
    r.fen     = k4({ KINGS, { "b4", "wQ" }, { "b5", "wQ" }, { "b6", "wQ" }, { "b9", "wR" } },
            "e - - 0 1 eswn es");
    r.level   = 10;
    const EngineQuestion draw{ Kind::AcceptDraw, -1, {} };
    r.seat = 0;
    EXPECT_TRUE(chooser.decide(r, draw, stop).yes);
    r.seat = 2;
    EXPECT_FALSE(chooser.decide(r, draw, stop).yes);
    r.seat = 7; // no such seat
    EXPECT_FALSE(chooser.decide(r, draw, stop).yes);
    // Free-for-all: East mated North and absorbed its army, so South and West may ally: South
    // proposes to West, and West accepts South's proposal; nobody allies with the absorber.
    r.variant = "fourkingdoms";
    r.fen     = after_north_is_mated();
    r.seat    = 1;
    EXPECT_EQ(chooser.decide(r, { Kind::ProposeAlliance, -1, { 2 } }, stop).with, 2);
    EXPECT_FALSE(chooser.decide(r, { Kind::ProposeAlliance, -1, { 0 } }, stop).yes);
    r.seat = 2;
    EXPECT_TRUE(chooser.decide(r, { Kind::AcceptAlliance, 1, {} }, stop).yes);
    EXPECT_FALSE(chooser.decide(r, { Kind::AcceptAlliance, 0, {} }, stop).yes); // not allowed
    EXPECT_FALSE(chooser.decide(r, { Kind::AcceptAlliance, 9, {} }, stop).yes);
    // Two players have no alliances.
    EngineRequest chess;
    chess.variant   = "chess";
    chess.start_fen = kWhiteQueenUp;
    chess.seat      = 1;
    EXPECT_FALSE(chooser.decide(chess, { Kind::AcceptAlliance, 0, {} }, stop).yes);
    EXPECT_TRUE(chooser.decide(chess, draw, stop).yes);
}

// ---- through the game service ------------------------------------------------------------------

TEST(EngineDecisions, AnEngineSeatBehindAcceptsADrawOffer) {
    for (int level : { 0, 10, 20 }) {
        Service s(std::make_unique<SearchChooser>());
        Created g = create(s, "chess", kWhiteQueenUp, { -1, level });
        auto    w = std::make_shared<Watcher>();
        ASSERT_TRUE(s.games.subscribe(g.id, "", w));
        ASSERT_EQ(act(s, g, g.tokens[0], "offer_draw").status, 200);
        ASSERT_TRUE(s.run_until([&] { return s.state(g.id)["status"] != "ongoing"; }));
        json st = s.state(g.id);
        EXPECT_EQ(st["status"], "agreement") << "level " << level;
        EXPECT_EQ(st["result"], "1/2-1/2");
        EXPECT_EQ(st["offers"]["draw"], json::array());
        EXPECT_EQ(
            s.storage.steps(g.id), (std::vector<std::string>{ "offer_draw 0", "accept_draw 1" }));
        EXPECT_EQ(w->changes(),
            (std::vector<std::string>{ "offer_draw white", "accept_draw black", "end agreement" }));
    }
}

TEST(EngineDecisions, AnEngineSeatAheadDeclinesADrawOfferAtAChildsLevelToo) {
    for (int level : { 0, 10, 20 }) {
        Service s(std::make_unique<SearchChooser>());
        Created g = create(s, "chess", kBlackQueenUp, { -1, level });
        auto    w = std::make_shared<Watcher>();
        ASSERT_TRUE(s.games.subscribe(g.id, "", w));
        ASSERT_EQ(act(s, g, g.tokens[0], "offer_draw").status, 200);
        ASSERT_TRUE(s.run_until([&] { return s.storage.steps(g.id).size() == 2; }));
        json st = s.state(g.id);
        EXPECT_EQ(st["status"], "ongoing") << "level " << level;
        EXPECT_EQ(st["offers"]["draw"], json::array());
        EXPECT_EQ(st["ply"], 0);
        EXPECT_EQ(
            s.storage.steps(g.id), (std::vector<std::string>{ "offer_draw 0", "decline_draw 1" }));
        EXPECT_EQ(
            w->changes(), (std::vector<std::string>{ "offer_draw white", "decline_draw black" }));
    }
}

TEST(EngineDecisions, AnEngineSeatDeclinesALevelDrawOfferEarlyAndAcceptsItLater) {
    // Kings and a blocked pawn each: level. At move 1 the game is young and the seat plays on;
    // the same position at move 40 (the FEN's move number) is taken.
    for (const auto& [fen, answer] :
        { std::pair{ "4k3/8/4p3/4P3/8/8/8/4K3 w - - 0 1", "decline_draw" },
            std::pair{ "4k3/8/4p3/4P3/8/8/8/4K3 w - - 0 40", "accept_draw" } }) {
        Service s(std::make_unique<SearchChooser>());
        Created g = create(s, "chess", fen, { -1, 20 });
        ASSERT_EQ(act(s, g, g.tokens[0], "offer_draw").status, 200);
        ASSERT_TRUE(s.run_until([&] { return s.storage.steps(g.id).size() == 2; }));
        EXPECT_EQ(s.storage.steps(g.id).back(), std::string(answer) + " 1") << fen;
    }
}

TEST(EngineDecisions, AFourKingdomsEngineSeatJoinsADrawOfferOnlyWhenItExpectsNoMore) {
    // Teams: West holds three queens. East offers; South, its partner behind, joins; West,
    // ahead, does not (a Four Kingdoms offer cannot be declined: it says nothing), nor when
    // North, a person, joins too: the draw needs every player left.
    const std::string fen
        = k4({ KINGS, { "b4", "wQ" }, { "b5", "wQ" }, { "b6", "wQ" }, { "b9", "wR" } },
            "e - - 0 1 eswn es");
    Service s(std::make_unique<SearchChooser>());
    Created g = create(s, "fourkingdoms-teams", fen, { -1, 10, 10, -1 });
    ASSERT_EQ(g.tokens.size(), 2u); // East, North
    ASSERT_EQ(act(s, g, g.tokens[0], "offer_draw").status, 200);
    ASSERT_TRUE(s.answer_all(g.id));
    json st = s.state(g.id);
    EXPECT_EQ(st["offers"]["draw"], json::array({ "east", "south" }));
    EXPECT_EQ(st["status"], "ongoing");
    EXPECT_EQ(s.storage.steps(g.id), (std::vector<std::string>{ "offer_draw 0", "accept_draw 1" }));
    ASSERT_EQ(act(s, g, g.tokens[1], "accept_draw").status, 200);
    ASSERT_TRUE(s.answer_all(g.id));
    st = s.state(g.id);
    EXPECT_EQ(st["status"], "ongoing");
    EXPECT_EQ(st["offers"]["draw"], json::array({ "east", "south", "north" }));
    EXPECT_EQ(s.storage.steps(g.id),
        (std::vector<std::string>{ "offer_draw 0", "accept_draw 1", "accept_draw 3" }));
}

TEST(EngineDecisions, AFourKingdomsEngineSeatAcceptsAnAllianceProposal) {
    // East (a human) mates North and absorbs its army; South (a human) proposes to West (the
    // engine), which accepts: allying saves it from facing the absorber alone.
    Service s(std::make_unique<SearchChooser>());
    Created g = create(s, "fourkingdoms", kNorthMatedNext, { -1, -1, 10, -1 });
    ASSERT_EQ(g.tokens.size(), 3u); // East, South, North
    auto w = std::make_shared<Watcher>();
    ASSERT_TRUE(s.games.subscribe(g.id, "", w));
    ASSERT_EQ(move(s, g, g.tokens[0], "e10e14", 0).status, 200);
    ASSERT_EQ(s.state(g.id)["to_move"], "south");
    ASSERT_EQ(act(s, g, g.tokens[1], "propose_alliance", "west").status, 200);
    ASSERT_TRUE(s.run_until([&] { return s.storage.steps(g.id).size() == 3; }));
    json st = s.state(g.id);
    EXPECT_EQ(st["alliance"], json::array({ "south", "west" }));
    EXPECT_EQ(st["offers"]["alliance"], nullptr);
    EXPECT_EQ(st["status"], "ongoing");
    EXPECT_EQ(s.storage.steps(g.id),
        (std::vector<std::string>{
            "move 0 e10e14", "propose_alliance 1 with 2", "accept_alliance 2" }));
    EXPECT_EQ(w->changes(),
        (std::vector<std::string>{
            "move e10e14", "propose_alliance south", "accept_alliance west" }));
}

TEST(EngineDecisions, AFourKingdomsEngineSeatProposesAnAllianceOnItsTurnOnce) {
    // The same game with South the engine: on its turn it proposes to West, then moves; with its
    // proposal standing it proposes nothing more.
    Service s(std::make_unique<SearchChooser>());
    Created g = create(s, "fourkingdoms", kNorthMatedNext, { -1, 10, -1, -1 });
    ASSERT_EQ(move(s, g, g.tokens[0], "e10e14", 0).status, 200);
    ASSERT_TRUE(s.run_until([&] { return s.state(g.id)["ply"] == 2; }));
    auto steps = s.storage.steps(g.id);
    ASSERT_EQ(steps.size(), 3u);
    EXPECT_EQ(steps[1], "propose_alliance 1 with 2");
    EXPECT_EQ(steps[2].substr(0, 7), "move 1 ");
    EXPECT_EQ(s.state(g.id)["offers"]["alliance"], (json{ { "from", "south" }, { "to", "west" } }));
}

// ---- nothing lost, nothing stale ---------------------------------------------------------------

TEST(EngineDecisions, AnAnswerAfterTheGameEndedIsDropped) {
    auto*   chooser = new ScriptedChooser;
    Service s{ std::unique_ptr<MoveChooser>(chooser) };
    Created g = create(s, "chess", "", { -1, 5 });
    ASSERT_EQ(act(s, g, g.tokens[0], "offer_draw").status, 200);
    ASSERT_TRUE(chooser->wait_for_log(1)); // the engine is thinking about the offer
    ASSERT_EQ(act(s, g, g.tokens[0], "resign").status, 200);
    chooser->answer(true); // it would accept, but the game is over
    ASSERT_TRUE(chooser->wait_for_log(2));
    ASSERT_TRUE(s.run_one()); // the answer's handler
    json st = s.state(g.id);
    EXPECT_EQ(st["status"], "resignation");
    EXPECT_EQ(st["result"], "0-1");
    EXPECT_EQ(s.storage.steps(g.id), (std::vector<std::string>{ "offer_draw 0", "resign 0" }));
    EXPECT_EQ(chooser->snapshot(), (std::vector<std::string>{ "decide 0 1", "decided" }));
}

TEST(EngineDecisions, AnAnswerForAnEarlierStateIsDroppedAndTheQuestionAskedAgain) {
    // White offers before moving, then moves: the offer still stands, in a new position. The
    // answer to the first question (yes) is stale; the second (no) declines; then Black moves.
    auto* chooser  = new ScriptedChooser;
    chooser->moves = { "e7e5" };
    Service s{ std::unique_ptr<MoveChooser>(chooser) };
    Created g = create(s, "chess", "", { -1, 5 });
    ASSERT_EQ(act(s, g, g.tokens[0], "offer_draw").status, 200);
    ASSERT_TRUE(chooser->wait_for_log(1));
    ASSERT_EQ(move(s, g, g.tokens[0], "e2e4", 0).status, 200);
    EXPECT_EQ(s.state(g.id)["offers"]["draw"], json::array({ "white" }));
    chooser->answer(true);
    chooser->answer(false);
    ASSERT_TRUE(s.run_until([&] { return s.state(g.id)["ply"] == 2; }));
    EXPECT_EQ(s.storage.steps(g.id),
        (std::vector<std::string>{
            "offer_draw 0", "move 0 e2e4", "decline_draw 1", "move 1 e7e5" }));
    EXPECT_EQ(s.state(g.id)["status"], "ongoing");
    EXPECT_EQ(chooser->snapshot(),
        (std::vector<std::string>{
            "decide 0 1", "decided", "decide 0 1", "decided", "choose e7e5" }));
}

TEST(EngineDecisions, AnEngineMoveWaitsForTheSeatsAnswer) {
    // White moves, and offers a draw once the engine has its reply: the reply waits for the
    // answer (a move first would decline the offer without it being judged).
    auto* chooser  = new ScriptedChooser;
    chooser->moves = { "e7e5" };
    Service s{ std::unique_ptr<MoveChooser>(chooser) };
    Created g = create(s, "chess", "", { -1, 5 });
    auto    w = std::make_shared<Watcher>();
    ASSERT_TRUE(s.games.subscribe(g.id, "", w));
    ASSERT_EQ(move(s, g, g.tokens[0], "e2e4", 0).status, 200);
    ASSERT_TRUE(chooser->wait_for_log(1)); // the reply is chosen (its handler not yet run)
    ASSERT_EQ(act(s, g, g.tokens[0], "offer_draw").status, 200);
    ASSERT_TRUE(chooser->wait_for_log(2)); // the question is out
    ASSERT_TRUE(s.run_one()); // the reply's handler: it waits
    EXPECT_EQ(s.state(g.id)["ply"], 1);
    chooser->answer(false);
    ASSERT_TRUE(s.run_until([&] { return s.state(g.id)["ply"] == 2; }));
    EXPECT_EQ(w->changes(),
        (std::vector<std::string>{
            "move e2e4", "offer_draw white", "decline_draw black", "move e7e5" }));
    EXPECT_EQ(s.storage.steps(g.id),
        (std::vector<std::string>{
            "move 0 e2e4", "offer_draw 0", "decline_draw 1", "move 1 e7e5" }));
}
