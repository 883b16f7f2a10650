// [S 6, 8] Grids: the cell-coherent fast path for Perlin noise and its fractals, written once over
// the dimension count, and rows of any other field through the point path. On a grid, x terms
// repeat down every column and y (z) terms along every row, and neighbouring samples share their
// lattice cell; each octave of a fractal grid is itself a grid (origin * f_k + o_k, step * f_k).
// So per tile of columns every octave's x position, fraction, fade and cell are computed once (on
// the stack) for all the rows of the block; per row every octave's y (z) terms once; and a batch
// whose lanes all lie in one cell hashes that cell once (cached while the cell stays the same)
// instead of per lane: on AVX2 that replaces the gather, the cost that dominates. Every sample goes
// through perlin_cell2/3 like noise2/noise3 at its coordinates, and through octave_sum()'s
// operations in its order, so the bits are the same (tests/test_grid.cpp compares them point by
// point). Chunks (kernels/chunk.hpp) use the same rows with their exact coordinates.
#pragma once

#include "kernels/cellular_grid.hpp"
#include "kernels/simplex_grid.hpp"
#include "kernels/grid_columns.hpp"
#include "kernels/loops.hpp"
#include "kernels/select.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// The corner codes of the cells X (per lane) and the row's (Y, Z) cell.
template <int dims, class Hasher>
struct RowCells;
// window(): the corners of cells lo + offset[lane] (hashers with row windows: has_row_window).
template <class Hasher>
struct RowCells<2, Hasher> {
    I Y;
    std::int32_t y;  // Y's value (every lane)
    GRADNOISE_KERNEL_INLINE auto corners(const Hasher& h, I X) const noexcept { return h.corners2(X, Y); }
    GRADNOISE_KERNEL_INLINE auto window(const Hasher& h, std::int32_t lo, I offset) const noexcept {
        return h.corners2_window(lo, offset, y);
    }
};
template <class Hasher>
struct RowCells<3, Hasher> {
    I Y, Z;
    std::int32_t y;
    GRADNOISE_KERNEL_INLINE auto corners(const Hasher& h, I X) const noexcept { return h.corners3(X, Y, Z); }
    GRADNOISE_KERNEL_INLINE auto window(const Hasher& h, std::int32_t lo, I offset) const noexcept {
        return h.corners3_window(lo, offset, y, Z);
    }
};

// Hashers whose tables a grid row reads as windows of consecutive cells, where one permute serves:
// the packed-table hasher, on AVX2 (AVX-512's in-register byte hasher was measured faster there).
template <class Hasher>
inline constexpr bool has_row_window = has_lane_permute && std::is_same_v<Hasher, TableHasher<I>>;

