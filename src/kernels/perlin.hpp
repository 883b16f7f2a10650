// [S 4, 5] Improved Perlin noise, 2D and 3D, over any batch type (float32 and binary64 share
// these bodies): the cell split, the fades, Perlin's grad and the lerp tree. Each operation
// mirrors src/reference/perlin.cpp in the order docs/spec.md fixes; the differences are how the
// corner hashes are fetched (kernels/hash.hpp), that grad's choices are bit tests on a selection
// code (tables/noise_tables.hpp: gradient_code), and that signs are flipped by XOR on the sign bit (IEEE
// negation, exact). Tested against the reference bit for bit in tests/test_perlin.cpp.
#pragma once

#include <limits>

#include "kernels/gradient.hpp"
#include "kernels/ops.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// [S 4.3]
template <Fade fade, class B>
GRADNOISE_KERNEL_INLINE B fade_curve(B t) noexcept {
    using T = ScalarOf<B>;
    if constexpr (fade == Fade::cubic) {
        return t * t * (B(T(3)) - B(T(2)) * t);
    } else {
        return t * t * t * (t * (t * B(T(6)) - B(T(15))) + B(T(10)));
    }
}

// [S 4.5]
template <class B>
GRADNOISE_KERNEL_INLINE B lerp(B t, B a, B b) noexcept {
    return a + t * (b - a);
}

// [S 4.1, 4.2] One axis: position inside the cell, and the cell index (its low 8 bits; higher
// bits are ignored by every hasher).
template <class B>
struct Axis {
    B frac;
    IntOf<B> cell;
};

// v + 0 turns -0 into +0 and changes nothing else; floor(-0) would otherwise be -0 on some ISAs
// and +0 on others (xsimd's SSE2 floor truncates through an integer), and -0 - +0 = -0 would flip
// the position's sign. Where floor keeps -0 (floor_keeps_zero_sign), -0 - -0 = +0 already, so the
// add is skipped: the same bits, one operation less per axis. Non-finite v give a NaN fraction,
// which finish() turns into +0.
GRADNOISE_KERNEL_INLINE Axis<F> split(F v) noexcept {
    if constexpr (!floor_keeps_zero_sign) {
        v = v + F(0.0f);
    }
    F floored = floor(v);
    return {v - floored, cell_index(floored)};
}

// [S 14.1] binary64: r = fl - 256 floor(fl / 256) is exact for every finite double (scaling by
// 2^-8 and the difference of two integers below 256 apart are exact); r + 2^52 puts r in the low
// mantissa bits, whose low byte is the cell.
GRADNOISE_KERNEL_INLINE Axis<D> split(D v) noexcept {
    if constexpr (!floor_keeps_zero_sign) {
        v = v + D(0.0);
    }
    D fl = floor(v);
    D r = fl - D(256.0) * floor(fl * D(1.0 / 256.0));
    return {v - fl, as_int(r + D(4503599627370496.0))};
}

// [S 4.1] A lane whose coordinates are all finite has a finite result; a lane with a NaN or an
// infinity has a NaN fraction on that axis, which propagates through the fade and every lerp to
// the result. So "result is NaN" is exactly "some input was not finite", and one compare at the
// end replaces the finiteness tests at the start. Such lanes become +0, as the spec says.
template <class B>
GRADNOISE_KERNEL_INLINE B finish(B result) noexcept {
    return xsimd::select(result == result, result, B(ScalarOf<B>(0)));
}

