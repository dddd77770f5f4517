// A token bucket: `rate` a second, bursts up to `burst`. Not thread-safe: its owner (a connection,
// on its strand; the speech routes, under their lock) serialises it.
#pragma once

#include <algorithm>
#include <chrono>

namespace citadel::server {

class RateLimit {
  public:
    RateLimit(double rate, double burst)
        : rate_(rate)
        , burst_(burst)
        , tokens_(burst) { }
    bool allow() {
        refill();
        if (tokens_ < 1) return false;
        tokens_ -= 1;
        return true;
    }
    // Whether the bucket is full again: an owner of many may forget it.
    bool full() {
        refill();
        return tokens_ >= burst_;
    }

  private:
    void refill() {
        auto now = std::chrono::steady_clock::now();
        tokens_  = std::min(
             burst_, tokens_ + rate_ * std::chrono::duration<double>(now - last_).count());
        last_ = now;
    }

    double                                rate_, burst_, tokens_;
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

} // namespace citadel::server
