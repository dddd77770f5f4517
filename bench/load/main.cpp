// citadel_load: the web server under load, in one command (docs/server.md, "Load"). By default it
// starts a fresh `citadel serve` on a temporary database and a free port, plays --games games at
// once against it for --seconds, prints the figures and stops the server; --connect uses a server
// that is already running instead.
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "load/load.h"

namespace {

using citadel::load::LoadOptions;
using citadel::load::LoadReport;

struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Restricts the calling process (and what it starts later) to one CPU.
void pin_to(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0)
        throw Failure("cannot pin to CPU " + std::to_string(cpu));
}

// A `citadel serve` of our own on a temporary database; stopped (SIGTERM) and removed when done.
// The port in the server's first line, "... http://127.0.0.1:PORT ...".
std::optional<unsigned short> port_in(const std::string& line) {
    const auto at    = line.find("http://");
    const auto colon = at == std::string::npos ? at : line.find(':', at + 7);
    if (colon == std::string::npos) return std::nullopt;
    unsigned port  = 0;
    auto [end, ec] = std::from_chars(line.data() + colon + 1, line.data() + line.size(), port);
    if (ec != std::errc() || port == 0 || port > 65535) return std::nullopt;
    return static_cast<unsigned short>(port);
}

class LocalServer {
  public:
    LocalServer(const std::string& citadel, int threads, int games, std::optional<int> cpu) {
        char dir_template[] = "/tmp/citadel-load-XXXXXX";
        if (!mkdtemp(dir_template)) throw Failure("cannot make a temporary folder");
        dir_ = dir_template;
        int out[2];
        if (pipe(out) != 0) throw Failure("cannot make a pipe");
        const std::string db = (dir_ / "load.db").string(), th = std::to_string(threads),
                          max = std::to_string(std::max(10000, 2 * games + 1000));
        pid_                  = fork();
        if (pid_ < 0) throw Failure("cannot fork");
        if (pid_ == 0) {
            dup2(out[1], STDOUT_FILENO);
            close(out[0]), close(out[1]);
            if (cpu) {
                cpu_set_t set;
                CPU_ZERO(&set);
                CPU_SET(*cpu, &set);
                sched_setaffinity(0, sizeof set, &set);
            }
            // One address makes every game and connection: the limits per address are the
            // load's, not a guard against it.
            execl(citadel.c_str(), citadel.c_str(), "serve", "--port", "0", "--db", db.c_str(),
                "--threads", th.c_str(), "--max-connections", max.c_str(),
                "--max-connections-per-address", max.c_str(), "--games-per-address", "1000000",
                nullptr);
            std::perror(("citadel_load: cannot run " + citadel).c_str());
            _exit(127);
        }
        close(out[1]);
        std::string line;
        pollfd      p{ out[0], POLLIN, 0 };
        char        c = 0;
        while (line.find('\n') == std::string::npos && poll(&p, 1, 20000) > 0
            && read(out[0], &c, 1) == 1)
            line += c;
        close(out[0]);
        auto port = port_in(line);
        if (!port) throw Failure("the server did not start (its first line: '" + line + "')");
        port_ = *port;
    }
    ~LocalServer() {
        if (pid_ > 0) {
            kill(pid_, SIGTERM);
            int status = 0;
            waitpid(pid_, &status, 0);
        }
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
    LocalServer(const LocalServer&)            = delete;
    LocalServer& operator=(const LocalServer&) = delete;

    unsigned short port() const { return port_; }
    // The sizes of the database file and its WAL now, in MB (the WAL must stay bounded).
    std::string sizes() const {
        auto mb = [&](const char* suffix) {
            std::error_code ec;
            auto n = std::filesystem::file_size(dir_ / ("load.db" + std::string(suffix)), ec);
            return ec ? 0.0 : double(n) / 1e6;
        };
        char text[96];
        std::snprintf(text, sizeof text, "database %.1f MB, WAL %.1f MB", mb(""), mb("-wal"));
        return text;
    }
    int pid() const { return pid_; }

  private:
    std::filesystem::path dir_;
    pid_t                 pid_  = -1;
    unsigned short        port_ = 0;
};

std::string load_average() {
    std::ifstream in("/proc/loadavg");
    std::string   a, b, c;
    in >> a >> b >> c;
    return a + " " + b + " " + c;
}

double ms(int64_t us) { return double(us) / 1000.0; }

void print(const LoadOptions& o, const LoadReport& r) {
    const auto& t = r.round_trip;
    std::printf("games held at once: %d-%d of %d (%d WebSockets), sampled each second of %.1f s\n",
        r.held_min, r.held_max, r.target_games, 2 * r.held_min, r.window_s);
    std::printf("moves: %zu acknowledged = %.0f moves/s (paced at about %.0f/s: think %.2f s)\n",
        r.moves, r.window_s > 0 ? double(r.moves) / r.window_s : 0.0,
        o.think > 0 ? o.games / o.think : 0.0, o.think);
    std::printf("move round trip: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, "
                "max %.2f ms\n",
        ms(t.p50), ms(t.p90), ms(t.p99), ms(t.p999), ms(t.max));
    std::printf("the client's own timer lateness: p50 %.2f ms, p99 %.2f ms, max %.2f ms "
                "(part of the round trips)\n",
        ms(r.loop_lag.p50), ms(r.loop_lag.p99), ms(r.loop_lag.max));
    if (o.server_pid)
        std::printf("CPU in the window: server %.2f cores, client %.2f cores\n", r.server_cpu,
            r.client_cpu);
    else
        std::printf("CPU in the window: client %.2f cores\n", r.client_cpu);
    std::printf("games created %d, finished or replaced %d\n", r.games_created, r.games_finished);
    int total = 0;
    for (const auto& [what, n] : r.errors) total += n;
    std::printf("errors: %d\n", total);
    for (const auto& [what, n] : r.errors) std::printf("  %6d  %s\n", n, what.c_str());
}

} // namespace

