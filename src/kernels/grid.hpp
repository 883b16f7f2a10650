// [S 6] Grids: the cell-coherent fast path for plain Perlin noise, written once over the
// dimension count, and rows of any other field through the point path. On a grid, x terms repeat
// down every column and y (z) terms along every row, and neighbouring samples share their
// lattice cell. So per tile of columns the x position, fraction, fade and cell are computed once
// (on the stack) for all the rows of the block; per row the y (z) terms once; and a batch whose
// lanes all lie in one cell hashes that cell once (cached while the cell stays the same) instead
// of per lane: on AVX2 that replaces the gather, the cost that dominates. Every sample goes
// through perlin_cell2/3 like noise2/noise3 at its coordinates, so the bits are the same
// (tests/test_grid.cpp compares them point by point).
#pragma once

#include "kernels/loops.hpp"
#include "kernels/select.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

template <int dims>
using GridOf = std::conditional_t<dims == 2, Grid2d, Grid3d>;

// Rows [first, last) of a grid: row r is (j, k) = (r mod size_y, r / size_y) in 3D, j = r in 2D.
struct GridRow {
    std::size_t j, k;
};
inline GridRow grid_row(const Grid2d&, std::size_t r) noexcept { return {r, 0}; }
inline GridRow grid_row(const Grid3d& g, std::size_t r) noexcept { return {r % g.size_y, r / g.size_y}; }
inline float row_z(const Grid2d&, std::size_t) noexcept { return 0.0f; }
inline float row_z(const Grid3d& g, std::size_t k) noexcept { return grid_coord(k, g.origin_z, g.step_z); }

struct ColumnTile {
    static constexpr std::size_t size = 512;  // columns per tile (a multiple of every lane count)
    static constexpr std::size_t batches = size / lanes;
    alignas(64) float frac[size];
    alignas(64) float frac1[size];  // frac - 1
    alignas(64) float fade[size];
    alignas(64) std::int32_t cell[size];
    std::int32_t batch_cell[batches];  // the cell of every lane of batch b, when uniform[b]
    bool uniform[batches];
    std::size_t count = 0;  // batches in this tile

    template <Fade fade_kind>
    void compute(std::size_t x0, std::size_t n, float origin, float step) noexcept {
        count = (n + lanes - 1) / lanes;
        for (std::size_t b = 0; b < count; ++b) {
            Axis<F> a = split(column_coords(x0 + b * lanes, origin, step));
            a.frac.store_aligned(frac + b * lanes);
            (a.frac - F(1.0f)).store_aligned(frac1 + b * lanes);
            fade_curve<fade_kind>(a.frac).store_aligned(fade + b * lanes);
            a.cell.store_aligned(cell + b * lanes);
            batch_cell[b] = cell[b * lanes];
            uniform[b] = xsimd::all(a.cell == I(batch_cell[b]));
        }
    }
};

// out[0 .. n) of one row from batches value(b), b < batches.
template <class Value>
inline void store_row(float* out, std::size_t n, std::size_t batches, Value&& value) noexcept {
    for (std::size_t b = 0; b < batches; ++b) {
        F r = value(b);
        std::size_t at = b * lanes;
        if (at + lanes <= n) {
            r.store_unaligned(out + at);
        } else {
            alignas(64) float tail[lanes];
            r.store_aligned(tail);
            std::memcpy(out + at, tail, (n - at) * sizeof(float));
        }
    }
}

// The corner codes of the cells X (per lane) and the row's (Y, Z) cell.
template <int dims, class Hasher>
struct RowCells;
template <class Hasher>
struct RowCells<2, Hasher> {
    I Y;
    GRADNOISE_KERNEL_INLINE auto corners(const Hasher& h, I X) const noexcept { return h.corners2(X, Y); }
};
template <class Hasher>
struct RowCells<3, Hasher> {
    I Y, Z;
    GRADNOISE_KERNEL_INLINE auto corners(const Hasher& h, I X) const noexcept { return h.corners3(X, Y, Z); }
};

