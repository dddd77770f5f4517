// Shared by the tests that drive a GameService on the test's own thread (engine decisions,
// take-backs and rematches): games and steps in memory, a watcher of a game's messages, an engine
// whose moves and answers the test scripts, and the service with helpers to create games and
// play them. No timing is asserted: waits have a generous limit so a broken server fails instead
// of hanging.
#pragma once

#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <string>
#include <vector>

#include "server/game_service.h"

namespace citadel::server::testing {

// Games and steps in memory.
struct MemoryStorage final : Storage {
    std::mutex              mutex;
    std::vector<StoredGame> games;

    void create_game(const StoredGame& game) override {
        std::lock_guard lock(mutex);
        games.push_back(game);
    }
    void append_steps(
        const std::string& id, int, const std::vector<StoredStep>& steps, bool finished) override {
        std::lock_guard lock(mutex);
        for (auto& g : games)
            if (g.id == id) {
                g.steps.insert(g.steps.end(), steps.begin(), steps.end());
                g.finished = finished;
            }
    }
    std::vector<StoredGame> load_games() override {
        std::lock_guard lock(mutex);
        return games;
    }
    void save_seats(const std::string& id, const std::vector<StoredSeat>& seats) override {
        std::lock_guard lock(mutex);
        for (auto& g : games)
            if (g.id == id) g.seats = seats;
    }
    // The steps of game `id` as "kind seat [text]" texts.
    std::vector<std::string> steps(const std::string& id) {
        std::lock_guard          lock(mutex);
        std::vector<std::string> out;
        for (auto& g : games)
            if (g.id == id)
                for (auto& s : g.steps)
                    out.push_back(s.kind + " " + std::to_string(s.seat)
                        + (s.text.empty() ? "" : " " + s.text)
                        + (s.other >= 0 ? " with " + std::to_string(s.other) : ""));
        return out;
    }
};

// A watcher of a game: every message it was sent (on the test's thread: the game service's
// handlers run there).
struct Watcher final : Subscriber {
    std::vector<json> messages;
    bool              moved = false; // told the game left this node
    void              deliver(std::shared_ptr<const std::string> message) override {
        messages.push_back(json::parse(*message));
    }
    void moved_away() override { moved = true; }
    // The messages after the first state, as "type action-or-move seat" texts.
    std::vector<std::string> changes() const {
        std::vector<std::string> out;
        for (const json& m : messages) {
            const std::string type = m["type"];
            if (type == "move")
                out.push_back("move " + m["move"].get<std::string>());
            else if (type == "action")
                out.push_back(m["action"].get<std::string>() + " " + m["seat"].get<std::string>());
            else if (type == "end")
                out.push_back("end " + m["status"].get<std::string>());
            else if (type == "take_back")
                out.push_back("take_back " + m["seat"].get<std::string>() + " "
                    + std::to_string(m["taken"].get<int>()));
            else if (type == "rematch")
                out.push_back("rematch " + m["seat"].get<std::string>());
        }
        return out;
    }
};

// A chooser whose moves are given by the test and whose answers wait for the test's word: each
// decide() takes the next answer once the test gave it (answer()).
struct ScriptedChooser final : MoveChooser {
    std::mutex               mutex;
    std::condition_variable  changed;
    std::deque<std::string>  moves; // the replies, in order
    std::deque<bool>         answers; // given by the test, taken by decide() in order
    std::vector<std::string> log; // "choose", "decide <kind> <seat>", "decided"

