// Generated practice (learn/practice.h): sound levels of every kind, the same for the same seed,
// different for another, made again from their ids, and bad requests named.
#include <gtest/gtest.h>

#include <set>

#include "core/movegen.h"
#include "learn/practice.h"
#include "notation/fen.h"
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
                EXPECT_EQ(pos.in_check(), l.goal_id == "escape_check") << l.fen;
                EXPECT_EQ(pos.ep_square() != NoSquare, l.goal_id == "capture_en_passant") << l.fen;
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
    EXPECT_EQ(kinds("castling", 0), kinds("castling", 2)); // one kind: the same at every stage
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
