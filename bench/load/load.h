// The load client of citadel_load (docs/server.md, "Load"): N games at once against a running
// `citadel serve`, two players per game, each on its own WebSocket, every player moving (a random
// legal move from the server's `legal_moves`) after a paced think time. It measures what the
// issue asks: games held at once, moves per second and the move round trip (the move sent until
// the mover's own `move` broadcast arrives).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace citadel::load {

struct LoadOptions {
    std::string    host       = "127.0.0.1";
    unsigned short port       = 0;
    std::string    variant    = "chess";
    int            games      = 1000; // games held at once (a finished game is replaced)
    double         seconds    = 60; // the whole run, set-up included
    double         think      = 1.0; // mean seconds a player waits before moving (uniform 0..2x)
    int            moves      = 0; // plies per game before it is replaced; 0: until it ends
    int            threads    = 1; // the client's Asio threads
    double         ramp       = 0; // seconds over which the games are created (0: games / 500)
    uint64_t       seed       = 1;
    int            server_pid = 0; // if known (a local server): its CPU use is reported
};

// Distribution of a sample in microseconds.
struct Percentiles {
    size_t  count = 0;
    int64_t p50 = 0, p90 = 0, p99 = 0, p999 = 0, max = 0;
};
Percentiles percentiles(std::vector<int64_t> sample_us);

struct LoadReport {
    double      window_s     = 0; // the measured window (after every game is set up)
    int         target_games = 0;
    int         held_min = 0, held_max = 0; // games live at once, sampled each second
    size_t      moves = 0; // own moves acknowledged within the window
    Percentiles round_trip; // move sent -> own broadcast, within the window
    Percentiles loop_lag; // the client's own event-loop lateness (part of every round trip)
    double      client_cpu = 0, server_cpu = 0; // cores busy in the window (1.0 = one core)
    int         games_created = 0, games_finished = 0;
    std::map<std::string, int> errors; // error codes from the server, and connection failures
};

// Runs the load against host:port for options.seconds; blocks until done.
LoadReport run_load(const LoadOptions& options);

} // namespace citadel::load
