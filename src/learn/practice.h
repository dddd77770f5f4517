// Practice that never runs out: fresh levels for a topic, made from the rules core and checked by
// the judge before they are offered (a mate in 1 has a mate in 1, and the judge accepts its
// solution; an escape level is in check and escapable the way it asks; an en passant level has
// the capture legal). Positions are drawn the way a child's games end up: few pieces, the kings
// apart, the defending king near an edge.
//
// A practice level's id names how it was made, "practice-<kind>-<seed>-<n>", so the server keeps
// nothing: any request with the id makes the same level again (a small cache saves the work).
// The same seed gives the same levels; another seed, others.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "learn/course.h"
#include "learn/judge.h"

namespace citadel::learn {

// The topics practice is made for, and the kinds of level each gives (in order, so that a
// request for several levels of a topic walks through its kinds):
//   checkmate    mate_in_1, mate_in_2
//   escape_check run, block, capture (each asks for its way out)
//   castling     can_castle ("can White castle on this side now?", yes or no), castle (castle
//                now), castle_condition ("why not?": the one condition that fails)
//   promotion    promote (a queen, mostly), promote_knight (the knight that gives check and
//                wins), promote_stalemate (a queen would stalemate: another piece wins)
//   en_passant   en_passant (take it now), en_passant_or_gone ("can you take it now?": the
//                double step was the last move, or it was made a while ago)
//   stalemate    avoid_stalemate (a queen move that does not stalemate)
// The questions are choice levels about one move (Level::ask): their right answer is the rules'
// verdict on it, and each answer says that verdict ("the bishop on c4 watches f1").
std::vector<std::string_view> practice_topics();
// Every kind of every topic, in that order.
std::vector<std::string_view> practice_kinds();

// `count` levels (1-20) of `topic` for `seed`, or why not (an unknown topic, a count or stage out
// of range). The stage is how far along the child is, for the topics of several kinds: 0 deals
// the first kind alone (mate in 1; running from check), 1 every kind in turn, 2 all but the
// first (mate in 2; blocking and capturing). Topics of one kind deal it at every stage.
std::variant<std::vector<Level>, RequestError> practice(
    const Course& course, std::string_view topic, int count, u64 seed, int stage = 1);

// The stage of a child who has solved `solved` practice levels of a topic: 0 for the first 5, 1
// up to 15, 2 after.
int practice_stage(int solved);

// A round for a child at `stage`: the levels of the first of `seeds` (drawn by the caller) none
// of whose positions (position_key) the child has `met`; the last seed's where each meets one.
// The round stays the seed's, so that its address (the seed and stage) shows the same levels on
// a reload.
struct FreshRound {
    u64                seed = 0;
    std::vector<Level> levels;
};
std::variant<FreshRound, RequestError> fresh_practice(const Course& course, std::string_view topic,
    int count, int stage, const std::vector<u64>& seeds, const std::set<u64>& met);

// The topic of a practice level's id ("practice-mate_in_1-7-0" -> "checkmate"), if it names one.
std::optional<std::string_view> practice_topic(std::string_view id);

// A level's position, as a number: the same for the same variant and position whatever the move
// counters (FNV-1a of the FEN's first four fields).
u64 position_key(const Level& level);

// The practice level with this id ("practice-mate_in_1-7-0"), if it names one.
std::optional<Level> practice_level(const Course& course, std::string_view id);

} // namespace citadel::learn
