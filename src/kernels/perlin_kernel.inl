// Perlin kernels, written once over xsimd batches. Each src/kernels/isa_*.cpp includes this file
// after defining GRADNOISE_KERNEL_ARCH (an xsimd arch type) and GRADNOISE_KERNEL_NS (a namespace
// name), so every ISA gets its own symbols compiled with its own flags and nothing inline is
// shared between ISAs. Every operation mirrors src/reference/perlin_reference.cpp in the order
// docs/spec.md fixes; the differences are how the corner hashes are fetched (packed tables,
// in-register byte lookups or mixing: the same integers), that grad's choices are bit tests on a
// selection code, and that signs are flipped by XOR on the sign bit (IEEE negation, exact).
//
// Per-ISA intrinsics live only in small helpers, each with a portable form that SSE2/NEON run:
// gather() (hardware gathers), select_bit() (sign-bit blends / VPTESTMD), cell_index() (x86's
// truncating conversion), ByteTable (AVX-512 VBMI lookups), MixHasher::code() (PSHUFB) and
// divide() (AArch64's IEEE division).
// Every path is compared bit for bit with the scalar reference in tests/.
#include <cfloat>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <xsimd/xsimd.hpp>

#include "kernels/kernel_table.hpp"
#include "tables.hpp"

// The per-batch building blocks must inline into their batch loops. GCC's size heuristics stop
// inlining some instantiations once many callers share them (the fractal, warp and pattern
// decorators multiplied those), and out of line every batch argument goes through memory:
// perlin3-mix on AVX2 went from 35.5 to 66.6 instructions per sample that way.
// (Sanitizer builds define GRADNOISE_KERNEL_INLINE as plain inline: cmake/GradnoiseFlags.cmake.)
#ifndef GRADNOISE_KERNEL_LAMBDA_INLINE
#ifndef GRADNOISE_KERNEL_INLINE
#define GRADNOISE_KERNEL_INLINE inline __attribute__((always_inline))
#define GRADNOISE_KERNEL_LAMBDA_INLINE __attribute__((always_inline))
#else
#define GRADNOISE_KERNEL_LAMBDA_INLINE
#endif
#endif

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

GRADNOISE_KERNEL_INLINE I as_int(F v) noexcept { return xsimd::bitwise_cast<I>(v); }
GRADNOISE_KERNEL_INLINE F as_float(I v) noexcept { return xsimd::bitwise_cast<F>(v); }

// table[idx[lane]] for each lane. xsimd 8.1's gather never emits the hardware instruction on
// AVX2/AVX-512, hence the intrinsics. (The AVX-512 ISA requires VBMI and hashes in registers, so
// its gather serves only a build of this file without VBMI.)
GRADNOISE_KERNEL_INLINE I gather(const std::int32_t* table, I idx) noexcept {
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
GRADNOISE_KERNEL_INLINE F fade_curve(F t) noexcept {
    if constexpr (fade == Fade::cubic) {
        return t * t * (F(3.0f) - F(2.0f) * t);
    } else {
        return t * t * t * (t * (t * F(6.0f) - F(15.0f)) + F(10.0f));
    }
}

// [S 4.5]
GRADNOISE_KERNEL_INLINE F lerp(F t, F a, F b) noexcept { return a + t * (b - a); }

// [S 4.4] Perlin's grad(), driven by a selection code instead of the raw hash. The last level
// of every hasher below looks up code(h) (tables.hpp: gradient_code), whose bits answer Perlin's
// questions directly: bit 0 = h & 1 (negate a), bit 1 = h & 2 (negate b), bit 2 = h >= 8
// (a = y, else x), bit 3 = h < 4 (b = y), bit 4 = h == 12 || h == 14 (b = x; else b = z).
// So a = h<8 ? x : y and b = h<4 ? y : (h==12||h==14 ? x : z) cost one bit test and one blend
// each, and the sign flips are XORs of the sign bit: the same floats as the reference.
// The code is byte `byte` (0..3) of each lane of `c`, a constant after inlining.
// x, y, z are float bit patterns.
// Lanes of if_set where bit `bit` of c is 1, else lanes of if_clear. Per-ISA forms of one idea,
// each the cheapest this ISA has; the portable form is what SSE2 and NEON run. All of them are
// checked against the scalar reference bit for bit (tests/test_isa_equivalence.cpp).
GRADNOISE_KERNEL_INLINE I select_bit(I c, int bit, I if_set, I if_clear) noexcept {
#if defined(__AVX512F__)
    return xsimd::select(xsimd::batch_bool<std::int32_t, Arch>(_mm512_test_epi32_mask(c, _mm512_set1_epi32(1 << bit))),
                         if_set, if_clear);  // VPTESTMD + VPBLENDMD
#elif defined(__AVX2__)
    __m256 chooser = _mm256_castsi256_ps(_mm256_slli_epi32(c, 31 - bit));  // the bit into the sign
    return _mm256_castps_si256(
        _mm256_blendv_ps(_mm256_castsi256_ps(if_clear), _mm256_castsi256_ps(if_set), chooser));
#else
    return xsimd::select((c & I(1 << bit)) != I(0), if_set, if_clear);
#endif
}

GRADNOISE_KERNEL_INLINE F grad(I c, int byte, I x, I y, I z) noexcept {
    const I sign(INT32_MIN);
    const int at = 8 * byte;
    I a = select_bit(c, at + 2, y, x);
    I b = select_bit(c, at + 3, y, select_bit(c, at + 4, x, z));
    a = a ^ ((c << (31 - at)) & sign);
    b = b ^ ((c << (30 - at)) & sign);
    return as_float(a) + as_float(b);
}

// [S 4.2] floor(v) mod 256: the low 8 bits of the result are the cell (higher bits are ignored
// by every hasher). Every float of magnitude >= 2^31 is a multiple of 256 (cell 0). x86's
// truncating conversion returns 0x80000000 (low byte 0) for exactly those values and for NaN, so
// one conversion suffices there; where conversions saturate instead (NEON) such values are
// replaced by 0 first.
GRADNOISE_KERNEL_INLINE I cell_index(F floored) noexcept {
#if defined(__SSE2__)
    return xsimd::to_int(floored);
#else
    return xsimd::to_int(xsimd::select(xsimd::abs(floored) < F(2147483648.0f), floored, F(0.0f)));
#endif
}

// [S 4.1, 4.2] One axis: position inside the cell, and the cell index (low 8 bits).
struct Axis {
    F frac;
    I cell;
};

// v + 0 turns -0 into +0 and changes nothing else; floor(-0) would otherwise be -0 on some ISAs
// and +0 on others (xsimd's SSE2/NEON floor truncates through an integer), flipping a zero's sign.
// Non-finite v give a NaN fraction, which the caller turns into +0 (see finish()).
GRADNOISE_KERNEL_INLINE Axis split(F v) noexcept {
    v = v + F(0.0f);
    F floored = xsimd::floor(v);
    return {v - floored, cell_index(floored)};
}

// [S 4.1] A lane whose coordinates are all finite has a finite result; a lane with a NaN or an
// infinity has a NaN fraction on that axis, which propagates through the fade and every lerp to
// the result. So "result is NaN" is exactly "some input was not finite", and one compare at the
// end replaces three finiteness tests at the start. Such lanes become +0, as the spec says.
GRADNOISE_KERNEL_INLINE F finish(F result) noexcept { return xsimd::select(result == result, result, F(0.0f)); }

// Byte 0 = gradient_code(index) for index in 0..15 (tables.hpp), higher bytes: don't care.
#if defined(__AVX2__) || defined(__AVX512F__)
inline __m128i gradient_code_table() noexcept {
    return _mm_setr_epi8(
        detail::gradient_code(0), detail::gradient_code(1), detail::gradient_code(2), detail::gradient_code(3),
        detail::gradient_code(4), detail::gradient_code(5), detail::gradient_code(6), detail::gradient_code(7),
        detail::gradient_code(8), detail::gradient_code(9), detail::gradient_code(10), detail::gradient_code(11),
        detail::gradient_code(12), detail::gradient_code(13), detail::gradient_code(14), detail::gradient_code(15));
}
#endif

GRADNOISE_KERNEL_INLINE I code_from_index(I index) noexcept {
#if defined(__AVX512F__)
    return _mm512_shuffle_epi8(_mm512_broadcast_i32x4(gradient_code_table()), index);
#elif defined(__AVX2__)
    return _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(gradient_code_table()), index);
#else
    // Portable: the bits of gradient_code() computed from the index's bits.
    I below4 = ((index - I(4)) >> 28) & I(8);  // index < 4: negative, arithmetic shift
    I is12or14 = xsimd::select((index & I(13)) == I(12), I(16), I(0));
    return (index & I(3)) | ((index >> 1) & I(4)) | below4 | is12or14;
#endif
}