    std::string choose(const EngineRequest&, const std::atomic<bool>&) override {
        std::lock_guard lock(mutex);
        std::string     move = moves.empty() ? "" : moves.front();
        if (!moves.empty()) moves.pop_front();
        log.push_back("choose " + move);
        changed.notify_all();
        return move;
    }
    EngineAnswer decide(const EngineRequest& request, const EngineQuestion& question,
        const std::atomic<bool>&) override {
        std::unique_lock lock(mutex);
        log.push_back(
            "decide " + std::to_string(int(question.kind)) + " " + std::to_string(request.seat));
        changed.notify_all();
        changed.wait_for(lock, std::chrono::seconds(30), [&] { return !answers.empty(); });
        EngineAnswer a;
        if (!answers.empty()) a.yes = answers.front(), answers.pop_front();
        log.push_back("decided");
        changed.notify_all();
        return a;
    }
    void answer(bool yes) {
        std::lock_guard lock(mutex);
        answers.push_back(yes);
        changed.notify_all();
    }
    // Waits until the log has `count` entries.
    bool wait_for_log(size_t count) {
        std::unique_lock lock(mutex);
        return changed.wait_for(
            lock, std::chrono::seconds(30), [&] { return log.size() >= count; });
    }
    std::vector<std::string> snapshot() {
        std::lock_guard lock(mutex);
        return log;
    }
};

// A game service on an io_context the test runs, an in-memory storage and one engine thread.
struct Service {
    boost::asio::io_context                                                  io;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard
        = boost::asio::make_work_guard(io);
    MemoryStorage storage;
    EnginePool    engines;
    GameService   games;

    explicit Service(std::unique_ptr<MoveChooser> chooser)
        : engines(std::move(chooser), 1)
        , games(io, storage, engines) { }

    // Runs the game's handlers until `done` holds; false after 30 s without.
    bool run_until(const std::function<bool()>& done) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (!done()) {
            if (std::chrono::steady_clock::now() > until) return false;
            io.run_one_for(std::chrono::milliseconds(50));
        }
        return true;
    }
    // Runs one handler (the one the test knows was posted); false if none came in 30 s.
    bool run_one() { return io.run_one_for(std::chrono::seconds(30)) == 1; }
    // Runs the game's handlers until every question asked of game `id` is answered and its
    // answer handled. A question of the test's own goes behind the ones asked so far (questions
    // keep their order, and the one engine thread answers them in turn), and its answer's
    // handler behind theirs; an answer that was a step may have asked more, so until a round
    // passes with no step.
    bool answer_all(const std::string& id) {
        for (;;) {
            const size_t steps  = storage.steps(id).size();
            bool         passed = false;
            engines.submit_question(EngineRequest{}, {}, [this, &passed](EngineAnswer) {
                boost::asio::post(io, [&passed] { passed = true; });
            });
            if (!run_until([&] { return passed; })) return false;
            if (storage.steps(id).size() == steps) return true;
        }
    }

    json state(const std::string& id) { return games.state(id).body; }
};

struct Created {
    std::string              id;
    std::vector<std::string> tokens; // of the human seats, in seat order
};

inline Created create(Service& s, const std::string& variant, const std::string& fen,
    const std::vector<int>& engine_levels, // per seat: -1 human, else the engine's level
    bool                    take_back = false) { // the human seats may take back moves
    json seats = json::array();
    for (int level : engine_levels)
        seats.push_back(level < 0 ? json{ { "player", "human" }, { "take_back", take_back } }
                                  : json{ { "player", "engine" }, { "level", level } });
    json body = { { "variant", variant }, { "seats", seats } };
    if (!fen.empty()) body["fen"] = fen;
    Reply r = s.games.create(body);
    EXPECT_EQ(r.status, 201) << r.body.dump();
    Created c{ r.body.value("id", ""), {} };
    for (const json& seat : r.body.value("seats", json::array())) c.tokens.push_back(seat["token"]);
    return c;
}

inline Reply act(Service& s, const Created& g, const std::string& token, const std::string& action,
    const std::string& with = "") {
    json body = { { "token", token }, { "action", action } };
    if (!with.empty()) body["with"] = with;
    return s.games.action(g.id, body, std::nullopt);
}

inline Reply move(
    Service& s, const Created& g, const std::string& token, const std::string& text, int ply) {
    return s.games.move(
        g.id, { { "token", token }, { "move", text }, { "ply", ply } }, std::nullopt);
}

// The answer of a Reply, waiting for it when it comes later (a cluster's requests run on its commit
// threads).
inline Reply answered(Reply r) {
    if (!r.later) return r;
    std::promise<Reply> answer;
    auto                coming = answer.get_future();
    r.later([&answer](Reply a) { answer.set_value(std::move(a)); });
    return coming.get();
}

} // namespace citadel::server::testing
