// FourKingdomsEngine<V>: the search for Four Kingdoms, both modes (docs/fourkingdoms_engine.md).
//
// Alliance mode (FourKingdomsTeams) is a two-team zero-sum game: alpha-beta over the real turn
// order (the core's make() settles who moves next: check comes first, eliminated seats are
// skipped, a mated player's partner commands its army), scored from the East+South team's view
// and reported from the team of the player to move.
//
// Free-for-all (FourKingdoms) values a position as each player's expected points: a finished
// game is its scoring (2 / 1 / 1 / 0, -1 for a resigner); otherwise the eliminated players have
// their points (an elimination still in the tree counts half a point less, the chances given
// up) and each player left expects 2 points with a chance growing with its strength, else the
// mean of the places still open. Two searches:
//   - paranoid: the player to move maximizes its value, the others together minimize it
//     (alpha-beta, transposition table, quiescence);
//   - max^n with shallow pruning: each player maximizes its own value;
//   - best-reply search (BRS+): between two moves of the player to move, only the opponent
//     whose reply hurts it most plays a searched move, the others their first-ordered move.
//
// One engine per seat; nothing is shared between engines. search() runs on the caller's thread;
// stop() may be called from any other thread.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>

#include "eval/fourkingdoms.h"
#include "game/fourkingdoms_game.h"
#include "search/tt.h"
#include "search/types.h"

namespace citadel::search {

enum class FkAlgorithm : u8 { Paranoid, MaxN, Brs };
inline constexpr std::string_view kFkAlgorithmNames = "paranoid, maxn, brs";
std::string_view                  fk_algorithm_name(FkAlgorithm a);
std::optional<FkAlgorithm>        fk_algorithm_named(std::string_view name);

// Whether free-for-all's two-sided quiescence (paranoid and BRS+ leaves; not in check) searches
// capture `m` of the player to move of `b`, the search being for `root` (`opponent`: the mover
// is one of its opponents). It leaves out a man taking a cheaper one that an enemy of the mover
// defends (a likely loss) and one opponent taking another opponent's man (paranoid's opponents
// play against the root player; those captures cost the first depths most of their nodes).
// Captures of and by kings and en passant are always searched. Alliance mode searches all.
bool fk_quiescence_capture(const fk::Board& b, Move m, Seat root, bool opponent);

// One point of the free-for-all scoring in the search's units; scores reported to the caller
// (Info, Result) are (expected points - 1) in these units, so 0 is an even share.
inline constexpr int FkPoint = 4000;

template <class V>
requires FourKingdomsVariant<V>
class FourKingdomsEngine {
  public:
    explicit FourKingdomsEngine(
        const Options& options = {}, FkAlgorithm algorithm = FkAlgorithm::Paranoid);
    ~FourKingdomsEngine();
    FourKingdomsEngine(const FourKingdomsEngine&)            = delete;
    FourKingdomsEngine& operator=(const FourKingdomsEngine&) = delete;

    void           set_options(const Options& options); // hash, skill, multipv, seed, overhead
    const Options& options() const { return options_; }
    // Free-for-all only (alliance mode always searches its two teams).
    void        set_algorithm(FkAlgorithm a) { algorithm_ = a; }
    FkAlgorithm algorithm() const { return algorithm_; }
    void        new_game();
    // The evaluation's weights (eval::fourkingdoms::kWeights unless set): for self-play A/B
    // tests of other weights (bench/fk_match), not for play.
    void set_weights(const eval::fourkingdoms::Weights& w) { weights_ = w; }

    // The best move for the player to move; none once the game is over. on_info receives each
    // finished iteration's lines on this thread.
    Result search(const FourKingdomsGame<V>& game, const Limits& limits,
        const std::function<void(const Info&)>& on_info = {});
    void   stop() { stop_ = true; }
    void   ponderhit() { pondering_ = false; }
    bool   searching() const { return searching_.load(); }

    // ---- decisions that are not moves (for the web app) ----
    // Accept a draw offer for `who` when a draw is worth at least what it expects from play:
    // teams: its team is not ahead by more than half a pawn; free-for-all: its share of the
    // points is not above one point (what a draw gives).
    bool should_accept_draw(const FourKingdomsGame<V>& game, Seat who) const;
    // The same judged by a search of the game with `who` to move (`searched`, its Result): a
    // deeper judgement than the static one, e.g. a draw taken when the search sees the game
    // lost. Free-for-all: accept when it expects at most the draw's one point; teams: when its
    // team is not ahead by more than half a pawn. Falls back to the static judgement when
    // `who` is not to move or the result has no line.
    bool should_accept_draw(
        const FourKingdomsGame<V>& game, Seat who, const Result& searched) const;
    // Free-for-all, when the rules allow `by` and `with` to ally: propose when a short search
    // (paranoid, a round of the three players, a few tens of thousands of nodes) values the
    // game with the alliance higher for `by` than the game without it — e.g. not when `by`
    // could win `with`'s queen now, yes when `with` could win `by`'s. When the search sees no
    // difference: propose when the third player (the absorber) is stronger than each of them.
    bool should_propose_alliance(const FourKingdomsGame<V>& game, Seat by, Seat with) const;
    // Accept the standing proposal made to `by` on the same judgement.
    bool should_accept_alliance(const FourKingdomsGame<V>& game, Seat by) const;
    // Resign `who`'s lost position: never when the engine's skill is below min_level (the level
    // the user allows resigning from), nor when resigning scores worse than being mated
    // (free-for-all: a first or second eliminated resigner gets -1 instead of 1); otherwise when
    // its team is 15 pawns down (teams) or it is the last opponent of a player more than five
    // times as strong (free-for-all).
    bool should_resign(const FourKingdomsGame<V>& game, Seat who, int min_level) const;

    struct Searcher;

  private:
    // What allying with `with` is worth to `by` by the search (its value allied minus alone,
    // FkPoint = 1 point); none when the rules do not allow the alliance now.
    std::optional<int> alliance_gain(const FourKingdomsGame<V>& game, Seat by, Seat with) const;

    Options                     options_;
    FkAlgorithm                 algorithm_;
    eval::fourkingdoms::Weights weights_ = eval::fourkingdoms::kWeights;
    TranspositionTable          tt_;
    std::unique_ptr<Searcher>   searcher_;
    std::atomic<bool>           stop_{ false }, pondering_{ false }, searching_{ false };
};

extern template class FourKingdomsEngine<FourKingdoms>;
extern template class FourKingdomsEngine<FourKingdomsTeams>;

} // namespace citadel::search
