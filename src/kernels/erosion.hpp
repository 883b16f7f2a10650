// [S 21] The erosion filter over batches: the reference's erode() (reference/erosion.cpp),
// operation for operation, with the octave constants from the Noise's ErosionTable.
#pragma once

#include "kernels/cellular.hpp"
#include "kernels/fractal.hpp"
#include "kernels/gradient.hpp"
#include "kernels/perlin.hpp"
#include "tables/erosion.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// [S 21.6] A float with its total derivatives along the field's `outer` axes: the reference's Total,
// rule for rule (its four slots here as many as the field has axes).
template <int outer>
struct Total {
    F v;
    F d[outer];
    Total() = default;
    GRADNOISE_KERNEL_INLINE Total(F value) noexcept : v(value) {  // a constant
        for (int i = 0; i < outer; ++i) {
            d[i] = F(0.0f);
        }
    }
};

template <int o>
GRADNOISE_KERNEL_INLINE Total<o> operator+(const Total<o>& a, const Total<o>& b) noexcept {
    Total<o> r;
    r.v = a.v + b.v;
    for (int i = 0; i < o; ++i) r.d[i] = a.d[i] + b.d[i];
    return r;
}
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> operator-(const Total<o>& a, const Total<o>& b) noexcept {
    Total<o> r;
    r.v = a.v - b.v;
    for (int i = 0; i < o; ++i) r.d[i] = a.d[i] - b.d[i];
    return r;
}
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> operator*(const Total<o>& a, const Total<o>& b) noexcept {
    Total<o> r;
    r.v = a.v * b.v;
    for (int i = 0; i < o; ++i) r.d[i] = a.d[i] * b.v + a.v * b.d[i];
    return r;
}
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> operator*(const Total<o>& a, F k) noexcept {
    Total<o> r;
    r.v = a.v * k;
    for (int i = 0; i < o; ++i) r.d[i] = a.d[i] * k;
    return r;
}
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> operator*(F k, const Total<o>& a) noexcept {
    Total<o> r;
    r.v = k * a.v;
    for (int i = 0; i < o; ++i) r.d[i] = k * a.d[i];
    return r;
}
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> operator+(const Total<o>& a, F k) noexcept {
    Total<o> r = a;
    r.v = a.v + k;
    return r;
}
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> operator+(F k, const Total<o>& a) noexcept {
    Total<o> r = a;
    r.v = k + a.v;
    return r;
}
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> operator-(const Total<o>& a, F k) noexcept {
    Total<o> r = a;
    r.v = a.v - k;
    return r;
}
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> operator-(F k, const Total<o>& a) noexcept {
    Total<o> r;
    r.v = k - a.v;
    for (int i = 0; i < o; ++i) r.d[i] = negate(a.d[i]);
    return r;
}
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> negate(const Total<o>& a) noexcept {
    Total<o> r;
    r.v = negate(a.v);
    for (int i = 0; i < o; ++i) r.d[i] = negate(a.d[i]);
    return r;
}
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> divide(const Total<o>& a, const Total<o>& b) noexcept {
    Total<o> r;
    r.v = divide(a.v, b.v);
    for (int i = 0; i < o; ++i) r.d[i] = divide(a.d[i] - r.v * b.d[i], b.v);
    return r;
}
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> divide(const Total<o>& a, F k) noexcept {
    Total<o> r;
    r.v = divide(a.v, k);
    for (int i = 0; i < o; ++i) r.d[i] = divide(a.d[i], k);
    return r;
}
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> select(FMask m, const Total<o>& a, const Total<o>& b) noexcept {
    Total<o> r;
    r.v = xsimd::select(m, a.v, b.v);
    for (int i = 0; i < o; ++i) r.d[i] = xsimd::select(m, a.d[i], b.d[i]);
    return r;
}
// sqrt: d / (r + r), +0 where r = 0.
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> square_root(const Total<o>& a) noexcept {
    Total<o> r;
    r.v = square_root(a.v);
    const F twice = r.v + r.v;
    const auto positive = r.v > F(0.0f);
    for (int i = 0; i < o; ++i) r.d[i] = xsimd::select(positive, divide(a.d[i], twice), F(0.0f));
    return r;
}
// sine_turns: d * (sine_turns(v + 1/4) * 2 pi).
template <int o>
GRADNOISE_KERNEL_INLINE Total<o> sine_turns(const Total<o>& turns) noexcept {
    Total<o> r;
    r.v = sine_turns(turns.v);
    const F k = sine_turns(turns.v + F(0.25f)) * F(detail::erosion_two_pi);
    for (int i = 0; i < o; ++i) r.d[i] = turns.d[i] * k;
    return r;
}

