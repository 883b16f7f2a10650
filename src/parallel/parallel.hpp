// Internal: blocks of work spread over threads, for the library's fills, the command-line tool and
// the Python module alike. With oneTBB (the build option GRADNOISE_WITH_TBB, on where oneTBB is
// found) the blocks run in a oneTBB arena; without it (the sources that include this header are then
// compiled with GRADNOISE_NO_TBB: cmake's gradnoise_parallel_sources) on a pool of std::threads
// started for the call, the caller's thread one of them. Which thread runs which
// block never changes a value: every caller writes each block's samples from their coordinates only.
#ifndef GRADNOISE_SRC_PARALLEL_PARALLEL_HPP
#define GRADNOISE_SRC_PARALLEL_PARALLEL_HPP

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#if !defined(GRADNOISE_NO_TBB)
#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>
#endif

namespace gradnoise::parallel {

inline constexpr bool have_tbb =
#if !defined(GRADNOISE_NO_TBB)
    true;
#else
    false;
#endif

// The hardware threads (at least 1).
inline unsigned hardware_threads() noexcept {
#if !defined(GRADNOISE_NO_TBB)
    return static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()));
#else
    return std::max(1u, std::thread::hardware_concurrency());
#endif
}

// What a `threads` argument means: 0 = every hardware thread; N = N, but no more than the machine
// has (more would only oversubscribe it).
inline unsigned thread_count(unsigned threads) noexcept {
    const unsigned hardware = hardware_threads();
    return threads == 0 ? hardware : std::min(threads, hardware);
}

// The threads for_blocks will use (to size blocks): thread_count(threads), or the arena's slots.
inline unsigned concurrency(unsigned threads, void* tbb_arena) noexcept {
#if !defined(GRADNOISE_NO_TBB)
    if (tbb_arena != nullptr) {
        return static_cast<unsigned>(std::max(1, static_cast<tbb::task_arena*>(tbb_arena)->max_concurrency()));
    }
#endif
    (void)tbb_arena;
    return thread_count(threads);
}

// Runs body(first, last) for the blocks [k * grain, min(count, (k + 1) * grain)) of [0, count), each
// once, on up to thread_count(threads) threads, the caller's included; returns when all are done.
// `tbb_arena` (a tbb::task_arena*, or null) runs them in the caller's arena instead; only a build with
// oneTBB takes one (the fills refuse it before this point otherwise). Throws what starting a thread
// throws (std::system_error, std::bad_alloc), or the first exception a body throws, after every
// started thread has finished.
template <class Body>
void for_blocks(std::size_t count, std::size_t grain, unsigned threads, Body&& body, void* tbb_arena = nullptr) {
    grain = std::max<std::size_t>(1, grain);
#if !defined(GRADNOISE_NO_TBB)
    auto run = [&] {
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, count, grain),
            [&](const tbb::blocked_range<std::size_t>& r) { body(r.begin(), r.end()); }, tbb::simple_partitioner());
    };
    if (tbb_arena != nullptr) {
        static_cast<tbb::task_arena*>(tbb_arena)->execute(run);
    } else if (threads == 0) {
        run();  // the caller's arena (by default every hardware thread)
    } else {
        tbb::task_arena arena(static_cast<int>(thread_count(threads)));
        arena.execute(run);
    }
#else
    (void)tbb_arena;
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex failure_lock;
    auto work = [&] {
        try {
            for (std::size_t first; (first = next.fetch_add(grain)) < count;) {
                body(first, std::min(count, first + grain));
            }
        } catch (...) {
            next.store(count);  // the others stop after their current block
            std::lock_guard<std::mutex> lock(failure_lock);
            if (!failure) {
                failure = std::current_exception();
            }
        }
    };
    const std::size_t blocks = (count + grain - 1) / grain;
    const std::size_t helpers = std::min<std::size_t>(thread_count(threads) - 1, blocks > 0 ? blocks - 1 : 0);
    std::vector<std::thread> pool;
    try {
        pool.reserve(helpers);
        for (std::size_t i = 0; i < helpers; ++i) {
            pool.emplace_back(work);
        }
    } catch (...) {
        next.store(count);
        for (std::thread& t : pool) {
            t.join();
        }
        throw;
    }
    work();
    for (std::thread& t : pool) {
        t.join();
    }
    if (failure) {
        std::rethrow_exception(failure);
    }
#endif
}

}  // namespace gradnoise::parallel

#endif
