// The transposition table: one per Engine, shared by its threads (lazy SMP). Entries are two
// relaxed atomic words, the key xor-ed with the data, so a torn write by another thread is seen
// as a miss, never as a wrong entry. Aging: each search bumps a 6-bit generation; replacement
// prefers the shallowest and oldest entry of a two-entry bucket. The buckets lie on huge pages
// where the kernel gives them (search/huge_array.h).
#pragma once

#include <atomic>
#include <cstddef>

#include "core/move.h"
#include "search/huge_array.h"

namespace citadel::search {

enum class Bound : u8 { None, Upper, Lower, Exact };

class TranspositionTable {
  public:
    struct Hit {
        Move  move;
        int   value = 0; // as stored: mate scores relative to the node (see search.h)
        int   depth = 0;
        Bound bound = Bound::None;
    };

    explicit TranspositionTable(size_t mb = 16) { resize(mb); }

    void resize(size_t mb) {
        size_t want = std::max<size_t>(mb, 1) * 1024 * 1024 / sizeof(Bucket), n = 1;
        while (n * 2 <= want) n *= 2;
        buckets_    = {}; // the old table goes first: two at once may not fit
        buckets_    = HugeArray<Bucket>(n); // zeroed: every entry empty
        mask_       = n - 1;
        generation_ = 0;
    }
    void clear() {
        for (size_t i = 0; i <= mask_; ++i)
            for (Entry& e : buckets_[i].entries) e.check.store(0, R), e.data.store(0, R);
        generation_ = 0;
    }
    void new_search() { generation_ = (generation_ + 1) & 63; }

    // Starts loading key's bucket into the cache: called as soon as a move is made, so the
    // probe at the child node finds it there instead of waiting on memory.
    void prefetch(u64 key) const { __builtin_prefetch(&bucket(key)); }

    bool probe(u64 key, Hit& hit) const {
        for (const Entry& e : bucket(key).entries) {
            u64 data = e.data.load(R);
            if ((e.check.load(R) ^ data) != key || !data) continue;
            hit.move  = Move::from_raw(u32(data & 0x1FFFFFF));
            hit.value = int((data >> 25) & 0xFFFF) - 32768;
            hit.depth = int((data >> 41) & 0xFF) - 2;
            hit.bound = Bound((data >> 49) & 3);
            return true;
        }
        return false;
    }

    void store(u64 key, Move move, int value, int depth, Bound bound) {
        Bucket& b      = bucket(key);
        Entry*  victim = &b.entries[0];
        int     worst  = 1 << 30;
        for (Entry& e : b.entries) {
            u64 data = e.data.load(R);
            if ((e.check.load(R) ^ data) == key) {
                if (move.is_none()) move = Move::from_raw(u32(data & 0x1FFFFFF));
                victim = &e;
                break;
            }
            int age   = (generation_ - int((data >> 51) & 63)) & 63;
            int worth = int((data >> 41) & 0xFF) - 8 * age;
            if (!data) worth = -1000;
            if (worth < worst) worst = worth, victim = &e;
        }
        u64 data = u64(move.raw()) | u64(value + 32768) << 25 | u64(depth + 2) << 41
            | u64(bound) << 49 | u64(generation_) << 51;
        victim->data.store(data, R);
        victim->check.store(key ^ data, R);
    }

    // Permille of a sample of entries written by this search (UCI hashfull).
    int hashfull() const {
        int used = 0, sample = int(std::min<size_t>(500, mask_ + 1));
        for (int i = 0; i < sample; ++i)
            for (const Entry& e : buckets_[i].entries) {
                u64 data = e.data.load(R);
                used += data && int((data >> 51) & 63) == generation_;
            }
        return used * 1000 / (2 * sample);
    }

  private:
    static constexpr auto R = std::memory_order_relaxed;
    struct Entry {
        std::atomic<u64> check{ 0 }, data{ 0 };
    };
    struct Bucket {
        Entry entries[2];
    };
    Bucket&       bucket(u64 key) { return buckets_[key & mask_]; }
    const Bucket& bucket(u64 key) const { return buckets_[key & mask_]; }

    HugeArray<Bucket> buckets_;
    size_t            mask_       = 0;
    int               generation_ = 0;
};

} // namespace citadel::search
