#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "game/game_pgn.h"

using namespace citadel;
using Code = PgnError::Code;

namespace {

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

template <class V> void play(Game<V>& game, std::string_view sans) {
    std::istringstream in{ std::string(sans) };
    for (std::string san; in >> san;) {
        auto m = parse_san(game.position(), san);
        ASSERT_TRUE(m.ok()) << san << ": " << m.error().message;
        ASSERT_TRUE(game.play(*m)) << san;
    }
}

// Parses and replays text as a game of its Variant tag; the error, if any.
std::optional<PgnError> import_error(std::string_view text) {
    auto pgn = parse_pgn(text);
    if (!pgn) return pgn.error();
    return with_replayed_pgn(*pgn, [](auto&) {});
}

PgnError expect_error(std::string_view text, Code code) {
    auto err = import_error(text);
    EXPECT_TRUE(err) << "accepted: " << text.substr(0, 200);
    if (!err) return PgnError{ Code::NoGame, "(no error)" };
    EXPECT_EQ(int(err->code), int(code)) << err->message;
    return *err;
}

// Reads text as a game of V and writes it back from the replayed Game.
template <class V> std::string reexport(std::string_view text) {
    auto pgn = parse_pgn(text);
    EXPECT_TRUE(pgn.ok()) << pgn.error().message;
    if (!pgn) return "";
    Game<V> game;
    auto    err = replay_pgn(*pgn, game);
    EXPECT_FALSE(err) << err->message;
    return write_pgn(game, tags_of(*pgn), notes_of(*pgn));
}

// export -> import -> export gives the same text and the same game.
template <class V>
void expect_round_trip(const Game<V>& game, const PgnTags& tags = {}, const PgnNotes& notes = {}) {
    std::string first = write_pgn(game, tags, notes);
    auto        pgn   = parse_pgn(first);
    ASSERT_TRUE(pgn.ok()) << pgn.error().message << "\n" << first;
    Game<V> again;
    auto    err = replay_pgn(*pgn, again);
    ASSERT_FALSE(err) << err->message << "\n" << first;
    EXPECT_EQ(again.start(), game.start());
    EXPECT_EQ(again.moves(), game.moves());
    EXPECT_EQ(again.outcome(), game.outcome()) << first;
    EXPECT_EQ(write_pgn(again, tags_of(*pgn), notes_of(*pgn)), first);
    for (size_t at = 0, end; (end = first.find('\n', at)) != std::string::npos; at = end + 1)
        EXPECT_LE(end - at, 80u) << first.substr(at, end - at);
}

constexpr const char* kRosterUnknown = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round "
                                       "\"?\"]\n[White \"?\"]\n[Black \"?\"]\n";

} // namespace

// ---- export ----

TEST(PgnExport, ShortChessGameWithTagsNagsAndComments) {
    Game<Chess> game;
    play(game, "e4 e5 Nf3 Nc6");
    PgnTags tags;
    tags.event = "Casual";
    tags.white = "Ann";
    tags.black = "Bob";
    tags.extra = { { "Annotator", "Cy" }, { "Result", "1-0" },
        { "Bad Name", "x" } }; // generated/invalid skipped
    PgnNotes notes{ "Open game", { { { 1 }, "" }, { {}, "solid" } } };
    EXPECT_EQ(write_pgn(game, tags, notes),
        "[Event \"Casual\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
        "[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n[Annotator \"Cy\"]\n\n"
        "{Open game} 1. e4 $1 e5 {solid} 2. Nf3 Nc6 *\n");
}

