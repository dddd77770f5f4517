// K4FEN (docs/notation.md): exact round trips, the writer's spelling only, malformed text naming
// its field, and every "Illegal positions" clause of docs/rules/fourkingdoms.md.
#include "fourkingdoms_support.h"

#include "game/fourkingdoms_game.h"

using namespace citadel;
using namespace fktest;

using FFA   = FourKingdoms;
using Teams = FourKingdomsTeams;

namespace {
std::string field_of(std::string_view fen) {
    auto s = parse_fen<FFA>(fen);
    return s ? "" : s.error().field;
}
} // namespace

TEST(FourKingdomsK4fen, StartPositionsRoundTrip) {
    for (std::string_view fen : { FFA::StartFen, Teams::StartFen }) {
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
    EXPECT_EQ(rejection<Teams>(FFA::StartFen),
        "rules: in fourkingdoms-teams the alliance is always East and South (es)");
}

TEST(FourKingdomsK4fen, SetUpPositionsRoundTrip) {
    for (std::string fen : { k4({ KINGS }, "w - - 7 12 eswn -"),
             k4({ KINGS, { "d1", "sR" }, { "k1", "sR" } }, "s sKQ - 0 3 eswn -"),
             k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "d13", "nP" } },
                 "w - - 0 1 eswe sw"),
             k4({ { "n7", "eK" }, { "e5", "eR" } }, "e - - 0 9 eeee -") }) {
        auto s = parse_fen<FFA>(fen);
        ASSERT_TRUE(s.ok()) << fen;
        EXPECT_EQ(write_fen<FFA>(*s), fen);
        EXPECT_EQ(rejection<FFA>(fen), "") << fen;
        Game<FFA> g(fen);
        EXPECT_EQ(g.fen(), fen);
    }
}