// ---- [S 3] the hash chain, two ways to the same integers ----
// A hasher turns cell indices into the selection codes of the corner hashes. Corner (i, j, k)'s
// code is byte byte(i, j, k) of register reg(i, j, k).

// Portable: the packed tables of tables.hpp, fetched with gathers (hardware on AVX2).
struct TableHasher {
    const detail::NoiseTables* t;

    struct Corners3 {
        I r[4];  // r[i + 2j]: byte k = code of corner (i, j, k)
        I reg(int i, int j, int) const noexcept { return r[i + 2 * j]; }
        static constexpr int byte(int, int, int k) noexcept { return k; }
    };
    struct Corners2 {
        I r;  // byte i + 2j = code of corner (i, j)
        I reg(int, int) const noexcept { return r; }
        static constexpr int byte(int i, int j) noexcept { return i + 2 * j; }
    };

    static I column_index(I X, I Y) noexcept {
        const I byte(255);
        return ((X & byte) << 8) | (Y & byte);
    }

    GRADNOISE_KERNEL_INLINE Corners3 corners3(I X, I Y, I Z) const noexcept {
        const I byte(255);
        I column = gather(t->hash_xy, column_index(X, Y));  // bytes: a00, a10, a01, a11
        Corners3 c;  // (a + Z) mod 256 needs only Z's low byte, so Z is used unmasked
        c.r[0] = gather(t->code_z, ((column & byte) + Z) & byte);
        c.r[1] = gather(t->code_z, (((column >> 8) & byte) + Z) & byte);
        c.r[2] = gather(t->code_z, (((column >> 16) & byte) + Z) & byte);
        c.r[3] = gather(t->code_z, (((column >> 24) & byte) + Z) & byte);
        return c;
    }
    GRADNOISE_KERNEL_INLINE Corners2 corners2(I X, I Y) const noexcept { return {gather(t->corner_code_2d, column_index(X, Y))}; }
};

#if defined(__AVX512VBMI__)
#define GRADNOISE_BYTE_HASHER 1
// AVX-512 VBMI: 256-byte tables live in four registers each and every level of the chain is one
// 64-byte lookup (two VPERMI2B and a blend on bit 7), four lanes' bytes at a time; the "+ Y",
// "+ 1" and "mod 256" of the chain are byte additions, which wrap mod 256 by themselves.
struct ByteTable {
    __m512i q0, q1, q2, q3;  // entries 0..63, 64..127, 128..191, 192..255

    explicit ByteTable(const std::uint8_t* bytes) noexcept
        : q0(_mm512_loadu_si512(bytes)), q1(_mm512_loadu_si512(bytes + 64)),
          q2(_mm512_loadu_si512(bytes + 128)), q3(_mm512_loadu_si512(bytes + 192)) {}

    // table[idx] for each of the 64 bytes.
    __m512i operator[](__m512i idx) const noexcept {
        __m512i low = _mm512_permutex2var_epi8(q0, idx, q1);   // idx bits 0..6 over entries 0..127
        __m512i high = _mm512_permutex2var_epi8(q2, idx, q3);  // idx bits 0..6 over entries 128..255
        return _mm512_mask_blend_epi8(_mm512_movepi8_mask(idx), low, high);
    }
};

struct ByteHasher {
    ByteTable p;     // the permutation, for the inner levels
    ByteTable last;  // 3D: code(p[n]); 2D: code(p[p[n]]), two levels in one (Z = 0)

    ByteHasher(const std::uint8_t* perm, const std::uint8_t* last_level) noexcept : p(perm), last(last_level) {}

    // Byte shuffles within each 32-bit lane (all lanes alike); VPSHUFB indexes within 128 bits.
    static __m512i spread(char b0, char b1, char b2, char b3) noexcept {
        return _mm512_broadcast_i32x4(_mm_setr_epi8(b0, b1, b2, b3, 4 + b0, 4 + b1, 4 + b2, 4 + b3, 8 + b0,
                                                    8 + b1, 8 + b2, 8 + b3, 12 + b0, 12 + b1, 12 + b2, 12 + b3));
    }

    struct Corners3 {
        I lo, hi;  // lo bytes: codes of corners 000 001 010 011; hi: 100 101 110 111
        I reg(int i, int, int) const noexcept { return i ? hi : lo; }
        static constexpr int byte(int, int j, int k) noexcept { return 2 * j + k; }
    };
    struct Corners2 {
        I r;  // bytes: codes of corners 00 01 10 11
        I reg(int, int) const noexcept { return r; }
        static constexpr int byte(int i, int j) noexcept { return 2 * i + j; }
    };

    // Bytes [A, A+1, B, B+1] with A = p[X] + Y, B = p[X+1] + Y (mod 256). Only the low byte of
    // each lane of X and Y is read.
    __m512i level2_index(__m512i X, __m512i Y) const noexcept {
        const __m512i rep0 = spread(0, 0, 0, 0), pairs01 = spread(0, 0, 1, 1);
        __m512i px = p[_mm512_add_epi8(_mm512_shuffle_epi8(X, rep0), _mm512_set1_epi32(0x0100))];
        __m512i y01 = _mm512_add_epi8(_mm512_shuffle_epi8(Y, rep0), _mm512_set1_epi32(0x01000100));
        return _mm512_add_epi8(_mm512_shuffle_epi8(px, pairs01), y01);
    }

    GRADNOISE_KERNEL_INLINE Corners3 corners3(I X, I Y, I Z) const noexcept {
        __m512i a = p[level2_index(X, Y)];  // bytes: p[A] p[A+1] p[B] p[B+1] = a00 a01 a10 a11
        __m512i zk = _mm512_add_epi8(_mm512_shuffle_epi8(Z, spread(0, 0, 0, 0)), _mm512_set1_epi32(0x01000100));
        __m512i lo = last[_mm512_add_epi8(_mm512_shuffle_epi8(a, spread(0, 0, 1, 1)), zk)];
        __m512i hi = last[_mm512_add_epi8(_mm512_shuffle_epi8(a, spread(2, 2, 3, 3)), zk)];
        return {I(lo), I(hi)};
    }

    GRADNOISE_KERNEL_INLINE Corners2 corners2(I X, I Y) const noexcept { return {I(last[level2_index(X, Y)])}; }
};

