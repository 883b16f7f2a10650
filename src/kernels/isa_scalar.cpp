// The scalar path: the reference functions behind the same table as the SIMD kernels.
#include "kernels/kernel_list.hpp"
#include "graph/program.hpp"
#include "reference/reference.hpp"
#include "tables/noise_tables.hpp"

namespace gradnoise::kernels::scalar {
namespace {

GRADNOISE_KERNEL_DECLARATIONS  // kernel_list.hpp: each definition below must match its line there

void points_2d(const detail::NoiseTables& t, const float* x, const float* y, float* out,
               std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = reference::field2(t, x[i], y[i]);
    }
}

void points_3d(const detail::NoiseTables& t, const float* x, const float* y, const float* z, float* out,
               std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = reference::field3(t, x[i], y[i], z[i]);
    }
}

void points_4d(const detail::NoiseTables& t, const float* x, const float* y, const float* z, const float* w,
               float* out, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = reference::field4(t, x[i], y[i], z[i], w[i]);
    }
}

// [S 6] x_i = origin_x + float(i) * step_x: one rounding for the product, one for the sum.
float column_coord(std::size_t i, float origin_x, float step_x) {
    float product = static_cast<float>(i) * step_x;
    return origin_x + product;
}

void row_2d(const detail::NoiseTables& t, float origin_x, float step_x, float y, float* out,
            std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = reference::field2(t, column_coord(i, origin_x, step_x), y);
    }
}

void row_3d(const detail::NoiseTables& t, float origin_x, float step_x, float y, float z, float* out,
            std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = reference::field3(t, column_coord(i, origin_x, step_x), y, z);
    }
}

// [S 6] y_j = origin_y + float(j) * step_y, as for x.
void grid_2d(const detail::NoiseTables& t, const Grid2d& g, std::size_t first, std::size_t last, float* out,
             std::size_t row_stride) noexcept {
    for (std::size_t j = first; j < last; ++j) {
        row_2d(t, g.origin_x, g.step_x, column_coord(j, g.origin_y, g.step_y), out + j * row_stride, g.size_x);
    }
}

void grid_3d(const detail::NoiseTables& t, const Grid3d& g, std::size_t first, std::size_t last, float* out,
             std::size_t row_stride, std::size_t slice_stride) noexcept {
    for (std::size_t r = first; r < last; ++r) {
        std::size_t j = r % g.size_y, k = r / g.size_y;
        row_3d(t, g.origin_x, g.step_x, column_coord(j, g.origin_y, g.step_y), column_coord(k, g.origin_z, g.step_z),
               out + k * slice_stride + j * row_stride, g.size_x);
    }
}

// [S 13] Chunk rows: per tile of columns each octave's x coordinates reduced once, per row the y
// (z) ones (reference::chunk_coordinates, as reference::chunk2/chunk3 make them per sample), then
// the reference's octave loop on those coordinates.
template <int dims, class Chunk>
void chunk_rows(const detail::NoiseTables& t, const Chunk& c, std::int64_t first_z, std::size_t first,
                std::size_t last, float* out, std::size_t row_stride, std::size_t slice_stride) noexcept {
    if (reference::chunk_in_binary64(t) || t.desc.erosion.octaves > 0) {
        // [S 13.4] the simplex families: binary64 coordinates, per sample; [S 21] erosion, per sample.
        for (std::size_t r = first; r < last; ++r) {
            const std::size_t j = dims == 3 ? r % c.size_y : r, kk = dims == 3 ? r / c.size_y : 0;
            float* row = out + kk * slice_stride + j * row_stride;
            const std::int64_t sy = c.first_y + static_cast<std::int64_t>(j);
            for (std::size_t i = 0; i < c.size_x; ++i) {
                const std::int64_t sx = c.first_x + static_cast<std::int64_t>(i);
                row[i] = dims == 3 ? reference::chunk3(t, sx, sy, first_z + static_cast<std::int64_t>(kk), c.spacing)
                                   : reference::chunk2(t, sx, sy, c.spacing);
            }
        }
        return;
    }
    constexpr std::size_t tile = 256;
    float x[max_octaves * tile];
    float y[max_octaves], z[max_octaves] = {};
    for (std::size_t x0 = 0; x0 < c.size_x; x0 += tile) {
        const std::size_t n = c.size_x - x0 < tile ? c.size_x - x0 : tile;
        reference::chunk_coordinates(t, c.spacing, 0, c.first_x + static_cast<std::int64_t>(x0), n, x);
        for (std::size_t r = first; r < last; ++r) {
            const std::size_t j = dims == 3 ? r % c.size_y : r, kk = dims == 3 ? r / c.size_y : 0;
            reference::chunk_coordinates(t, c.spacing, 1, c.first_y + static_cast<std::int64_t>(j), 1, y);
            if (dims == 3) {
                reference::chunk_coordinates(t, c.spacing, 2, first_z + static_cast<std::int64_t>(kk), 1, z);
            }
            float* row = out + kk * slice_stride + j * row_stride + x0;
            for (std::size_t i = 0; i < n; ++i) {
                row[i] = reference::octave_sum(t, dims, x + i, n, y, z);
            }
        }
    }
}