// The y (and z) terms of one row of one octave at (y, z), computed once for the whole row.
template <int dims, Fade fade>
struct RowTerms;
template <Fade fade>
struct RowTerms<2, fade> {
    F v, dv;
    I py[2];
    I pz[2] = {I(0), I(0)};  // [S 5] z = +0 in 2D (for the row tables)
    template <class Hasher>
    GRADNOISE_KERNEL_INLINE RowTerms(float y, float, RowCells<2, Hasher>& cells) noexcept {
        const Axis<F> ay = split(F(y));
        v = fade_curve<fade>(ay.frac);
        dv = fade_derivative<fade>(ay.frac);
        py[0] = as_int(ay.frac);
        py[1] = as_int(ay.frac - F(1.0f));
        cells.Y = ay.cell;
        cells.y = first_lane(ay.cell);
    }
    template <class Corners>
    GRADNOISE_KERNEL_INLINE F value(const Corners& c, const I* px, F u) const noexcept {
        return perlin_cell2(c, px, py, I(0), u, v);
    }
    // [S 18] the cell with its gradient, as PerlinBase::gradient at the same point
    template <class Corners>
    GRADNOISE_KERNEL_INLINE ValueGradient<2> gradient(const Corners& c, const I* px, F u, F du) const noexcept {
        const I offset[2][2] = {{px[0], px[1]}, {py[0], py[1]}};
        const F weights[2] = {u, v}, slopes[2] = {du, dv};
        return perlin_cell_gradient<2, false>(c, offset, weights, slopes, weights);
    }
    // [S 18.2] the lerp tree over corner values and gradients given (the row tables' gradient grids)
    GRADNOISE_KERNEL_INLINE ValueGradient<2> tree(F* values, F (*vectors)[4], F u, F du) const noexcept {
        const F weights[2] = {u, v}, slopes[2] = {du, dv};
        return lerp_tree<2, false>(values, vectors, weights, slopes, weights);
    }
};
template <Fade fade>
struct RowTerms<3, fade> {
    F v, w, dv, dw;
    I py[2], pz[2];
    template <class Hasher>
    GRADNOISE_KERNEL_INLINE RowTerms(float y, float z, RowCells<3, Hasher>& cells) noexcept {
        const Axis<F> ay = split(F(y));
        const Axis<F> az = split(F(z));
        v = fade_curve<fade>(ay.frac);
        w = fade_curve<fade>(az.frac);
        dv = fade_derivative<fade>(ay.frac);
        dw = fade_derivative<fade>(az.frac);
        py[0] = as_int(ay.frac);
        py[1] = as_int(ay.frac - F(1.0f));
        pz[0] = as_int(az.frac);
        pz[1] = as_int(az.frac - F(1.0f));
        cells.Y = ay.cell;
        cells.Z = az.cell;
        cells.y = first_lane(ay.cell);
    }
    template <class Corners>
    GRADNOISE_KERNEL_INLINE F value(const Corners& c, const I* px, F u) const noexcept {
        return perlin_cell3(c, px, py, pz, u, v, w);
    }
    template <class Corners>
    GRADNOISE_KERNEL_INLINE ValueGradient<3> gradient(const Corners& c, const I* px, F u, F du) const noexcept {
        const I offset[3][2] = {{px[0], px[1]}, {py[0], py[1]}, {pz[0], pz[1]}};
        const F weights[3] = {u, v, w}, slopes[3] = {du, dv, dw};
        return perlin_cell_gradient<3, false>(c, offset, weights, slopes, weights);
    }
    GRADNOISE_KERNEL_INLINE ValueGradient<3> tree(F* values, F (*vectors)[8], F u, F du) const noexcept {
        const F weights[3] = {u, v, w}, slopes[3] = {du, dv, dw};
        return lerp_tree<3, false>(values, vectors, weights, slopes, weights);
    }
};

// Octave k of one row at (y, z): emit(b, value) for each of the tile's batches b. A batch whose
// lanes share a cell hashes it once, cached while the cell stays the same; one whose lanes lie in
// fewer than `lanes` consecutive cells reads the row's window of the packed table with one load and
// one permute (AVX2: has_row_window); others hash per lane. (Blending the cached codes of
// the 2-4 cells a batch spans instead was measured slower than the gather on AVX2: docs/benchmarks.md.)
template <int dims, Fade fade, bool gradient = false, class Hasher, class Emit>
GRADNOISE_KERNEL_INLINE void octave_row(const Hasher& hasher, const ColumnTerms& cols, int k, std::size_t batches,
                                        float y, float z, Emit&& emit) noexcept {
    using Cells = RowCells<dims, Hasher>;
    using Corners = decltype(Cells{}.corners(hasher, I(0)));
    Cells cells{};
    const RowTerms<dims, fade> terms(y, z, cells);
    bool cached = false;
    std::int32_t cached_cell = 0;
    Corners cached_corners{};
    const std::size_t first = static_cast<std::size_t>(k) * cols.width;
    for (std::size_t b = 0; b < batches; ++b) {
        const std::size_t i = first + b * lanes, batch = i / lanes;
        Corners c;
        if (cols.uniform[batch]) {
            if (!cached || cached_cell != cols.batch_cell[batch]) {
                cached_corners = cells.corners(hasher, I(cols.batch_cell[batch]));
                cached_cell = cols.batch_cell[batch];
                cached = true;
            }
            c = cached_corners;
        } else {
            const I lane_cells = I::load_aligned(cols.cell + i);
            bool hashed = false;
            if constexpr (has_row_window<Hasher>) {
                if (cols.windowed[batch]) {
                    const std::int32_t lo = cols.batch_cell[batch];
                    c = cells.window(hasher, lo, lane_cells - I(lo));
                    hashed = true;
                }
            }
            if (!hashed) {
                c = cells.corners(hasher, lane_cells);
            }
        }
        const I px[2] = {as_int(F::load_aligned(cols.frac + i)), as_int(F::load_aligned(cols.frac1 + i))};
        if constexpr (gradient) {
            emit(b, terms.gradient(c, px, F::load_aligned(cols.fade + i), F::load_aligned(cols.dfade + i)));
        } else {
            emit(b, terms.value(c, px, F::load_aligned(cols.fade + i)));
        }
    }
}

