// Generated practice (learn/practice.h): sound levels of every kind, the same for the same seed,
// different for another, made again from their ids, and bad requests named.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/movegen.h"
#include "game/game.h"
#include "learn/practice.h"
#include "notation/fen.h"
#include "notation/uci_move.h"
#include "variants/orthodox.h"

namespace citadel::learn {
namespace {

const Course& course() { return Course::builtin(); }

std::vector<Level> made(std::string_view topic, int count, u64 seed) {
    auto v = practice(course(), topic, count, seed);
    if (auto* err = std::get_if<RequestError>(&v)) ADD_FAILURE() << *err;
    return std::get<std::vector<Level>>(v);
}

TEST(LearnPractice, EveryTopicGivesSoundLevelsOfEachKind) {
    for (std::string_view topic : practice_topics())
        for (u64 seed : { 1, 2, 3 }) {
            const auto levels = made(topic, 4, seed);
            EXPECT_EQ(levels.size(), 4u) << topic << " " << seed;
            for (const Level& l : levels) {
                EXPECT_TRUE(check_level(course(), l).empty()) << l.id << " " << l.fen;
                EXPECT_TRUE(course().texts().has(Lang::En, l.goal)) << l.goal;
                Position<Chess>  pos;
                StateInfo<Chess> si;
                ASSERT_FALSE(pos.set(*parse_fen<Chess>(l.fen), si)) << l.fen;
                // Few pieces, as in a child's games.
                EXPECT_LE(popcount(pos.pieces()), 16) << l.fen;
                // In check only where asked to escape, or asked whether castling is allowed.
                const bool castling_question
                    = l.goal_id == "can_castle" || l.goal_id == "castle_condition";
                EXPECT_TRUE(castling_question || pos.in_check() == (l.goal_id == "escape_check"))
                    << l.fen;
                EXPECT_TRUE(l.goal_id == "en_passant_or_gone"
                    || (pos.ep_square() != NoSquare) == (l.goal_id == "capture_en_passant"))
                    << l.fen;
            }
        }
}

TEST(LearnPractice, KindsTakeTurnsWithinATopic) {
    std::vector<std::string> ways;
    for (const Level& l : made("escape_check", 3, 5)) ways.push_back(l.way);
    EXPECT_EQ(ways, (std::vector<std::string>{ "run", "block", "capture" }));
    std::vector<std::string> goals;
    for (const Level& l : made("checkmate", 2, 5)) goals.push_back(l.goal_id);
    EXPECT_EQ(goals, (std::vector<std::string>{ "mate_in_1", "mate_in_2" }));
}

TEST(LearnPractice, TheSameSeedGivesTheSameLevelsAndAnotherSeedOthers) {
    std::vector<std::string> a, b, c;
    for (const Level& l : made("checkmate", 4, 11)) a.push_back(l.fen);
    for (const Level& l : made("checkmate", 4, 11)) b.push_back(l.fen);
    for (const Level& l : made("checkmate", 4, 12)) c.push_back(l.fen);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    std::set<std::string> fens;
    for (u64 seed = 1; seed <= 10; ++seed)
        for (const Level& l : made("en_passant", 2, seed)) fens.insert(l.fen);
    EXPECT_EQ(fens.size(), 20u); // never the same twice
}

TEST(LearnPractice, EachKindIsVariedAndARoundNeverRepeatsAPosition) {
    for (std::string_view kind : practice_kinds()) {
        std::set<u64> positions;
        for (int seed = 0; seed < 25; ++seed) {
            auto l = practice_level(course(),
                "practice-" + std::string(kind) + "-" + std::to_string(500 + seed) + "-0");
            ASSERT_TRUE(l) << kind << " " << seed;
            positions.insert(position_key(*l));
        }
        EXPECT_GE(positions.size(), 22u) << kind; // a few repeats among 25 seeds at most
    }
    for (std::string_view topic : practice_topics()) {
        std::set<u64> round;
        for (const Level& l : made(topic, 12, 77)) round.insert(position_key(l));
        EXPECT_EQ(round.size(), 12u) << topic;
    }
}

// Every level of a kind, over `seeds` seeds.
std::vector<Level> of_kind(std::string_view kind, int seeds) {
    std::vector<Level> out;
    for (int seed = 0; seed < seeds; ++seed)
        if (auto l = practice_level(course(),
                "practice-" + std::string(kind) + "-" + std::to_string(900 + seed) + "-0"))
            out.push_back(*l);
    EXPECT_EQ(out.size(), size_t(seeds)) << kind;
    return out;
}

Verdict judged(const Level& l, std::string move, std::string choice, Lang lang = Lang::En) {
    auto v = judge(course(), l, { {}, std::move(move), std::move(choice) }, lang);
    EXPECT_TRUE(std::holds_alternative<Verdict>(v)) << l.id;
    return std::holds_alternative<Verdict>(v) ? std::get<Verdict>(v) : Verdict{};
}

TEST(LearnPractice, QuestionsAreAnsweredByTheRulesAndEachAnswerSaysWhy) {
    std::map<std::string, int> rights; // each right answer, counted
    for (std::string_view kind : { "can_castle", "castle_condition", "en_passant_or_gone" })
        for (const Level& l : of_kind(kind, 30)) {
            ASSERT_TRUE(l.choice) << l.id;
            const Choice* right = nullptr;
            for (const Choice& c : l.choices)
                if (c.correct) right = &c;
            ASSERT_TRUE(right) << l.id;
            // The rules' own verdict on the move asked about.
            const auto rules = rules_answer(l);
            ASSERT_TRUE(rules) << l.id;
            EXPECT_EQ(right->id == "no" ? (*rules != "yes") : (right->id == *rules), true)
                << l.id << " " << l.fen << " " << right->id << " " << *rules;
            ++rights[std::string(kind) + ":" + right->id];
            for (const Choice& c : l.choices)
                for (const Lang& lang : course().texts().languages()) {
                    const Verdict v = judged(l, "", c.id, lang);
                    EXPECT_EQ(v.kind, c.correct ? VerdictKind::Solved : VerdictKind::Wrong);
                    EXPECT_FALSE(v.feedback.message.empty()) << l.id << " " << c.id;
                    EXPECT_EQ(v.feedback.message.find('{'), std::string::npos)
                        << v.feedback.message;
                }
        }
    // Both answers come up, and each condition that stops castling.
    for (const char* answer :
        { "can_castle:yes", "can_castle:no", "en_passant_or_gone:yes", "en_passant_or_gone:no",
            "castle_condition:castling_path_blocked", "castle_condition:castling_in_check",
            "castle_condition:castling_through_attack", "castle_condition:castling_into_check" })
        EXPECT_GE(rights[answer], 2) << answer;
    // The right reason names the piece and the square: "the bishop on c4 watches f1".
    for (const Level& l : of_kind("castle_condition", 10)) {
        const Verdict v = judged(
            l, "", std::ranges::find_if(l.choices, [](const Choice& c) { return c.correct; })->id);
        EXPECT_TRUE(v.feedback.message.starts_with("Right! ")) << v.feedback.message;
        EXPECT_FALSE(v.feedback.arrows.empty()) << v.feedback.message;
    }
}

TEST(LearnPractice, PromotionsAskForTheKnightThatChecksAndAgainstTheQueenThatStalemates) {
    for (const Level& l : of_kind("promote_knight", 12)) {
        ASSERT_EQ(l.solution.size(), 1u);
        EXPECT_EQ(l.solution[0].back(), 'n') << l.fen;
        EXPECT_EQ(l.piece, "knight");
        Game<Chess> g;
        g.load_fen(l.fen);
        g.play(*find_uci_move(g.position(), l.solution[0]));
        EXPECT_TRUE(g.position().in_check()) << l.fen;
        const std::string queen = l.solution[0].substr(0, 4) + "q";
        EXPECT_EQ(judged(l, queen, "").kind, VerdictKind::Wrong) << l.fen;
    }
    for (const Level& l : of_kind("promote_stalemate", 12)) {
        ASSERT_EQ(l.solution.size(), 1u);
        EXPECT_NE(l.solution[0].back(), 'q') << l.fen;
        const std::string queen = l.solution[0].substr(0, 4) + "q";
        const Verdict     v     = judged(l, queen, "");
        EXPECT_EQ(v.kind, VerdictKind::Wrong) << l.fen;
        EXPECT_TRUE(v.feedback.message.starts_with("Stalemate!")) << v.feedback.message;
    }
}

TEST(LearnPractice, ALevelIsMadeAgainFromItsId) {
    const Level first = made("stalemate", 1, 9).at(0);
    EXPECT_EQ(first.id, "practice-avoid_stalemate-9-0");
    auto again = practice_level(course(), first.id);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->fen, first.fen);
    EXPECT_EQ(again->solution, first.solution);
    for (const char* bad :
        { "practice-", "practice-mate_in_1", "practice-mate_in_1-1", "practice-nope-1-0",
            "practice-mate_in_1-x-0", "practice-mate_in_1-1-", "practice--1-0",
            "practice-mate_in_1-1-99999", "check-1", "practice-mate_in_1-18446744073709551616-0" })
        EXPECT_FALSE(practice_level(course(), bad)) << bad;
}

TEST(LearnPractice, BadRequestsAreNamed) {
    auto unknown = practice(course(), "chess", 3, 1);
    ASSERT_TRUE(std::holds_alternative<RequestError>(unknown));
    EXPECT_EQ(std::get<RequestError>(unknown),
        "topic: one of checkmate, escape_check, castling, promotion, en_passant, stalemate");
    EXPECT_TRUE(std::holds_alternative<RequestError>(practice(course(), "checkmate", 0, 1)));
    EXPECT_TRUE(std::holds_alternative<RequestError>(practice(course(), "checkmate", 21, 1)));
}

TEST(LearnPractice, AStageDealsTheKindsOfHowFarAlongTheChildIs) {
    auto kinds = [](std::string_view topic, int stage) {
        auto                     v = practice(course(), topic, 6, 3, stage);
        std::vector<std::string> out;
        for (const Level& l : std::get<std::vector<Level>>(v))
            out.push_back(l.id.substr(9, l.id.find('-', 9) - 9)); // "practice-<kind>-..."
        return out;
    };
    using K = std::vector<std::string>;
    EXPECT_EQ(kinds("checkmate", 0), K(6, "mate_in_1"));
    EXPECT_EQ(kinds("checkmate", 1),
        (K{ "mate_in_1", "mate_in_2", "mate_in_1", "mate_in_2", "mate_in_1", "mate_in_2" }));
    EXPECT_EQ(kinds("checkmate", 2), K(6, "mate_in_2"));
    EXPECT_EQ(kinds("escape_check", 0), K(6, "run"));
    EXPECT_EQ(kinds("escape_check", 2),
        (K{ "block", "capture", "block", "capture", "block", "capture" }));
    EXPECT_EQ(kinds("stalemate", 0), kinds("stalemate", 2)); // one kind: the same at every stage
    EXPECT_EQ(kinds("castling", 0), K(6, "can_castle"));
    EXPECT_EQ(kinds("promotion", 2),
        (K{ "promote_knight", "promote_stalemate", "promote_knight", "promote_stalemate",
            "promote_knight", "promote_stalemate" }));
    EXPECT_EQ(made("checkmate", 4, 3)[1].id,
        std::get<std::vector<Level>>(practice(course(), "checkmate", 4, 3, 1))[1].id);
    EXPECT_EQ(std::get<RequestError>(practice(course(), "checkmate", 4, 3, 3)), "stage: 0, 1 or 2");
    EXPECT_EQ(practice_stage(0), 0);
    EXPECT_EQ(practice_stage(4), 0);
    EXPECT_EQ(practice_stage(5), 1);
    EXPECT_EQ(practice_stage(14), 1);
    EXPECT_EQ(practice_stage(15), 2);
}

TEST(LearnPractice, AFreshRoundIsOfTheFirstSeedWhosePositionsAreNew) {
    const auto    first = made("checkmate", 3, 5), second = made("checkmate", 3, 6);
    std::set<u64> met;
    auto          round = [&] {
        auto r = fresh_practice(course(), "checkmate", 3, 1, { 5, 6 }, met);
        return std::get<FreshRound>(r);
    };
    EXPECT_EQ(round().seed, 5u);
    met.insert(position_key(first[1]));
    EXPECT_EQ(round().seed, 6u);
    EXPECT_EQ(round().levels[0].id, second[0].id);
    met.insert(position_key(second[2]));
    EXPECT_EQ(round().seed, 6u); // every seed meets one: the last
    // The key is the position's, whatever the move counters.
    Level a = first[0], b = first[0];
    b.fen = b.fen.substr(0, b.fen.rfind(' ', b.fen.rfind(' ') - 1)) + " 7 40";
    EXPECT_EQ(position_key(a), position_key(b));
    b.fen[0] = b.fen[0] == 'k' ? 'K' : 'k';
    EXPECT_NE(position_key(a), position_key(b));
    EXPECT_EQ(practice_topic("practice-mate_in_2-1-0"), "checkmate");
    EXPECT_EQ(practice_topic("practice-block-1-0"), "escape_check");
    EXPECT_FALSE(practice_topic("check-1"));
    auto unknown = fresh_practice(course(), "nope", 3, 1, { 1 }, met);
    EXPECT_TRUE(std::holds_alternative<RequestError>(unknown));
}

} // namespace
} // namespace citadel::learn
