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
    const std::string good(FFA::StartFen);
    std::vector<std::string> fields;
    for (size_t i = 0, j = 0; j != std::string::npos; i = j + 1) {
        j = good.find(' ', i);
        fields.push_back(good.substr(i, j == std::string::npos ? j : j - i));
    }
    auto with = [&](size_t field, std::string_view text) {
        std::string out;
        for (size_t f = 0; f < fields.size(); ++f) out += (f ? " " : "") + (f == field ? std::string(text) : fields[f]);
        return out;
    };
    const std::string board = fields[0], above_rank1 = board.substr(0, board.rfind('/'));
    struct Case {
        std::string text, field, what;
    };
    const Case cases[] = {
        {"", "k4fen", "empty"},
        {good + " x", "k4fen", "a ninth field"},
        {" " + good, "k4fen", "a leading space"},
        {board + "  e eKQsKQwKQnKQ - 0 1 eswn -", "k4fen", "two spaces"},
        {with(2, ""), "k4fen", "an empty field"},
        {with(0, "xxx8xxx"), "board", "one rank"},
        {with(0, board + "/14"), "board", "15 ranks"},
        {with(0, above_rank1 + "/xxx7xxx"), "board", "13 cells"},
        {with(0, above_rank1 + "/14"), "board", "a count over the corners"},
        {with(0, above_rank1 + "/x2x8xxx"), "board", "a count on a corner"},
        {with(0, above_rank1 + "/xxx08xxx"), "board", "a leading zero"},
        {with(0, above_rank1 + "/xxx44xxx"), "board", "44 cells"},
        {with(0, above_rank1 + "/xxxsX7xxx"), "board", "an unknown piece"},
        {with(0, above_rank1 + "/xxxs8xxx"), "board", "a colour without a piece"},
        {with(0, "xxxxnNnBnKnQnBnNnRxxx" + board.substr(board.find('/'))), "board", "x on d14"},
        {with(1, "x"), "player", "no such player"},
        {with(1, "E"), "player", "upper case"},
        {with(2, "eQK"), "castling", "Q before K"},
        {with(2, "eKeQ"), "castling", "a repeated letter"},
        {with(2, "sKeK"), "castling", "seats out of order"},
        {with(2, "e"), "castling", "a seat without a side"},
        {with(3, "z9"), "en passant", "no such square"},
        {with(3, "a1"), "en passant", "a removed corner"},
        {with(3, "e03"), "en passant", "a leading zero"},
        {with(4, "01"), "halfmove clock", "a leading zero"},
        {with(4, "-1"), "halfmove clock", "negative"},
        {with(5, "0"), "fullmove number", "zero"},
        {with(6, "esw"), "control", "three letters"},
        {with(6, "eswx"), "control", "no such seat"},
        {with(7, "ws"), "alliance", "out of order"},
        {with(7, "ee"), "alliance", "one seat twice"},
        {with(7, "swn"), "alliance", "three seats"},
    };
    for (const Case& c : cases) EXPECT_EQ(field_of(c.text), c.field) << c.what << ": " << c.text;
}

