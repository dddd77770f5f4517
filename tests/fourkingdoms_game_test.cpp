// The Four Kingdoms game layer: each draw (stalemate, threefold repetition, perpetual check, the
// 60-round rule, dead positions, agreement), each score, undo, SAN and the game record, the
// illegal-move reasons, and the command line.
#include "fourkingdoms_support.h"

#include <cstdio>

#include "fourkingdoms_game_support.h"
#include "game/fourkingdoms_record.h"

using namespace citadel;
using namespace fktest;

using FFA   = FourKingdoms;
using Teams = FourKingdomsTeams;

namespace {
// A move request from UCI-style text (squares, optional q/r/b/n).
MoveRequest request(std::string_view text) {
    size_t split = 1;
    while (split < text.size() && std::isdigit(static_cast<unsigned char>(text[split]))) ++split;
    size_t end = split + 1;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    MoveRequest r{ *parse_square<Cross14>(text.substr(0, split)),
        *parse_square<Cross14>(text.substr(split, end - split)) };
    if (end < text.size())
        r.promotion = piece_type_from_letter(text[end], piece_set(Queen, Rook, Bishop, Knight));
    return r;
}
template <class V> void play_all(FourKingdomsGame<V>& g, std::initializer_list<const char*> moves) {
    for (const char* m : moves) ASSERT_TRUE(g.play_uci(m)) << m << " in " << g.fen();
}
} // namespace

TEST(FourKingdomsGame, StalemateDrawsTheGame) {
    // South to move: its king on h1 has no square (East's rook on k2 holds rank 2, West's
    // knight on h3 holds g1 and i1) and is not in check.
    FourKingdomsGame<FFA> g;
    load(g,
        k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "g14", "nK" }, { "k2", "eR" },
               { "h3", "wN" } },
            "s - - 0 1 eswn -"));
    EXPECT_EQ(g.legal_moves().size(), 0);
    auto o = g.outcome();
    EXPECT_TRUE(o.over && o.draw);
    EXPECT_EQ(o.reason, FkTermination::Stalemate);
    EXPECT_EQ(g.scores(), (std::array<double, 4>{ 1, 1, 1, 1 }));
    FourKingdomsGame<Teams> t;
    load(t,
        k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "g14", "nK" }, { "k2", "wR" },
               { "h3", "wN" } },
            "s - - 0 1 eswn es"));
    EXPECT_EQ(t.outcome().reason, FkTermination::Stalemate);
    EXPECT_EQ(t.scores(), (std::array<double, 4>{ 0.5, 0.5, 0.5, 0.5 }));
}

TEST(FourKingdomsGame, ThreefoldRepetition) {
    FourKingdomsGame<FFA> g;
    for (int cycle = 0; cycle < 2; ++cycle) {
        EXPECT_FALSE(g.outcome().over);
        play_all(g, { "n5l4", "e1f3", "a5c6", "e14f12", "l4n5", "f3e1", "c6a5", "f12e14" });
    }
    EXPECT_EQ(g.repetitions(), 3);
    EXPECT_EQ(g.outcome().reason, FkTermination::ThreefoldRepetition);
    EXPECT_TRUE(g.outcome().draw);
    EXPECT_EQ(g.legal_moves().size(), 0);
    EXPECT_FALSE(g.play_uci("m4k4"));
}

TEST(FourKingdomsGame, PerpetualCheckIsItsOwnReason) {
    // East's rook swings between i10 and j10, checking North's king on i14 / j14 each time;
    // check comes first, so North and East alternate and the position repeats.
    FourKingdomsGame<FFA> g;
    load(g,
        k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "i14", "nK" }, { "j10", "eR" } }));
    for (int cycle = 0; cycle < 2; ++cycle) {
        play_all(g, { "j10i10", "i14j14", "i10j10", "j14i14" });
        if (cycle == 0) {
            EXPECT_FALSE(g.outcome().over);
        }
    }
    EXPECT_EQ(g.outcome().reason, FkTermination::PerpetualCheck);
    EXPECT_TRUE(g.outcome().draw);
}

TEST(FourKingdomsGame, SixtyRoundRule) {
    // 60 rounds of the four players (240 plies) without capture or pawn move.
    FourKingdomsGame<FFA> g;
    load(g, k4({ KINGS, { "e5", "eR" } }, "e - - 239 60 eswn -"));
    EXPECT_FALSE(g.outcome().over);
    ASSERT_TRUE(g.play_uci("e5e6"));
    EXPECT_EQ(g.outcome().reason, FkTermination::SixtyRoundRule);
    // With three players left the round is three plies: 180.
    FourKingdomsGame<FFA> three;
    load(three,
        k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "e5", "eR" }, { "e13", "nP" } },
            "e - - 179 60 eswe -"));
    EXPECT_FALSE(three.outcome().over);
    ASSERT_TRUE(three.play_uci("e5e6"));
    EXPECT_EQ(three.outcome().reason, FkTermination::SixtyRoundRule);
}