// [S 4.4, 4.6] Perlin's gradients along a grid row, split into a column part and a row part. In a
// row (Y, Z fixed) corner n of cell X contributes grad = (+-a) + (+-b), a and b the offsets on two
// different axes: x's changes with the column, y's and z's are the row's. So grad = T + R with
//   T = (x_i AND keep) XOR sign: +-x_i, or -0 where the gradient has no x term (-0 + R = R for every
//       R, signed zeros and NaN included), and
//   R = the row's part: the other term, or where there is no x term both, summed as grad sums them
// (IEEE addition commutes, bit for bit, so (+-y) + (+-x) = (+-x) + (+-y)). A table per row and
// octave holds keep, sign and R of every cell its columns span; a sample then costs an AND, an XOR
// and an add per corner and the lerps, with the bits of grad() (tests/test_grid.cpp). With
// `vectors` (gradient grids, [S 18.2]) the table also holds each corner's gradient vector, the +-1 / +0
// components perlin_vector() gives, so a sample's gradient is its lerp tree over table entries.
template <int dims, bool vectors = false>
struct RowGradients {
    static constexpr int corners = 1 << dims;
    static constexpr std::int64_t capacity = 128;  // cells per table
    alignas(64) std::int32_t keep[corners][capacity + lanes];
    alignas(64) std::int32_t sign[corners][capacity + lanes];
    alignas(64) float rest[corners][capacity + lanes];
    alignas(64) float vector[vectors ? dims : 1][vectors ? corners : 1][capacity + lanes];  // [axis][corner]
    std::int32_t first = 0;  // the cell of entry 0

    // The parts of every corner of a batch's lanes: one cell for all (uniform), or cells first + at
    // + offset[lane], offsets below `lanes` (has_lane_permute).
    struct Parts {
        I keep[corners], sign[corners];
        F rest[corners];
        F vector[vectors ? dims : 1][vectors ? corners : 1];
    };
    GRADNOISE_KERNEL_INLINE Parts uniform(std::int32_t cell) const noexcept {
        const std::size_t at = static_cast<std::uint32_t>(cell - first);
        Parts p;
        for (int n = 0; n < corners; ++n) {
            p.keep[n] = I(keep[n][at]);
            p.sign[n] = I(sign[n][at]);
            p.rest[n] = F(rest[n][at]);
            if constexpr (vectors) {
                for (int a = 0; a < dims; ++a) {
                    p.vector[a][n] = F(vector[a][n][at]);
                }
            }
        }
        return p;
    }
    GRADNOISE_KERNEL_INLINE Parts window(std::int32_t lo, I offset) const noexcept {
        const std::size_t at = static_cast<std::uint32_t>(lo - first);
        Parts p;
        for (int n = 0; n < corners; ++n) {
            p.keep[n] = permute_lanes(I::load_unaligned(keep[n] + at), offset);
            p.sign[n] = permute_lanes(I::load_unaligned(sign[n] + at), offset);
            p.rest[n] = as_float(permute_lanes(as_int(F::load_unaligned(rest[n] + at)), offset));
            if constexpr (vectors) {
                for (int a = 0; a < dims; ++a) {
                    p.vector[a][n] = as_float(permute_lanes(as_int(F::load_unaligned(vector[a][n] + at)), offset));
                }
            }
        }
        return p;
    }