void chunk_2d(const detail::NoiseTables& t, const Chunk2d& c, std::size_t first, std::size_t last, float* out,
              std::size_t row_stride) noexcept {
    chunk_rows<2>(t, c, 0, first, last, out, row_stride, 0);
}

void chunk_3d(const detail::NoiseTables& t, const Chunk3d& c, std::size_t first, std::size_t last, float* out,
              std::size_t row_stride, std::size_t slice_stride) noexcept {
    chunk_rows<3>(t, c, c.first_z, first, last, out, row_stride, slice_stride);
}

void points_2d_f64(const detail::NoiseTables& t, const double* x, const double* y, double* out,
                   std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = reference::field2_f64(t, x[i], y[i]);
    }
}

void points_3d_f64(const detail::NoiseTables& t, const double* x, const double* y, const double* z, double* out,
                   std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = reference::field3_f64(t, x[i], y[i], z[i]);
    }
}

// [S 18] Values with gradients, point by point through the reference.
void store(const GradientOut& out, int dims, std::size_t i, const reference::Gradient& g) {
    float* const planes[5] = {out.value, out.dx, out.dy, out.dz, out.dw};
    planes[0][i] = g.value;
    for (int a = 0; a < dims; ++a) {
        planes[1 + a][i] = g.d[a];
    }
}

void points_gradient_2d(const detail::NoiseTables& t, const float* x, const float* y, const GradientOut& out,
                        std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        const float p[2] = {x[i], y[i]};
        store(out, 2, i, reference::field_gradient(t, 2, p));
    }
}

void points_gradient_3d(const detail::NoiseTables& t, const float* x, const float* y, const float* z,
                        const GradientOut& out, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        const float p[3] = {x[i], y[i], z[i]};
        store(out, 3, i, reference::field_gradient(t, 3, p));
    }
}

void points_gradient_4d(const detail::NoiseTables& t, const float* x, const float* y, const float* z, const float* w,
                        const GradientOut& out, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        const float p[4] = {x[i], y[i], z[i], w[i]};
        store(out, 4, i, reference::field_gradient(t, 4, p));
    }
}

void grid_gradient_2d(const detail::NoiseTables& t, const Grid2d& g, std::size_t first, std::size_t last,
                      const GradientOut& out, std::size_t row_stride) noexcept {
    for (std::size_t j = first; j < last; ++j) {
        const float y = column_coord(j, g.origin_y, g.step_y);
        for (std::size_t i = 0; i < g.size_x; ++i) {
            const float p[2] = {column_coord(i, g.origin_x, g.step_x), y};
            store(out, 2, j * row_stride + i, reference::field_gradient(t, 2, p));
        }
    }
}

void grid_gradient_3d(const detail::NoiseTables& t, const Grid3d& g, std::size_t first, std::size_t last,
                      const GradientOut& out, std::size_t row_stride, std::size_t slice_stride) noexcept {
    for (std::size_t r = first; r < last; ++r) {
        const std::size_t j = r % g.size_y, k = r / g.size_y;
        const float y = column_coord(j, g.origin_y, g.step_y), z = column_coord(k, g.origin_z, g.step_z);
        for (std::size_t i = 0; i < g.size_x; ++i) {
            const float p[3] = {column_coord(i, g.origin_x, g.step_x), y, z};
            store(out, 3, k * slice_stride + j * row_stride + i, reference::field_gradient(t, 3, p));
        }
    }
}

void chunk_gradient_2d(const detail::NoiseTables& t, const Chunk2d& c, std::size_t first, std::size_t last,
                       const GradientOut& out, std::size_t row_stride) noexcept {
    for (std::size_t j = first; j < last; ++j) {
        for (std::size_t i = 0; i < c.size_x; ++i) {
            const std::int64_t s[2] = {c.first_x + static_cast<std::int64_t>(i), c.first_y + static_cast<std::int64_t>(j)};
            store(out, 2, j * row_stride + i, reference::chunk_gradient(t, 2, s, c.spacing));
        }
    }
}

