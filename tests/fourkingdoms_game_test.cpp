// The Four Kingdoms game layer: each draw (stalemate, threefold repetition, perpetual check, the
// 60-round rule, dead positions, agreement), each score, undo, SAN and the game record, the
// illegal-move reasons, and the command line.
#include "fourkingdoms_support.h"

#include <cstdio>

#include "game/fourkingdoms_game.h"

using namespace citadel;
using namespace fktest;

using FFA   = FourKingdoms;
using Teams = FourKingdomsTeams;

namespace {
template <class V> void load(FourKingdomsGame<V>& g, const std::string& fen) {
    auto err = g.load_fen(fen);
    ASSERT_FALSE(err) << fen << ": " << describe(*err);
}
// A move request from UCI-style text (squares, optional q/r/b/n).
MoveRequest request(std::string_view text) {
    size_t      split = 1;
    while (split < text.size() && std::isdigit(static_cast<unsigned char>(text[split]))) ++split;
    size_t      end = split + 1;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    MoveRequest r{*parse_square<Cross14>(text.substr(0, split)), *parse_square<Cross14>(text.substr(split, end - split))};
    if (end < text.size()) r.promotion = piece_type_from_letter(text[end], piece_set(Queen, Rook, Bishop, Knight));
    return r;
}
template <class V> void play_all(FourKingdomsGame<V>& g, std::initializer_list<const char*> moves) {
    for (const char* m : moves) ASSERT_TRUE(g.play_uci(m)) << m << " in " << g.fen();
}
}  // namespace

TEST(FourKingdomsGame, StalemateDrawsTheGame) {
    // South to move: its king on h1 has no square (East's rook on k2 holds rank 2, West's
    // knight on h3 holds g1 and i1) and is not in check.
    FourKingdomsGame<FFA> g;
    load(g, k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}, {"g14", "nK"}, {"k2", "eR"}, {"h3", "wN"}},
               "s - - 0 1 eswn -"));
    EXPECT_EQ(g.legal_moves().size(), 0);
    auto o = g.outcome();
    EXPECT_TRUE(o.over && o.draw);
    EXPECT_EQ(o.reason, FkTermination::Stalemate);
    EXPECT_EQ(g.scores(), (std::array<double, 4>{1, 1, 1, 1}));
    FourKingdomsGame<Teams> t;
    load(t, k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}, {"g14", "nK"}, {"k2", "wR"}, {"h3", "wN"}},
               "s - - 0 1 eswn es"));
    EXPECT_EQ(t.outcome().reason, FkTermination::Stalemate);
    EXPECT_EQ(t.scores(), (std::array<double, 4>{0.5, 0.5, 0.5, 0.5}));
}

TEST(FourKingdomsGame, ThreefoldRepetition) {
    FourKingdomsGame<FFA> g;
    for (int cycle = 0; cycle < 2; ++cycle) {
        EXPECT_FALSE(g.outcome().over);
        play_all(g, {"n5l4", "e1f3", "a5c6", "e14f12", "l4n5", "f3e1", "c6a5", "f12e14"});
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
    load(g, k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}, {"i14", "nK"}, {"j10", "eR"}}));
    for (int cycle = 0; cycle < 2; ++cycle) {
        play_all(g, {"j10i10", "i14j14", "i10j10", "j14i14"});
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
    load(g, k4({KINGS, {"e5", "eR"}}, "e - - 239 60 eswn -"));
    EXPECT_FALSE(g.outcome().over);
    ASSERT_TRUE(g.play_uci("e5e6"));
    EXPECT_EQ(g.outcome().reason, FkTermination::SixtyRoundRule);
    // With three players left the round is three plies: 180.
    FourKingdomsGame<FFA> three;
    load(three, k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}, {"e5", "eR"}, {"e13", "nP"}},
                   "e - - 179 60 eswe -"));
    EXPECT_FALSE(three.outcome().over);
    ASSERT_TRUE(three.play_uci("e5e6"));
    EXPECT_EQ(three.outcome().reason, FkTermination::SixtyRoundRule);
}

TEST(FourKingdomsGame, DeadPositions) {
    FourKingdomsGame<FFA> kings;
    load(kings, k4({KINGS}));
    EXPECT_EQ(kings.outcome().reason, FkTermination::DeadPosition);
    FourKingdomsGame<FFA> two;  // two players left: king and bishop against a king
    load(two, k4({{"n7", "eK"}, {"h1", "sK"}, {"e5", "eB"}}, "e - - 0 1 esee -"));
    EXPECT_EQ(two.outcome().reason, FkTermination::DeadPosition);
    FourKingdomsGame<FFA> rook;  // a rook can still mate
    load(rook, k4({{"n7", "eK"}, {"h1", "sK"}, {"e5", "eR"}}, "e - - 0 1 esee -"));
    EXPECT_FALSE(rook.outcome().over);
    FourKingdomsGame<FFA> three;  // three kings and a knight: others' kings can help mate
    load(three, k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}, {"e5", "eN"}}, "e - - 0 1 eswe -"));
    EXPECT_FALSE(three.outcome().over);
}

