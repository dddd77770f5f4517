// HugeArray<T>: a fixed number of value-initialised Ts in memory aligned to 2 MB and offered to
// the kernel as transparent huge pages (madvise). The search's big tables (the transposition
// table, the continuation history) are read at random places: on 4 KB pages such a read mostly
// misses the TLB as well as the cache, and the page walk costs as much again (docs/engine.md,
// "Speed"). Where the kernel declines the advice, small pages serve and nothing else changes.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

namespace citadel::search {

template <class T> class HugeArray {
    // The memory goes back with free(): no element may need its destructor run.
    static_assert(std::is_trivially_destructible_v<T>);

  public:
    HugeArray() = default;
    explicit HugeArray(size_t n)
        : size_(n) {
        constexpr size_t HugePage = size_t(2) << 20;
        const size_t     bytes    = (n * sizeof(T) + HugePage - 1) / HugePage * HugePage;
        void*            memory   = std::aligned_alloc(HugePage, bytes);
        if (!memory) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
        madvise(memory, bytes, MADV_HUGEPAGE);
#endif
        data_.reset(static_cast<T*>(memory));
        std::uninitialized_value_construct_n(data_.get(), n);
    }

    size_t   size() const { return size_; }
    T*       begin() { return data_.get(); }
    T*       end() { return data_.get() + size_; }
    T&       operator[](size_t i) { return data_[i]; }
    const T& operator[](size_t i) const { return data_[i]; }

  private:
    struct Free {
        void operator()(T* p) const { std::free(p); }
    };
    std::unique_ptr<T[], Free> data_;
    size_t                     size_ = 0;
};

} // namespace citadel::search
