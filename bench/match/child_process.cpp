#include "child_process.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace citadel::match {

namespace {
constexpr size_t kMaxLine = 1 << 20;

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}
} // namespace

bool ChildProcess::start(const std::vector<std::string>& argv, std::string& error) {
    stop();
    if (argv.empty() || argv[0].empty()) {
        error = "no command given";
        return false;
    }
    int to_child[2], from_child[2];
    if (::pipe2(to_child, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        return false;
    }
    if (::pipe2(from_child, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        ::close(to_child[0]), ::close(to_child[1]);
        return false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
    posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);

    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = -1;
    int   rc  = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(to_child[0]), ::close(from_child[1]);
    if (rc != 0) {
        error = "cannot start '" + argv[0] + "': " + std::strerror(rc);
        ::close(to_child[1]), ::close(from_child[0]);
        return false;
    }
    pid_ = pid, in_ = to_child[1], out_ = from_child[0];
    ::fcntl(out_, F_SETFL, ::fcntl(out_, F_GETFL) | O_NONBLOCK);
    buffer_.clear();
    exit_text_.clear();
    return true;
}

bool ChildProcess::send(const std::string& line) {
    if (in_ < 0) return false;
    std::string text = line + "\n";
    size_t      done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(in_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false; // EPIPE: the child is gone (SIGPIPE is ignored by main)
        done += size_t(n);
    }
    return true;
}

ChildProcess::Read ChildProcess::read_line(std::string& line, Deadline deadline) {
    for (;;) {
        if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
            line = buffer_.substr(0, nl);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            buffer_.erase(0, nl + 1);
            return Read::Line;
        }
        if (buffer_.size() > kMaxLine) { // a runaway line: cut it rather than grow forever
            line = buffer_.substr(0, kMaxLine);
            buffer_.erase(0, kMaxLine);
            return Read::Line;
        }
        if (out_ < 0) return Read::Closed;
        auto left
            = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now());
        if (left.count() < 0) return Read::Timeout;
        pollfd p{ out_, POLLIN, 0 };
        int    rc = ::poll(&p, 1, int(std::min<long long>(left.count() + 1, 1 << 30)));
        if (rc < 0 && errno == EINTR) continue;
        if (rc == 0) {
            if (SteadyClock::now() >= deadline) return Read::Timeout;
            continue;
        }
        char    chunk[4096];
        ssize_t n = ::read(out_, chunk, sizeof chunk);
        if (n > 0) {
            buffer_.append(chunk, size_t(n));
        } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
            close_fd(out_); // end of file: the child closed its output or died
            reap(false);
        }
    }
}

bool ChildProcess::reap(bool block) {
    if (pid_ <= 0) return true;
    int   status = 0;
    pid_t r      = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
    if (r == 0) return false;
    if (r == pid_) {
        if (WIFEXITED(status))
            exit_text_ = "exit status " + std::to_string(WEXITSTATUS(status));
        else if (WIFSIGNALED(status))
            exit_text_ = "killed by signal " + std::to_string(WTERMSIG(status));
    }
    pid_ = -1;
    return true;
}

void ChildProcess::stop(const std::string& quit_line, std::chrono::milliseconds grace) {
    if (pid_ > 0) {
        if (!quit_line.empty()) send(quit_line);
        close_fd(in_);
        Deadline until = SteadyClock::now() + grace;
        while (!reap(false) && SteadyClock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (pid_ > 0) {
            ::kill(pid_, SIGKILL);
            reap(true);
        }
    }
    close_fd(in_);
    close_fd(out_);
}

} // namespace citadel::match
