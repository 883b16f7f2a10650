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

    // Logical shift right of 32-bit lanes (one instruction: the unsigned lanes' shift).
    GRADNOISE_KERNEL_INLINE static I shift_right(I v, int bits) noexcept {
        return bits_as<std::int32_t>(shr(bits_as<std::uint32_t>(v), bits));
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

    // [S 17.1] Axis a's term of a cell's hash: the cell index wrapped by the octave's period mask,
    // times the axis's prime.
    GRADNOISE_KERNEL_INLINE static I axis_term(I cell, int axis, const std::int32_t* mask) noexcept {
        const std::uint32_t prime[3] = {detail::mix_prime_x, detail::mix_prime_y, detail::mix_prime_z};
        return mul_wrap(cell & I(mask[axis]), I(static_cast<std::int32_t>(prime[axis])));
    }
    // [S 17.1] A cell's hash from its axes' terms (key ^ X * 0x9E3779B1 ^ ...), the offset of its
    // feature point on axis a, in (-1, 1), and its value, in [-1, 1).
    GRADNOISE_KERNEL_INLINE static I cell_hash(I h) noexcept {
        h = mul_wrap(h, I(static_cast<std::int32_t>(detail::mix_multiplier)));
        h = h ^ shift_right(h, 15);
        h = mul_wrap(h, I(static_cast<std::int32_t>(detail::cellular_multiplier)));
        return h ^ shift_right(h, 13);
    }
    GRADNOISE_KERNEL_INLINE static F feature_offset(I h, int a) noexcept {
        return xsimd::to_float(shr(h, 10 * a) & I(1023)) * F(0.001953125f) + F(-0.9990234375f);
    }
    GRADNOISE_KERNEL_INLINE static F cell_value(I h) noexcept {
        const I v = shift_right(mul_wrap(h ^ shift_right(h, 16), I(static_cast<std::int32_t>(detail::cellular_value_multiplier))), 8);
        return xsimd::to_float(v) * F(1.1920928955078125e-07f) + F(-1.0f);
    }
    // [S 17.2, 9] Axis a's part of the feature point's offset from the cell of the sample, before the
    // sample's own position: (float(step) + 0.5) + reach * o_a, with reach * o_a computed as
    // (float(k) - 511.5) * (reach / 512) (k: the offset's 10 bits; o_a = (2k - 1023) / 1024 exactly):
    // the same real product, rounded once, one operation less (spec section 9 says why the bits
    // stay where reach / 512 is not exact). reach_unit: reach / 512 (reach_unit_of).
    GRADNOISE_KERNEL_INLINE static F feature_term(int step, F reach_unit, I h, int a) noexcept {
        const F centred = xsimd::to_float(shr(h, 10 * a) & I(1023)) - F(511.5f);
        return F(static_cast<float>(step) + 0.5f) + centred * reach_unit;
    }
    static F reach_unit_of(const detail::NoiseTables& t) noexcept {
        return F(t.cellular_reach[dims - 2] * 0.001953125f);
    }
    // [S 17.2] One axis's share of a distance (squared for the Euclidean ones) and the sum (or the
    // maximum) of the shares, axis by axis in order.
    // (distance: a CellularDistance, or a std::integral_constant of one where the kernel is
    // specialised for it.)
    template <class Distance>
    GRADNOISE_KERNEL_INLINE static F share(Distance distance, F d) noexcept {
        if (distance == CellularDistance::manhattan || distance == CellularDistance::chebyshev) {
            return xsimd::abs(d);
        }
        return d * d;
    }
    template <class Distance>
    GRADNOISE_KERNEL_INLINE static F combine(Distance distance, F sum, F next) noexcept {
        return distance == CellularDistance::chebyshev ? xsimd::max(sum, next) : sum + next;
    }
    // [S 17.2] The nearest two distances so far, and the nearest cell's value.
    struct Nearest {
        F f1 = F(std::numeric_limits<float>::infinity()), f2 = F(std::numeric_limits<float>::infinity()), value = F(0.0f);
        // (want_f2 false: F2 is not output and stays +inf.)
        template <class WantF2 = std::true_type>
        GRADNOISE_KERNEL_INLINE void add(F d, bool want_value, F v, WantF2 want_f2 = {}) noexcept {
            if (want_value) {
                value = xsimd::select(d < f1, v, value);
            }
            if (want_f2) {
                f2 = xsimd::min(f2, xsimd::max(f1, d));
            }
            f1 = xsimd::min(f1, d);
        }
        // F1 and F2 as output: their square roots for the Euclidean distance.
        GRADNOISE_KERNEL_INLINE void distances(const CellularParams& c, F& a, F& b) const noexcept {
            a = f1;
            b = f2;
            if (c.distance == CellularDistance::euclidean) {
                a = square_root(a);
                b = square_root(b);
            }
        }
        // The output from those distances, +0 where not finite.
        GRADNOISE_KERNEL_INLINE F pick(const CellularParams& c, F a, F b, FMask finite) const noexcept {
            F r;
            switch (c.output) {
                case CellularOutput::f2: r = b; break;
                case CellularOutput::f2_minus_f1: r = b - a; break;
                case CellularOutput::f1: r = a; break;
                default: r = value; break;  // (the per-cell outputs: the nearest cell's, kept by add)
            }
            return xsimd::select(finite, r, F(0.0f));
        }
        GRADNOISE_KERNEL_INLINE F output(const CellularParams& c, FMask finite) const noexcept {
            F a, b;
            distances(c, a, b);
            return pick(c, a, b, finite);
        }
    };

    // [S 18.6] The nearest and second nearest points' offsets d1, d2, as the reference's branches keep
    // them: a distance closer than F1 -> (d2, d1) = (d1, d); else one nearer than F2 -> d2 = d. (Called
    // before near.add() of that distance.)
    GRADNOISE_KERNEL_INLINE static void track(const Nearest& near, F dist, const F* d, F* d1, F* d2) noexcept {
        const auto closer = dist < near.f1;
        const auto second = dist < near.f2;
        for (int a = 0; a < dims; ++a) {
            d2[a] = xsimd::select(closer, d1[a], xsimd::select(second, d[a], d2[a]));
            d1[a] = xsimd::select(closer, d[a], d1[a]);
        }
    }
    // [S 17.2, 18.6] The output (every one but the edge) and its gradient from a finished search.
    GRADNOISE_KERNEL_INLINE static ValueGradient<dims> output_gradient(const CellularParams& c, const Nearest& near,
                                                                       const F* d1, const F* d2, FMask finite_q) noexcept {
        ValueGradient<dims> out;
        F f1, f2;
        near.distances(c, f1, f2);
        out.value = near.pick(c, f1, f2, finite_q);
        F g1[dims], g2[dims];
        distance_gradient(c.distance, d1, f1, g1);
        distance_gradient(c.distance, d2, f2, g2);
        for (int a = 0; a < dims; ++a) {
            F ga;
            switch (c.output) {
                case CellularOutput::f2: ga = g2[a]; break;
                case CellularOutput::f2_minus_f1: ga = g2[a] - g1[a]; break;
                case CellularOutput::f1: ga = g1[a]; break;
                default: ga = F(0.0f); break;  // (the per-cell outputs: piecewise constant)
            }
            out.d[a] = xsimd::select(finite_q, ga, F(0.0f));
        }
        return out;
    }

    // The value alone is specialised on what the output needs: the distance's kind, F2 or the
    // cell's value (a runtime choice per call of the search, not per cell).
    template <bool with_gradient>
    GRADNOISE_KERNEL_OUTLINE ValueGradient<dims> evaluate(int k, const F* q) const noexcept {
        const CellularParams& c = t->desc.cellular;
        if constexpr (with_gradient) {
            if (c.output == CellularOutput::edge) {
                return search<true, true>(k, q, c.distance, std::true_type{}, false);
            }
            return search<true>(k, q, c.distance, std::true_type{}, detail::cellular_output_per_cell(c.output));
        } else {
            using D = CellularDistance;
            auto by_output = [&](auto distance) GRADNOISE_KERNEL_LAMBDA_INLINE {
                switch (c.output) {
                    case CellularOutput::f2:
                    case CellularOutput::f2_minus_f1: return search<false>(k, q, distance, std::true_type{}, false);
                    case CellularOutput::f1: return search<false>(k, q, distance, std::false_type{}, false);
                    case CellularOutput::edge: return search<false, true>(k, q, distance, std::false_type{}, false);
                    default: return search<false>(k, q, distance, std::false_type{}, true);  // (per cell)
                }
            };
            switch (c.distance) {
                case D::manhattan: return by_output(std::integral_constant<D, D::manhattan>{});
                case D::chebyshev: return by_output(std::integral_constant<D, D::chebyshev>{});
                default: return by_output(std::integral_constant<D, D::euclidean_squared>{});  // (and euclidean)
            }
        }
    }

    // (edge: the output edge, whose second pass needs the nearest point's offset d1.)
    template <bool with_gradient, bool edge = false, class Distance, class WantF2>
    GRADNOISE_KERNEL_INLINE ValueGradient<dims> search(int k, const F* q, Distance distance, WantF2 want_f2,
                                                       bool want_value) const noexcept {
        const std::int32_t* mask = t->octaves.mask[k];
        const CellularParams& c = t->desc.cellular;
        const F reach_unit = reach_unit_of(*t);
        F frac[dims];
        I cell[dims];
        I h_axis[dims][3];  // the cell hash's term of each neighbour on each axis
        for (int a = 0; a < dims; ++a) {
            const Axis<F> axis = split(q[a]);
            frac[a] = axis.frac;
            cell[a] = axis.cell;
            for (int s = 0; s < 3; ++s) {
                h_axis[a][s] = axis_term(axis.cell + I(s - 1), a, mask);
            }
        }
        // [S 17.1, 17.2] A neighbour's hash from its axes' terms (key ^ X * prime ^ ...), and its feature
        // point's offset d = feature - q.
        auto neighbour = [&](I terms, const int* step, F* d) GRADNOISE_KERNEL_LAMBDA_INLINE {
            const I h = cell_hash(terms);
            for (int a = 0; a < dims; ++a) {
                d[a] = feature_term(step[a], reach_unit, h, a) - frac[a];
            }
            return h;
        };
        // [S 17.2] The per-cell outputs of a neighbour: its value, its id (its wrapped indices), or its
        // feature point's coordinate (the unwrapped cell's corner, then the point's place in it).
        auto per_cell = [&](I h, const int* step) GRADNOISE_KERNEL_LAMBDA_INLINE {
            switch (c.output) {
                case CellularOutput::cell_id: {
                    I id(0);
                    for (int a = dims - 1; a >= 0; --a) {
                        id = shl(id, 8) + ((cell[a] + I(step[a])) & I(mask[a]));
                    }
                    return xsimd::to_float(id);
                }
                case CellularOutput::feature_x:
                case CellularOutput::feature_y:
                case CellularOutput::feature_z: {
                    const int a = static_cast<int>(c.output) - static_cast<int>(CellularOutput::feature_x);
                    if (a >= dims) return F(0.0f);
                    const F floored = (q[a] + F(0.0f)) - frac[a];  // floor(q + 0), exactly
                    return (floored + F(static_cast<float>(step[a]))) + feature_term(0, reach_unit, h, a);  // 0.5 + reach o_a
                }
                default: return cell_value(h);
            }
        };
        const I key(static_cast<std::int32_t>(t->mix_key));

        Nearest near;
        F d1[dims], d2[dims];  // [S 18.6] the nearest and second nearest points' offsets
        for (int a = 0; a < dims; ++a) {
            d1[a] = d2[a] = F(0.0f);
        }
        constexpr int kz = dims == 3 ? 1 : 0;
        for (int dz = -kz; dz <= kz; ++dz) {
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    const int step[3] = {dx, dy, dz};
                    I terms = key ^ h_axis[0][dx + 1] ^ h_axis[1][dy + 1];
                    if constexpr (dims == 3) {
                        terms = terms ^ h_axis[2][dz + 1];
                    }
                    F d[dims];
                    const I h = neighbour(terms, step, d);
                    F dist = combine(distance, share(distance, d[0]), share(distance, d[1]));
                    if constexpr (dims == 3) {
                        dist = combine(distance, dist, share(distance, d[2]));
                    }
                    if constexpr (with_gradient || edge) {
                        track(near, dist, d, d1, d2);
                    }
                    near.add(dist, want_value, want_value ? per_cell(h, step) : F(0.0f), want_f2);
                }
            }
        }
        const auto finite_q = all_finite<dims>(q);
        ValueGradient<dims> out;
        if constexpr (edge) {
            // [S 17.2] The second pass: over the 5x5 (5x5x5) cells around the sample's, the least
            // distance (s - F1^2) / (2 sqrt(m)) to a bisector of the nearest point and another
            // (m = |d - d1|^2; m = 0 is the nearest point itself), the first least kept.
            I cells[dims][5];
            for (int a = 0; a < dims; ++a) {
                for (int s = 0; s < 5; ++s) {
                    cells[a][s] = axis_term(cell[a] + I(s - 2), a, mask);
                }
            }
            F best(std::numeric_limits<float>::infinity());
            F g[dims];
            for (int a = 0; a < dims; ++a) {
                g[a] = F(0.0f);
            }
            constexpr int kz2 = dims == 3 ? 2 : 0;
            for (int dz = -kz2; dz <= kz2; ++dz) {
                for (int dy = -2; dy <= 2; ++dy) {
                    for (int dx = -2; dx <= 2; ++dx) {
                        const int step[3] = {dx, dy, dz};
                        I terms = key ^ cells[0][dx + 2] ^ cells[1][dy + 2];
                        if constexpr (dims == 3) {
                            terms = terms ^ cells[2][dz + 2];
                        }
                        F d[dims], e[dims];
                        neighbour(terms, step, d);
                        for (int a = 0; a < dims; ++a) {
                            e[a] = d[a] - d1[a];
                        }
                        F sq = d[0] * d[0] + d[1] * d[1];
                        F m = e[0] * e[0] + e[1] * e[1];
                        if constexpr (dims == 3) {
                            sq = sq + d[2] * d[2];
                            m = m + e[2] * e[2];
                        }
                        const F root = square_root(m);
                        const F b = divide(sq - near.f1, F(2.0f) * root);
                        const auto closer = (m != F(0.0f)) && (b < best);
                        best = xsimd::select(closer, b, best);
                        for (int a = 0; a < dims; ++a) {
                            g[a] = xsimd::select(closer, negate(divide(e[a], root)), g[a]);
                        }
                    }
                }
            }
            out.value = xsimd::select(finite_q, best, F(0.0f));
            if constexpr (with_gradient) {
                for (int a = 0; a < dims; ++a) {
                    out.d[a] = xsimd::select(finite_q, g[a], F(0.0f));
                }
            }
            return out;
        }
        if constexpr (with_gradient) {
            return output_gradient(c, near, d1, d2, finite_q);
        }
        F f1, f2;
        near.distances(c, f1, f2);
        out.value = near.pick(c, f1, f2, finite_q);
        return out;
    }
};

template <class Base>
struct is_cellular_base : std::false_type {};
template <int dims>
struct is_cellular_base<CellularBase<dims>> : std::true_type {};

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