TEST(PgnExport, FenStartWithBlackToMoveNumbersItsFirstMove) {
    Game<Chess> game;
    ASSERT_FALSE(game.load_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12"));
    play(game, "e5 Nf3");
    EXPECT_EQ(write_pgn(game),
        std::string(kRosterUnknown)
            + "[Result \"*\"]\n[SetUp \"1\"]\n"
              "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12\"]\n\n"
              "12... e5 13. Nf3 *\n");
    expect_round_trip(game);
}

TEST(PgnExport, BlackMoveAfterACommentIsNumbered) {
    Game<Chess> game;
    play(game, "d4 d5 c4");
    PgnNotes notes{ "", { { {}, "queen's pawn" }, {}, { {}, "the gambit" } } };
    EXPECT_TRUE(
        contains(write_pgn(game, {}, notes), "1. d4 {queen's pawn} 1... d5 2. c4 {the gambit} *"));
    expect_round_trip(game, {}, notes);
}

TEST(PgnExport, FinishedGameHasResultAndTermination) {
    Game<Chess> game;
    play(game, "f3 e5 g4 Qh4#");
    std::string text = write_pgn(game);
    EXPECT_TRUE(contains(text, "[Result \"0-1\"]\n[Termination \"Black wins by checkmate.\"]\n"));
    EXPECT_TRUE(contains(text, "1. f3 e5 2. g4 Qh4# 0-1\n"));
    EXPECT_FALSE(contains(text, "Variant"));
    expect_round_trip(game);
}

TEST(PgnExport, AClaimWithTheMoveRoundTrips) {
    // The claim is announced with ...Ng8 (the third occurrence) and holds: the PGN ends with the
    // move and a drawn result, and replays as the same claim on the final position.
    Game<Chess> game;
    play(game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    auto ng8 = parse_san(game.position(), "Ng8");
    ASSERT_TRUE(ng8.ok());
    ASSERT_EQ(game.claim_draw(DrawClaim::ThreefoldRepetition, *ng8), ClaimResult::Drawn);
    std::string text = write_pgn(game);
    EXPECT_TRUE(contains(text, "[Termination \"Draw by threefold repetition.\"]")) << text;
    EXPECT_TRUE(contains(text, "4. Ng1 Ng8 1/2-1/2")) << text;
    expect_round_trip(game);
}

TEST(PgnExport, VariantTagAndStandardStartWithoutFen) {
    Game<Silverman> s;
    EXPECT_TRUE(contains(write_pgn(s), "[Variant \"silverman\"]\n"));
    EXPECT_FALSE(contains(write_pgn(s), "FEN"));
    Game<PawnRace> r;
    EXPECT_TRUE(contains(write_pgn(r), "[Variant \"pawnrace\"]\n"));
}

TEST(PgnExport, CommentsAreSanitizedAndWrapped) {
    Game<Chess> game;
    play(game, "e4");
    std::string long_comment;
    for (int i = 0; i < 60; ++i) long_comment += "word" + std::to_string(i) + " \n\t ";
    PgnNotes    notes{ "", { { {}, "a } brace and " + long_comment } } };
    std::string text = write_pgn(game, {}, notes);
    EXPECT_TRUE(contains(text, "{a ) brace and word0 word1")) << text;
    expect_round_trip(game, {}, notes);
}

TEST(PgnExport, TagValuesAreEscaped) {
    Game<Chess> game;
    PgnTags     tags;
    tags.white       = "Tal \"the Magician\" \\ M";
    tags.site        = "two\nlines";
    std::string text = write_pgn(game, tags);
    EXPECT_TRUE(contains(text, "[White \"Tal \\\"the Magician\\\" \\\\ M\"]")) << text;
    EXPECT_TRUE(contains(text, "[Site \"two lines\"]"));
    auto pgn = parse_pgn(text);
    ASSERT_TRUE(pgn.ok());
    EXPECT_EQ(*pgn->tag("White"), tags.white);
    expect_round_trip(game, tags);
}

// ---- import ----

TEST(PgnImport, SilvermanMateInFourWithCommentsNagsAndVariations) {
    const char* text = R"([Event "Silverman, the known mate"]
[Variant "silverman"]

{White mates in four.} 1.axb3+! Qxb3 (1...Kd3 {is not legal} 2.Qd1) 2.cxb3+ Kxb3
; the king must take
3.bxa3+ $1 Kc4 (3...Kxa3 (3...Kc3 4.Qb2#) 4.Qb2#) 4.Qa2# 1-0
)";
    auto        pgn  = parse_pgn(text);
    ASSERT_TRUE(pgn.ok()) << pgn.error().message;
    EXPECT_EQ(pgn->variant(), "silverman");
    EXPECT_EQ(pgn->intro, "White mates in four.");
    ASSERT_EQ(pgn->moves.size(), 7u);
    EXPECT_EQ(pgn->moves[0].san, "axb3+");
    EXPECT_EQ(pgn->moves[0].note.nags, std::vector<int>{ 1 });
    EXPECT_EQ(pgn->moves[3].note.comment, "the king must take");
    EXPECT_EQ(pgn->moves[4].note.nags, std::vector<int>{ 1 });
    EXPECT_EQ(pgn->result, "1-0");
    bool replayed = false;
    auto err      = with_replayed_pgn(*pgn, [&]<class V>(Game<V>& game) {
        replayed = true;
        EXPECT_EQ(V::Name, "silverman");
        EXPECT_EQ(game.outcome(), (Outcome{ Outcome::Kind::Win, White, Termination::Checkmate }));
        expect_round_trip(game, tags_of(*pgn), notes_of(*pgn));
    });
    EXPECT_FALSE(err) << err->message;
    EXPECT_TRUE(replayed);
    std::string out = reexport<Silverman>(text);
    EXPECT_TRUE(contains(out,
        "{White mates in four.} 1. axb3+ $1 Qxb3 2. cxb3+ Kxb3 {the king must take}\n"
        "3. bxa3+ $1 Kc4 4. Qa2# 1-0\n"))
        << out;
}

TEST(PgnImport, PawnRaceGame) {
    const char* text
        = "[Variant \"pawnrace\"]\n\n1. a4 h5 2. a5 h4 3. a6 h3 4. axb7 hxg2 5. b8# 1-0\n";
    auto pgn = parse_pgn(text);
    ASSERT_TRUE(pgn.ok());
    Game<PawnRace> game;
    auto           err = replay_pgn(*pgn, game);
    ASSERT_FALSE(err) << err->message;
    EXPECT_EQ(
        game.outcome(), (Outcome{ Outcome::Kind::Win, White, Termination::PawnReachedLastRank }));
    std::string out = reexport<PawnRace>(text);
    EXPECT_TRUE(contains(out, "[Termination \"White wins by reaching the last rank.\"]"));
    EXPECT_TRUE(contains(out, "5. b8 1-0")); // no '#' in the pawn race
}

TEST(PgnImport, FenStartGame) {
    const char* text = R"([White "x"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40"]

40... Kd7 41. e4 Ke6 42. Kd2 1/2-1/2)";
    auto        pgn  = parse_pgn(text);
    ASSERT_TRUE(pgn.ok()) << pgn.error().message;
    Game<Chess> game;
    ASSERT_FALSE(replay_pgn(*pgn, game));
    EXPECT_EQ(game.moves().size(), 4u);
    EXPECT_EQ(game.outcome().reason, Termination::Agreement);
    EXPECT_TRUE(contains(reexport<Chess>(text), "40... Kd7 41. e4 Ke6 42. Kd2 1/2-1/2"));
}

TEST(PgnImport, LenientSpellings) {
    const char* text = "% an escaped line\r\n[Event \"e\"]\r\n\r\n1.e4!? {x} 1. ... e5?! 2.Nf3!! "
                       "Nc6?? 3.Bb5 ! a6 ?\n"
                       "; a rest-of-line comment\n4.Bxc6 dxc6 *\r\n";
    auto        pgn  = parse_pgn(text);
    ASSERT_TRUE(pgn.ok()) << pgn.error().message;
    ASSERT_EQ(pgn->moves.size(), 8u);
    std::vector<std::vector<int>> nags = { { 5 }, { 6 }, { 3 }, { 4 }, { 1 }, { 2 }, {}, {} };
    for (size_t i = 0; i < nags.size(); ++i) EXPECT_EQ(pgn->moves[i].note.nags, nags[i]) << i;
    EXPECT_EQ(pgn->moves[0].note.comment, "x");
    EXPECT_EQ(pgn->moves[5].note.comment, "a rest-of-line comment");
    EXPECT_EQ(import_error(text), std::nullopt);
}

TEST(PgnImport, ResultFromTagWhenTheMovesHaveNone) {
    auto pgn = parse_pgn("[Result \"1-0\"]\n1. e4 e5");
    ASSERT_TRUE(pgn.ok());
    EXPECT_EQ(pgn->result, "1-0");
    Game<Chess> game;
    ASSERT_FALSE(replay_pgn(*pgn, game));
    EXPECT_EQ(game.outcome(), (Outcome{ Outcome::Kind::Win, White, Termination::Resignation }));
}

TEST(PgnImport, DeclaredResultsFollowTheTerminationTag) {
    auto outcome_of = [](std::string_view text) {
        Outcome out;
        auto err = with_replayed_pgn(*parse_pgn(text), [&](auto& game) { out = game.outcome(); });
        EXPECT_FALSE(err) << err->message;
        return out;
    };
    using K = Outcome::Kind;
    EXPECT_EQ(outcome_of("1. e4 0-1"), (Outcome{ K::Win, Black, Termination::Resignation }));
    EXPECT_EQ(outcome_of("[Termination \"time forfeit\"]\n1. e4 0-1"),
        (Outcome{ K::Win, Black, Termination::TimeForfeit }));
    EXPECT_EQ(outcome_of("1. e4 1/2-1/2"), (Outcome{ K::Draw, White, Termination::Agreement }));
    EXPECT_EQ(outcome_of("[Termination \"Draw by threefold repetition.\"]\n"
                         "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2"),
        (Outcome{ K::Draw, White, Termination::ThreefoldRepetition }));
    EXPECT_EQ(
        outcome_of(
            "[FEN \"4k3/8/8/8/8/8/8/3QK3 w - - 0 1\"]\n"
            "[Termination \"Draw by timeout, as the opponent cannot checkmate.\"]\n1. Qd2 1/2-1/2"),
        (Outcome{ K::Draw, White, Termination::TimeoutVsInsufficientMaterial }));
}

TEST(PgnImport, MultiGameFile) {
    const char* text
        = "[Event \"one\"]\n\n1. e4 e5 1-0\n\n[Event \"two\"]\n[Variant \"silverman\"]\n\n"
          "1. axb3+ *\n\n[Event \"three\"]\n1. d4\n[Event \"four\"]\n*";
    auto games = parse_pgn_file(text);
    ASSERT_TRUE(games.ok()) << games.error().message;
    ASSERT_EQ(games->size(), 4u);
    EXPECT_EQ(*(*games)[1].tag("Event"), "two");
    EXPECT_EQ((*games)[1].variant(), "silverman");
    EXPECT_EQ((*games)[2].result, "*"); // ended by the next game's tags
    EXPECT_EQ((*games)[3].moves.size(), 0u);
    for (const PgnGame& g : *games) EXPECT_FALSE(with_replayed_pgn(g, [](auto&) {}));
    EXPECT_EQ(parse_pgn_file("  \n")->size(), 0u);
    auto bad = parse_pgn_file("1. e4 *\n\n1. e4 {open");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().game, 2);
    EXPECT_EQ(bad.error().line, 3);
}