TEST(FourKingdomsK4fen, MalformedTextNamesItsField) {
    const std::string        good(FFA::StartFen);
    std::vector<std::string> fields;
    for (size_t i = 0, j = 0; j != std::string::npos; i = j + 1) {
        j = good.find(' ', i);
        fields.push_back(good.substr(i, j == std::string::npos ? j : j - i));
    }
    auto with = [&](size_t field, std::string_view text) {
        std::string out;
        for (size_t f = 0; f < fields.size(); ++f)
            out += (f ? " " : "") + (f == field ? std::string(text) : fields[f]);
        return out;
    };
    const std::string board = fields[0], above_rank1 = board.substr(0, board.rfind('/'));
    struct Case {
        std::string text, field, what;
    };
    const Case cases[] = {
        { "", "k4fen", "empty" },
        { good + " x", "k4fen", "a ninth field" },
        { " " + good, "k4fen", "a leading space" },
        { board + "  e eKQsKQwKQnKQ - 0 1 eswn -", "k4fen", "two spaces" },
        { with(2, ""), "k4fen", "an empty field" },
        { with(0, "xxx8xxx"), "board", "one rank" },
        { with(0, board + "/14"), "board", "15 ranks" },
        { with(0, above_rank1 + "/xxx7xxx"), "board", "13 cells" },
        { with(0, above_rank1 + "/14"), "board", "a count over the corners" },
        { with(0, above_rank1 + "/x2x8xxx"), "board", "a count on a corner" },
        { with(0, above_rank1 + "/xxx08xxx"), "board", "a leading zero" },
        { with(0, above_rank1 + "/xxx44xxx"), "board", "44 cells" },
        { with(0, above_rank1 + "/xxxsX7xxx"), "board", "an unknown piece" },
        { with(0, above_rank1 + "/xxxs8xxx"), "board", "a colour without a piece" },
        { with(0, "xxxxnNnBnKnQnBnNnRxxx" + board.substr(board.find('/'))), "board", "x on d14" },
        { with(1, "x"), "player", "no such player" },
        { with(1, "E"), "player", "upper case" },
        { with(2, "eQK"), "castling", "Q before K" },
        { with(2, "eKeQ"), "castling", "a repeated letter" },
        { with(2, "sKeK"), "castling", "seats out of order" },
        { with(2, "e"), "castling", "a seat without a side" },
        { with(3, "z9"), "en passant", "no such square" },
        { with(3, "a1"), "en passant", "a removed corner" },
        { with(3, "e03"), "en passant", "a leading zero" },
        { with(4, "01"), "halfmove clock", "a leading zero" },
        { with(4, "-1"), "halfmove clock", "negative" },
        { with(5, "0"), "fullmove number", "zero" },
        { with(6, "esw"), "control", "three letters" },
        { with(6, "eswx"), "control", "no such seat" },
        { with(7, "ws"), "alliance", "out of order" },
        { with(7, "ee"), "alliance", "one seat twice" },
        { with(7, "swn"), "alliance", "three seats" },
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
        { k4({ KINGS, { "e5", "eK" } }), false, C::KingCount, "two kings in one army" },
        { k4({ KINGS, { "e1", "sP" } }), false, C::PawnOnBackRank, "a pawn on its own back line" },
        { k4({ KINGS, { "n5", "eP" } }), false, C::PawnOnBackRank, "East's pawn on file n" },
        { k4({ KINGS, { "n5", "wP" } }), false, std::nullopt, "West's pawn on file n promotes" },
        { k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" } }, "n - - 0 1 eswe -"), false,
            C::PlayerNotInGame, "North to move without a king" },
        { k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" } }, "e - - 0 1 eswn -"), false,
            C::Commander, "an army commanded by a player who is out" },
        { k4({ KINGS }, "e - - 0 1 sswn -"), false, C::Commander,
            "a player in the game not commanding its army" },
        { k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" } }, "e - - 0 1 eswe es"), true,
            C::Commander, "teams: an army not commanded by the partner" },
        { k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" } }, "e - - 0 1 esww es"), true,
            std::nullopt, "teams: the partner commands" },
        { k4({ KINGS }, "e - - 0 1 eswn sw"), false, C::Alliance, "an alliance of four players" },
        { k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" } }, "e - - 0 1 eswe es"), false,
            C::Alliance, "the absorber allied" },
        { k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" } }, "e - - 0 1 eswe sw"), false,
            std::nullopt, "the two others allied" },
        { k4({ KINGS }, "e - - 0 1 eswn -"), true, C::Alliance, "teams: no alliance" },
        { k4({ KINGS }, "e - - 0 1 eswn sw"), true, C::Alliance, "teams: another alliance" },
        { k4({ { "n7", "eK" }, { "g1", "sK" }, { "a8", "wK" }, { "g14", "nK" }, { "k1", "sR" } },
              "e sK - 0 1 eswn -"),
            false, C::CastlingWithoutKing, "castling with the king off h1" },
        { k4({ KINGS, { "k1", "sR" } }, "e sQ - 0 1 eswn -"), false, C::CastlingWithoutRook,
            "no rook on d1" },
        { k4({ KINGS, { "k1", "sR" } }, "e sK - 0 1 eswn -"), false, std::nullopt,
            "the rook on k1" },
        { k4({ KINGS, { "e11", "nP" }, { "d11", "eP" } }, "e - e12 0 2 eswn -"), false,
            std::nullopt, "East may take en passant" },
        { k4({ KINGS, { "e11", "nP" }, { "d11", "eP" } }, "e - e12 3 2 eswn -"), false,
            C::EnPassantSquare, "a half-move clock after a double step" },
        { k4({ KINGS, { "e11", "nP" } }, "e - e12 0 2 eswn -"), false, std::nullopt,
            "nobody can take: accepted, the square dropped" },
        { k4({ KINGS, { "e11", "nP" }, { "e13", "nN" } }, "e - e12 0 2 eswn -"), false,
            C::EnPassantSquare, "the start square occupied" },
        { k4({ KINGS, { "d11", "eP" } }, "e - e12 0 2 eswn -"), false, C::EnPassantSquare,
            "no pawn passed" },
        { k4({ KINGS, { "e11", "nP" }, { "d11", "eP" } }, "e - e10 0 2 eswn -"), false,
            C::EnPassantSquare, "not the passed square" },
        { k4({ KINGS, { "e11", "nP" }, { "d11", "wP" } }, "w - e12 0 2 eswn -"), false,
            C::EnPassantSquare, "West does not move right after North" },
        { k4({ KINGS, { "e14", "eR" }, { "f13", "nP" }, { "g13", "nP" }, { "h13", "nP" } },
              "n - - 0 1 eswn -"),
            false, C::Mated, "the player to move mated" },
        { k4({ KINGS, { "e14", "eR" }, { "f13", "nP" }, { "g13", "nP" }, { "h13", "nP" } },
              "e - - 0 1 eswn -"),
            false, C::Mated, "another player mated" },
        // North is in check from East's rook on g9, so after East's move North would move, not
        // South; East itself may move (North moved into it as an alliance ended).
        { k4({ KINGS, { "g9", "eR" } }, "s - - 0 1 eswn -"), false, C::TurnOrder,
            "South to move, North in check" },
        { k4({ KINGS, { "g9", "eR" } }, "n - - 0 1 eswn -"), false, std::nullopt,
            "North in check to move" },
        { k4({ KINGS, { "g9", "eR" } }, "e - - 0 1 eswn -"), false, std::nullopt,
            "East to move, North in check" },
        { k4({ KINGS, { "d4", "eP" }, { "e4", "eP" }, { "f4", "eP" }, { "g4", "eP" },
              { "h4", "eP" }, { "i4", "eP" }, { "j4", "eP" }, { "k4", "eP" }, { "d5", "eP" } }),
            false, C::TooManyPieces, "nine pawns in one army" },
    };
    for (const Case& c : cases)
        EXPECT_EQ(c.teams ? rule_broken<Teams>(c.fen) : rule_broken<FFA>(c.fen), c.broken)
            << c.what << ": " << c.fen;
}