// Which last-level table a byte hasher needs depends on the dimension.
using PermutationHasher3 = ByteHasher;
using PermutationHasher2 = ByteHasher;
inline ByteHasher make_permutation_hasher3(const detail::NoiseTables& t) noexcept {
    return ByteHasher(t.permutation.values().data(), t.code_p);
}
inline ByteHasher make_permutation_hasher2(const detail::NoiseTables& t) noexcept {
    return ByteHasher(t.permutation.values().data(), t.code_pp);
}
#else
using PermutationHasher3 = TableHasher;
using PermutationHasher2 = TableHasher;
inline TableHasher make_permutation_hasher3(const detail::NoiseTables& t) noexcept { return TableHasher{&t}; }
inline TableHasher make_permutation_hasher2(const detail::NoiseTables& t) noexcept { return TableHasher{&t}; }
#endif

// [S 3.2] Hash::mix: (X*px ^ Y*py ^ Z*pz ^ key) * m in 32-bit lanes (wrapping multiply, as the
// spec's uint32 arithmetic), gradient index = top four bits. No memory access at all.
struct MixHasher {
    I key;

    struct Corners3 {
        I r[8];  // r[i + 2j + 4k], code in byte 0
        I reg(int i, int j, int k) const noexcept { return r[i + 2 * j + 4 * k]; }
        static constexpr int byte(int, int, int) noexcept { return 0; }
    };
    struct Corners2 {
        I r[4];  // r[i + 2j], code in byte 0
        I reg(int i, int j) const noexcept { return r[i + 2 * j]; }
        static constexpr int byte(int, int) noexcept { return 0; }
    };

    GRADNOISE_KERNEL_INLINE static I constant(std::uint32_t v) noexcept { return I(static_cast<std::int32_t>(v)); }

    // a * b mod 2^32. Done on unsigned lanes: xsimd 8.1 has no SSE2 32-bit multiply and falls
    // back to per-lane C++ `*`, which would be signed overflow (UB) on int32_t.
    GRADNOISE_KERNEL_INLINE static I mul(I a, I b) noexcept {
        using U = xsimd::batch<std::uint32_t, Arch>;
        return xsimd::bitwise_cast<I>(xsimd::bitwise_cast<U>(a) * xsimd::bitwise_cast<U>(b));
    }

    // Byte 0 = gradient_code(index), index = top four bits of h (higher bytes: don't care).
    GRADNOISE_KERNEL_INLINE static I code(I h) noexcept { return code_from_index((h >> 28) & I(15)); }

    GRADNOISE_KERNEL_INLINE Corners3 corners3(I X, I Y, I Z) const noexcept {
        const I byte(255);
        const I px = constant(detail::mix_prime_x), py = constant(detail::mix_prime_y);
        const I pz = constant(detail::mix_prime_z), m = constant(detail::mix_multiplier);
        I hx[2] = {mul(X & byte, px), mul((X + I(1)) & byte, px)};
        I hy[2] = {mul(Y & byte, py), mul((Y + I(1)) & byte, py)};
        I hz[2] = {mul(Z & byte, pz) ^ key, mul((Z + I(1)) & byte, pz) ^ key};
        Corners3 c;
        for (int j = 0; j < 2; ++j) {
            for (int i = 0; i < 2; ++i) {
                I xy = hx[i] ^ hy[j];
                c.r[i + 2 * j] = code(mul(xy ^ hz[0], m));
                c.r[i + 2 * j + 4] = code(mul(xy ^ hz[1], m));
            }
        }
        return c;
    }

    GRADNOISE_KERNEL_INLINE Corners2 corners2(I X, I Y) const noexcept {
        const I byte(255);
        const I px = constant(detail::mix_prime_x), py = constant(detail::mix_prime_y);
        const I m = constant(detail::mix_multiplier);
        // Z = 0: its term is 0 * pz = 0, leaving the key.
        I hx[2] = {mul(X & byte, px) ^ key, mul((X + I(1)) & byte, px) ^ key};
        I hy[2] = {mul(Y & byte, py), mul((Y + I(1)) & byte, py)};
        Corners2 c;
        for (int j = 0; j < 2; ++j) {
            for (int i = 0; i < 2; ++i) {
                c.r[i + 2 * j] = code(mul(hx[i] ^ hy[j], m));
            }
        }
        return c;
    }
};

inline MixHasher make_mix_hasher(const detail::NoiseTables& t) noexcept {
    return MixHasher{I(static_cast<std::int32_t>(t.mix_key))};
}

template <Fade fade, class Hasher>
GRADNOISE_KERNEL_INLINE F noise3(const Hasher& hasher, F x, F y, F z) noexcept {
    Axis ax = split(x), ay = split(y), az = split(z);
    F u = fade_curve<fade>(ax.frac), v = fade_curve<fade>(ay.frac), w = fade_curve<fade>(az.frac);

    const typename Hasher::Corners3 c = hasher.corners3(ax.cell, ay.cell, az.cell);
    I px[2] = {as_int(ax.frac), as_int(ax.frac - F(1.0f))};
    I py[2] = {as_int(ay.frac), as_int(ay.frac - F(1.0f))};
    I pz[2] = {as_int(az.frac), as_int(az.frac - F(1.0f))};
    auto g = [&](int i, int j, int k) GRADNOISE_KERNEL_LAMBDA_INLINE {
        return grad(c.reg(i, j, k), c.byte(i, j, k), px[i], py[j], pz[k]);
    };

    F result = lerp(w, lerp(v, lerp(u, g(0, 0, 0), g(1, 0, 0)), lerp(u, g(0, 1, 0), g(1, 1, 0))),
                    lerp(v, lerp(u, g(0, 0, 1), g(1, 0, 1)), lerp(u, g(0, 1, 1), g(1, 1, 1))));
    return finish(result);
}

template <Fade fade, class Hasher>
GRADNOISE_KERNEL_INLINE F noise2(const Hasher& hasher, F x, F y) noexcept {
    Axis ax = split(x), ay = split(y);
    F u = fade_curve<fade>(ax.frac), v = fade_curve<fade>(ay.frac);

    const typename Hasher::Corners2 c = hasher.corners2(ax.cell, ay.cell);
    I px[2] = {as_int(ax.frac), as_int(ax.frac - F(1.0f))};
    I py[2] = {as_int(ay.frac), as_int(ay.frac - F(1.0f))};
    const I pz(0);  // z = +0.0f
    auto g = [&](int i, int j) GRADNOISE_KERNEL_LAMBDA_INLINE { return grad(c.reg(i, j), c.byte(i, j), px[i], py[j], pz); };

    F result = lerp(v, lerp(u, g(0, 0), g(1, 0)), lerp(u, g(0, 1), g(1, 1)));
    return finish(result);
}

// ---- [S 10] the general lattice: any basis, periods, 4D ----
// One function for every case the specialised hashers above do not cover. Corner hashes are
// computed per corner from wrapped indices (gathers of the permutation, or mixing), and the
// corner values per basis; slower than the specialised paths but the same integers and floats
// as the reference's Lattice.

// table[idx[lane]] for float tables.
GRADNOISE_KERNEL_INLINE F gather_float(const float* table, I idx) noexcept {
#if defined(__AVX512F__)
    return _mm512_i32gather_ps(idx, table, 4);
#elif defined(__AVX2__)
    return _mm256_i32gather_ps(table, idx, 4);
#else
    alignas(64) std::int32_t index[lanes];
    alignas(64) float value[lanes];
    idx.store_aligned(index);
    for (std::size_t i = 0; i < lanes; ++i) {
        value[i] = table[index[i]];
    }
    return F::load_aligned(value);
#endif
}

