// The engine seats' moves, chosen by the search library at the seat's level, with the seat's
// clock (or, untimed, the request's budget) as its time: the two-player variants by
// citadel::search::Engine<V>, Four Kingdoms by FourKingdomsEngine<V> (search_chooser_fk.cpp: its
// headers and the two-player ones are kept in separate files). A fresh engine per request:
// requests of many games interleave on the pool's workers, so no table is kept between them.
// analyse() judges one position of a finished game for the post-game analysis (analysis.h);
// decide() answers the seats' questions that are not moves (draw offers, alliances).
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "search/types.h"
#include "server/engine_seat.h"

namespace citadel::server {

class SearchChooser final : public MoveChooser {
  public:
    std::string      choose(const EngineRequest& request, const std::atomic<bool>& stop) override;
    PositionAnalysis analyse(
        const EngineRequest& request, uint64_t nodes, Interrupt& interrupt) override;
    EngineAnswer decide(const EngineRequest& request, const EngineQuestion& question,
        const std::atomic<bool>& stop) override;
};

// The Four Kingdoms half (search_chooser_fk.cpp).
std::string      choose_four_kingdoms(const EngineRequest& request, const std::atomic<bool>& stop);
PositionAnalysis analyse_four_kingdoms(
    const EngineRequest& request, uint64_t nodes, Interrupt& interrupt);
EngineAnswer decide_four_kingdoms(
    const EngineRequest& request, const EngineQuestion& question, const std::atomic<bool>& stop);

// ---- decisions that are not moves (docs/server.md, "Engine seats' decisions") ----
// Each is judged by a short search at the seat's own level (its depth and node limits, so a
// weak level judges as shallowly as it plays) of at most kDecisionNodes nodes: a few
// hundredths of a second, so the game, which waits for the answer, hardly notices.
inline constexpr uint64_t kDecisionNodes = 20000;
search::Limits            decision_limits();
search::Options           decision_options(const EngineRequest& request); // the seat's, small table
// Two-player variants: the seat accepts a draw when it expects no better than a draw from play,
// that is when its search scores the position at most kDrawMargin centipawns in its favour (a
// quarter of a pawn or less is within the evaluation's noise of equal); a mate found against it
// accepts, one found for it declines. `score` is the search's, from the view of the side to move;
// `seat_to_move`: the seat asked is that side. Early in a game (`game_ply`, counted from the
// position's move number, below kDrawEarlyPlies: the first 20 moves) a level position is still
// all to play for: only a seat behind by more than kDrawMargin accepts then, as a person would.
inline constexpr int kDrawMargin = 25, kDrawEarlyPlies = 40;
bool                 accepts_draw(const search::Score& score, bool seat_to_move, int game_ply);

// Analysis: full strength, one thread, a fresh table, no randomness, `nodes` nodes and no
// clock, so the same position always gets the same answer.
search::Options         analysis_options();
search::Limits          analysis_limits(uint64_t nodes);
inline constexpr size_t kAnalysisLine = 8; // plies of the best line given in SAN

// Runs engine.search(game, limits) so that `interrupt` stops it; the result, or nothing if it
// was interrupted (a partial search is not deterministic, so it is thrown away).
template <class Engine, class Game>
std::optional<search::Result> interruptible_search(
    Engine& engine, const Game& game, const search::Limits& limits, Interrupt& interrupt) {
    interrupt.install([&engine] { engine.stop(); });
    std::optional<search::Result> result;
    if (!interrupt.requested()) // a stop() before search() begins is forgotten: look between
        result = engine.search(game, limits, [&](const search::Info&) { // iterations too
            if (interrupt.requested()) engine.stop();
        });
    interrupt.clear();
    if (interrupt.requested()) return std::nullopt;
    return result;
}

// Both halves' analysis of a position still in play: a fresh full-strength search of `nodes`
// nodes, its score, its line in SAN (`play_san(move)` plays a move of the line on `game`
// and gives its SAN, or nothing where the line stops being playable) and its first move's UCI
// text (`to_uci`).
template <class Engine, class Game, class PlaySan, class ToUci>
PositionAnalysis analyse_in_play(Game& game, uint64_t nodes, Interrupt& interrupt,
    PositionAnalysis out, PlaySan&& play_san, ToUci&& to_uci) {
    Engine engine(analysis_options());
    auto   result = interruptible_search(engine, game, analysis_limits(nodes), interrupt);
    if (!result) {
        out.status = PositionAnalysis::Status::Interrupted;
        return out;
    }
    if (result->lines.empty() || result->best.is_none()) return out;
    const search::Line& line = result->lines.front();
    out.mate                 = line.score.mate;
    out.value                = line.score.value;
    out.best_move            = to_uci(result->best);
    for (Move m : line.pv) {
        if (out.best.size() >= kAnalysisLine) break;
        std::optional<std::string> san = play_san(m);
        if (!san) break;
        out.best.push_back(std::move(*san));
    }
    out.status = PositionAnalysis::Status::Done;
    return out;
}

// Shared by both halves: the engine's options at the seat's level, and its time: the seats'
// clocks when the game has one (the search's own time management), else the request's budget.
search::Options engine_seat_options(const EngineRequest& request);
search::Limits  engine_seat_limits(const EngineRequest& request);

} // namespace citadel::server
