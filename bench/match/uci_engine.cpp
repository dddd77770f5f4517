#include "match/uci_engine.h"

#include <algorithm>
#include <sstream>

namespace citadel::match {

namespace {
constexpr auto kHandshake = std::chrono::seconds(10); // uci/isready: a generous wait

std::vector<std::string> words(const std::string& line) {
    std::istringstream       in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// "option name Skill Level type spin ..." -> "Skill Level".
std::string option_name(const std::string& line) {
    auto begin = line.find("name ");
    auto end   = line.find(" type ");
    if (begin == std::string::npos) return "";
    begin += 5;
    return line.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}
} // namespace

std::string GoLimits::command() const {
    std::string text = "go";
    if (clock) {
        text += " wtime " + std::to_string(std::max(0LL, wtime)) + " btime "
            + std::to_string(std::max(0LL, btime));
        if (winc) text += " winc " + std::to_string(winc);
        if (binc) text += " binc " + std::to_string(binc);
    }
    if (depth) text += " depth " + std::to_string(depth);
    if (nodes) text += " nodes " + std::to_string(nodes);
    if (text == "go") text += " infinite"; // never sent: the runner always sets a limit
    return text;
}

std::optional<int> info_score(const std::string& line) {
    auto w = words(line);
    for (size_t i = 0; i + 2 < w.size(); ++i) {
        if (w[i] != "score") continue;
        try {
            int n = std::stoi(w[i + 2]);
            if (w[i + 1] == "cp") return n;
            if (w[i + 1] == "mate") return n > 0 ? 30000 - n : -30000 - n;
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    return std::nullopt;
}

bool UciEngine::wait_for(const std::string& token, Deadline deadline, std::string& error,
    std::vector<std::string>* seen) {
    for (std::string line;;) {
        switch (process_.read_line(line, deadline)) {
        case ChildProcess::Read::Line:
            if (seen) seen->push_back(line);
            if (line == token || line.starts_with(token + " ")) return true;
            break;
        case ChildProcess::Read::Timeout:
            error = spec_.name + " did not answer '" + token + "' in time";
            stop();
            return false;
        case ChildProcess::Read::Closed:
            stop();
            error = spec_.name + " exited (" + process_.exit_text() + ") before '" + token + "'";
            return false;
        }
    }
}

bool UciEngine::start(const std::string& variant, std::string& error) {
    if (process_.running()) return true;
    if (!process_.start(spec_.argv, error)) {
        error = spec_.name + ": " + error;
        return false;
    }
    std::vector<std::string> seen;
    process_.send("uci");
    if (!wait_for("uciok", SteadyClock::now() + kHandshake, error, &seen)) return false;
    option_names_.clear();
    for (const auto& line : seen)
        if (line.starts_with("option ")) option_names_.push_back(option_name(line));
    auto has = [&](const std::string& name) {
        return std::find(option_names_.begin(), option_names_.end(), name) != option_names_.end();
    };
    for (const auto& [name, value] : spec_.options) {
        if (!has(name)) {
            error = spec_.name + " has no option '" + name + "'";
            stop();
            return false;
        }
        process_.send("setoption name " + name + " value " + value);
    }
    if (variant != "chess") {
        if (!has("UCI_Variant")) {
            error = spec_.name + " has no UCI_Variant option, so it cannot play " + variant;
            stop();
            return false;
        }
        process_.send("setoption name UCI_Variant value " + variant);
    }
    process_.send("isready");
    return wait_for("readyok", SteadyClock::now() + kHandshake, error);
}

bool UciEngine::new_game(const std::string& variant, std::string& error) {
    if (!start(variant, error)) return false;
    process_.send("ucinewgame");
    process_.send("isready");
    return wait_for("readyok", SteadyClock::now() + kHandshake, error);
}

Reply UciEngine::go(const std::string& position, const GoLimits& limits, Deadline deadline) {
    Reply reply;
    process_.send(position);
    process_.send(limits.command());
    for (std::string line;;) {
        switch (process_.read_line(line, deadline)) {
        case ChildProcess::Read::Line: {
            if (line.starts_with("info ")) {
                if (auto s = info_score(line)) reply.score = s;
                auto w = words(line);
                for (size_t i = 0; i + 1 < w.size(); ++i)
                    if (w[i] == "depth") reply.depth = std::atoi(w[i + 1].c_str());
            } else if (line.starts_with("bestmove")) {
                auto w     = words(line);
                reply.move = w.size() > 1 ? w[1] : "";
                return reply;
            }
            break;
        }
        case ChildProcess::Read::Timeout:
            reply.status = Reply::Status::Timeout;
            stop(); // still thinking: it is restarted before its next game
            return reply;
        case ChildProcess::Read::Closed:
            stop();
            reply.status = Reply::Status::Crashed;
            reply.detail
                = process_.exit_text().empty() ? "closed its output" : process_.exit_text();
            return reply;
        }
    }
}

void UciEngine::stop() { process_.stop("quit"); }

} // namespace citadel::match