GRADNOISE_KERNEL_INLINE F value_of(F a) noexcept { return a; }
template <int o>
GRADNOISE_KERNEL_INLINE F value_of(const Total<o>& a) noexcept {
    return a.v;
}
GRADNOISE_KERNEL_INLINE F select(FMask m, F a, F b) noexcept { return xsimd::select(m, a, b); }

// [S 21.2] A quantity with its partial derivatives along the field's dims axes (the steering
// held), over numbers N: F, or Total (section 21.6).
template <int dims, class N = F>
struct Dual {
    N v;
    N d[dims];
};

template <int dims, class N>
GRADNOISE_KERNEL_INLINE Dual<dims, N> dual_constant(const N& v) noexcept {
    Dual<dims, N> r;
    r.v = v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = N(F(0.0f));
    }
    return r;
}

template <int dims, class N>
GRADNOISE_KERNEL_INLINE Dual<dims, N> dual_add(const Dual<dims, N>& a, const Dual<dims, N>& b) noexcept {
    Dual<dims, N> r;
    r.v = a.v + b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] + b.d[i];
    }
    return r;
}

template <int dims, class N>
GRADNOISE_KERNEL_INLINE Dual<dims, N> dual_subtract(const Dual<dims, N>& a, const Dual<dims, N>& b) noexcept {
    Dual<dims, N> r;
    r.v = a.v - b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] - b.d[i];
    }
    return r;
}

template <int dims, class N>
GRADNOISE_KERNEL_INLINE Dual<dims, N> dual_multiply(const Dual<dims, N>& a, const Dual<dims, N>& b) noexcept {
    Dual<dims, N> r;
    r.v = a.v * b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] * b.v + a.v * b.d[i];
    }
    return r;
}

template <int dims, class N>
GRADNOISE_KERNEL_INLINE Dual<dims, N> dual_scale(const Dual<dims, N>& a, F k) noexcept {
    Dual<dims, N> r;
    r.v = a.v * k;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] * k;
    }
    return r;
}

template <int dims, class N>
GRADNOISE_KERNEL_INLINE Dual<dims, N> dual_divide(const Dual<dims, N>& a, const Dual<dims, N>& b) noexcept {
    Dual<dims, N> r;
    r.v = divide(a.v, b.v);
    for (int i = 0; i < dims; ++i) {
        r.d[i] = divide(a.d[i] - r.v * b.d[i], b.v);
    }
    return r;
}

template <int dims, class N>
GRADNOISE_KERNEL_INLINE Dual<dims, N> dual_select(FMask m, const Dual<dims, N>& a, const Dual<dims, N>& b) noexcept {
    Dual<dims, N> r;
    r.v = select(m, a.v, b.v);
    for (int i = 0; i < dims; ++i) {
        r.d[i] = select(m, a.d[i], b.d[i]);
    }
    return r;
}

template <int dims, class N>
GRADNOISE_KERNEL_INLINE Dual<dims, N> dual_clamp(const Dual<dims, N>& a, float lo, float hi) noexcept {
    const Dual<dims, N> r = dual_select(value_of(a.v) > F(hi), dual_constant<dims>(N(F(hi))), a);
    return dual_select(value_of(a.v) < F(lo), dual_constant<dims>(N(F(lo))), r);
}

template <int dims, class N>
GRADNOISE_KERNEL_INLINE Dual<dims, N> dual_magnitude(const Dual<dims, N>& a) noexcept {
    return dual_select(value_of(a.v) < F(0.0f), dual_scale(a, F(-1.0f)), a);
}

// [S 21.4] The fade's ramp of x >= 0 with rounding r >= 0.
template <int dims, class N>
GRADNOISE_KERNEL_INLINE Dual<dims, N> erosion_ramp(const Dual<dims, N>& x, const Dual<dims, N>& r) noexcept {
    const Dual<dims, N> linear = dual_subtract(x, dual_scale(r, F(0.5f)));
    const Dual<dims, N> soft = dual_divide(dual_multiply(x, x), dual_add(r, r));
    Dual<dims, N> y = dual_select(value_of(x.v) >= value_of(r.v), linear, soft);
    y = dual_select(value_of(y.v) < F(1.0f), y, dual_constant<dims>(N(F(1.0f))));
    const Dual<dims, N> z = dual_subtract(dual_constant<dims>(N(F(1.0f))), y);
    return dual_subtract(dual_constant<dims>(N(F(1.0f))), dual_multiply(z, z));
}