TEST(FourKingdomsGame, DeadPositions) {
    FourKingdomsGame<FFA> kings;
    load(kings, k4({ KINGS }));
    EXPECT_EQ(kings.outcome().reason, FkTermination::DeadPosition);
    FourKingdomsGame<FFA> two; // two players left: king and bishop against a king
    load(two, k4({ { "n7", "eK" }, { "h1", "sK" }, { "e5", "eB" } }, "e - - 0 1 esee -"));
    EXPECT_EQ(two.outcome().reason, FkTermination::DeadPosition);
    FourKingdomsGame<FFA> rook; // a rook can still mate
    load(rook, k4({ { "n7", "eK" }, { "h1", "sK" }, { "e5", "eR" } }, "e - - 0 1 esee -"));
    EXPECT_FALSE(rook.outcome().over);
    FourKingdomsGame<FFA> three; // three kings and a knight: others' kings can help mate
    load(three,
        k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "e5", "eN" } }, "e - - 0 1 eswe -"));
    EXPECT_FALSE(three.outcome().over);
}

TEST(FourKingdomsGame, DrawByAgreementOfAllPlayersLeft) {
    FourKingdomsGame<FFA> g;
    ASSERT_FALSE(g.offer_draw(fk::East));
    ASSERT_FALSE(g.offer_draw(fk::South));
    ASSERT_TRUE(g.play_uci("m4k4")); // a move lets the offers lapse
    EXPECT_EQ(g.draw_offers(), 0);
    ASSERT_FALSE(g.resign(fk::North));
    EXPECT_EQ(g.offer_draw(fk::North), FkRefusal::NotInGame);
    for (Seat s : { fk::East, fk::South }) ASSERT_FALSE(g.offer_draw(s));
    EXPECT_FALSE(g.outcome().over);
    ASSERT_FALSE(g.offer_draw(fk::West));
    EXPECT_EQ(g.outcome().reason, FkTermination::Agreement);
    EXPECT_EQ(g.legal_moves().size(), 0);
    EXPECT_EQ(g.offer_draw(fk::East), FkRefusal::GameOver);
    // North resigned first: -1; the three left get 1 each.
    EXPECT_EQ(g.scores(), (std::array<double, 4>{ 1, 1, 1, -1 }));
    EXPECT_TRUE(g.undo());
    EXPECT_FALSE(g.outcome().over);
    // Alliance mode: all four agree, half a point each.
    FourKingdomsGame<Teams> t;
    for (Seat s : { fk::East, fk::South, fk::West }) ASSERT_FALSE(t.offer_draw(s));
    EXPECT_FALSE(t.outcome().over);
    ASSERT_FALSE(t.offer_draw(fk::North));
    EXPECT_EQ(t.outcome().reason, FkTermination::Agreement);
    EXPECT_EQ(t.scores(), (std::array<double, 4>{ 0.5, 0.5, 0.5, 0.5 }));
}

TEST(FourKingdomsGame, DrawOffersAreStepsOfTheHistory) {
    FourKingdomsGame<FFA> g;
    ASSERT_FALSE(g.offer_draw(fk::East));
    EXPECT_EQ(g.offer_draw(fk::East), FkRefusal::AlreadyOffered);
    ASSERT_EQ(g.history().size(), 1u);
    EXPECT_EQ(g.history().back().action, FkAction::DrawOffer);
    EXPECT_EQ(g.last_events(), (std::vector<FkEvent>{ { FkEventKind::DrawOffered, fk::East } }));
    ASSERT_FALSE(g.offer_draw(fk::South)); // joins East's offer
    EXPECT_EQ(g.last_events(), (std::vector<FkEvent>{ { FkEventKind::DrawAccepted, fk::South } }));
    EXPECT_EQ(g.draw_offers(), fk::seat_bit(fk::East) | fk::seat_bit(fk::South));
    ASSERT_TRUE(g.undo()); // takes South's acceptance back, East's offer stands
    EXPECT_EQ(g.draw_offers(), fk::seat_bit(fk::East));
    ASSERT_TRUE(g.play_uci("m4k4"));
    EXPECT_EQ(g.draw_offers(), 0);
    ASSERT_TRUE(g.undo()); // before the move East's offer stood
    EXPECT_EQ(g.draw_offers(), fk::seat_bit(fk::East));
    for (Seat s : { fk::South, fk::West, fk::North }) ASSERT_FALSE(g.offer_draw(s));
    EXPECT_EQ(g.outcome().reason, FkTermination::Agreement);
    EXPECT_EQ(g.last_events(),
        (std::vector<FkEvent>{
            { FkEventKind::DrawAccepted, fk::North }, { FkEventKind::GameOver } }));
    ASSERT_TRUE(g.undo());
    EXPECT_FALSE(g.outcome().over);
    EXPECT_EQ(
        g.draw_offers(), fk::seat_bit(fk::East) | fk::seat_bit(fk::South) | fk::seat_bit(fk::West));
}

