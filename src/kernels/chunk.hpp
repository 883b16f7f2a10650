// [S 13] Chunks of an unbounded world: sample numbers are 64-bit integers, and octave k's
// coordinate on an axis is chunk_coordinate(s, spacing * f_k) + k * offset -- the spec's exact
// integer reduction mod 256, made by reference::chunk_coordinates (out of line, built for the
// baseline ISA: integer arithmetic, the same on every path). Per tile of columns the x
// coordinates of every octave are reduced once; per row the y (z) ones. Perlin noise then takes
// the grid's cell-coherent fast path (kernels/grid_rows.hpp: fast_rows); other bases run the octave
// sum over batches of columns.
// Mirrors src/reference/chunk.cpp; tests/test_chunk.cpp.
#pragma once

#include "kernels/grid_rows.hpp"
#include "kernels/loops.hpp"
#include "kernels/select.hpp"
#include "reference/reference.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

template <int dims>
using ChunkOf = std::conditional_t<dims == 2, Chunk2d, Chunk3d>;

inline GridRow chunk_row(const Chunk2d&, std::size_t r) noexcept { return {r, 0}; }
inline GridRow chunk_row(const Chunk3d& c, std::size_t r) noexcept { return {r % c.size_y, r / c.size_y}; }
inline std::int64_t chunk_first_z(const Chunk2d&) noexcept { return 0; }
inline std::int64_t chunk_first_z(const Chunk3d& c) noexcept { return c.first_z; }

// Chunks of the other bases: per tile of columns and row, the octave sum over batches of columns.
template <int dims, class Base, class RowOf>
void chunk_points(const detail::NoiseTables& t, const ChunkOf<dims>& c, const Base& base, std::size_t first,
                  std::size_t last, RowOf&& row_of) noexcept {
    const detail::OctaveTable& o = t.octaves;
    constexpr std::size_t tile = 256;  // columns per tile: 32 octaves x 256 floats = 32 KiB of stack
    alignas(64) float x[max_octaves * tile];
    FastRow row{};
    for (std::size_t x0 = 0; x0 < c.size_x; x0 += tile) {
        const std::size_t n = c.size_x - x0 < tile ? c.size_x - x0 : tile;
        reference::chunk_coordinates(t, c.spacing, 0, c.first_x + static_cast<std::int64_t>(x0), n, x);
        for (std::size_t r = first; r < last; ++r) {
            row_of(r, row);
            for_each_batch<F>(row.out + x0, n, [&](std::size_t i, std::size_t m) GRADNOISE_KERNEL_LAMBDA_INLINE {
                return octave_sum<dims, F>(o, [&](int k) GRADNOISE_KERNEL_LAMBDA_INLINE {
                    const F q[3] = {load_part<F>(x + static_cast<std::size_t>(k) * n, i, m), F(row.y[k]), F(row.z[k])};
                    return base(k, q);
                });
            });
        }
    }
}