TEST(FourKingdomsK4fen, EveryIllegalPositionClause) {
    using C = PositionError::Code;
    struct Case {
        std::string      fen;
        bool             teams;
        std::optional<C> broken;
        std::string_view what;
    };
    const std::vector<Case> cases = {
        {k4({KINGS, {"e5", "eK"}}), false, C::KingCount, "two kings in one army"},
        {k4({KINGS, {"e1", "sP"}}), false, C::PawnOnBackRank, "a pawn on its own back line"},
        {k4({KINGS, {"n5", "eP"}}), false, C::PawnOnBackRank, "East's pawn on file n"},
        {k4({KINGS, {"n5", "wP"}}), false, std::nullopt, "West's pawn on file n promotes"},
        {k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}}, "n - - 0 1 eswe -"), false, C::PlayerNotInGame,
         "North to move without a king"},
        {k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}}, "e - - 0 1 eswn -"), false, C::Commander,
         "an army commanded by a player who is out"},
        {k4({KINGS}, "e - - 0 1 sswn -"), false, C::Commander, "a player in the game not commanding its army"},
        {k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}}, "e - - 0 1 eswe es"), true, C::Commander,
         "teams: an army not commanded by the partner"},
        {k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}}, "e - - 0 1 esww es"), true, std::nullopt,
         "teams: the partner commands"},
        {k4({KINGS}, "e - - 0 1 eswn sw"), false, C::Alliance, "an alliance of four players"},
        {k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}}, "e - - 0 1 eswe es"), false, C::Alliance,
         "the absorber allied"},
        {k4({{"n7", "eK"}, {"h1", "sK"}, {"a8", "wK"}}, "e - - 0 1 eswe sw"), false, std::nullopt,
         "the two others allied"},
        {k4({KINGS}, "e - - 0 1 eswn -"), true, C::Alliance, "teams: no alliance"},
        {k4({KINGS}, "e - - 0 1 eswn sw"), true, C::Alliance, "teams: another alliance"},
        {k4({{"n7", "eK"}, {"g1", "sK"}, {"a8", "wK"}, {"g14", "nK"}, {"k1", "sR"}}, "e sK - 0 1 eswn -"), false,
         C::CastlingWithoutKing, "castling with the king off h1"},
        {k4({KINGS, {"k1", "sR"}}, "e sQ - 0 1 eswn -"), false, C::CastlingWithoutRook, "no rook on d1"},
        {k4({KINGS, {"k1", "sR"}}, "e sK - 0 1 eswn -"), false, std::nullopt, "the rook on k1"},
        {k4({KINGS, {"e11", "nP"}, {"d11", "eP"}}, "e - e12 0 2 eswn -"), false, std::nullopt,
         "East may take en passant"},
        {k4({KINGS, {"e11", "nP"}, {"d11", "eP"}}, "e - e12 3 2 eswn -"), false, C::EnPassantSquare,
         "a half-move clock after a double step"},
        {k4({KINGS, {"e11", "nP"}}, "e - e12 0 2 eswn -"), false, C::EnPassantSquare, "nobody can take"},
        {k4({KINGS, {"d11", "eP"}}, "e - e12 0 2 eswn -"), false, C::EnPassantSquare, "no pawn passed"},
        {k4({KINGS, {"e11", "nP"}, {"d11", "eP"}}, "e - e10 0 2 eswn -"), false, C::EnPassantSquare,
         "not the passed square"},
        {k4({KINGS, {"e11", "nP"}, {"d11", "wP"}}, "w - e12 0 2 eswn -"), false, C::EnPassantSquare,
         "West does not move right after North"},
        {k4({KINGS, {"e14", "eR"}, {"f13", "nP"}, {"g13", "nP"}, {"h13", "nP"}}, "n - - 0 1 eswn -"), false,
         C::Mated, "the player to move mated"},
        {k4({KINGS, {"e14", "eR"}, {"f13", "nP"}, {"g13", "nP"}, {"h13", "nP"}}, "e - - 0 1 eswn -"), false,
         C::Mated, "another player mated"},
        // North is in check from East's rook on g9, so after East's move North would move, not
        // South; East itself may move (North moved into it as an alliance ended).
        {k4({KINGS, {"g9", "eR"}}, "s - - 0 1 eswn -"), false, C::TurnOrder, "South to move, North in check"},
        {k4({KINGS, {"g9", "eR"}}, "n - - 0 1 eswn -"), false, std::nullopt, "North in check to move"},
        {k4({KINGS, {"g9", "eR"}}, "e - - 0 1 eswn -"), false, std::nullopt, "East to move, North in check"},
        {k4({KINGS, {"d4", "eP"}, {"e4", "eP"}, {"f4", "eP"}, {"g4", "eP"}, {"h4", "eP"}, {"i4", "eP"}, {"j4", "eP"},
             {"k4", "eP"}, {"d5", "eP"}}),
         false, C::TooManyPieces, "nine pawns in one army"},
    };
    for (const Case& c : cases)
        EXPECT_EQ(c.teams ? rule_broken<Teams>(c.fen) : rule_broken<FFA>(c.fen), c.broken) << c.what << ": " << c.fen;
}

TEST(FourKingdomsK4fen, RejectionsAreCleanErrorsNotCrashes) {
    for (std::string_view bad : {"x", "xxx/xxx", "////////////// e - - 0 1 eswn -",
                                 "xxx8xxx/xxx8xxx/xxx8xxx/14/14/14/14/14/14/14/14/xxx8xxx/xxx8xxx/xxx8xxx e - - 0 1 eswn -"}) {
        EXPECT_NE(rejection<FFA>(bad), "") << bad;
    }
}
