// Adjudication by the engines' own scores (off unless asked for): a draw when both have seen
// equality for a while, a resignation when both agree one side is lost.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "match/match.h"

namespace citadel::match {

class Adjudicator {
  public:
    explicit Adjudicator(const Adjudication& rules)
        : rules_(rules) { }

    // Records the score of the move just played (the mover's view; none for a book move or a
    // player that gives none).
    void record(std::optional<int> score) { scores_.push_back(score); }

    // After a move of the game's `move_number` (1-based, counting the move being played): the
    // verdict's sentence, "draw ..." or "resignation ..." (then `loser_is_white` says who), or
    // nothing.
    std::optional<std::string> verdict(
        int move_number, bool last_mover_white, bool& loser_is_white) const;

  private:
    // Whether the last `n` scores of the side that moved `back` plies ago (0: the last mover)
    // all exist and pass `test`.
    template <class F> bool all(int n, int back, F&& test) const {
        for (int k = 0; k < n; ++k) {
            int i = int(scores_.size()) - 1 - back - 2 * k;
            if (i < 0 || !scores_[size_t(i)] || !test(*scores_[size_t(i)])) return false;
        }
        return true;
    }

    Adjudication                    rules_;
    std::vector<std::optional<int>> scores_;
};

} // namespace citadel::match