// [S 21.3] One octave's stripes at cell coordinates q along the unit direction u: the blended
// phasor (c, s) and its derivatives with respect to q.
template <class N>
struct ErosionStripes {
    N c, s;
    N dc[2], ds[2];
};

// A cell coordinate as a number: as a Total, its derivative along its own axis is the frequency.
template <class N>
GRADNOISE_KERNEL_INLINE N cell_coordinate(F q, int axis, F frequency) noexcept {
    N r(q);
    if constexpr (!std::is_same_v<N, F>) {
        r.d[axis] = frequency;
    }
    return r;
}

// The cell's fraction of a cell coordinate (q + 0 - floor: its derivatives those of q).
template <class N>
GRADNOISE_KERNEL_INLINE N cell_fraction(const N& q, F frac) noexcept {
    N r = q;
    if constexpr (std::is_same_v<N, F>) {
        r = frac;
    } else {
        r.v = frac;
    }
    return r;
}

template <class N>
GRADNOISE_KERNEL_INLINE ErosionStripes<N> erosion_stripes(I key, const std::int32_t* mask, const N* q, const N& ux,
                                                          const N& uy) noexcept {
    using Cell = CellularBase<2>;
    const Axis<F> ax = split(value_of(q[0])), ay = split(value_of(q[1]));
    const N fx = cell_fraction(q[0], ax.frac), fy = cell_fraction(q[1], ay.frac);
    const N wx = negate(uy) * F(detail::erosion_stripes), wy = ux * F(detail::erosion_stripes);
    // The 4x4 cells nearest the sample: per lane from two cells before its own (one where it is in
    // the cell's upper half); the cell steps as integers and as floats.
    const auto lower_x = ax.frac < F(0.5f), lower_y = ay.frac < F(0.5f);
    const F first_x = xsimd::select(lower_x, F(-2.0f), F(-1.0f)), first_y = xsimd::select(lower_y, F(-2.0f), F(-1.0f));
    const I cell_x = ax.cell + xsimd::select(int_mask(lower_x), I(-2), I(-1));
    const I cell_y = ay.cell + xsimd::select(int_mask(lower_y), I(-2), I(-1));
    I x_term[4], y_term[4];
    F x_step[4], y_step[4];
    for (int s = 0; s < 4; ++s) {
        x_term[s] = Cell::axis_term(cell_x + I(s), 0, mask);
        y_term[s] = Cell::axis_term(cell_y + I(s), 1, mask);
        x_step[s] = (first_x + F(static_cast<float>(s))) + F(0.5f);
        y_step[s] = (first_y + F(static_cast<float>(s))) + F(0.5f);
    }
    N C(F(0.0f)), S(F(0.0f)), W(F(0.0f));
    N dC[2] = {N(F(0.0f)), N(F(0.0f))}, dS[2] = {N(F(0.0f)), N(F(0.0f))}, dW[2] = {N(F(0.0f)), N(F(0.0f))};
    for (int j = 0; j < 4; ++j) {
        for (int i = 0; i < 4; ++i) {
            const I h = Cell::cell_hash((key ^ x_term[i]) ^ y_term[j]);
            const N ex = fx - (x_step[i] + F(detail::erosion_reach) * Cell::feature_offset(h, 0));
            const N ey = fy - (y_step[j] + F(detail::erosion_reach) * Cell::feature_offset(h, 1));
            N t = F(detail::erosion_radius2) - (ex * ex + ey * ey);
            const auto reaches = value_of(t) > F(0.0f);
            // A cell that reaches no lane adds zeros (weight +0, de +-0, finite phasors; as Totals
            // their derivatives too) to sums that are never -0 (they start at +0), so skipping it
            // keeps every bit; a lane at a non-finite point ends non-finite either way (its c is
            // NaN) and keeps the field (spec 21.5).
            if (!xsimd::any(reaches)) {
                continue;
            }
            t = select(reaches, t, N(F(0.0f)));
            const N t2 = t * t;
            const N weight = t2 * t;
            const N slope = t2 * F(detail::erosion_weight_slope);
            const N phase = ex * wx + ey * wy;
            const N sn = sine_turns(phase);
            const N cs = sine_turns(phase + F(0.25f));
            C = C + weight * cs;
            S = S + weight * sn;
            W = W + weight;
            const N de[2] = {slope * ex, slope * ey};
            for (int a = 0; a < 2; ++a) {
                dC[a] = dC[a] + de[a] * cs;
                dS[a] = dS[a] + de[a] * sn;
                dW[a] = dW[a] + de[a];
            }
        }
    }
    const N k[2] = {wx * F(detail::erosion_two_pi), wy * F(detail::erosion_two_pi)};
    for (int a = 0; a < 2; ++a) {
        dC[a] = dC[a] - k[a] * S;
        dS[a] = dS[a] + k[a] * C;
    }
    ErosionStripes<N> r;
    const N M = square_root(C * C + S * S);
    const N quarter = W * F(0.25f);
    const auto unit = value_of(M) >= value_of(quarter);
    const N N_ = select(unit, M, quarter);
    r.c = divide(C, N_);
    r.s = divide(S, N_);
    for (int a = 0; a < 2; ++a) {
        const N dN = select(unit, r.c * dC[a] + r.s * dS[a], dW[a] * F(0.25f));
        r.dc[a] = divide(dC[a] - r.c * dN, N_);
        r.ds[a] = divide(dS[a] - r.s * dN, N_);
    }
    return r;
}

