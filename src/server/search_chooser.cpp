#include "server/search_chooser.h"
#include "search/skill.h"

#include <algorithm>
#include <limits>

#include "game/game.h"
#include "notation/san.h"
#include "notation/uci_move.h"
#include "search/engine.h"
#include "variants/registry.h"

namespace citadel::server {

namespace {

// The game of `request` rebuilt from its start and moves; false if it cannot be.
template <class V> bool rebuild_game(const EngineRequest& request, Game<V>& game) {
    if (game.load_fen(request.start_fen)) return false;
    for (const std::string& text : request.moves) {
        auto m = find_uci_move(game.position(), text);
        if (!m || !game.play(*m)) return false;
    }
    return true;
}

template <class V>
std::string choose_with_search(const EngineRequest& request, const std::atomic<bool>& stop) {
    Game<V> game;
    if (!rebuild_game(request, game) || game.legal_moves().size() == 0) return "";

    search::Engine<V> engine(engine_seat_options(request));
    search::Limits    limits = engine_seat_limits(request);
    // The pool's stop (server shutdown) is seen between iterations.
    auto result = engine.search(game, limits, [&](const search::Info&) {
        if (stop) engine.stop();
    });
    return result.best.is_none() ? "" : move_to_uci<V>(result.best);
}

// Whether the seat of `request` accepts the draw offered to it (accepts_draw).
template <class V> bool judge_draw(const EngineRequest& request, const std::atomic<bool>& stop) {
    Game<V> game;
    if (!rebuild_game(request, game) || game.outcome().over() || game.legal_moves().size() == 0)
        return false;
    search::Engine<V> engine(decision_options(request));
    auto              result = engine.search(game, decision_limits(), [&](const search::Info&) {
        if (stop) engine.stop();
    });
    // A search stopped before its first iteration has no judgement (its score 0 is no draw).
    if (stop || result.lines.empty() || result.lines.front().depth == 0) return false;
    return accepts_draw(result.lines.front().score,
        game.position().side_to_move() == Seat(request.seat), game.position().game_ply());
}

template <class V>
PositionAnalysis analyse_with_search(
    const EngineRequest& request, uint64_t nodes, Interrupt& interrupt) {
    PositionAnalysis out; // Failed until it is done
    Game<V>          game;
    if (!rebuild_game(request, game)) return out;
    out.to_move = game.position().side_to_move();
    if (game.outcome().over()) { // ended by the rules here (mate, stalemate, race, ...)
        const auto& o = game.outcome();
        out.status    = PositionAnalysis::Status::Done;
        out.end       = true;
        out.outcome   = o.kind != Outcome::Kind::Win ? 0 : o.winner == White ? 1 : -1;
        return out;
    }
    return analyse_in_play<search::Engine<V>>(
        game, nodes, interrupt, std::move(out),
        [&](Move m) -> std::optional<std::string> {
            if (!game.legal_moves().contains(m)) return std::nullopt;
            std::string san = to_san(game.position(), m);
            game.play(m);
            return san;
        },
        [](Move m) { return move_to_uci<V>(m); });
}

} // namespace

search::Options analysis_options() {
    search::Options options;
    options.hash_mb = 4; // plenty for a search of some ten thousand nodes
    options.threads = 1;
    options.skill   = 20;
    options.seed    = 0;
    return options;
}

search::Limits analysis_limits(uint64_t nodes) {
    search::Limits limits;
    limits.nodes = nodes;
    return limits;
}

PositionAnalysis SearchChooser::analyse(
    const EngineRequest& request, uint64_t nodes, Interrupt& interrupt) {
    if (request.variant == FourKingdoms::Name || request.variant == FourKingdomsTeams::Name)
        return analyse_four_kingdoms(request, nodes, interrupt);
    PositionAnalysis out;
    with_variant(request.variant, [&]<class V>(VariantTag<V>) {
        if constexpr (V::Seats == 2) out = analyse_with_search<V>(request, nodes, interrupt);
    });
    return out;
}

search::Limits decision_limits() {
    search::Limits limits;
    limits.nodes = kDecisionNodes;
    return limits;
}

search::Options decision_options(const EngineRequest& request) {
    search::Options options = engine_seat_options(request);
    options.hash_mb         = 1; // ample for kDecisionNodes
    return options;
}

bool accepts_draw(const search::Score& score, bool seat_to_move, int game_ply) {
    const int seat_view = seat_to_move ? score.value : -score.value;
    if (score.mate) return seat_view < 0; // mated: take the draw; mating: play on
    return game_ply < kDrawEarlyPlies ? seat_view < -kDrawMargin : seat_view <= kDrawMargin;
}

EngineAnswer SearchChooser::decide(
    const EngineRequest& request, const EngineQuestion& question, const std::atomic<bool>& stop) {
    if (request.variant == FourKingdoms::Name || request.variant == FourKingdomsTeams::Name)
        return decide_four_kingdoms(request, question, stop);
    EngineAnswer answer; // two players: only draws to decide (alliances are Four Kingdoms')
    if (question.kind != EngineQuestion::Kind::AcceptDraw) return answer;
    with_variant(request.variant, [&]<class V>(VariantTag<V>) {
        if constexpr (V::Seats == 2) answer.yes = judge_draw<V>(request, stop);
    });
    return answer;
}

search::Options engine_seat_options(const EngineRequest& request) {
    search::Options options;
    options.hash_mb = 8; // per thinking seat: enough for a few seconds of search
    options.skill   = std::clamp(request.level, 0, 20);
    // A weak level's choices vary from move to move and from game to game.
    options.seed = search::mix64(request.game_seed) ^ u64(request.moves.size());
    return options;
}

search::Limits engine_seat_limits(const EngineRequest& request) {
    auto ms
        = [](int64_t v) { return int(std::clamp<int64_t>(v, 0, std::numeric_limits<int>::max())); };
    search::Limits limits;
    if (!request.clock_ms.empty()) {
        for (size_t s = 0; s < request.clock_ms.size() && s < 4; ++s) {
            limits.time_ms[s] = ms(request.clock_ms[s]);
            limits.inc_ms[s]  = ms(request.increment_ms);
        }
    } else
        limits.movetime_ms = ms(request.budget_ms);
    return limits;
}

std::string SearchChooser::choose(const EngineRequest& request, const std::atomic<bool>& stop) {
    if (request.variant == FourKingdoms::Name || request.variant == FourKingdomsTeams::Name)
        return choose_four_kingdoms(request, stop);
    std::string move;
    with_variant(request.variant, [&]<class V>(VariantTag<V>) {
        if constexpr (V::Seats == 2) move = choose_with_search<V>(request, stop);
    });
    return move;
}

} // namespace citadel::server
