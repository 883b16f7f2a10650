// [S 17] Cellular (Worley) noise over batches: the 3x3 (3x3x3) cells in the reference's order,
// every lane through every cell (no early exit), the two nearest distances kept by min/max:
// f2 = min(f2, max(f1, d)), f1 = min(f1, d) is the reference's "if d < f1 ... else if d < f2"
// for distances >= +0 (never NaN for finite input). Mirrors src/reference/cellular.cpp;
// tests/test_cellular.cpp.
#pragma once

#include "kernels/fractal.hpp"
#include "kernels/gradient.hpp"
#include "kernels/perlin.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

template <int dims>
struct CellularBase {
    const detail::NoiseTables* t;

    // Logical shift right of 32-bit lanes.
    GRADNOISE_KERNEL_INLINE static I shift_right(I v, int bits) noexcept {
        return (v >> bits) & I(static_cast<std::int32_t>(0xFFFFFFFFu >> bits));
    }

    static constexpr bool has_hessian = false;  // [S 18.3] (the damped fractal's gradient refuses it)
    F operator()(int k, const F* q) const noexcept { return evaluate<false>(k, q).value; }
    ValueGradient<dims> gradient(int k, const F* q) const noexcept { return evaluate<true>(k, q); }

    // [S 18.6] The gradient of a distance with respect to q, from the feature point's offset
    // d = feature - q and the distance f (after the square root).
    static GRADNOISE_KERNEL_INLINE void distance_gradient(CellularDistance distance, const F* d, F f, F* g) noexcept {
        I largest(0);
        if (distance == CellularDistance::chebyshev) {
            F m = xsimd::abs(d[0]);
            for (int a = 1; a < dims; ++a) {
                const auto bigger = xsimd::abs(d[a]) > m;
                m = xsimd::select(bigger, xsimd::abs(d[a]), m);
                largest = xsimd::select(int_mask(bigger), I(a), largest);
            }
        }
        for (int a = 0; a < dims; ++a) {
            const F sign = xsimd::select(d[a] > F(0.0f), F(-1.0f), xsimd::select(d[a] < F(0.0f), F(1.0f), F(0.0f)));
            switch (distance) {
                case CellularDistance::euclidean_squared: g[a] = d[a] * F(-2.0f); break;
                case CellularDistance::manhattan: g[a] = sign; break;
                case CellularDistance::chebyshev:
                    g[a] = xsimd::select(float_mask(largest == I(a)), sign, F(0.0f));
                    break;
                default: g[a] = xsimd::select(f > F(0.0f), divide(negate(d[a]), f), F(0.0f)); break;
            }
        }
    }

