// The course's answers (learn/judge.h): every level solved by its intended line in every
// language; wrong and illegal moves explained; each kind of explanation (the core's reasons, run,
// block, capture, double check, the mate, the stalemate, the punished move) in each language;
// hints; the escape split; bad requests named.
#include <gtest/gtest.h>

#include "core/movegen.h"
#include "learn/judge.h"
#include "notation/fen.h"
#include "notation/uci_move.h"
#include "variants/registry.h"

namespace citadel::learn {
namespace {

const Course& course() { return Course::builtin(); }

Verdict verdict(const std::string& level, std::vector<std::string> line, std::string move,
    const Lang& lang = Lang::En, std::string choice = "") {
    Attempt a;
    a.line   = std::move(line);
    a.move   = std::move(move);
    a.choice = std::move(choice);
    auto v   = judge(course(), *course().level(level), a, lang);
    if (auto* err = std::get_if<RequestError>(&v)) ADD_FAILURE() << level << ": " << *err;
    return std::get<Verdict>(v);
}

RequestError refused(const std::string& level, std::vector<std::string> line, std::string move,
    std::string choice = "") {
    Attempt a;
    a.line   = std::move(line);
    a.move   = std::move(move);
    a.choice = std::move(choice);
    auto v   = judge(course(), *course().level(level), a, Lang::En);
    if (!std::holds_alternative<RequestError>(v)) ADD_FAILURE() << "accepted: " << level;
    return std::holds_alternative<RequestError>(v) ? std::get<RequestError>(v) : "";
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(LearnJudge, EveryLevelIsSolvedByItsIntendedLineInEveryLanguage) {
    for (const Lesson& lesson : course().lessons())
        for (const std::string& id : lesson.levels) {
            const Level& level = *course().level(id);
            for (const Lang& lang : course().texts().languages()) {
                if (level.choice) {
                    for (const Choice& c : level.choices) {
                        Verdict v = verdict(id, {}, "", lang, c.id);
                        EXPECT_EQ(v.kind, c.correct ? VerdictKind::Solved : VerdictKind::Wrong)
                            << id;
                        EXPECT_FALSE(v.feedback.message.empty()) << id;
                    }
                    continue;
                }
                std::vector<std::string> line;
                for (size_t i = 0; i < level.solution.size(); i += 2) {
                    Verdict v    = verdict(id, line, level.solution[i], lang);
                    bool    last = i + 1 >= level.solution.size();
                    EXPECT_EQ(v.kind, last ? VerdictKind::Solved : VerdictKind::Good)
                        << id << " " << level.solution[i] << ": " << v.feedback.message;
                    EXPECT_FALSE(v.feedback.message.empty()) << id;
                    if (last) {
                        EXPECT_EQ(v.stars, 3) << id;
                    } else {
                        EXPECT_EQ(v.reply, level.solution[i + 1]) << id;
                    }
                    line.push_back(level.solution[i]);
                    if (!last) line.push_back(level.solution[i + 1]);
                }
            }
        }
}

// Every legal first move of each move level gets a verdict with words, and a wrong one is
// answered with why; every move of a king to a square the rules refuse is illegal, explained.
TEST(LearnJudge, WrongAndIllegalMovesAreExplained) {
    for (const Lesson& lesson : course().lessons())
        for (const std::string& id : lesson.levels) {
            const Level& level = *course().level(id);
            if (level.choice || level.variant != "chess") continue;
            Position<Chess>  pos;
            StateInfo<Chess> si;
            ASSERT_FALSE(pos.set(*parse_fen<Chess>(level.fen), si)) << id;
            int tried = 0;
            for (Move m : legal_moves(pos)) {
                if (tried++ >= 6) break; // the engine answers each: a sample keeps it quick
                Verdict v = verdict(id, {}, move_to_uci<Chess>(m));
                EXPECT_NE(v.kind, VerdictKind::Illegal) << id;
                EXPECT_FALSE(v.feedback.message.empty()) << id << " " << move_to_uci<Chess>(m);
            }
            const Square king = pos.king_square(pos.side_to_move());
            for (Square to = 0; to < 64; ++to) {
                const std::string text = square_name<Board8x8>(king) + square_name<Board8x8>(to);
                if (to == king || find_uci_move(pos, text)) continue;
                if (std::abs(int(to % 8) - int(king % 8)) > 1
                    || std::abs(int(to / 8) - int(king / 8)) > 1)
                    continue;
                Verdict v = verdict(id, {}, text);
                EXPECT_EQ(v.kind, VerdictKind::Illegal) << id << " " << text;
                EXPECT_NE(v.reason, "unexplained") << id << " " << text;
                EXPECT_FALSE(v.feedback.message.empty()) << id << " " << text;
            }
        }
}

TEST(LearnJudge, AKingStepIntoAttackNamesTheWatcherInEachLanguage) {
    // escape-1: the rook on e8 checks the king on e1; e2 is still on its line.
    for (auto [lang, rook] : { std::pair{ Lang::En, "rook" }, std::pair{ Lang{ "zh" }, "车" },
             std::pair{ Lang{ "vi" }, "Xe" } }) {
        Verdict v = verdict("escape-1", {}, "e1e2", lang);
        EXPECT_EQ(v.kind, VerdictKind::Illegal);
        EXPECT_EQ(v.reason, "king_would_be_attacked");
        EXPECT_TRUE(contains(v.feedback.message, rook) && contains(v.feedback.message, "e8")
            && contains(v.feedback.message, "e2"))
            << v.feedback.message;
        EXPECT_EQ(v.feedback.arrows, (std::vector<Arrow>{ { "e8", "e2" } }));
    }
}

TEST(LearnJudge, CastlingRefusalsNameTheCondition) {
    struct Case {
        const char *level, *reason, *part;
    };
    for (auto [level, reason, part] : { Case{ "castling-2", "castling_path_blocked", "f1" },
             Case{ "castling-5", "castling_rook_moved", "rook" },
             Case{ "castling-9", "castling_through_attack", "c4" },
             Case{ "castling-11", "castling_into_check", "g8" } })
        for (const Lang& lang : course().texts().languages()) {
            Verdict v = verdict(level, {}, "e1g1", lang);
            EXPECT_EQ(v.kind, VerdictKind::Illegal) << level;
            EXPECT_EQ(v.reason, reason) << level;
            if (lang == Lang::En || std::string(part) != "rook") {
                EXPECT_TRUE(contains(v.feedback.message, part))
                    << level << ": " << v.feedback.message;
            }
        }
}

TEST(LearnJudge, DoubleCheckRefusesACaptureThatLeavesTheOtherCheck) {
    Verdict v = verdict("escape-7", {}, "d5b4");
    EXPECT_EQ(v.reason, "still_in_check");
    EXPECT_TRUE(contains(v.feedback.message, "e8")) << v.feedback.message;
}

TEST(LearnJudge, AMateIsExplainedFromThePosition) {
    for (auto [lang, words] : { std::pair{ Lang::En, "Checkmate" },
             std::pair{ Lang{ "zh" }, "将死" }, std::pair{ Lang{ "vi" }, "Chiếu hết" } }) {
        Verdict v = verdict("checkmate-1", {}, "a1a8", lang);
        EXPECT_EQ(v.kind, VerdictKind::Solved);
        const std::string& m = v.feedback.message;
        EXPECT_TRUE(contains(m, words)) << m;
        // f8 and h8 are watched by the rook; f7, g7 and h7 hold the king's own pawns.
        for (const char* sq : { "a8", "f8", "h8", "f7", "g7", "h7" })
            EXPECT_TRUE(contains(m, sq)) << m;
        EXPECT_TRUE(
            std::ranges::find(v.feedback.arrows, Arrow{ "a8", "f8" }) != v.feedback.arrows.end());
        EXPECT_TRUE(
            std::ranges::find(v.feedback.arrows, Arrow{ "a8", "g8" }) != v.feedback.arrows.end());
    }
}

TEST(LearnJudge, ACheckThatIsNotMateShowsTheWayOut) {
    // checkmate-4: Bxf7+ is check, but the king runs to e7.
    Verdict v = verdict("checkmate-4", {}, "c4f7");
    EXPECT_EQ(v.kind, VerdictKind::Wrong);
    EXPECT_TRUE(contains(v.feedback.message, "not checkmate")) << v.feedback.message;
    EXPECT_EQ(v.consequence, (std::vector<std::string>{ "e8e7" }));
    Verdict quiet = verdict("checkmate-1", {}, "a1a2");
    EXPECT_EQ(quiet.kind, VerdictKind::Wrong);
    EXPECT_TRUE(contains(quiet.feedback.message, "does not give check")) << quiet.feedback.message;
}

TEST(LearnJudge, APunishedMoveReplaysItsConsequence) {
    // escape-2: blocking on d1 loses to the rook's mate; f1 is protected by the king.
    Verdict v = verdict("escape-2", {}, "e2d1");
    EXPECT_EQ(v.kind, VerdictKind::Wrong);
    EXPECT_EQ(v.consequence, (std::vector<std::string>{ "a1d1" }));
    EXPECT_TRUE(contains(v.feedback.message, "checkmate")) << v.feedback.message;
    // escape-6: taking with the king is illegal (the knight on c3 watches e2).
    Verdict k = verdict("escape-6", {}, "e1e2");
    EXPECT_EQ(k.kind, VerdictKind::Illegal);
    EXPECT_TRUE(contains(k.feedback.message, "c3")) << k.feedback.message;
}

TEST(LearnJudge, AStalemateIsWrongAndSaysWhy) {
    for (const Lang& lang : course().texts().languages()) {
        Verdict v = verdict("stalemate-1", {}, "f1f7", lang);
        EXPECT_EQ(v.kind, VerdictKind::Wrong);
        EXPECT_TRUE(contains(v.feedback.message, "g8") && contains(v.feedback.message, "h7"))
            << v.feedback.message;
    }
    Verdict q = verdict("promotion-4", {}, "c7c8q");
    EXPECT_EQ(q.kind, VerdictKind::Wrong);
    EXPECT_TRUE(contains(q.feedback.message, "Stalemate")) << q.feedback.message;
}

TEST(LearnJudge, GoalsRefuseOtherLegalMoves) {
    EXPECT_EQ(verdict("escape-3", {}, "e5e1").kind, VerdictKind::Solved);
    EXPECT_EQ(verdict("castling-1", {}, "a2a3").kind, VerdictKind::Wrong);
    EXPECT_EQ(verdict("en_passant-1", {}, "e5e6").kind, VerdictKind::Wrong);
    EXPECT_EQ(verdict("promotion-3", {}, "d7d8q").kind, VerdictKind::Wrong);
    EXPECT_EQ(verdict("stalemate-1", {}, "g6f6").kind, VerdictKind::Wrong); // not the queen
    EXPECT_EQ(verdict("escape-1", {}, "e1d1").kind, VerdictKind::Solved); // any safe square
    // A mate in 2 whose first move allows no mate in time.
    EXPECT_EQ(verdict("checkmate-5", {}, "a1a8").kind, VerdictKind::Wrong);
    // The pawn race: the pawn that loses the race.
    EXPECT_EQ(verdict("promotion-6", {}, "g2g4").kind, VerdictKind::Wrong);
}

TEST(LearnJudge, StarsFollowMistakesHintsAndPar) {
    EXPECT_EQ(stars_for(1, 1, 0, 0), 3);
    EXPECT_EQ(stars_for(1, 1, 1, 0), 2);
    EXPECT_EQ(stars_for(1, 1, 1, 1), 2);
    EXPECT_EQ(stars_for(2, 4, 0, 0), 2);
    EXPECT_EQ(stars_for(1, 1, 3, 0), 1);
    Attempt a;
    a.move     = "a1a8";
    a.mistakes = 2;
    auto v     = judge(course(), *course().level("checkmate-1"), a, Lang::En);
    EXPECT_EQ(std::get<Verdict>(v).stars, 2);
}

TEST(LearnJudge, HintsGiveThePieceThenTheMove) {
    auto one = hint(course(), *course().level("checkmate-1"), {}, 1, Lang{ "vi" });
    EXPECT_EQ(std::get<Hint>(one).square, "a1");
    EXPECT_TRUE(contains(std::get<Hint>(one).message, "Xe")) << std::get<Hint>(one).message;
    auto two = hint(course(), *course().level("checkmate-1"), {}, 2, Lang::En);
    EXPECT_EQ(std::get<Hint>(two).move, "a1a8");
    // Along a mate in 2, after the first move and its answer.
    auto later = hint(course(), *course().level("checkmate-5"), { "a1a7", "e8d8" }, 2, Lang::En);
    EXPECT_EQ(std::get<Hint>(later).move, "b2b8");
    auto choice = hint(course(), *course().level("castling-7"), {}, 2, Lang::En);
    EXPECT_EQ(std::get<Hint>(choice).choice, "no");
    EXPECT_TRUE(std::holds_alternative<RequestError>(
        hint(course(), *course().level("checkmate-1"), {}, 3, Lang::En)));
}

TEST(LearnJudge, RequestsThatNoLevelCouldHaveGivenAreRefused) {
    EXPECT_EQ(refused("checkmate-5", { "a1a7" }, "b2b8"),
        "line: it ends with the child's own move; send the answer the server gave too");
    EXPECT_TRUE(refused("checkmate-5", { "a1a7", "e1e2" }, "b2b8").starts_with("line: move 2"));
    EXPECT_TRUE(refused("checkmate-1", {}, "zz9").starts_with("move:"));
    EXPECT_TRUE(refused("checkmate-1", {}, "").starts_with("move: missing"));
    EXPECT_TRUE(
        refused("castling-3", {}, "", "maybe").starts_with("choice: this level has no answer"));
    EXPECT_TRUE(refused("checkmate-1", { "a1a8", "g8h8" }, "a8a1").starts_with("line: move 2"));
    std::vector<std::string> hostile(500, "a1a2");
    EXPECT_EQ(refused("checkmate-1", hostile, "a1a8"), "line: too long for a level");
}

TEST(LearnHelp, EscapeSplitsTheMovesIntoRunBlockCapture) {
    const Texts& t   = course().texts();
    auto         run = std::get<EscapeHelp>(
        escape_help(t, "chess", "4r1k1/8/8/8/8/8/8/4K3 w - - 0 1", Lang::En));
    EXPECT_TRUE(run.in_check);
    EXPECT_EQ(run.checkers, std::vector<std::string>{ "e8" });
    EXPECT_EQ(run.run, (std::vector<std::string>{ "e1d1", "e1f1", "e1d2", "e1f2" }));
    EXPECT_TRUE(run.block.empty() && run.capture.empty());
    auto block = std::get<EscapeHelp>(
        escape_help(t, "chess", "6k1/5ppp/8/8/8/8/4BPPP/r5K1 w - - 0 1", Lang::En));
    EXPECT_EQ(block.block, (std::vector<std::string>{ "e2d1", "e2f1" }));
    EXPECT_TRUE(block.run.empty() && block.capture.empty());
    EXPECT_TRUE(contains(block.message, "Can you run? No")) << block.message;
    // En passant removes the checking pawn: a capture.
    auto ep = std::get<EscapeHelp>(
        escape_help(t, "chess", "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1", Lang::En));
    EXPECT_TRUE(std::ranges::find(ep.capture, "e5d6") != ep.capture.end());
    EXPECT_TRUE(std::ranges::find(ep.capture, "e4d5") != ep.capture.end()); // the king takes it too
    // A knight's check: no block, said so in each language.
    for (auto [lang, word] : { std::pair{ Lang::En, "knight" }, std::pair{ Lang{ "zh" }, "马" },
             std::pair{ Lang{ "vi" }, "Mã" } }) {
        auto n = std::get<EscapeHelp>(
            escape_help(t, "chess", "6k1/8/8/8/8/7n/5PPP/6K1 w - - 0 1", lang));
        EXPECT_TRUE(n.block.empty());
        EXPECT_TRUE(contains(n.message, word)) << n.message;
    }
    auto twice = std::get<EscapeHelp>(
        escape_help(t, "chess", "4r1k1/8/8/3N4/1b6/8/8/4K3 w - - 0 1", Lang::En));
    EXPECT_EQ(twice.checkers.size(), 2u);
    EXPECT_TRUE(twice.block.empty() && twice.capture.empty());
    EXPECT_TRUE(contains(twice.message, "Two pieces")) << twice.message;
    auto calm = std::get<EscapeHelp>(
        escape_help(t, "silverman", "rqkr/pppp/PPPP/RQKR w - - 0 1", Lang::En));
    EXPECT_FALSE(calm.in_check);
    EXPECT_TRUE(calm.run.empty() && calm.block.empty() && calm.capture.empty());
    EXPECT_TRUE(std::holds_alternative<RequestError>(escape_help(t, "tamerlane", "", Lang::En)));
    EXPECT_TRUE(
        std::holds_alternative<RequestError>(escape_help(t, "chess", "not a fen", Lang::En)));
    EXPECT_TRUE(std::holds_alternative<RequestError>(escape_help(t, "nope", "", Lang::En)));
}

TEST(LearnHelp, ExplainAnswersInEveryVariant) {
    const Texts& t  = course().texts();
    auto         ok = std::get<Explained>(explain_move(
                t, "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1f3", Lang::En));
    EXPECT_TRUE(ok.legal);
    EXPECT_EQ(ok.san, "Nf3");
    auto pinned = std::get<Explained>(
        explain_move(t, "chess", "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", "e2d3", Lang{ "zh" }));
    EXPECT_FALSE(pinned.legal);
    EXPECT_EQ(pinned.reason, "piece_pinned");
    EXPECT_TRUE(contains(pinned.message, "e8") && contains(pinned.message, "象")) << pinned.message;
    EXPECT_EQ(pinned.arrows, (std::vector<Arrow>{ { "e8", "e1" } }));
    auto tamerlane = explain_move(t, "tamerlane", Tamerlane::StartFen, "a1a9", Lang{ "vi" });
    EXPECT_TRUE(std::holds_alternative<Explained>(tamerlane)
        || std::holds_alternative<RequestError>(tamerlane));
    auto fk = std::get<Explained>(
        explain_move(t, "fourkingdoms", FourKingdoms::StartFen, "d1d3", Lang{ "vi" }));
    EXPECT_FALSE(fk.legal);
    EXPECT_FALSE(fk.message.empty());
    EXPECT_TRUE(std::holds_alternative<RequestError>(explain_move(t, "chess", "", "e2", Lang::En)));
    EXPECT_TRUE(
        std::holds_alternative<RequestError>(explain_move(t, "xiangqi", "", "e2e4", Lang::En)));
}

} // namespace
} // namespace citadel::learn

namespace citadel::learn {
namespace {

TEST(LearnJudge, ScriptedFeedbackReplacesTheJudgesWords) {
    const Course c = Course::parse(std::vector<EmbeddedFile>{
        { "course.json", R"({"lessons": ["a"]})" },
        { "lessons/a.json", R"({"levels": [{"id": "a-1", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "goal_id": "mate_in_1", "goal": "g", "solution": ["a1a8"], "feedback": [
              {"move": "a1a7", "text": "seventh", "consequence": ["g8f8"]},
              {"move": "a1a8", "text": "well"}]}]})" },
        { "text/en.json",
            R"({"g": "Mate!", "seventh": "The seventh row is full.", "well": "Yes!"})" } });
    Attempt      a;
    a.move    = "a1a7";
    Verdict w = std::get<Verdict>(judge(c, *c.level("a-1"), a, Lang::En));
    EXPECT_EQ(w.kind, VerdictKind::Wrong);
    EXPECT_EQ(w.feedback.message, "The seventh row is full.");
    EXPECT_EQ(w.consequence, std::vector<std::string>{ "g8f8" });
    a.move    = "a1a8";
    Verdict s = std::get<Verdict>(judge(c, *c.level("a-1"), a, Lang::En));
    EXPECT_EQ(s.kind, VerdictKind::Solved);
    EXPECT_EQ(s.feedback.message, "Yes!");
    EXPECT_FALSE(s.feedback.arrows.empty()); // the board still shows the mate
}

} // namespace
} // namespace citadel::learn