// [S 10.4] Perlin's 4D grad on hash h (low five bits): a = h<24 ? x : y, b = h<16 ? y : z,
// c = h<8 ? z : w, signs from bits 0, 1, 2; (a + b) + c.
GRADNOISE_KERNEL_INLINE F grad4(I h, I x, I y, I z, I w) noexcept {
    const I sign(INT32_MIN);
    I g = h & I(31);
    I a = xsimd::select(g < I(24), x, y);
    I b = xsimd::select(g < I(16), y, z);
    I c = xsimd::select(g < I(8), z, w);
    a = a ^ ((g << 31) & sign);
    b = b ^ ((g << 30) & sign);
    c = c ^ ((g << 29) & sign);
    return (as_float(a) + as_float(b)) + as_float(c);
}

// sqrt, correctly rounded (xsimd 8.1's NEON float sqrt is an estimate, like its divide).
GRADNOISE_KERNEL_INLINE F square_root(F v) noexcept {
#if defined(__aarch64__)
    return vsqrtq_f32(v);
#else
    return xsimd::sqrt(v);
#endif
}

// p(n) for lanes holding n in 0..255: gathers, or on AVX-512 VBMI in-register byte lookups
// (the low byte of each 32-bit lane looked up; the other bytes masked off).
struct PermutationLookup {
#if defined(GRADNOISE_BYTE_HASHER)
    ByteTable table;
    explicit PermutationLookup(const detail::NoiseTables& t) noexcept : table(t.permutation.values().data()) {}
    I operator()(I n) const noexcept { return I(table[n]) & I(255); }
#else
    const std::int32_t* table;
    explicit PermutationLookup(const detail::NoiseTables& t) noexcept : table(t.perm32) {}
    I operator()(I n) const noexcept { return gather(table, n); }
#endif
};

template <Fade fade, int dims>
inline F general_noise(const detail::NoiseTables& t, int octave, const F* q) noexcept {
    constexpr int corners = 1 << dims;
    const std::int32_t* mask = t.octaves.mask[octave];
    Axis axis[dims];
    F weight[dims];
    I offset[dims][2];  // the offsets to the corner, as float bits
    I index[dims][2];   // the wrapped corner indices
    for (int a = 0; a < dims; ++a) {
        axis[a] = split(q[a]);
        weight[a] = fade_curve<fade>(axis[a].frac);
        offset[a][0] = as_int(axis[a].frac);
        offset[a][1] = as_int(axis[a].frac - F(1.0f));
        index[a][0] = axis[a].cell & I(mask[a]);
        index[a][1] = (axis[a].cell + I(1)) & I(mask[a]);
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
                acc = acc ^ MixHasher::mul(index[a][(c >> a) & 1], MixHasher::constant(prime[a]));
            }
            I m = MixHasher::mul(acc, MixHasher::constant(detail::mix_multiplier));
            h[c] = ((m >> 28) & I(15)) | ((m >> 20) & I(0xF0));
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

    // [S 4.4, 10] corner values.
    F v[corners];
    const Basis basis = t.desc.basis;
    for (int c = 0; c < corners; ++c) {
        I o[4];
        for (int a = 0; a < dims; ++a) {
            o[a] = offset[a][(c >> a) & 1];
        }
        if (basis == Basis::value) {
            v[c] = gather_float(t.values, h[c]);
        } else if (basis == Basis::classic) {
            const float* const* g = nullptr;
            const float* g2[2] = {t.classic2[0], t.classic2[1]};
            const float* g3[3] = {t.classic3[0], t.classic3[1], t.classic3[2]};
            const float* g4[4] = {t.classic4[0], t.classic4[1], t.classic4[2], t.classic4[3]};
            g = dims == 2 ? g2 : (dims == 3 ? g3 : g4);
            F dot = gather_float(g[0], h[c]) * as_float(o[0]) + gather_float(g[1], h[c]) * as_float(o[1]);
            for (int a = 2; a < dims; ++a) {
                dot = dot + gather_float(g[a], h[c]) * as_float(o[a]);
            }
            v[c] = dot;
        } else if constexpr (dims == 4) {
            v[c] = grad4(h[c], o[0], o[1], o[2], o[3]);
        } else {
            const I z = dims == 3 ? o[2] : I(0);  // 2D: z = +0
            v[c] = grad(code_from_index(h[c] & I(15)), 0, o[0], o[1], z);
        }
    }

    // [S 4.6] lerp along x, then y, z, w.
    int count = corners;
    for (int a = 0; a < dims; ++a) {
        count /= 2;
        for (int c = 0; c < count; ++c) {
            v[c] = lerp(weight[a], v[2 * c], v[2 * c + 1]);
        }
    }
    return finish(v[0]);
}

// ---- [S 8, 11, 12] fractals, warps and patterns around any base noise ----
// `base(octave, q)` evaluates one octave of base noise at the point q (dims batches).

inline xsimd::batch_bool<float, Arch> finite(F v) noexcept { return xsimd::abs(v) <= F(FLT_MAX); }

// One octave's contribution before its amplitude (the reference's octave_term()).
inline F octave_term(Fractal kind, F n, F& weight) noexcept {
    switch (kind) {
        case Fractal::turbulence: return xsimd::abs(n);
        case Fractal::billow: return F(2.0f) * xsimd::abs(n) - F(1.0f);
        case Fractal::ridged: {
            F s = F(1.0f) - xsimd::abs(n);
            s = s * s;
            s = s * weight;
            weight = xsimd::min(xsimd::max(s * F(2.0f), F(0.0f)), F(1.0f));  // s >= 0, never NaN
            return s;
        }
        default: return n;
    }
}

// a / b, correctly rounded (IEEE). xsimd 8.1 divides floats on AArch64 with a reciprocal estimate
// and Newton steps (its armv7 code), which is off by an ulp or two; vdivq_f32 is the real division.
inline F divide(F a, F b) noexcept {
#if defined(__aarch64__)
    return vdivq_f32(a, b);
#else
    return a / b;
#endif
}

// [S 8] The base noise, or the sum of octaves. The octave constants come from tables.hpp's
// OctaveTable; the fractal kind is a runtime branch per octave (perfectly predicted).
template <int dims, class Base>
inline F fractal(const Base& base, const detail::OctaveTable& o, const F* p) noexcept {
    if (o.kind == Fractal::none) {
        return base(0, p);
    }
    const float* offset[4] = {o.offset_x, o.offset_y, o.offset_z, o.offset_w};
    F sum(0.0f), weight(1.0f);
    for (int k = 0; k < o.octaves; ++k) {
        const F f(o.frequency[k]);
        F q[dims];
        for (int a = 0; a < dims; ++a) {
            q[a] = p[a] * f + F(offset[a][k]);
        }
        sum = sum + F(o.amplitude[k]) * octave_term(o.kind, base(k, q), weight);
    }
    F result = divide(sum, F(o.amplitude_sum));
    auto all_finite = finite(p[0]);
    for (int a = 1; a < dims; ++a) {
        all_finite = all_finite & finite(p[a]);
    }
    return xsimd::select(all_finite, result, F(0.0f));
}

