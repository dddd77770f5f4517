// A UCI engine driven by a match: started in a child process, its options set, asked for moves
// under clocks or fixed limits. Knows no rules: positions and moves are text. A hung engine
// answers Timeout at the deadline, a dead one Crashed; either way the process is stopped and
// the next start() restarts it.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "match/child_process.h"

namespace citadel::match {

// An engine as the command line names it.
struct EngineSpec {
    std::string                                      name;
    std::vector<std::string>                         argv; // argv[0]: "builtin:greedy" ...
    std::vector<std::pair<std::string, std::string>> options; // setoption, in order
    bool builtin() const { return !argv.empty() && argv[0].starts_with("builtin:"); }
};

// What `go` says: fixed limits and/or the clocks (milliseconds).
struct GoLimits {
    long long   nodes = 0;
    int         depth = 0;
    bool        clock = false;
    long long   wtime = 0, btime = 0, winc = 0, binc = 0;
    std::string command() const; // "go depth 1", "go wtime 10000 btime ..."
};

// A move as a player answered it.
struct Reply {
    enum class Status { Move, Timeout, Crashed };
    Status             status = Status::Move;
    std::string        move; // the text after "bestmove" ("(none)", "0000" included)
    std::optional<int> score; // centipawns from the mover's side; mates as +-(30000 - n)
    int                depth = 0; // the last info depth
    std::string        detail; // Crashed: how the process ended
};

class UciEngine {
  public:
    explicit UciEngine(EngineSpec spec)
        : spec_(std::move(spec)) { }
    ~UciEngine() { stop(); }

    const EngineSpec& spec() const { return spec_; }
    bool              running() const { return process_.running(); }

    // Starts the process if it is not running: uci, the options, UCI_Variant (unless chess),
    // isready. False with `error` naming what failed.
    bool start(const std::string& variant, std::string& error);
    // ucinewgame and isready (starting the process first if needed).
    bool new_game(const std::string& variant, std::string& error);
    // Sends `position` and `go`, waits for bestmove until `deadline`.
    Reply go(const std::string& position, const GoLimits& limits, Deadline deadline);
    // Sends quit and stops the process (killing it if it does not exit).
    void stop();

  private:
    // Reads until a line equal to (or starting with "token ") `token`; false on timeout or
    // exit, with `error` saying which.
    bool wait_for(const std::string& token, Deadline deadline, std::string& error,
        std::vector<std::string>* seen = nullptr);

    EngineSpec               spec_;
    ChildProcess             process_;
    std::vector<std::string> option_names_; // from the engine's `option name ...` lines
};

// Parses an `info` line's score: "score cp 31" -> 31, "score mate -3" -> -29997.
std::optional<int> info_score(const std::string& line);

} // namespace citadel::match
