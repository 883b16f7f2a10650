// Perlin kernels, written once over xsimd batches. Each src/kernels/isa_*.cpp includes this file
// after defining GRADNOISE_KERNEL_ARCH (an xsimd arch type) and GRADNOISE_KERNEL_NS (a namespace
// name), so every ISA gets its own symbols compiled with its own flags and nothing inline is
// shared between ISAs. Every operation mirrors src/reference/perlin_reference.cpp in the order
// docs/spec.md fixes; the only differences are how the hash bytes are fetched (packed tables,
// same integers) and that signs are flipped by XOR on the sign bit (IEEE negation, exact).
#include <cfloat>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include <xsimd/xsimd.hpp>

#include "kernels/kernel_table.hpp"
#include "tables.hpp"

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

using Arch = GRADNOISE_KERNEL_ARCH;
using F = xsimd::batch<float, Arch>;
using I = xsimd::batch<std::int32_t, Arch>;
constexpr std::size_t lanes = F::size;
// Samples per loop step: 8 on 4-lane ISAs (two independent batches), one batch on AVX2, and two
// on AVX-512, where the extra independent work measured ~9% faster in 2D (docs/benchmarks.md).
constexpr std::size_t unroll = lanes < 8 ? 8 / lanes : (lanes == 16 ? 2 : 1);
constexpr std::size_t block = lanes * unroll;

inline I as_int(F v) noexcept { return xsimd::bitwise_cast<I>(v); }
inline F as_float(I v) noexcept { return xsimd::bitwise_cast<F>(v); }

// table[idx[lane]] for each lane. The one place with per-ISA intrinsics: xsimd 8.1's gather never
// emits the hardware instruction on AVX2/AVX-512. The portable fallback is what SSE2/NEON run;
// every path is compared bit for bit with the scalar reference in tests/.
inline I gather(const std::int32_t* table, I idx) noexcept {
#if defined(__AVX512F__)
    static_assert(lanes == 16, "AVX-512 kernels use 16 lanes");
    return _mm512_i32gather_epi32(idx, table, 4);
#elif defined(__AVX2__)
    static_assert(lanes == 8, "AVX2 kernels use 8 lanes");
    return _mm256_i32gather_epi32(table, idx, 4);
#else
    alignas(64) std::int32_t index[lanes];
    alignas(64) std::int32_t value[lanes];
    idx.store_aligned(index);
    for (std::size_t i = 0; i < lanes; ++i) {
        value[i] = table[index[i]];
    }
    return I::load_aligned(value);
#endif
}

// [S 4.3]
template <Fade fade>
inline F fade_curve(F t) noexcept {
    if constexpr (fade == Fade::cubic) {
        return t * t * (F(3.0f) - F(2.0f) * t);
    } else {
        return t * t * t * (t * (t * F(6.0f) - F(15.0f)) + F(10.0f));
    }
}

// [S 4.5]
inline F lerp(F t, F a, F b) noexcept { return a + t * (b - a); }

// [S 4.4] Perlin's grad() with the selections done on bit patterns: u = h<8 ? x : y;
// v = h<4 ? y : (h==12||h==14 ? x : z); bits 0 and 1 of h flip the signs of u and v.
// The hash is the byte `byte` (0..3) of each lane of `h`; only its low four bits are read.
// x, y, z are float bit patterns. `byte` is a constant after inlining, so masks and shifts fold.
inline F grad(I h, int byte, I x, I y, I z) noexcept {
    const I zero(0), sign(INT32_MIN);
    const int at = 8 * byte;
    I u = xsimd::select((h & I(8 << at)) == zero, x, y);
    I v = xsimd::select((h & I(12 << at)) == zero, y, xsimd::select((h & I(13 << at)) == I(12 << at), x, z));
    u = u ^ ((h << (31 - at)) & sign);
    v = v ^ ((h << (30 - at)) & sign);
    return as_float(u) + as_float(v);
}