TEST(FourKingdomsGame, FreeForAllScores) {
    // North is mated (first out: 1), West resigns (second out, resigned: -1), South resigns
    // (third out: 0), East wins (2).
    FourKingdomsGame<FFA> g;
    load(g,
        k4({ KINGS, { "e10", "eR" }, { "f13", "nP" }, { "g13", "nP" }, { "h13", "nP" },
            { "d2", "sP" }, { "b5", "wP" } }));
    ASSERT_TRUE(g.play_uci("e10e14"));
    ASSERT_FALSE(g.resign(fk::West));
    EXPECT_FALSE(g.outcome().over);
    ASSERT_FALSE(g.resign(fk::South));
    auto o = g.outcome();
    EXPECT_TRUE(o.over && !o.draw);
    EXPECT_EQ(o.reason, FkTermination::LastPlayer);
    EXPECT_EQ(o.winners, fk::seat_bit(fk::East));
    EXPECT_EQ(g.scores(), (std::array<double, 4>{ 2, 0, -1, 1 }));
    ASSERT_EQ(g.eliminations().size(), 3u);
    EXPECT_EQ(g.eliminations()[0].seat, fk::North);
    EXPECT_FALSE(g.eliminations()[0].resigned);
    // The decided game's text names the next player in the game: East, alone.
    EXPECT_NE(g.fen().find(" e - - "), std::string::npos) << g.fen();
    EXPECT_EQ(g.legal_moves().size(), 0);
    // Two resignations first: both -1, then a mate: 0 for the third out, 2 for the winner.
    FourKingdomsGame<FFA> r;
    load(r, k4({ KINGS, { "e10", "eR" }, { "f13", "nP" }, { "g13", "nP" }, { "h13", "nP" } }));
    ASSERT_FALSE(r.resign(fk::South));
    ASSERT_FALSE(r.resign(fk::West));
    ASSERT_TRUE(r.play_uci("e10e14"));
    EXPECT_EQ(r.scores(), (std::array<double, 4>{ 2, -1, -1, 0 }));
}

TEST(FourKingdomsGame, TeamScores) {
    FourKingdomsGame<Teams> g;
    load(g,
        k4({ KINGS, { "e10", "eR" }, { "f13", "nP" }, { "g13", "nP" }, { "h13", "nP" } },
            "e - - 0 1 eswn es"));
    ASSERT_TRUE(g.play_uci("e10e14"));
    EXPECT_FALSE(g.outcome().over);
    ASSERT_FALSE(g.resign(fk::West));
    auto o = g.outcome();
    EXPECT_EQ(o.reason, FkTermination::LastTeam);
    EXPECT_EQ(o.winners, fk::seat_bit(fk::East) | fk::seat_bit(fk::South));
    EXPECT_EQ(g.scores(), (std::array<double, 4>{ 1, 1, 0, 0 }));
}

TEST(FourKingdomsGame, UndoRestoresMovesAndActions) {
    FourKingdomsGame<FFA> g;
    std::string           start = g.fen();
    ASSERT_TRUE(g.play_uci("m4k4"));
    std::string after = g.fen();
    ASSERT_FALSE(g.resign(fk::West));
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.fen(), after);
    EXPECT_TRUE(g.in_game(fk::West));
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.fen(), start);
    EXPECT_FALSE(g.undo());
}