// [S 4.4] Perlin's grad(), driven by the selection code in byte `byte` (0..3) of each lane of c
// (a constant after inlining): bit 0 = h & 1 (negate a), bit 1 = h & 2 (negate b), bit 2 = h >= 8
// (a = y, else x), bit 3 = h < 4 (b = y), bit 4 = h == 12 || h == 14 (b = x; else b = z). So each
// choice is one bit test and one blend, and the sign flips are XORs of the sign bit. x, y, z are
// the float bit patterns of the offsets.
template <class IB>
GRADNOISE_KERNEL_INLINE auto grad(IB c, int byte, IB x, IB y, IB z) noexcept {
    using Int = typename IB::value_type;
    constexpr int top = static_cast<int>(sizeof(Int)) * 8 - 1;
    const IB sign(std::numeric_limits<Int>::min());
    const int at = 8 * byte;
    IB a = select_bit(c, at + 2, y, x);
    IB b = select_bit(c, at + 3, y, select_bit(c, at + 4, x, z));
    a = a ^ (shl(c, top - at) & sign);
    b = b ^ (shl(c, top - 1 - at) & sign);
    return as_float(a) + as_float(b);
}

// [S 4.6] The lerp tree over the corner values g(i + 2j (+ 4k)) in Perlin's order, then finish();
// g is called as the tree needs each value (the x lerps' pairs one after the other: fewer live
// registers on 16-register ISAs than all corners first).
template <class B, class Corner>
GRADNOISE_KERNEL_INLINE B perlin_lerp3(Corner&& g, B u, B v, B w) noexcept {
    const B x00 = lerp(u, g(0), g(1));
    const B x10 = lerp(u, g(2), g(3));
    const B y0 = lerp(v, x00, x10);
    const B x01 = lerp(u, g(4), g(5));
    const B x11 = lerp(u, g(6), g(7));
    return finish(lerp(w, y0, lerp(v, x01, x11)));
}
template <class B, class Corner>
GRADNOISE_KERNEL_INLINE B perlin_lerp2(Corner&& g, B u, B v) noexcept {
    const B x0 = lerp(u, g(0), g(1));
    return finish(lerp(v, x0, lerp(u, g(2), g(3))));
}

// [S 4.6] The corner values of one cell, lerped along x, y (and z) in Perlin's order; the
// hasher's corner codes c, the offsets' bit patterns px/py/pz ([0]: frac, [1]: frac - 1).
template <class Corners, class IB, class B>
GRADNOISE_KERNEL_INLINE B perlin_cell3(const Corners& c, const IB* px, const IB* py, const IB* pz, B u, B v,
                                       B w) noexcept {
    auto g = [&](int n) GRADNOISE_KERNEL_LAMBDA_INLINE {
        const int i = n & 1, j = (n >> 1) & 1, k = n >> 2;
        return grad(c.reg(i, j, k), c.byte(i, j, k), px[i], py[j], pz[k]);
    };
    return perlin_lerp3(g, u, v, w);
}

// [S 5] 2D: the 3D gradients at z = +0 (pz all zero bits), bilinear.
template <class Corners, class IB, class B>
GRADNOISE_KERNEL_INLINE B perlin_cell2(const Corners& c, const IB* px, const IB* py, IB pz, B u, B v) noexcept {
    auto g = [&](int n) GRADNOISE_KERNEL_LAMBDA_INLINE {
        const int i = n & 1, j = n >> 1;
        return grad(c.reg(i, j), c.byte(i, j), px[i], py[j], pz);
    };
    return perlin_lerp2(g, u, v);
}

// [S 18.2] Perlin's gradient of selection code byte `byte` of c as a vector of +-1.0f / +0 bit
// patterns: a (+-1 by bit 0) sits on y if bit 2 else on x; b (+-1 by bit 1) on y if bit 3, else on
// x if bit 4, else on z -- never on a's axis, so each component is one or two blends.
template <class IB>
GRADNOISE_KERNEL_INLINE void perlin_vector(IB c, int byte, IB* g) noexcept {
    using Int = typename IB::value_type;
    constexpr int top = static_cast<int>(sizeof(Int)) * 8 - 1;
    const IB sign(std::numeric_limits<Int>::min()), one = as_int(Batch<float>(1.0f)), zero(0);
    const int at = 8 * byte;
    const IB a = one ^ (shl(c, top - at) & sign), b = one ^ (shl(c, top - 1 - at) & sign);
    const IB b_on_x = select_bit(c, at + 4, b, zero);
    g[0] = select_bit(c, at + 2, select_bit(c, at + 3, zero, b_on_x), a);
    g[1] = select_bit(c, at + 2, a, select_bit(c, at + 3, b, zero));
    g[2] = select_bit(c, at + 3, zero, select_bit(c, at + 4, zero, b));
}

