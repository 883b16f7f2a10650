// [S 8, 11, 12] Around any base noise base(k, q) (octave k at the point q): the octave sum --
// the one loop that points, grids, chunks and binary64 share -- then domain warping and the
// marble and wood patterns. Mirrors src/reference/fractal.cpp; tests/test_fractal.cpp.
#pragma once

#include "kernels/gradient.hpp"
#include "kernels/ops.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

template <class B>
GRADNOISE_KERNEL_INLINE auto finite(B v) noexcept {
    return xsimd::abs(v) <= B(std::numeric_limits<ScalarOf<B>>::max());
}

// [S 8] One octave's contribution before its amplitude (the reference's octave_term()).
template <class B>
inline B octave_term(Fractal kind, B n, B& weight) noexcept {
    using T = ScalarOf<B>;
    switch (kind) {
        case Fractal::turbulence: return xsimd::abs(n);
        case Fractal::billow: return B(T(2)) * xsimd::abs(n) - B(T(1));
        case Fractal::ridged: {
            B s = B(T(1)) - xsimd::abs(n);
            s = s * s;
            s = s * weight;
            weight = xsimd::min(xsimd::max(s * B(T(2)), B(T(0))), B(T(1)));  // s >= 0, never NaN
            return s;
        }
        default: return n;
    }
}

// [S 8] The octave loop: octave(k) is octave k's base noise at its coordinates; the constants come
// from tables/noise_tables.hpp's OctaveConstants (float or double); the fractal kind is a runtime branch per
// octave (perfectly predicted). Plain noise (Fractal::none) is octave 0 alone.
template <int dims, class B, class Octaves, class Octave>
inline B octave_sum(const Octaves& o, Octave&& octave) noexcept {
    if (o.kind == Fractal::none) {
        return octave(0);
    }
    B sum(o.bias[dims]), weight(ScalarOf<B>(1));  // [S 8.1] +0 without a band limit
    for (int k = 0; k < o.octaves; ++k) {
        sum = sum + B(o.amplitude[k]) * octave_term(o.kind, octave(k), weight);
    }
    return divide(sum, B(o.amplitude_sum));
}

// No second derivatives: a base without them (the simplex families, cellular).
struct NoSecond {};

// [S 18.3] One octave of octave_sum_gradient() for every kind but the damped one (whose slope sum
// needs the octaves' Hessians): octave k's value and gradient n, with respect to its own coordinates,
// into the running sum, ridged weight and their derivatives. The grid rows' fractal gradients
// (kernels/grid_rows.hpp) run it too, so both give one order of operations.
template <int dims>
GRADNOISE_KERNEL_INLINE void octave_gradient_step(Fractal kind, F amplitude, F frequency, const ValueGradient<dims>& n,
                                                  F& sum, F& weight, F* dsum, F* dweight) noexcept {
    F g[dims], term, dterm[dims];
    for (int a = 0; a < dims; ++a) {
        g[a] = n.d[a] * frequency;
    }
    const auto negative = n.value < F(0.0f);
    switch (kind) {
        case Fractal::turbulence:
        case Fractal::billow:
            term = xsimd::abs(n.value);
            for (int a = 0; a < dims; ++a) {
                dterm[a] = xsimd::select(negative, negate(g[a]), g[a]);
            }
            if (kind == Fractal::billow) {
                term = F(2.0f) * term - F(1.0f);
                for (int a = 0; a < dims; ++a) {
                    dterm[a] = F(2.0f) * dterm[a];
                }
            }
            break;
        case Fractal::ridged: {
            const F r = F(1.0f) - xsimd::abs(n.value);
            const F square = r * r;
            term = square * weight;
            for (int a = 0; a < dims; ++a) {
                const F dr = xsimd::select(negative, g[a], negate(g[a]));
                dterm[a] = ((r + r) * dr) * weight + square * dweight[a];
            }
            const F w = term * F(2.0f);
            weight = xsimd::min(xsimd::max(w, F(0.0f)), F(1.0f));
            const auto inside = (w > F(0.0f)) & (w < F(1.0f));
            for (int a = 0; a < dims; ++a) {
                dweight[a] = xsimd::select(inside, dterm[a] * F(2.0f), F(0.0f));
            }
            break;
        }
        default:
            term = n.value;
            for (int a = 0; a < dims; ++a) {
                dterm[a] = g[a];
            }
            break;
    }
    sum = sum + amplitude * term;
    for (int a = 0; a < dims; ++a) {
        dsum[a] = dsum[a] + amplitude * dterm[a];
    }
}

