// The engine pool's priorities: a seat's question (a draw offer, an alliance) before its move
// requests, a seat's request before any background work, and a background job running when a
// request arrives (with no worker free) is interrupted and run again afterwards (twice at most,
// then it is let finish); stopping the pool interrupts it too. No timing is asserted: the steps
// wait on each other (with a generous limit so that a broken pool fails instead of hanging).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "server/engine_seat.h"

using namespace citadel::server;

namespace {

// What happened, in order, and a way to wait for it.
struct Log {
    std::mutex               mutex;
    std::condition_variable  changed;
    std::vector<std::string> events;
    void                     add(std::string e) {
                            {
                                std::lock_guard lock(mutex);
                                events.push_back(std::move(e));
        }
                            changed.notify_all();
    }
    bool wait_for(const std::string& e) {
        std::unique_lock lock(mutex);
        return changed.wait_for(lock, std::chrono::seconds(30),
            [&] { return std::find(events.begin(), events.end(), e) != events.end(); });
    }
    std::vector<std::string> snapshot() {
        std::lock_guard lock(mutex);
        return events;
    }
};

// A chooser whose move is the request's variant text; a request for "hold" waits for `release`.
struct FakeChooser final : MoveChooser {
    Log&                    log;
    std::mutex              mutex;
    std::condition_variable opened;
    bool                    released = false;
    explicit FakeChooser(Log& l)
        : log(l) { }
    std::string choose(const EngineRequest& request, const std::atomic<bool>&) override {
        log.add("choose " + request.variant);
        if (request.variant == "hold") {
            std::unique_lock lock(mutex);
            opened.wait_for(lock, std::chrono::seconds(30), [&] { return released; });
        }
        return request.variant;
    }
    EngineAnswer decide(
        const EngineRequest& request, const EngineQuestion&, const std::atomic<bool>&) override {
        log.add("decide " + request.variant);
        if (request.variant == "throw") throw std::runtime_error("a failing chooser");
        return { true, 1 };
    }
    void release() {
        {
            std::lock_guard lock(mutex);
            released = true;
        }
        opened.notify_all();
    }
};

// A background job that, on its first run, waits until it is interrupted.
BackgroundJob waits_for_interrupt(Log& log, int& runs) {
    return [&log, &runs](MoveChooser&, Interrupt& interrupt) {
        if (++runs > 1) {
            log.add("background done");
            return true;
        }
        std::mutex              m;
        std::condition_variable cv;
        bool                    stopped = false;
        interrupt.install([&] {
            std::lock_guard lock(m);
            stopped = true;
            cv.notify_all();
        });
        log.add("background started");
        {
            std::unique_lock lock(m);
            cv.wait_for(
                lock, std::chrono::seconds(30), [&] { return stopped || interrupt.requested(); });
        }
        interrupt.clear();
        log.add(interrupt.requested() ? "background interrupted" : "background timed out");
        return false;
    };
}

EngineRequest request_for(std::string name) {
    EngineRequest r;
    r.variant = std::move(name);
    return r;
}

} // namespace

TEST(EnginePool, ARequestInterruptsBackgroundWorkWhichRunsAgainAfterIt) {
    Log  log;
    int  runs    = 0;
    auto chooser = std::make_unique<FakeChooser>(log);
    {
        EnginePool pool(std::move(chooser), 1);
        pool.submit_background(waits_for_interrupt(log, runs));
        ASSERT_TRUE(log.wait_for("background started"));
        pool.submit(request_for("seat"), [&](std::string move) { log.add("answered " + move); });
        ASSERT_TRUE(log.wait_for("background done"));
    }
    EXPECT_EQ(log.snapshot(),
        (std::vector<std::string>{ "background started", "background interrupted", "choose seat",
            "answered seat", "background done" }));
    EXPECT_EQ(runs, 2);
}

