#include "notation/uci_move.h"
#include "search/fourkingdoms_search.h"
#include "server/search_chooser.h"

namespace citadel::server {

namespace {

template <class V>
std::string choose_with(const EngineRequest& request, const std::atomic<bool>& stop) {
    FourKingdomsGame<V> game; // from the position now: resignations and alliances shape it too
    if (game.load_fen(request.fen) || game.legal_moves().size() == 0) return "";

    search::FourKingdomsEngine<V> engine(engine_seat_options(request));
    search::Limits                limits = engine_seat_limits(request);
    auto result = engine.search(game, limits, [&](const search::Info&) {
        if (stop) engine.stop(); // the pool's stop (server shutdown), seen between iterations
    });
    return result.best.is_none() ? "" : move_to_uci<V>(result.best);
}

} // namespace

std::string choose_four_kingdoms(const EngineRequest& request, const std::atomic<bool>& stop) {
    return request.variant == FourKingdomsTeams::Name ? choose_with<FourKingdomsTeams>(request, stop)
                                                       : choose_with<FourKingdoms>(request, stop);
}

} // namespace citadel::server