// [S 4.2] floor(v) mod 256 as an integer (the mathematical residue, 0..255). Every float of
// magnitude >= 2^31 is a multiple of 256 (residue 0). x86's truncating conversion returns
// 0x80000000 (residue 0) for exactly those values and for NaN, so there one conversion and a mask
// suffice; where conversions saturate instead (NEON) such values are replaced by 0 first.
inline I cell_index(F floored) noexcept {
#if defined(__SSE2__)
    return xsimd::to_int(floored) & I(255);
#else
    F in_range = xsimd::select(xsimd::abs(floored) < F(2147483648.0f), floored, F(0.0f));
    return xsimd::to_int(in_range) & I(255);
#endif
}

// [S 4.1, 4.2] One axis: position inside the cell, and the cell index mod 256.
struct Axis {
    F frac;
    I cell;
};

// v + 0 turns -0 into +0 and changes nothing else; floor(-0) would otherwise be -0 on some ISAs
// and +0 on others (xsimd's SSE2/NEON floor truncates through an integer), flipping a zero's sign.
// Non-finite v give a NaN fraction, which the caller turns into +0 (see finish()).
inline Axis split(F v) noexcept {
    v = v + F(0.0f);
    F floored = xsimd::floor(v);
    return {v - floored, cell_index(floored)};
}

// [S 4.1] A lane whose coordinates are all finite has a finite result; a lane with a NaN or an
// infinity has a NaN fraction on that axis, which propagates through the fade and every lerp to
// the result. So "result is NaN" is exactly "some input was not finite", and one compare at the
// end replaces three finiteness tests at the start. Such lanes become +0, as the spec says.
inline F finish(F result) noexcept { return xsimd::select(result == result, result, F(0.0f)); }

// ---- [S 3] the hash chain, two ways to the same integers ----
// A hasher turns cell indices (0..255 per lane) into corner hashes. Corner (i, j, k) hash is the
// byte byte(i, j, k) of register reg(i, j, k).

// Portable: the packed tables of tables.hpp, fetched with gathers (hardware on AVX2).
struct TableHasher {
    const detail::NoiseTables* t;

    struct Corners3 {
        I r[4];  // r[i + 2j]: byte k = hash of corner (i, j, k)
        I reg(int i, int j, int) const noexcept { return r[i + 2 * j]; }
        static constexpr int byte(int, int, int k) noexcept { return k; }
    };
    struct Corners2 {
        I r;  // byte i + 2j = hash of corner (i, j)
        I reg(int, int) const noexcept { return r; }
        static constexpr int byte(int i, int j) noexcept { return i + 2 * j; }
    };

    Corners3 corners3(I X, I Y, I Z) const noexcept {
        const I byte(255);
        I column = gather(t->hash_xy, (X << 8) | Y);  // bytes: a00, a10, a01, a11
        Corners3 c;
        c.r[0] = gather(t->hash_z, ((column & byte) + Z) & byte);
        c.r[1] = gather(t->hash_z, (((column >> 8) & byte) + Z) & byte);
        c.r[2] = gather(t->hash_z, (((column >> 16) & byte) + Z) & byte);
        c.r[3] = gather(t->hash_z, (((column >> 24) & byte) + Z) & byte);
        return c;
    }
    Corners2 corners2(I X, I Y) const noexcept { return {gather(t->corner_hash_2d, (X << 8) | Y)}; }
};

#if defined(__AVX512VBMI__)
// AVX-512 VBMI: the 256-byte permutation lives in four registers and each level of the chain is
// one 64-byte lookup (two VPERMI2B and a blend on bit 7), four lanes' bytes at a time; the
// "+ Y", "+ 1" and "mod 256" of the chain are byte additions, which wrap mod 256 by themselves.
struct ByteHasher {
    __m512i t0, t1, t2, t3;  // p[0..63], p[64..127], p[128..191], p[192..255]

    explicit ByteHasher(const detail::NoiseTables& t) noexcept {
        const std::uint8_t* p = t.permutation.values().data();
        t0 = _mm512_loadu_si512(p);
        t1 = _mm512_loadu_si512(p + 64);
        t2 = _mm512_loadu_si512(p + 128);
        t3 = _mm512_loadu_si512(p + 192);
    }

