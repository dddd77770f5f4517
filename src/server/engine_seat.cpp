#include "server/engine_seat.h"

namespace citadel::server {

EnginePool::EnginePool(std::unique_ptr<MoveChooser> chooser, int threads)
    : chooser_(std::move(chooser)) {
    for (int i = 0; i < std::max(1, threads); ++i) workers_.emplace_back([this] { work(); });
}

EnginePool::~EnginePool() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
        queue_.clear();
    }
    ready_.notify_all();
    for (auto& t : workers_) t.join();
}

void EnginePool::submit(EngineRequest request, std::function<void(std::string)> done) {
    {
        std::lock_guard lock(mutex_);
        if (stop_) return;
        queue_.emplace_back(std::move(request), std::move(done));
    }
    ready_.notify_one();
}

void EnginePool::work() {
    for (;;) {
        std::pair<EngineRequest, std::function<void(std::string)>> job;
        {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [&] { return stop_ || !queue_.empty(); });
            if (stop_) return;
            job = std::move(queue_.front());
            queue_.pop_front();
        }
        std::string move;
        try {
            move = chooser_->choose(job.first, stop_);
        } catch (...) {
            move.clear(); // a failing chooser plays nothing; the seat's clock decides
        }
        job.second(move);
    }
}

} // namespace citadel::server
