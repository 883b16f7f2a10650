// [S 6, 17] Cellular noise on a grid, a row at a time. Along a row (y and z fixed) a sample's
// distance to the feature point of neighbour n of its cell X is
//   combine(combine(share(T_n - x), share(d_y)), share(d_z)),  T_n = (sx + 0.5) + reach * o_x,
// where T_n, d_y and d_z (and the cell's value) depend on X and the row only, and x on the column.
// So per row a table gives every cell's nine (27) T_n, share(d_y), share(d_z) and values; a batch
// of samples in one cell then costs a subtraction, a share, one or two combines and the min/max
// per neighbour, in the spec's order (z outer, y, x inner) with its operations: the bits of
// CellularBase::evaluate (tests/test_cellular.cpp compares every sample). Batches over a few
// cells permute the table's window (has_lane_permute); others take the point path. Gradient grids:
// the tables hold the feature offsets too, and a batch keeps the nearest two points' offsets as
// CellularBase::search does (tests/test_gradient_isa.cpp).
#pragma once

#include "kernels/cellular.hpp"
#include "kernels/grid_columns.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// What a batch's search keeps beyond F1, from the output: F2 only where it is output; the nearest
// point's offsets where the gradient needs them (F1, F2, F2 - F1), the second nearest's for F2 and
// F2 - F1. The cell's value needs neither (its gradient is 0). What is not kept is not output, so
// every output's bits are those of the full search.
template <bool f2_, bool offset1_, bool offset2_>
struct Keep {
    static constexpr bool f2 = f2_, offset1 = offset1_ || offset2_, offset2 = offset2_;
};
template <bool with_gradient, class Body>
GRADNOISE_KERNEL_INLINE void with_keep(CellularOutput o, Body&& body) noexcept {
    switch (o) {
        case CellularOutput::f1: body(Keep<false, with_gradient, false>{}); break;
        case CellularOutput::cell_value: body(Keep<false, false, false>{}); break;
        default: body(Keep<true, with_gradient, with_gradient>{}); break;  // F2, F2 - F1
    }
}

// (offsets: the gradient grids' tables, which also hold each neighbour's feature offsets d_y, d_z.)
template <int dims, bool offsets = false>
struct CellularRow {
    using Base = CellularBase<dims>;
    static constexpr int neighbours = dims == 3 ? 27 : 9;
    static constexpr std::int64_t capacity = 64;  // cells per table

    alignas(64) float term[neighbours][capacity + lanes];  // T_n
    alignas(64) float y_share[neighbours][capacity + lanes];
    alignas(64) float z_share[dims == 3 ? neighbours : 1][capacity + lanes];
    alignas(64) float value[neighbours][capacity + lanes];  // the cell_value output only
    alignas(64) float y_offset[offsets ? neighbours : 1][capacity + lanes];
    alignas(64) float z_offset[offsets && dims == 3 ? neighbours : 1][capacity + lanes];
    std::int32_t first = 0;  // the cell of entry 0