TEST(FourKingdomsGame, DrawByAgreementOfAllPlayersLeft) {
    FourKingdomsGame<FFA> g;
    ASSERT_FALSE(g.offer_draw(fk::East));
    ASSERT_FALSE(g.offer_draw(fk::South));
    ASSERT_TRUE(g.play_uci("m4k4"));  // a move lets the offers lapse
    EXPECT_EQ(g.draw_offers(), 0);
    ASSERT_FALSE(g.resign(fk::North));
    for (Seat s : {fk::East, fk::South}) ASSERT_FALSE(g.offer_draw(s));
    EXPECT_FALSE(g.outcome().over);
    ASSERT_FALSE(g.offer_draw(fk::West));
    EXPECT_EQ(g.outcome().reason, FkTermination::Agreement);
    // North resigned first: -1; the three left get 1 each.
    EXPECT_EQ(g.scores(), (std::array<double, 4>{1, 1, 1, -1}));
    EXPECT_TRUE(g.undo());
    EXPECT_FALSE(g.outcome().over);
}

TEST(FourKingdomsGame, FreeForAllScores) {
    // North is mated (first out: 1), West resigns (second out, resigned: -1), South resigns
    // (third out: 0), East wins (2).
    FourKingdomsGame<FFA> g;
    load(g, k4({KINGS, {"e10", "eR"}, {"f13", "nP"}, {"g13", "nP"}, {"h13", "nP"}, {"d2", "sP"}, {"b5", "wP"}}));
    ASSERT_TRUE(g.play_uci("e10e14"));
    ASSERT_FALSE(g.resign(fk::West));
    EXPECT_FALSE(g.outcome().over);
    ASSERT_FALSE(g.resign(fk::South));
    auto o = g.outcome();
    EXPECT_TRUE(o.over && !o.draw);
    EXPECT_EQ(o.reason, FkTermination::LastPlayer);
    EXPECT_EQ(o.winners, fk::seat_bit(fk::East));
    EXPECT_EQ(g.scores(), (std::array<double, 4>{2, 0, -1, 1}));
    ASSERT_EQ(g.eliminations().size(), 3u);
    EXPECT_EQ(g.eliminations()[0].seat, fk::North);
    EXPECT_FALSE(g.eliminations()[0].resigned);
    // The decided game's text names the next player in the game: East, alone.
    EXPECT_NE(g.fen().find(" e - - "), std::string::npos) << g.fen();
    EXPECT_EQ(g.legal_moves().size(), 0);
    // Two resignations first: both -1, then a mate: 0 for the third out, 2 for the winner.
    FourKingdomsGame<FFA> r;
    load(r, k4({KINGS, {"e10", "eR"}, {"f13", "nP"}, {"g13", "nP"}, {"h13", "nP"}}));
    ASSERT_FALSE(r.resign(fk::South));
    ASSERT_FALSE(r.resign(fk::West));
    ASSERT_TRUE(r.play_uci("e10e14"));
    EXPECT_EQ(r.scores(), (std::array<double, 4>{2, -1, -1, 0}));
}

TEST(FourKingdomsGame, TeamScores) {
    FourKingdomsGame<Teams> g;
    load(g, k4({KINGS, {"e10", "eR"}, {"f13", "nP"}, {"g13", "nP"}, {"h13", "nP"}}, "e - - 0 1 eswn es"));
    ASSERT_TRUE(g.play_uci("e10e14"));
    EXPECT_FALSE(g.outcome().over);
    ASSERT_FALSE(g.resign(fk::West));
    auto o = g.outcome();
    EXPECT_EQ(o.reason, FkTermination::LastTeam);
    EXPECT_EQ(o.winners, fk::seat_bit(fk::East) | fk::seat_bit(fk::South));
    EXPECT_EQ(g.scores(), (std::array<double, 4>{1, 1, 0, 0}));
}