// [S 18.3] The end of octave_sum_gradient(): the sums over the amplitudes' sum; a NaN derivative (an
// octave frequency overflowed to infinity: inf * +0) is +0.
template <int dims>
GRADNOISE_KERNEL_INLINE ValueGradient<dims> octave_gradient_total(const detail::OctaveTable& o, F sum,
                                                                  const F* dsum) noexcept {
    ValueGradient<dims> r;
    const F total(o.amplitude_sum);
    r.value = divide(sum, total);
    for (int a = 0; a < dims; ++a) {
        const F derivative = divide(dsum[a], total);
        r.d[a] = xsimd::select(derivative == derivative, derivative, F(0.0f));
    }
    return r;
}

// [S 18.3] The octave loop with its gradient: octave(k) is octave k's base noise with its
// gradient with respect to the octave's coordinates; the chain rule scales it by f_k. The value
// is octave_sum()'s, operation for operation (the reference's octave_sum_gradient()). The damped
// fractal's gradient takes second(k), the octave with its Hessian (want_gradient and a base that
// has one); otherwise only its value is meaningful.
template <int dims, bool want_gradient = true, class Octave, class Second = NoSecond>
inline ValueGradient<dims> octave_sum_gradient(const detail::OctaveTable& o, Octave&& octave,
                                               Second&& second = NoSecond{}) noexcept {
    constexpr bool curved = want_gradient && !std::is_same_v<std::decay_t<Second>, NoSecond>;
    if (o.kind == Fractal::none) {
        return octave(0);
    }
    F sum(o.bias[dims]), weight(1.0f), dsum[dims], dweight[dims], slope[dims];  // [S 8.1]
    F dslope[curved ? dims : 1][dims];
    for (int a = 0; a < dims; ++a) {
        dsum[a] = dweight[a] = slope[a] = F(0.0f);
    }
    if constexpr (curved) {
        for (int c = 0; c < dims; ++c) {
            for (int b = 0; b < dims; ++b) {
                dslope[c][b] = F(0.0f);
            }
        }
    }
    for (int k = 0; k < o.octaves; ++k) {
        if (o.kind != Fractal::damped) {
            octave_gradient_step<dims>(o.kind, F(o.amplitude[k]), F(o.frequency[k]), octave(k), sum, weight, dsum,
                                       dweight);
            continue;
        }
        // The damped fractal ([S 18.3]): the octaves' slope sum damps each term; its gradient needs the
        // octaves' Hessians (curved).
        ValueGradient<dims> n;
        ValueHessian<dims> nh;
        if constexpr (curved) {
            nh = second(k);
            n.value = nh.value;
            for (int a = 0; a < dims; ++a) {
                n.d[a] = nh.d[a];
            }
        } else {
            n = octave(k);
        }
        const F frequency(o.frequency[k]);
        F g[dims], dterm[dims];
        for (int a = 0; a < dims; ++a) {
            g[a] = n.d[a] * frequency;
            slope[a] = slope[a] + n.d[a];
        }
        F dot = slope[0] * slope[0];
        for (int a = 1; a < dims; ++a) {
            dot = dot + slope[a] * slope[a];
        }
        const F damping = F(1.0f) + dot;
        const F term = divide(n.value, damping);
        for (int a = 0; a < dims; ++a) {
            dterm[a] = F(0.0f);
        }
        if constexpr (curved) {
            for (int c = 0; c < dims; ++c) {
                for (int b = 0; b < dims; ++b) {
                    dslope[c][b] = dslope[c][b] + nh.h[c][b] * frequency;
                }
            }
            for (int b = 0; b < dims; ++b) {
                F s = slope[0] * dslope[0][b];
                for (int c = 1; c < dims; ++c) {
                    s = s + slope[c] * dslope[c][b];
                }
                dterm[b] = divide(g[b] - term * (s + s), damping);
            }
        }
        const F amplitude(o.amplitude[k]);
        sum = sum + amplitude * term;
        for (int a = 0; a < dims; ++a) {
            dsum[a] = dsum[a] + amplitude * dterm[a];
        }
    }
    return octave_gradient_total<dims>(o, sum, dsum);
}

// Are all of p's dims coordinates finite (per lane)?
template <int dims, class B>
GRADNOISE_KERNEL_INLINE auto all_finite(const B* p) noexcept {
    auto all = finite(p[0]);
    for (int a = 1; a < dims; ++a) {
        all = all & finite(p[a]);
    }
    return all;
}

