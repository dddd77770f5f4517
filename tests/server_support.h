// Shared by the server's route tests: an engine that never moves, for a GameService whose tests
// play no engine seat.
#pragma once

#include <atomic>
#include <string>

#include "server/engine_seat.h"

namespace citadel::server {

struct IdleChooser final : MoveChooser {
    std::string  choose(const EngineRequest&, const std::atomic<bool>&) override { return ""; }
    EngineAnswer decide(
        const EngineRequest&, const EngineQuestion&, const std::atomic<bool>&) override {
        return {};
    }
};

} // namespace citadel::server