namespace {
// The K4FEN of the position the text sets up (its en passant square dropped if nobody may take).
template <class V> std::string as_set(std::string_view fen) {
    auto s = parse_fen<V>(fen);
    if (!s) return "parse: " + s.error().message;
    Position<V>  pos;
    StateInfo<V> st;
    if (auto e = pos.set(*s, st)) return "rules: " + e->message;
    return write_fen<V>(pos.setup());
}
} // namespace

TEST(FourKingdomsK4fen, EnPassantSquareOfEveryDoubleStepIsReadAndDropped) {
    // Another writer records the passed square after every double step: North's e13e11 with
    // nobody to take on e12 (East to move). Accepted; the position has no en passant right, so
    // the writer leaves the square out (as FEN readers and writers do).
    const std::string written = k4({ KINGS, { "e11", "nP" } }, "e - e12 0 2 eswn -");
    EXPECT_EQ(as_set<FFA>(written), k4({ KINGS, { "e11", "nP" } }, "e - - 0 2 eswn -"));
    // West's pawn d11 could take, but West does not move next: dropped, not refused.
    EXPECT_EQ(as_set<FFA>(k4({ KINGS, { "e11", "nP" }, { "d11", "wP" } }, "e - e12 0 2 eswn -")),
        k4({ KINGS, { "e11", "nP" }, { "d11", "wP" } }, "e - - 0 2 eswn -"));
    // An en passant capture that would leave East's own king attacked is no right either: the
    // North rook a11 pins along rank 11 once both pawns leave it.
    EXPECT_EQ(as_set<FFA>(k4({ { "n11", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "g14", "nK" },
                                 { "e11", "nP" }, { "f11", "eP" }, { "b11", "nR" } },
                  "e - e12 0 2 eswn -")),
        k4({ { "n11", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "g14", "nK" }, { "e11", "nP" },
               { "f11", "eP" }, { "b11", "nR" } },
            "e - - 0 2 eswn -"));
    // A capturable square is kept and written back.
    const std::string capturable
        = k4({ KINGS, { "e11", "nP" }, { "d11", "eP" } }, "e - e12 0 2 eswn -");
    EXPECT_EQ(as_set<FFA>(capturable), capturable);
    // A double step that ends the game (East's m4k4 mates nobody here, but East is alone): the
    // game is decided, nobody moves, the square is dropped.
    EXPECT_EQ(as_set<FFA>(k4({ { "n7", "eK" }, { "k4", "eP" } }, "e - l4 0 5 eeee -")),
        k4({ { "n7", "eK" }, { "k4", "eP" } }, "e - - 0 5 eeee -"));
    // Squares no double step explains are still refused, naming the square.
    for (std::string fen : { k4({ KINGS, { "e11", "nP" } }, "e - e12 1 2 eswn -"), // clock not 0
             k4({ KINGS }, "e - e12 0 2 eswn -"), // no pawn in front
             k4({ KINGS, { "e12", "nP" } }, "e - e12 0 2 eswn -"), // the square taken
             k4({ KINGS, { "e11", "nP" } }, "e - e10 0 2 eswn -"), // not passed
             k4({ KINGS, { "e11", "nP" } }, "w - e12 0 2 eswn -"), // West not next
             k4({ KINGS, { "e11", "nP" } }, "n - e12 0 2 eswn -"), // the mover again
             k4({ KINGS, { "e11", "nP" } }, "e - e9 0 2 eswn -") }) { // no double step
        EXPECT_EQ(rule_broken<FFA>(fen), PositionError::Code::EnPassantSquare) << fen;
        EXPECT_NE(rejection<FFA>(fen).find("en passant square e"), std::string::npos) << fen;
    }
}

