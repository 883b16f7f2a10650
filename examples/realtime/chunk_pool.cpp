// The chunk slot pool (chunk_pool.hpp).
#include "chunk_pool.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>

namespace viewer {

ChunkPool::ChunkPool(int n, int lod, double view, unsigned max_in_flight)
    : n_(n), lod_(lod), view_(view), chunk_world_(n * kSampleSize),
      keep_(view + 0.5 * chunk_world_),  // hysteresis: a chunk at the edge does not flicker
      radius_(static_cast<int>(std::ceil(keep_ / chunk_world_)) + 1), map_side_(2 * radius_ + 1),
      samples_per_slot_(std::size_t(n + 1) * std::size_t(n + 1)) {
    for (int dy = -radius_; dy <= radius_; ++dy)
        for (int dx = -radius_; dx <= radius_; ++dx) {
            const double gx = std::max(std::abs(dx) - 1, 0) * chunk_world_,
                         gy = std::max(std::abs(dy) - 1, 0) * chunk_world_;
            if (gx * gx + gy * gy <= keep_ * keep_) offsets_.push_back({dx, dy});
        }
    std::stable_sort(offsets_.begin(), offsets_.end(), [](const Offset& a, const Offset& b) {
        return a.dx * a.dx + a.dy * a.dy < b.dx * b.dx + b.dy * b.dy;
    });
    // Slots in the map are at most offsets_.size(); stale ones at most the requests in flight; with
    // --lod, a chunk whose level changed stays drawn until its replacement (in flight) arrives.
    pool_ = static_cast<int>(offsets_.size() + (lod > 0 ? 2 : 1) * max_in_flight);
    // Uploads per frame: about 64K samples (16 chunks of 64, 4 of 128, 1 of 256).
    upload_budget_ = std::max(1, 65536 / (n * n));

    const int side = n + 1;
    heights_.resize(std::size_t(pool_) * samples_per_slot_);
    grads_.resize(2 * std::size_t(pool_) * samples_per_slot_);
    slots_.resize(static_cast<std::size_t>(pool_));
    free_list_.resize(static_cast<std::size_t>(pool_));
    free_count_ = pool_;
    for (int i = 0; i < pool_; ++i) free_list_[std::size_t(i)] = pool_ - 1 - i;
    height_tex_.resize(static_cast<std::size_t>(pool_));
    grad_tex_.resize(static_cast<std::size_t>(pool_));
    glGenTextures(pool_, height_tex_.data());
    glGenTextures(pool_, grad_tex_.data());
    for (int i = 0; i < pool_; ++i) {
        for (int k = 0; k < 2; ++k) {
            glBindTexture(GL_TEXTURE_2D, k == 0 ? height_tex_[std::size_t(i)] : grad_tex_[std::size_t(i)]);
            glTexImage2D(GL_TEXTURE_2D, 0, k == 0 ? GL_R32F : GL_RG32F, side, side, 0, k == 0 ? GL_RED : GL_RG,
                         GL_FLOAT, nullptr);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        }
    }
    chunk_map_.assign(std::size_t(map_side_) * map_side_, -1);
    old_map_.assign(std::size_t(map_side_) * map_side_, -1);
}

void ChunkPool::release_textures() {
    glDeleteTextures(pool_, height_tex_.data());
    glDeleteTextures(pool_, grad_tex_.data());
}

double ChunkPool::gap_to(int dx, int dy) const {
    const double x0 = dx * chunk_world_, y0 = dy * chunk_world_;
    const double gx = std::max({x0 - lx_, 0.0, lx_ - (x0 + chunk_world_)});
    const double gy = std::max({y0 - ly_, 0.0, ly_ - (y0 + chunk_world_)});
    return std::sqrt(gx * gx + gy * gy);
}

int ChunkPool::level_for(double gap) const {
    const double lod_distance = 2.0 * n_ * kSampleSize;
    int level = 0;
    for (double d = lod_distance; level < lod_ && gap >= d; d *= 2) ++level;
    return level;
}

void ChunkPool::release(int s) {
    slots_[std::size_t(s)].state = SlotState::free;
    free_list_[std::size_t(free_count_++)] = s;
}

void ChunkPool::center_on(const Camera& cam) {
    ccx_ = floor_div(cam.sx, n_);
    ccy_ = floor_div(cam.sy, n_);
    lx_ = (double(cam.sx - ccx_ * n_) + cam.fx) * kSampleSize;
    ly_ = (double(cam.sy - ccy_ * n_) + cam.fy) * kSampleSize;
}

void ChunkPool::upload_finished(ChunkWorkers& workers) {
    int uploads = 0;
    ChunkResult res;
    while (uploads < upload_budget_ && workers.try_poll(res)) {
        Slot& s = slots_[std::size_t(res.slot)];
        ++chunks_done_;
        fill_ns_total_ += res.fill_ns;
        if (s.state != SlotState::pending || !res.ok) {
            release(res.slot);
            continue;
        }
        const std::size_t base = std::size_t(res.slot) * samples_per_slot_;
        const int made = side_at(s.level);  // (the texture's corner holds a coarse chunk)
        glBindTexture(GL_TEXTURE_2D, height_tex_[std::size_t(res.slot)]);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, made, made, GL_RED, GL_FLOAT, heights_.data() + base);
        glBindTexture(GL_TEXTURE_2D, grad_tex_[std::size_t(res.slot)]);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, made, made, GL_RG, GL_FLOAT, grads_.data() + 2 * base);
        s.state = SlotState::resident;
        s.min_value = res.min_value;
        s.max_value = res.max_value;
        ++uploads;
    }
}

