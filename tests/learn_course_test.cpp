// The course as data (learn/course.h): the built-in course is whole (every text in every
// language, every position and solution sound), follows the teaching order, and a malformed data
// file is refused with its file and field named.
#include <gtest/gtest.h>

#include <set>

#include "core/illegal.h"
#include "learn/course.h"

namespace citadel::learn {
namespace {

TEST(LearnCourse, TheBuiltInCourseHasNoProblems) {
    for (const std::string& p : Course::builtin().problems()) ADD_FAILURE() << p;
}

TEST(LearnCourse, LessonsFollowTheTeachingOrderAndNameEveryTopic) {
    const Course&            c = Course::builtin();
    std::vector<std::string> ids;
    std::set<std::string>    topics;
    size_t                   levels = 0;
    for (const Lesson& l : c.lessons()) {
        ids.push_back(l.id);
        topics.insert(l.topics.begin(), l.topics.end());
        levels += l.levels.size();
        EXPECT_GE(l.learn.size(), 3u) << l.id;
        EXPECT_GE(l.levels.size(), 3u) << l.id;
    }
    EXPECT_EQ(ids,
        (std::vector<std::string>{ "check", "escape", "checkmate", "castling", "promotion",
            "en_passant", "stalemate", "draws" }));
    EXPECT_GE(levels, 40u);
    EXPECT_EQ(c.texts().languages(), (std::vector<Lang>{ Lang::En, Lang{ "vi" }, Lang{ "zh" } }));
    for (const char* t :
        { "check", "run", "block", "capture", "double_check", "checkmate", "back_rank_mate",
            "escape_square", "castling", "castling_king_moved", "castling_rook_moved",
            "castling_blocked", "castling_in_check", "castling_through_attack", "promotion",
            "underpromotion", "en_passant", "stalemate", "threefold_repetition", "fifty_move_rule",
            "insufficient_material", "draw_agreement", "pawn_race" })
        EXPECT_TRUE(topics.contains(t)) << t;
}

// Every reason the rules core gives has its sentence (in English, so in every language: the
// check above requires each catalogue to have every English key).
TEST(LearnCourse, EveryReasonOfTheCoreHasASentence) {
    for (int r = 0; r <= int(IllegalReason::Unexplained); ++r) {
        const std::string key = "reason." + std::string(reason_id(IllegalReason(r)));
        EXPECT_TRUE(Course::builtin().texts().has(Lang::En, key)) << key;
    }
}

TEST(LearnCourse, CastlingHasALevelForEachConditionFailing) {
    // The castling lesson's levels meet each of the five conditions failing, by choice or move.
    std::set<std::string> seen;
    for (const std::string& id : Course::builtin().lesson("castling")->levels) {
        const Level* l = Course::builtin().level(id);
        seen.insert(l->choice ? "choice" : "move");
    }
    EXPECT_EQ(seen, (std::set<std::string>{ "choice", "move" }));
}

std::string parse_error(std::vector<EmbeddedFile> files) {
    try {
        Course::parse(files);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

TEST(LearnCourse, MalformedDataIsRefusedNamingFileAndField) {
    const EmbeddedFile order{ "course.json", R"({"lessons": ["a"]})" };
    EXPECT_EQ(parse_error({ order, { "lessons/a.json", "{" } }),
        "lessons/a.json: (file): not valid JSON");
    EXPECT_EQ(parse_error({ order }), "course.json: lessons: no file lessons/a.json");
    EXPECT_EQ(
        parse_error({ order, { "lessons/a.json", R"({"levels": [{"id": "x", "goal": "g"}]})" } }),
        "lessons/a.json: fen: missing");
    EXPECT_EQ(
        parse_error({ order, { "lessons/a.json", R"({"learn": [{"text": 3, "fen": "x"}]})" } }),
        "lessons/a.json: text: not a string");
    EXPECT_EQ(parse_error({ order, { "lessons/a.json", R"({"levels": [{"id": "x", "fen": "f",
        "goal_id": "castle", "goal": "g", "par": 0}]})" } }),
        "lessons/a.json: x.par: 1 to 50");
    EXPECT_EQ(parse_error({ order, { "lessons/a.json", "{}" }, { "lessons/b.json", "{}" } }),
        "lessons/b.json: not listed in course.json");
    EXPECT_EQ(parse_error({ order, { "lessons/a.json", "{}" }, { "text/Fr!.json", "{}" } }),
        "text/Fr!.json: (file): a catalogue is named by its language: text/vi.json, "
        "text/pt-br.json");
    EXPECT_EQ(parse_error({ order, { "lessons/a.json", "{}" }, { "text/en.json", R"({"k": 1})" } }),
        "text/en.json: k: not a string");
    EXPECT_EQ(parse_error(
                  { { "course.json", R"({"lessons": ["a", "a"]})" }, { "lessons/a.json", "{}" } }),
        "course.json: lessons: a is listed twice");
    EXPECT_EQ(parse_error({ order, { "lessons/a.json", R"({"levels": [{"id": "x", "kind": "choice",
        "fen": "f", "goal": "g", "choices": [{"id": "yes", "text": "t", "explain": true}]}]})" } }),
        "lessons/a.json: x.choices.explain: needs the level's ask (the move asked about)");
    EXPECT_EQ(parse_error({ order, { "lessons/a.json", R"({"levels": [{"id": "x", "kind": "choice",
        "fen": "f", "goal": "g", "ask": "e1g1", "choices": [{"id": "yes", "text": "t",
        "explain": 1}]}]})" } }),
        "lessons/a.json: x.choices.explain: true or false");
}

TEST(LearnCourse, ProblemsNameMissingAndUntranslatedTextsAndUnsoundLevels) {
    const Course c        = Course::parse(std::vector<EmbeddedFile>{
               { "course.json", R"({"lessons": ["a"]})" },
               { "lessons/a.json", R"({"learn": [{"text": "a.step", "fen": "8/8/8/8/8/8/8/8 w - - 0 1"}],
            "levels": [{"id": "a-1", "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "goal_id": "mate_in_1",
                        "goal": "a-1.goal", "solution": ["a1a7"]},
                       {"id": "a-2", "kind": "choice", "fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                        "goal": "a-1.goal", "choices": [{"id": "x", "text": "a.title", "why": "a.title"}]},
                       {"id": "a-3", "kind": "choice", "fen": "4r1k1/8/8/8/8/8/8/4K2R w K - 0 1",
                        "goal": "a-1.goal", "ask": "e1g1", "choices": [
                          {"id": "yes", "text": "a.title", "correct": true, "explain": true},
                          {"id": "no", "text": "a.title", "explain": true}]},
                       {"id": "a-4", "kind": "choice", "fen": "4r1k1/8/8/8/8/8/8/4K2R w K - 0 1",
                        "goal": "a-1.goal", "ask": "e1", "choices": [
                          {"id": "yes", "text": "a.title", "correct": true, "explain": true},
                          {"id": "no", "text": "a.title", "explain": true}]},
                       {"id": "a-5", "kind": "choice", "fen": "4r1k1/8/8/8/8/8/8/4K2R w K - 0 1",
                        "goal": "a-1.goal", "ask": "e1g1", "choices": [
                          {"id": "yes", "text": "a.title", "explain": true},
                          {"id": "castling_in_check", "text": "a.title", "correct": true, "explain": true}]}]})" },
               { "text/en.json", R"({"a.title": "A lesson about kings", "a.summary": "s", "a.tip": "t",
            "a-1.goal": "Mate!", "a.unused": "u"})" },
               { "text/zh.json", R"({"a.title": "A lesson about kings", "a.summary": "s", "a.tip": "t",
            "a-1.goal": "将死！", "a.extra": "e"})" },
               { "text/vi.json", R"({})" } });
    const auto   problems = c.problems();
    auto         has      = [&](const std::string& p) {
        return std::find(problems.begin(), problems.end(), p) != problems.end();
    };
    EXPECT_TRUE(has("a: a learn step: the position: illegal position: White has no king")
        || std::any_of(problems.begin(), problems.end(),
            [](const std::string& p) { return p.starts_with("a: a learn step: the position:"); }));
    EXPECT_TRUE(has("text/en.json: no text for a.step"));
    EXPECT_TRUE(has("text/en.json: a.unused is used by no lesson"));
    EXPECT_TRUE(has("text/zh.json: a.title is the English text, not translated"));
    EXPECT_TRUE(has("text/zh.json: a.extra is not in English"));
    EXPECT_TRUE(has("text/vi.json: no text for a-1.goal"));
    EXPECT_TRUE(std::any_of(problems.begin(), problems.end(), [](const std::string& p) {
        return p.starts_with("a-1: the solution's move a1a7 is judged wrong");
    }));
    EXPECT_TRUE(has("a-2: a choice level needs two answers or more"));
    // A question about a move whose right answer is not what the rules say of it.
    EXPECT_TRUE(has("a-3: its right answer is 'yes', but the rules say 'castling_in_check' of "
                    "e1g1"));
    EXPECT_TRUE(has("a-4: its ask 'e1' is not a move"));
    EXPECT_FALSE(std::any_of(problems.begin(), problems.end(),
        [](const std::string& p) { return p.starts_with("a-5"); }));
    EXPECT_TRUE(has("a-2: a choice level needs exactly one right answer"));
}

