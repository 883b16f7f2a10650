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

// [S 21.2] A quantity with its partial derivatives along the field's dims axes.
template <int dims>
struct Dual {
    F v;
    F d[dims];
};

template <int dims>
GRADNOISE_KERNEL_INLINE Dual<dims> dual_constant(F v) noexcept {
    Dual<dims> r;
    r.v = v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = F(0.0f);
    }
    return r;
}

template <int dims>
GRADNOISE_KERNEL_INLINE Dual<dims> dual_add(const Dual<dims>& a, const Dual<dims>& b) noexcept {
    Dual<dims> r;
    r.v = a.v + b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] + b.d[i];
    }
    return r;
}

template <int dims>
GRADNOISE_KERNEL_INLINE Dual<dims> dual_subtract(const Dual<dims>& a, const Dual<dims>& b) noexcept {
    Dual<dims> r;
    r.v = a.v - b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] - b.d[i];
    }
    return r;
}

template <int dims>
GRADNOISE_KERNEL_INLINE Dual<dims> dual_multiply(const Dual<dims>& a, const Dual<dims>& b) noexcept {
    Dual<dims> r;
    r.v = a.v * b.v;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] * b.v + a.v * b.d[i];
    }
    return r;
}

template <int dims>
GRADNOISE_KERNEL_INLINE Dual<dims> dual_scale(const Dual<dims>& a, F k) noexcept {
    Dual<dims> r;
    r.v = a.v * k;
    for (int i = 0; i < dims; ++i) {
        r.d[i] = a.d[i] * k;
    }
    return r;
}

template <int dims>
GRADNOISE_KERNEL_INLINE Dual<dims> dual_divide(const Dual<dims>& a, const Dual<dims>& b) noexcept {
    Dual<dims> r;
    r.v = divide(a.v, b.v);
    for (int i = 0; i < dims; ++i) {
        r.d[i] = divide(a.d[i] - r.v * b.d[i], b.v);
    }
    return r;
}

template <int dims>
GRADNOISE_KERNEL_INLINE Dual<dims> dual_select(FMask m, const Dual<dims>& a, const Dual<dims>& b) noexcept {
    Dual<dims> r;
    r.v = xsimd::select(m, a.v, b.v);
    for (int i = 0; i < dims; ++i) {
        r.d[i] = xsimd::select(m, a.d[i], b.d[i]);
    }
    return r;
}

template <int dims>
GRADNOISE_KERNEL_INLINE Dual<dims> dual_clamp(const Dual<dims>& a, float lo, float hi) noexcept {
    const Dual<dims> r = dual_select(a.v > F(hi), dual_constant<dims>(F(hi)), a);
    return dual_select(a.v < F(lo), dual_constant<dims>(F(lo)), r);
}

template <int dims>
GRADNOISE_KERNEL_INLINE Dual<dims> dual_magnitude(const Dual<dims>& a) noexcept {
    return dual_select(a.v < F(0.0f), dual_scale(a, F(-1.0f)), a);
}

// [S 21.4] The fade's ramp of x >= 0 with rounding r >= 0.
template <int dims>
GRADNOISE_KERNEL_INLINE Dual<dims> erosion_ramp(const Dual<dims>& x, const Dual<dims>& r) noexcept {
    const Dual<dims> linear = dual_subtract(x, dual_scale(r, F(0.5f)));
    const Dual<dims> soft = dual_divide(dual_multiply(x, x), dual_add(r, r));
    Dual<dims> y = dual_select(x.v >= r.v, linear, soft);
    y = dual_select(y.v < F(1.0f), y, dual_constant<dims>(F(1.0f)));
    const Dual<dims> z = dual_subtract(dual_constant<dims>(F(1.0f)), y);
    return dual_subtract(dual_constant<dims>(F(1.0f)), dual_multiply(z, z));
}

// [S 21.3] One octave's stripes at cell coordinates q along the unit direction u: the blended
// phasor (c, s) and its derivatives with respect to q.
struct ErosionStripes {
    F c, s;
    F dc[2], ds[2];
};

