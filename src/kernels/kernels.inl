// The entry file of the SIMD kernels: each src/kernels/isa_*.cpp defines GRADNOISE_KERNEL_ARCH (an
// xsimd arch), GRADNOISE_KERNEL_NS (a namespace) and GRADNOISE_KERNEL_ISA, then includes this file,
// so every ISA gets its own copy of every kernel compiled with its own flags. What is where:
//   ops.hpp      the only ISA-specific code: gathers, selects, byte lookups, exact divide/sqrt
//   perlin.hpp   [S 4, 5]  improved Perlin noise (float32 and binary64 share it)
//   hash.hpp     [S 3]     corner hashers: packed tables, in-register bytes, mixing
//   lattice.hpp  [S 10, 15] classic, value and isotropic bases, periods, 4D
//   simplex_common.hpp [S 16] what both simplex families share (binary64 skew, 64-bit hashes)
//   simplex.hpp  [S 16]    OpenSimplex2, 2D/3D/4D, and the simplex families' base noise
//   simplex_smooth.hpp [S 16] OpenSimplex2S, 2D/3D/4D
//   cellular.hpp [S 17]    cellular (Worley) noise, 2D/3D
//   fractal.hpp  [S 8, 11, 12]  the octave loop, warp, patterns
//   select.hpp   descriptor -> base noise and field (the one selector)
//   loops.hpp    [S 6]     batch loops over the caller's arrays, grid coordinates
//   grid_rows.hpp [S 6]    the cell-coherent grid fast path and grid rows
//   chunk.hpp    [S 13]    chunk rows from 64-bit sample numbers
// docs/architecture.md draws how a call gets here.
#include "kernels/chunk.hpp"
#include "kernels/graph.hpp"
#include "kernels/grid_gradient_rows.hpp"
#include "kernels/grid_rows.hpp"
#include "kernels/kernel_list.hpp"
#include "kernels/loops.hpp"
#include "kernels/select.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

GRADNOISE_KERNEL_DECLARATIONS  // kernel_list.hpp: each definition below must match its line there

// out[i] = field(coords[0][i], ..., coords[dims-1][i]) for i < n.
template <int dims>
void points(const detail::NoiseTables& t, const float* const* coords, float* out, std::size_t n) noexcept {
    with_field<dims>(t, [&](const auto& shared_field) {
        // Local copies of the field and the array pointers: the batch stores may alias anything, so
        // whatever the loop reads through a reference would be reloaded every batch.
        const auto field = shared_field;
        const float* in[dims];
        for (int a = 0; a < dims; ++a) {
            in[a] = coords[a];
        }
        for_each_batch<F>(out, n, [&](std::size_t i, std::size_t m) GRADNOISE_KERNEL_LAMBDA_INLINE {
            F p[dims];
            for (int a = 0; a < dims; ++a) {
                p[a] = load_part<F>(in[a], i, m);
            }
            return field(p);
        });
    });
}

void points_2d(const detail::NoiseTables& t, const float* x, const float* y, float* out, std::size_t n) noexcept {
    const float* coords[2] = {x, y};
    points<2>(t, coords, out, n);
}

void points_3d(const detail::NoiseTables& t, const float* x, const float* y, const float* z, float* out,
               std::size_t n) noexcept {
    const float* coords[3] = {x, y, z};
    points<3>(t, coords, out, n);
}

void points_4d(const detail::NoiseTables& t, const float* x, const float* y, const float* z, const float* w,
               float* out, std::size_t n) noexcept {
    const float* coords[4] = {x, y, z, w};
    points<4>(t, coords, out, n);
}

void grid_2d(const detail::NoiseTables& t, const Grid2d& g, std::size_t first, std::size_t last, float* out,
             std::size_t row_stride) noexcept {
    grid<2>(t, g, first, last, out, row_stride, 0);
}

void grid_3d(const detail::NoiseTables& t, const Grid3d& g, std::size_t first, std::size_t last, float* out,
             std::size_t row_stride, std::size_t slice_stride) noexcept {
    grid<3>(t, g, first, last, out, row_stride, slice_stride);
}