// [S 13.4] Chunks of the simplex families: binary64 coordinates (no period to reduce by), per
// tile of columns for every octave, per row for y (z); each batch's lanes as two double halves.
template <int dims, bool smooth, class P>
void chunk_simplex(const detail::NoiseTables& t, const ChunkOf<dims>& c, const SimplexBase<dims, smooth, P>& base,
                   std::size_t first, std::size_t last, float* out, std::size_t row_stride,
                   std::size_t slice_stride) noexcept {
    const detail::OctaveTable& o = t.octaves;
    constexpr std::size_t tile = 128;  // 32 octaves x (128 + a batch) doubles: 36 KiB of stack
    alignas(64) double x[max_octaves * (tile + lanes)];
    double y[max_octaves], z[max_octaves] = {};
    for (std::size_t x0 = 0; x0 < c.size_x; x0 += tile) {
        const std::size_t n = c.size_x - x0 < tile ? c.size_x - x0 : tile;
        const std::size_t stride = n + lanes;  // a batch read past the last column stays inside
        double packed[max_octaves * tile];
        reference::chunk_coordinates_f64(t, c.spacing, 0, c.first_x + static_cast<std::int64_t>(x0), n, packed);
        for (int k = 0; k < o.octaves; ++k) {
            for (std::size_t i = 0; i < stride; ++i) {
                x[static_cast<std::size_t>(k) * stride + i] = i < n ? packed[static_cast<std::size_t>(k) * n + i] : 0.0;
            }
        }
        for (std::size_t r = first; r < last; ++r) {
            const GridRow at = chunk_row(c, r);
            reference::chunk_coordinates_f64(t, c.spacing, 1, c.first_y + static_cast<std::int64_t>(at.j), 1, y);
            if constexpr (dims == 3) {
                reference::chunk_coordinates_f64(t, c.spacing, 2, chunk_first_z(c) + static_cast<std::int64_t>(at.k), 1, z);
            }
            float* row = out + at.k * slice_stride + at.j * row_stride + x0;
            for_each_batch<F>(row, n, [&](std::size_t i, std::size_t) GRADNOISE_KERNEL_LAMBDA_INLINE {
                return octave_sum<dims, F>(o, [&](int k) GRADNOISE_KERNEL_LAMBDA_INLINE {
                    const double* xs = x + static_cast<std::size_t>(k) * stride + i;
                    const Halves q[3] = {{D::load_unaligned(xs), D::load_unaligned(xs + D::size)},
                                         {D(y[k]), D(y[k])},
                                         {D(z[k]), D(z[k])}};
                    return base.at(k, q);
                });
            });
        }
    }
}