TEST(FourKingdomsK4fen, FinishedGamesRoundTripInBothModes) {
    // Teams: East is out (South commands its army); West's rook mates South. The rule book's
    // partner, East, takes command of every army South commanded, though East is out too: the
    // team has fallen and the one who fell first holds both armies ("eewn"); North moves next.
    FourKingdomsGame<Teams> teams;
    auto                    err
        = teams.load_fen(k4({ { "h1", "sK" }, { "g2", "sP" }, { "h2", "sP" }, { "i2", "sP" },
                                { "m5", "eP" }, { "e5", "wR" }, { "a8", "wK" }, { "g14", "nK" } },
            "w - - 0 7 sswn es"));
    ASSERT_FALSE(err) << describe(*err);
    ASSERT_TRUE(teams.play_uci("e5e1"));
    ASSERT_TRUE(teams.outcome().over);
    const std::string finished = teams.fen();
    EXPECT_EQ(finished,
        k4({ { "g2", "sP" }, { "h2", "sP" }, { "i2", "sP" }, { "m5", "eP" }, { "e1", "wR" },
               { "a8", "wK" }, { "g14", "nK" } },
            "n - - 1 7 eewn es"));
    EXPECT_EQ(as_set<Teams>(finished), finished);
    FourKingdomsGame<Teams> again;
    ASSERT_FALSE(again.load_fen(finished));
    EXPECT_EQ(again.fen(), finished);
    EXPECT_TRUE(again.outcome().over);
    EXPECT_EQ(again.legal_moves().size(), 0u);
    // Every spelling of a fallen team's commanders is read back exactly: either of its players
    // for each of its armies (other writers let the last to fall keep both, "sswn", or give
    // each army to its partner, "sewn"); the other team never commands them.
    const std::string board = finished.substr(0, finished.find(' '));
    for (std::string_view control : { "eewn", "sswn", "sewn", "eswn" }) {
        const std::string fen = board + " n - - 1 7 " + std::string(control) + " es";
        EXPECT_EQ(as_set<Teams>(fen), fen);
    }
    for (std::string_view control : { "wswn", "ewwn", "nnwn" })
        EXPECT_EQ(rule_broken<Teams>(board + " n - - 1 7 " + std::string(control) + " es"),
            PositionError::Code::Commander)
            << control;
    // A team with one player left still has exactly one spelling: the partner commands.
    EXPECT_EQ(rule_broken<Teams>(
                  k4({ { "h1", "sK" }, { "a8", "wK" }, { "g14", "nK" } }, "w - - 0 1 eswn es")),
        PositionError::Code::Commander);

    // Free-for-all: East mates South, the last player beside it; East, alone, is to move and
    // commands every army.
    FourKingdomsGame<FFA> ffa;
    err = ffa.load_fen(k4({ { "n7", "eK" }, { "e5", "eR" }, { "h1", "sK" }, { "g2", "sP" },
                              { "h2", "sP" }, { "i2", "sP" } },
        "e - - 0 1 esee -"));
    ASSERT_FALSE(err) << describe(*err);
    ASSERT_TRUE(ffa.play_uci("e5e1"));
    ASSERT_TRUE(ffa.outcome().over);
    const std::string won = ffa.fen();
    EXPECT_EQ(won,
        k4({ { "n7", "eK" }, { "e1", "eR" }, { "g2", "sP" }, { "h2", "sP" }, { "i2", "sP" } },
            "e - - 1 2 eeee -"));
    EXPECT_EQ(as_set<FFA>(won), won);
    FourKingdomsGame<FFA> ffa_again;
    ASSERT_FALSE(ffa_again.load_fen(won));
    EXPECT_EQ(ffa_again.fen(), won);
    EXPECT_EQ(ffa_again.legal_moves().size(), 0u);
}

TEST(FourKingdomsK4fen, RejectionsAreCleanErrorsNotCrashes) {
    for (std::string_view bad : { "x", "xxx/xxx", "////////////// e - - 0 1 eswn -",
             "xxx8xxx/xxx8xxx/xxx8xxx/14/14/14/14/14/14/14/14/xxx8xxx/xxx8xxx/xxx8xxx e - - 0 1 "
             "eswn -" }) {
        EXPECT_NE(rejection<FFA>(bad), "") << bad;
    }
}
