// The time of a timed game (server.md "Lasting"). Clocks start with the first move (the first
// mover's first move is not timed); the running seat's time is `left` less the time since `since`.
#pragma once

#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "game/turn.h"

namespace citadel::server {

struct GameClock {
    using Steady = std::chrono::steady_clock;

    bool                 on           = false;
    int64_t              initial_ms   = 0;
    int64_t              increment_ms = 0;
    std::vector<int64_t> left;
    int                  running = -1;
    Steady::time_point   since;

    int64_t left_now(int seat, Steady::time_point now) const {
        int64_t l = left[size_t(seat)];
        if (seat == running)
            l -= std::chrono::duration_cast<std::chrono::milliseconds>(now - since).count();
        return l;
    }
    void settle(Steady::time_point now) {
        if (running >= 0) left[size_t(running)] = left_now(running, now);
        since = now;
    }
    // After a step: the clock of the player to move runs, none before the first move or after
    // the end.
    void restart(const Turn& turn, Steady::time_point now) {
        if (!on) return;
        settle(now);
        running = turn.over() || turn.ply == 0 ? -1 : turn.to_move;
        since   = now;
    }
    // {"white": ms, "black": ms, "running": "white" | null, "initial_ms", "increment_ms"}, or
    // null for an untimed game.
    nlohmann::json to_json(int seats, Steady::time_point now) const {
        if (!on) return nullptr;
        nlohmann::json c = nlohmann::json::object();
        for (int s = 0; s < seats; ++s)
            c[std::string(seat_name(Seat(s), seats))] = std::max<int64_t>(0, left_now(s, now));
        c["running"]      = running >= 0 ? nlohmann::json(seat_name(Seat(running), seats))
                                         : nlohmann::json(nullptr);
        c["initial_ms"]   = initial_ms;
        c["increment_ms"] = increment_ms;
        return c;
    }
};

} // namespace citadel::server