// ---- malformed text ----

TEST(PgnMalformed, NoGame) {
    expect_error("", Code::NoGame);
    expect_error(" \n% only an escape\n\n", Code::NoGame);
}

TEST(PgnMalformed, UnterminatedComment) {
    PgnError e
        = expect_error("[Event \"x\"]\n\n1. e4 {never closed\n2. d4", Code::UnterminatedComment);
    EXPECT_EQ(e.line, 3);
}

TEST(PgnMalformed, UnterminatedTag) {
    for (const char* text : {
             "[Event \"x\n1. e4 *",
             "[Event \"x\"\n1. e4 *",
             "[Event",
         })
        expect_error(text, Code::UnterminatedTag);
}

TEST(PgnMalformed, BadTags) {
    expect_error("[Event x]\n*", Code::BadTag);
    expect_error("[\"x\"]\n*", Code::BadTag);
    EXPECT_TRUE(
        contains(expect_error("[White \"a\"]\n[White \"b\"]\n*", Code::BadTag).message, "twice"));
    EXPECT_TRUE(contains(expect_error("[Result \"2-0\"]\n*", Code::BadTag).message, "'2-0'"));
    expect_error("[Event \"x\" junk]\n*", Code::BadTag);
}

TEST(PgnMalformed, UnterminatedVariation) {
    PgnError e = expect_error(
        "1. e4 e5\n2. Nf3 (2. d4 (2. f4) exd4\n3. c3 *", Code::UnterminatedVariation);
    EXPECT_EQ(e.line, 2);
    expect_error("1. e4 (1. d4\n[Event \"next\"]\n*", Code::UnterminatedVariation);
}