// The y (and z) terms of one grid row, computed once for the whole row.
template <int dims, Fade fade>
struct RowTerms;
template <Fade fade>
struct RowTerms<2, fade> {
    F v;
    I py[2];
    template <class Hasher>
    GRADNOISE_KERNEL_INLINE RowTerms(const Grid2d& g, const GridRow& row, RowCells<2, Hasher>& cells) noexcept {
        const Axis<F> ay = split(F(grid_coord(row.j, g.origin_y, g.step_y)));
        v = fade_curve<fade>(ay.frac);
        py[0] = as_int(ay.frac);
        py[1] = as_int(ay.frac - F(1.0f));
        cells.Y = ay.cell;
    }
    template <class Corners>
    GRADNOISE_KERNEL_INLINE F value(const Corners& c, const I* px, F u) const noexcept {
        return perlin_cell2(c, px, py, I(0), u, v);
    }
};
template <Fade fade>
struct RowTerms<3, fade> {
    F v, w;
    I py[2], pz[2];
    template <class Hasher>
    GRADNOISE_KERNEL_INLINE RowTerms(const Grid3d& g, const GridRow& row, RowCells<3, Hasher>& cells) noexcept {
        const Axis<F> ay = split(F(grid_coord(row.j, g.origin_y, g.step_y)));
        const Axis<F> az = split(F(grid_coord(row.k, g.origin_z, g.step_z)));
        v = fade_curve<fade>(ay.frac);
        w = fade_curve<fade>(az.frac);
        py[0] = as_int(ay.frac);
        py[1] = as_int(ay.frac - F(1.0f));
        pz[0] = as_int(az.frac);
        pz[1] = as_int(az.frac - F(1.0f));
        cells.Y = ay.cell;
        cells.Z = az.cell;
    }
    template <class Corners>
    GRADNOISE_KERNEL_INLINE F value(const Corners& c, const I* px, F u) const noexcept {
        return perlin_cell3(c, px, py, pz, u, v, w);
    }
};

template <int dims, Fade fade, class Hasher>
void grid_fast(const Hasher& hasher, const GridOf<dims>& g, std::size_t first, std::size_t last, float* out,
               std::size_t row_stride, std::size_t slice_stride) noexcept {
    using Cells = RowCells<dims, Hasher>;
    using Corners = decltype(Cells{}.corners(hasher, I(0)));
    ColumnTile tile;
    for (std::size_t x0 = 0; x0 < g.size_x; x0 += ColumnTile::size) {
        const std::size_t n = g.size_x - x0 < ColumnTile::size ? g.size_x - x0 : ColumnTile::size;
        tile.compute<fade>(x0, n, g.origin_x, g.step_x);
        for (std::size_t r = first; r < last; ++r) {
            const GridRow row = grid_row(g, r);
            Cells cells{};
            const RowTerms<dims, fade> terms(g, row, cells);
            bool cached = false;
            std::int32_t cached_cell = 0;
            Corners cached_corners{};
            store_row(out + row.k * slice_stride + row.j * row_stride + x0, n, tile.count, [&](std::size_t b) {
                Corners c;
                if (tile.uniform[b]) {
                    if (!cached || cached_cell != tile.batch_cell[b]) {
                        cached_corners = cells.corners(hasher, I(tile.batch_cell[b]));
                        cached_cell = tile.batch_cell[b];
                        cached = true;
                    }
                    c = cached_corners;
                } else {
                    c = cells.corners(hasher, I::load_aligned(tile.cell + b * lanes));
                }
                const I px[2] = {as_int(F::load_aligned(tile.frac + b * lanes)),
                                 as_int(F::load_aligned(tile.frac1 + b * lanes))};
                return terms.value(c, px, F::load_aligned(tile.fade + b * lanes));
            });
        }
    }
}

// Is this base noise a hashed Perlin cell (PerlinBase), which the fast path can share per cell?
template <class Base>
struct is_perlin_base : std::false_type {};
template <Fade fade, int dims, class Hasher, class B>
struct is_perlin_base<PerlinBase<fade, dims, Hasher, B>> : std::true_type {};

template <int dims>
void grid(const detail::NoiseTables& t, const GridOf<dims>& g, std::size_t first, std::size_t last, float* out,
          std::size_t row_stride, std::size_t slice_stride) noexcept {
    with_base<dims>(t, [&](const auto& base) {
        using Base = std::decay_t<decltype(base)>;
        if constexpr (is_perlin_base<Base>::value) {
            if (plain_field(t)) {
                grid_fast<dims, Base::fade>(base.hasher, g, first, last, out, row_stride, slice_stride);
                return;
            }
        }
        with_field_of<dims>(t, base, [&](const auto& field) {
            for (std::size_t r = first; r < last; ++r) {
                const GridRow row = grid_row(g, r);
                const F vy(grid_coord(row.j, g.origin_y, g.step_y)), vz(row_z(g, row.k));
                for_each_batch<F>(out + row.k * slice_stride + row.j * row_stride, g.size_x,
                                  [&](std::size_t i, std::size_t) GRADNOISE_KERNEL_LAMBDA_INLINE {
                                      const F p[3] = {column_coords(i, g.origin_x, g.step_x), vy, vz};
                                      return field(p);
                                  });
            }
        });
    });
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