// [S 12.1] The project's sine (the reference's sine(), operation for operation).
inline F sine(F t) noexcept {
    F r = t * F(detail::sine_inv_two_pi);
    r = r - xsimd::floor(r);
    F u = r - F(0.5f);
    u = xsimd::select(u > F(0.25f), F(0.5f) - u, xsimd::select(u < F(-0.25f), F(-0.5f) - u, u));
    F u2 = u * u;
    F s(detail::sine_c11);
    s = s * u2 + F(detail::sine_c9);
    s = s * u2 + F(detail::sine_c7);
    s = s * u2 + F(detail::sine_c5);
    s = s * u2 + F(detail::sine_c3);
    s = s * u2 + F(detail::sine_c1);
    return -(s * u);
}

// [S 11, 12] warp, fractal, pattern: the whole field.
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
            displacement[a] = fractal<dims>(base, t.octaves, q);
        }
        for (int a = 0; a < dims; ++a) {
            at[a] = p[a] + strength * displacement[a];
        }
    }
    F v = fractal<dims>(base, t.octaves, at);
    const PatternParams& pattern = d.pattern;
    F r;
    if (pattern.kind == Pattern::marble) {
        r = F(0.5f) + F(0.5f) * sine(p[0] * F(pattern.frequency) + F(pattern.strength) * v);
    } else if (pattern.kind == Pattern::wood) {
        F g = square_root(p[0] * p[0] + p[1] * p[1]) * F(pattern.frequency) + F(pattern.strength) * v;
        r = g - xsimd::floor(g);
        r = xsimd::select(r >= F(1.0f), F(0.0f), r);
    } else {
        return v;
    }
    auto keep = r == r;
    for (int a = 0; a < dims; ++a) {
        keep = keep & finite(p[a]);
    }
    r = xsimd::select(keep, r, F(0.0f));
    return xsimd::min(xsimd::max(r, F(0.0f)), F(1.0f));
}

// ---- loops: whole blocks straight from the caller's arrays, the tail through a padded copy ----

// out[i] for i < n from compute(i, m), which returns the batch for samples i .. i+lanes-1 of
// which the first m are wanted (m == lanes except in the tail; only m results are stored).
template <class Compute>
inline void for_each_batch(float* out, std::size_t n, Compute&& compute) noexcept {
    std::size_t i = 0;
    for (; i + block <= n; i += block) {
        F r[unroll];
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b] = compute(i + b * lanes, lanes);
        }
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b].store_unaligned(out + i + b * lanes);
        }
    }
    for (; i < n; i += lanes) {
        std::size_t m = n - i < lanes ? n - i : lanes;
        alignas(64) float result[lanes];
        compute(i, m).store_aligned(result);
        std::memcpy(out + i, result, m * sizeof(float));
    }
}

// v[i .. i+m), zero-padded to a full batch when m < lanes (never reads past v[i+m-1]).
inline F load_part(const float* v, std::size_t i, std::size_t m) noexcept {
    if (m == lanes) {
        return F::load_unaligned(v + i);
    }
    alignas(64) float padded[lanes] = {};
    std::memcpy(padded, v + i, m * sizeof(float));
    return F::load_aligned(padded);
}

// [S 6] x_i = origin + float(i) * step. i < 2^24, so the int-to-float conversion is exact.
inline F column_coords(std::size_t i, float origin, float step) noexcept {
    alignas(64) static constexpr std::int32_t iota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    I index = I(static_cast<std::int32_t>(i)) + I::load_aligned(iota);
    return F(origin) + xsimd::to_float(index) * F(step);
}

// The field a Noise defines, as `run(field)` with field(const F* p) -> F: picked once per call.
// Specialised hashers for perlin 2D/3D without periods (plain noise, or decorated when a fractal,
// warp or pattern is set); the general lattice for everything else.
template <int dims, class Run>
void with_field(const detail::NoiseTables& t, Run&& run) noexcept {
    const NoiseDesc& d = t.desc;
    const bool plain = t.octaves.kind == Fractal::none && d.warp.levels == 0 && d.pattern.kind == Pattern::none;
    auto by_fade = [&](auto fade_constant) {
        constexpr Fade fade = decltype(fade_constant)::value;
        if constexpr (dims == 4) {
            run([&t](const F* p) {
                return decorated<4>([&t](int k, const F* q) { return general_noise<fade, 4>(t, k, q); }, t, p);
            });
        } else {
            if (t.general_path) {
                run([&t](const F* p) {
                    return decorated<dims>([&t](int k, const F* q) { return general_noise<fade, dims>(t, k, q); }, t,
                                           p);
                });
                return;
            }
            auto with_hasher = [&](const auto& hasher) {
                auto base = [&hasher](int, const F* q) {
                    if constexpr (dims == 3) {
                        return noise3<fade>(hasher, q[0], q[1], q[2]);
                    } else {
                        return noise2<fade>(hasher, q[0], q[1]);
                    }
                };
                if (plain) {
                    run([&base](const F* p) { return base(0, p); });
                } else {
                    run([&base, &t](const F* p) { return decorated<dims>(base, t, p); });
                }
            };
            if (t.hash == Hash::mix) {
                with_hasher(make_mix_hasher(t));
            } else if constexpr (dims == 3) {
                with_hasher(make_permutation_hasher3(t));
            } else {
                with_hasher(make_permutation_hasher2(t));
            }
        }
    };
    if (t.fade == Fade::cubic) {
        by_fade(std::integral_constant<Fade, Fade::cubic>{});
    } else {
        by_fade(std::integral_constant<Fade, Fade::quintic>{});
    }
}

void points_2d(const detail::NoiseTables& t, const float* x, const float* y, float* out, std::size_t n) noexcept {
    with_field<2>(t, [&](const auto& field) {
        for_each_batch(out, n, [&](std::size_t i, std::size_t m) {
            const F p[2] = {load_part(x, i, m), load_part(y, i, m)};
            return field(p);
        });
    });
}

void points_3d(const detail::NoiseTables& t, const float* x, const float* y, const float* z, float* out,
               std::size_t n) noexcept {
    with_field<3>(t, [&](const auto& field) {
        for_each_batch(out, n, [&](std::size_t i, std::size_t m) {
            const F p[3] = {load_part(x, i, m), load_part(y, i, m), load_part(z, i, m)};
            return field(p);
        });
    });
}

void points_4d(const detail::NoiseTables& t, const float* x, const float* y, const float* z, const float* w,
               float* out, std::size_t n) noexcept {
    with_field<4>(t, [&](const auto& field) {
        for_each_batch(out, n, [&](std::size_t i, std::size_t m) {
            const F p[4] = {load_part(x, i, m), load_part(y, i, m), load_part(z, i, m), load_part(w, i, m)};
            return field(p);
        });
    });
}

// [S 6] y_j = origin_y + float(j) * step_y (one rounding each), as the scalar path computes it.
inline float grid_coord(std::size_t j, float origin, float step) noexcept {
    float product = static_cast<float>(j) * step;
    return origin + product;
}

// ---- the grid fast path (plain perlin noise, specialised hashers) ----
// On a grid, x terms repeat down every column and y (z) terms along every row, and neighbouring
// samples share their lattice cell. So per tile of columns the x position, fraction, fade and cell
// are computed once (on the stack) for all the rows of the block; per row the y (z) terms once;
// and a batch whose lanes all lie in one cell hashes that cell once (cached while the cell stays
// the same) instead of per lane: on AVX2 that replaces the gather, the cost that dominates. Every
// sample is computed by the same operations as noise2/noise3 at its coordinates, so the bits are
// the same (tests/test_grid.cpp compares them point by point).
struct ColumnTile {
    static constexpr std::size_t size = 512;  // columns per tile (a multiple of every lane count)
    static constexpr std::size_t batches = size / lanes;
    alignas(64) float frac[size];
    alignas(64) float frac1[size];  // frac - 1
    alignas(64) float fade[size];
    alignas(64) std::int32_t cell[size];
    std::int32_t batch_cell[batches];  // the cell of every lane of batch b, when uniform[b]
    bool uniform[batches];
    std::size_t count = 0;  // batches in this tile