TEST(PgnMalformed, BadMoveNumbers) {
    PgnError e = expect_error("1. e4 e5 3. Nf3 *", Code::BadMoveNumber);
    EXPECT_EQ(e.message, "move number 3 where 2 was expected");
    for (const char* text : {
             "1. 2. e4 *",
             "1. e4 e5 2. *",
             "1. e4 e5 2.",
             "0. e4 *",
             "99999999999. e4 *",
             "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n1... Kd7 *",
         })
        expect_error(text, Code::BadMoveNumber);
}

TEST(PgnMalformed, GarbageCharacters) {
    for (const char* text : {
             "1. e4 <e5> *",
             "1. e4 ) e5 *",
             "1. e4 } *",
             "1. e4 \"e5\" *",
             "1. e4 ] *",
         })
        expect_error(text, Code::UnexpectedText);
    expect_error("1. e4 * 2. d4", Code::UnexpectedText); // text after the game
    expect_error("{c} [Event \"x\"] *", Code::UnexpectedText);
}

TEST(PgnMalformed, BadNags) {
    for (const char* text : {
             "1. e4 $ *",
             "1. e4 $256 *",
             "$1 1. e4 *",
         })
        expect_error(text, Code::BadNag);
}

TEST(PgnMalformed, IllegalMoveNamesTheMoveItsNumberAndTheReason) {
    PgnError e = expect_error("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *", Code::IllegalMove);
    EXPECT_EQ(e.message, "move 2. 'Ke3' (ply 3): no legal king move to e3");
    EXPECT_EQ(e.ply, 3);
    EXPECT_EQ(e.move, "Ke3");
    ASSERT_TRUE(e.san);
    EXPECT_EQ(e.san->code, SanError::Code::NoSuchMove);
    PgnError black = expect_error("1. e4 e5 2. Nf3 Nf5 *", Code::IllegalMove);
    EXPECT_TRUE(contains(black.message, "move 2... 'Nf5' (ply 4)")) << black.message;
    PgnError garbage = expect_error("1. e4 hello *", Code::IllegalMove);
    EXPECT_EQ(garbage.san->code, SanError::Code::Malformed);
    PgnError ambiguous
        = expect_error("[FEN \"4k3/8/8/8/8/8/8/1N3N1K w - - 0 1\"]\n1. Nd2 *", Code::IllegalMove);
    EXPECT_TRUE(contains(ambiguous.message, "Nbd2, Nfd2")) << ambiguous.message;
    PgnError over = expect_error("1. f3 e5 2. g4 Qh4# 3. e4 0-1", Code::IllegalMove);
    EXPECT_TRUE(contains(over.message, "the game is already over: Black wins by checkmate."))
        << over.message;
    PgnError silverman = expect_error("[Variant \"silverman\"]\n1. Nf3 *", Code::IllegalMove);
    EXPECT_EQ(silverman.san->code, SanError::Code::UnknownPiece);
}