void chunk_2d(const detail::NoiseTables& t, const Chunk2d& c, std::size_t first, std::size_t last, float* out,
              std::size_t row_stride) noexcept {
    chunk<2>(t, c, first, last, out, row_stride, 0);
}

void chunk_3d(const detail::NoiseTables& t, const Chunk3d& c, std::size_t first, std::size_t last, float* out,
              std::size_t row_stride, std::size_t slice_stride) noexcept {
    chunk<3>(t, c, first, last, out, row_stride, slice_stride);
}

// [S 18] Values with gradients: out[0] = value, out[1 + a] = component a, for i < n.
template <int dims>
void points_gradient(const detail::NoiseTables& t, const float* const* coords, float* const* out, std::size_t n) noexcept {
    with_gradient_field<dims>(t, [&](const auto& shared_field) {
        const auto field = shared_field;  // local copies, as in points()
        const float* in[dims];
        for (int a = 0; a < dims; ++a) {
            in[a] = coords[a];
        }
        for_each_gradient_batch<dims>(out, n, [&](std::size_t i, std::size_t m) GRADNOISE_KERNEL_LAMBDA_INLINE {
            F p[dims];
            for (int a = 0; a < dims; ++a) {
                p[a] = load_part<F>(in[a], i, m);
            }
            return field(p);
        });
    });
}

void points_gradient_2d(const detail::NoiseTables& t, const float* x, const float* y, const GradientOut& out,
                        std::size_t n) noexcept {
    const float* coords[2] = {x, y};
    float* const planes[3] = {out.value, out.dx, out.dy};
    points_gradient<2>(t, coords, planes, n);
}

void points_gradient_3d(const detail::NoiseTables& t, const float* x, const float* y, const float* z,
                        const GradientOut& out, std::size_t n) noexcept {
    const float* coords[3] = {x, y, z};
    float* const planes[4] = {out.value, out.dx, out.dy, out.dz};
    points_gradient<3>(t, coords, planes, n);
}

void points_gradient_4d(const detail::NoiseTables& t, const float* x, const float* y, const float* z, const float* w,
                        const GradientOut& out, std::size_t n) noexcept {
    const float* coords[4] = {x, y, z, w};
    float* const planes[5] = {out.value, out.dx, out.dy, out.dz, out.dw};
    points_gradient<4>(t, coords, planes, n);
}

// [S 6, 18] Grid rows with gradients: Perlin noise's fast path, or the point path at the grid's coordinates.
template <int dims>
void grid_gradient(const detail::NoiseTables& t, const GridOf<dims>& g, std::size_t first, std::size_t last,
                   const GradientOut& out, std::size_t row_stride, std::size_t slice_stride) noexcept {
    float* const planes[4] = {out.value, out.dx, out.dy, out.dz};
    // Perlin noise and its fractals, plain 2D simplex and cellular noise: the fast paths (not the damped
    // fractal, warps or erosion: the point path).
    if (t.octaves.kind != Fractal::damped && t.desc.warp.levels == 0 && t.desc.erosion.octaves == 0) {
        bool fast = false;
        with_base<dims>(t, [&](const auto& base) {
            using Base = std::decay_t<decltype(base)>;
            if constexpr (is_perlin_base<Base>::value) {
                grid_fast_gradient<dims, Base::fade>(base.hasher, t.octaves, g, first, last, planes, row_stride,
                                                     slice_stride);
                fast = true;
            } else if constexpr (is_simplex_base<Base>::value && dims == 2) {
                if (plain_field(t) && !base.slice()) {  // [S 16.3] the cells' vertex tables
                    simplex_grid2<true>(base, g, first, last, planes, row_stride);
                    fast = true;
                }
            } else if constexpr (is_cellular_base<Base>::value) {
                if (plain_field(t) && cellular_row_output(t.desc.cellular.output)) {  // [S 17] the rows' feature tables
                    cellular_grid<dims, true>(base, g, first, last, planes, row_stride, slice_stride);
                    fast = true;
                }
            }
        });
        if (fast) {
            return;
        }
    }
    with_gradient_field<dims>(t, [&](const auto& shared_field) {
        const auto field = shared_field;
        for (std::size_t r = first; r < last; ++r) {
            const GridRow row = grid_row(g, r);
            const F vy(grid_coord(row.j, g.origin_y, g.step_y)), vz(row_z(g, row.k));
            float* row_out[dims + 1];
            for (int a = 0; a <= dims; ++a) {
                row_out[a] = planes[a] + row.k * slice_stride + row.j * row_stride;
            }
            for_each_gradient_batch<dims>(row_out, g.size_x, [&](std::size_t i, std::size_t) GRADNOISE_KERNEL_LAMBDA_INLINE {
                const F p[3] = {column_coords(i, g.origin_x, g.step_x), vy, vz};
                return field(p);
            });
        }
    });
}