    // p[idx] for each of the 64 bytes.
    __m512i lookup(__m512i idx) const noexcept {
        __m512i low = _mm512_permutex2var_epi8(t0, idx, t1);   // idx bits 0..6 over p[0..127]
        __m512i high = _mm512_permutex2var_epi8(t2, idx, t3);  // idx bits 0..6 over p[128..255]
        return _mm512_mask_blend_epi8(_mm512_movepi8_mask(idx), low, high);
    }

    // Byte shuffles within each 32-bit lane (all lanes alike).
    static __m512i spread(char b0, char b1, char b2, char b3) noexcept {
        // VPSHUFB indexes within each 128-bit block: the same 16-byte pattern four times.
        return _mm512_broadcast_i32x4(_mm_setr_epi8(b0, b1, b2, b3, 4 + b0, 4 + b1, 4 + b2, 4 + b3, 8 + b0,
                                                    8 + b1, 8 + b2, 8 + b3, 12 + b0, 12 + b1, 12 + b2, 12 + b3));
    }

    struct Corners3 {
        I lo, hi;  // lo bytes: h000 h001 h010 h011; hi bytes: h100 h101 h110 h111
        I reg(int i, int, int) const noexcept { return i ? hi : lo; }
        static constexpr int byte(int, int j, int k) noexcept { return 2 * j + k; }
    };
    struct Corners2 {
        I r;  // bytes: h00 h01 h10 h11
        I reg(int, int) const noexcept { return r; }
        static constexpr int byte(int i, int j) noexcept { return 2 * i + j; }
    };

    // Levels one and two: bytes [p[A], p[A+1], p[B], p[B+1]] with A = p[X]+Y, B = p[X+1]+Y.
    __m512i columns(__m512i X, __m512i Y, __m512i rep0, __m512i pairs01, __m512i c0101) const noexcept {
        __m512i level1 = lookup(_mm512_add_epi8(_mm512_shuffle_epi8(X, rep0), _mm512_set1_epi32(0x0100)));
        __m512i idx2 = _mm512_add_epi8(_mm512_shuffle_epi8(level1, pairs01),
                                       _mm512_add_epi8(_mm512_shuffle_epi8(Y, rep0), c0101));
        return lookup(idx2);
    }

    Corners3 corners3(I X, I Y, I Z) const noexcept {
        const __m512i rep0 = spread(0, 0, 0, 0), pairs01 = spread(0, 0, 1, 1), pairs23 = spread(2, 2, 3, 3);
        const __m512i c0101 = _mm512_set1_epi32(0x01000100);
        __m512i a = columns(X, Y, rep0, pairs01, c0101);  // bytes: a00 a01 a10 a11
        __m512i zk = _mm512_add_epi8(_mm512_shuffle_epi8(Z, rep0), c0101);
        __m512i lo = lookup(_mm512_add_epi8(_mm512_shuffle_epi8(a, pairs01), zk));
        __m512i hi = lookup(_mm512_add_epi8(_mm512_shuffle_epi8(a, pairs23), zk));
        return {I(lo), I(hi)};
    }

    Corners2 corners2(I X, I Y) const noexcept {
        const __m512i rep0 = spread(0, 0, 0, 0), pairs01 = spread(0, 0, 1, 1);
        const __m512i c0101 = _mm512_set1_epi32(0x01000100);
        return {I(lookup(columns(X, Y, rep0, pairs01, c0101)))};  // Z = 0: p[a_ij]
    }
};
using Hasher = ByteHasher;
inline Hasher make_hasher(const detail::NoiseTables& t) noexcept { return ByteHasher(t); }
#else
using Hasher = TableHasher;
inline Hasher make_hasher(const detail::NoiseTables& t) noexcept { return TableHasher{&t}; }
#endif