    // Corner n's value at the column offsets px[0] = x, px[1] = x - 1.
    GRADNOISE_KERNEL_INLINE static F value(const Parts& p, const I* px, int n) noexcept {
        return as_float((px[n & 1] & p.keep[n]) ^ p.sign[n]) + p.rest[n];
    }

    // Cells first_cell .. first_cell + count - 1 of the row whose cells are Y (and Z) and offsets
    // py and pz (+0 in 2D): each corner's code, then T's and R's parts by its bits (tables/noise_tables.hpp: gradient_code;
    // bit 2 set: a = y, and b = x if bit 4, else z; clear: a = x, and b = y if bit 3, else z). The
    // codes, keep and sign depend on the cells only, so the rows of one (Y, Z) cell reuse them and
    // recompute R alone.
    template <class Hasher>
    void build(const Hasher& h, std::int32_t first_cell, std::size_t count, std::int32_t y_cell, std::int32_t z_cell,
               const I* py, const I* pz) noexcept {
        alignas(64) static constexpr std::int32_t iota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
        const I sign_bit(INT32_MIN), all(-1), none(0);
        const bool same_cells = valid && first_cell == first && count == cells && y_cell == key_y && z_cell == key_z;
        // The row's parts R can take at corner (j, k), lanes 0..7: +y, -y, +z, -z, (+y) + (+z),
        // (+y) + (-z), (-y) + (+z), (-y) + (-z) -- y, z the corner's offsets, z = +0 in 2D ([S 5]) --
        // each as A + B: A = (y AND a) XOR s, B = (z AND b) XOR t, with -0 (the identity) for the
        // term a lane lacks. (In registers: scalar stores read back as a vector stall the pipeline.)
        alignas(64) static constexpr std::int32_t keep_y[16] = {-1, -1, 0, 0, -1, -1, -1, -1};
        alignas(64) static constexpr std::int32_t keep_z[16] = {0, 0, -1, -1, -1, -1, -1, -1};
        alignas(64) static constexpr std::int32_t sign_y[16] = {0, INT32_MIN, INT32_MIN, INT32_MIN, 0, 0, INT32_MIN, INT32_MIN};
        alignas(64) static constexpr std::int32_t sign_z[16] = {INT32_MIN, INT32_MIN, 0, INT32_MIN, 0, INT32_MIN, 0, INT32_MIN};
        // (Fewer than 8 lanes, no lane permute: the same sums, in scalars, looked up per lane.)
        I candidates[has_lane_permute ? corners : 1];
        alignas(64) float candidate[has_lane_permute ? 1 : corners][8];
        for (int n = 0; n < corners; ++n) {
            const int j = (n >> 1) & 1, kz = n >> 2;
            if constexpr (has_lane_permute) {
                candidates[n] = as_int(as_float((py[j] & I::load_aligned(keep_y)) ^ I::load_aligned(sign_y)) +
                                       as_float((pz[kz] & I::load_aligned(keep_z)) ^ I::load_aligned(sign_z)));
            } else {
                const float y = as_float(py[j]).get(0), z = as_float(pz[kz]).get(0);
                for (int e = 0; e < 8; ++e) {
                    const float a = keep_y[e] ? y : 0.0f, b = keep_z[e] ? z : 0.0f;
                    candidate[n][e] = (sign_y[e] ? -a : a) + (sign_z[e] ? -b : b);
                }
            }
        }
        first = first_cell;
        cells = count;
        key_y = y_cell;
        key_z = z_cell;
        valid = true;
        for (std::size_t at = 0; at < count; at += lanes) {
            if (!same_cells) {
                const I X = I(static_cast<std::int32_t>(static_cast<std::uint32_t>(first_cell) +
                                                        static_cast<std::uint32_t>(at))) +
                            I::load_aligned(iota);
                const auto c = [&] {
                    if constexpr (dims == 3) {
                        return h.corners3(X, I(y_cell), I(z_cell));
                    } else {
                        return h.corners2(X, I(y_cell));
                    }
                }();
                for (int n = 0; n < corners; ++n) {
                    const int i = n & 1, j = (n >> 1) & 1, kz = n >> 2;
                    I reg;
                    int bit;
                    if constexpr (dims == 3) {
                        reg = c.reg(i, j, kz);
                        bit = 8 * c.byte(i, j, kz);
                    } else {
                        reg = c.reg(i, j);
                        bit = 8 * c.byte(i, j);
                    }
                    if constexpr (vectors) {
                        I g[3];
                        perlin_vector(reg, bit / 8, g);
                        for (int a = 0; a < dims; ++a) {
                            as_float(g[a]).store_aligned(vector[a][n] + at);
                        }
                    }
                    const I code = shr(reg, bit) & I(31);
                    const I na = code & I(1), nb = shr(code, 1) & I(1);
                    const I sa = shl(na, 31), sb = shl(nb, 31);
                    select_bit(code, 2, select_bit(code, 4, all, none), all).store_aligned(keep[n] + at);
                    select_bit(code, 2, select_bit(code, 4, sb, sign_bit), sa).store_aligned(sign[n] + at);
                    // R's entry in the row's candidates (below): a = y: b = x -> +-y (0, 1), else
                    // (+-y) + (+-z) (4 + 2 na + nb); a = x: b = y -> +-y (0, 1), else +-z (2, 3).
                    select_bit(code, 2, select_bit(code, 4, na, I(4) + shl(na, 1) + nb),
                               select_bit(code, 3, nb, I(2) + nb))
                        .store_aligned(choice[n] + at);
                }
            }
            for (int n = 0; n < corners; ++n) {
                if constexpr (has_lane_permute) {
                    as_float(permute_lanes(candidates[n], I::load_aligned(choice[n] + at))).store_aligned(rest[n] + at);
                } else {
                    for (std::size_t l = 0; l < lanes; ++l) {
                        rest[n][at + l] = candidate[n][choice[n][at + l]];
                    }
                }
            }
        }
    }

private:
    alignas(64) std::int32_t choice[corners][capacity + lanes];  // R's candidate (0..7) per corner
    std::size_t cells = 0;
    std::int32_t key_y = 0, key_z = 0;
    bool valid = false;
};

