#include "match/adjudicator.h"

#include <cstdlib>

namespace citadel::match {

std::optional<std::string> Adjudicator::verdict(
    int move_number, bool last_mover_white, bool& loser_is_white) const {
    if (rules_.draw && move_number >= rules_.draw_move_number) {
        auto small = [&](int s) { return std::abs(s) <= rules_.draw_score; };
        if (all(rules_.draw_count, 0, small) && all(rules_.draw_count, 1, small))
            return "draw adjudicated: both scores within " + std::to_string(rules_.draw_score)
                + " cp for " + std::to_string(rules_.draw_count) + " moves each";
    }
    if (rules_.resign) {
        auto losing  = [&](int s) { return s <= -rules_.resign_score; };
        auto winning = [&](int s) { return s >= rules_.resign_score; };
        for (int back : { 0, 1 }) {
            if (all(rules_.resign_count, back, losing)
                && all(rules_.resign_count, 1 - back, winning)) {
                loser_is_white = (back == 0) == last_mover_white;
                return std::string("resignation adjudicated: ")
                    + (loser_is_white ? "White" : "Black") + "'s score at most -"
                    + std::to_string(rules_.resign_score) + " cp for "
                    + std::to_string(rules_.resign_count) + " moves, its opponent agreeing";
            }
        }
    }
    return std::nullopt;
}

} // namespace citadel::match
