// Engine seats: the seam between the game service and whatever chooses the engine's moves.
// A MoveChooser answers one request synchronously on a worker thread of an EnginePool, never on
// the network threads, so a thinking engine delays no other game. The search library
// implements MoveChooser (search_chooser.h).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace citadel::server {

// Everything a chooser needs to rebuild the game: it gets no reference into the live game.
struct EngineRequest {
    std::string              variant;
    std::string              start_fen;
    std::vector<std::string> moves; // UCI texts, in order
    std::string              fen; // the position now (Four Kingdoms: actions such as a
                                  // resignation change it too, so the moves alone do not tell)
    int                      seat      = 0;
    int                      level     = 0; // 0-20 (the search's Options::skill)
    int64_t                  budget_ms = 1000; // time to think, from the seat's clock
    std::vector<int64_t>     clock_ms; // each seat's remaining time (empty: untimed)
    int64_t                  increment_ms = 0;
};

class MoveChooser {
  public:
    virtual ~MoveChooser() = default;
    // The move (UCI text) to play, or "" if there is none; should return within the budget, and
    // promptly once `stop` is set.
    virtual std::string choose(const EngineRequest& request, const std::atomic<bool>& stop) = 0;
};

// A small pool of worker threads running a chooser's requests in arrival order.
class EnginePool {
  public:
    EnginePool(std::unique_ptr<MoveChooser> chooser, int threads);
    ~EnginePool(); // stops the chooser and joins the workers; pending requests are dropped
    EnginePool(const EnginePool&)            = delete;
    EnginePool& operator=(const EnginePool&) = delete;

    // Queues a request; `done` is called on a worker thread with the chosen move ("" = none).
    void submit(EngineRequest request, std::function<void(std::string)> done);

  private:
    void work();

    std::unique_ptr<MoveChooser>                                           chooser_;
    std::mutex                                                             mutex_;
    std::condition_variable                                                ready_;
    std::deque<std::pair<EngineRequest, std::function<void(std::string)>>> queue_;
    std::atomic<bool>                                                      stop_{ false };
    std::vector<std::thread>                                               workers_;
};

} // namespace citadel::server
