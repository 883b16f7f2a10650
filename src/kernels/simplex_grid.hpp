// [S 6, 16.3] OpenSimplex2 and OpenSimplex2S noise on a 2D grid, a batch at a time. Along a row
// at step 0.01 a lattice cell holds ~70 samples, so most batches have all their lanes in one cell
// (after the orientation): such a batch reads its vertices' gradients from a table of that cell's
// gradients, filled once (one vector hash for all of the cell's vertices) and kept while the cell
// stays, instead of hashing and looking up every vertex per lane. Every other operation is the
// point path's in its order -- the same kernel bodies, opensimplex2_cell2 / opensimplex2s_cell2,
// given CellVertices2 instead of LaneVertices2 -- so the bits are the point path's
// (tests/test_grid.cpp compares every sample, both variants, every ISA). Batches over several
// cells take the point path's per-lane hashes. Gradient grids run the same bodies with their
// gradients (tests/test_gradient_isa.cpp).
#pragma once

#include <cmath>

#include "kernels/grid_columns.hpp"
#include "kernels/simplex.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// The gradients of every vertex a 2D kernel body may read around one cell (X, Y).
template <class P, bool smooth>
struct SimplexCellTable2 {
    static constexpr const Step2* list = smooth ? opensimplex2s_vertices2 : opensimplex2_vertices2;
    static constexpr std::size_t count = smooth ? std::size(opensimplex2s_vertices2) : std::size(opensimplex2_vertices2);
    static constexpr std::size_t padded = (count + lanes - 1) / lanes * lanes;
    alignas(64) float gx[padded];
    alignas(64) float gy[padded];
    std::int32_t X = 0, Y = 0;
    bool valid = false;

    // Whether every lane of the cells is this table's cell.
    GRADNOISE_KERNEL_INLINE bool holds(I cx, I cy) const noexcept {
        return valid && xsimd::all((cx == I(X)) & (cy == I(Y)));
    }

    // Vertex v's primed coordinates are primed(X + i_v), primed(Y + j_v): in wrapping arithmetic the
    // point path's primed(X) + i_v * prime (the cells are far inside int32: spec 16.1's extent).
    void fill(const P& p, typename P::Int seed, std::int32_t cell_x, std::int32_t cell_y) noexcept {
        alignas(64) std::int32_t step_i[padded] = {}, step_j[padded] = {};
        for (std::size_t v = 0; v < count; ++v) {
            step_i[v] = list[v].i;
            step_j[v] = list[v].j;
        }
        for (std::size_t at = 0; at < count; at += lanes) {
            F g[2];
            p.two(seed, P::primed(I(cell_x) + I::load_aligned(step_i + at), 0),
                  P::primed(I(cell_y) + I::load_aligned(step_j + at), 1), g);
            g[0].store_aligned(gx + at);
            g[1].store_aligned(gy + at);
        }
        X = cell_x;
        Y = cell_y;
        valid = true;
    }
};

// LaneVertices2's interface over a cell's table: the same gradient vectors, as broadcasts.
template <class P, bool smooth>
struct CellVertices2 {
    using Arith = P;
    using Table = SimplexCellTable2<P, smooth>;
    const Table& table;

    static constexpr std::size_t slot(Step2 v) noexcept {
        for (std::size_t n = 0; n < Table::count; ++n) {
            if (Table::list[n].i == v.i && Table::list[n].j == v.j) {
                return n;
            }
        }
        return Table::count;  // not a vertex of the table: refused below at compile time
    }
    template <Step2 v>
    GRADNOISE_KERNEL_INLINE F component(int axis) const noexcept {
        static_assert(slot(v) < Table::count, "a vertex the kernel reads is missing from its vertex list");
        return F(axis == 0 ? table.gx[slot(v)] : table.gy[slot(v)]);
    }
    template <Step2 v>
    GRADNOISE_KERNEL_INLINE void fixed(F* g) const noexcept {
        g[0] = component<v>(0);
        g[1] = component<v>(1);
    }
    template <Step2 a, Step2 b>
    GRADNOISE_KERNEL_INLINE void either(FMask m, F* g) const noexcept {
        for (int axis = 0; axis < 2; ++axis) {
            g[axis] = xsimd::select(m, component<a>(axis), component<b>(axis));
        }
    }
    template <Step2 la, Step2 lb, Step2 ha, Step2 hb>
    GRADNOISE_KERNEL_INLINE void either4(FMask lower, FMask pick_low, FMask pick_high, F* g) const noexcept {
        for (int axis = 0; axis < 2; ++axis) {
            g[axis] = xsimd::select(lower, xsimd::select(pick_low, component<la>(axis), component<lb>(axis)),
                                    xsimd::select(pick_high, component<ha>(axis), component<hb>(axis)));
        }
    }
};