TEST(FourKingdomsGame, SanInTheSeedsConventions) {
    FourKingdomsGame<FFA> g;
    load(g,
        k4({ KINGS, { "b6", "eP" }, { "d1", "sR" }, { "k1", "sR" }, { "e10", "eN" },
               { "e6", "eN" } },
            "e sKQ - 0 1 eswn -"));
    auto san = [&](const char* uci) {
        Position<FFA>& pos = const_cast<Position<FFA>&>(g.position());
        return move_to_san(pos, *find_uci_move(pos, uci));
    };
    EXPECT_EQ(san("b6a6q"), "b6-a6=Q+"); // the new queen checks West's king on a8
    EXPECT_EQ(san("b6a6"), "b6-a6");
    EXPECT_EQ(san("e10f8"), "N10f8"); // both knights reach f8: the rank tells them apart
    EXPECT_EQ(san("e10g11"), "Ng11");
    ASSERT_TRUE(g.play_san("Km7"));
    EXPECT_EQ(g.history().back().san, "Km7");
    EXPECT_EQ(
        move_to_san(const_cast<Position<FFA>&>(g.position()), *find_uci_move(g.position(), "h1j1")),
        "O-O");
    ASSERT_TRUE(g.play_san("0-0-0"));
    EXPECT_EQ(g.history().back().san, "O-O-O+"); // the rook on g1 checks North down the g-file
}

TEST(FourKingdomsGame, RecordExportAndImport) {
    FourKingdomsGame<FFA> g;
    load(g,
        k4({ KINGS, { "e10", "eR" }, { "f13", "nP" }, { "g13", "nP" }, { "h13", "nP" },
            { "d2", "sP" }, { "b5", "wP" } }));
    ASSERT_TRUE(g.play_uci("e10e14"));
    ASSERT_TRUE(g.play_uci("d2d4"));
    ASSERT_FALSE(g.propose_alliance(fk::West, fk::South));
    ASSERT_FALSE(g.accept_alliance(fk::South));
    ASSERT_TRUE(g.play_uci("b5c5"));
    ASSERT_FALSE(g.resign(fk::West));
    K4Tags tags;
    tags.players     = { "Ann", "Bo", "Cy", "Di \"D\"" };
    std::string text = write_k4record(g, tags);
    EXPECT_NE(text.find("[East \"Ann\"]"), std::string::npos) << text;
    EXPECT_NE(text.find("[North \"Di \\\"D\\\"\"]"), std::string::npos) << text;
    EXPECT_NE(text.find("[Result \"*\"]"), std::string::npos) << text;
    EXPECT_NE(text.find("[SetUp \"1\"]"), std::string::npos) << text;
    std::string flat = text;
    std::replace(flat.begin(), flat.end(), '\n', ' ');
    EXPECT_NE(flat.find("1. e:Re14# {North is checkmated by East} {East takes command of North's "
                        "army} s:d2-d4"),
        std::string::npos)
        << text;
    EXPECT_NE(
        flat.find("{West proposes an alliance to South} {West and South form an alliance} w:b5-c5 "
                  "{West resigns} {the alliance of South and West ends}"),
        std::string::npos)
        << text;
    FourKingdomsGame<FFA> back;
    K4Tags                read;
    auto                  err = read_k4record(text, back, &read);
    ASSERT_FALSE(err) << err->message;
    EXPECT_EQ(back.fen(), g.fen());
    EXPECT_EQ(read.players, tags.players);
    EXPECT_EQ(write_k4record(back, read), text);
    // A record that states only the alliance replays the proposal with it.
    std::string       short_form = text;
    const std::string proposal   = "{West proposes an alliance to South} ";
    short_form.erase(short_form.find(proposal), proposal.size());
    FourKingdomsGame<FFA> brief;
    err = read_k4record(short_form, brief);
    ASSERT_FALSE(err) << err->message;
    EXPECT_EQ(write_k4record(brief, read), text);
    // Errors name the move.
    FourKingdomsGame<FFA> bad;
    auto e = read_k4record("[Variant \"fourkingdoms\"]\n\n1. e:m4-k4 w:b4-d4", bad);
    ASSERT_TRUE(e);
    EXPECT_NE(e->message.find("move 2"), std::string::npos) << e->message;
    EXPECT_TRUE(read_k4record("[Variant \"chess\"]\n\n", bad));
}

TEST(FourKingdomsGame, RecordKeepsDrawOffers) {
    FourKingdomsGame<FFA> g;
    ASSERT_TRUE(g.play_uci("m4k4"));
    ASSERT_FALSE(g.offer_draw(fk::West));
    ASSERT_TRUE(g.play_uci("e2e4")); // West's offer lapses
    for (Seat s : { fk::North, fk::East, fk::South, fk::West }) ASSERT_FALSE(g.offer_draw(s));
    std::string text = write_k4record(g);
    EXPECT_NE(text.find("[Result \"e:1 s:1 w:1 n:1\"]"), std::string::npos) << text;
    std::string flat = text;
    std::replace(flat.begin(), flat.end(), '\n', ' ');
    EXPECT_NE(
        flat.find(
            "1. e:m4-k4 {West offers a draw} s:e2-e4 {North offers a draw} {East accepts the draw} "
            "{South accepts the draw} {West accepts the draw} {Draw by agreement.}"),
        std::string::npos)
        << text;
    FourKingdomsGame<FFA> back;
    auto                  err = read_k4record(text, back);
    ASSERT_FALSE(err) << err->message;
    EXPECT_EQ(back.history().size(), g.history().size());
    EXPECT_EQ(back.outcome(), g.outcome());
    EXPECT_EQ(write_k4record(back), text);
    // Accepting what nobody offered, or offering twice, is refused by name.
    FourKingdomsGame<FFA> bad;
    auto                  e = read_k4record("1. {South accepts the draw}", bad);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->message, "{South accepts the draw}: no draw offer stands to accept");
    e = read_k4record("1. {South offers a draw} {South offers a draw}", bad);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->message, "{South offers a draw}: that player's draw offer stands already");
}

