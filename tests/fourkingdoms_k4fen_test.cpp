// K4FEN (notation.md): exact round trips, the writer's spelling only, malformed text naming its
// field, and every "Illegal positions" clause of variants.md section 5.
#include "fourkingdoms_support.h"

using namespace citadel;
using namespace fktest;

using FFA   = FourKingdoms;
using Teams = FourKingdomsTeams;

namespace {
std::string field_of(std::string_view fen) {
    auto s = parse_fen<FFA>(fen);
    return s ? "" : s.error().field;
}
}  // namespace

TEST(FourKingdomsK4fen, StartPositionsRoundTrip) {
    for (std::string_view fen : {FFA::StartFen, Teams::StartFen}) {
        auto s = parse_fen<FFA>(fen);
        ASSERT_TRUE(s.ok());
        EXPECT_EQ(write_fen<FFA>(*s), fen);
    }
    auto s = parse_fen<FFA>(FFA::StartFen);
    EXPECT_EQ(s->player, fk::East);
    EXPECT_EQ(s->castling, 0xFF);
    EXPECT_EQ(s->board[*parse_square<Cross14>("h1")], make_piece(fk::South, King));
    EXPECT_EQ(s->board[*parse_square<Cross14>("n7")], make_piece(fk::East, King));
    EXPECT_EQ(s->board[*parse_square<Cross14>("a7")], make_piece(fk::West, Queen));
    EXPECT_EQ(s->board[*parse_square<Cross14>("h14")], make_piece(fk::North, Queen));
    EXPECT_EQ(rejection<FFA>(FFA::StartFen), "");
    EXPECT_EQ(rejection<Teams>(Teams::StartFen), "");
    EXPECT_EQ(rejection<Teams>(FFA::StartFen), "rules: in fourkingdoms-teams the alliance is always East and South (es)");
}

TEST(FourKingdomsK4fen, SetUpPositionsRoundTrip) {
    for (std::string fen : {k4({KINGS}, "w - - 7 12 eswn -"), k4({KINGS, {"d1", "sR"}, {"k1", "sR"}}, "s sKQ - 0 3 eswn -"),
                            k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}, {"d13", "nP"}}, "w - - 0 1 eswe sw"),
                            k4({{"n7", "eK"}, {"e5", "eR"}}, "e - - 0 9 eeee -")}) {
        auto s = parse_fen<FFA>(fen);
        ASSERT_TRUE(s.ok()) << fen;
        EXPECT_EQ(write_fen<FFA>(*s), fen);
        EXPECT_EQ(rejection<FFA>(fen), "") << fen;
        Game<FFA> g(fen);
        EXPECT_EQ(g.fen(), fen);
    }
}

