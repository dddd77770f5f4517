// A token bucket: `rate` a second, bursts up to `burst`. Not thread-safe: its owner (a connection,
// on its strand; AddressRateLimit, under its lock) serialises it. AddressRateLimit: one per
// client address, for what costs the server (a game, a family, a spoken text).
#pragma once

#include <algorithm>
#include <chrono>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

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

// A RateLimit per client address, shared by the network threads. With `max_addresses`
// remembered, those whose bucket is full again are forgotten; if none is, a new address is
// refused (a flood of addresses must not grow the table without end).
class AddressRateLimit {
  public:
    AddressRateLimit(double rate, double burst, size_t max_addresses = 10000)
        : rate_(rate)
        , burst_(burst)
        , max_(max_addresses) { }
    bool allow(std::string_view address) {
        std::lock_guard lock(mutex_);
        auto            it = buckets_.find(std::string(address));
        if (it == buckets_.end()) {
            if (buckets_.size() >= max_)
                for (auto at = buckets_.begin(); at != buckets_.end();)
                    at = at->second.full() ? buckets_.erase(at) : std::next(at);
            if (buckets_.size() >= max_) return false;
            it = buckets_.try_emplace(std::string(address), rate_, burst_).first;
        }
        return it->second.allow();
    }

  private:
    std::mutex                                 mutex_;
    std::unordered_map<std::string, RateLimit> buckets_;
    double                                     rate_, burst_;
    size_t                                     max_;
};

} // namespace citadel::server
