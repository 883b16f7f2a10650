// [S 18] Values with their analytic gradients: the type every base noise's gradient() returns and
// the few operations the families share (the fades' derivatives, the lerp's product rule). The
// value part of every gradient evaluation is computed by the same operations as the plain value,
// so it equals it bit for bit; the gradient parts follow docs/spec.md section 18 in its order.
#pragma once

#include "kernels/ops.hpp"

// GCC 12 keeps the trees' nested loops (arrays of batches on the stack, 14 branches per 3D sample)
// unless told to unroll them: measured 140 -> 72 instructions per 3D sample on AVX2.
#define GRADNOISE_UNROLL _Pragma("GCC unroll 16")

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// A value and its partial derivatives with respect to the dims coordinates it was evaluated at.
template <int dims, class B = F>
struct ValueGradient {
    B value;
    B d[dims];
};

// [S 18.1] The fades' derivatives: cubic 6t - 6t^2 as (t * 6) * (1 - t); quintic
// 30 t^2 (t - 1)^2 as ((t * t) * 30) * ((t - 1) * (t - 1)).
template <Fade fade, class B>
GRADNOISE_KERNEL_INLINE B fade_derivative(B t) noexcept {
    using T = ScalarOf<B>;
    if constexpr (fade == Fade::cubic) {
        return (t * B(T(6))) * (B(T(1)) - t);
    } else {
        const B t1 = t - B(T(1));
        return ((t * t) * B(T(30))) * (t1 * t1);
    }
}

// [S 18.3] Their second derivatives: cubic 6 - 12 t; quintic ((t * 60) * (t - 1)) * ((t + t) - 1).
template <Fade fade, class B>
GRADNOISE_KERNEL_INLINE B fade_second_derivative(B t) noexcept {
    using T = ScalarOf<B>;
    if constexpr (fade == Fade::cubic) {
        return B(T(6)) - B(T(12)) * t;
    } else {
        return ((t * B(T(60))) * (t - B(T(1)))) * ((t + t) - B(T(1)));
    }
}

// A value, its gradient and its Hessian h[a][b] (the damped fractal's gradient needs them).
template <int dims, class B = F>
struct ValueHessian {
    B value;
    B d[dims];
    B h[dims][dims];
};

// [S 18.2, 18.3] The lerp tree of a lattice cell with its gradient (and, second: its Hessian):
// v[c] and g[a][c] are corner c's value and gradient (c = i + 2j + 4k + 8m), u[a] / du[a] / ddu[a]
// axis a's fade and its derivatives. Level l lerps along axis l; gradient component a runs the
// same tree on its corner components and adds du * (hi - lo) at level a; Hessian entry (a, b),
// a <= b, lerps its children's entries and adds du * (G_b hi - G_b lo) at a's level, du * (G_a hi
// - G_a lo) at b's and ddu * (hi - lo) where both are this level (the corners' Hessians are 0).
// The reference's lattice_second(), operation for operation. v and g are overwritten.
template <int dims, bool second = false, class B>
GRADNOISE_KERNEL_INLINE auto lerp_tree(B* v, B (*g)[1 << dims], const B* u, const B* du, const B* ddu) noexcept {
    constexpr int corners = 1 << dims;
    B h[second ? dims : 1][dims][corners];
    if constexpr (second) {
        GRADNOISE_UNROLL
        for (int a = 0; a < dims; ++a) {
            GRADNOISE_UNROLL
            for (int b = a; b < dims; ++b) {
                GRADNOISE_UNROLL
                for (int c = 0; c < corners; ++c) {
                    h[a][b][c] = B(ScalarOf<B>(0));
                }
            }
        }
    }
    int count = corners;
    GRADNOISE_UNROLL
    for (int level = 0; level < dims; ++level) {
        count /= 2;
        GRADNOISE_UNROLL
        for (int c = 0; c < count; ++c) {
            const B lo = v[2 * c], hi = v[2 * c + 1];
            B g_lo[dims], g_hi[dims];
            GRADNOISE_UNROLL
            for (int a = 0; a < dims; ++a) {
                g_lo[a] = g[a][2 * c];
                g_hi[a] = g[a][2 * c + 1];
            }
            if constexpr (second) {
                GRADNOISE_UNROLL
                for (int a = 0; a < dims; ++a) {
                    GRADNOISE_UNROLL
                    for (int b = a; b < dims; ++b) {
                        const B h_lo = h[a][b][2 * c], h_hi = h[a][b][2 * c + 1];
                        B d = h_lo + u[level] * (h_hi - h_lo);
                        if (a == level) {
                            d = d + du[level] * (g_hi[b] - g_lo[b]);
                        }
                        if (b == level) {
                            d = d + du[level] * (g_hi[a] - g_lo[a]);
                        }
                        if (a == level && b == level) {
                            d = d + ddu[level] * (hi - lo);
                        }
                        h[a][b][c] = d;
                    }
                }
            }
            GRADNOISE_UNROLL
            for (int a = 0; a < dims; ++a) {
                B d = g_lo[a] + u[level] * (g_hi[a] - g_lo[a]);
                if (a == level) {
                    d = d + du[level] * (hi - lo);
                }
                g[a][c] = d;
            }
            v[c] = lo + u[level] * (hi - lo);
        }
    }
    std::conditional_t<second, ValueHessian<dims, B>, ValueGradient<dims, B>> r;
    r.value = v[0];
    GRADNOISE_UNROLL
    for (int a = 0; a < dims; ++a) {
        r.d[a] = g[a][0];
        if constexpr (second) {
            GRADNOISE_UNROLL
            for (int b = 0; b < dims; ++b) {
                r.h[a][b] = a <= b ? h[a][b][0] : h[b][a][0];
            }
        }
    }
    // Lanes whose value is NaN (a non-finite coordinate) become +0 with +0 derivatives.
    const auto ok = r.value == r.value;
    const B zero(ScalarOf<B>(0));
    r.value = xsimd::select(ok, r.value, zero);
    GRADNOISE_UNROLL
    for (int a = 0; a < dims; ++a) {
        r.d[a] = xsimd::select(ok, r.d[a], zero);
        if constexpr (second) {
            GRADNOISE_UNROLL
            for (int b = 0; b < dims; ++b) {
                r.h[a][b] = xsimd::select(ok, r.h[a][b], zero);
            }
        }
    }
    return r;
}


}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