    template <Fade fade_kind>
    void compute(std::size_t x0, std::size_t n, float origin, float step) noexcept {
        count = (n + lanes - 1) / lanes;
        for (std::size_t b = 0; b < count; ++b) {
            Axis a = split(column_coords(x0 + b * lanes, origin, step));
            a.frac.store_aligned(frac + b * lanes);
            (a.frac - F(1.0f)).store_aligned(frac1 + b * lanes);
            fade_curve<fade_kind>(a.frac).store_aligned(fade + b * lanes);
            a.cell.store_aligned(cell + b * lanes);
            batch_cell[b] = cell[b * lanes];
            uniform[b] = xsimd::all(a.cell == I(batch_cell[b]));
        }
    }
};

// out[0 .. n) of one row from the tile; `corners(b)` gives batch b's corner codes.
template <class Value>
inline void store_row(float* out, std::size_t n, std::size_t batches, Value&& value) noexcept {
    for (std::size_t b = 0; b < batches; ++b) {
        F r = value(b);
        std::size_t at = b * lanes;
        if (at + lanes <= n) {
            r.store_unaligned(out + at);
        } else {
            alignas(64) float tail[lanes];
            r.store_aligned(tail);
            std::memcpy(out + at, tail, (n - at) * sizeof(float));
        }
    }
}

template <Fade fade, class Hasher>
void grid_2d_fast(const Hasher& hasher, const Grid2d& g, std::size_t first, std::size_t last, float* out,
                  std::size_t row_stride) noexcept {
    using Corners = typename Hasher::Corners2;
    ColumnTile tile;
    for (std::size_t x0 = 0; x0 < g.size_x; x0 += ColumnTile::size) {
        const std::size_t n = g.size_x - x0 < ColumnTile::size ? g.size_x - x0 : ColumnTile::size;
        tile.compute<fade>(x0, n, g.origin_x, g.step_x);
        for (std::size_t j = first; j < last; ++j) {
            const Axis ay = split(F(grid_coord(j, g.origin_y, g.step_y)));
            const F v = fade_curve<fade>(ay.frac);
            const I py[2] = {as_int(ay.frac), as_int(ay.frac - F(1.0f))};
            const I pz(0);
            bool cached = false;
            std::int32_t cached_cell = 0;
            Corners cached_corners{};
            store_row(out + j * row_stride + x0, n, tile.count, [&](std::size_t b) {
                Corners c;
                if (tile.uniform[b]) {
                    if (!cached || cached_cell != tile.batch_cell[b]) {
                        cached_corners = hasher.corners2(I(tile.batch_cell[b]), ay.cell);
                        cached_cell = tile.batch_cell[b];
                        cached = true;
                    }
                    c = cached_corners;
                } else {
                    c = hasher.corners2(I::load_aligned(tile.cell + b * lanes), ay.cell);
                }
                const F fx = F::load_aligned(tile.frac + b * lanes);
                const I px[2] = {as_int(fx), as_int(F::load_aligned(tile.frac1 + b * lanes))};
                const F u = F::load_aligned(tile.fade + b * lanes);
                auto gr = [&](int i, int jj) { return grad(c.reg(i, jj), c.byte(i, jj), px[i], py[jj], pz); };
                return finish(lerp(v, lerp(u, gr(0, 0), gr(1, 0)), lerp(u, gr(0, 1), gr(1, 1))));
            });
        }
    }
}

template <Fade fade, class Hasher>
void grid_3d_fast(const Hasher& hasher, const Grid3d& g, std::size_t first, std::size_t last, float* out,
                  std::size_t row_stride, std::size_t slice_stride) noexcept {
    using Corners = typename Hasher::Corners3;
    ColumnTile tile;
    for (std::size_t x0 = 0; x0 < g.size_x; x0 += ColumnTile::size) {
        const std::size_t n = g.size_x - x0 < ColumnTile::size ? g.size_x - x0 : ColumnTile::size;
        tile.compute<fade>(x0, n, g.origin_x, g.step_x);
        for (std::size_t r = first; r < last; ++r) {
            const std::size_t j = r % g.size_y, k = r / g.size_y;
            const Axis ay = split(F(grid_coord(j, g.origin_y, g.step_y)));
            const Axis az = split(F(grid_coord(k, g.origin_z, g.step_z)));
            const F v = fade_curve<fade>(ay.frac), w = fade_curve<fade>(az.frac);
            const I py[2] = {as_int(ay.frac), as_int(ay.frac - F(1.0f))};
            const I pz[2] = {as_int(az.frac), as_int(az.frac - F(1.0f))};
            bool cached = false;
            std::int32_t cached_cell = 0;
            Corners cached_corners{};
            store_row(out + k * slice_stride + j * row_stride + x0, n, tile.count, [&](std::size_t b) {
                Corners c;
                if (tile.uniform[b]) {
                    if (!cached || cached_cell != tile.batch_cell[b]) {
                        cached_corners = hasher.corners3(I(tile.batch_cell[b]), ay.cell, az.cell);
                        cached_cell = tile.batch_cell[b];
                        cached = true;
                    }
                    c = cached_corners;
                } else {
                    c = hasher.corners3(I::load_aligned(tile.cell + b * lanes), ay.cell, az.cell);
                }
                const I px[2] = {as_int(F::load_aligned(tile.frac + b * lanes)),
                                 as_int(F::load_aligned(tile.frac1 + b * lanes))};
                const F u = F::load_aligned(tile.fade + b * lanes);
                auto gr = [&](int i, int jj, int kk) {
                    return grad(c.reg(i, jj, kk), c.byte(i, jj, kk), px[i], py[jj], pz[kk]);
                };
                return finish(lerp(w, lerp(v, lerp(u, gr(0, 0, 0), gr(1, 0, 0)), lerp(u, gr(0, 1, 0), gr(1, 1, 0))),
                                   lerp(v, lerp(u, gr(0, 0, 1), gr(1, 0, 1)), lerp(u, gr(0, 1, 1), gr(1, 1, 1)))));
            });
        }
    }
}

// Plain perlin noise with a specialised hasher? Then `body(fade constant, hasher)`, true.
template <int dims, class Body>
bool with_plain_hasher(const detail::NoiseTables& t, Body&& body) noexcept {
    const NoiseDesc& d = t.desc;
    if (t.general_path || t.octaves.kind != Fractal::none || d.warp.levels != 0 || d.pattern.kind != Pattern::none) {
        return false;
    }
    auto by_fade = [&](auto fade) {
        if (t.hash == Hash::mix) {
            body(fade, make_mix_hasher(t));
        } else if constexpr (dims == 3) {
            body(fade, make_permutation_hasher3(t));
        } else {
            body(fade, make_permutation_hasher2(t));
        }
    };
    if (t.fade == Fade::cubic) {
        by_fade(std::integral_constant<Fade, Fade::cubic>{});
    } else {
        by_fade(std::integral_constant<Fade, Fade::quintic>{});
    }
    return true;
}