// [S 8] The fractal at p: octave k at p * f_k + k * offset per axis; non-finite p give +0.
template <int dims, class Base, class B, class Octaves>
inline B fractal(const Base& base, const Octaves& o, const B* p) noexcept;

template <int dims, bool want_gradient = true, class Base>
GRADNOISE_KERNEL_OUTLINE ValueGradient<dims> fractal_gradient(const Base& base, const detail::OctaveTable& o,
                                                              const F* p) noexcept;

// [S 8, 18.3] The fractal at p, float32: derivative-damped fBm needs its octaves' gradients.
template <int dims, class Base>
inline F fractal_value(const Base& base, const detail::OctaveTable& o, const F* p) noexcept {
    if (o.kind == Fractal::damped) {  // (the gradient's instantiation: the same value bits, one kernel less)
        return fractal_gradient<dims>(base, o, p).value;
    }
    return fractal<dims>(base, o, p);
}

template <int dims, class Base, class B, class Octaves>
inline B fractal(const Base& base, const Octaves& o, const B* p) noexcept {
    if (o.kind == Fractal::none) {
        return base(0, p);
    }
    B result = octave_sum<dims, B>(o, [&](int k) GRADNOISE_KERNEL_LAMBDA_INLINE {
        const B f(o.frequency[k]);
        B q[dims];
        for (int a = 0; a < dims; ++a) {
            q[a] = p[a] * f + B(o.offset[a][k]);
        }
        return base(k, q);
    });
    return xsimd::select(all_finite<dims>(p), result, B(ScalarOf<B>(0)));
}

// [S 18.3] The fractal at p with its gradient; non-finite p give +0 and a +0 gradient. Without
// want_gradient only the value is meaningful (the damped fractal's value needs no Hessians).
template <int dims, bool want_gradient, class Base>
GRADNOISE_KERNEL_OUTLINE ValueGradient<dims> fractal_gradient(const Base& base, const detail::OctaveTable& o,
                                                              const F* p) noexcept {
    if (o.kind == Fractal::none) {
        return base.gradient(0, p);
    }
    auto at = [&](int k, F* q) GRADNOISE_KERNEL_LAMBDA_INLINE {
        const F f(o.frequency[k]);
        for (int a = 0; a < dims; ++a) {
            q[a] = p[a] * f + F(o.offset[a][k]);
        }
    };
    auto octave = [&](int k) GRADNOISE_KERNEL_LAMBDA_INLINE {
        F q[dims];
        at(k, q);
        return base.gradient(k, q);
    };
    ValueGradient<dims> r;
    if constexpr (want_gradient && Base::has_hessian) {
        r = octave_sum_gradient<dims, true>(o, octave, [&](int k) {
            F q[dims];
            at(k, q);
            return base.hessian(k, q);
        });
    } else {
        r = octave_sum_gradient<dims, want_gradient>(o, octave);
    }
    const auto ok = all_finite<dims>(p);
    r.value = xsimd::select(ok, r.value, F(0.0f));
    for (int a = 0; a < dims; ++a) {
        r.d[a] = xsimd::select(ok, r.d[a], F(0.0f));
    }
    return r;
}

// [S 12.1] The project's sine of r turns, sin(2 pi r) (the reference's sine_turns(), operation for
// operation), and of t radians.
inline F sine_turns(F r) noexcept {
    r = r - floor(r);
    F u = r - F(0.5f);
    u = xsimd::select(u > F(0.25f), F(0.5f) - u, xsimd::select(u < F(-0.25f), F(-0.5f) - u, u));
    F u2 = u * u;
    F s(detail::sine_c11);
    s = s * u2 + F(detail::sine_c9);
    s = s * u2 + F(detail::sine_c7);
    s = s * u2 + F(detail::sine_c5);
    s = s * u2 + F(detail::sine_c3);
    s = s * u2 + F(detail::sine_c1);
    return negate(s * u);
}
inline F sine(F t) noexcept { return sine_turns(t * F(detail::sine_inv_two_pi)); }

// [S 12] The pattern of the point p around v, the (warped) fractal there; v itself without one.
template <int dims>
GRADNOISE_KERNEL_INLINE F with_pattern(const PatternParams& pattern, const F* p, F v) noexcept {
    F r;
    if (pattern.kind == Pattern::marble) {
        r = F(0.5f) + F(0.5f) * sine(p[0] * F(pattern.frequency) + F(pattern.strength) * v);
    } else if (pattern.kind == Pattern::wood) {
        F g = square_root(p[0] * p[0] + p[1] * p[1]) * F(pattern.frequency) + F(pattern.strength) * v;
        r = g - floor(g);
        r = xsimd::select(r >= F(1.0f), F(0.0f), r);
    } else {
        return v;
    }
    r = xsimd::select((r == r) & all_finite<dims>(p), r, F(0.0f));
    return xsimd::min(xsimd::max(r, F(0.0f)), F(1.0f));
}