TEST(FourKingdomsGame, UndoRestoresMovesAndActions) {
    FourKingdomsGame<FFA> g;
    std::string start = g.fen();
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
    load(g, k4({KINGS, {"b6", "eP"}, {"d1", "sR"}, {"k1", "sR"}, {"e10", "eN"}, {"e6", "eN"}},
               "e sKQ - 0 1 eswn -"));
    auto san = [&](const char* uci) {
        Position<FFA>&      pos = const_cast<Position<FFA>&>(g.position());
        return move_to_san(pos, *find_uci_move(pos, uci));
    };
    EXPECT_EQ(san("b6a6q"), "b6-a6=Q+");  // the new queen checks West's king on a8
    EXPECT_EQ(san("b6a6"), "b6-a6");
    EXPECT_EQ(san("e10f8"), "N10f8");  // both knights reach f8: the rank tells them apart
    EXPECT_EQ(san("e10g11"), "Ng11");
    ASSERT_TRUE(g.play_san("Km7"));
    EXPECT_EQ(g.history().back().san, "Km7");
    EXPECT_EQ(move_to_san(const_cast<Position<FFA>&>(g.position()), *find_uci_move(g.position(), "h1j1")), "O-O");
    ASSERT_TRUE(g.play_san("0-0-0"));
    EXPECT_EQ(g.history().back().san, "O-O-O+");  // the rook on g1 checks North down the g-file
}

TEST(FourKingdomsGame, RecordExportAndImport) {
    FourKingdomsGame<FFA> g;
    load(g, k4({KINGS, {"e10", "eR"}, {"f13", "nP"}, {"g13", "nP"}, {"h13", "nP"}, {"d2", "sP"}, {"b5", "wP"}}));
    ASSERT_TRUE(g.play_uci("e10e14"));
    ASSERT_TRUE(g.play_uci("d2d4"));
    ASSERT_FALSE(g.propose_alliance(fk::West, fk::South));
    ASSERT_FALSE(g.accept_alliance(fk::South));
    ASSERT_TRUE(g.play_uci("b5c5"));
    ASSERT_FALSE(g.resign(fk::West));
    K4Tags tags;
    tags.players = {"Ann", "Bo", "Cy", "Di \"D\""};
    std::string text = write_k4record(g, tags);
    EXPECT_NE(text.find("[East \"Ann\"]"), std::string::npos) << text;
    EXPECT_NE(text.find("[North \"Di \\\"D\\\"\"]"), std::string::npos) << text;
    EXPECT_NE(text.find("[Result \"*\"]"), std::string::npos) << text;
    EXPECT_NE(text.find("[SetUp \"1\"]"), std::string::npos) << text;
    std::string flat = text;
    std::replace(flat.begin(), flat.end(), '\n', ' ');
    EXPECT_NE(flat.find("1. e:Re14# {North is checkmated by East} {East takes command of North's army} s:d2-d4"),
              std::string::npos)
        << text;
    EXPECT_NE(flat.find("{West and South form an alliance} w:b5-c5 {West resigns} {the alliance of South and West ends}"),
              std::string::npos)
        << text;
    FourKingdomsGame<FFA> back;
    K4Tags                read;
    auto                  err = read_k4record(text, back, &read);
    ASSERT_FALSE(err) << err->message;
    EXPECT_EQ(back.fen(), g.fen());
    EXPECT_EQ(read.players, tags.players);
    EXPECT_EQ(write_k4record(back, read), text);
    // Errors name the move.
    FourKingdomsGame<FFA> bad;
    auto e = read_k4record("[Variant \"fourkingdoms\"]\n\n1. e:m4-k4 w:b4-d4", bad);
    ASSERT_TRUE(e);
    EXPECT_NE(e->message.find("move 2"), std::string::npos) << e->message;
    EXPECT_TRUE(read_k4record("[Variant \"chess\"]\n\n", bad));
}

