#include "server/search_chooser.h"

#include <algorithm>
#include <limits>

#include "game/game.h"
#include "notation/uci_move.h"
#include "search/engine.h"
#include "variants/registry.h"

namespace citadel::server {

namespace {

constexpr size_t kHashMb = 8; // per thinking seat: enough for a few seconds of search

int clamp_ms(int64_t ms) { return int(std::clamp<int64_t>(ms, 0, std::numeric_limits<int>::max())); }

template <class V>
std::string choose_with_search(const EngineRequest& request, const std::atomic<bool>& stop) {
    Game<V> game;
    if (game.load_fen(request.start_fen)) return "";
    for (const std::string& text : request.moves) {
        auto m = find_uci_move(game.position(), text);
        if (!m || !game.play(*m)) return "";
    }
    if (game.legal_moves().size() == 0) return "";

    search::Options options;
    options.hash_mb = kHashMb;
    options.skill   = std::clamp(request.level, 0, 20);
    options.seed    = u64(request.moves.size()); // a level's choices vary from move to move
    search::Engine<V> engine(options);

    search::Limits limits;
    if (request.clock_ms.size() == size_t(V::Seats)) {
        for (int s = 0; s < V::Seats; ++s) {
            limits.time_ms[s] = clamp_ms(request.clock_ms[size_t(s)]);
            limits.inc_ms[s]  = clamp_ms(request.increment_ms);
        }
    } else
        limits.movetime_ms = clamp_ms(request.budget_ms);
    // The pool's stop (server shutdown) is seen between iterations.
    auto result = engine.search(game, limits, [&](const search::Info&) {
        if (stop) engine.stop();
    });
    return result.best.is_none() ? "" : move_to_uci<V>(result.best);
}

} // namespace

std::string SearchChooser::choose(const EngineRequest& request, const std::atomic<bool>& stop) {
    if (request.variant == FourKingdoms::Name || request.variant == FourKingdomsTeams::Name)
        return four_kingdoms_.choose(request, stop);
    std::string move;
    with_variant(request.variant, [&]<class V>(VariantTag<V>) {
        if constexpr (V::Seats == 2) move = choose_with_search<V>(request, stop);
    });
    return move;
}

} // namespace citadel::server