    // Cells first_cell .. first_cell + count - 1 of the row whose cells are Y (Z) and positions in
    // them fy (fz), octave k's masks.
    void build(const Base& base, int k, std::int32_t first_cell, std::size_t count, std::int32_t Y, std::int32_t Z, F fy,
               F fz) noexcept {
        alignas(64) static constexpr std::int32_t iota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
        const detail::NoiseTables& t = *base.t;
        const std::int32_t* mask = t.octaves.mask[k];
        const CellularParams& c = t.desc.cellular;
        const F reach_unit = Base::reach_unit_of(t);
        const bool want_value = c.output == CellularOutput::cell_value;
        const I key(static_cast<std::int32_t>(t.mix_key));
        first = first_cell;
        for (std::size_t at = 0; at < count; at += lanes) {
            const I X = I(static_cast<std::int32_t>(static_cast<std::uint32_t>(first_cell) + static_cast<std::uint32_t>(at))) +
                        I::load_aligned(iota);
            constexpr int kz = dims == 3 ? 1 : 0;
            int n = 0;
            for (int dz = -kz; dz <= kz; ++dz) {
                for (int dy = -1; dy <= 1; ++dy) {
                    for (int dx = -1; dx <= 1; ++dx, ++n) {
                        I h = key ^ Base::axis_term(X + I(dx), 0, mask) ^ Base::axis_term(I(Y) + I(dy), 1, mask);
                        if constexpr (dims == 3) {
                            h = h ^ Base::axis_term(I(Z) + I(dz), 2, mask);
                        }
                        h = Base::cell_hash(h);
                        Base::feature_term(dx, reach_unit, h, 0).store_aligned(term[n] + at);
                        const F oy = Base::feature_term(dy, reach_unit, h, 1) - fy;
                        Base::share(c.distance, oy).store_aligned(y_share[n] + at);
                        if constexpr (offsets) {
                            oy.store_aligned(y_offset[n] + at);
                        }
                        if constexpr (dims == 3) {
                            const F oz = Base::feature_term(dz, reach_unit, h, 2) - fz;
                            Base::share(c.distance, oz).store_aligned(z_share[n] + at);
                            if constexpr (offsets) {
                                oz.store_aligned(z_offset[offsets ? n : 0] + at);
                            }
                        }
                        if (want_value) {
                            Base::cell_value(h).store_aligned(value[n] + at);
                        }
                    }
                }
            }
        }
    }

    // The nearest features of a batch whose lanes lie in cells first + at + offset[lane]: one cell
    // for all (uniform: broadcasts) or fewer than `lanes` (a permuted window); with offsets, the
    // nearest two points' offsets into d1 and d2 as CellularBase::search keeps them (what keep asks).
    template <bool uniform, class K>
    GRADNOISE_KERNEL_INLINE typename Base::Nearest nearest(const CellularParams& c, std::int32_t lo, I offset, F fx, K,
                                                           F* d1 = nullptr, F* d2 = nullptr) const noexcept {
        static_assert(offsets || !K::offset1, "the offsets are in the gradient grids' tables");
        const std::size_t at = static_cast<std::uint32_t>(lo - first);
        const bool want_value = c.output == CellularOutput::cell_value;
        auto entry = [&](const float* row) GRADNOISE_KERNEL_LAMBDA_INLINE {
            if constexpr (uniform) {
                return F(row[at]);
            } else {
                return as_float(permute_lanes(as_int(F::load_unaligned(row + at)), offset));
            }
        };
        typename Base::Nearest near;
        if constexpr (offsets) {  // (+0 where not kept: the cell value's gradient, 0, reads them)
            for (int a = 0; a < dims; ++a) {
                d1[a] = d2[a] = F(0.0f);
            }
        }
        for (int n = 0; n < neighbours; ++n) {
            const F dx = entry(term[n]) - fx;
            F d = Base::combine(c.distance, Base::share(c.distance, dx), entry(y_share[n]));
            if constexpr (dims == 3) {
                d = Base::combine(c.distance, d, entry(z_share[n]));
            }
            if constexpr (K::offset1) {
                F o[3] = {dx, entry(y_offset[n]), F(0.0f)};
                if constexpr (dims == 3) {
                    o[2] = entry(z_offset[offsets && dims == 3 ? n : 0]);
                }
                if constexpr (K::offset2) {
                    Base::track(near, d, o, d1, d2);
                } else {  // (track's d1, without d2)
                    const auto closer = d < near.f1;
                    for (int a = 0; a < dims; ++a) {
                        d1[a] = xsimd::select(closer, o[a], d1[a]);
                    }
                }
            }
            near.add(d, want_value, want_value ? entry(value[n]) : F(0.0f), std::bool_constant<K::f2>{});
        }
        return near;
    }
};

// The outputs the row tables hold what they need for: the distances and the cell's value (the
// cell's id and feature point take the point path).
inline bool cellular_row_output(CellularOutput o) noexcept {
    return o == CellularOutput::f1 || o == CellularOutput::f2 || o == CellularOutput::f2_minus_f1 ||
           o == CellularOutput::cell_value;
}