template <Fade fade>
inline F noise3(const Hasher& hasher, F x, F y, F z) noexcept {
    Axis ax = split(x), ay = split(y), az = split(z);
    F u = fade_curve<fade>(ax.frac), v = fade_curve<fade>(ay.frac), w = fade_curve<fade>(az.frac);

    const typename Hasher::Corners3 c = hasher.corners3(ax.cell, ay.cell, az.cell);
    I px[2] = {as_int(ax.frac), as_int(ax.frac - F(1.0f))};
    I py[2] = {as_int(ay.frac), as_int(ay.frac - F(1.0f))};
    I pz[2] = {as_int(az.frac), as_int(az.frac - F(1.0f))};
    auto g = [&](int i, int j, int k) { return grad(c.reg(i, j, k), c.byte(i, j, k), px[i], py[j], pz[k]); };

    F result = lerp(w, lerp(v, lerp(u, g(0, 0, 0), g(1, 0, 0)), lerp(u, g(0, 1, 0), g(1, 1, 0))),
                    lerp(v, lerp(u, g(0, 0, 1), g(1, 0, 1)), lerp(u, g(0, 1, 1), g(1, 1, 1))));
    return finish(result);
}

template <Fade fade>
inline F noise2(const Hasher& hasher, F x, F y) noexcept {
    Axis ax = split(x), ay = split(y);
    F u = fade_curve<fade>(ax.frac), v = fade_curve<fade>(ay.frac);

    const typename Hasher::Corners2 c = hasher.corners2(ax.cell, ay.cell);
    I px[2] = {as_int(ax.frac), as_int(ax.frac - F(1.0f))};
    I py[2] = {as_int(ay.frac), as_int(ay.frac - F(1.0f))};
    const I pz(0);  // z = +0.0f
    auto g = [&](int i, int j) { return grad(c.reg(i, j), c.byte(i, j), px[i], py[j], pz); };

    F result = lerp(v, lerp(u, g(0, 0), g(1, 0)), lerp(u, g(0, 1), g(1, 1)));
    return finish(result);
}

// ---- loops: whole blocks straight from the caller's arrays, the tail through a padded copy ----

template <Fade fade>
void points_3d_impl(const detail::NoiseTables& t, const float* x, const float* y, const float* z,
                    float* out, std::size_t n) noexcept {
    const Hasher hasher = make_hasher(t);
    std::size_t i = 0;
    for (; i + block <= n; i += block) {
        F r[unroll];
        for (std::size_t b = 0; b < unroll; ++b) {
            std::size_t o = i + b * lanes;
            r[b] = noise3<fade>(hasher, F::load_unaligned(x + o), F::load_unaligned(y + o),
                                F::load_unaligned(z + o));
        }
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b].store_unaligned(out + i + b * lanes);
        }
    }
    for (; i < n; i += lanes) {
        std::size_t m = n - i < lanes ? n - i : lanes;
        alignas(64) float bx[lanes] = {}, by[lanes] = {}, bz[lanes] = {}, bo[lanes];
        std::memcpy(bx, x + i, m * sizeof(float));
        std::memcpy(by, y + i, m * sizeof(float));
        std::memcpy(bz, z + i, m * sizeof(float));
        noise3<fade>(hasher, F::load_aligned(bx), F::load_aligned(by), F::load_aligned(bz)).store_aligned(bo);
        std::memcpy(out + i, bo, m * sizeof(float));
    }
}

template <Fade fade>
void points_2d_impl(const detail::NoiseTables& t, const float* x, const float* y, float* out,
                    std::size_t n) noexcept {
    const Hasher hasher = make_hasher(t);
    std::size_t i = 0;
    for (; i + block <= n; i += block) {
        F r[unroll];
        for (std::size_t b = 0; b < unroll; ++b) {
            std::size_t o = i + b * lanes;
            r[b] = noise2<fade>(hasher, F::load_unaligned(x + o), F::load_unaligned(y + o));
        }
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b].store_unaligned(out + i + b * lanes);
        }
    }
    for (; i < n; i += lanes) {
        std::size_t m = n - i < lanes ? n - i : lanes;
        alignas(64) float bx[lanes] = {}, by[lanes] = {}, bo[lanes];
        std::memcpy(bx, x + i, m * sizeof(float));
        std::memcpy(by, y + i, m * sizeof(float));
        noise2<fade>(hasher, F::load_aligned(bx), F::load_aligned(by)).store_aligned(bo);
        std::memcpy(out + i, bo, m * sizeof(float));
    }
}