void grid_2d(const detail::NoiseTables& t, const Grid2d& g, std::size_t first, std::size_t last, float* out,
             std::size_t row_stride) noexcept {
    if (with_plain_hasher<2>(t, [&](auto fade, const auto& hasher) {
            grid_2d_fast<decltype(fade)::value>(hasher, g, first, last, out, row_stride);
        })) {
        return;
    }
    with_field<2>(t, [&](const auto& field) {
        for (std::size_t j = first; j < last; ++j) {
            const F vy(grid_coord(j, g.origin_y, g.step_y));
            for_each_batch(out + j * row_stride, g.size_x, [&](std::size_t i, std::size_t) {
                const F p[2] = {column_coords(i, g.origin_x, g.step_x), vy};
                return field(p);
            });
        }
    });
}

void grid_3d(const detail::NoiseTables& t, const Grid3d& g, std::size_t first, std::size_t last, float* out,
             std::size_t row_stride, std::size_t slice_stride) noexcept {
    if (with_plain_hasher<3>(t, [&](auto fade, const auto& hasher) {
            grid_3d_fast<decltype(fade)::value>(hasher, g, first, last, out, row_stride, slice_stride);
        })) {
        return;
    }
    with_field<3>(t, [&](const auto& field) {
        for (std::size_t r = first; r < last; ++r) {
            const std::size_t j = r % g.size_y, k = r / g.size_y;
            const F vy(grid_coord(j, g.origin_y, g.step_y)), vz(grid_coord(k, g.origin_z, g.step_z));
            for_each_batch(out + k * slice_stride + j * row_stride, g.size_x, [&](std::size_t i, std::size_t) {
                const F p[3] = {column_coords(i, g.origin_x, g.step_x), vy, vz};
                return field(p);
            });
        }
    });
}

// [S 13] The base noise of octave k at q: `body(base)` with base(k, q), chosen once per call.
template <int dims, class Body>
void with_base(const detail::NoiseTables& t, Body&& body) noexcept {
    auto by_fade = [&](auto fade_constant) {
        constexpr Fade fade = decltype(fade_constant)::value;
        if (t.general_path) {
            body([&t](int k, const F* q) { return general_noise<fade, dims>(t, k, q); });
            return;
        }
        auto with_hasher = [&](const auto& hasher) {
            body([&hasher](int, const F* q) {
                if constexpr (dims == 3) {
                    return noise3<fade>(hasher, q[0], q[1], q[2]);
                } else {
                    return noise2<fade>(hasher, q[0], q[1]);
                }
            });
        };
        if (t.hash == Hash::mix) {
            with_hasher(make_mix_hasher(t));
        } else if constexpr (dims == 3) {
            with_hasher(make_permutation_hasher3(t));
        } else {
            with_hasher(make_permutation_hasher2(t));
        }
    };
    if (t.fade == Fade::cubic) {
        by_fade(std::integral_constant<Fade, Fade::cubic>{});
    } else {
        by_fade(std::integral_constant<Fade, Fade::quintic>{});
    }
}

// [S 13] One chunk row from per-octave coordinates (the reference's chunk(), octave by octave).
template <int dims>
void octave_row(const detail::NoiseTables& t, const float* x, const float* y, const float* z, float* out,
                std::size_t n) noexcept {
    const detail::OctaveTable& o = t.octaves;
    with_base<dims>(t, [&](const auto& base) {
        for_each_batch(out, n, [&](std::size_t i, std::size_t m) {
            if (o.kind == Fractal::none) {
                const F q[3] = {load_part(x, i, m), F(y[0]), F(dims == 3 ? z[0] : 0.0f)};
                return base(0, q);
            }
            F sum(0.0f), weight(1.0f);
            for (int k = 0; k < o.octaves; ++k) {
                const F q[3] = {load_part(x + static_cast<std::size_t>(k) * n, i, m), F(y[k]),
                                F(dims == 3 ? z[k] : 0.0f)};
                sum = sum + F(o.amplitude[k]) * octave_term(o.kind, base(k, q), weight);
            }
            return divide(sum, F(o.amplitude_sum));
        });
    });
}

void octave_row_2d(const detail::NoiseTables& t, const float* x, const float* y, float* out, std::size_t n) noexcept {
    octave_row<2>(t, x, y, nullptr, out, n);
}

void octave_row_3d(const detail::NoiseTables& t, const float* x, const float* y, const float* z, float* out,
                   std::size_t n) noexcept {
    octave_row<3>(t, x, y, z, out, n);
}


