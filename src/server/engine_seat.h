// Engine seats: the seam between the game service and whatever chooses the engine's moves.
// A MoveChooser answers one request synchronously on a worker thread of an EnginePool, never on
// the network threads, so a thinking engine delays no other game. The search library
// implements MoveChooser (search_chooser.h). The pool also runs background work (post-game
// analysis, analysis.h) at a lower priority: only when no seat's request waits, and cut short
// when one arrives, so a thinking seat never waits behind it.
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

// Lets work on a worker thread be cut short from another thread. The work installs a stop
// function while it runs (the search's stop()); request() calls it and is remembered, so a
// request made before the work installed it is seen by its next look at requested().
class Interrupt {
  public:
    void request();
    bool requested() const { return requested_.load(); }
    void install(std::function<void()> stop);
    void clear();

  private:
    std::mutex            mutex_;
    std::atomic<bool>     requested_{ false };
    std::function<void()> stop_;
};

// The engine's judgement of one position: a search with a fixed node budget at full strength.
struct PositionAnalysis {
    enum class Status { Done, Interrupted, Failed } status = Status::Failed;
    int  to_move = 0; // the seat to move
    bool end     = false; // no move: the game is over in this position
    int  outcome = 0; // with end: +1 won, 0 drawn, -1 lost, for the first seat (White; East's
                      // team); 0 in free-for-all Four Kingdoms
    bool mate  = false; // value is moves to mate (> 0: the side to move mates)
    int  value = 0; // centipawns, the side to move's (team's) view; free-for-all Four Kingdoms:
                    // the mover's expected points less one, in search::FkPoint units
    std::vector<std::string> best; // the engine's line from here, SAN
};

class MoveChooser {
  public:
    virtual ~MoveChooser() = default;
    // The move (UCI text) to play, or "" if there is none; should return within the budget, and
    // promptly once `stop` is set.
    virtual std::string choose(const EngineRequest& request, const std::atomic<bool>& stop) = 0;
    // The position of `request` (its fen; two-player variants: start_fen and moves) searched for
    // `nodes` nodes. Interrupted (and worthless) once `interrupt` is requested. The default
    // chooser analyses nothing.
    virtual PositionAnalysis analyse(const EngineRequest& request, uint64_t nodes, Interrupt& interrupt) {
        (void)request, (void)nodes, (void)interrupt;
        return {};
    }
};

// Background work for the pool's spare time: it returns false when `interrupt` cut it short
// (a seat's request came, or the pool stops); it is then run again later from the start, so
// what it does must not depend on having been interrupted.
using BackgroundJob = std::function<bool(MoveChooser&, Interrupt&)>;

// A small pool of worker threads running a chooser's requests in arrival order, and background
// jobs when no request waits.
class EnginePool {
  public:
    EnginePool(std::unique_ptr<MoveChooser> chooser, int threads);
    ~EnginePool(); // stops the chooser and joins the workers; pending requests are dropped
    EnginePool(const EnginePool&)            = delete;
    EnginePool& operator=(const EnginePool&) = delete;

    // Queues a request; `done` is called on a worker thread with the chosen move ("" = none).
    // If every worker is busy with background work, one of those jobs is interrupted.
    void submit(EngineRequest request, std::function<void(std::string)> done);
    // Queues background work behind every request (and behind earlier background work).
    void submit_background(BackgroundJob job);

  private:
    void work(size_t index);

    std::unique_ptr<MoveChooser>                                           chooser_;
    std::mutex                                                             mutex_;
    std::condition_variable                                                ready_;
    std::deque<std::pair<EngineRequest, std::function<void(std::string)>>> queue_;
    std::deque<BackgroundJob>                                              background_;
    std::atomic<bool>                                                      stop_{ false };
    int                                                                    idle_ = 0;
    std::vector<std::unique_ptr<Interrupt>> running_background_; // per worker; null if none
    std::vector<std::thread>                                     workers_;
};

} // namespace citadel::server
