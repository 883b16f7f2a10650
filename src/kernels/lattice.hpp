// [S 10] Lattice variants: the classic and value bases, periods and 4D -- every case the
// specialised perlin hashers (kernels/perlin.hpp + hash.hpp) do not cover. Corner hashes are
// computed per corner from wrapped indices (the permutation chain one level at a time, or
// mixing), and the corner values per basis; the same integers and floats as the reference's
// Lattice (src/reference/lattice.cpp). Tested in tests/test_lattice.cpp.
#pragma once

#include "kernels/hash.hpp"
#include "kernels/perlin.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// [S 10.4] Perlin's 4D grad on hash h (low five bits): a = h<24 ? x : y, b = h<16 ? y : z,
// c = h<8 ? z : w, signs from bits 0, 1, 2; (a + b) + c.
GRADNOISE_KERNEL_INLINE F grad4(I h, I x, I y, I z, I w) noexcept {
    const I sign(INT32_MIN);
    I g = h & I(31);
    I a = xsimd::select(g < I(24), x, y);
    I b = xsimd::select(g < I(16), y, z);
    I c = xsimd::select(g < I(8), z, w);
    a = a ^ (shl(g, 31) & sign);
    b = b ^ (shl(g, 30) & sign);
    c = c ^ (shl(g, 29) & sign);
    return (as_float(a) + as_float(b)) + as_float(c);
}