void grid_gradient_2d(const detail::NoiseTables& t, const Grid2d& g, std::size_t first, std::size_t last,
                      const GradientOut& out, std::size_t row_stride) noexcept {
    grid_gradient<2>(t, g, first, last, out, row_stride, 0);
}

void grid_gradient_3d(const detail::NoiseTables& t, const Grid3d& g, std::size_t first, std::size_t last,
                      const GradientOut& out, std::size_t row_stride, std::size_t slice_stride) noexcept {
    grid_gradient<3>(t, g, first, last, out, row_stride, slice_stride);
}

void chunk_gradient_2d(const detail::NoiseTables& t, const Chunk2d& c, std::size_t first, std::size_t last,
                       const GradientOut& out, std::size_t row_stride) noexcept {
    float* const planes[3] = {out.value, out.dx, out.dy};
    chunk_gradient<2>(t, c, first, last, planes, row_stride, 0);
}

void chunk_gradient_3d(const detail::NoiseTables& t, const Chunk3d& c, std::size_t first, std::size_t last,
                       const GradientOut& out, std::size_t row_stride, std::size_t slice_stride) noexcept {
    float* const planes[4] = {out.value, out.dx, out.dy, out.dz};
    chunk_gradient<3>(t, c, first, last, planes, row_stride, slice_stride);
}

// [S 14] binary64: Perlin noise or its fractal (octave constants in double), Perlin's chain.
template <int dims>
void points_f64(const detail::NoiseTables& t, const double* const* coords, double* out, std::size_t n) noexcept {
    if constexpr (has_f64_kernel) {  // (not instantiated where the table holds nullptr)
        with_base<dims, D>(t, [&](const auto& base) {
            auto run = [&](const auto& shared_field) {
                const auto field = shared_field;  // local copies, as in points()
                const double* in[dims];
                for (int a = 0; a < dims; ++a) {
                    in[a] = coords[a];
                }
                for_each_batch<D>(out, n, [&](std::size_t i, std::size_t m) GRADNOISE_KERNEL_LAMBDA_INLINE {
                    D p[dims];
                    for (int a = 0; a < dims; ++a) {
                        p[a] = load_part<D>(in[a], i, m);
                    }
                    return field(p);
                });
            };
            if (t.octaves_f64.kind == Fractal::none) {
                run([base](const D* p) GRADNOISE_KERNEL_LAMBDA_INLINE { return base(0, p); });
            } else {
                run([base, &t](const D* p) { return fractal<dims>(base, t.octaves_f64, p); });
            }
        });
    }
}

void points_2d_f64(const detail::NoiseTables& t, const double* x, const double* y, double* out,
                   std::size_t n) noexcept {
    const double* coords[2] = {x, y};
    points_f64<2>(t, coords, out, n);
}

void points_3d_f64(const detail::NoiseTables& t, const double* x, const double* y, const double* z, double* out,
                   std::size_t n) noexcept {
    const double* coords[3] = {x, y, z};
    points_f64<3>(t, coords, out, n);
}