TEST(LearnTexts, PlacesAreFilledAndMissingTextsFallBack) {
    Texts t;
    t.add(Lang::En,
        { { "k", "the {piece} on {square}" }, { "only.en", "English" }, { "piece.rook", "rook" } });
    t.add(Lang{ "vi" }, { { "k", "{piece} ở {square}" }, { "piece.rook", "Xe" } });
    EXPECT_EQ(
        t(Lang{ "vi" }, "k", { { "piece", t.piece(Lang{ "vi" }, Rook) }, { "square", "a8" } }),
        "Xe ở a8");
    EXPECT_EQ(t(Lang{ "vi" }, "only.en"), "English");
    EXPECT_EQ(t(Lang{ "zh" }, "nowhere"), "nowhere");
    EXPECT_EQ(fill("{a} {b} {", { { "a", "1" } }), "1 {b} {");
    EXPECT_EQ(t.piece(Lang::En, Knight), "knight"); // no word in the catalogue: the kind's name
    EXPECT_EQ(t.language("vi"), Lang{ "vi" });
    EXPECT_FALSE(t.language("fr"));
    EXPECT_FALSE(t.language(""));
    EXPECT_EQ(t.languages(), (std::vector<Lang>{ Lang::En, Lang{ "vi" } }));
}

} // namespace
} // namespace citadel::learn