// [S 18.2] A Perlin cell with its gradient (and, second: its Hessian): corner c's gradient is
// its Perlin vector.
template <int dims, bool second, class Corners, class IB, class B>
GRADNOISE_KERNEL_INLINE auto perlin_cell_gradient(const Corners& c, const IB (*offset)[2], const B* u, const B* du,
                                                  const B* ddu) noexcept {
    const IB zero(0);
    B v[1 << dims];
    B g[dims][1 << dims];
    GRADNOISE_UNROLL
    for (int n = 0; n < (1 << dims); ++n) {
        const int i = n & 1, j = (n >> 1) & 1, k = (n >> 2) & 1;
        if constexpr (dims == 3) {
            const IB code = c.reg(i, j, k);
            const int byte = c.byte(i, j, k);
            v[n] = grad(code, byte, offset[0][i], offset[1][j], offset[2][k]);
            IB vector[3];
            perlin_vector(code, byte, vector);
            for (int a = 0; a < 3; ++a) {
                g[a][n] = as_float(vector[a]);
            }
        } else {
            const IB code = c.reg(i, j);
            const int byte = c.byte(i, j);
            v[n] = grad(code, byte, offset[0][i], offset[1][j], zero);  // [S 5] z = +0
            IB vector[3];
            perlin_vector(code, byte, vector);
            g[0][n] = as_float(vector[0]);
            g[1][n] = as_float(vector[1]);
        }
    }
    return lerp_tree<dims, second>(v, g, u, du, ddu);
}

template <Fade fade, int dims, bool second, class Hasher, class B>
GRADNOISE_KERNEL_INLINE auto perlin_gradient(const Hasher& hasher, const B* q) noexcept {
    using IB = IntOf<B>;
    const B one(ScalarOf<B>(1));
    B u[dims], du[dims], ddu[dims];
    IB offset[dims][2];
    IntOf<B> cell[dims];
    GRADNOISE_UNROLL
    for (int a = 0; a < dims; ++a) {
        const Axis<B> axis = split(q[a]);
        u[a] = fade_curve<fade>(axis.frac);
        du[a] = fade_derivative<fade>(axis.frac);
        ddu[a] = second ? fade_second_derivative<fade>(axis.frac) : axis.frac;
        offset[a][0] = as_int(axis.frac);
        offset[a][1] = as_int(axis.frac - one);
        cell[a] = axis.cell;
    }
    if constexpr (dims == 3) {
        return perlin_cell_gradient<3, second>(hasher.corners3(cell[0], cell[1], cell[2]), offset, u, du, ddu);
    } else {
        return perlin_cell_gradient<2, second>(hasher.corners2(cell[0], cell[1]), offset, u, du, ddu);
    }
}

// [S 4.4] Perlin's gradient vectors by the hash's index h & 15, component-major: the g with
// grad(h, x, y, z) = g . (x, y, z) as real numbers, for every h.
struct alignas(64) PerlinVectorTable {
    float c[3][16];
};
constexpr PerlinVectorTable perlin_vector_table() noexcept {
    PerlinVectorTable t{};
    for (int h = 0; h < 16; ++h) {
        const int code = detail::gradient_code(h);
        const int a = (code & 4) ? 1 : 0, b = (code & 8) ? 1 : (code & 16) ? 0 : 2;
        t.c[a][h] += (code & 1) ? -1.0f : 1.0f;
        t.c[b][h] += (code & 2) ? -1.0f : 1.0f;
    }
    return t;
}
constexpr PerlinVectorTable perlin_vectors = perlin_vector_table();