TEST(FourKingdomsK4fen, MalformedTextNamesItsField) {
    std::string good(FFA::StartFen);
    auto        with = [&](int field, std::string_view text) {
        std::vector<std::string> f;
        size_t                   i = 0, j;
        while ((j = good.find(' ', i)) != std::string::npos) f.push_back(good.substr(i, j - i)), i = j + 1;
        f.push_back(good.substr(i));
        f[field] = text;
        std::string out;
        for (auto& x : f) out += (out.empty() ? "" : " ") + x;
        return out;
    };
    EXPECT_EQ(field_of(""), "k4fen");
    EXPECT_EQ(field_of(good + " x"), "k4fen");
    EXPECT_EQ(field_of(" " + good), "k4fen");
    EXPECT_EQ(field_of(good.substr(0, good.find(' ')) + "  e eKQsKQwKQnKQ - 0 1 eswn -"), "k4fen");
    EXPECT_EQ(field_of(with(0, "xxx8xxx")), "board");                       // one rank
    EXPECT_EQ(field_of(with(0, good.substr(0, good.find(' ')) + "/14")), "board");  // 15 ranks
    std::string board = good.substr(0, good.find(' '));
    auto        rank1 = board.rfind('/');
    EXPECT_EQ(field_of(with(0, board.substr(0, rank1) + "/xxx7xxx")), "board");    // 13 cells
    EXPECT_EQ(field_of(with(0, board.substr(0, rank1) + "/14")), "board");         // covers corners
    EXPECT_EQ(field_of(with(0, board.substr(0, rank1) + "/x2x8xxx")), "board");    // count on a corner
    EXPECT_EQ(field_of(with(0, board.substr(0, rank1) + "/xxx08xxx")), "board");   // leading zero
    EXPECT_EQ(field_of(with(0, board.substr(0, rank1) + "/xxx44xxx")), "board");   // 44 cells
    EXPECT_EQ(field_of(with(0, board.substr(0, rank1) + "/xxxsX7xxx")), "board");  // unknown piece
    EXPECT_EQ(field_of(with(0, board.substr(0, rank1) + "/xxxs8xxx")), "board");
    EXPECT_EQ(field_of(with(0, "xxxxnNnBnKnQnBnNnRxxx" + board.substr(board.find('/')))), "board");  // x on d14
    EXPECT_EQ(field_of(with(1, "x")), "player");
    EXPECT_EQ(field_of(with(1, "E")), "player");
    EXPECT_EQ(field_of(with(2, "eQK")), "castling");
    EXPECT_EQ(field_of(with(2, "eKeQ")), "castling");
    EXPECT_EQ(field_of(with(2, "sKeK")), "castling");
    EXPECT_EQ(field_of(with(2, "e")), "castling");
    EXPECT_EQ(field_of(with(2, "")), "k4fen");
    EXPECT_EQ(field_of(with(3, "z9")), "en passant");
    EXPECT_EQ(field_of(with(3, "a1")), "en passant");  // a removed corner
    EXPECT_EQ(field_of(with(3, "e03")), "en passant");
    EXPECT_EQ(field_of(with(4, "01")), "halfmove clock");
    EXPECT_EQ(field_of(with(4, "-1")), "halfmove clock");
    EXPECT_EQ(field_of(with(5, "0")), "fullmove number");
    EXPECT_EQ(field_of(with(6, "esw")), "control");
    EXPECT_EQ(field_of(with(6, "eswx")), "control");
    EXPECT_EQ(field_of(with(7, "ws")), "alliance");
    EXPECT_EQ(field_of(with(7, "ee")), "alliance");
    EXPECT_EQ(field_of(with(7, "swn")), "alliance");
}

