// A child process spoken to line by line over pipes (a UCI engine): started with posix_spawnp,
// its standard input and output are pipes, its standard error goes to /dev/null. Every read has
// a deadline (poll), so an engine that hangs or dies never hangs its caller. Reusable by any
// driver of engines (the two-player match runner, later the four-player one).
#pragma once

#include <chrono>
#include <string>
#include <sys/types.h>
#include <vector>

namespace citadel::match {

using SteadyClock = std::chrono::steady_clock;
using Deadline    = SteadyClock::time_point;

class ChildProcess {
  public:
    ChildProcess() = default;
    ~ChildProcess() { stop(); }
    ChildProcess(const ChildProcess&)            = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Starts argv[0] (looked up in PATH) with its arguments; false with `error` set if it
    // cannot be started.
    bool start(const std::vector<std::string>& argv, std::string& error);
    bool running() const { return pid_ > 0; }

    // Writes one line (a newline is added); false if the child no longer reads.
    bool send(const std::string& line);

    enum class Read { Line, Timeout, Closed };
    // The next line (without its newline or carriage return), waiting until `deadline`.
    Read read_line(std::string& line, Deadline deadline);

    // Sends `quit_line` (if not empty), waits up to `grace` for the child to exit, then kills
    // it. Safe to call twice.
    void stop(const std::string&  quit_line = "",
        std::chrono::milliseconds grace     = std::chrono::milliseconds(300));
    // How the child ended, once it has ("exit status 1", "killed by signal 11"), else "".
    const std::string& exit_text() const { return exit_text_; }

  private:
    bool reap(bool block); // waitpid; true if the child has ended

    pid_t       pid_ = -1;
    int         in_  = -1; // our end of the child's standard input
    int         out_ = -1; // our end of the child's standard output
    std::string buffer_; // read but not yet returned
    std::string exit_text_;
};

} // namespace citadel::match