// Engines that never rest must not starve background work: a job cut short MaxInterruptions
// times runs to its end the next time, and the request that came meanwhile waits for it.
TEST(EnginePool, BackgroundWorkCutShortTwiceIsLetFinish) {
    static_assert(EnginePool::MaxInterruptions == 2);
    Log  log;
    int  runs    = 0;
    auto chooser = std::make_unique<FakeChooser>(log);
    {
        EnginePool pool(std::move(chooser), 1);
        pool.submit_background([&](MoveChooser&, Interrupt& interrupt) {
            const std::string run = std::to_string(++runs);
            log.add("background started " + run);
            if (runs <= 2) { // waits to be cut short
                while (!interrupt.requested()) std::this_thread::yield();
                log.add("background interrupted " + run);
                return false;
            }
            EXPECT_TRUE(log.wait_for("submitted 3")); // the request is queued by now
            log.add(interrupt.requested() ? "background interrupted 3" : "background done");
            return !interrupt.requested();
        });
        for (int i = 1; i <= 3; ++i) {
            const std::string n = std::to_string(i);
            ASSERT_TRUE(log.wait_for("background started " + n));
            pool.submit(
                request_for("seat" + n), [&log](std::string m) { log.add("answered " + m); });
            log.add("submitted " + n);
        }
        ASSERT_TRUE(log.wait_for("answered seat3"));
    }
    auto events = log.snapshot();
    std::erase_if(events, [](const std::string& e) { return e.starts_with("submitted"); });
    EXPECT_EQ(events,
        (std::vector<std::string>{ "background started 1", "background interrupted 1",
            "choose seat1", "answered seat1", "background started 2", "background interrupted 2",
            "choose seat2", "answered seat2", "background started 3", "background done",
            "choose seat3", "answered seat3" }));
    EXPECT_EQ(runs, 3);
}

TEST(EnginePool, WaitingRequestsGoBeforeBackgroundWork) {
    Log          log;
    int          runs    = 0;
    auto         chooser = std::make_unique<FakeChooser>(log);
    FakeChooser* fake    = chooser.get();
    {
        EnginePool pool(std::move(chooser), 1);
        pool.submit(request_for("hold"), [&](std::string) { log.add("answered hold"); });
        ASSERT_TRUE(log.wait_for("choose hold"));
        pool.submit_background([&](MoveChooser&, Interrupt&) {
            ++runs;
            log.add("background done");
            return true;
        });
        pool.submit(request_for("next"), [&](std::string) { log.add("answered next"); });
        fake->release();
        ASSERT_TRUE(log.wait_for("background done"));
    }
    EXPECT_EQ(log.snapshot(),
        (std::vector<std::string>{
            "choose hold", "answered hold", "choose next", "answered next", "background done" }));
    EXPECT_EQ(runs, 1);
}

TEST(EnginePool, StoppingThePoolInterruptsBackgroundWork) {
    Log log;
    int runs = 0;
    {
        EnginePool pool(std::make_unique<FakeChooser>(log), 2);
        pool.submit_background(waits_for_interrupt(log, runs));
        ASSERT_TRUE(log.wait_for("background started"));
    } // the destructor must not wait for the job's 30 s limit
    EXPECT_EQ(log.snapshot(),
        (std::vector<std::string>{ "background started", "background interrupted" }));
    EXPECT_EQ(runs, 1);
}

TEST(EnginePool, TheDefaultChooserAnalysesNothing) {
    Log         log;
    FakeChooser chooser(log);
    Interrupt   interrupt;
    EXPECT_EQ(chooser.analyse(request_for("chess"), 100, interrupt).status,
        PositionAnalysis::Status::Failed);
}

TEST(EnginePool, QuestionsGoBeforeWaitingMoveRequestsInTheirOrder) {
    Log          log;
    auto         chooser = std::make_unique<FakeChooser>(log);
    FakeChooser* fake    = chooser.get();
    {
        EnginePool pool(std::move(chooser), 1);
        pool.submit(request_for("hold"), [&](std::string) { log.add("answered hold"); });
        ASSERT_TRUE(log.wait_for("choose hold"));
        pool.submit(request_for("next"), [&](std::string) { log.add("answered next"); });
        auto answered = [&](std::string name) {
            return [&log, name](EngineAnswer a) {
                log.add("answered " + name + (a.yes ? " yes " : " no ") + std::to_string(a.with));
            };
        };
        pool.submit_question(request_for("first"), {}, answered("first"));
        pool.submit_question(request_for("throw"), {}, answered("throw"));
        pool.submit_question(request_for("third"), {}, answered("third"));
        fake->release();
        ASSERT_TRUE(log.wait_for("answered next"));
    }
    EXPECT_EQ(log.snapshot(),
        (std::vector<std::string>{ "choose hold", "answered hold", "decide first",
            "answered first yes 1", "decide throw", "answered throw no -1", "decide third",
            "answered third yes 1", "choose next", "answered next" }));
}