TEST(FourKingdomsK4fen, EveryIllegalPositionClause) {
    using R = fk::Rule;
    auto rule = [](const std::string& fen, bool teams = false) {
        return teams ? rule_broken<Teams>(fen) : rule_broken<FFA>(fen);
    };
    // Two kings in one army.
    EXPECT_EQ(rule(k4({KINGS, {"e5", "eK"}})), R::KingCount);
    // A pawn on its own back line.
    EXPECT_EQ(rule(k4({KINGS, {"e1", "sP"}})), R::PawnOnBackLine);
    EXPECT_EQ(rule(k4({KINGS, {"n5", "eP"}})), R::PawnOnBackLine);
    EXPECT_EQ(rule(k4({KINGS, {"n5", "wP"}})), std::nullopt);  // West's pawn there promotes
    // A player to move who is not in the game.
    EXPECT_EQ(rule(k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}}, "n - - 0 1 eswe -")), R::PlayerNotInGame);
    // An army whose commander is not valid.
    EXPECT_EQ(rule(k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}}, "e - - 0 1 eswn -")), R::Commander);
    EXPECT_EQ(rule(k4({KINGS}, "e - - 0 1 sswn -")), R::Commander);
    EXPECT_EQ(rule(k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}}, "e - - 0 1 eswe es"), true), R::Commander);
    EXPECT_EQ(rule(k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}}, "e - - 0 1 esww es"), true), std::nullopt);
    // An alliance that could not exist.
    EXPECT_EQ(rule(k4({KINGS}, "e - - 0 1 eswn sw")), R::Alliance);  // four players
    EXPECT_EQ(rule(k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}}, "e - - 0 1 eswe es")), R::Alliance);  // absorber allied
    EXPECT_EQ(rule(k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}}, "e - - 0 1 eswe sw")), std::nullopt);
    EXPECT_EQ(rule(k4({KINGS}, "e - - 0 1 eswn -"), true), R::Alliance);  // teams: always es
    EXPECT_EQ(rule(k4({KINGS}, "e - - 0 1 eswn sw"), true), R::Alliance);
    // Castling rights whose king or rook is not on its start square.
    EXPECT_EQ(rule(k4({{"n7", "eK"}, {"g1", "sK"}, {"a8", "wK"}, {"g14", "nK"}, {"k1", "sR"}}, "e sK - 0 1 eswn -")),
              R::CastlingKing);
    EXPECT_EQ(rule(k4({KINGS, {"k1", "sR"}}, "e sQ - 0 1 eswn -")), R::CastlingRook);
    EXPECT_EQ(rule(k4({KINGS, {"k1", "sR"}}, "e sK - 0 1 eswn -")), std::nullopt);
    // An inconsistent en passant square.
    std::string ep_board = k4({KINGS, {"e11", "nP"}, {"d11", "eP"}}, "e - e12 0 2 eswn -");
    EXPECT_EQ(rule(ep_board), std::nullopt);
    EXPECT_EQ(rule(k4({KINGS, {"e11", "nP"}, {"d11", "eP"}}, "e - e12 3 2 eswn -")), R::EnPassant);  // clock
    EXPECT_EQ(rule(k4({KINGS, {"e11", "nP"}}, "e - e12 0 2 eswn -")), R::EnPassant);  // nobody can take
    EXPECT_EQ(rule(k4({KINGS, {"d11", "eP"}}, "e - e12 0 2 eswn -")), R::EnPassant);  // no pawn passed
    EXPECT_EQ(rule(k4({KINGS, {"e11", "nP"}, {"d11", "eP"}}, "e - e10 0 2 eswn -")), R::EnPassant);
    EXPECT_EQ(rule(k4({KINGS, {"e11", "nP"}, {"d11", "wP"}}, "w - e12 0 2 eswn -")), R::EnPassant);  // West is not next
    // A player in check with no legal move.
    std::string mate = k4({KINGS, {"e14", "eR"}, {"f13", "nP"}, {"g13", "nP"}, {"h13", "nP"}}, "n - - 0 1 eswn -");
    EXPECT_EQ(rule(mate), R::Mated);
    EXPECT_EQ(rule(k4({KINGS, {"e14", "eR"}, {"f13", "nP"}, {"g13", "nP"}, {"h13", "nP"}}, "e - - 0 1 eswn -")), R::Mated);
    // A player to move no previous mover could have produced under check comes first: North
    // is in check (East's rook on g9), so after East's move North would move, not South.
    EXPECT_EQ(rule(k4({KINGS, {"g9", "eR"}}, "s - - 0 1 eswn -")), R::TurnOrder);
    EXPECT_EQ(rule(k4({KINGS, {"g9", "eR"}}, "n - - 0 1 eswn -")), std::nullopt);
    // ... unless North itself just moved into it after an alliance ended: then East moves.
    EXPECT_EQ(rule(k4({KINGS, {"g9", "eR"}}, "e - - 0 1 eswn -")), std::nullopt);
    // More pieces than an army ever has.
    EXPECT_EQ(rule(k4({KINGS, {"d4", "eP"}, {"e4", "eP"}, {"f4", "eP"}, {"g4", "eP"}, {"h4", "eP"}, {"i4", "eP"},
                       {"j4", "eP"}, {"k4", "eP"}, {"d5", "eP"}})),
              R::Material);
}

TEST(FourKingdomsK4fen, RejectionsAreCleanErrorsNotCrashes) {
    for (std::string_view bad : {"x", "xxx/xxx", "////////////// e - - 0 1 eswn -",
                                 "xxx8xxx/xxx8xxx/xxx8xxx/14/14/14/14/14/14/14/14/xxx8xxx/xxx8xxx/xxx8xxx e - - 0 1 eswn -"}) {
        EXPECT_NE(rejection<FFA>(bad), "") << bad;
    }
}
