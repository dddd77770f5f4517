// Post-game analysis (docs/server.md, GET /api/games/{id}/analysis): the engine's judgement of
// every position of a finished game and its best line there, computed once and kept in
// Storage. The work runs on the EnginePool as background jobs, one position per job, so a seat
// that must think never waits behind it; each position gets a fixed node budget, so the answer
// is the same however often, wherever and after whatever interruptions it is computed. A few
// games are analysed at once, a few more wait their turn, and more are refused (analysis_busy).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/engine_seat.h"
#include "server/reply.h"
#include "server/storage.h"

namespace citadel::server {

// What analysing a finished game needs, taken from it once.
struct AnalysisInput {
    std::string              variant, start_fen;
    std::vector<std::string> moves; // UCI texts, in order
    // fens[k]: the position in which move k+1 was played (after any actions before it), and
    // fens[moves.size()] the last one; moves.size() + 1 entries.
    std::vector<std::string> fens;
};

// Node budgets per position: enough for the engine's judgement to settle at the depths that
// matter for a mistake (chess: depth 8-9), small enough that an 80-ply game takes seconds.
struct AnalysisLimits {
    uint64_t nodes_orthodox  = 50000; // chess, silverman, pawnrace
    uint64_t nodes_tamerlane = 20000; // 11x10 and many more pieces: slower nodes
    uint64_t nodes_four      = 6000; // Four Kingdoms: four armies on 14x14
    size_t   running         = 2; // games analysed at once
    size_t   waiting         = 16; // games waiting their turn; more are refused
    size_t   remembered      = 64; // finished answers kept in memory (the rest in storage)
};

class Analyses {
  public:
    Analyses(Storage& storage, EnginePool& engines, AnalysisLimits limits = {});
    ~Analyses(); // jobs still running finish their position and then stop
    Analyses(const Analyses&)            = delete;
    Analyses& operator=(const Analyses&) = delete;

    // The analysis of finished game `id`: 200 with it once computed; else 202
    // {"status": "pending", "done", "total", "ahead"}, the first request starting it (with
    // `input()`, called only then); 503 analysis_busy when too many games wait already.
    Reply request(const std::string& id, const std::function<AnalysisInput()>& input);

    // How analyses are computed (the search and node budgets), the key they are stored under.
    std::string settings() const;

    struct Core;

  private:
    std::shared_ptr<Core> core_;
};

} // namespace citadel::server
