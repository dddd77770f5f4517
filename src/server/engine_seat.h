// Engine seats: the seam between the game service and whatever chooses the engine's moves and
// its decisions that are not moves (a draw offer, an alliance). A MoveChooser answers one request
// synchronously on a worker thread of an EnginePool, never on the network threads, so a thinking
// engine delays no other game. The search library implements MoveChooser (search_chooser.h).
// The pool also runs background work (post-game analysis, analysis.h) at a lower priority: only
// when no seat's request waits, and cut short when one arrives, so a thinking seat never waits
// behind it.
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
    int seat  = 0;
    int level = 0; // 0-20 (the search's Options::skill)
    // The game's own number (from its id): a weak level chooses among its candidates by it and
    // the ply, so that it plays differently from game to game and the same again in one game.
    uint64_t             game_seed = 0;
    int64_t              budget_ms = 1000; // time to think, from the seat's clock
    std::vector<int64_t> clock_ms; // each seat's remaining time (empty: untimed)
    int64_t              increment_ms = 0;
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
    int  to_move                                           = 0; // the seat to move
    bool end     = false; // no move: the game is over in this position
    int  outcome = 0; // with end: +1 won, 0 drawn, -1 lost, for the first seat (White; East's
                     // team); 0 in free-for-all Four Kingdoms
    bool mate  = false; // value is moves to mate (> 0: the side to move mates)
    int  value = 0; // centipawns, the side to move's (team's) view; free-for-all Four Kingdoms:
                   // the mover's expected points less one, in search::FkPoint units
    std::vector<std::string> best; // the engine's line from here, SAN
    std::string              best_move; // the line's first move, UCI text (for a client to draw it)
};

// A question to an engine seat that is not a move (docs/server.md, "Engine seats' decisions").
struct EngineQuestion {
    enum class Kind {
        AcceptDraw, // another player's draw offer stands: join it (accept) or not
        AcceptAlliance, // Four Kingdoms: `proposer` proposed an alliance to the seat
        ProposeAlliance, // Four Kingdoms, the seat to move: propose to one of `partners`?
    } kind
        = Kind::AcceptDraw;
    int              proposer = -1;
    std::vector<int> partners; // the seats the rules let it ally with now, not yet proposed to
};

// The answer: yes or no; ProposeAlliance: yes and the seat to propose to (`with`).
struct EngineAnswer {
    bool yes  = false;
    int  with = -1;
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
    virtual PositionAnalysis analyse(
        const EngineRequest& request, uint64_t nodes, Interrupt& interrupt) {
        (void)request, (void)nodes, (void)interrupt;
        return {};
    }
    // The seat's answer to `question` in the position of `request` (`request.seat` is the seat
    // asked); it should be quick (a short search) and return promptly once `stop` is set. The
    // default chooser says no to everything.
    virtual EngineAnswer decide(const EngineRequest& request, const EngineQuestion& question,
        const std::atomic<bool>& stop) {
        (void)request, (void)question, (void)stop;
        return {};
    }
};

// Background work for the pool's spare time: it returns false when `interrupt` cut it short
// (a seat's request came, or the pool stops); it is then run again later from the start, so
// what it does must not depend on having been interrupted. It should be short (a fraction of a
// second): a job already cut short `EnginePool::MaxInterruptions` times runs to its end.
using BackgroundJob = std::function<bool(MoveChooser&, Interrupt&)>;

// A small pool of worker threads running a chooser's requests: questions first (they are short,
// and the game waits for them), then moves in arrival order, and background jobs when nothing
// else waits.
class EnginePool {
  public:
    // A seat's request interrupts a background job at most this often; then the job is let
    // finish, or engines that never rest (a game of engines only) would starve it for good.
    static constexpr int MaxInterruptions = 2;

    EnginePool(std::unique_ptr<MoveChooser> chooser, int threads);
    ~EnginePool() { stop(); }
    // Stops the chooser and joins the workers (once): pending requests are dropped, and no
    // `done` is called after it returns.
    void stop();
    EnginePool(const EnginePool&)            = delete;
    EnginePool& operator=(const EnginePool&) = delete;

    // Queues a request; `done` is called on a worker thread with the chosen move ("" = none).
    // If every worker is busy with background work, one of those jobs is interrupted.
    void submit(EngineRequest request, std::function<void(std::string)> done);
    // Queues a question ahead of every move request; `done` is called on a worker thread with
    // the answer (no, if the chooser failed).
    void submit_question(
        EngineRequest request, EngineQuestion question, std::function<void(EngineAnswer)> done);
    // Queues background work behind every request (and behind earlier background work). If
    // every worker is busy, a request interrupts a job that has been cut short fewer than
    // MaxInterruptions times (the job goes first again).
    void submit_background(BackgroundJob job);

  private:
    // A seat's request, bound to its callback: run on a worker with the chooser and the stop.
    using SeatTask = std::function<void(MoveChooser&, const std::atomic<bool>&)>;
    void queue_seat_task(SeatTask task, bool first);
    void work(size_t index);

    std::unique_ptr<MoveChooser> chooser_;
    std::mutex                   mutex_;
    std::condition_variable      ready_;
    std::deque<SeatTask>         queue_; // questions, then move requests
    size_t                       questions_ = 0; // how many of queue_'s first tasks are questions
    struct Background {
        BackgroundJob job;
        int           interruptions = 0; // how often a seat's request has cut it short
    };
    struct Running {
        std::unique_ptr<Interrupt> interrupt; // null if the worker runs no background job
        bool                       yields = false; // a seat's request may interrupt it
    };
    std::deque<Background>   background_;
    std::atomic<bool>        stop_{ false };
    int                      idle_ = 0;
    std::vector<Running>     running_background_; // per worker
    std::vector<std::thread> workers_;
};

} // namespace citadel::server
