// Worker threads that fill terrain chunks for the render thread.
//
// Each worker owns one request ring and one result ring (render thread -> worker -> render thread),
// so every ring has exactly one producer and one consumer and needs no lock. The chunk data goes
// straight into the slot buffers the render thread preallocated; a ring item only names the slot.
#ifndef GRADNOISE_VIEWER_CHUNK_WORKERS_HPP
#define GRADNOISE_VIEWER_CHUNK_WORKERS_HPP

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "gradnoise/noise.hpp"
#include "spsc_ring.hpp"

namespace viewer {

struct ChunkRequest {
    std::int64_t first_x, first_y;  // sample numbers of the chunk's first sample (at its level)
    std::int32_t slot;
    std::int32_t level;  // the chunk level (Chunk2d::level): samples 2^level * spacing apart
    std::int32_t side;   // samples per side, at most the workers' side
};

struct ChunkResult {
    std::int32_t slot;
    std::int32_t ok;       // 0: the fill failed (the slot is then released, not drawn)
    std::int64_t fill_ns;  // steady_clock time around the fill (and the gradient interleave)
    float min_value, max_value;
};

// Where the workers write: slot s's heights are heights[s * samples .. +samples) and its gradients
// (dx, dy interleaved, for one RG32F texture) grads[2 * s * samples .. +2 * samples).
struct SlotStorage {
    float* heights = nullptr;
    float* grads = nullptr;
    std::size_t samples_per_slot = 0;
};

class ChunkWorkers {
public:
    static constexpr std::size_t ring_capacity = 32;  // requests in flight per worker, at most

    // side: the most samples per chunk side a request fills (the chunk size + 1, for the overlap with
    // neighbours; a coarser level fills fewer, into the start of its slot).
    ChunkWorkers(const gradnoise::Noise& noise, std::size_t side, float spacing, SlotStorage storage, unsigned workers);
    ~ChunkWorkers();
    ChunkWorkers(const ChunkWorkers&) = delete;
    ChunkWorkers& operator=(const ChunkWorkers&) = delete;

    unsigned workers() const noexcept { return static_cast<unsigned>(workers_.size()); }

    // Render thread only. Never blocks: false when every worker already has ring_capacity requests.
    bool try_post(const ChunkRequest& request) noexcept;
    // Render thread only. Never blocks: false when no result is waiting.
    bool try_poll(ChunkResult& result) noexcept;
    // Requests posted and not yet polled back.
    unsigned in_flight() const noexcept { return in_flight_total_; }

private:
    struct Worker {
        SpscRing<ChunkRequest, ring_capacity> requests;
        SpscRing<ChunkResult, ring_capacity> results;
        std::vector<float> dx, dy;  // scratch for the library's structure-of-arrays output
        unsigned in_flight = 0;     // render thread's count for this worker
        std::thread thread;
    };

    void run(Worker& worker) noexcept;

    gradnoise::Noise noise_;
    std::size_t side_;
    float spacing_;
    SlotStorage storage_;
    std::atomic<bool> stop_{false};
    std::vector<std::unique_ptr<Worker>> workers_;  // sized once in the constructor
    unsigned next_post_ = 0, next_poll_ = 0, in_flight_total_ = 0;
};

}  // namespace viewer

#endif