// Octave k of one row's values (gradient: with their gradients, emitted as ValueGradient) through
// RowGradients where its columns span few enough cells (at least two samples per cell, at most
// `capacity` cells): uniform batches take their cell's parts as broadcasts (kept while the cell
// stays), batches over fewer than `lanes` cells permute the table's window (has_lane_permute),
// others hash per lane as octave_row does.
template <int dims, Fade fade, bool gradient = false, class Hasher, class Emit>
GRADNOISE_KERNEL_INLINE void octave_row_values(const Hasher& hasher, const ColumnTerms& cols, int k,
                                               std::size_t batches, float y, float z,
                                               RowGradients<dims, gradient>& table, Emit&& emit) noexcept {
    using Table = RowGradients<dims, gradient>;
    const std::int64_t span = cols.last_cell[k] - cols.first_cell[k] + 1;
    if (span > Table::capacity || span * 2 > static_cast<std::int64_t>(batches * lanes)) {
        octave_row<dims, fade, gradient>(hasher, cols, k, batches, y, z, emit);
        return;
    }
    using Cells = RowCells<dims, Hasher>;
    using Parts = typename Table::Parts;
    Cells cells{};
    const RowTerms<dims, fade> terms(y, z, cells);
    std::int32_t z_cell = 0;
    if constexpr (dims == 3) {
        z_cell = first_lane(cells.Z);
    }
    table.build(hasher, static_cast<std::int32_t>(cols.first_cell[k]), static_cast<std::size_t>(span), cells.y, z_cell,
                terms.py, terms.pz);
    bool cached = false;
    std::int32_t cached_cell = 0;
    Parts cached_parts{};
    const std::size_t first = static_cast<std::size_t>(k) * cols.width;
    for (std::size_t b = 0; b < batches; ++b) {
        const std::size_t i = first + b * lanes, batch = i / lanes;
        const I px[2] = {as_int(F::load_aligned(cols.frac + i)), as_int(F::load_aligned(cols.frac1 + i))};
        const F u = F::load_aligned(cols.fade + i);
        auto emit_parts = [&](const Parts& parts) GRADNOISE_KERNEL_LAMBDA_INLINE {
            if constexpr (gradient) {  // [S 18.2] perlin_cell_gradient's tree over the same corner terms
                F v[Table::corners], g[dims][Table::corners];
                for (int c = 0; c < Table::corners; ++c) {
                    v[c] = Table::value(parts, px, c);
                    for (int a = 0; a < dims; ++a) {
                        g[a][c] = parts.vector[a][c];
                    }
                }
                emit(b, terms.tree(v, g, u, F::load_aligned(cols.dfade + i)));
            } else {
                auto g = [&](int c) GRADNOISE_KERNEL_LAMBDA_INLINE { return Table::value(parts, px, c); };
                if constexpr (dims == 3) {
                    emit(b, perlin_lerp3(g, u, terms.v, terms.w));
                } else {
                    emit(b, perlin_lerp2(g, u, terms.v));
                }
            }
        };
        if (cols.uniform[batch]) {
            if (!cached || cached_cell != cols.batch_cell[batch]) {
                cached_parts = table.uniform(cols.batch_cell[batch]);
                cached_cell = cols.batch_cell[batch];
                cached = true;
            }
            emit_parts(cached_parts);
        } else if (has_lane_permute && cols.near[batch]) {
            const std::int32_t lo = cols.batch_cell[batch];
            emit_parts(table.window(lo, I::load_aligned(cols.cell + i) - I(lo)));
        } else if constexpr (gradient) {
            emit(b, terms.gradient(cells.corners(hasher, I::load_aligned(cols.cell + i)), px, u,
                                   F::load_aligned(cols.dfade + i)));
        } else {
            emit(b, terms.value(cells.corners(hasher, I::load_aligned(cols.cell + i)), px, u));
        }
    }
}