TEST(FourKingdomsGame, RecordResultTagMustBeTheGamesResult) {
    // A finished game: North mated, West and South resign; East wins.
    FourKingdomsGame<FFA> g;
    load(g, k4({ KINGS, { "e10", "eR" }, { "f13", "nP" }, { "g13", "nP" }, { "h13", "nP" } }));
    ASSERT_TRUE(g.play_uci("e10e14"));
    ASSERT_FALSE(g.resign(fk::West));
    ASSERT_FALSE(g.resign(fk::South));
    const std::string text = write_k4record(g), tag = "[Result \"e:2 s:0 w:-1 n:1\"]";
    ASSERT_NE(text.find(tag), std::string::npos) << text;
    auto with_result = [&](std::string_view result) {
        std::string t = text;
        return t.replace(t.find(tag), tag.size(), "[Result \"" + std::string(result) + "\"]");
    };
    auto error = [](const std::string& record) {
        FourKingdomsGame<FFA> game;
        auto                  e = read_k4record(record, game);
        return e ? e->message : "";
    };
    EXPECT_EQ(error(text), "");
    EXPECT_EQ(error(with_result("e:2 s:1 w:-1 n:0")),
        "the Result tag \"e:2 s:1 w:-1 n:0\" does not match the game's result \"e:2 s:0 w:-1 n:1\" "
        "(East wins (last player in the game).)");
    EXPECT_EQ(error(with_result("*")),
        "the Result tag \"*\" does not match the game's result \"e:2 s:0 w:-1 n:1\" (East wins "
        "(last "
        "player in the game).)");
    EXPECT_EQ(error(with_result("1-0")).find("the Result tag \"1-0\" does not match"), 0u);
    // Without the last resignation the game goes on: only "*" (or no tag) fits.
    const std::string unfinished
        = with_result("e:2 s:0 w:-1 n:1").replace(text.find("{South resigns}"), 15, "");
    EXPECT_EQ(error(unfinished),
        "the Result tag \"e:2 s:0 w:-1 n:1\" says the game ended, but its moves and actions do not "
        "end it "
        "(the result would be \"*\")");
    std::string going_on = unfinished;
    going_on.replace(going_on.find(tag), tag.size(), "[Result \"*\"]");
    EXPECT_EQ(error(going_on), "");
    going_on.erase(going_on.find("[Result \"*\"]"), 13);
    EXPECT_EQ(error(going_on), "");
}

namespace {
// The reason fk::why_illegal gives (Unexplained for a legal move, which never has one).
IllegalReason reason(const std::string& fen, const char* move, Seat who = fk::AnyRequester) {
    Game<FFA> g(fen);
    auto      w = fk::why_illegal(g.pos, request(move), who);
    return w ? w->reason : IllegalReason::Unexplained;
}
// The whole answer, which the test requires to exist.
template <class V = FFA>
Illegality illegality(const std::string& fen, const char* move, Seat who = fk::AnyRequester) {
    Game<V> g(fen);
    auto    w = fk::why_illegal(g.pos, request(move), who);
    if (!w) throw std::runtime_error(std::string(move) + " is legal in " + fen);
    return *w;
}
bool says(const Illegality& w, std::string_view text) {
    return w.message.find(text) != std::string::npos;
}
} // namespace

