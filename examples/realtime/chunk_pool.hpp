// The chunk slot pool (render thread only): a fixed pool of slots, sized at start-up for the largest set
// of chunks that can be kept around the camera plus every request that can be in flight, each with its
// CPU buffers (where the workers write) and two GL textures (height R32F, gradient RG32F); the chunk
// map around the camera's chunk; and a frame's steps -- upload what the workers finished (a bounded
// number), map the slots around the camera (releasing the ones out of reach), request what is missing
// in view, nearest first. No step allocates or blocks.
#ifndef GRADNOISE_VIEWER_CHUNK_POOL_HPP
#define GRADNOISE_VIEWER_CHUNK_POOL_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

#include "chunk_workers.hpp"
#include "gl_util.hpp"
#include "gpu_chunks.hpp"
#include "world.hpp"

namespace viewer {

enum class SlotState : std::uint8_t {
    free,      // on the free list
    pending,   // requested: a worker owns its buffers until the result comes back
    stale,     // requested, then left the view: freed when the result comes back
    resident,  // uploaded and drawable
};

struct Slot {
    SlotState state = SlotState::free;
    std::int64_t cx = 0, cy = 0;  // chunk coordinates (first sample = c * chunk)
    int level = 0;                // chunk level: (chunk >> level) + 1 samples per side, 2^level apart
    float min_value = 0, max_value = 0;
};

class ChunkPool {
public:
    // Chunks of n quads per side (n + 1 samples: one shared with each neighbour, so no cracks) at levels
    // 0..lod, drawn within `view` world units; max_in_flight: the most requests the workers' rings hold.
    // Makes the buffers and the textures (the GL context must be current).
    ChunkPool(int n, int lod, double view, unsigned max_in_flight);
    ChunkPool(const ChunkPool&) = delete;
    ChunkPool& operator=(const ChunkPool&) = delete;
    // Deletes the textures (while the GL context is current).
    void release_textures();

    // Where the workers write.
    SlotStorage storage() { return {heights_.data(), grads_.data(), samples_per_slot_}; }
    int size() const { return pool_; }
    const Slot& slot(int i) const { return slots_[std::size_t(i)]; }
    GLuint height_tex(int i) const { return height_tex_[std::size_t(i)]; }
    GLuint grad_tex(int i) const { return grad_tex_[std::size_t(i)]; }
    double chunk_world() const { return chunk_world_; }
    // Chunks made so far (by the workers or the GPU), and their mean time.
    std::int64_t chunks_done() const { return chunks_done_; }
    double mean_chunk_ms() const { return chunks_done_ ? double(fill_ns_total_) / 1e6 / double(chunks_done_) : 0.0; }

    // A frame's steps, in this order. 0: where the camera is -- its chunk, and its position inside that
    // chunk in world units; from here on every coordinate is relative to that chunk, small and exact
    // whatever the origin.
    void center_on(const Camera& cam);
    // 1. Finished chunks: upload a bounded number; release the ones that left the view meanwhile.
    void upload_finished(ChunkWorkers& workers);
    // 2. The chunk map around the camera; chunks beyond reach give their slots back. The slots mapped
    // and resident (the frame log's figure).
    int map_chunks();
    // 3. Requests for missing chunks in view, nearest first, to the workers -- or, with gpu, made at once
    // on the GPU; stops when the pool or the rings are full. The chunks in view, and how many are drawn.
    struct Coverage {
        int wanted = 0, resident = 0;
    };
    Coverage request_missing(ChunkWorkers& workers, GpuChunks* gpu);
    // The chunks to draw, nearest first (a fixed order, so ties resolve the same every run):
    // f(slot number, slot, x, y), the chunk's first sample from the camera in world units.
    template <class F>
    void for_each_drawable(F&& f) const {
        for (const Offset& o : offsets_) {
            if (gap_to(o.dx, o.dy) > view_) continue;
            const std::size_t cell = cell_of(o.dx, o.dy);
            int s = chunk_map_[cell];
            if (s < 0 || slots_[std::size_t(s)].state != SlotState::resident) s = old_map_[cell];  // the other level
            if (s < 0 || slots_[std::size_t(s)].state != SlotState::resident) continue;  // not ready: not drawn
            f(s, slots_[std::size_t(s)], float(o.dx * chunk_world_ - lx_), float(o.dy * chunk_world_ - ly_));
        }
    }

private:
    struct Offset {
        int dx, dy;
    };

    // The distance from the camera to the chunk's square.
    double gap_to(int dx, int dy) const;
    // The level a chunk is made at: 0 within 2 chunk widths, then one more each time the distance doubles.
    int level_for(double gap) const;
    std::size_t cell_of(int dx, int dy) const { return std::size_t((dy + radius_) * map_side_ + (dx + radius_)); }
    int side_at(int level) const { return (n_ >> level) + 1; }
    void release(int s);

    int n_, lod_;
    double view_, chunk_world_, keep_;
    int radius_, map_side_, pool_, upload_budget_;
    std::size_t samples_per_slot_;
    std::vector<Offset> offsets_;  // every one within `keep` of some point of the camera's chunk, nearest first
    std::vector<float> heights_, grads_;
    std::vector<Slot> slots_;
    std::vector<int> free_list_;
    int free_count_;
    std::vector<GLuint> height_tex_, grad_tex_;
    std::vector<int> chunk_map_, old_map_;  // old_map_ (--lod): the other level, drawn meanwhile
    std::int64_t ccx_ = 0, ccy_ = 0;
    double lx_ = 0, ly_ = 0;
    std::int64_t chunks_done_ = 0, fill_ns_total_ = 0;
};

}  // namespace viewer

#endif
