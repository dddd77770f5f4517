#include "server/analysis.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <iostream>
#include <map>
#include <mutex>

#include "game/turn.h"
#include "search/fourkingdoms_search.h"
#include "variants/tamerlane_board.h"

namespace citadel::server {

namespace {

// Whose view the scores take: White's; the East+South team's; free-for-all: each mover's own.
enum class View { White, EastSouth, Mover };

View view_of(const std::string& variant) {
    if (variant == FourKingdomsTeams::Name) return View::EastSouth;
    if (variant == FourKingdoms::Name) return View::Mover;
    return View::White;
}

std::string_view view_name(View v) {
    return v == View::White ? "white" : v == View::EastSouth ? "east+south" : "mover";
}

std::string_view seat_name(View v, int seat) {
    return citadel::seat_name(Seat(seat), v == View::White ? 2 : 4);
}

double hundredths(double x) { return std::round(x * 100) / 100; }

// One position's entry of the answer (docs/server.md).
json position_json(View view, size_t ply, const PositionAnalysis& a) {
    json p = { { "ply", ply }, { "to_move", seat_name(view, a.to_move) } };
    if (a.status != PositionAnalysis::Status::Done) return p; // no judgement (should not happen)
    if (a.end) {
        p["end"] = true;
        if (view != View::Mover) p["outcome"] = a.outcome;
        return p;
    }
    if (view == View::Mover)
        p["points"] = hundredths(1 + double(a.value) / search::FkPoint);
    else {
        const bool ours = view == View::White ? a.to_move == 0 : a.to_move <= 1;
        const int  sign = ours ? 1 : -1;
        if (a.mate)
            p["mateIn"] = sign * a.value;
        else
            p["score"] = hundredths(sign * a.value / 100.0);
    }
    if (!a.best.empty()) p["best"] = a.best;
    if (!a.best_move.empty()) p["best_move"] = a.best_move;
    return p;
}

json pending_json(size_t done, size_t total, size_t ahead) {
    return { { "type", "analysis" }, { "status", "pending" }, { "done", done }, { "total", total },
        { "ahead", ahead } };
}

} // namespace

// One game being analysed (or waiting to be).
struct Job {
    std::string   id;
    AnalysisInput input;
    View          view      = View::White;
    json          positions = json::array();
};

struct Analyses::Core : std::enable_shared_from_this<Core> {
    Storage&       storage;
    EnginePool&    engines;
    AnalysisLimits limits;
    std::string    settings;

    std::mutex                                  mutex;
    bool                                        closed = false;
    std::map<std::string, std::shared_ptr<Job>> jobs; // running and waiting
    std::deque<std::shared_ptr<Job>>            waiting; // in order of request
    size_t                                      running = 0;
    std::map<std::string, std::string>          answers; // finished, the last few
    std::deque<std::string>                     answered; // their ids, oldest first

    Core(Storage& s, EnginePool& e, AnalysisLimits l)
        : storage(s)
        , engines(e)
        , limits(l) {
        settings = "citadel analysis 2; nodes " + std::to_string(l.nodes_orthodox) + ", tamerlane "
            + std::to_string(l.nodes_tamerlane) + ", four kingdoms " + std::to_string(l.nodes_four);
    }

    uint64_t nodes_for(const Job& job) const {
        if (job.view != View::White) return limits.nodes_four;
        return job.input.variant == Tamerlane::Name ? limits.nodes_tamerlane
                                                    : limits.nodes_orthodox;
    }

    // The answer kept in memory, or the pending state of its job; the lock is held.
    std::optional<Reply> known_locked(const std::string& id) const {
        if (auto at = answers.find(id); at != answers.end())
            return Reply{ 200, json::parse(at->second) };
        auto at = jobs.find(id);
        if (at == jobs.end()) return std::nullopt;
        const Job& job = *at->second;
        // ahead: the games to be finished before this one starts (0 once it runs).
        auto place = std::find_if(
            waiting.begin(), waiting.end(), [&](const auto& w) { return w.get() == &job; });
        size_t ahead = place == waiting.end() ? 0 : size_t(place - waiting.begin()) + 1;
        return Reply{ 202, pending_json(job.positions.size(), job.input.fens.size(), ahead) };
    }

