#include "server/engine_seat.h"

namespace citadel::server {

void Interrupt::request() {
    std::lock_guard lock(mutex_);
    requested_ = true;
    if (stop_) stop_();
}

void Interrupt::install(std::function<void()> stop) {
    std::lock_guard lock(mutex_);
    stop_ = std::move(stop);
}

void Interrupt::clear() {
    std::lock_guard lock(mutex_);
    stop_ = nullptr;
}

EnginePool::EnginePool(std::unique_ptr<MoveChooser> chooser, int threads)
    : chooser_(std::move(chooser)) {
    const int n = std::max(1, threads);
    running_background_.resize(size_t(n));
    for (int i = 0; i < n; ++i) workers_.emplace_back([this, i] { work(size_t(i)); });
}

void EnginePool::stop() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
        queue_.clear();
        questions_ = 0;
        background_.clear();
        for (auto& running : running_background_)
            if (running.interrupt) running.interrupt->request();
    }
    ready_.notify_all();
    for (auto& t : workers_)
        if (t.joinable()) t.join();
}

void EnginePool::submit(EngineRequest request, std::function<void(std::string)> done) {
    queue_seat_task(
        [request = std::move(request), done = std::move(done)](
            MoveChooser& chooser, const std::atomic<bool>& stop) {
            std::string move;
            try {
                move = chooser.choose(request, stop);
            } catch (...) {
                move.clear(); // a failing chooser plays nothing; the seat's clock decides
            }
            done(move);
        },
        false);
}

void EnginePool::submit_question(
    EngineRequest request, EngineQuestion question, std::function<void(EngineAnswer)> done) {
    queue_seat_task(
        [request = std::move(request), question = std::move(question), done = std::move(done)](
            MoveChooser& chooser, const std::atomic<bool>& stop) {
            EngineAnswer answer;
            try {
                answer = chooser.decide(request, question, stop);
            } catch (...) {
                answer = {}; // a failing chooser says no
            }
            done(answer);
        },
        true);
}

void EnginePool::queue_seat_task(SeatTask task, bool first) {
    {
        std::lock_guard lock(mutex_);
        if (stop_) return;
        if (first)
            queue_.insert(queue_.begin() + std::ptrdiff_t(questions_++), std::move(task));
        else
            queue_.push_back(std::move(task));
        // No worker free to take it: make one free by interrupting its background job (one
        // per waiting request, so two requests free two workers).
        if (idle_ < int(queue_.size())) {
            int to_free = int(queue_.size()) - idle_;
            for (auto& [interrupt, yields] : running_background_)
                if (interrupt && yields && !interrupt->requested() && to_free > 0)
                    interrupt->request(), --to_free;
        }
    }
    ready_.notify_one();
}

void EnginePool::submit_background(BackgroundJob job) {
    {
        std::lock_guard lock(mutex_);
        if (stop_) return;
        background_.push_back({ std::move(job) });
    }
    ready_.notify_one();
}

void EnginePool::work(size_t index) {
    for (;;) {
        SeatTask   task;
        Background job;
        Interrupt* interrupt = nullptr;
        {
            std::unique_lock lock(mutex_);
            ++idle_;
            ready_.wait(lock, [&] { return stop_ || !queue_.empty() || !background_.empty(); });
            --idle_;
            if (stop_) return;
            if (!queue_.empty()) {
                task = std::move(queue_.front());
                queue_.pop_front();
                if (questions_ > 0) --questions_;
            } else {
                job = std::move(background_.front());
                background_.pop_front();
                running_background_[index]
                    = { std::make_unique<Interrupt>(), job.interruptions < MaxInterruptions };
                interrupt = running_background_[index].interrupt.get();
            }
        }
        if (job.job) {
            bool finished = false;
            try {
                finished = job.job(*chooser_, *interrupt);
            } catch (...) {
                finished = true; // a failing job is dropped, not retried forever
            }
            std::lock_guard lock(mutex_);
            running_background_[index] = {};
            if (!finished && !stop_) { // first again
                ++job.interruptions;
                background_.push_front(std::move(job));
            }
            continue;
        }
        task(*chooser_, stop_);
    }
}

} // namespace citadel::server