// One octave of the general lattice at q; with_gradient: with its gradient ([S 18.2]: the corner
// gradients, the fades' derivatives and lerp_tree), else the value alone (d unset);
// second: with its Hessian too.
template <Fade fade, int dims, bool with_gradient, bool second = false>
inline auto lattice_eval(const detail::NoiseTables& t, int octave, const F* q) noexcept {
    constexpr int corners = 1 << dims;
    const std::int32_t* mask = t.octaves.mask[octave];
    F weight[dims], dweight[dims], ddweight[dims];
    I offset[dims][2];  // the offsets to the corner, as float bits
    I index[dims][2];   // the wrapped corner indices
    for (int a = 0; a < dims; ++a) {
        const Axis<F> axis = split(q[a]);
        weight[a] = fade_curve<fade>(axis.frac);
        if constexpr (with_gradient) {
            dweight[a] = fade_derivative<fade>(axis.frac);
        }
        if constexpr (second) {
            ddweight[a] = fade_second_derivative<fade>(axis.frac);
        }
        offset[a][0] = as_int(axis.frac);
        offset[a][1] = as_int(axis.frac - F(1.0f));
        index[a][0] = axis.cell & I(mask[a]);
        index[a][1] = (axis.cell + I(1)) & I(mask[a]);
    }

    // [S 3] corner hashes (0..255), corner c = i + 2j + 4k + 8m.
    I h[corners];
    if (t.hash == Hash::mix) {
        const std::uint32_t prime[4] = {detail::mix_prime_x, detail::mix_prime_y, detail::mix_prime_z,
                                        detail::mix_prime_w};
        const I key(static_cast<std::int32_t>(t.mix_key));
        for (int c = 0; c < corners; ++c) {
            I acc = key;
            for (int a = 0; a < dims; ++a) {
                acc = acc ^ mul_wrap(index[a][(c >> a) & 1], MixHasher::constant(prime[a]));
            }
            I m = mul_wrap(acc, MixHasher::constant(detail::mix_multiplier));
            h[c] = (shr(m, 28) & I(15)) | (shr(m, 20) & I(0xF0));
        }
    } else {
        // Perlin's chain, one level per axis: p(p(p(X) + Y) + Z) (2D: a last level with Z = 0).
        const PermutationLookup p(t);
        h[0] = p(index[0][0]);
        h[1] = p(index[0][1]);
        for (int a = 1; a < dims; ++a) {
            const int known = 1 << a;
            for (int c = known - 1; c >= 0; --c) {
                h[c + known] = p((h[c] + index[a][1]) & I(255));
                h[c] = p((h[c] + index[a][0]) & I(255));
            }
        }
        if constexpr (dims == 2) {
            for (int c = 0; c < corners; ++c) {
                h[c] = p(h[c]);
            }
        }
    }

    // [S 4.4, 10] corner values (and [S 18.2] their gradients).
    F v[corners];
    F g[with_gradient ? dims : 1][corners];
    const Basis basis = t.desc.basis;
    const I one = as_int(F(1.0f)), zero(0);
    for (int c = 0; c < corners; ++c) {
        I o[4];
        for (int a = 0; a < dims; ++a) {
            o[a] = offset[a][(c >> a) & 1];
        }
        if (basis == Basis::value) {
            v[c] = gather(t.values, h[c]);
            if constexpr (with_gradient) {
                for (int a = 0; a < dims; ++a) {
                    g[a][c] = F(0.0f);
                }
            }
        } else if (basis == Basis::classic) {
            const float* const* table = nullptr;
            const float* g2[2] = {t.classic2[0], t.classic2[1]};
            const float* g3[3] = {t.classic3[0], t.classic3[1], t.classic3[2]};
            const float* g4[4] = {t.classic4[0], t.classic4[1], t.classic4[2], t.classic4[3]};
            table = dims == 2 ? g2 : (dims == 3 ? g3 : g4);
            F component[dims];
            for (int a = 0; a < dims; ++a) {
                component[a] = gather(table[a], h[c]);
            }
            F dot = component[0] * as_float(o[0]) + component[1] * as_float(o[1]);
            for (int a = 2; a < dims; ++a) {
                dot = dot + component[a] * as_float(o[a]);
            }
            v[c] = dot;
            if constexpr (with_gradient) {
                for (int a = 0; a < dims; ++a) {
                    g[a][c] = component[a];
                }
            }
        } else if (dims == 2 && basis == Basis::isotropic) {
            // [S 15] one of 16 evenly spread gradients, by hash & 15.
            const I n = h[c] & I(15);
            const F gx = gather(detail::isotropic_gradient_x, n), gy = gather(detail::isotropic_gradient_y, n);
            v[c] = gx * as_float(o[0]) + gy * as_float(o[1]);
            if constexpr (with_gradient) {
                g[0][c] = gx;
                g[1][c] = gy;
            }
        } else if constexpr (dims == 4) {
            v[c] = grad4(h[c], o[0], o[1], o[2], o[3]);
            if constexpr (with_gradient) {
                // [S 18.2] the 4D vector: a (+-1 by bit 0) on x if h < 24 else y; b (bit 1) on y
                // if h < 16 else z; c (bit 2) on z if h < 8 else w.
                const I code = h[c] & I(31), sign(INT32_MIN);
                const I a = one ^ (shl(code, 31) & sign), b = one ^ (shl(code, 30) & sign), cc = one ^ (shl(code, 29) & sign);
                g[0][c] = as_float(xsimd::select(code < I(24), a, zero));
                g[1][c] = as_float(xsimd::select(code < I(24), xsimd::select(code < I(16), b, zero), a));
                g[2][c] = as_float(xsimd::select(code < I(16), xsimd::select(code < I(8), cc, zero), b));
                g[3][c] = as_float(xsimd::select(code < I(8), zero, cc));
            }
        } else {
            const I z = dims == 3 ? o[2] : I(0);  // 2D: z = +0
            const I code = gradient_code(h[c] & I(15));
            v[c] = grad(code, 0, o[0], o[1], z);
            if constexpr (with_gradient) {
                I vector[3];
                perlin_vector(code, 0, vector);
                for (int a = 0; a < dims; ++a) {
                    g[a][c] = as_float(vector[a]);
                }
            }
        }
    }

    if constexpr (second) {
        return lerp_tree<dims, true>(v, g, weight, dweight, ddweight);
    } else if constexpr (with_gradient) {
        return lerp_tree<dims>(v, g, weight, dweight, dweight);
    } else {
        // [S 4.6] lerp along x, then y, z, w.
        int count = corners;
        for (int a = 0; a < dims; ++a) {
            count /= 2;
            for (int c = 0; c < count; ++c) {
                v[c] = lerp(weight[a], v[2 * c], v[2 * c + 1]);
            }
        }
        ValueGradient<dims> r;
        r.value = finish(v[0]);
        return r;
    }
}

template <Fade fade, int dims>
inline F lattice_noise(const detail::NoiseTables& t, int octave, const F* q) noexcept {
    return lattice_eval<fade, dims, false>(t, octave, q).value;
}

// The base noise of the general lattice, for the selector (kernels/select.hpp).
template <Fade fade_kind, int dims>
struct LatticeBase {
    static constexpr Fade fade = fade_kind;
    const detail::NoiseTables* t;
    F operator()(int k, const F* q) const noexcept { return lattice_noise<fade, dims>(*t, k, q); }
    static constexpr bool has_hessian = true;
    GRADNOISE_KERNEL_OUTLINE ValueGradient<dims> gradient(int k, const F* q) const noexcept {
        return lattice_eval<fade, dims, true>(*t, k, q);
    }
    GRADNOISE_KERNEL_OUTLINE ValueHessian<dims> hessian(int k, const F* q) const noexcept {
        return lattice_eval<fade, dims, true, true>(*t, k, q);
    }
};

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