// [S 6] x_i = origin + float(i) * step. i < 2^24, so the int-to-float conversion is exact.
inline F column_coords(std::size_t i, float origin, float step) noexcept {
    alignas(64) static constexpr std::int32_t iota[16] = {0, 1, 2, 3, 4, 5, 6, 7,
                                                          8, 9, 10, 11, 12, 13, 14, 15};
    I index = I(static_cast<std::int32_t>(i)) + I::load_aligned(iota);
    return F(origin) + xsimd::to_float(index) * F(step);
}

template <Fade fade>
void row_3d_impl(const detail::NoiseTables& t, float origin_x, float step_x, float y, float z,
                 float* out, std::size_t n) noexcept {
    const Hasher hasher = make_hasher(t);
    const F vy(y), vz(z);
    std::size_t i = 0;
    for (; i + block <= n; i += block) {
        F r[unroll];
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b] = noise3<fade>(hasher, column_coords(i + b * lanes, origin_x, step_x), vy, vz);
        }
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b].store_unaligned(out + i + b * lanes);
        }
    }
    for (; i < n; i += lanes) {
        std::size_t m = n - i < lanes ? n - i : lanes;
        alignas(64) float bo[lanes];
        noise3<fade>(hasher, column_coords(i, origin_x, step_x), vy, vz).store_aligned(bo);
        std::memcpy(out + i, bo, m * sizeof(float));
    }
}

template <Fade fade>
void row_2d_impl(const detail::NoiseTables& t, float origin_x, float step_x, float y, float* out,
                 std::size_t n) noexcept {
    const Hasher hasher = make_hasher(t);
    const F vy(y);
    std::size_t i = 0;
    for (; i + block <= n; i += block) {
        F r[unroll];
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b] = noise2<fade>(hasher, column_coords(i + b * lanes, origin_x, step_x), vy);
        }
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b].store_unaligned(out + i + b * lanes);
        }
    }
    for (; i < n; i += lanes) {
        std::size_t m = n - i < lanes ? n - i : lanes;
        alignas(64) float bo[lanes];
        noise2<fade>(hasher, column_coords(i, origin_x, step_x), vy).store_aligned(bo);
        std::memcpy(out + i, bo, m * sizeof(float));
    }
}

// The fade is a property of the Noise; branch on it once per call, not per sample.
void points_3d(const detail::NoiseTables& t, const float* x, const float* y, const float* z, float* out,
               std::size_t n) noexcept {
    if (t.fade == Fade::cubic) {
        points_3d_impl<Fade::cubic>(t, x, y, z, out, n);
    } else {
        points_3d_impl<Fade::quintic>(t, x, y, z, out, n);
    }
}

void points_2d(const detail::NoiseTables& t, const float* x, const float* y, float* out,
               std::size_t n) noexcept {
    if (t.fade == Fade::cubic) {
        points_2d_impl<Fade::cubic>(t, x, y, out, n);
    } else {
        points_2d_impl<Fade::quintic>(t, x, y, out, n);
    }
}

void row_3d(const detail::NoiseTables& t, float origin_x, float step_x, float y, float z, float* out,
            std::size_t n) noexcept {
    if (t.fade == Fade::cubic) {
        row_3d_impl<Fade::cubic>(t, origin_x, step_x, y, z, out, n);
    } else {
        row_3d_impl<Fade::quintic>(t, origin_x, step_x, y, z, out, n);
    }
}

void row_2d(const detail::NoiseTables& t, float origin_x, float step_x, float y, float* out,
            std::size_t n) noexcept {
    if (t.fade == Fade::cubic) {
        row_2d_impl<Fade::cubic>(t, origin_x, step_x, y, out, n);
    } else {
        row_2d_impl<Fade::quintic>(t, origin_x, step_x, y, out, n);
    }
}

}  // namespace

const KernelTable& kernel_table() noexcept {
    static constexpr KernelTable table{GRADNOISE_KERNEL_ISA, lanes * unroll, &points_2d, &points_3d,
                                       &row_2d, &row_3d};
    return table;
}

}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