// One row of the fast path as its caller sees it: where it goes, and each octave's y (z).
struct FastRow {
    float* out;
    float y[max_octaves], z[max_octaves];
    float point_y, point_z;  // the row's own y and z (grids: before each octave's scaling)
};

// [S 6, 8, 13] The cell-coherent fast path for Perlin noise and its fractals on any product of axes
// (grids and chunks): every octave of a grid is itself a grid, so per tile of columns each octave's
// x terms are computed once for all the rows, and per row each octave's y (z) terms once. The octave
// sum runs octave by octave over the tile into sum[] (and weight[] for ridged), each sample getting
// the operations of octave_sum() in its order, so the bits are those of the point path.
//   columns(x0, n, x): x[k * n + i] = octave k's x coordinate of column x0 + i, for i < n
//   row(r, FastRow&): row r's output and octave coordinates
//   finish(x, v, row): the last step of the batch of columns x .. x + lanes - 1 (finiteness, pattern)
//   fractals: false where the caller knows the field is plain noise (the octave sum is not compiled)
template <int dims, Fade fade, bool fractals = true, class Hasher, class Columns, class Row, class Finish>
void fast_rows(const Hasher& hasher, const detail::OctaveTable& o, std::size_t size_x, std::size_t first,
               std::size_t last, Columns&& columns, Row&& row_of, Finish&& finish) noexcept {
    const Fractal kind = o.kind;  // locals: the stores below may alias o, and would force reloads
    const bool plain = !fractals || kind == Fractal::none;
    const int octaves = plain ? 1 : o.octaves;
    ColumnTerms cols(octaves);
    alignas(64) float x[ColumnTerms::capacity];
    const F amplitude_sum(o.amplitude_sum), bias(o.bias[dims]);  // [S 8.1] bias: +0 without a band limit
    RowGradients<dims> table;
    // Fractals run a pass of rows octave by octave (so consecutive rows of one octave share their
    // cells' codes in `table`), summing into sum[] (and weight[]) per row of the pass.
    constexpr std::size_t pass_capacity = 2048, most_rows = 16;
    alignas(64) float sum[fractals ? pass_capacity : 1], weight[fractals ? pass_capacity : 1];
    FastRow rows[fractals ? most_rows : 1];
    for (std::size_t x0 = 0; x0 < size_x; x0 += cols.width) {
        const std::size_t n = size_x - x0 < cols.width ? size_x - x0 : cols.width;
        const std::size_t batches = (n + lanes - 1) / lanes;
        columns(x0, n, x);
        for (int k = 0; k < octaves; ++k) {
            cols.compute<fade>(k, n, x + static_cast<std::size_t>(k) * n);
        }
        if (plain) {
            for (std::size_t r = first; r < last; ++r) {
                row_of(r, rows[0]);
                float* out = rows[0].out + x0;
                octave_row_values<dims, fade>(hasher, cols, 0, batches, rows[0].y[0], rows[0].z[0], table,
                                              [&](std::size_t b, F v) { store_batch(out, n, b, finish(x0 + b * lanes, v, rows[0])); });
            }
            continue;
        }
        if constexpr (fractals) {
            // (Only the ridged kind carries a weight from octave to octave.)
            const bool weighted = kind == Fractal::ridged;
            const std::size_t stride = batches * lanes;
            const std::size_t fit = pass_capacity / stride;
            const std::size_t per_pass = fit < most_rows ? (fit < 1 ? 1 : fit) : most_rows;
            for (std::size_t r0 = first; r0 < last; r0 += per_pass) {
                const std::size_t count = last - r0 < per_pass ? last - r0 : per_pass;
                for (std::size_t r = 0; r < count; ++r) {
                    row_of(r0 + r, rows[r]);
                }
                for (std::size_t b = 0; b < count * batches; ++b) {
                    bias.store_aligned(sum + b * lanes);
                    F(1.0f).store_aligned(weight + b * lanes);
                }
                for (int k = 0; k < octaves; ++k) {
                    const F amplitude(o.amplitude[k]);
                    for (std::size_t r = 0; r < count; ++r) {
                        float* s_row = sum + r * stride;
                        float* w_row = weight + r * stride;
                        octave_row_values<dims, fade>(hasher, cols, k, batches, rows[r].y[k], rows[r].z[k], table,
                                                      [&](std::size_t b, F v) {
                                                          F w = weighted ? F::load_aligned(w_row + b * lanes) : F(1.0f);
                                                          const F s = F::load_aligned(s_row + b * lanes) +
                                                                      amplitude * octave_term(kind, v, w);
                                                          s.store_aligned(s_row + b * lanes);
                                                          if (weighted) {
                                                              w.store_aligned(w_row + b * lanes);
                                                          }
                                                      });
                    }
                }
                for (std::size_t r = 0; r < count; ++r) {
                    float* out = rows[r].out + x0;
                    for (std::size_t b = 0; b < batches; ++b) {
                        const F v = divide(F::load_aligned(sum + r * stride + b * lanes), amplitude_sum);
                        store_batch(out, n, b, finish(x0 + b * lanes, v, rows[r]));
                    }
                }
            }
        }
    }
}

