#include "server/failpoint.h"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string>

namespace citadel::server {

namespace {

// The point CITADEL_FAILPOINT arms, read once, at the first point passed.
struct Armed {
    Armed() {
        const char* spec  = std::getenv("CITADEL_FAILPOINT");
        const char* colon = spec ? std::strrchr(spec, ':') : nullptr;
        if (!colon || colon == spec) return;
        name = std::string(spec, colon);
        at   = std::atol(colon + 1);
    }
    std::string      name; // "" when none is
    long             at = 0;
    std::atomic_long passed{ 0 };
};

} // namespace

void failpoint(const char* name) {
    static Armed armed;
    if (armed.name.empty() || armed.name != name) return;
    if (armed.passed.fetch_add(1, std::memory_order_relaxed) + 1 == armed.at) std::raise(SIGKILL);
}

} // namespace citadel::server