TEST(PgnMalformed, UnknownAndWrongVariant) {
    PgnError e = expect_error("[Variant \"Crazyhouse\"]\n1. e4 *", Code::UnknownVariant);
    EXPECT_TRUE(
        contains(e.message, "unknown variant 'Crazyhouse' (known: chess, silverman, pawnrace"))
        << e.message;
    expect_error("[Variant \"fourkingdoms\"]\n*", Code::UnsupportedVariant);
    EXPECT_EQ(import_error("[Variant \"Standard\"]\n1. e4 *"), std::nullopt);
    EXPECT_EQ(import_error("[Variant \"Silverman\"]\n1. axb3+ *"), std::nullopt);
    auto        pgn = parse_pgn("[Variant \"silverman\"]\n*");
    Game<Chess> game;
    auto        err = replay_pgn(*pgn, game);
    ASSERT_TRUE(err);
    EXPECT_EQ(err->code, Code::WrongVariant);
    EXPECT_EQ(err->message, "the game is silverman, not chess");
}

TEST(PgnMalformed, BadStartPosition) {
    EXPECT_TRUE(contains(
        expect_error("[FEN \"garbage\"]\n*", Code::BadStart).message, "FEN tag: invalid fen"));
    expect_error("[SetUp \"1\"]\n*", Code::BadStart);
    EXPECT_TRUE(contains(
        expect_error("[FEN \"4k3/8/8/8/8/8/8/4KK2 w - - 0 1\"]\n*", Code::BadStart).message,
        "illegal position"));
    expect_error("[Variant \"silverman\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "
                 "KQkq - 0 1\"]\n*",
        Code::BadStart);
}