// The same vectors halved, as the top bytes of their floats (+-0.5: 0x3F / 0xBF; 0: 0x00), for the
// byte-shuffle lookup (ops: FloatTopTable16).
struct alignas(16) PerlinHalfVectorTops {
    std::uint8_t c[3][16];
};
constexpr PerlinHalfVectorTops perlin_half_vector_tops() noexcept {
    PerlinHalfVectorTops t{};
    for (int a = 0; a < 3; ++a) {
        for (int h = 0; h < 16; ++h) {
            const float g = perlin_vectors.c[a][h];
            t.c[a][h] = g > 0.0f ? 0x3F : g < 0.0f ? 0xBF : 0x00;
        }
    }
    return t;
}
constexpr PerlinHalfVectorTops perlin_half_vectors = perlin_half_vector_tops();

// [S 4.4, 4.6] A cell's value with each corner's grad as the dot product g . d -- the points' fast
// form, where the vectors are one in-register lookup per component: on AVX-512 a permute of the
// floats by the index, elsewhere a byte shuffle of the halved vectors' top bytes, taken against
// doubled offsets (0.5 g . 2d: doubling and halving are exact, so every product is g's by d). Every
// corner value equals grad()'s as a real number (the products by +-1 and 0 are exact, and at most two
// terms are non-zero, so the sum rounds as grad's does) and may differ from it only in the sign of a
// zero. Each lerp's result is then the same real number too (an IEEE result is the rounded real
// result; only a zero's sign depends on the operands' signs), so the bits equal perlin_cell2/3's
// wherever the result is not zero: callers take the exact form for batches with a zero lane (lattice
// points, non-finite input). d[axis][0 / 1]: the offsets frac and frac - 1.
template <int dims, class Corners>
GRADNOISE_KERNEL_INLINE F perlin_dot_cell(const Corners& c, const F (*offset)[2], const F* fade) noexcept {
    constexpr bool by_index = has_register_float_tables;
    using Table = std::conditional_t<by_index, FloatTable16, FloatTopTable16>;
    const auto source = [] {
        if constexpr (by_index) {
            return perlin_vectors.c;
        } else {
            return perlin_half_vectors.c;
        }
    }();
    const Table gx(source[0]), gy(source[1]), gz(source[2]);
    F d[dims][2];
    GRADNOISE_UNROLL
    for (int a = 0; a < dims; ++a) {
        for (int e = 0; e < 2; ++e) {
            d[a][e] = by_index ? offset[a][e] : offset[a][e] + offset[a][e];
        }
    }
    auto g = [&](int n) GRADNOISE_KERNEL_LAMBDA_INLINE {
        const int i = n & 1, j = (n >> 1) & 1, k = n >> 2;
        I code;
        int byte;
        if constexpr (dims == 3) {
            code = c.reg(i, j, k);
            byte = c.byte(i, j, k);
        } else {
            code = c.reg(i, j);
            byte = c.byte(i, j);
        }
        if constexpr (by_index) {
            if (byte != 0) {
                code = shr(code, 8 * byte);  // (the table reads the index's low 4 bits)
            }
        } else {
            code = FloatTopTable16::key_of(code, byte);
        }
        const F xy = mul_exact_add(gy[code], d[1][j], gx[code] * d[0][i]);  // (g's products are exact)
        if constexpr (dims == 3) {
            return mul_exact_add(gz[code], d[2][k], xy);
        } else {
            return xy;
        }
    };
    if constexpr (dims == 3) {
        return perlin_lerp3(g, fade[0], fade[1], fade[2]);
    } else {
        return perlin_lerp2(g, fade[0], fade[1]);
    }
}

// Where the dot form runs: float32 batches whose hasher gives gradient indices, on ISAs with
// in-register float tables (AVX-512) or byte-shuffle tables (AVX2, NEON, WebAssembly).
template <class Hasher, class B>
inline constexpr bool perlin_dot_form =
    std::is_same_v<B, F> && Hasher::has_dot_corners && (has_register_float_tables || has_byte_shuffle_tables);

