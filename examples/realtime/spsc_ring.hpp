// A fixed-capacity single-producer / single-consumer ring of trivially copyable items.
//
// Why it is safe on a real-time thread: the storage is a std::array inside the object (no heap),
// push and pop are one relaxed load, one acquire load (only when the cached view of the other side
// says full/empty) and one release store -- no lock, no syscall, no waiting. A full ring makes
// try_push return false; an empty one makes try_pop return false. The caller decides what to do.
#ifndef GRADNOISE_VIEWER_SPSC_RING_HPP
#define GRADNOISE_VIEWER_SPSC_RING_HPP

#include <array>
#include <atomic>
#include <cstddef>
#include <type_traits>

namespace viewer {

template <typename T, std::size_t Capacity>
class SpscRing {
    static_assert(Capacity >= 2 && (Capacity & (Capacity - 1)) == 0, "Capacity must be a power of two");
    static_assert(std::is_trivially_copyable_v<T>, "items are copied by value");

public:
    static constexpr std::size_t capacity = Capacity;

    // Producer thread only.
    bool try_push(const T& item) noexcept {
        const std::size_t head = head_.load(std::memory_order_relaxed);
        if (head - tail_cache_ == Capacity) {
            tail_cache_ = tail_.load(std::memory_order_acquire);  // the consumer may have made room
            if (head - tail_cache_ == Capacity) return false;
        }
        items_[head & (Capacity - 1)] = item;
        head_.store(head + 1, std::memory_order_release);  // publishes the item to the consumer
        return true;
    }

    // Consumer thread only.
    bool try_pop(T& item) noexcept {
        const std::size_t tail = tail_.load(std::memory_order_relaxed);
        if (tail == head_cache_) {
            head_cache_ = head_.load(std::memory_order_acquire);  // sees the item written before the store
            if (tail == head_cache_) return false;
        }
        item = items_[tail & (Capacity - 1)];
        tail_.store(tail + 1, std::memory_order_release);  // hands the cell back to the producer
        return true;
    }

    // Either thread; a snapshot that may be stale by the time it is read.
    std::size_t size_approx() const noexcept {
        return head_.load(std::memory_order_acquire) - tail_.load(std::memory_order_acquire);
    }

private:
    // Producer and consumer fields on separate cache lines, so the two threads do not false-share.
    alignas(64) std::atomic<std::size_t> head_{0};
    std::size_t tail_cache_ = 0;  // producer's last view of tail_
    alignas(64) std::atomic<std::size_t> tail_{0};
    std::size_t head_cache_ = 0;  // consumer's last view of head_
    alignas(64) std::array<T, Capacity> items_{};
};

}  // namespace viewer

#endif