// [S 21] The filter over h, octave k's cell coordinates from cells(k, q) (x and y; further axes
// carry only the field's own derivatives). Returns H before section 21.5's finiteness test.
template <int dims, class N, class Cells>
GRADNOISE_KERNEL_INLINE Dual<dims, N> erode_octaves(const detail::ErosionTable& e, Cells&& cells, Dual<dims, N> h) noexcept {
    Dual<dims, N> target = dual_clamp(h, -1.0f, 1.0f);
    Dual<dims, N> mask = dual_constant<dims>(N(F(0.0f))), c = mask, s = mask;
    for (int k = 0; k < e.octaves; ++k) {
        const F frequency(e.frequency[k]);
        F cell[2];
        cells(k, cell);
        const N q[2] = {cell_coordinate<N>(cell[0], 0, frequency), cell_coordinate<N>(cell[1], 1, frequency)};
        const N gx = h.d[0], gy = h.d[1];
        const N length = square_root(gx * gx + gy * gy);
        const auto sloped = value_of(length) > F(0.0f);
        const N ux = select(sloped, divide(gx, length), N(F(1.0f)));
        const N uy = select(sloped, divide(gy, length), N(F(0.0f)));
        const ErosionStripes<N> st = erosion_stripes<N>(I(static_cast<std::int32_t>(e.key[k])), e.mask[k], q, ux, uy);
        const Dual<dims, N> previous_c = c, previous_s = s;
        c = dual_constant<dims>(st.c);
        s = dual_constant<dims>(st.s);
        for (int a = 0; a < 2; ++a) {
            c.d[a] = st.dc[a] * frequency;
            s.d[a] = st.ds[a] * frequency;
        }
        if (k == 0) {
            N standing = target.v + F(0.5f);
            standing = select(value_of(standing) < F(0.0f), N(F(0.0f)),
                              select(value_of(standing) > F(1.0f), N(F(1.0f)), standing));
            const Dual<dims, N> x = dual_constant<dims>(divide(length, F(e.gully_slope)));
            const Dual<dims, N> r = dual_constant<dims>(F(e.crease) + F(e.ridge - e.crease) * standing);
            mask = erosion_ramp(x, r);
        } else {
            const Dual<dims, N> x = dual_scale(dual_magnitude(previous_s), F(detail::erosion_onset));
            const Dual<dims, N> standing = dual_clamp(dual_add(previous_c, dual_constant<dims>(N(F(0.5f)))), 0.0f, 1.0f);
            const Dual<dims, N> r = dual_add(dual_constant<dims>(N(F(e.crease))), dual_scale(standing, F(e.ridge - e.crease)));
            mask = dual_multiply(mask, erosion_ramp(x, r));
        }
        const Dual<dims, N> v = dual_add(target, dual_multiply(dual_subtract(c, target), mask));
        h = dual_add(h, dual_scale(v, F(e.weighted[k])));
        target = v;
    }
    return h;
}

// [S 21.5] The lanes whose value and partial derivatives are finite (the others keep the field).
template <int dims, class N>
GRADNOISE_KERNEL_INLINE auto erosion_finite(const Dual<dims, N>& h) noexcept {
    auto ok = finite(value_of(h.v));
    for (int a = 0; a < dims; ++a) {
        ok = ok & finite(value_of(h.d[a]));
    }
    return ok;
}

