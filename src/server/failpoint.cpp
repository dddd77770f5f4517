#include "server/failpoint.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

namespace citadel::server {

namespace {

// The point CITADEL_FAILPOINT arms, read once, at the first point passed: NAME:N,
// NAME:N:pause=MS or NAME:N:fail. Anything else arms nothing.
struct Armed {
    Armed() {
        const char* spec  = std::getenv("CITADEL_FAILPOINT");
        const char* colon = spec ? std::strchr(spec, ':') : nullptr;
        if (!colon || colon == spec) return;
        char* rest = nullptr;
        at         = std::strtol(colon + 1, &rest, 10);
        if (std::strncmp(rest, ":pause=", 7) == 0) {
            pause_ms = std::strtol(rest + 7, &rest, 10);
            if (pause_ms <= 0) return;
        } else if (std::strcmp(rest, ":fail") == 0) {
            fail = true;
            rest += 5;
        }
        if (*rest != '\0' || at <= 0) return;
        name = std::string(spec, colon);
    }
    std::string      name; // "" when none is
    long             at       = 0;
    long             pause_ms = 0; // 0 (and not fail): the process is killed there
    bool             fail     = false;
    std::atomic_long passed{ 0 };
};

} // namespace

bool failpoint(const char* name) {
    static Armed armed;
    if (armed.name.empty() || armed.name != name) return false;
    if (armed.passed.fetch_add(1, std::memory_order_relaxed) + 1 != armed.at) return false;
    if (armed.fail) return true;
    if (armed.pause_ms == 0) std::raise(SIGKILL);
    std::this_thread::sleep_for(std::chrono::milliseconds(armed.pause_ms));
    return false;
}

} // namespace citadel::server
