// The engine seats' moves, chosen by the search library at the seat's level, with the seat's
// clock (or, untimed, the request's budget) as its time: the two-player variants by
// citadel::search::Engine<V>, Four Kingdoms by FourKingdomsEngine<V> (search_chooser_fk.cpp: its
// headers and the two-player ones are kept in separate files). A fresh engine per request:
// requests of many games interleave on the pool's workers, so no table is kept between them.
#pragma once

#include "search/types.h"
#include "server/engine_seat.h"

namespace citadel::server {

class SearchChooser final : public MoveChooser {
  public:
    std::string choose(const EngineRequest& request, const std::atomic<bool>& stop) override;
};

// The Four Kingdoms half (search_chooser_fk.cpp).
std::string choose_four_kingdoms(const EngineRequest& request, const std::atomic<bool>& stop);

// Shared by both halves: the engine's options at the seat's level, and its time: the seats'
// clocks when the game has one (the search's own time management), else the request's budget.
search::Options engine_seat_options(const EngineRequest& request);
search::Limits  engine_seat_limits(const EngineRequest& request);

} // namespace citadel::server