TEST(PgnMalformed, ResultMismatch) {
    expect_error("[Result \"0-1\"]\n1. e4 1-0", Code::ResultMismatch);
    PgnError e = expect_error("1. f3 e5 2. g4 Qh4# 1-0", Code::ResultMismatch);
    EXPECT_TRUE(contains(e.message, "Black wins by checkmate.")) << e.message;
    expect_error("1. f3 e5 2. g4 Qh4# 1/2-1/2", Code::ResultMismatch);
    // A claim that cannot be made, a flag against a side that cannot be mated.
    expect_error(
        "[Termination \"Draw by threefold repetition.\"]\n1. e4 1/2-1/2", Code::ResultMismatch);
    expect_error(
        "[FEN \"4k3/8/8/8/8/8/8/q3K3 w - - 0 1\"]\n[Termination \"time forfeit\"]\n1. Ke2 1-0",
        Code::ResultMismatch);
}

TEST(PgnMalformed, HugeInputs) {
    expect_error(std::string(1'000'000, '('), Code::UnterminatedVariation);
    expect_error("1. e4 {" + std::string(2'000'000, 'x'), Code::UnterminatedComment);
    std::string many;
    for (int i = 0; i < 200'000; ++i) many += "e4 ";
    PgnError e = expect_error(many, Code::IllegalMove);
    EXPECT_EQ(e.ply, 2);
    std::string nested
        = "1. e4 " + std::string(100'000, '(') + "1. d4" + std::string(100'000, ')') + " e5 *";
    EXPECT_EQ(import_error(nested), std::nullopt);
    std::string tags;
    for (int i = 0; i < 20'000; ++i) tags += "[T" + std::to_string(i) + " \"v\"]\n";
    EXPECT_EQ(import_error(tags + "*"), std::nullopt);
}

// ---- round trips over random games ----

namespace {

// Plays random moves, then ends the game in one of the ways a game can end.
template <class V> void random_game(Game<V>& game, std::mt19937& rng, int max_plies) {
    for (int ply = 0; ply < max_plies; ++ply) {
        auto moves = game.legal_moves();
        if (moves.size() == 0) return;
        game.play(moves.moves[rng() % moves.size()]);
    }
    switch (rng() % 6) {
    case 0:
        game.resign(Seat(rng() % 2));
        break;
    case 1:
        game.agree_draw();
        break;
    case 2:
        game.flag(Seat(rng() % 2));
        break;
    case 3:
        for (DrawClaim c : game.claimable_draws()) game.claim_draw(c);
        break;
    default:
        break;
    }
}

PgnNotes random_notes(std::mt19937& rng, size_t plies) {
    PgnNotes notes;
    if (rng() % 3 == 0) notes.intro = "intro {nested} comment";
    for (size_t i = 0; i < plies; ++i) {
        PgnNote n;
        if (rng() % 7 == 0) n.nags.push_back(int(rng() % 256));
        if (rng() % 9 == 0)
            n.comment = "comment " + std::to_string(rng() % 1000) + std::string(rng() % 40, 'x');
        notes.moves.push_back(n);
    }
    return notes;
}

template <class V> void random_round_trips(int games, int max_plies, unsigned seed) {
    std::mt19937 rng(seed);
    for (int g = 0; g < games; ++g) {
        Game<V> game;
        if (g % 3 == 1) { // start from a random position reached in another game
            Game<V> prefix;
            random_game(prefix, rng, int(rng() % 20));
            if (!prefix.legal_moves().size()) continue;
            ASSERT_FALSE(game.load_fen(prefix.fen()));
        }
        random_game(game, rng, max_plies);
        PgnTags tags;
        tags.round = std::to_string(g);
        tags.extra = { { "Seed", std::to_string(seed) } };
        expect_round_trip(game, tags, random_notes(rng, game.moves().size()));
        if (::testing::Test::HasFatalFailure()) return;
    }
}

} // namespace

TEST(PgnRoundTrip, ChessRandomGames) { random_round_trips<Chess>(60, 300, 11); }
TEST(PgnRoundTrip, SilvermanRandomGames) { random_round_trips<Silverman>(150, 120, 12); }
TEST(PgnRoundTrip, PawnRaceRandomGames) { random_round_trips<PawnRace>(150, 80, 13); }
