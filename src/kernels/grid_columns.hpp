// [S 6] What every grid fast path shares (kernels/grid_rows.hpp: Perlin; kernels/cellular_grid.hpp:
// cellular noise): a grid's rows, and the column terms of a tile of columns computed once for all
// its rows -- each octave's fraction, fade and cell per column, and per batch which cells its lanes
// span.
#pragma once

#include "kernels/loops.hpp"
#include "kernels/perlin.hpp"

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

// Column terms of every octave for a tile of columns: octave k's fraction, fraction - 1, fade and cell
// of column i at [k * width + i], and per batch whether all its lanes lie in one cell. Sized for a
// 16 KiB budget: 512 columns of plain noise, fewer per tile the more octaves a fractal has.
struct ColumnTerms {
    static constexpr std::size_t capacity = 1024;  // columns x octaves
    static constexpr std::size_t max_width = 512;  // a multiple of every lane count
    alignas(64) float frac[capacity];
    alignas(64) float frac1[capacity];  // frac - 1
    alignas(64) float fade[capacity];
    alignas(64) float dfade[capacity];  // [S 18.1] the fade's derivative (gradient grids only)
    alignas(64) std::int32_t cell[capacity];
    std::int32_t batch_cell[capacity / lanes];  // the lowest cell of batch b's lanes
    bool uniform[capacity / lanes];             // all of them in that cell
    bool windowed[capacity / lanes];            // all in that cell .. that cell + lanes - 1, within its row
    bool near[capacity / lanes];                // all in that cell .. that cell + lanes - 1
    std::int64_t first_cell[max_octaves];       // the lowest and highest cell of octave k's columns
    std::int64_t last_cell[max_octaves];
    std::size_t width = 0;                      // columns per octave

    explicit ColumnTerms(int octaves) noexcept {
        const std::size_t fit = capacity / static_cast<std::size_t>(octaves) / lanes * lanes;
        width = fit < max_width ? fit : max_width;
    }

    // Octave k's terms of n columns from their coordinates x[0 .. n).
    template <Fade fade_kind, bool derivative = false>
    void compute(int k, std::size_t n, const float* x) noexcept {
        const std::size_t first = static_cast<std::size_t>(k) * width;
        first_cell[k] = INT64_MAX;
        last_cell[k] = INT64_MIN;
        for (std::size_t at = 0; at < n; at += lanes) {
            const std::size_t m = n - at < lanes ? n - at : lanes;
            const Axis<F> a = split(load_part<F>(x, at, m));
            const std::size_t i = first + at, b = i / lanes;
            a.frac.store_aligned(frac + i);
            (a.frac - F(1.0f)).store_aligned(frac1 + i);
            fade_curve<fade_kind>(a.frac).store_aligned(fade + i);
            if constexpr (derivative) {
                fade_derivative<fade_kind>(a.frac).store_aligned(dfade + i);
            }
            a.cell.store_aligned(cell + i);
            std::int64_t lo = cell[i], hi = cell[i];  // over the m wanted lanes (the padding is dropped)
            for (std::size_t lane = 1; lane < m; ++lane) {
                lo = cell[i + lane] < lo ? cell[i + lane] : lo;
                hi = cell[i + lane] > hi ? cell[i + lane] : hi;
            }
            batch_cell[b] = static_cast<std::int32_t>(lo);
            uniform[b] = lo == hi;
            near[b] = hi - lo < static_cast<std::int64_t>(lanes);
            first_cell[k] = lo < first_cell[k] ? lo : first_cell[k];
            last_cell[k] = hi > last_cell[k] ? hi : last_cell[k];
            // (and the window at lo mod 256 does not run past cell 255 of its row)
            windowed[b] = near[b] && (lo & 255) + static_cast<std::int64_t>(lanes) <= 256;
        }
    }
};

// out[b * lanes ..] of a row of n samples, the tail through a copy.
GRADNOISE_KERNEL_INLINE void store_batch(float* out, std::size_t n, std::size_t b, F r) noexcept {
    const std::size_t at = b * lanes;
    if (at + lanes <= n) {
        r.store_unaligned(out + at);
    } else {
        alignas(64) float tail[lanes];
        r.store_aligned(tail);
        std::memcpy(out + at, tail, (n - at) * sizeof(float));
    }
}

GRADNOISE_KERNEL_INLINE std::int32_t first_lane(I v) noexcept {
    alignas(64) std::int32_t lane[lanes];
    v.store_aligned(lane);
    return lane[0];
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