// [S 11, 12] warp, fractal, pattern: the whole field of a descriptor.
template <int dims, class Base>
inline F decorated(const Base& base, const detail::NoiseTables& t, const F* p) noexcept {
    const NoiseDesc& d = t.desc;
    F at[dims];
    for (int a = 0; a < dims; ++a) {
        at[a] = p[a];
    }
    for (int level = 0; level < d.warp.levels; ++level) {
        const F frequency(d.warp.frequency), strength(d.warp.strength);
        F displacement[dims];
        for (int a = 0; a < dims; ++a) {
            F q[dims];
            for (int b = 0; b < dims; ++b) {
                q[b] = at[b] * frequency + F(detail::warp_offset[level][a]);
            }
            displacement[a] = fractal_value<dims>(base, t.octaves, q);
        }
        for (int a = 0; a < dims; ++a) {
            at[a] = p[a] + strength * displacement[a];
        }
    }
    return with_pattern<dims>(d.pattern, p, fractal_value<dims>(base, t.octaves, at));
}

// [S 11, 18.3] The warped fractal with its gradient: the warped point's Jacobian J (the identity
// at the start) through each level, then the gradient sum_c g_c J[c][b] (the reference's
// field_gradient(); patterns have no gradient and are rejected before).
template <int dims, class Base>
GRADNOISE_KERNEL_OUTLINE ValueGradient<dims> decorated_gradient(const Base& base, const detail::NoiseTables& t,
                                                                const F* p) noexcept {
    const NoiseDesc& d = t.desc;
    if (d.warp.levels == 0) {
        return fractal_gradient<dims>(base, t.octaves, p);
    }
    const F frequency(d.warp.frequency), strength(d.warp.strength);
    F at[dims], jacobian[dims][dims];
    for (int a = 0; a < dims; ++a) {
        at[a] = p[a];
        for (int b = 0; b < dims; ++b) {
            jacobian[a][b] = F(a == b ? 1.0f : 0.0f);
        }
    }
    for (int level = 0; level < d.warp.levels; ++level) {
        F displacement[dims], next[dims][dims];
        for (int a = 0; a < dims; ++a) {
            F q[dims];
            for (int b = 0; b < dims; ++b) {
                q[b] = at[b] * frequency + F(detail::warp_offset[level][a]);
            }
            const ValueGradient<dims> g = fractal_gradient<dims>(base, t.octaves, q);
            displacement[a] = g.value;
            for (int b = 0; b < dims; ++b) {
                F derivative = g.d[0] * (frequency * jacobian[0][b]);
                for (int c = 1; c < dims; ++c) {
                    derivative = derivative + g.d[c] * (frequency * jacobian[c][b]);
                }
                next[a][b] = F(a == b ? 1.0f : 0.0f) + strength * derivative;
            }
        }
        for (int a = 0; a < dims; ++a) {
            at[a] = p[a] + strength * displacement[a];
            for (int b = 0; b < dims; ++b) {
                jacobian[a][b] = next[a][b];
            }
        }
    }
    const ValueGradient<dims> g = fractal_gradient<dims>(base, t.octaves, at);
    // Non-finite p: +0 gradient; a NaN component (only from huge strengths overflowing) is +0.
    ValueGradient<dims> r;
    r.value = g.value;
    const auto ok = all_finite<dims>(p);
    for (int b = 0; b < dims; ++b) {
        F derivative = g.d[0] * jacobian[0][b];
        for (int c = 1; c < dims; ++c) {
            derivative = derivative + g.d[c] * jacobian[c][b];
        }
        r.d[b] = xsimd::select(ok & (derivative == derivative), derivative, F(0.0f));
    }
    return r;
}

// Is the field the base noise alone (no fractal, warp, pattern or erosion)?
inline bool plain_field(const detail::NoiseTables& t) noexcept {
    const NoiseDesc& d = t.desc;
    return t.octaves.kind == Fractal::none && d.warp.levels == 0 && d.pattern.kind == Pattern::none &&
           t.desc.erosion.octaves == 0;
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