// [S 19] A graph's NaN results as the quiet NaN 0x7FC00000, whatever NaN the processor made.
inline void canonical_nans(float* v, std::size_t lanes) noexcept {
    const F quiet(std::numeric_limits<float>::quiet_NaN());
    for (std::size_t l = 0; l < lanes; l += F::size) {
        const F x = F::load_aligned(v + l);
        xsimd::select(x == x, x, quiet).store_aligned(v + l);
    }
}

// [S 19] Graphs: blocks of graph_block samples; the coordinates written into slots 0 .. dims - 1
// (the tail of a short block padded to whole batches: zeros, or the grid's next columns), the
// program run, the output slot's first m samples copied out.
template <class Coordinates>
void graph_blocks(const detail::GraphData& d, std::size_t n, Coordinates&& coordinates, float* out) noexcept {
    alignas(64) float slots[graph::max_graph_slots][graph_block];
    const int dims = d.program.dims;
    auto field = [&](const Instr& in, const float* const* coords, float* out, std::size_t lanes) {
        const detail::NoiseTables& t = d.fields[static_cast<std::size_t>(in.index)].tables();
        switch (dims) {
            case 2: points<2>(t, coords, out, lanes); break;
            case 3: points<3>(t, coords, out, lanes); break;
            default: points<4>(t, coords, out, lanes); break;
        }
    };
    for (std::size_t i = 0; i < n; i += graph_block) {
        const std::size_t m = n - i < graph_block ? n - i : graph_block;
        const std::size_t lanes = (m + F::size - 1) / F::size * F::size;
        coordinates(slots, i, m, lanes);
        run_program(d.program, slots, lanes, field);
        canonical_nans(slots[d.program.output], lanes);
        std::memcpy(out + i, slots[d.program.output], m * sizeof(float));
    }
}

// (Below: the gradient blocks, which graph_points and graph_row run where the graph needs them.)
template <class Coordinates>
void graph_gradient_blocks(const detail::GraphData& d, std::size_t n, Coordinates&& coordinates,
                           float* const* out, std::size_t offset, bool value_only = false) noexcept;

// The coordinates of points into gradient slots (graph_points_gradient, and graph_points where
// the graph needs its gradients).
inline auto point_gradient_coordinates(const float* const* coords, int dims) {
    return [coords, dims](GradientSlots s, std::size_t i, std::size_t m, std::size_t lanes) {
        for (int a = 0; a < dims; ++a) {
            std::memcpy(s[a][0], coords[a] + i, m * sizeof(float));
            std::memset(s[a][0] + m, 0, (lanes - m) * sizeof(float));
        }
    };
}

// The coordinates of a grid row into gradient slots.
inline auto row_gradient_coordinates(float origin_x, float step_x, const float* yz, int dims) {
    return [=](GradientSlots s, std::size_t i, std::size_t, std::size_t lanes) {
        for (std::size_t l = 0; l < lanes; l += F::size) {
            column_coords(i + l, origin_x, step_x).store_aligned(s[0][0] + l);
            for (int a = 1; a < dims; ++a) {
                F(yz[a - 1]).store_aligned(s[a][0] + l);
            }
        }
    };
}

void graph_points(const detail::GraphData& d, const float* const* coords, float* out, std::size_t n) noexcept {
    const int dims = d.program.dims;
    if (d.needs_gradient) {
        float* const planes[1] = {out};
        graph_gradient_blocks(d, n, point_gradient_coordinates(coords, dims), planes, 0, true);
        return;
    }
    graph_blocks(
        d, n,
        [&](Slots s, std::size_t i, std::size_t m, std::size_t lanes) {
            for (int a = 0; a < dims; ++a) {
                std::memcpy(s[a], coords[a] + i, m * sizeof(float));
                std::memset(s[a] + m, 0, (lanes - m) * sizeof(float));
            }
        },
        out);
}

