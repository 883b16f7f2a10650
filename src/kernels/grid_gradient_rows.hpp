// [S 6, 8, 18] Gradient grids: Perlin noise and its fractals with their analytic gradients on the
// cell-coherent fast path of kernels/grid_rows.hpp -- the same column terms (with the fades'
// derivatives), the same row tables (holding each corner's gradient vector too), and the octave step
// the point path runs (fractal.hpp: octave_gradient_step), so every sample has the points' bits
// (tests/test_gradient_isa.cpp compares them on every ISA).
#pragma once

#include "kernels/fractal.hpp"
#include "kernels/grid_rows.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// [S 6, 8, 18] Perlin noise and its fractals (every kind but the damped one) with their gradient on a
// grid, through the fast path's column terms and the row tables with the corners' gradient vectors:
// each octave of a grid is itself a grid, and a pass of rows runs octave by octave, each sample getting
// octave_gradient_step()'s operations in fractal_gradient()'s order (plain noise: PerlinBase::gradient's),
// so the bits are the point path's. planes[0] the values, planes[1 + a] d/da.
template <int dims, Fade fade, class Hasher>
void grid_fast_gradient(const Hasher& hasher, const detail::OctaveTable& o, const GridOf<dims>& g, std::size_t first,
                        std::size_t last, float* const* planes, std::size_t row_stride, std::size_t slice_stride) noexcept {
    const Fractal kind = o.kind;  // (locals: the stores below may alias o)
    const bool plain = kind == Fractal::none, weighted = kind == Fractal::ridged;  // (only ridged carries a weight)
    const int octaves = plain ? 1 : o.octaves;
    ColumnTerms cols(octaves);
    alignas(64) float x[ColumnTerms::capacity];
    RowGradients<dims, true> table;
    // A pass's running sums per sample: the value, the ridged weight, and their derivatives.
    constexpr std::size_t pass_capacity = 1024, most_rows = 16;
    enum : int { sum_at = 0, weight_at = 1, dsum_at = 2, dweight_at = 2 + dims, parts = 2 + 2 * dims };
    alignas(64) float state[parts][pass_capacity];
    float octave_y[most_rows][max_octaves], octave_z[most_rows][max_octaves];  // each row's, per octave
    auto store = [&](std::size_t r, std::size_t x0, std::size_t n, std::size_t b, const ValueGradient<dims>& v) {
        const GridRow at = grid_row(g, r);
        const std::size_t offset = at.k * slice_stride + at.j * row_stride + x0;
        store_batch(planes[0] + offset, n, b, v.value);
        for (int a = 0; a < dims; ++a) {
            store_batch(planes[1 + a] + offset, n, b, v.d[a]);
        }
    };
    for (std::size_t x0 = 0; x0 < g.size_x; x0 += cols.width) {
        const std::size_t n = g.size_x - x0 < cols.width ? g.size_x - x0 : cols.width;
        const std::size_t batches = (n + lanes - 1) / lanes;
        for (int k = 0; k < octaves; ++k) {
            const F f(o.frequency[k]), offset(o.offset[0][k]);
            float* xk = x + static_cast<std::size_t>(k) * n;
            for_each_batch<F>(xk, n, [&](std::size_t i, std::size_t) {
                const F p = column_coords(x0 + i, g.origin_x, g.step_x);
                return plain ? p : p * f + offset;  // fractal_gradient()'s p * f_k + o_k
            });
            cols.compute<fade, true>(k, n, xk);
        }
        if (plain) {
            for (std::size_t r = first; r < last; ++r) {
                const GridRow at = grid_row(g, r);
                octave_row_values<dims, fade, true>(hasher, cols, 0, batches, grid_coord(at.j, g.origin_y, g.step_y),
                                                    row_z(g, at.k), table, [&](std::size_t b, const ValueGradient<dims>& v) {
                                                        store(r, x0, n, b, v);
                                                    });
            }
            continue;
        }
        const std::size_t stride = batches * lanes;
        const std::size_t fit = pass_capacity / stride;
        const std::size_t per_pass = fit < most_rows ? (fit < 1 ? 1 : fit) : most_rows;
        for (std::size_t r0 = first; r0 < last; r0 += per_pass) {
            const std::size_t count = last - r0 < per_pass ? last - r0 : per_pass;
            for (std::size_t r = 0; r < count; ++r) {
                const GridRow at = grid_row(g, r0 + r);
                const float y = grid_coord(at.j, g.origin_y, g.step_y), z = row_z(g, at.k);
                for (int k = 0; k < octaves; ++k) {
                    octave_y[r][k] = y * o.frequency[k] + o.offset[1][k];
                    octave_z[r][k] = z * o.frequency[k] + o.offset[2][k];
                }
            }
            for (std::size_t i = 0; i < count * stride; i += lanes) {
                F(o.bias[dims]).store_aligned(state[sum_at] + i);  // [S 8.1] +0 without a band limit
                F(1.0f).store_aligned(state[weight_at] + i);
                for (int a = 0; a < dims; ++a) {
                    F(0.0f).store_aligned(state[dsum_at + a] + i);
                    F(0.0f).store_aligned(state[dweight_at + a] + i);
                }
            }
            for (int k = 0; k < octaves; ++k) {
                const F amplitude(o.amplitude[k]), frequency(o.frequency[k]);
                for (std::size_t r = 0; r < count; ++r) {
                    octave_row_values<dims, fade, true>(
                        hasher, cols, k, batches, octave_y[r][k], octave_z[r][k], table,
                        [&](std::size_t b, const ValueGradient<dims>& v) {
                            const std::size_t i = r * stride + b * lanes;
                            F sum = F::load_aligned(state[sum_at] + i), weight(1.0f), dsum[dims], dweight[dims];
                            for (int a = 0; a < dims; ++a) {
                                dsum[a] = F::load_aligned(state[dsum_at + a] + i);
                                dweight[a] = F(0.0f);
                            }
                            if (weighted) {
                                weight = F::load_aligned(state[weight_at] + i);
                                for (int a = 0; a < dims; ++a) {
                                    dweight[a] = F::load_aligned(state[dweight_at + a] + i);
                                }
                            }
                            octave_gradient_step<dims>(kind, amplitude, frequency, v, sum, weight, dsum, dweight);
                            sum.store_aligned(state[sum_at] + i);
                            for (int a = 0; a < dims; ++a) {
                                dsum[a].store_aligned(state[dsum_at + a] + i);
                            }
                            if (weighted) {
                                weight.store_aligned(state[weight_at] + i);
                                for (int a = 0; a < dims; ++a) {
                                    dweight[a].store_aligned(state[dweight_at + a] + i);
                                }
                            }
                        });
                }
            }
            for (std::size_t r = 0; r < count; ++r) {
                const GridRow at = grid_row(g, r0 + r);
                const F y(grid_coord(at.j, g.origin_y, g.step_y)), z(row_z(g, at.k));
                for (std::size_t b = 0; b < batches; ++b) {
                    const std::size_t i = r * stride + b * lanes;
                    F dsum[dims];
                    for (int a = 0; a < dims; ++a) {
                        dsum[a] = F::load_aligned(state[dsum_at + a] + i);
                    }
                    ValueGradient<dims> v = octave_gradient_total<dims>(o, F::load_aligned(state[sum_at] + i), dsum);
                    const F p[3] = {column_coords(x0 + b * lanes, g.origin_x, g.step_x), y, z};
                    const auto ok = all_finite<dims>(p);  // fractal_gradient(): non-finite p give +0
                    v.value = xsimd::select(ok, v.value, F(0.0f));
                    for (int a = 0; a < dims; ++a) {
                        v.d[a] = xsimd::select(ok, v.d[a], F(0.0f));
                    }
                    store(r0 + r, x0, n, b, v);
                }
            }
        }
    }
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