// Rows [first, last) of a grid of plain cellular noise (octave 0, no warp or pattern): planes[0] the
// values; with_gradient, planes[1 + a] d/da, as CellularBase::gradient gives them ([S 18.6]).
template <int dims, bool with_gradient = false, class Grid>
void cellular_grid(const CellularBase<dims>& base, const Grid& g, std::size_t first, std::size_t last,
                   float* const* planes, std::size_t row_stride, std::size_t slice_stride) noexcept {
    using Base = CellularBase<dims>;
    const CellularParams& c = base.t->desc.cellular;
    with_keep<with_gradient>(c.output, [&](auto keep) {
        ColumnTerms cols(1);
        CellularRow<dims, with_gradient> table;
        alignas(64) float x[ColumnTerms::capacity];
        for (std::size_t x0 = 0; x0 < g.size_x; x0 += cols.width) {
            const std::size_t n = g.size_x - x0 < cols.width ? g.size_x - x0 : cols.width;
            const std::size_t batches = (n + lanes - 1) / lanes;
            for_each_batch<F>(x, n, [&](std::size_t i, std::size_t) {
                return column_coords(x0 + i, g.origin_x, g.step_x);
            });
            cols.compute<Fade::quintic>(0, n, x);
            const std::int64_t span = cols.last_cell[0] - cols.first_cell[0] + 1;
            const bool tabled = span <= CellularRow<dims>::capacity && span * 2 <= static_cast<std::int64_t>(n);
            for (std::size_t r = first; r < last; ++r) {
                const GridRow at = grid_row(g, r);
                const std::size_t row_at = at.k * slice_stride + at.j * row_stride + x0;
                const float y = grid_coord(at.j, g.origin_y, g.step_y), z = row_z(g, at.k);
                const Axis<F> ay = split(F(y)), az = split(F(z));
                if (tabled) {
                    table.build(base, 0, static_cast<std::int32_t>(cols.first_cell[0]), static_cast<std::size_t>(span),
                                first_lane(ay.cell), first_lane(az.cell), ay.frac, az.frac);
                }
                for (std::size_t b = 0; b < batches; ++b) {
                    const std::size_t i = b * lanes;
                    const F px = F::load_aligned(x + i);
                    const F p[3] = {px, F(y), F(z)};
                    const bool uniform = tabled && cols.uniform[b];
                    const bool windowed = tabled && has_lane_permute && cols.near[b];
                    const std::int32_t lo = cols.batch_cell[b];
                    const I offset = uniform ? I(0) : I::load_aligned(cols.cell + i) - I(lo);
                    const F fx = F::load_aligned(cols.frac + i);
                    if constexpr (with_gradient) {
                        ValueGradient<dims> v;
                        F d1[dims], d2[dims];
                        if (uniform) {
                            const auto near = table.template nearest<true>(c, lo, offset, fx, keep, d1, d2);
                            v = Base::output_gradient(c, near, d1, d2, all_finite<dims>(p));
                        } else if (windowed) {
                            const auto near = table.template nearest<false>(c, lo, offset, fx, keep, d1, d2);
                            v = Base::output_gradient(c, near, d1, d2, all_finite<dims>(p));
                        } else {
                            v = base.gradient(0, p);
                        }
                        store_batch(planes[0] + row_at, n, b, v.value);
                        for (int a = 0; a < dims; ++a) {
                            store_batch(planes[1 + a] + row_at, n, b, v.d[a]);
                        }
                    } else {
                        F v;
                        if (uniform) {
                            v = table.template nearest<true>(c, lo, offset, fx, keep).output(c, all_finite<dims>(p));
                        } else if (windowed) {
                            v = table.template nearest<false>(c, lo, offset, fx, keep).output(c, all_finite<dims>(p));
                        } else {
                            v = base(0, p);
                        }
                        store_batch(planes[0] + row_at, n, b, v);
                    }
                }
            }
        }
    });
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