// [S 6] One grid row: x_i by column_coords, y (and z) the row's.
void graph_row(const detail::GraphData& d, float origin_x, float step_x, std::size_t size_x, const float* yz,
               float* out) noexcept {
    const int dims = d.program.dims;
    if (d.needs_gradient) {
        float* const planes[1] = {out};
        graph_gradient_blocks(d, size_x, row_gradient_coordinates(origin_x, step_x, yz, dims), planes, 0, true);
        return;
    }
    graph_blocks(
        d, size_x,
        [&](Slots s, std::size_t i, std::size_t, std::size_t lanes) {
            for (std::size_t l = 0; l < lanes; l += F::size) {
                column_coords(i + l, origin_x, step_x).store_aligned(s[0] + l);
                for (int a = 1; a < dims; ++a) {
                    F(yz[a - 1]).store_aligned(s[a] + l);
                }
            }
        },
        out);
}

void graph_grid_2d(const detail::GraphData& d, const Grid2d& g, std::size_t first, std::size_t last, float* out,
                   std::size_t row_stride) noexcept {
    for (std::size_t j = first; j < last; ++j) {
        const float yz[1] = {grid_coord(j, g.origin_y, g.step_y)};
        graph_row(d, g.origin_x, g.step_x, g.size_x, yz, out + j * row_stride);
    }
}

void graph_grid_3d(const detail::GraphData& d, const Grid3d& g, std::size_t first, std::size_t last, float* out,
                   std::size_t row_stride, std::size_t slice_stride) noexcept {
    for (std::size_t r = first; r < last; ++r) {
        const std::size_t j = r % g.size_y, k = r / g.size_y;
        const float yz[2] = {grid_coord(j, g.origin_y, g.step_y), grid_coord(k, g.origin_z, g.step_z)};
        graph_row(d, g.origin_x, g.step_x, g.size_x, yz, out + k * slice_stride + j * row_stride);
    }
}

// [S 19.9] The erode node over a block: the input's value and gradient (planes along its own
// coordinates) eroded at the coordinates, into planes[0 .. dims].
template <int dims>
void erode_block(const detail::ErosionTable& e, const float* const* coords, const float* const* input,
                 const float* (*curvature)[4], float* const* planes, std::size_t lanes, bool value_only) noexcept {
    for (std::size_t i = 0; i < lanes; i += F::size) {
        F p[dims];
        ValueGradient<dims> in;
        in.value = F::load_aligned(input[0] + i);
        for (int a = 0; a < dims; ++a) {
            p[a] = F::load_aligned(coords[a] + i);
            in.d[a] = F::load_aligned(input[1 + a] + i);
        }
        ValueGradient<dims> r;
        if (value_only) {
            r = erode<dims>(e, p, in);  // (the same value)
        } else {
            Curvature<dims> c;
            for (int a = 0; a < 2; ++a) {
                for (int b = 0; b < dims; ++b) {
                    c.h[a][b] = F::load_aligned(curvature[a][b] + i);
                }
            }
            r = erode_cells_exact<dims>(e, [&](int k, F* q) GRADNOISE_KERNEL_LAMBDA_INLINE {
                const F frequency(e.frequency[k]);
                q[0] = p[0] * frequency;
                q[1] = p[1] * frequency;
            }, in, c);
        }
        r.value.store_aligned(planes[0] + i);
        for (int a = 0; a < dims; ++a) {
            r.d[a].store_aligned(planes[1 + a] + i);
        }
    }
}