    void remember_locked(const std::string& id, std::string body) {
        if (answers.emplace(id, std::move(body)).second) answered.push_back(id);
        while (answered.size() > limits.remembered) {
            answers.erase(answered.front());
            answered.pop_front();
        }
    }

    // Starts waiting jobs while fewer than `running` run; the lock is held.
    void start_locked() {
        while (!closed && running < limits.running && !waiting.empty()) {
            auto job = waiting.front();
            waiting.pop_front();
            ++running;
            submit(job, 0);
        }
    }

    // Queues the job's position after `ply` moves as background work of the pool (one
    // position of a job at a time, so the games being analysed take turns).
    void submit(std::shared_ptr<Job> job, size_t ply) {
        engines.submit_background(
            [core = shared_from_this(), job, ply](MoveChooser& chooser, Interrupt& interrupt) {
                {
                    std::lock_guard lock(core->mutex);
                    if (core->closed) return true;
                }
                EngineRequest request;
                request.variant   = job->input.variant;
                request.start_fen = job->input.start_fen;
                request.moves.assign(
                    job->input.moves.begin(), job->input.moves.begin() + std::ptrdiff_t(ply));
                request.fen        = job->input.fens[ply];
                request.level      = 20;
                PositionAnalysis a = chooser.analyse(request, core->nodes_for(*job), interrupt);
                if (a.status == PositionAnalysis::Status::Interrupted) return false;
                core->position_done(job, position_json(job->view, ply, a));
                return true;
            });
    }

    void position_done(const std::shared_ptr<Job>& job, json position) {
        {
            std::lock_guard lock(mutex);
            if (closed) return;
            job->positions.push_back(std::move(position));
            if (job->positions.size() < job->input.fens.size())
                return submit(job, job->positions.size());
        }
        finish(job);
    }

    void finish(const std::shared_ptr<Job>& job) {
        json        answer = { { "type", "analysis" }, { "status", "ready" }, { "id", job->id },
                   { "variant", job->input.variant }, { "view", view_name(job->view) },
                   { "nodes", nodes_for(*job) }, { "positions", job->positions } };
        std::string body   = answer.dump();
        try {
            storage.save_analysis(job->id, settings, body);
        } catch (const StorageError& e) { // still answered from memory until it is forgotten
            std::cerr << "citadel serve: " << e.message << "\n";
        }
        std::lock_guard lock(mutex);
        remember_locked(job->id, std::move(body));
        jobs.erase(job->id);
        --running;
        start_locked();
    }
};

Analyses::Analyses(Storage& storage, EnginePool& engines, AnalysisLimits limits)
    : core_(std::make_shared<Core>(storage, engines, limits)) { }

Analyses::~Analyses() {
    std::lock_guard lock(core_->mutex);
    core_->closed = true;
}

std::string Analyses::settings() const { return core_->settings; }

Reply Analyses::request(const std::string& id, const std::function<AnalysisInput()>& input) {
    Core& c = *core_;
    {
        std::lock_guard lock(c.mutex);
        if (auto known = c.known_locked(id)) return *known;
    }
    std::optional<std::string> stored;
    try {
        stored = c.storage.load_analysis(id, c.settings);
    } catch (const StorageError& e) {
        std::cerr << "citadel serve: " << e.message << "\n"; // then it is computed again
    }
    if (stored) {
        json body = json::parse(*stored, nullptr, false);
        if (!body.is_discarded()) {
            std::lock_guard lock(c.mutex);
            c.remember_locked(id, *stored);
            return { 200, std::move(body) };
        }
    }
    AnalysisInput   in = input(); // outside the lock: it replays the game
    std::lock_guard lock(c.mutex);
    if (auto known = c.known_locked(id)) return *known; // another request was quicker
    if (c.jobs.size() >= c.limits.running + c.limits.waiting)
        return error_reply("analysis_busy",
            "the server is analysing " + std::to_string(c.jobs.size())
                + " games already; ask again in a minute");
    if (in.fens.size() != in.moves.size() + 1)
        return error_reply("bad_request", "the game cannot be analysed"); // a damaged record
    auto job   = std::make_shared<Job>();
    job->id    = id;
    job->view  = view_of(in.variant);
    job->input = std::move(in);
    c.jobs[id] = job;
    c.waiting.push_back(job);
    c.start_locked();
    return *c.known_locked(id);
}

} // namespace citadel::server