// ---- [S 14] binary64: Perlin's reference in double, 4 lanes (AVX2), 8 (AVX-512), 2x2 (NEON) ----
#if defined(__AVX2__) || defined(__aarch64__)
#define GRADNOISE_KERNEL_F64 1
namespace f64 {

using D = xsimd::batch<double, Arch>;
using L = xsimd::batch<std::int64_t, Arch>;
constexpr std::size_t dlanes = D::size;
// Independent batches per step: two on 2-lane NEON, one elsewhere.
constexpr std::size_t dunroll = dlanes < 4 ? 2 : 1;

inline L as_long(D v) noexcept { return xsimd::bitwise_cast<L>(v); }
inline D as_double(L v) noexcept { return xsimd::bitwise_cast<D>(v); }

// table[idx] (32-bit entries, zero-extended) for 64-bit lanes.
inline L gather32(const std::int32_t* table, L idx) noexcept {
#if defined(__AVX512F__)
    return _mm512_cvtepu32_epi64(_mm512_i64gather_epi32(idx, table, 4));
#elif defined(__AVX2__)
    return _mm256_cvtepu32_epi64(_mm256_i64gather_epi32(reinterpret_cast<const int*>(table), idx, 4));
#else
    alignas(64) std::int64_t index[dlanes];
    alignas(64) std::int64_t value[dlanes];
    idx.store_aligned(index);
    for (std::size_t i = 0; i < dlanes; ++i) {
        value[i] = static_cast<std::uint32_t>(table[index[i]]);
    }
    return L::load_aligned(value);
#endif
}

inline D floor(D v) noexcept {
#if defined(__aarch64__)
    return vrndmq_f64(v);
#else
    return xsimd::floor(v);
#endif
}

inline D divide(D a, D b) noexcept {
#if defined(__aarch64__)
    return vdivq_f64(a, b);
#else
    return a / b;
#endif
}

template <Fade fade>
inline D fade_curve(D t) noexcept {
    if constexpr (fade == Fade::cubic) {
        return t * t * (D(3.0) - D(2.0) * t);
    } else {
        return t * t * t * (t * (t * D(6.0) - D(15.0)) + D(10.0));
    }
}

inline D lerp(D t, D a, D b) noexcept { return a + t * (b - a); }

// [S 14.1] The cell (floor(v) mod 256, as a 64-bit lane in 0..255) and the position in it. The
// residue r = fl - 256 floor(fl / 256) is exact for every finite double (scaling by 2^-8 and the
// difference of two integers below 256 apart are exact); r + 2^52 puts r in the low mantissa bits.
struct Axis {
    D frac;
    L cell;
};
inline Axis split(D v) noexcept {
    v = v + D(0.0);
    D fl = floor(v);
    D r = fl - D(256.0) * floor(fl * D(1.0 / 256.0));
    return {v - fl, as_long(r + D(4503599627370496.0)) & L(255)};
}

// [S 4.4] grad from the selection code in byte `byte` of c (tables.hpp gradient_code), on 64-bit
// float patterns; sign flips by XOR of bit 63.
inline D grad(L c, int byte, L x, L y, L z) noexcept {
    const int at = 8 * byte;
    auto bit = [&](int b) { return (c & L(std::int64_t(1) << (at + b))) != L(0); };
    L a = xsimd::select(bit(2), y, x);
    L b = xsimd::select(bit(3), y, xsimd::select(bit(4), x, z));
    const L sign(INT64_MIN);
    a = a ^ ((c << (63 - at)) & sign);
    b = b ^ ((c << (62 - at)) & sign);
    return as_double(a) + as_double(b);
}

inline D finish(D r) noexcept { return xsimd::select(r == r, r, D(0.0)); }

// [S 14.1] noise3: corner codes from the packed tables (tables.hpp), as the float TableHasher.
template <Fade fade>
inline D noise3(const detail::NoiseTables& t, D x, D y, D z) noexcept {
    Axis ax = split(x), ay = split(y), az = split(z);
    D u = fade_curve<fade>(ax.frac), v = fade_curve<fade>(ay.frac), w = fade_curve<fade>(az.frac);
    const L byte(255);
    L column = gather32(t.hash_xy, (ax.cell << 8) | ay.cell);  // bytes a00 a10 a01 a11
    L r[4];
    for (int q = 0; q < 4; ++q) {
        r[q] = gather32(t.code_z, (((column >> (8 * q)) & byte) + az.cell) & byte);
    }
    L px[2] = {as_long(ax.frac), as_long(ax.frac - D(1.0))};
    L py[2] = {as_long(ay.frac), as_long(ay.frac - D(1.0))};
    L pz[2] = {as_long(az.frac), as_long(az.frac - D(1.0))};
    auto g = [&](int i, int j, int k) { return grad(r[i + 2 * j], k, px[i], py[j], pz[k]); };
    return finish(lerp(w, lerp(v, lerp(u, g(0, 0, 0), g(1, 0, 0)), lerp(u, g(0, 1, 0), g(1, 1, 0))),
                       lerp(v, lerp(u, g(0, 0, 1), g(1, 0, 1)), lerp(u, g(0, 1, 1), g(1, 1, 1)))));
}

template <Fade fade>
inline D noise2(const detail::NoiseTables& t, D x, D y) noexcept {
    Axis ax = split(x), ay = split(y);
    D u = fade_curve<fade>(ax.frac), v = fade_curve<fade>(ay.frac);
    L c = gather32(t.corner_code_2d, (ax.cell << 8) | ay.cell);  // byte i + 2j
    L px[2] = {as_long(ax.frac), as_long(ax.frac - D(1.0))};
    L py[2] = {as_long(ay.frac), as_long(ay.frac - D(1.0))};
    const L pz(0);
    auto g = [&](int i, int j) { return grad(c, i + 2 * j, px[i], py[j], pz); };
    return finish(lerp(v, lerp(u, g(0, 0), g(1, 0)), lerp(u, g(0, 1), g(1, 1))));
}

inline xsimd::batch_bool<double, Arch> finite(D v) noexcept { return xsimd::abs(v) <= D(DBL_MAX); }

inline D octave_term(Fractal kind, D n, D& weight) noexcept {
    switch (kind) {
        case Fractal::turbulence: return xsimd::abs(n);
        case Fractal::billow: return D(2.0) * xsimd::abs(n) - D(1.0);
        case Fractal::ridged: {
            D s = D(1.0) - xsimd::abs(n);
            s = s * s;
            s = s * weight;
            weight = xsimd::min(xsimd::max(s * D(2.0), D(0.0)), D(1.0));
            return s;
        }
        default: return n;
    }
}

// [S 14.3] the octave loop in double, constants recomputed as the reference does.
template <int dims, class Base>
inline D field(const detail::NoiseTables& t, const Base& base, const D* p) noexcept {
    const FractalParams& f = t.desc.fractal;
    if (f.kind == Fractal::none) {
        return base(p);
    }
    const double offset[3] = {detail::octave_offset_x, detail::octave_offset_y, detail::octave_offset_z};
    double frequency = f.frequency, amplitude = 1.0, amplitude_sum = 0.0;
    D sum(0.0), weight(1.0);
    for (int k = 0; k < f.octaves; ++k) {
        const double kd = static_cast<double>(k);
        D q[dims];
        for (int a = 0; a < dims; ++a) {
            q[a] = p[a] * D(frequency) + D(kd * offset[a]);
        }
        sum = sum + D(amplitude) * octave_term(f.kind, base(q), weight);
        amplitude_sum = amplitude_sum + amplitude;
        frequency = frequency * static_cast<double>(f.lacunarity);
        amplitude = amplitude * static_cast<double>(f.persistence);
    }
    D result = divide(sum, D(amplitude_sum));
    auto ok = finite(p[0]);
    for (int a = 1; a < dims; ++a) {
        ok = ok & finite(p[a]);
    }
    return xsimd::select(ok, result, D(0.0));
}

inline D load_part(const double* v, std::size_t i, std::size_t m) noexcept {
    if (m == dlanes) {
        return D::load_unaligned(v + i);
    }
    alignas(64) double padded[dlanes] = {};
    std::memcpy(padded, v + i, m * sizeof(double));
    return D::load_aligned(padded);
}

template <class Compute>
inline void for_each(double* out, std::size_t n, Compute&& compute) noexcept {
    std::size_t i = 0;
    for (; i + dlanes * dunroll <= n; i += dlanes * dunroll) {
        D r[dunroll];
        for (std::size_t b = 0; b < dunroll; ++b) {
            r[b] = compute(i + b * dlanes, dlanes);
        }
        for (std::size_t b = 0; b < dunroll; ++b) {
            r[b].store_unaligned(out + i + b * dlanes);
        }
    }
    for (; i < n; i += dlanes) {
        std::size_t m = n - i < dlanes ? n - i : dlanes;
        alignas(64) double result[dlanes];
        compute(i, m).store_aligned(result);
        std::memcpy(out + i, result, m * sizeof(double));
    }
}

template <class Body>
void with_fade(const detail::NoiseTables& t, Body&& body) noexcept {
    if (t.fade == Fade::cubic) {
        body(std::integral_constant<Fade, Fade::cubic>{});
    } else {
        body(std::integral_constant<Fade, Fade::quintic>{});
    }
}

void points_2d(const detail::NoiseTables& t, const double* x, const double* y, double* out, std::size_t n) noexcept {
    with_fade(t, [&](auto fade) {
        auto base = [&t](const D* q) { return noise2<decltype(fade)::value>(t, q[0], q[1]); };
        for_each(out, n, [&](std::size_t i, std::size_t m) {
            const D p[2] = {load_part(x, i, m), load_part(y, i, m)};
            return field<2>(t, base, p);
        });
    });
}

void points_3d(const detail::NoiseTables& t, const double* x, const double* y, const double* z, double* out,
               std::size_t n) noexcept {
    with_fade(t, [&](auto fade) {
        auto base = [&t](const D* q) { return noise3<decltype(fade)::value>(t, q[0], q[1], q[2]); };
        for_each(out, n, [&](std::size_t i, std::size_t m) {
            const D p[3] = {load_part(x, i, m), load_part(y, i, m), load_part(z, i, m)};
            return field<3>(t, base, p);
        });
    });
}

}  // namespace f64
#endif

}  // namespace

const KernelTable& kernel_table() noexcept {
    static constexpr KernelTable table{GRADNOISE_KERNEL_ISA, lanes * unroll, &points_2d, &points_3d, &points_4d,
                                       &grid_2d, &grid_3d, &octave_row_2d, &octave_row_3d,
#if defined(GRADNOISE_KERNEL_F64)
                                       &f64::points_2d, &f64::points_3d
#else
                                       nullptr, nullptr  // no binary64 kernel: the scalar one runs
#endif
    };
    return table;
}

}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