GRADNOISE_KERNEL_INLINE ErosionStripes erosion_stripes(I key, const std::int32_t* mask, const F* q, F ux, F uy) noexcept {
    using Cell = CellularBase<2>;
    const Axis<F> ax = split(q[0]), ay = split(q[1]);
    const F wx = negate(uy) * F(detail::erosion_stripes), wy = ux * F(detail::erosion_stripes);
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
    F C(0.0f), S(0.0f), W(0.0f);
    F dC[2] = {F(0.0f), F(0.0f)}, dS[2] = {F(0.0f), F(0.0f)}, dW[2] = {F(0.0f), F(0.0f)};
    for (int j = 0; j < 4; ++j) {
        for (int i = 0; i < 4; ++i) {
            const I h = Cell::cell_hash((key ^ x_term[i]) ^ y_term[j]);
            const F ex = ax.frac - (x_step[i] + F(detail::erosion_reach) * Cell::feature_offset(h, 0));
            const F ey = ay.frac - (y_step[j] + F(detail::erosion_reach) * Cell::feature_offset(h, 1));
            F t = F(detail::erosion_radius2) - (ex * ex + ey * ey);
            const auto reaches = t > F(0.0f);
            // A cell that reaches no lane adds zeros (weight +0, de +-0, finite phasors) to sums that
            // are never -0 (they start at +0), so skipping it keeps every bit; a lane at a non-finite
            // point ends non-finite either way (its c is NaN) and keeps the field (spec 21.5).
            if (!xsimd::any(reaches)) {
                continue;
            }
            t = xsimd::select(reaches, t, F(0.0f));
            const F t2 = t * t;
            const F weight = t2 * t;
            const F slope = t2 * F(detail::erosion_weight_slope);
            const F phase = ex * wx + ey * wy;
            const F sn = sine_turns(phase);
            const F cs = sine_turns(phase + F(0.25f));
            C = C + weight * cs;
            S = S + weight * sn;
            W = W + weight;
            const F de[2] = {slope * ex, slope * ey};
            for (int a = 0; a < 2; ++a) {
                dC[a] = dC[a] + de[a] * cs;
                dS[a] = dS[a] + de[a] * sn;
                dW[a] = dW[a] + de[a];
            }
        }
    }
    const F k[2] = {wx * F(detail::erosion_two_pi), wy * F(detail::erosion_two_pi)};
    for (int a = 0; a < 2; ++a) {
        dC[a] = dC[a] - k[a] * S;
        dS[a] = dS[a] + k[a] * C;
    }
    ErosionStripes r;
    const F M = square_root(C * C + S * S);
    const F quarter = W * F(0.25f);
    const auto unit = M >= quarter;
    const F N = xsimd::select(unit, M, quarter);
    r.c = divide(C, N);
    r.s = divide(S, N);
    for (int a = 0; a < 2; ++a) {
        const F dN = xsimd::select(unit, r.c * dC[a] + r.s * dS[a], dW[a] * F(0.25f));
        r.dc[a] = divide(dC[a] - r.c * dN, N);
        r.ds[a] = divide(dS[a] - r.s * dN, N);
    }
    return r;
}

// [S 21] The field's value and gradient `in` eroded, octave k's cell coordinates from cells(k, q)
// (x and y; further axes carry only the field's own derivatives).
template <int dims, class Cells>
GRADNOISE_KERNEL_INLINE ValueGradient<dims> erode_cells(const detail::ErosionTable& e, Cells&& cells,
                                                        const ValueGradient<dims>& in) noexcept {
    Dual<dims> h;
    h.v = in.value;
    for (int a = 0; a < dims; ++a) {
        h.d[a] = in.d[a];
    }
    Dual<dims> target = dual_clamp(h, -1.0f, 1.0f);
    Dual<dims> mask = dual_constant<dims>(F(0.0f)), c = mask, s = mask;
    for (int k = 0; k < e.octaves; ++k) {
        const F frequency(e.frequency[k]);
        F q[2];
        cells(k, q);
        const F gx = h.d[0], gy = h.d[1];
        const F length = square_root(gx * gx + gy * gy);
        const auto sloped = length > F(0.0f);
        const F ux = xsimd::select(sloped, divide(gx, length), F(1.0f));
        const F uy = xsimd::select(sloped, divide(gy, length), F(0.0f));
        const ErosionStripes st = erosion_stripes(I(static_cast<std::int32_t>(e.key[k])), e.mask[k], q, ux, uy);
        const Dual<dims> previous_c = c, previous_s = s;
        c = dual_constant<dims>(st.c);
        s = dual_constant<dims>(st.s);
        for (int a = 0; a < 2; ++a) {
            c.d[a] = st.dc[a] * frequency;
            s.d[a] = st.ds[a] * frequency;
        }
        if (k == 0) {
            F standing = target.v + F(0.5f);
            standing = xsimd::select(standing < F(0.0f), F(0.0f), xsimd::select(standing > F(1.0f), F(1.0f), standing));
            const Dual<dims> x = dual_constant<dims>(divide(length, F(e.gully_slope)));
            const Dual<dims> r = dual_constant<dims>(F(e.crease) + F(e.ridge - e.crease) * standing);
            mask = erosion_ramp(x, r);
        } else {
            const Dual<dims> x = dual_scale(dual_magnitude(previous_s), F(detail::erosion_onset));
            const Dual<dims> standing = dual_clamp(dual_add(previous_c, dual_constant<dims>(F(0.5f))), 0.0f, 1.0f);
            const Dual<dims> r = dual_add(dual_constant<dims>(F(e.crease)), dual_scale(standing, F(e.ridge - e.crease)));
            mask = dual_multiply(mask, erosion_ramp(x, r));
        }
        const Dual<dims> v = dual_add(target, dual_multiply(dual_subtract(c, target), mask));
        h = dual_add(h, dual_scale(v, F(e.weighted[k])));
        target = v;
    }
    // [S 21.5] A lane with a non-finite result keeps the field as it was.
    auto ok = finite(h.v);
    for (int a = 0; a < dims; ++a) {
        ok = ok & finite(h.d[a]);
    }
    ValueGradient<dims> r;
    r.value = xsimd::select(ok, h.v, in.value);
    for (int a = 0; a < dims; ++a) {
        r.d[a] = xsimd::select(ok, h.d[a], in.d[a]);
    }
    return r;
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

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