TEST(FourKingdomsGame, IllegalMoveReasonsOrthodox) {
    using R = IllegalReason;
    std::string start(FFA::StartFen);
    EXPECT_EQ(reason(start, "e2e4"), R::NotYourPiece);
    EXPECT_EQ(reason(start, "m4j4"), R::NotThatPiecesMove);
    EXPECT_EQ(reason(start, "n4n6"), R::PathBlocked);
    EXPECT_EQ(reason(start, "n7m7"), R::OwnPieceOnTarget);
    std::string pawn
        = k4({ KINGS, { "e4", "sP" }, { "d3", "wN" }, { "e5", "wN" } }, "s - - 0 1 eswn -");
    EXPECT_EQ(reason(pawn, "e4e5"), R::PawnCannotCaptureForward);
    EXPECT_EQ(reason(pawn, "e4f5"), R::PawnMovesDiagonallyOnlyToCapture);
    EXPECT_EQ(reason(pawn, "e4e6"), R::NotThatPiecesMove);
    EXPECT_EQ(reason(k4({ KINGS, { "b6", "eP" } }), "b6b5q"), R::PromotionNotOnLastRank);
    {
        Game<FFA> g(k4({ KINGS, { "b6", "eP" } }));
        auto      w = fk::why_illegal(
                 g.pos, MoveRequest{ *parse_square<Cross14>("b6"), *parse_square<Cross14>("a6"), King });
        ASSERT_TRUE(w);
        EXPECT_EQ(w->reason, R::PromotionNotAllowed);
    }
    // A pinned piece: South's knight on h5 between its king and North's rook on h10.
    EXPECT_EQ(reason(k4({ KINGS, { "h5", "sN" }, { "h10", "nR" } }, "s - - 0 1 eswn -"), "h5g7"),
        R::PiecePinned);
    EXPECT_EQ(
        reason(k4({ KINGS, { "i10", "nR" } }, "s - - 0 1 eswn -"), "h1i1"), R::KingWouldBeAttacked);
    // Legal moves have no reason, and the core overload gives the same answers.
    Game<FFA> s(start);
    EXPECT_FALSE(fk::why_illegal(s.pos, request("m4k4")));
    EXPECT_FALSE(why_illegal(s.pos, request("m4k4")));
    EXPECT_EQ(why_illegal(s.pos, request("n7m7"))->reason, R::OwnPieceOnTarget);
}

TEST(FourKingdomsGame, CastlingReasonsNumberTheirCondition) {
    using R = IllegalReason;
    struct Case {
        std::string      fen;
        const char*      move;
        R                reason;
        int              condition;
        std::string_view square, attacker;
    };
    const Case cases[] = {
        { k4({ KINGS, { "d1", "sR" }, { "k1", "sR" } }, "s - - 0 1 eswn -"), "h1j1",
            R::CastlingKingMoved, 1, "h1", "" },
        { k4({ KINGS, { "d1", "sR" }, { "k1", "sR" } }, "s sQ - 0 1 eswn -"), "h1j1",
            R::CastlingRookMoved, 2, "k1", "" },
        { k4({ KINGS, { "d1", "sR" }, { "k1", "sR" }, { "h8", "nR" } }, "s sKQ - 0 1 eswn -"),
            "h1j1", R::CastlingInCheck, 3, "h1", "h8" },
        { k4({ KINGS, { "d1", "sR" }, { "k1", "sR" }, { "l4", "wB" } }, "s sKQ - 0 1 eswn -"),
            "h1j1", R::CastlingThroughAttack, 4, "i1", "l4" },
        { k4({ KINGS, { "d1", "sR" }, { "k1", "sR" }, { "f10", "nR" } }, "s sKQ - 0 1 eswn -"),
            "h1f1", R::CastlingIntoCheck, 5, "f1", "f10" },
        { k4({ KINGS, { "d1", "sR" }, { "k1", "sR" }, { "i1", "eN" } }, "s sKQ - 0 1 eswn -"),
            "h1j1", R::CastlingPathBlocked, 6, "i1", "" },
    };
    for (const Case& c : cases) {
        Illegality w = illegality(c.fen, c.move);
        EXPECT_EQ(w.reason, c.reason) << c.fen << " " << c.move;
        EXPECT_EQ(w.condition, c.condition) << c.fen << " " << c.move;
        EXPECT_EQ(w.square, *parse_square<Cross14>(c.square)) << c.fen << " " << c.move;
        if (!c.attacker.empty()) {
            EXPECT_EQ(w.piece_square, *parse_square<Cross14>(c.attacker)) << c.fen;
        }
    }
    EXPECT_TRUE(says(
        illegality(cases[3].fen, "h1j1"), "would cross i1, which West's bishop on l4 attacks"));
}

