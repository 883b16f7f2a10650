// Grid and chunk fills (docs/spec.md sections 6 and 13): argument checks, then blocks of rows on the
// calling thread or spread over threads (oneTBB's, or std::threads in a build without it:
// src/parallel/parallel.hpp). Each block runs the active ISA's grid kernel; a sample's bits depend
// only on its coordinates, so any split over any number of threads gives the same buffer.
#include <algorithm>
#include <atomic>
#include <cfloat>
#include <cmath>
#include <limits>
#include <mutex>

#include "api/dispatch.hpp"
#include "api/entry.hpp"
#include "reference/common.hpp"
#include "reference/reference.hpp"
#include "api/fp_environment.hpp"
#include "api/refusals.hpp"
#include "gradnoise/noise.hpp"
#include "graph/program.hpp"
#include "parallel/parallel.hpp"
#include "tables/noise_tables.hpp"

namespace gradnoise {
namespace {

bool finite(float v) { return std::fabs(v) <= FLT_MAX; }

constexpr std::size_t size_max = std::numeric_limits<std::size_t>::max();

struct FillMessages {
    const char* cancelled;
    const char* thread_pool;
    const char* threads;
    const char* no_tbb;
};
// The fills' refusals in their function's words (refusals.hpp).
#define GRADNOISE_FILL_MESSAGES(fn, buffers)                                                         \
    FillMessages {                                                                                    \
        GRADNOISE_CANCELLED(fn), GRADNOISE_THREAD_POOL(fn, buffers), GRADNOISE_THREADS(fn),           \
            GRADNOISE_ARENA_WITHOUT_TBB(fn)                                                           \
    }

// Rows per block: about 256K samples (over 100 microseconds of plain noise: task overhead is
// noise), but at least 8 blocks per thread so threads finish together, and at least one row.
// Measured on 4096 x 4096 plain noise with 2 threads: blocks of 1 / 4 / 16 / 64 / 256 rows took
// 6.4 / 5.7 / 5.2 / 5.0 / 5.0 ms; 8-octave fBm was flat (81-83 ms) -- docs/benchmarks-history.md.
std::size_t block_rows(std::size_t rows, std::size_t row_samples, std::size_t threads) {
    std::size_t by_size = std::max<std::size_t>(1, 262144 / std::max<std::size_t>(1, row_samples));
    std::size_t by_balance = std::max<std::size_t>(1, rows / (8 * std::max<std::size_t>(1, threads)));
    return std::min(by_size, by_balance);
}

// Runs do_rows(first, last) over [0, rows) as the options say.
template <class Rows>
Status run_rows(std::size_t rows, std::size_t row_samples, const FillOptions& o, const FillMessages& m,
                Rows&& do_rows) noexcept {
    if (o.threads > 1024) {
        return Status(ErrorCode::invalid_argument, m.threads);
    }
    if (o.tbb_arena == nullptr && o.threads == 1) {
        // The calling thread only: no TBB, no allocation, no lock.
        detail::SpecFpEnvironment fp;
        const std::size_t grain = o.progress ? block_rows(rows, row_samples, 1) : rows;
        for (std::size_t first = 0; first < rows; first += grain) {
            std::size_t last = std::min(rows, first + grain);
            do_rows(first, last);
            if (o.progress && !o.progress(o.user, last, rows)) {
                return last == rows ? Status::success() : Status(ErrorCode::cancelled, m.cancelled);
            }
        }
        return Status::success();
    }
    if (o.tbb_arena != nullptr && !parallel::have_tbb) {
        return Status(ErrorCode::invalid_argument, m.no_tbb);
    }
    try {
        std::atomic<bool> stop{false};
        std::size_t done = 0;
        std::mutex report;  // serialises the progress callback (only taken when there is one)
        const std::size_t grain = block_rows(rows, row_samples, parallel::concurrency(o.threads, o.tbb_arena));
        parallel::for_blocks(
            rows, grain, o.threads,
            [&](std::size_t first, std::size_t last) {
                if (stop.load(std::memory_order_relaxed)) {
                    return;
                }
                {
                    detail::SpecFpEnvironment fp;  // per worker: MXCSR/FPCR are per thread
                    do_rows(first, last);
                }
                if (o.progress) {
                    std::lock_guard<std::mutex> lock(report);
                    done += last - first;
                    if (!stop.load(std::memory_order_relaxed) && !o.progress(o.user, done, rows) && done < rows) {
                        stop.store(true, std::memory_order_relaxed);
                    }
                }
            },
            o.tbb_arena);
        return stop.load() ? Status(ErrorCode::cancelled, m.cancelled) : Status::success();
    } catch (...) {
        return Status(ErrorCode::thread_pool, m.thread_pool);
    }
}

// ---- buffer layout checks shared by the grid and chunk fills (messages name the caller) ----

struct LayoutMessages {
    const char* row_stride;    // row_stride below size_x
    const char* null_out;      // out is null for a non-empty buffer
    const char* row_extent;    // (size_y - 1) * row_stride + size_x overflows
    const char* slice_rows;    // 3D: size_y * row_stride overflows (packed slice_stride)
    const char* slice_stride;  // 3D: slice_stride below a slice's extent
    const char* extent;        // 3D: the whole buffer's extent overflows
    const char* rows;          // 3D: size_y * size_z overflows
};

// 2D: fills in a packed row_stride; *empty when there is nothing to write (then success).
Status check_layout_2d(std::size_t size_x, std::size_t size_y, std::size_t* row_stride, const float* out,
                       const LayoutMessages& m, bool* empty) {
    *empty = false;
    if (*row_stride == 0) {
        *row_stride = size_x;
    }
    if (*row_stride < size_x) {
        return Status(ErrorCode::size_overflow, m.row_stride);
    }
    if (size_x == 0 || size_y == 0) {
        *empty = true;
        return Status::success();
    }
    if (out == nullptr) {
        return Status(ErrorCode::null_pointer, m.null_out);
    }
    if (*row_stride > (size_max - size_x) / (size_y - 1 == 0 ? 1 : size_y - 1)) {
        return Status(ErrorCode::size_overflow, m.row_extent);
    }
    return Status::success();
}

// 3D: also fills in a packed slice_stride.
Status check_layout_3d(std::size_t size_x, std::size_t size_y, std::size_t size_z, std::size_t* row_stride,
                       std::size_t* slice_stride, const float* out, const LayoutMessages& m, bool* empty) {
    *empty = false;
    if (*row_stride == 0) {
        *row_stride = size_x;
    }
    if (*row_stride < size_x) {
        return Status(ErrorCode::size_overflow, m.row_stride);
    }
    if (size_x == 0 || size_y == 0 || size_z == 0) {
        *empty = true;
        return Status::success();
    }
    // Extent of one slice: (size_y - 1) * row_stride + size_x.
    if (*row_stride > (size_max - size_x) / (size_y - 1 == 0 ? 1 : size_y - 1)) {
        return Status(ErrorCode::size_overflow, m.row_extent);
    }
    const std::size_t slice_extent = (size_y - 1) * *row_stride + size_x;
    if (*slice_stride == 0) {
        if (*row_stride > size_max / size_y) {
            return Status(ErrorCode::size_overflow, m.slice_rows);
        }
        *slice_stride = size_y * *row_stride;
    }
    if (*slice_stride < slice_extent) {
        return Status(ErrorCode::size_overflow, m.slice_stride);
    }
    if (*slice_stride > (size_max - slice_extent) / (size_z - 1 == 0 ? 1 : size_z - 1)) {
        return Status(ErrorCode::size_overflow, m.extent);
    }
    if (out == nullptr) {
        return Status(ErrorCode::null_pointer, m.null_out);
    }
    if (size_y > size_max / size_z) {
        return Status(ErrorCode::size_overflow, m.rows);
    }
    return Status::success();
}

#define GRADNOISE_LAYOUT_2D(fn, out, buffer)                                                                     \
    LayoutMessages {                                                                                            \
        GRADNOISE_ROW_STRIDE(fn), GRADNOISE_NULL_OUT(fn, out, buffer), GRADNOISE_ROW_EXTENT(fn), nullptr, nullptr, \
            nullptr, nullptr                                                                                    \
    }
#define GRADNOISE_LAYOUT_3D(fn, out, buffer)                                                                     \
    LayoutMessages {                                                                                            \
        GRADNOISE_ROW_STRIDE(fn), GRADNOISE_NULL_OUT(fn, out, buffer), GRADNOISE_ROW_EXTENT(fn),                 \
            GRADNOISE_SLICE_ROWS(fn), GRADNOISE_SLICE_STRIDE(fn), GRADNOISE_EXTENT(fn), GRADNOISE_ROWS(fn)        \
    }

}  // namespace

Status Noise::fill_grid_2d(const Grid2d& g, float* out, std::size_t row_stride) const noexcept {
    return fill_grid_2d(g, out, row_stride, FillOptions{});
}

Status Noise::fill_grid_3d(const Grid3d& g, float* out, std::size_t row_stride, std::size_t slice_stride) const noexcept {
    return fill_grid_3d(g, out, row_stride, slice_stride, FillOptions{});
}

namespace {

// Every message of one grid function.
struct GridMessages {
    const char* origin;
    const char* step;
    const char* size;
    const char* gradient;  // its outputs: value, dx, dy (, dz) must be non-null
    LayoutMessages layout;
    FillMessages fill;    detail::GradientRefusals no_gradient;
};

// A value fill writes "out" ("the buffer"); a value+gradient fill checks out.value first, then every
// plane ("the buffers").
#define GRADNOISE_GRID_MESSAGES(dims, fn, out, planes, buffers, no_gradient)                            \
    GridMessages {                                                                                  \
        GRADNOISE_ORIGIN_##dims(fn), GRADNOISE_STEP_##dims(fn), GRADNOISE_SIZE_##dims(fn), planes,     \
            GRADNOISE_LAYOUT_##dims(fn, out, "grid"), GRADNOISE_FILL_MESSAGES(fn, buffers), no_gradient \
    }
// A value fill writes "out" and has no gradient to refuse; a value + gradient fill names its planes.
#define GRADNOISE_GRID_VALUE(dims, fn) \
    GRADNOISE_GRID_MESSAGES(dims, fn, "out", nullptr, "buffer", detail::GradientRefusals{})
#define GRADNOISE_GRID_GRADIENT(dims, fn)                                                                \
    GRADNOISE_GRID_MESSAGES(dims, fn, "out.value", GRADNOISE_PLANES_##dims(fn, "grid"), "buffers", \
                            GRADNOISE_GRADIENT_REFUSALS(fn))
constexpr GridMessages grid2_messages = GRADNOISE_GRID_VALUE(2D, "fill_grid_2d");
constexpr GridMessages grid3_messages = GRADNOISE_GRID_VALUE(3D, "fill_grid_3d");
constexpr GridMessages gradient2_messages = GRADNOISE_GRID_GRADIENT(2D, "fill_grid_gradient_2d");
constexpr GridMessages gradient3_messages = GRADNOISE_GRID_GRADIENT(3D, "fill_grid_gradient_3d");
constexpr GridMessages graph2_messages = GRADNOISE_GRID_VALUE(2D, "Graph::fill_grid_2d");
constexpr GridMessages graph3_messages = GRADNOISE_GRID_VALUE(3D, "Graph::fill_grid_3d");
constexpr GridMessages graph_gradient2_messages = GRADNOISE_GRID_GRADIENT(2D, "Graph::fill_grid_gradient_2d");
constexpr GridMessages graph_gradient3_messages = GRADNOISE_GRID_GRADIENT(3D, "Graph::fill_grid_gradient_3d");

// The checks of a 2D grid fill, then rows(first, last) over threads. gradient: out is the value
// plane of a value+gradient fill whose planes are all checked.
template <class Rows>
Status fill_2d(const NoiseDesc& desc, const Grid2d& g, const float* out, const GradientOut* gradient,
               std::size_t row_stride, const FillOptions& options, const GridMessages& m, Rows&& rows) {
    if (const char* refusal = gradient != nullptr ? detail::gradient_refusal(desc, 2, m.no_gradient) : nullptr) {
        return Status(ErrorCode::invalid_argument, refusal);
    }
    if (!finite(g.origin_x) || !finite(g.origin_y)) {
        return Status(ErrorCode::invalid_argument, m.origin);
    }
    if (!finite(g.step_x) || g.step_x == 0.0f || !finite(g.step_y) || g.step_y == 0.0f) {
        return Status(ErrorCode::invalid_argument, m.step);
    }
    if (g.size_x > max_grid_side || g.size_y > max_grid_side) {
        return Status(ErrorCode::size_overflow, m.size);
    }
    bool empty = false;
    if (Status s = check_layout_2d(g.size_x, g.size_y, &row_stride, out, m.layout, &empty); !s || empty) {
        return s;
    }
    if (gradient != nullptr && !detail::gradient_planes_present(*gradient, 2)) {
        return Status(ErrorCode::null_pointer, m.gradient);
    }
    return run_rows(g.size_y, g.size_x, options, m.fill,
                    [&](std::size_t first, std::size_t last) { rows(first, last, row_stride); });
}

template <class Rows>
Status fill_3d(const NoiseDesc& desc, const Grid3d& g, const float* out, const GradientOut* gradient,
               std::size_t row_stride, std::size_t slice_stride, const FillOptions& options, const GridMessages& m,
               Rows&& rows) {
    if (const char* refusal = gradient != nullptr ? detail::gradient_refusal(desc, 3, m.no_gradient) : nullptr) {
        return Status(ErrorCode::invalid_argument, refusal);
    }
    if (!finite(g.origin_x) || !finite(g.origin_y) || !finite(g.origin_z)) {
        return Status(ErrorCode::invalid_argument, m.origin);
    }
    if (!finite(g.step_x) || g.step_x == 0.0f || !finite(g.step_y) || g.step_y == 0.0f || !finite(g.step_z) ||
        g.step_z == 0.0f) {
        return Status(ErrorCode::invalid_argument, m.step);
    }
    if (g.size_x > max_grid_side || g.size_y > max_grid_side || g.size_z > max_grid_side) {
        return Status(ErrorCode::size_overflow, m.size);
    }
    bool empty = false;
    if (Status s = check_layout_3d(g.size_x, g.size_y, g.size_z, &row_stride, &slice_stride, out, m.layout, &empty);
        !s || empty) {
        return s;
    }
    if (gradient != nullptr && !detail::gradient_planes_present(*gradient, 3)) {
        return Status(ErrorCode::null_pointer, m.gradient);
    }
    return run_rows(g.size_y * g.size_z, g.size_x, options, m.fill,
                    [&](std::size_t first, std::size_t last) { rows(first, last, row_stride, slice_stride); });
}

}  // namespace

namespace detail {

Status fill_grid_2d(const KernelTable& k, const NoiseTables& t, const Grid2d& g, float* out, std::size_t row_stride,
                    const FillOptions& options) noexcept {
    return fill_2d(t.desc, g, out, nullptr, row_stride, options, grid2_messages,
                   [&](std::size_t first, std::size_t last, std::size_t stride) { k.grid_2d(t, g, first, last, out, stride); });
}

Status fill_grid_3d(const KernelTable& k, const NoiseTables& t, const Grid3d& g, float* out, std::size_t row_stride,
                    std::size_t slice_stride, const FillOptions& options) noexcept {
    return fill_3d(t.desc, g, out, nullptr, row_stride, slice_stride, options, grid3_messages,
                   [&](std::size_t first, std::size_t last, std::size_t rs, std::size_t ss) {
                       k.grid_3d(t, g, first, last, out, rs, ss);
                   });
}

// [S 19] Graphs: the grid checks and threads above; a graph that is one field runs that field's fill.
Status fill_graph_grid_2d(const KernelTable& k, const GraphData& d, const Grid2d& g, float* out, std::size_t row_stride,
                          const FillOptions& options) noexcept {
    if (d.program.dims != 2) {
        return Status(ErrorCode::invalid_argument, "Graph::fill_grid_2d: the graph has 3 or 4 dimensions, not 2");
    }
    if (d.single_field >= 0) {
        return fill_grid_2d(k, d.fields[static_cast<std::size_t>(d.single_field)].tables(), g, out, row_stride, options);
    }
    return fill_2d(NoiseDesc{}, g, out, nullptr, row_stride, options, graph2_messages,
                   [&](std::size_t first, std::size_t last, std::size_t stride) {
                       k.graph_grid_2d(d, g, first, last, out, stride);
                   });
}

Status fill_graph_grid_3d(const KernelTable& k, const GraphData& d, const Grid3d& g, float* out, std::size_t row_stride,
                          std::size_t slice_stride, const FillOptions& options) noexcept {
    if (d.program.dims != 3) {
        return Status(ErrorCode::invalid_argument, "Graph::fill_grid_3d: the graph has 2 or 4 dimensions, not 3");
    }
    if (d.single_field >= 0) {
        return fill_grid_3d(k, d.fields[static_cast<std::size_t>(d.single_field)].tables(), g, out, row_stride,
                            slice_stride, options);
    }
    return fill_3d(NoiseDesc{}, g, out, nullptr, row_stride, slice_stride, options, graph3_messages,
                   [&](std::size_t first, std::size_t last, std::size_t rs, std::size_t ss) {
                       k.graph_grid_3d(d, g, first, last, out, rs, ss);
                   });
}

Status fill_graph_grid_gradient_2d(const KernelTable& k, const GraphData& d, const Grid2d& g, const GradientOut& out,
                                   std::size_t row_stride, const FillOptions& options) noexcept {
    if (d.program.dims != 2) {
        return Status(ErrorCode::invalid_argument, "Graph::fill_grid_gradient_2d: the graph has 3 or 4 dimensions, not 2");
    }
    if (!d.no_gradient.empty()) {
        return Status(ErrorCode::invalid_argument, "Graph: a node has no gradient (Graph::gradient_refusal() says which)");
    }
    if (d.single_field >= 0) {
        return fill_grid_gradient_2d(k, d.fields[static_cast<std::size_t>(d.single_field)].tables(), g, out, row_stride,
                                     options);
    }
    float* const planes[3] = {out.value, out.dx, out.dy};
    return fill_2d(NoiseDesc{}, g, out.value, &out, row_stride, options, graph_gradient2_messages,
                   [&](std::size_t first, std::size_t last, std::size_t stride) {
                       k.graph_grid_gradient_2d(d, g, first, last, planes, stride);
                   });
}

Status fill_graph_grid_gradient_3d(const KernelTable& k, const GraphData& d, const Grid3d& g, const GradientOut& out,
                                   std::size_t row_stride, std::size_t slice_stride, const FillOptions& options) noexcept {
    if (d.program.dims != 3) {
        return Status(ErrorCode::invalid_argument, "Graph::fill_grid_gradient_3d: the graph has 2 or 4 dimensions, not 3");
    }
    if (!d.no_gradient.empty()) {
        return Status(ErrorCode::invalid_argument, "Graph: a node has no gradient (Graph::gradient_refusal() says which)");
    }
    if (d.single_field >= 0) {
        return fill_grid_gradient_3d(k, d.fields[static_cast<std::size_t>(d.single_field)].tables(), g, out, row_stride,
                                     slice_stride, options);
    }
    float* const planes[4] = {out.value, out.dx, out.dy, out.dz};
    return fill_3d(NoiseDesc{}, g, out.value, &out, row_stride, slice_stride, options, graph_gradient3_messages,
                   [&](std::size_t first, std::size_t last, std::size_t rs, std::size_t ss) {
                       k.graph_grid_gradient_3d(d, g, first, last, planes, rs, ss);
                   });
}

Status fill_grid_gradient_2d(const KernelTable& k, const NoiseTables& t, const Grid2d& g, const GradientOut& out,
                             std::size_t row_stride, const FillOptions& options) noexcept {
    return fill_2d(t.desc, g, out.value, &out, row_stride, options, gradient2_messages,
                   [&](std::size_t first, std::size_t last, std::size_t stride) {
                       k.grid_gradient_2d(t, g, first, last, out, stride);
                   });
}

Status fill_grid_gradient_3d(const KernelTable& k, const NoiseTables& t, const Grid3d& g, const GradientOut& out,
                             std::size_t row_stride, std::size_t slice_stride, const FillOptions& options) noexcept {
    return fill_3d(t.desc, g, out.value, &out, row_stride, slice_stride, options, gradient3_messages,
                   [&](std::size_t first, std::size_t last, std::size_t rs, std::size_t ss) {
                       k.grid_gradient_3d(t, g, first, last, out, rs, ss);
                   });
}
}  // namespace detail

// ---- chunks (spec section 13) ----

namespace {

constexpr std::int64_t int64_max = std::numeric_limits<std::int64_t>::max();

Status check_chunk_field(const NoiseDesc& d, const char* message) {
    if (d.warp.levels != 0 || d.pattern.kind != Pattern::none) {
        return Status(ErrorCode::invalid_argument, message);
    }
    return Status::success();
}

struct ChunkMessages {
    const char* field;
    const char* spacing;
    const char* level;
    const char* size;
    const char* first;
    const char* gradient;
    LayoutMessages layout;
    FillMessages fill;    detail::GradientRefusals no_gradient;
};

#define GRADNOISE_CHUNK_MESSAGES(dims, fn, grid_fn, out, planes, buffers, no_gradient)                          \
    ChunkMessages {                                                                                           \
        GRADNOISE_CHUNK_FIELD(fn, grid_fn), GRADNOISE_CHUNK_SPACING(fn), GRADNOISE_CHUNK_LEVEL(fn),            \
            GRADNOISE_SIZE_##dims(fn),                                                                         \
            GRADNOISE_CHUNK_FIRST_##dims(fn), planes, GRADNOISE_LAYOUT_##dims(fn, out, "chunk"),               \
            GRADNOISE_FILL_MESSAGES(fn, buffers), no_gradient                                                  \
    }
#define GRADNOISE_CHUNK_VALUE(dims, fn, grid_fn) \
    GRADNOISE_CHUNK_MESSAGES(dims, fn, grid_fn, "out", nullptr, "buffer", detail::GradientRefusals{})
#define GRADNOISE_CHUNK_GRADIENT(dims, fn, grid_fn)                                                                \
    GRADNOISE_CHUNK_MESSAGES(dims, fn, grid_fn, "out.value", GRADNOISE_PLANES_##dims(fn, "chunk"), "buffers", \
                             GRADNOISE_GRADIENT_REFUSALS(fn))
constexpr ChunkMessages chunk2_all = GRADNOISE_CHUNK_VALUE(2D, "fill_chunk_2d", "fill_grid_2d");
constexpr ChunkMessages chunk3_all = GRADNOISE_CHUNK_VALUE(3D, "fill_chunk_3d", "fill_grid_3d");
constexpr ChunkMessages chunk_gradient2_all =
    GRADNOISE_CHUNK_GRADIENT(2D, "fill_chunk_gradient_2d", "fill_grid_gradient_2d");
constexpr ChunkMessages chunk_gradient3_all =
    GRADNOISE_CHUNK_GRADIENT(3D, "fill_chunk_gradient_3d", "fill_grid_gradient_3d");
constexpr ChunkMessages graph_chunk2 = GRADNOISE_CHUNK_VALUE(2D, "Graph::fill_chunk_2d", "Graph::fill_grid_2d");
constexpr ChunkMessages graph_chunk3 = GRADNOISE_CHUNK_VALUE(3D, "Graph::fill_chunk_3d", "Graph::fill_grid_3d");
constexpr ChunkMessages graph_chunk_gradient2 =
    GRADNOISE_CHUNK_GRADIENT(2D, "Graph::fill_chunk_gradient_2d", "Graph::fill_grid_gradient_2d");
constexpr ChunkMessages graph_chunk_gradient3 =
    GRADNOISE_CHUNK_GRADIENT(3D, "Graph::fill_chunk_gradient_3d", "Graph::fill_grid_gradient_3d");

// [S 19.8] A graph's chunk rows: each sample's coordinates from its own 64-bit numbers (so chunks of
// one world join exactly), in blocks of 256 through the graph's point kernels (values, or values
// with gradients: planes[0 .. dims]).
void graph_chunk_rows(const kernels::KernelTable& k, const detail::GraphData& d, const std::int64_t* first,
                      std::size_t size_x, std::size_t size_y, float spacing, std::size_t row0, std::size_t row1,
                      float* const* planes, int plane_count, std::size_t row_stride, std::size_t slice_stride) {
    constexpr std::size_t block = 256;
    float coords[3][block];
    const float* in[3] = {coords[0], coords[1], coords[2]};
    const int dims = d.program.dims;
    for (std::size_t r = row0; r < row1; ++r) {
        const std::size_t j = r % size_y, kz = r / size_y;
        const float y = graph::chunk_coordinate(first[1] + static_cast<std::int64_t>(j), spacing);
        const float z = dims == 3 ? graph::chunk_coordinate(first[2] + static_cast<std::int64_t>(kz), spacing) : 0.0f;
        const std::size_t at = kz * slice_stride + j * row_stride;
        for (std::size_t i0 = 0; i0 < size_x; i0 += block) {
            const std::size_t n = std::min(block, size_x - i0);
            for (std::size_t i = 0; i < n; ++i) {
                coords[0][i] = graph::chunk_coordinate(first[0] + static_cast<std::int64_t>(i0 + i), spacing);
                coords[1][i] = y;
                coords[2][i] = z;
            }
            float* out[5] = {};
            for (int p = 0; p < plane_count; ++p) {
                out[p] = planes[p] + at + i0;
            }
            if (plane_count == 1) {
                k.graph_points(d, in, out[0], n);
            } else {
                k.graph_points_gradient(d, in, out, n);
            }
        }
    }
}

// [S 13.5] A chunk at a level is the level-0 chunk of spacing * 2^level (exact: a power of two).
template <class Chunk>
float level_spacing(const Chunk& c) noexcept {
    return std::ldexp(c.spacing, c.level);
}
template <class Chunk>
Chunk level_zero(const Chunk& c) noexcept {
    Chunk l = c;
    l.spacing = level_spacing(c);
    l.level = 0;
    return l;
}

// The checks of a chunk fill (2D: size_z = 1, first_z = 0), then rows over threads.
template <int dims, class Chunk, class Rows>
Status fill_chunk(const NoiseDesc& desc, const Chunk& c, std::int64_t first_z, std::size_t size_z, const float* out,
                  const GradientOut* gradient, std::size_t row_stride, std::size_t slice_stride,
                  const FillOptions& options, const ChunkMessages& m, Rows&& rows) {
    if (Status s = check_chunk_field(desc, m.field); !s) {
        return s;
    }
    if (c.level < 0 || c.level > max_chunk_level) {
        return Status(ErrorCode::invalid_argument, m.level);
    }
    if (const char* refusal = gradient != nullptr ? detail::gradient_refusal(desc, dims, m.no_gradient) : nullptr) {
        return Status(ErrorCode::invalid_argument, refusal);
    }
    const float spacing = level_spacing(c);
    if (!finite(spacing) || !(spacing > 0.0f) || !reference::chunk_steps_finite(desc, spacing)) {
        return Status(ErrorCode::invalid_argument, m.spacing);
    }
    if (c.size_x > max_grid_side || c.size_y > max_grid_side || size_z > max_grid_side) {
        return Status(ErrorCode::size_overflow, m.size);
    }
    if (c.first_x > int64_max - static_cast<std::int64_t>(c.size_x) ||
        c.first_y > int64_max - static_cast<std::int64_t>(c.size_y) ||
        first_z > int64_max - static_cast<std::int64_t>(size_z)) {
        return Status(ErrorCode::size_overflow, m.first);
    }
    bool empty = false;
    Status s = dims == 2 ? check_layout_2d(c.size_x, c.size_y, &row_stride, out, m.layout, &empty)
                         : check_layout_3d(c.size_x, c.size_y, size_z, &row_stride, &slice_stride, out, m.layout, &empty);
    if (!s || empty) {
        return s;
    }
    if (gradient != nullptr && !detail::gradient_planes_present(*gradient, dims)) {
        return Status(ErrorCode::null_pointer, m.gradient);
    }
    return run_rows(c.size_y * size_z, c.size_x, options, m.fill,
                    [&](std::size_t first, std::size_t last) { rows(first, last, row_stride, slice_stride); });
}

}  // namespace

namespace detail {

// [S 19.8] Graphs: the chunk checks and threads above, the coordinates of spec 19.8.
Status fill_graph_chunk_2d(const KernelTable& k, const GraphData& d, const Chunk2d& c, float* out,
                           std::size_t row_stride, const FillOptions& options) noexcept {
    if (d.program.dims != 2) {
        return Status(ErrorCode::invalid_argument, "Graph::fill_chunk_2d: the graph has 3 or 4 dimensions, not 2");
    }
    const std::int64_t first[3] = {c.first_x, c.first_y, 0};
    float* const planes[1] = {out};
    return fill_chunk<2>(NoiseDesc{}, c, 0, 1, out, nullptr, row_stride, 0, options, graph_chunk2,
                         [&](std::size_t r0, std::size_t r1, std::size_t rs, std::size_t) {
                             graph_chunk_rows(k, d, first, c.size_x, c.size_y, level_spacing(c), r0, r1, planes, 1, rs, 0);
                         });
}

Status fill_graph_chunk_3d(const KernelTable& k, const GraphData& d, const Chunk3d& c, float* out,
                           std::size_t row_stride, std::size_t slice_stride, const FillOptions& options) noexcept {
    if (d.program.dims != 3) {
        return Status(ErrorCode::invalid_argument, "Graph::fill_chunk_3d: the graph has 2 or 4 dimensions, not 3");
    }
    const std::int64_t first[3] = {c.first_x, c.first_y, c.first_z};
    float* const planes[1] = {out};
    return fill_chunk<3>(NoiseDesc{}, c, c.first_z, c.size_z, out, nullptr, row_stride, slice_stride, options,
                         graph_chunk3, [&](std::size_t r0, std::size_t r1, std::size_t rs, std::size_t ss) {
                             graph_chunk_rows(k, d, first, c.size_x, c.size_y, level_spacing(c), r0, r1, planes, 1, rs, ss);
                         });
}

Status fill_graph_chunk_gradient_2d(const KernelTable& k, const GraphData& d, const Chunk2d& c, const GradientOut& out,
                                    std::size_t row_stride, const FillOptions& options) noexcept {
    if (d.program.dims != 2) {
        return Status(ErrorCode::invalid_argument, "Graph::fill_chunk_gradient_2d: the graph has 3 or 4 dimensions, not 2");
    }
    if (!d.no_gradient.empty()) {
        return Status(ErrorCode::invalid_argument, "Graph: a node has no gradient (Graph::gradient_refusal() says which)");
    }
    const std::int64_t first[3] = {c.first_x, c.first_y, 0};
    float* const planes[3] = {out.value, out.dx, out.dy};
    return fill_chunk<2>(NoiseDesc{}, c, 0, 1, out.value, &out, row_stride, 0, options, graph_chunk_gradient2,
                         [&](std::size_t r0, std::size_t r1, std::size_t rs, std::size_t) {
                             graph_chunk_rows(k, d, first, c.size_x, c.size_y, level_spacing(c), r0, r1, planes, 3, rs, 0);
                         });
}

Status fill_graph_chunk_gradient_3d(const KernelTable& k, const GraphData& d, const Chunk3d& c, const GradientOut& out,
                                    std::size_t row_stride, std::size_t slice_stride,
                                    const FillOptions& options) noexcept {
    if (d.program.dims != 3) {
        return Status(ErrorCode::invalid_argument, "Graph::fill_chunk_gradient_3d: the graph has 2 or 4 dimensions, not 3");
    }
    if (!d.no_gradient.empty()) {
        return Status(ErrorCode::invalid_argument, "Graph: a node has no gradient (Graph::gradient_refusal() says which)");
    }
    const std::int64_t first[3] = {c.first_x, c.first_y, c.first_z};
    float* const planes[4] = {out.value, out.dx, out.dy, out.dz};
    return fill_chunk<3>(NoiseDesc{}, c, c.first_z, c.size_z, out.value, &out, row_stride, slice_stride, options,
                         graph_chunk_gradient3, [&](std::size_t r0, std::size_t r1, std::size_t rs, std::size_t ss) {
                             graph_chunk_rows(k, d, first, c.size_x, c.size_y, level_spacing(c), r0, r1, planes, 4, rs, ss);
                         });
}

Status fill_chunk_2d(const KernelTable& k, const NoiseTables& t, const Chunk2d& c, float* out,
                     std::size_t row_stride, const FillOptions& options) noexcept {
    return fill_chunk<2>(t.desc, c, 0, 1, out, nullptr, row_stride, 0, options, chunk2_all,
                         [&](std::size_t first, std::size_t last, std::size_t rs, std::size_t) {
                             k.chunk_2d(t.at_level(c.level), level_zero(c), first, last, out, rs);
                         });
}

Status fill_chunk_3d(const KernelTable& k, const NoiseTables& t, const Chunk3d& c, float* out,
                     std::size_t row_stride, std::size_t slice_stride, const FillOptions& options) noexcept {
    return fill_chunk<3>(t.desc, c, c.first_z, c.size_z, out, nullptr, row_stride, slice_stride, options, chunk3_all,
                         [&](std::size_t first, std::size_t last, std::size_t rs, std::size_t ss) {
                             k.chunk_3d(t.at_level(c.level), level_zero(c), first, last, out, rs, ss);
                         });
}

Status fill_chunk_gradient_2d(const KernelTable& k, const NoiseTables& t, const Chunk2d& c, const GradientOut& out,
                              std::size_t row_stride, const FillOptions& options) noexcept {
    return fill_chunk<2>(t.desc, c, 0, 1, out.value, &out, row_stride, 0, options, chunk_gradient2_all,
                         [&](std::size_t first, std::size_t last, std::size_t rs, std::size_t) {
                             k.chunk_gradient_2d(t.at_level(c.level), level_zero(c), first, last, out, rs);
                         });
}

Status fill_chunk_gradient_3d(const KernelTable& k, const NoiseTables& t, const Chunk3d& c, const GradientOut& out,
                              std::size_t row_stride, std::size_t slice_stride, const FillOptions& options) noexcept {
    return fill_chunk<3>(t.desc, c, c.first_z, c.size_z, out.value, &out, row_stride, slice_stride, options,
                         chunk_gradient3_all, [&](std::size_t first, std::size_t last, std::size_t rs, std::size_t ss) {
                             k.chunk_gradient_3d(t.at_level(c.level), level_zero(c), first, last, out, rs, ss);
                         });
}

}  // namespace detail

Status Noise::fill_grid_2d(const Grid2d& g, float* out, std::size_t row_stride, const FillOptions& options) const noexcept {
    return detail::fill_grid_2d(detail::active_kernels(), *tables_, g, out, row_stride, options);
}

Status Noise::fill_grid_3d(const Grid3d& g, float* out, std::size_t row_stride, std::size_t slice_stride,
                           const FillOptions& options) const noexcept {
    return detail::fill_grid_3d(detail::active_kernels(), *tables_, g, out, row_stride, slice_stride, options);
}

Status Noise::fill_chunk_2d(const Chunk2d& c, float* out, std::size_t row_stride,
                            const FillOptions& options) const noexcept {
    return detail::fill_chunk_2d(detail::active_kernels(), *tables_, c, out, row_stride, options);
}

Status Noise::fill_chunk_3d(const Chunk3d& c, float* out, std::size_t row_stride, std::size_t slice_stride,
                            const FillOptions& options) const noexcept {
    return detail::fill_chunk_3d(detail::active_kernels(), *tables_, c, out, row_stride, slice_stride, options);
}

float Noise::chunk_sample_2d(std::int64_t sx, std::int64_t sy, float spacing) const noexcept {
    detail::SpecFpEnvironment fp;
    return reference::chunk2(*tables_, sx, sy, spacing);
}

float Noise::chunk_sample_3d(std::int64_t sx, std::int64_t sy, std::int64_t sz, float spacing) const noexcept {
    detail::SpecFpEnvironment fp;
    return reference::chunk3(*tables_, sx, sy, sz, spacing);
}

Status Noise::fill_grid_gradient_2d(const Grid2d& g, const GradientOut& out, std::size_t row_stride,
                                    const FillOptions& options) const noexcept {
    return detail::fill_grid_gradient_2d(detail::active_kernels(), *tables_, g, out, row_stride, options);
}

Status Noise::fill_grid_gradient_3d(const Grid3d& g, const GradientOut& out, std::size_t row_stride,
                                    std::size_t slice_stride, const FillOptions& options) const noexcept {
    return detail::fill_grid_gradient_3d(detail::active_kernels(), *tables_, g, out, row_stride, slice_stride, options);
}

Status Noise::fill_chunk_gradient_2d(const Chunk2d& c, const GradientOut& out, std::size_t row_stride,
                                     const FillOptions& options) const noexcept {
    return detail::fill_chunk_gradient_2d(detail::active_kernels(), *tables_, c, out, row_stride, options);
}

Status Noise::fill_chunk_gradient_3d(const Chunk3d& c, const GradientOut& out, std::size_t row_stride,
                                     std::size_t slice_stride, const FillOptions& options) const noexcept {
    return detail::fill_chunk_gradient_3d(detail::active_kernels(), *tables_, c, out, row_stride, slice_stride,
                                          options);
}

}  // namespace gradnoise