// [S 21] The field's value and gradient `in` eroded: the value and the partial derivatives of
// section 21.2 (the steering held).
template <int dims, class Cells>
GRADNOISE_KERNEL_INLINE ValueGradient<dims> erode_cells(const detail::ErosionTable& e, Cells&& cells,
                                                        const ValueGradient<dims>& in) noexcept {
    Dual<dims> h;
    h.v = in.value;
    for (int a = 0; a < dims; ++a) {
        h.d[a] = in.d[a];
    }
    h = erode_octaves<dims>(e, cells, h);
    const auto ok = erosion_finite(h);
    ValueGradient<dims> r;
    r.value = xsimd::select(ok, h.v, in.value);
    for (int a = 0; a < dims; ++a) {
        r.d[a] = xsimd::select(ok, h.d[a], in.d[a]);
    }
    return r;
}

// [S 21.6] The field's curvature: rows x and y of its Hessian, h[a][b] = d g_a / d p_b.
template <int dims>
struct Curvature {
    F h[2][dims];
};

// [S 21.6] The exact gradient: the filter over Totals, seeded with the field's gradient and
// curvature; the value is erode_cells()'s.
template <int dims, class Cells>
GRADNOISE_KERNEL_INLINE ValueGradient<dims> erode_cells_exact(const detail::ErosionTable& e, Cells&& cells,
                                                              const ValueGradient<dims>& in,
                                                              const Curvature<dims>& curvature) noexcept {
    using T = Total<dims>;
    Dual<dims, T> h;
    h.v = T(in.value);
    for (int a = 0; a < dims; ++a) {
        h.v.d[a] = in.d[a];
        h.d[a] = T(in.d[a]);
    }
    for (int a = 0; a < 2; ++a) {
        for (int b = 0; b < dims; ++b) {
            h.d[a].d[b] = curvature.h[a][b];
        }
    }
    h = erode_octaves<dims, T>(e, cells, h);
    const auto ok = erosion_finite(h);
    ValueGradient<dims> r;
    r.value = xsimd::select(ok, h.v.v, in.value);
    for (int a = 0; a < dims; ++a) {
        r.d[a] = xsimd::select(ok, h.v.d[a], in.d[a]);
    }
    return r;
}

// [S 21.6] The curvature by central differences of the field's gradient at p: along axis b at
// p_b + delta and p_b - delta, over the step between them (+0 where the two are one float).
template <int dims, class FieldGradient>
GRADNOISE_KERNEL_INLINE Curvature<dims> erosion_curvature(const detail::ErosionTable& e, const F* p,
                                                          FieldGradient&& field) noexcept {
    Curvature<dims> c;
    const F delta(e.curvature_step);
    for (int b = 0; b < dims; ++b) {
        F q[dims];
        for (int a = 0; a < dims; ++a) {
            q[a] = p[a];
        }
        const F above = p[b] + delta, below = p[b] - delta;
        q[b] = above;
        const ValueGradient<dims> g_above = field(q);
        q[b] = below;
        const ValueGradient<dims> g_below = field(q);
        const F step = above - below;
        const auto moved = step > F(0.0f);
        for (int a = 0; a < 2; ++a) {
            c.h[a][b] = xsimd::select(moved, divide(g_above.d[a] - g_below.d[a], step), F(0.0f));
        }
    }
    return c;
}

// [S 21] At points p: octave k's cells at p * E_k.
template <int dims>
GRADNOISE_KERNEL_OUTLINE ValueGradient<dims> erode(const detail::ErosionTable& e, const F* p,
                                                   const ValueGradient<dims>& in) noexcept {
    return erode_cells<dims>(e, [&](int k, F* q) GRADNOISE_KERNEL_LAMBDA_INLINE {
        const F frequency(e.frequency[k]);
        q[0] = p[0] * frequency;
        q[1] = p[1] * frequency;
    }, in);
}

// [S 21.6] At points p with the exact gradient; field(q) is the field's value and gradient at q.
template <int dims, class FieldGradient>
GRADNOISE_KERNEL_OUTLINE ValueGradient<dims> erode_exact(const detail::ErosionTable& e, const F* p,
                                                         FieldGradient&& field) noexcept {
    const ValueGradient<dims> in = field(p);
    const Curvature<dims> curvature = erosion_curvature<dims>(e, p, field);
    return erode_cells_exact<dims>(e, [&](int k, F* q) GRADNOISE_KERNEL_LAMBDA_INLINE {
        const F frequency(e.frequency[k]);
        q[0] = p[0] * frequency;
        q[1] = p[1] * frequency;
    }, in, curvature);
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