// A grid through the fast path: octave k at p * f_k + o_k per axis, as fractal() computes it, then
// fractal()'s finiteness and the pattern.
template <int dims, Fade fade, class Hasher>
void grid_fast(const Hasher& hasher, const detail::NoiseTables& t, const GridOf<dims>& g, std::size_t first,
               std::size_t last, float* out, std::size_t row_stride, std::size_t slice_stride) noexcept {
    const detail::OctaveTable& o = t.octaves;
    const bool plain = o.kind == Fractal::none;
    const int octaves = o.octaves;  // 1 for plain noise
    const PatternParams& pattern = t.desc.pattern;
    auto columns = [&](std::size_t x0, std::size_t n, float* x) {
        for (int k = 0; k < octaves; ++k) {
            const F f(o.frequency[k]), offset(o.offset[0][k]);
            for_each_batch<F>(x + static_cast<std::size_t>(k) * n, n, [&](std::size_t i, std::size_t) {
                const F p = column_coords(x0 + i, g.origin_x, g.step_x);
                return plain ? p : p * f + offset;  // (plain noise reads p itself, as fractal() does)
            });
        }
    };
    auto row_of = [&](std::size_t r, FastRow& row) {
        const GridRow at = grid_row(g, r);
        row.out = out + at.k * slice_stride + at.j * row_stride;
        row.point_y = grid_coord(at.j, g.origin_y, g.step_y);
        row.point_z = row_z(g, at.k);
        for (int k = 0; k < octaves; ++k) {
            // fractal()'s p * f + offset: one rounding each, the same in a scalar as in a lane
            row.y[k] = plain ? row.point_y : row.point_y * o.frequency[k] + o.offset[1][k];
            row.z[k] = plain ? row.point_z : row.point_z * o.frequency[k] + o.offset[2][k];
        }
    };
    if (plain && pattern.kind == Pattern::none) {
        fast_rows<dims, fade, false>(hasher, o, g.size_x, first, last, columns, row_of,
                                     [](std::size_t, F v, const FastRow&) GRADNOISE_KERNEL_LAMBDA_INLINE { return v; });
        return;
    }
    fast_rows<dims, fade>(hasher, o, g.size_x, first, last, columns, row_of,
                          [&](std::size_t x, F v, const FastRow& row) GRADNOISE_KERNEL_LAMBDA_INLINE {
                              const F p[3] = {column_coords(x, g.origin_x, g.step_x), F(row.point_y), F(row.point_z)};
                              if (!plain) {
                                  v = xsimd::select(all_finite<dims>(p), v, F(0.0f));
                              }
                              return with_pattern<dims>(pattern, p, v);
                          });
}