TEST(FourKingdomsGame, NotYourTurnNamesWhoseTurnAndWhy) {
    // Clockwise: East is to move at the start.
    Illegality w = illegality(std::string(FFA::StartFen), "e2e4", fk::South);
    EXPECT_EQ(w.reason, IllegalReason::NotYourTurn);
    EXPECT_EQ(w.player, fk::East);
    EXPECT_FALSE(w.check_first);
    EXPECT_EQ(w.square, NoSquare);
    EXPECT_EQ(w.message, "It is not South's turn. It is East's turn (play goes clockwise).");
    // Check comes first: North is in check from East's queen, so North moves, not South.
    w = illegality(k4({ KINGS, { "g6", "eQ" } }, "n - - 0 1 eswn -"), "h1g1", fk::South);
    EXPECT_EQ(w.reason, IllegalReason::NotYourTurn);
    EXPECT_EQ(w.player, fk::North);
    EXPECT_TRUE(w.check_first);
    EXPECT_EQ(w.message,
        "It is not South's turn. It is North's turn, because North is in check and a player in "
        "check moves first.");
    // The player to move asking gets the move's own answer.
    EXPECT_FALSE(fk::why_illegal(Game<FFA>(FFA::StartFen).pos, request("m4k4"), fk::East));
    EXPECT_EQ(reason(std::string(FFA::StartFen), "m4k4", fk::West), IllegalReason::NotYourTurn);
}

TEST(FourKingdomsGame, NotInGameForAPlayerWhoseKingIsGone) {
    std::string fen = k4(
        { { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "g13", "nP" } }, "e - - 0 1 eswe -");
    Illegality w = illegality(fen, "g13g12", fk::North);
    EXPECT_EQ(w.reason, IllegalReason::NotInGame);
    EXPECT_EQ(w.message, "North is out of the game and has no moves.");
    // East, who commands North's army now, may move that pawn.
    EXPECT_FALSE(fk::why_illegal(Game<FFA>(fen).pos, request("g13g12"), fk::East));
}

TEST(FourKingdomsGame, AllyPieceOnTargetInBothModes) {
    // Teams: East and South are partners.
    Illegality w = illegality<Teams>(
        k4({ KINGS, { "e5", "eR" }, { "e8", "sN" } }, "e - - 0 1 eswn es"), "e5e8");
    EXPECT_EQ(w.reason, IllegalReason::AllyPieceOnTarget);
    EXPECT_EQ(w.square, *parse_square<Cross14>("e8"));
    EXPECT_EQ(w.piece, make_piece(fk::South, Knight));
    EXPECT_EQ(w.message,
        "Your rook on e5 cannot capture South's knight on e8: allies never capture each other.");
    // Free-for-all: South and West allied; without the alliance the capture is legal.
    std::string allied
        = k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "d8", "wR" }, { "f8", "sN" } },
            "w - - 0 1 eswe sw");
    w = illegality(allied, "d8f8");
    EXPECT_EQ(w.reason, IllegalReason::AllyPieceOnTarget);
    EXPECT_EQ(w.piece, make_piece(fk::South, Knight));
    EXPECT_FALSE(
        fk::why_illegal(Game<FFA>(allied.substr(0, allied.size() - 2) + "-").pos, request("d8f8")));
}

TEST(FourKingdomsGame, PawnCannotReenterHome) {
    std::string fen
        = k4({ KINGS, { "e4", "sP" }, { "d3", "wN" }, { "e5", "wN" } }, "s - - 0 1 eswn -");
    for (const char* move : { "e4e3", "e4d3" }) {
        Illegality w = illegality(fen, move);
        EXPECT_EQ(w.reason, IllegalReason::PawnCannotReenterHome) << move;
        EXPECT_EQ(w.square, *parse_square<Cross14>(std::string_view(move).substr(2))) << move;
    }
    EXPECT_EQ(illegality(fen, "e4e3").message,
        "Your pawn on e4 has left its home and may never go back into it (e3 is in South's home).");
    // Inside its home the same step back is just not a pawn's move.
    EXPECT_EQ(reason(k4({ KINGS, { "e3", "sP" } }, "s - - 0 1 eswn -"), "e3e2"),
        IllegalReason::NotThatPiecesMove);
}

TEST(FourKingdomsGame, GameOverReasons) {
    // One player left.
    Illegality w = illegality(k4({ { "n7", "eK" }, { "e5", "eR" } }, "e - - 0 1 eeee -"), "e5e6");
    EXPECT_EQ(w.reason, IllegalReason::GameOver);
    EXPECT_EQ(w.message, "The game is over: East won.");
    // Stalemate of the player to move: the stalemated king.
    w = illegality(k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "g14", "nK" },
                          { "k2", "eR" }, { "h3", "wN" } },
                       "s - - 0 1 eswn -"),
        "h1g1");
    EXPECT_EQ(w.reason, IllegalReason::GameOverStalemate);
    EXPECT_EQ(w.square, *parse_square<Cross14>("h1"));
    // A draw only the game knows (threefold repetition): the game says so for any move.
    FourKingdomsGame<FFA> g;
    for (int cycle = 0; cycle < 2; ++cycle)
        play_all(g, { "n5l4", "e1f3", "a5c6", "e14f12", "l4n5", "f3e1", "c6a5", "f12e14" });
    EXPECT_FALSE(g.why_illegal(fk::East, request("m4k4")) == std::nullopt);
    EXPECT_EQ(g.why_illegal(fk::East, request("m4k4"))->reason, IllegalReason::GameOver);
    EXPECT_EQ(g.why_illegal(fk::East, request("m4k4"))->message,
        "The game is over: it is a draw by threefold repetition.");
    EXPECT_FALSE(FourKingdomsGame<FFA>().why_illegal(fk::East, request("m4k4")));
}