template <Fade fade, class Hasher, class B>
GRADNOISE_KERNEL_INLINE B noise3(const Hasher& hasher, B x, B y, B z) noexcept {
    using IB = IntOf<B>;
    const Axis<B> ax = split(x), ay = split(y), az = split(z);
    const B u = fade_curve<fade>(ax.frac), v = fade_curve<fade>(ay.frac), w = fade_curve<fade>(az.frac);
    const B one(ScalarOf<B>(1));
    if constexpr (perlin_dot_form<Hasher, B>) {
        const F d[3][2] = {{ax.frac, ax.frac - one}, {ay.frac, ay.frac - one}, {az.frac, az.frac - one}};
        const F weights[3] = {u, v, w};
        const F r = perlin_dot_cell<3>(hasher.dot_corners3(ax.cell, ay.cell, az.cell), d, weights);
        if (!xsimd::any(r == F(0.0f))) {
            return r;
        }
    }
    const typename Hasher::Corners3 c = hasher.corners3(ax.cell, ay.cell, az.cell);
    const IB px[2] = {as_int(ax.frac), as_int(ax.frac - one)};
    const IB py[2] = {as_int(ay.frac), as_int(ay.frac - one)};
    const IB pz[2] = {as_int(az.frac), as_int(az.frac - one)};
    return perlin_cell3(c, px, py, pz, u, v, w);
}

template <Fade fade, class Hasher, class B>
GRADNOISE_KERNEL_INLINE B noise2(const Hasher& hasher, B x, B y) noexcept {
    using IB = IntOf<B>;
    const Axis<B> ax = split(x), ay = split(y);
    const B u = fade_curve<fade>(ax.frac), v = fade_curve<fade>(ay.frac);
    const B one(ScalarOf<B>(1));
    if constexpr (perlin_dot_form<Hasher, B>) {
        const F d[2][2] = {{ax.frac, ax.frac - one}, {ay.frac, ay.frac - one}};
        const F weights[2] = {u, v};
        const F r = perlin_dot_cell<2>(hasher.dot_corners2(ax.cell, ay.cell), d, weights);
        if (!xsimd::any(r == F(0.0f))) {
            return r;
        }
    }
    const typename Hasher::Corners2 c = hasher.corners2(ax.cell, ay.cell);
    const IB px[2] = {as_int(ax.frac), as_int(ax.frac - one)};
    const IB py[2] = {as_int(ay.frac), as_int(ay.frac - one)};
    return perlin_cell2(c, px, py, IB(0), u, v);
}

// One octave of Perlin noise with a specialised hasher: the base noise the selector hands to the
// point, grid, chunk and fractal loops (base(k, q), the octave number unused). `Hasher` has
// corners2/corners3, so grids can hash a cell once per batch (kernels/grid_rows.hpp).
template <Fade fade_kind, int dims, class Hasher, class B = F>
struct PerlinBase {
    static constexpr Fade fade = fade_kind;
    Hasher hasher;
    GRADNOISE_KERNEL_INLINE B operator()(int, const B* q) const noexcept {
        if constexpr (dims == 3) {
            return noise3<fade>(hasher, q[0], q[1], q[2]);
        } else {
            return noise2<fade>(hasher, q[0], q[1]);
        }
    }
    // (Out of line: compiled once per instantiation and called from every loop and decorator; inlined
    // into each of them the unrolled trees tripled the kernel units' compile time for ~5 % speed.)
    static constexpr bool has_hessian = true;
    GRADNOISE_KERNEL_OUTLINE ValueGradient<dims, B> gradient(int, const B* q) const noexcept {
        return perlin_gradient<fade, dims, false>(hasher, q);
    }
    GRADNOISE_KERNEL_OUTLINE ValueHessian<dims, B> hessian(int, const B* q) const noexcept {
        return perlin_gradient<fade, dims, true>(hasher, q);
    }
};

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