int main(int argc, char** argv) {
    CLI::App    app{ "citadel_load: simulated players against citadel serve (docs/server.md)" };
    LoadOptions o;
    std::string citadel        = "build/citadel", connect;
    int         server_threads = 2, client_nice = 0;
    int         client_cpu = -1, server_cpu = -1;
    app.add_option("--citadel", citadel, "the citadel binary to start (default build/citadel)");
    app.add_option("--connect", connect, "HOST:PORT of a running server instead of starting one");
    app.add_option("--games", o.games, "games at once (default 1000)")->check(CLI::Range(1, 5000));
    app.add_option("--seconds", o.seconds, "length of the run (default 60)")
        ->check(CLI::Range(3.0, 600.0));
    app.add_option("--think", o.think, "mean seconds before each move (default 1.0)")
        ->check(CLI::Range(0.0, 60.0));
    app.add_option(
           "--moves", o.moves, "plies per game before it is replaced (default 0: to the end)")
        ->check(CLI::Range(0, 10000));
    app.add_option("--variant", o.variant, "the games' variant (default chess)");
    app.add_option("--threads", o.threads, "the client's threads (default 1)")
        ->check(CLI::Range(1, 8));
    app.add_option("--server-threads", server_threads, "the started server's --threads (default 2)")
        ->check(CLI::Range(1, 64));
    app.add_option("--ramp", o.ramp, "seconds over which the games are set up (default games/500)")
        ->check(CLI::Range(0.0, 60.0));
    app.add_option("--seed", o.seed, "seeds the players' choices (default 1)");
    app.add_option("--client-cpu", client_cpu, "pin the client to this CPU")
        ->check(CLI::Range(0, 1023));
    app.add_option("--server-cpu", server_cpu, "pin the started server to this CPU")
        ->check(CLI::Range(0, 1023));
    app.add_option("--client-nice", client_nice, "the client's niceness (default 0)")
        ->check(CLI::Range(0, 19));
    CLI11_PARSE(app, argc, argv);

    try {
        std::optional<LocalServer> server;
        if (connect.empty()) {
            server.emplace(citadel, server_threads, o.games,
                server_cpu >= 0 ? std::optional<int>(server_cpu) : std::nullopt);
            o.port       = server->port();
            o.server_pid = server->pid();
        } else {
            auto colon = connect.rfind(':');
            if (colon == std::string::npos) throw Failure("--connect: HOST:PORT");
            o.host = connect.substr(0, colon);
            o.port = static_cast<unsigned short>(std::stoi(connect.substr(colon + 1)));
        }
        if (client_cpu >= 0) pin_to(client_cpu);
        if (client_nice) setpriority(PRIO_PROCESS, 0, client_nice);
        signal(SIGPIPE, SIG_IGN);
        std::printf("citadel_load: %d games on %s:%u for %.0f s; load average %s\n", o.games,
            o.host.c_str(), o.port, o.seconds, load_average().c_str());
        std::fflush(stdout);
        LoadReport r = citadel::load::run_load(o);
        print(o, r);
        if (server) std::printf("server files at the end: %s\n", server->sizes().c_str());
        std::printf("load average at the end: %s\n", load_average().c_str());
        return r.errors.empty() && r.moves > 0 ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "citadel_load: %s\n", e.what());
        return 2;
    }
}