// [S 13, 18] Chunk rows with their gradients: out[0] the values, out[1 + a] component a (null:
// not written), laid out like a value chunk. The coordinates as above (float32 reduced, or
// binary64 for the simplex families), the octave loop octave_sum_gradient(). Without
// want_gradient only values are written (the damped fractal's value chunks).
template <int dims, bool want_gradient = true>
void chunk_gradient(const detail::NoiseTables& t, const ChunkOf<dims>& c, std::size_t first, std::size_t last,
                    float* const* out, std::size_t row_stride, std::size_t slice_stride) noexcept {
    const detail::OctaveTable& o = t.octaves;
    constexpr std::size_t tile = 128;
    // [S 13, 21] The erosion octaves' cell coordinates: per tile of columns for x, per row for y.
    const bool eroded = t.desc.erosion.octaves > 0;
    // [S 21.6] The exact gradient's curvature (where a gradient plane is written): octave k's
    // coordinate on one axis moved by +-delta * f_k, the step delta + delta.
    bool exact = false;
    for (int a = 1; a <= dims; ++a) {
        exact = exact || (want_gradient && eroded && out[a] != nullptr);
    }
    const float delta = t.erosion.curvature_step;
    float above[max_octaves] = {}, below[max_octaves] = {};
    for (int k = 0; k < o.octaves; ++k) {
        above[k] = delta * o.frequency[k];
        below[k] = -delta * o.frequency[k];
    }
    alignas(64) float erosion_x[detail::max_erosion_octaves * tile];
    float erosion_y[detail::max_erosion_octaves] = {};
    auto rows = [&](auto&& coordinates, auto&& at) {
        for (std::size_t x0 = 0; x0 < c.size_x; x0 += tile) {
            const std::size_t n = c.size_x - x0 < tile ? c.size_x - x0 : tile;
            coordinates(x0, n);
            if (eroded) {
                reference::erosion_chunk_coordinates(t, c.spacing, c.first_x + static_cast<std::int64_t>(x0), n, erosion_x);
            }
            for (std::size_t r = first; r < last; ++r) {
                const GridRow row = chunk_row(c, r);
                float* row_out[dims + 1];
                for (int a = 0; a <= dims; ++a) {
                    row_out[a] = out[a] == nullptr ? nullptr : out[a] + row.k * slice_stride + row.j * row_stride + x0;
                }
                at.start_row(row);
                if (eroded) {
                    reference::erosion_chunk_coordinates(t, c.spacing, c.first_y + static_cast<std::int64_t>(row.j), 1, erosion_y);
                }
                for_each_gradient_batch<dims>(row_out, n, [&](std::size_t i, std::size_t m) GRADNOISE_KERNEL_LAMBDA_INLINE {
                    auto field = [&]() GRADNOISE_KERNEL_LAMBDA_INLINE {
                        auto octave = [&](int k) GRADNOISE_KERNEL_LAMBDA_INLINE { return at(k, i, m, n); };
                        if constexpr (want_gradient && std::decay_t<decltype(at)>::curved()) {
                            return octave_sum_gradient<dims, true>(o, octave, [&](int k) { return at.second(k, i, m, n); });
                        } else {
                            return octave_sum_gradient<dims, want_gradient>(o, octave);
                        }
                    };
                    ValueGradient<dims> v = field();
                    if (eroded) {
                        auto cells = [&](int k, F* q) GRADNOISE_KERNEL_LAMBDA_INLINE {
                            q[0] = load_part<F>(erosion_x + static_cast<std::size_t>(k) * n, i, m);
                            q[1] = F(erosion_y[k]);
                        };
                        if (exact) {
                            Curvature<dims> curvature;
                            const F step(delta + delta);
                            for (int b = 0; b < dims; ++b) {
                                at.move(b, above);
                                const ValueGradient<dims> g_above = field();
                                at.move(b, below);
                                const ValueGradient<dims> g_below = field();
                                at.move(-1, above);
                                for (int a = 0; a < 2; ++a) {
                                    curvature.h[a][b] = divide(g_above.d[a] - g_below.d[a], step);
                                }
                            }
                            v = erode_cells_exact<dims>(t.erosion, cells, v, curvature);
                        } else {
                            v = erode_cells<dims>(t.erosion, cells, v);
                        }
                    }
                    return v;
                });
            }
        }
    };
    with_base<dims>(t, [&](const auto& base) {
        using Base = std::decay_t<decltype(base)>;
        if constexpr (is_simplex_base<Base>::value) {
            alignas(64) double x[max_octaves * (tile + lanes)];
            struct At {
                const Base& base;
                const ChunkOf<dims>& c;
                const detail::NoiseTables& t;
                const double* x;
                double y[max_octaves] = {}, z[max_octaves] = {};
                std::size_t stride = 0;
                int axis = -1;  // [S 21.6] the axis moved (-1: none) and each octave's move
                const float* shift = nullptr;
                void move(int a, const float* by) { axis = a; shift = by; }
                static constexpr bool curved() { return false; }
                void start_row(const GridRow& row) {
                    reference::chunk_coordinates_f64(t, c.spacing, 1, c.first_y + static_cast<std::int64_t>(row.j), 1, y);
                    if constexpr (dims == 3) {
                        reference::chunk_coordinates_f64(t, c.spacing, 2, chunk_first_z(c) + static_cast<std::int64_t>(row.k), 1, z);
                    }
                }
                GRADNOISE_KERNEL_INLINE ValueGradient<dims> operator()(int k, std::size_t i, std::size_t, std::size_t) const noexcept {
                    const double* xs = x + static_cast<std::size_t>(k) * stride + i;
                    Halves q[3] = {{D::load_unaligned(xs), D::load_unaligned(xs + D::size)}, {D(y[k]), D(y[k])}, {D(z[k]), D(z[k])}};
                    if (axis >= 0) {
                        const D by(static_cast<double>(shift[k]));
                        q[axis] = {q[axis].low + by, q[axis].high + by};
                    }
                    return base.gradient_at(k, q);
                }
            } at{base, c, t, x};
            rows(
                [&](std::size_t x0, std::size_t n) {
                    double packed[max_octaves * tile];
                    reference::chunk_coordinates_f64(t, c.spacing, 0, c.first_x + static_cast<std::int64_t>(x0), n, packed);
                    at.stride = n + lanes;  // a batch read past the last column stays inside
                    for (int k = 0; k < o.octaves; ++k) {
                        for (std::size_t i = 0; i < at.stride; ++i) {
                            x[static_cast<std::size_t>(k) * at.stride + i] = i < n ? packed[static_cast<std::size_t>(k) * n + i] : 0.0;
                        }
                    }
                },
                at);
        } else {
            alignas(64) float x[max_octaves * tile];
            struct At {
                const Base& base;
                const ChunkOf<dims>& c;
                const detail::NoiseTables& t;
                const float* x;
                float y[max_octaves] = {}, z[max_octaves] = {};
                int axis = -1;  // [S 21.6] the axis moved (-1: none) and each octave's move
                const float* shift = nullptr;
                void move(int a, const float* by) { axis = a; shift = by; }
                static constexpr bool curved() { return Base::has_hessian; }
                void start_row(const GridRow& row) {
                    reference::chunk_coordinates(t, c.spacing, 1, c.first_y + static_cast<std::int64_t>(row.j), 1, y);
                    if constexpr (dims == 3) {
                        reference::chunk_coordinates(t, c.spacing, 2, chunk_first_z(c) + static_cast<std::int64_t>(row.k), 1, z);
                    }
                }
                GRADNOISE_KERNEL_INLINE ValueGradient<dims> operator()(int k, std::size_t i, std::size_t m, std::size_t n) const noexcept {
                    F q[dims];
                    q[0] = load_part<F>(x + static_cast<std::size_t>(k) * n, i, m);
                    q[1] = F(y[k]);
                    if constexpr (dims == 3) {
                        q[2] = F(z[k]);
                    }
                    if (axis >= 0) {
                        q[axis] = q[axis] + F(shift[k]);
                    }
                    return base.gradient(k, q);
                }
                ValueHessian<dims> second(int k, std::size_t i, std::size_t m, std::size_t n) const noexcept {
                    F q[dims];
                    q[0] = load_part<F>(x + static_cast<std::size_t>(k) * n, i, m);
                    q[1] = F(y[k]);
                    if constexpr (dims == 3) {
                        q[2] = F(z[k]);
                    }
                    if (axis >= 0) {
                        q[axis] = q[axis] + F(shift[k]);
                    }
                    if constexpr (curved()) {
                        return base.hessian(k, q);
                    } else {
                        return ValueHessian<dims>{};
                    }
                }
            } at{base, c, t, x};
            rows(
                [&](std::size_t x0, std::size_t n) {
                    reference::chunk_coordinates(t, c.spacing, 0, c.first_x + static_cast<std::int64_t>(x0), n, x);
                },
                at);
        }
    });
}