int ChunkPool::map_chunks() {
    std::fill(chunk_map_.begin(), chunk_map_.end(), -1);
    std::fill(old_map_.begin(), old_map_.end(), -1);
    int resident = 0;
    for (int i = 0; i < pool_; ++i) {
        Slot& s = slots_[std::size_t(i)];
        if (s.state != SlotState::pending && s.state != SlotState::resident) continue;
        const std::int64_t dx = s.cx - ccx_, dy = s.cy - ccy_;
        const bool kept = std::abs(dx) <= radius_ && std::abs(dy) <= radius_ && gap_to(int(dx), int(dy)) <= keep_;
        const std::size_t cell = kept ? cell_of(int(dx), int(dy)) : 0;
        if (kept && s.level == level_for(gap_to(int(dx), int(dy)))) {
            chunk_map_[cell] = i;
            resident += s.state == SlotState::resident;
        } else if (kept && s.state == SlotState::resident && old_map_[cell] < 0) {
            old_map_[cell] = i;  // the other level: drawn until its replacement is resident
        } else if (s.state == SlotState::resident) {
            release(i);
        } else {
            s.state = SlotState::stale;  // the worker still writes into it
        }
    }
    if (lod_ > 0) {
        for (std::size_t c = 0; c < old_map_.size(); ++c) {
            const int now = chunk_map_[c];
            if (old_map_[c] >= 0 && now >= 0 && slots_[std::size_t(now)].state == SlotState::resident) {
                release(old_map_[c]);
                old_map_[c] = -1;
            }
        }
    }
    return resident;
}

ChunkPool::Coverage ChunkPool::request_missing(ChunkWorkers& workers, GpuChunks* gpu) {
    using Clock = std::chrono::steady_clock;
    Coverage c;
    int made_on_gpu = 0;
    bool can_post = true;
    for (const Offset& o : offsets_) {
        if (gap_to(o.dx, o.dy) > view_) continue;
        ++c.wanted;
        int& m = chunk_map_[cell_of(o.dx, o.dy)];
        if (m >= 0) {
            c.resident += slots_[std::size_t(m)].state == SlotState::resident;
            continue;
        }
        if (!can_post || free_count_ == 0 || (gpu && made_on_gpu == upload_budget_)) continue;
        const int s = free_list_[std::size_t(--free_count_)];
        Slot& slot = slots_[std::size_t(s)];
        slot.cx = ccx_ + o.dx;
        slot.cy = ccy_ + o.dy;
        slot.level = level_for(gap_to(o.dx, o.dy));
        if (gpu) {
            // Made at once by the compute shader (its time here is the submission's); the heights'
            // range is the field's bound, which only makes culling a little less tight.
            const auto t0 = Clock::now();
            gpu->generate(slot.cx * n_, slot.cy * n_, height_tex_[std::size_t(s)], grad_tex_[std::size_t(s)]);
            fill_ns_total_ += std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count();
            ++chunks_done_;
            ++made_on_gpu;
            slot.state = SlotState::resident;
            slot.min_value = -kFbmBound;
            slot.max_value = kFbmBound;
            m = s;
            ++c.resident;
            continue;
        }
        // [S 13.5] Level L's sample s lies where level 0's sample s * 2^L does.
        const std::int64_t coarse = n_ >> slot.level;
        if (!workers.try_post(ChunkRequest{slot.cx * coarse, slot.cy * coarse, s, slot.level, side_at(slot.level)})) {
            free_list_[std::size_t(free_count_++)] = s;
            can_post = false;
            continue;
        }
        slot.state = SlotState::pending;
        m = s;
    }
    if (made_on_gpu > 0) gpu->finish_writes();
    return c;
}

}  // namespace viewer