TEST(FourKingdomsGame, EnPassantExpiredAfterTheVeryNextMove) {
    // North double-steps e13-e11; East's pawn on d11 may take en passant right away ...
    FourKingdomsGame<FFA> g;
    load(g, k4({ KINGS, { "e13", "nP" }, { "d11", "eP" } }, "n - - 0 1 eswn -"));
    ASSERT_TRUE(g.play_uci("e13e11"));
    EXPECT_FALSE(g.why_illegal(fk::East, request("d11e12")));
    // ... but not once every player has moved since.
    play_all(g, { "n7m7", "h1g1", "a8a9", "g14h14" });
    auto w = g.why_illegal(fk::East, request("d11e12"));
    ASSERT_TRUE(w);
    EXPECT_EQ(w->reason, IllegalReason::EnPassantExpired);
    EXPECT_EQ(w->square, *parse_square<Cross14>("e11"));
    EXPECT_EQ(w->piece, make_piece(fk::North, Pawn));
    EXPECT_EQ(w->message,
        "Your pawn on d11 can no longer take North's pawn on e11 en passant: that is allowed "
        "only on the move right after its two-square step.");
    // Not a double step's trace: a piece on e13 (the pawn could not have come from there), or
    // the pawn on e11 is a partner's: a diagonal step to an empty square is all it is.
    EXPECT_EQ(reason(k4({ KINGS, { "e13", "nN" }, { "e11", "nP" }, { "d11", "eP" } }), "d11e12"),
        IllegalReason::PawnMovesDiagonallyOnlyToCapture);
    Game<Teams> partner(k4({ KINGS, { "e11", "nP" }, { "d11", "wP" } }, "w - - 0 1 eswn es"));
    EXPECT_EQ(fk::why_illegal(partner.pos, request("d11e12"))->reason,
        IllegalReason::PawnMovesDiagonallyOnlyToCapture);
    Game<Teams> enemy(k4({ KINGS, { "e11", "nP" }, { "d11", "eP" } }, "e - - 0 1 eswn es"));
    EXPECT_EQ(
        fk::why_illegal(enemy.pos, request("d11e12"))->reason, IllegalReason::EnPassantExpired);
}

#ifdef CITADEL_BINARY
namespace {
std::string run(const std::string& args, int* status) {
    std::string cmd = std::string(CITADEL_BINARY) + " " + args + " 2>&1";
    FILE*       p   = popen(cmd.c_str(), "r");
    std::string out;
    char        buf[4096];
    while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    *status = pclose(p);
    return out;
}
} // namespace

TEST(FourKingdomsGame, CommandLinePerftAndMoves) {
    int s = 0;
    EXPECT_EQ(run("perft --variant fourkingdoms --depth 2", &s), "Nodes searched: 399\n");
    EXPECT_EQ(run("perft --variant fourkingdoms-teams --depth 2", &s), "Nodes searched: 399\n");
    std::string divide = run("perft --variant fourkingdoms --depth 2 --divide", &s);
    EXPECT_NE(divide.find("m4k4: 19\n"), std::string::npos) << divide;
    EXPECT_NE(divide.find("n5l6: 20\n"), std::string::npos) << divide;
    std::string moves = run("moves --variant fourkingdoms --moves \"m4k4 k2k3\"", &s);
    EXPECT_EQ(moves.substr(0, 7), "a10c11\n") << moves; // West to move, byte order
    // A decided game has no moves.
    std::string fen = k4({ { "n7", "eK" }, { "e5", "eR" } }, "e - - 0 1 eeee -");
    EXPECT_EQ(run("perft --variant fourkingdoms --depth 3 --fen \"" + fen + "\"", &s),
        "Nodes searched: 0\n");
    std::string err = run("moves --variant fourkingdoms --fen \"xxx\"", &s);
    EXPECT_NE(s, 0);
    EXPECT_EQ(err.rfind("error: ", 0), 0u) << err;
}
#endif