    template <bool with_gradient>
    GRADNOISE_KERNEL_OUTLINE ValueGradient<dims> evaluate(int k, const F* q) const noexcept {
        const std::int32_t* mask = t->octaves.mask[k];
        const CellularParams& c = t->desc.cellular;
        const F reach(t->cellular_reach[dims - 2]);
        const std::uint32_t prime[3] = {detail::mix_prime_x, detail::mix_prime_y, detail::mix_prime_z};
        F frac[dims];
        I h_axis[dims][3];  // the cell hash's term of each neighbour on each axis
        for (int a = 0; a < dims; ++a) {
            const Axis<F> axis = split(q[a]);
            frac[a] = axis.frac;
            for (int s = 0; s < 3; ++s) {
                h_axis[a][s] = mul_wrap((axis.cell + I(s - 1)) & I(mask[a]), I(static_cast<std::int32_t>(prime[a])));
            }
        }
        const I key(static_cast<std::int32_t>(t->mix_key));
        const I m1(static_cast<std::int32_t>(detail::mix_multiplier));
        const I m2(static_cast<std::int32_t>(detail::cellular_multiplier));
        const I m3(static_cast<std::int32_t>(detail::cellular_value_multiplier));

        F f1(std::numeric_limits<float>::infinity()), f2 = f1, value(0.0f);
        F d1[dims], d2[dims];  // [S 18.6] the nearest and second nearest points' offsets
        for (int a = 0; a < dims; ++a) {
            d1[a] = d2[a] = F(0.0f);
        }
        constexpr int kz = dims == 3 ? 1 : 0;
        for (int dz = -kz; dz <= kz; ++dz) {
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    const int step[3] = {dx, dy, dz};
                    I h = key ^ h_axis[0][dx + 1] ^ h_axis[1][dy + 1];
                    if constexpr (dims == 3) {
                        h = h ^ h_axis[2][dz + 1];
                    }
                    h = mul_wrap(h, m1);
                    h = h ^ shift_right(h, 15);
                    h = mul_wrap(h, m2);
                    h = h ^ shift_right(h, 13);
                    F d[dims];
                    for (int a = 0; a < dims; ++a) {
                        const F offset = xsimd::to_float((h >> (10 * a)) & I(1023)) * F(0.001953125f) +
                                         F(-0.9990234375f);
                        d[a] = (F(static_cast<float>(step[a]) + 0.5f) + reach * offset) - frac[a];
                    }
                    F dist;
                    if (c.distance == CellularDistance::manhattan) {
                        dist = xsimd::abs(d[0]) + xsimd::abs(d[1]);
                        if constexpr (dims == 3) dist = dist + xsimd::abs(d[2]);
                    } else if (c.distance == CellularDistance::chebyshev) {
                        dist = xsimd::max(xsimd::abs(d[0]), xsimd::abs(d[1]));
                        if constexpr (dims == 3) dist = xsimd::max(dist, xsimd::abs(d[2]));
                    } else {
                        dist = d[0] * d[0] + d[1] * d[1];
                        if constexpr (dims == 3) dist = dist + d[2] * d[2];
                    }
                    const auto closer = dist < f1;
                    if constexpr (with_gradient) {
                        // The reference's branches: closer -> (d2, d1) = (d1, d); else nearer than
                        // the second -> d2 = d.
                        const auto second = dist < f2;
                        for (int a = 0; a < dims; ++a) {
                            d2[a] = xsimd::select(closer, d1[a], xsimd::select(second, d[a], d2[a]));
                            d1[a] = xsimd::select(closer, d[a], d1[a]);
                        }
                    }
                    f2 = xsimd::min(f2, xsimd::max(f1, dist));
                    f1 = xsimd::min(f1, dist);
                    if (c.output == CellularOutput::cell_value) {
                        const I v = shift_right(mul_wrap(h ^ shift_right(h, 16), m3), 8);
                        value = xsimd::select(closer, xsimd::to_float(v) * F(1.1920928955078125e-07f) + F(-1.0f), value);
                    }
                }
            }
        }
        if (c.distance == CellularDistance::euclidean) {
            f1 = square_root(f1);
            f2 = square_root(f2);
        }
        F r;
        switch (c.output) {
            case CellularOutput::f2: r = f2; break;
            case CellularOutput::f2_minus_f1: r = f2 - f1; break;
            case CellularOutput::cell_value: r = value; break;
            default: r = f1; break;
        }
        const auto finite_q = all_finite<dims>(q);
        ValueGradient<dims> out;
        out.value = xsimd::select(finite_q, r, F(0.0f));
        if constexpr (with_gradient) {
            F g1[dims], g2[dims];
            distance_gradient(c.distance, d1, f1, g1);
            distance_gradient(c.distance, d2, f2, g2);
            for (int a = 0; a < dims; ++a) {
                F ga;
                switch (c.output) {
                    case CellularOutput::f2: ga = g2[a]; break;
                    case CellularOutput::f2_minus_f1: ga = g2[a] - g1[a]; break;
                    case CellularOutput::cell_value: ga = F(0.0f); break;
                    default: ga = g1[a]; break;
                }
                out.d[a] = xsimd::select(finite_q, ga, F(0.0f));
            }
        }
        return out;
    }
};

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