template <int dims>
void chunk(const detail::NoiseTables& t, const ChunkOf<dims>& c, std::size_t first, std::size_t last, float* out,
           std::size_t row_stride, std::size_t slice_stride) noexcept {
    const detail::OctaveTable& o = t.octaves;
    if (o.kind == Fractal::damped || t.desc.erosion.octaves > 0) {  // [S 18.3, 21] values that need the gradient
        // (the gradient chunk's instantiation with the gradient planes unwritten: the same value
        // bits, and no second set of chunk kernels to compile)
        float* const values[dims + 1] = {out};
        chunk_gradient<dims>(t, c, first, last, values, row_stride, slice_stride);
        return;
    }
    auto row_of = [&](std::size_t r, auto& row) {
        const GridRow at = chunk_row(c, r);
        row.out = out + at.k * slice_stride + at.j * row_stride;
        reference::chunk_coordinates(t, c.spacing, 1, c.first_y + static_cast<std::int64_t>(at.j), 1, row.y);
        if constexpr (dims == 3) {
            reference::chunk_coordinates(t, c.spacing, 2, chunk_first_z(c) + static_cast<std::int64_t>(at.k), 1, row.z);
        }
    };
    with_base<dims>(t, [&](const auto& base) {
        using Base = std::decay_t<decltype(base)>;
        if constexpr (is_simplex_base<Base>::value) {
            chunk_simplex<dims>(t, c, base, first, last, out, row_stride, slice_stride);
        } else if constexpr (is_perlin_base<Base>::value) {
            // Chunk coordinates are finite and chunks have no pattern: nothing to finish.
            fast_rows<dims, Base::fade>(
                base.hasher, o, c.size_x, first, last,
                [&](std::size_t x0, std::size_t n, float* x) {
                    reference::chunk_coordinates(t, c.spacing, 0, c.first_x + static_cast<std::int64_t>(x0), n, x);
                },
                row_of, [](std::size_t, F v, const FastRow&) GRADNOISE_KERNEL_LAMBDA_INLINE { return v; });
        } else {
            chunk_points<dims>(t, c, base, first, last, row_of);
        }
    });
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
