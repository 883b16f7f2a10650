#include "chunk_workers.hpp"

#include <algorithm>
#include <chrono>

namespace viewer {

ChunkWorkers::ChunkWorkers(const gradnoise::Noise& noise, std::size_t side, float spacing, SlotStorage storage,
                           unsigned workers)
    : noise_(noise), side_(side), spacing_(spacing), storage_(storage) {
    workers_.reserve(workers);
    for (unsigned i = 0; i < workers; ++i) {
        auto w = std::make_unique<Worker>();
        w->dx.resize(side * side);
        w->dy.resize(side * side);
        workers_.push_back(std::move(w));
    }
    // Threads start after every worker exists, so none sees a half-built vector.
    for (auto& w : workers_) w->thread = std::thread([this, p = w.get()] { run(*p); });
}

ChunkWorkers::~ChunkWorkers() {
    stop_.store(true, std::memory_order_relaxed);
    for (auto& w : workers_) w->thread.join();
}

bool ChunkWorkers::try_post(const ChunkRequest& request) noexcept {
    // Round robin over the workers, skipping full ones: a bounded loop, no waiting.
    for (std::size_t tries = 0; tries < workers_.size(); ++tries) {
        Worker& w = *workers_[next_post_];
        next_post_ = (next_post_ + 1) % static_cast<unsigned>(workers_.size());
        // Capping in_flight at the ring capacity also guarantees the worker's result ring has room.
        if (w.in_flight < ring_capacity && w.requests.try_push(request)) {
            ++w.in_flight;
            ++in_flight_total_;
            return true;
        }
    }
    return false;
}

bool ChunkWorkers::try_poll(ChunkResult& result) noexcept {
    for (std::size_t tries = 0; tries < workers_.size(); ++tries) {
        Worker& w = *workers_[next_poll_];
        next_poll_ = (next_poll_ + 1) % static_cast<unsigned>(workers_.size());
        if (w.results.try_pop(result)) {
            --w.in_flight;
            --in_flight_total_;
            return true;
        }
    }
    return false;
}

void ChunkWorkers::run(Worker& w) noexcept {
    using clock = std::chrono::steady_clock;
    unsigned idle = 0;
    while (!stop_.load(std::memory_order_relaxed)) {
        ChunkRequest req;
        if (!w.requests.try_pop(req)) {
            // Nothing to do. The worker (not the render thread) is the one that waits: a short
            // spin, then naps of 200 us, so a new request is picked up well within a frame and the
            // render thread never has to signal anything.
            if (++idle < 64)
                std::this_thread::yield();
            else
                std::this_thread::sleep_for(std::chrono::microseconds(200));
            continue;
        }
        idle = 0;
        float* height = storage_.heights + static_cast<std::size_t>(req.slot) * storage_.samples_per_slot;
        float* grad = storage_.grads + 2 * static_cast<std::size_t>(req.slot) * storage_.samples_per_slot;

        const auto t0 = clock::now();
        const std::size_t side = std::min(side_, static_cast<std::size_t>(req.side)), n = side * side;
        const gradnoise::Chunk2d chunk{req.first_x, req.first_y, side, side, spacing_, req.level};
        gradnoise::GradientOut out;
        out.value = height;
        out.dx = w.dx.data();
        out.dy = w.dy.data();
        const gradnoise::Status st = noise_.fill_chunk_gradient_2d(chunk, out);
        float lo = height[0], hi = height[0];
        for (std::size_t i = 0; i < n; ++i) {
            grad[2 * i] = w.dx[i];
            grad[2 * i + 1] = w.dy[i];
            lo = std::min(lo, height[i]);
            hi = std::max(hi, height[i]);
        }
        const auto t1 = clock::now();

        const ChunkResult res{req.slot, st.ok() ? 1 : 0,
                              std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count(), lo, hi};
        // Cannot stay full: the render thread keeps at most ring_capacity requests in flight here.
        while (!w.results.try_push(res)) {
            if (stop_.load(std::memory_order_relaxed)) return;
            std::this_thread::yield();
        }
    }
}

}  // namespace viewer