// [S 19.6] Graphs with gradients: blocks of graph_gradient_block samples, each slot the value and
// one derivative plane per axis; the coordinates' planes start as the identity. out[0 .. dims]
// (out[0] alone where value_only: a graph whose erode nodes need its gradients for its values).
template <class Coordinates>
void graph_gradient_blocks(const detail::GraphData& d, std::size_t n, Coordinates&& coordinates,
                           float* const* out, std::size_t offset, bool value_only) noexcept {
    alignas(64) float slots[graph::max_graph_slots][5][graph::graph_gradient_block];
    const int dims = d.program.dims;
    auto field = [&](const Instr& in, const float* const* coords, float* const* planes, std::size_t lanes) {
        const detail::NoiseTables& t = d.fields[static_cast<std::size_t>(in.index)].tables();
        switch (dims) {
            case 2: points_gradient<2>(t, coords, planes, lanes); break;
            case 3: points_gradient<3>(t, coords, planes, lanes); break;
            default: points_gradient<4>(t, coords, planes, lanes); break;
        }
    };
    auto erode_op = [&](const Instr& in, const float* const* coords, const float* const* input,
                        const float* (*curvature)[4], float* const* planes, std::size_t lanes) {
        const detail::ErosionTable& e = d.fields[static_cast<std::size_t>(in.index)].tables().erosion;
        switch (dims) {
            case 2: erode_block<2>(e, coords, input, curvature, planes, lanes, value_only); break;
            case 3: erode_block<3>(e, coords, input, curvature, planes, lanes, value_only); break;
            default: erode_block<4>(e, coords, input, curvature, planes, lanes, value_only); break;
        }
    };
    for (std::size_t i = 0; i < n; i += graph::graph_gradient_block) {
        const std::size_t m = n - i < graph::graph_gradient_block ? n - i : graph::graph_gradient_block;
        const std::size_t lanes = (m + F::size - 1) / F::size * F::size;
        coordinates(slots, i, m, lanes);
        for (int a = 0; a < dims; ++a) {
            for (int b = 0; b < dims; ++b) {
                for (std::size_t l = 0; l < lanes; l += F::size) {
                    F(a == b ? 1.0f : 0.0f).store_aligned(slots[a][1 + b] + l);
                }
            }
        }
        run_program_gradient(d.program, slots, lanes, field, erode_op);
        for (int p = 0; p <= (value_only ? 0 : dims); ++p) {
            canonical_nans(slots[d.program.output][p], lanes);
            std::memcpy(out[p] + offset + i, slots[d.program.output][p], m * sizeof(float));
        }
    }
}

void graph_points_gradient(const detail::GraphData& d, const float* const* coords, float* const* out,
                           std::size_t n) noexcept {
    graph_gradient_blocks(d, n, point_gradient_coordinates(coords, d.program.dims), out, 0);
}

void graph_gradient_row(const detail::GraphData& d, float origin_x, float step_x, std::size_t size_x, const float* yz,
                        float* const* out, std::size_t offset) noexcept {
    graph_gradient_blocks(d, size_x, row_gradient_coordinates(origin_x, step_x, yz, d.program.dims), out, offset);
}

void graph_grid_gradient_2d(const detail::GraphData& d, const Grid2d& g, std::size_t first, std::size_t last,
                            float* const* out, std::size_t row_stride) noexcept {
    for (std::size_t j = first; j < last; ++j) {
        const float yz[1] = {grid_coord(j, g.origin_y, g.step_y)};
        graph_gradient_row(d, g.origin_x, g.step_x, g.size_x, yz, out, j * row_stride);
    }
}

void graph_grid_gradient_3d(const detail::GraphData& d, const Grid3d& g, std::size_t first, std::size_t last,
                            float* const* out, std::size_t row_stride, std::size_t slice_stride) noexcept {
    for (std::size_t r = first; r < last; ++r) {
        const std::size_t j = r % g.size_y, k = r / g.size_y;
        const float yz[2] = {grid_coord(j, g.origin_y, g.step_y), grid_coord(k, g.origin_z, g.step_z)};
        graph_gradient_row(d, g.origin_x, g.step_x, g.size_x, yz, out, k * slice_stride + j * row_stride);
    }
}

// Where this ISA has no binary64 kernel (has_f64_kernel), the scalar table's run instead.
constexpr KernelTable without_f64_where_absent(KernelTable table) noexcept {
    if (!has_f64_kernel) {
        table.points_2d_f64 = nullptr;
        table.points_3d_f64 = nullptr;
    }
    return table;
}

}  // namespace

const KernelTable& kernel_table() noexcept {
    static constexpr KernelTable table = without_f64_where_absent(GRADNOISE_KERNEL_TABLE(GRADNOISE_KERNEL_ISA));
    return table;
}

}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
