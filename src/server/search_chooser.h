// The engine seats' moves, chosen by the search library: the two-player variants by
// citadel::search::Engine<V> at the seat's level, with the seat's clock (or, untimed, the
// request's budget) as its time. A fresh Engine per request: requests of many games interleave
// on the pool's workers, so no table is kept between them.
#pragma once

#include "server/engine_seat.h"

namespace citadel::server {

class SearchChooser final : public MoveChooser {
  public:
    std::string choose(const EngineRequest& request, const std::atomic<bool>& stop) override;

  private:
    PlaceholderChooser four_kingdoms_; // until the Four Kingdoms search lands (issue 9)
};

} // namespace citadel::server