// Is this base noise a hashed Perlin cell (PerlinBase), which the fast path can share per cell?
template <class Base>
struct is_perlin_base : std::false_type {};
template <Fade fade, int dims, class Hasher, class B>
struct is_perlin_base<PerlinBase<fade, dims, Hasher, B>> : std::true_type {};

template <int dims>
void grid(const detail::NoiseTables& t, const GridOf<dims>& g, std::size_t first, std::size_t last, float* out,
          std::size_t row_stride, std::size_t slice_stride) noexcept {
    auto point_rows = [&](const auto& base) {
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
    };
    // Warps move every sample, and the damped fractal and erosion need gradients: the point path.
    if (t.desc.warp.levels != 0 || t.octaves.kind == Fractal::damped || t.desc.erosion.octaves > 0) {
        with_base<dims>(t, point_rows);
        return;
    }
    // (The cellular and simplex row paths take plain noise: no fractal, warp or pattern.)
    const bool plain = plain_field(t);
    with_base<dims>(t, [&](const auto& base) {  // any fractal and pattern
        using Base = std::decay_t<decltype(base)>;
        if constexpr (is_perlin_base<Base>::value) {
            grid_fast<dims, Base::fade>(base.hasher, t, g, first, last, out, row_stride, slice_stride);
        } else if constexpr (is_cellular_base<Base>::value) {
            if (plain && cellular_row_output(t.desc.cellular.output)) {
                float* const planes[1] = {out};
                cellular_grid<dims>(base, g, first, last, planes, row_stride, slice_stride);
            } else {
                point_rows(base);
            }
        } else if constexpr (is_simplex_base<Base>::value && dims == 2) {
            if (plain && !base.slice()) {
                float* const planes[1] = {out};
                simplex_grid2<false>(base, g, first, last, planes, row_stride);
            } else {
                point_rows(base);
            }
        } else {
            point_rows(base);
        }
    });
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