TEST(FourKingdomsGame, IllegalMoveReasons) {
    using R = fk::Reason;
    auto why = [](const std::string& fen, const char* move, Seat who = 0xFF) {
        Game<FFA> g(fen);
        auto      w = fk::why_illegal(g.pos, request(move), who);
        return w ? w->reason : R::Unexplained;
    };
    std::string start(FFA::StartFen);
    EXPECT_EQ(why(start, "e2e4", fk::South), R::NotYourTurn);
    EXPECT_EQ(why(start, "e2e4"), R::NotYourPiece);
    EXPECT_EQ(why(start, "m4j4"), R::NotThatPiecesMove);
    EXPECT_EQ(why(start, "n4n6"), R::PathBlocked);
    EXPECT_EQ(why(start, "n7m7"), R::OwnPieceOnTarget);
    // Whose turn and why: North is in check, so it moves first.
    {
        Game<FFA> g(k4({KINGS, {"g6", "eQ"}}, "n - - 0 1 eswn -"));
        auto      w = fk::why_illegal(g.pos, request("h1g1"), fk::South);
        ASSERT_TRUE(w);
        EXPECT_EQ(w->reason, R::NotYourTurn);
        EXPECT_EQ(w->to_move, fk::North);
        EXPECT_TRUE(w->check_first);
        EXPECT_NE(w->message.find("in check"), std::string::npos) << w->message;
    }
    std::string pawn = k4({KINGS, {"e4", "sP"}, {"d3", "wN"}, {"e5", "wN"}}, "s - - 0 1 eswn -");
    EXPECT_EQ(why(pawn, "e4e3"), R::PawnCannotReenterHome);
    EXPECT_EQ(why(pawn, "e4d3"), R::PawnCannotReenterHome);
    EXPECT_EQ(why(pawn, "e4e5"), R::PawnCannotCaptureStraight);
    EXPECT_EQ(why(pawn, "e4f5"), R::PawnMovesDiagonallyOnlyToCapture);
    EXPECT_EQ(why(pawn, "e4e6"), R::NotThatPiecesMove);
    std::string allies = k4({KINGS, {"e5", "eR"}, {"e8", "sN"}}, "e - - 0 1 eswe -");
    (void)allies;
    {
        Game<Teams> g(k4({KINGS, {"e5", "eR"}, {"e8", "sN"}}, "e - - 0 1 eswn es"));
        auto        w = fk::why_illegal(g.pos, request("e5e8"));
        ASSERT_TRUE(w);
        EXPECT_EQ(w->reason, R::AllyPieceOnTarget);
        auto core = why_illegal(g.pos, request("e5e8"));
        ASSERT_TRUE(core);
        EXPECT_NE(core->message.find("allies"), std::string::npos) << core->message;
    }
    std::string castle = k4({KINGS, {"d1", "sR"}, {"k1", "sR"}, {"l4", "wB"}}, "s sKQ - 0 1 eswn -");
    EXPECT_EQ(why(castle, "h1j1"), R::CastlingThroughAttack);
    EXPECT_EQ(why(k4({KINGS, {"d1", "sR"}, {"k1", "sR"}}, "s sQ - 0 1 eswn -"), "h1j1"), R::CastlingRookMoved);
    EXPECT_EQ(why(k4({KINGS, {"b6", "eP"}}), "b6b5q"), R::PromotionNotOnLine);
    {
        Game<FFA> g(k4({KINGS, {"b6", "eP"}}));
        auto      w = fk::why_illegal(g.pos, MoveRequest{*parse_square<Cross14>("b6"), *parse_square<Cross14>("a6"), King});
        ASSERT_TRUE(w);
        EXPECT_EQ(w->reason, R::PromotionNotAllowed);
    }
    // A pinned piece: South's knight on h5 between its king and North's rook on h10.
    EXPECT_EQ(why(k4({KINGS, {"h5", "sN"}, {"h10", "nR"}}, "s - - 0 1 eswn -"), "h5g7"), R::PiecePinned);
    EXPECT_EQ(why(k4({KINGS, {"i10", "nR"}}, "s - - 0 1 eswn -"), "h1i1"), R::KingWouldBeAttacked);
    // Legal moves have no reason.
    Game<FFA> s(start);
    EXPECT_FALSE(fk::why_illegal(s.pos, request("m4k4")));
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
}  // namespace

TEST(FourKingdomsGame, CommandLinePerftAndMoves) {
    int s = 0;
    EXPECT_EQ(run("perft --variant fourkingdoms --depth 2", &s), "Nodes searched: 399\n");
    EXPECT_EQ(run("perft --variant fourkingdoms-teams --depth 2", &s), "Nodes searched: 399\n");
    std::string divide = run("perft --variant fourkingdoms --depth 2 --divide", &s);
    EXPECT_NE(divide.find("m4k4: 19\n"), std::string::npos) << divide;
    EXPECT_NE(divide.find("n5l6: 20\n"), std::string::npos) << divide;
    std::string moves = run("moves --variant fourkingdoms --moves \"m4k4 k2k3\"", &s);
    EXPECT_EQ(moves.substr(0, 7), "a10c11\n") << moves;  // West to move, byte order
    // A decided game has no moves.
    std::string fen = k4({{"n7", "eK"}, {"e5", "eR"}}, "e - - 0 1 eeee -");
    EXPECT_EQ(run("perft --variant fourkingdoms --depth 3 --fen \"" + fen + "\"", &s), "Nodes searched: 0\n");
    std::string err = run("moves --variant fourkingdoms --fen \"xxx\"", &s);
    EXPECT_NE(s, 0);
    EXPECT_EQ(err.rfind("error: ", 0), 0u) << err;
}
#endif