void chunk_gradient_3d(const detail::NoiseTables& t, const Chunk3d& c, std::size_t first, std::size_t last,
                       const GradientOut& out, std::size_t row_stride, std::size_t slice_stride) noexcept {
    for (std::size_t r = first; r < last; ++r) {
        const std::size_t j = r % c.size_y, k = r / c.size_y;
        for (std::size_t i = 0; i < c.size_x; ++i) {
            const std::int64_t s[3] = {c.first_x + static_cast<std::int64_t>(i), c.first_y + static_cast<std::int64_t>(j),
                                       c.first_z + static_cast<std::int64_t>(k)};
            store(out, 3, k * slice_stride + j * row_stride + i, reference::chunk_gradient(t, 3, s, c.spacing));
        }
    }
}

// [S 19] Graphs: the reference, node by node, at each point (grids at the grid's coordinates).
void graph_points(const detail::GraphData& d, const float* const* coords, float* out, std::size_t n) noexcept {
    const int dims = d.desc.dims;
    for (std::size_t i = 0; i < n; ++i) {
        float p[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        for (int a = 0; a < dims; ++a) {
            p[a] = coords[a][i];
        }
        out[i] = reference::graph_sample(d, p);
    }
}

void graph_grid_2d(const detail::GraphData& d, const Grid2d& g, std::size_t first, std::size_t last, float* out,
                   std::size_t row_stride) noexcept {
    for (std::size_t j = first; j < last; ++j) {
        for (std::size_t i = 0; i < g.size_x; ++i) {
            const float p[2] = {column_coord(i, g.origin_x, g.step_x), column_coord(j, g.origin_y, g.step_y)};
            out[j * row_stride + i] = reference::graph_sample(d, p);
        }
    }
}

void graph_grid_3d(const detail::GraphData& d, const Grid3d& g, std::size_t first, std::size_t last, float* out,
                   std::size_t row_stride, std::size_t slice_stride) noexcept {
    for (std::size_t r = first; r < last; ++r) {
        const std::size_t j = r % g.size_y, k = r / g.size_y;
        for (std::size_t i = 0; i < g.size_x; ++i) {
            const float p[3] = {column_coord(i, g.origin_x, g.step_x), column_coord(j, g.origin_y, g.step_y),
                                column_coord(k, g.origin_z, g.step_z)};
            out[k * slice_stride + j * row_stride + i] = reference::graph_sample(d, p);
        }
    }
}

// [S 19.6] Graphs with gradients: the reference, at each point.
void graph_points_gradient(const detail::GraphData& d, const float* const* coords, float* const* out,
                           std::size_t n) noexcept {
    const int dims = d.desc.dims;
    for (std::size_t i = 0; i < n; ++i) {
        float p[4] = {0.0f, 0.0f, 0.0f, 0.0f}, r[5];
        for (int a = 0; a < dims; ++a) {
            p[a] = coords[a][i];
        }
        reference::graph_sample_gradient(d, p, r);
        for (int a = 0; a <= dims; ++a) {
            out[a][i] = r[a];
        }
    }
}

void graph_grid_gradient_2d(const detail::GraphData& d, const Grid2d& g, std::size_t first, std::size_t last,
                            float* const* out, std::size_t row_stride) noexcept {
    for (std::size_t j = first; j < last; ++j) {
        for (std::size_t i = 0; i < g.size_x; ++i) {
            const float p[2] = {column_coord(i, g.origin_x, g.step_x), column_coord(j, g.origin_y, g.step_y)};
            float r[3];
            reference::graph_sample_gradient(d, p, r);
            for (int a = 0; a < 3; ++a) {
                out[a][j * row_stride + i] = r[a];
            }
        }
    }
}

void graph_grid_gradient_3d(const detail::GraphData& d, const Grid3d& g, std::size_t first, std::size_t last,
                            float* const* out, std::size_t row_stride, std::size_t slice_stride) noexcept {
    for (std::size_t r = first; r < last; ++r) {
        const std::size_t j = r % g.size_y, k = r / g.size_y;
        for (std::size_t i = 0; i < g.size_x; ++i) {
            const float p[3] = {column_coord(i, g.origin_x, g.step_x), column_coord(j, g.origin_y, g.step_y),
                                column_coord(k, g.origin_z, g.step_z)};
            float v[4];
            reference::graph_sample_gradient(d, p, v);
            for (int a = 0; a < 4; ++a) {
                out[a][k * slice_stride + j * row_stride + i] = v[a];
            }
        }
    }
}

}  // namespace

const KernelTable& kernel_table() noexcept {
    static constexpr KernelTable table = GRADNOISE_KERNEL_TABLE(Isa::scalar);
    return table;
}

}  // namespace gradnoise::kernels::scalar