// Rows [first, last) of a grid of plain 2D OpenSimplex2 / 2S noise (no fractal, warp or pattern):
// planes[0] the values; with_gradient, planes[1] and planes[2] d/dx and d/dy, as SimplexBase::gradient
// gives them ([S 18.4]: the kernel body's sums taken to the input frame by to_input).
// (Out of line: inlined into the selector's dispatch, it crowded GCC's inlining there out of the
// Perlin fractal grids' loops: NEON fBm-6 grids counted 3.5 % more instructions.)
template <bool with_gradient, bool smooth, class P>
GRADNOISE_KERNEL_OUTLINE void simplex_grid2(const SimplexBase<2, smooth, P>& base, const Grid2d& g, std::size_t first,
                                            std::size_t last, float* const* planes, std::size_t row_stride) noexcept {
    using Base = SimplexBase<2, smooth, P>;
    auto body = [](const auto& vertices, F xi, F yi) GRADNOISE_KERNEL_LAMBDA_INLINE {
        if constexpr (smooth) {
            return opensimplex2s_cell2<with_gradient>(vertices, xi, yi);
        } else {
            return opensimplex2_cell2<with_gradient>(vertices, xi, yi);
        }
    };
    SimplexCellTable2<P, smooth> table;
    const std::size_t batches = (g.size_x + lanes - 1) / lanes;
    // The columns' coordinates run monotonically from the first to the last: if both ends are inside
    // the lattice's extent, so is every column, and inside()'s selects change nothing.
    auto within = [](float v) { return std::fabs(v) < Base::extent; };
    const bool columns_inside = within(g.origin_x) && within(g.origin_x + static_cast<float>(g.size_x - 1) * g.step_x);
    // One batch; inside: every lane is inside the extent (no selects, no clamps: the same values).
    auto batch = [&]<bool inside>(F x, F y) GRADNOISE_KERNEL_LAMBDA_INLINE {
        const F q[2] = {x, y};
        typename P::Coord c[2], s[2];
        FMask ok(true);
        if constexpr (inside) {
            c[0] = Base::coordinate(q[0]);
            c[1] = Base::coordinate(q[1]);
        } else {
            ok = Base::inside(q, c);
        }
        P::orient(base.orientation.orientation2, Base::constants, c, s);
        const SimplexCell cx = P::template cell<false, inside>(s[0]), cy = P::template cell<false, inside>(s[1]);
        bool uniform = table.holds(cx.cell, cy.cell);
        if (!uniform) {
            const std::int32_t X = first_lane(cx.cell), Y = first_lane(cy.cell);
            uniform = xsimd::all((cx.cell == I(X)) & (cy.cell == I(Y)));
            if (uniform) {
                table.fill(base.arith, base.seed, X, Y);
            }
        }
        SimplexResult<2, with_gradient> v;
        if (uniform) {
            v = body(CellVertices2<P, smooth>{table}, cx.frac, cy.frac);
        } else {
            v = body(LaneVertices2<P>{base.arith, base.seed, P::primed(cx.cell, 0), P::primed(cy.cell, 1)}, cx.frac, cy.frac);
        }
        if constexpr (with_gradient) {
            return base.to_input(ok, v);
        } else {
            return inside ? v : xsimd::select(ok, v, F(0.0f));
        }
    };
    auto store = [&](float* const* row_out, std::size_t b, const SimplexResult<2, with_gradient>& v) GRADNOISE_KERNEL_LAMBDA_INLINE {
        if constexpr (with_gradient) {
            store_batch(row_out[0], g.size_x, b, v.value);
            store_batch(row_out[1], g.size_x, b, v.d[0]);
            store_batch(row_out[2], g.size_x, b, v.d[1]);
        } else {
            store_batch(row_out[0], g.size_x, b, v);
        }
    };
    for (std::size_t r = first; r < last; ++r) {
        float* const row_out[3] = {planes[0] + r * row_stride, with_gradient ? planes[1] + r * row_stride : nullptr,
                                   with_gradient ? planes[2] + r * row_stride : nullptr};
        const float row_y = grid_coord(r, g.origin_y, g.step_y);
        const F y(row_y);
        if (columns_inside && within(row_y)) {
            for (std::size_t b = 0; b < batches; ++b) {
                store(row_out, b, batch.template operator()<true>(column_coords(b * lanes, g.origin_x, g.step_x), y));
            }
        } else {
            for (std::size_t b = 0; b < batches; ++b) {
                store(row_out, b, batch.template operator()<false>(column_coords(b * lanes, g.origin_x, g.step_x), y));
            }
        }
    }
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
