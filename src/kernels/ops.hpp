// The operations layer: the only kernel file that knows which ISA it is compiled for. Every
// other kernel header is written over the batch types and the functions below and never tests
// an ISA macro (like Highway's per-target ops headers or simdjson's per-implementation simd.h).
// Each operation has a portable form, which SSE2 and NEON run where they have nothing better;
// the ISA-specific forms compute the same integers and floats, and every path is compared bit
// for bit with the scalar reference in tests/.
//
// Each src/kernels/isa_*.cpp defines GRADNOISE_KERNEL_ARCH (an xsimd arch), GRADNOISE_KERNEL_NS
// (a namespace name) and GRADNOISE_KERNEL_ISA, then includes kernels/kernels.inl, which includes
// this header first. Everything lives in an unnamed namespace inside that ISA's namespace, so no
// inline code compiled with one ISA's flags is shared with another's (tests/symbol_hygiene.sh).
#pragma once

#include <cfloat>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include <xsimd/xsimd.hpp>

#include "tables/noise_tables.hpp"

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

// SSE2 is part of x86-64; MSVC says so with _M_X64 rather than __SSE2__.
#if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
#define GRADNOISE_SSE2 1
#endif

// The per-batch building blocks must inline into their batch loops. GCC's size heuristics stop inlining some
// instantiations once many callers share them (the fractal, warp and pattern decorators multiplied those), and out of
// line every batch argument goes through memory: perlin3-mix on AVX2 went from 35.5 to 66.6 instructions per sample
// that way. (Sanitizer builds define GRADNOISE_KERNEL_INLINE as plain inline: cmake/GradnoiseFlags.cmake.)
#ifndef GRADNOISE_KERNEL_LAMBDA_INLINE
#if !defined(GRADNOISE_KERNEL_INLINE) && defined(_MSC_VER) && !defined(__clang__)
#define GRADNOISE_KERNEL_INLINE __forceinline  // (MSVC has no attribute for a lambda's call operator)
#define GRADNOISE_KERNEL_LAMBDA_INLINE
#elif !defined(GRADNOISE_KERNEL_INLINE)
#define GRADNOISE_KERNEL_INLINE inline __attribute__((always_inline))
#define GRADNOISE_KERNEL_LAMBDA_INLINE __attribute__((always_inline))
#else
#define GRADNOISE_KERNEL_LAMBDA_INLINE
#endif
#endif

// The large per-family kernels (a simplex or cellular evaluation: hundreds of operations per
// batch) are compiled once per instantiation and called: inlined into every loop and decorator
// they doubled the kernel units' compile time for a call's worth of savings.
#define GRADNOISE_KERNEL_OUTLINE __attribute__((noinline))

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

using Arch = GRADNOISE_KERNEL_ARCH;
template <class T>
using Batch = xsimd::batch<T, Arch>;
using F = Batch<float>;
using I = Batch<std::int32_t>;
using D = Batch<double>;
using L = Batch<std::int64_t>;

// The integer batch of the same lane width as a float batch, and the scalar of a batch.
template <class B>
using IntOf = std::conditional_t<std::is_same_v<B, F>, I, L>;
template <class B>
using ScalarOf = typename B::value_type;

// Samples per loop step: 8 on 4-lane ISAs (two independent batches), one batch on AVX2, and two
// on AVX-512, where the extra independent work measured ~9% faster in 2D (docs/benchmarks.md).
// Binary64: two batches on 2-lane NEON, one elsewhere.
template <class B>
inline constexpr std::size_t unroll_width = std::is_same_v<B, F> ? 8 : 4;  // samples wanted per step
template <class B>
inline constexpr std::size_t unroll_of = B::size < unroll_width<B> ? unroll_width<B> / B::size : (B::size == 16 ? 2 : 1);
constexpr std::size_t lanes = F::size;

// ---- capabilities: what the selector and the entry file may choose ----

// In-register 256-byte table lookups (AVX-512 VBMI): the permutation hash without gathers.
#if defined(__AVX512VBMI__)
inline constexpr bool has_byte_lookup = true;
#else
inline constexpr bool has_byte_lookup = false;
#endif
// A binary64 kernel worth running (hardware gathers or 2-lane NEON); elsewhere the scalar one.
#if defined(__AVX2__) || defined(__aarch64__)
inline constexpr bool has_f64_kernel = true;
#else
inline constexpr bool has_f64_kernel = false;
#endif

// ---- bit casts ----
// The same register bits as lanes of another type. (xsimd 8.1's NEON bitwise_cast dispatches through a tuple of casts
// built per call; once GCC stopped inlining it in the larger NEON kernel unit, every cast was a call -- NEON Perlin
// grids ran 6x the instructions. A vector cast is one register move or none.)
template <class To, class From>
GRADNOISE_KERNEL_INLINE Batch<To> bits_as(Batch<From> v) noexcept {
#if defined(__aarch64__)
    using R = typename Batch<To>::register_type;
    return Batch<To>((R) static_cast<typename Batch<From>::register_type>(v));
#else
    return xsimd::bitwise_cast<Batch<To>>(v);
#endif
}
GRADNOISE_KERNEL_INLINE I as_int(F v) noexcept { return bits_as<std::int32_t>(v); }
GRADNOISE_KERNEL_INLINE L as_int(D v) noexcept { return bits_as<std::int64_t>(v); }
GRADNOISE_KERNEL_INLINE F as_float(I v) noexcept { return bits_as<float>(v); }
GRADNOISE_KERNEL_INLINE D as_float(L v) noexcept { return bits_as<double>(v); }

// ---- gathers: table[idx[lane]] ----
// xsimd 8.1's gather never emits the hardware instruction, hence the intrinsics.
template <class T, class B>
GRADNOISE_KERNEL_INLINE B gather_portable(const T* table, I idx) noexcept {
    alignas(64) std::int32_t index[lanes];
    alignas(64) T value[lanes];
    idx.store_aligned(index);
    for (std::size_t i = 0; i < lanes; ++i) {
        value[i] = table[index[i]];
    }
    return B::load_aligned(value);
}

// 32-bit integer entries. (AVX-512 always hashes in registers: has_byte_lookup.)
GRADNOISE_KERNEL_INLINE I gather(const std::int32_t* table, I idx) noexcept {
#if defined(__AVX2__) && !defined(__AVX512F__)
    return _mm256_i32gather_epi32(table, idx, 4);
#else
    return gather_portable<std::int32_t, I>(table, idx);
#endif
}

GRADNOISE_KERNEL_INLINE F gather(const float* table, I idx) noexcept {
#if defined(__AVX512F__)
    return _mm512_i32gather_ps(idx, table, 4);
#elif defined(__AVX2__)
    return _mm256_i32gather_ps(table, idx, 4);
#else
    return gather_portable<float, F>(table, idx);
#endif
}

// 32-bit entries, zero-extended into 64-bit lanes.
GRADNOISE_KERNEL_INLINE L gather(const std::int32_t* table, L idx) noexcept {
#if defined(__AVX512F__)
    return _mm512_cvtepu32_epi64(_mm512_i64gather_epi32(idx, table, 4));
#elif defined(__AVX2__)
    return _mm256_cvtepu32_epi64(_mm256_i64gather_epi32(reinterpret_cast<const int*>(table), idx, 4));
#else
    alignas(64) std::int64_t index[L::size];
    alignas(64) std::int64_t value[L::size];
    idx.store_aligned(index);
    for (std::size_t i = 0; i < L::size; ++i) {
        value[i] = static_cast<std::uint32_t>(table[index[i]]);
    }
    return L::load_aligned(value);
#endif
}

// ---- small float tables: table[index[lane]], index in 0 .. 15 ----
// AVX-512: one permute (VPERMPS, which leaves its operands intact); elsewhere a gather (which the
// kernels never choose: has_register_float_tables).
struct FloatTable16 {
#if defined(__AVX512F__)
    __m512 t16;
    explicit FloatTable16(const float* t) noexcept : t16(_mm512_load_ps(t)) {}
    GRADNOISE_KERNEL_INLINE F operator[](I index) const noexcept { return _mm512_permutexvar_ps(index, t16); }
#else
    const float* table;
    explicit FloatTable16(const float* t) noexcept : table(t) {}
    GRADNOISE_KERNEL_INLINE F operator[](I index) const noexcept { return gather(table, index); }
#endif
};

// ---- small float tables: table[index[lane]], index in 0 .. 31 ----
// AVX-512: one two-register permute (VPERMT2PS); AVX2: four permutes of 8 entries and three
// blends on the index's bits 3 and 4; elsewhere a gather. (The 2D simplex gradients: 24 entries.)
struct FloatTable32 {
#if defined(__AVX512F__)
    __m512 low, high;
    explicit FloatTable32(const float* t) noexcept : low(_mm512_load_ps(t)), high(_mm512_load_ps(t + 16)) {}
    GRADNOISE_KERNEL_INLINE F operator[](I index) const noexcept { return _mm512_permutex2var_ps(low, index, high); }
#elif defined(__AVX2__)
    __m256 q0, q1, q2, q3;
    explicit FloatTable32(const float* t) noexcept
        : q0(_mm256_load_ps(t)), q1(_mm256_load_ps(t + 8)), q2(_mm256_load_ps(t + 16)), q3(_mm256_load_ps(t + 24)) {}
    GRADNOISE_KERNEL_INLINE F operator[](I index) const noexcept {
        const __m256 a = _mm256_permutevar8x32_ps(q0, index), b = _mm256_permutevar8x32_ps(q1, index);
        const __m256 c = _mm256_permutevar8x32_ps(q2, index), d = _mm256_permutevar8x32_ps(q3, index);
        const __m256 bit3 = _mm256_castsi256_ps(_mm256_slli_epi32(index, 28));  // bit 3 -> sign
        const __m256 bit4 = _mm256_castsi256_ps(_mm256_slli_epi32(index, 27));  // bit 4 -> sign
        return _mm256_blendv_ps(_mm256_blendv_ps(a, b, bit3), _mm256_blendv_ps(c, d, bit3), bit4);
    }
#else
    const float* table;
    explicit FloatTable32(const float* t) noexcept : table(t) {}
    GRADNOISE_KERNEL_INLINE F operator[](I index) const noexcept { return gather(table, index); }
#endif
};

// Whether FloatTable32 and FloatTable64 look up in registers (AVX-512); elsewhere FloatTable64
// gathers (and AVX2's FloatTable32 takes four permutes).
#if defined(__AVX512F__)
inline constexpr bool has_register_float_tables = true;
#else
inline constexpr bool has_register_float_tables = false;
#endif

// Index in 0 .. 63: AVX-512 two two-register permutes and a blend on bit 5 (the 3D simplex
// gradients, 48 entries); elsewhere a gather (AVX2 would need eight permutes: no faster).
struct FloatTable64 {
#if defined(__AVX512F__)
    __m512 q0, q1, q2, q3;
    explicit FloatTable64(const float* t) noexcept
        : q0(_mm512_load_ps(t)), q1(_mm512_load_ps(t + 16)), q2(_mm512_load_ps(t + 32)), q3(_mm512_load_ps(t + 48)) {}
    GRADNOISE_KERNEL_INLINE F operator[](I index) const noexcept {
        const __mmask16 upper = _mm512_test_epi32_mask(index, _mm512_set1_epi32(32));
        return _mm512_mask_blend_ps(upper, _mm512_permutex2var_ps(q0, index, q1), _mm512_permutex2var_ps(q2, index, q3));
    }
#else
    const float* table;
    explicit FloatTable64(const float* t) noexcept : table(t) {}
    GRADNOISE_KERNEL_INLINE F operator[](I index) const noexcept { return gather(table, index); }
#endif
};

// ---- lane permutes: table[index[lane]], index in 0 .. lanes - 1 ----
// One instruction where the ISA permutes 32-bit lanes by a register (AVX2 and AVX-512 vpermd): a grid row's window of
// consecutive cells (kernels/grid_rows.hpp) is then one load and one permute instead of a gather (AVX2; AVX-512
// hashes in registers). Elsewhere the portable loop, which the kernels never choose (has_lane_permute).
#if defined(__AVX2__) || defined(__AVX512F__)
inline constexpr bool has_lane_permute = true;
#else
inline constexpr bool has_lane_permute = false;
#endif
GRADNOISE_KERNEL_INLINE I permute_lanes(I table, I index) noexcept {
#if defined(__AVX512F__)
    return _mm512_permutexvar_epi32(index, table);
#elif defined(__AVX2__)
    return _mm256_permutevar8x32_epi32(table, index);
#else
    alignas(64) std::int32_t t[lanes], k[lanes], r[lanes];
    table.store_aligned(t);
    index.store_aligned(k);
    for (std::size_t i = 0; i < lanes; ++i) {
        r[i] = t[k[i]];
    }
    return I::load_aligned(r);
#endif
}

// ---- selects ----
// Lanes of if_set where bit `bit` of c is 1, else lanes of if_clear: the cheapest form each ISA
// has (VPTESTMD + blend; the bit moved into the sign for BLENDVPS; a compare elsewhere).
GRADNOISE_KERNEL_INLINE I select_bit(I c, int bit, I if_set, I if_clear) noexcept {
#if defined(__AVX512F__)
    return xsimd::select(xsimd::batch_bool<std::int32_t, Arch>(_mm512_test_epi32_mask(c, _mm512_set1_epi32(1 << bit))),
                         if_set, if_clear);
#elif defined(__AVX2__)
    __m256 chooser = _mm256_castsi256_ps(_mm256_slli_epi32(c, 31 - bit));
    return _mm256_castps_si256(
        _mm256_blendv_ps(_mm256_castsi256_ps(if_clear), _mm256_castsi256_ps(if_set), chooser));
#else
    return xsimd::select((c & I(1 << bit)) != I(0), if_set, if_clear);
#endif
}

GRADNOISE_KERNEL_INLINE L select_bit(L c, int bit, L if_set, L if_clear) noexcept {
    return xsimd::select((c & L(std::int64_t(1) << bit)) != L(0), if_set, if_clear);
}

// ---- exact arithmetic that xsimd 8.1 does not give on every ISA ----

// -v as scalar code negates: the sign bit flipped. xsimd 8.1's AVX-512 neg (unary minus) is 0 - v,
// which gives +0 for +0 where every other ISA gives -0 (found by fuzz/isa_differential: a cellular
// gradient at a feature point). Kernels negate batches through this, never with unary minus.
GRADNOISE_KERNEL_INLINE F negate(F v) noexcept { return v ^ F(-0.0f); }

// a / b and sqrt, correctly rounded. xsimd 8.1 divides and takes square roots on AArch64 with
// estimates and Newton steps (its armv7 code), off by an ulp or two.
GRADNOISE_KERNEL_INLINE F divide(F a, F b) noexcept {
#if defined(__aarch64__)
    return vdivq_f32(a, b);
#else
    return a / b;
#endif
}
GRADNOISE_KERNEL_INLINE D divide(D a, D b) noexcept {
#if defined(__aarch64__)
    return vdivq_f64(a, b);
#else
    return a / b;
#endif
}
GRADNOISE_KERNEL_INLINE F square_root(F v) noexcept {
#if defined(__aarch64__)
    return vsqrtq_f32(v);
#else
    return xsimd::sqrt(v);
#endif
}
// (WebAssembly: Emscripten's SSE2 headers convert floats to integers one lane at a time, through
// lrint; its own instructions round and convert whole vectors. The same IEEE results.)
GRADNOISE_KERNEL_INLINE F floor(F v) noexcept {
#if defined(__aarch64__)
    return vrndmq_f32(v);  // (xsimd 8.1's is a generic out-of-line routine on NEON)
#elif defined(__wasm_simd128__)
    return wasm_f32x4_floor(v);
#else
    return xsimd::floor(v);
#endif
}
// floor(-0) is -0 where the ISA rounds in place (AVX's vroundps, AVX-512's vrndscaleps, NEON's
// frintm, WebAssembly's f32x4.floor); xsimd's SSE2 floor converts through an integer and gives +0.
// Perlin's split() skips its `v + 0` where the sign is kept (-0 - -0 = +0: the same position).
inline constexpr bool floor_keeps_zero_sign =
#if defined(__AVX__) || defined(__AVX512F__) || defined(__aarch64__) || defined(__wasm_simd128__)
    true;
#else
    false;
#endif
// trunc(v) (round toward zero; integers stay).
GRADNOISE_KERNEL_INLINE F truncate(F v) noexcept {
#if defined(__wasm_simd128__)
    return wasm_f32x4_trunc(v);
#else
    return xsimd::trunc(v);
#endif
}
// v rounded toward zero, as int32, for v inside the int32 range (outside it: unspecified, per ISA).
GRADNOISE_KERNEL_INLINE I truncate_to_int(F v) noexcept {
#if defined(__wasm_simd128__)
    return wasm_i32x4_trunc_sat_f32x4(v);
#else
    return xsimd::to_int(v);
#endif
}

// v << n and v >> n (arithmetic on signed lanes, logical on unsigned ones) for 0 <= n < the lane's bits. xsimd 8.1's
// NEON shift operators pass the count through a switch over every count, which GCC keeps out of line in the NEON unit
// (a call per shift, ~2,400 call sites there); NEON shifts by a register in one instruction (left by a positive
// count, right by a negative one). Kernels shift batches through these, never with << or >>.
#if defined(__aarch64__)
template <class T>
GRADNOISE_KERNEL_INLINE Batch<T> neon_shift(Batch<T> v, int count) noexcept {
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "32- and 64-bit lanes");
    if constexpr (sizeof(T) == 4) {
        if constexpr (std::is_signed_v<T>) {
            return vshlq_s32(v, vdupq_n_s32(count));
        } else {
            return vshlq_u32(v, vdupq_n_s32(count));
        }
    } else if constexpr (std::is_signed_v<T>) {
        return vshlq_s64(v, vdupq_n_s64(count));
    } else {
        return vshlq_u64(v, vdupq_n_s64(count));
    }
}
#endif
template <class T>
GRADNOISE_KERNEL_INLINE Batch<T> shl(Batch<T> v, int n) noexcept {
#if defined(__aarch64__)
    return neon_shift(v, n);
#else
    return v << n;
#endif
}
template <class T>
GRADNOISE_KERNEL_INLINE Batch<T> shr(Batch<T> v, int n) noexcept {
#if defined(__aarch64__)
    return neon_shift(v, -n);
#else
    return v >> n;
#endif
}
GRADNOISE_KERNEL_INLINE D floor(D v) noexcept {
#if defined(__aarch64__)
    return vrndmq_f64(v);
#elif defined(__wasm_simd128__)
    return wasm_f64x2_floor(v);
#else
    return xsimd::floor(v);
#endif
}

// a * b mod 2^32, on unsigned lanes: xsimd 8.1 has no SSE2 32-bit multiply and falls back to
// per-lane C++ `*`, which would be signed overflow (UB) on int32_t.
GRADNOISE_KERNEL_INLINE I mul_wrap(I a, I b) noexcept {
    return bits_as<std::int32_t>(bits_as<std::uint32_t>(a) * bits_as<std::uint32_t>(b));
}

// [S 4.2] floor(v) mod 256 for a floored float: the low 8 bits of the result are the cell (higher bits are ignored by
// every hasher). Every float of magnitude >= 2^31 is a multiple of 256 (cell 0). x86's truncating conversion returns
// 0x80000000 (low byte 0) for exactly those values and for NaN, so one conversion suffices there; where conversions
// saturate instead (NEON, WebAssembly) such values are replaced by 0 first.
GRADNOISE_KERNEL_INLINE I cell_index(F floored) noexcept {
#if defined(GRADNOISE_SSE2) && !defined(__wasm__)
    return xsimd::to_int(floored);
#elif defined(__wasm_simd128__)
    // (Emscripten's SSE2 conversion is a scalar loop; this is one saturating instruction.)
    return wasm_i32x4_trunc_sat_f32x4(xsimd::select(xsimd::abs(floored) < F(2147483648.0f), floored, F(0.0f)));
#else
    return xsimd::to_int(xsimd::select(xsimd::abs(floored) < F(2147483648.0f), floored, F(0.0f)));
#endif
}

// ---- byte lookups ----

// Byte 0 = detail::gradient_code(index) for index in 0..15 (higher bytes: don't care): one
// PSHUFB where there is one (which maps every byte of a lane holding indices 0..15 in each), else
// the code's bits computed from the index's bits.
GRADNOISE_KERNEL_INLINE I gradient_code(I index) noexcept {
#if defined(__AVX2__) || defined(__AVX512F__)
    const __m128i table = _mm_setr_epi8(
        detail::gradient_code(0), detail::gradient_code(1), detail::gradient_code(2), detail::gradient_code(3),
        detail::gradient_code(4), detail::gradient_code(5), detail::gradient_code(6), detail::gradient_code(7),
        detail::gradient_code(8), detail::gradient_code(9), detail::gradient_code(10), detail::gradient_code(11),
        detail::gradient_code(12), detail::gradient_code(13), detail::gradient_code(14), detail::gradient_code(15));
#endif
#if defined(__AVX512F__)
    return _mm512_shuffle_epi8(_mm512_broadcast_i32x4(table), index);
#elif defined(__AVX2__)
    return _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(table), index);
#else
    I below4 = shr(index - I(4), 28) & I(8);  // index < 4: negative, arithmetic shift
    I is12or14 = xsimd::select((index & I(13)) == I(12), I(16), I(0));
    return (index & I(3)) | (shr(index, 1) & I(4)) | below4 | is12or14;
#endif
}

// ---- a * b + c for an exact product a * b only: fused (AVX-512; AVX2, built with -mfma and run only
// where CPUID has FMA; NEON) or not, the same bits (spec section 9); a product that rounds: never ----
GRADNOISE_KERNEL_INLINE F mul_exact_add(F a, F b, F c) noexcept {
#if defined(__AVX512F__)
    return _mm512_fmadd_ps(a, b, c);
#elif defined(__AVX2__) && defined(__FMA__)
    return _mm256_fmadd_ps(a, b, c);
#elif defined(__aarch64__)
    return F(vfmaq_f32(c, a, b));
#endif
    return a * b + c;
}

// ---- 16-entry tables of a float's top byte: one byte shuffle ----
// Where an ISA shuffles the bytes of a 16-byte register by a register of byte indices (AVX2 VPSHUFB
// in each 128-bit half, NEON TBL, WebAssembly i8x16.swizzle), a lane whose key has the index
// (0 .. 15) in byte 3 and bytes 0 .. 2 at 0x80 or above -- which all three read as zero -- gets
// table[index] in its top byte and zero below: a float with the table's sign and exponent bits and a
// zero mantissa (+-0.5 is 0x3F / 0xBF, 0 is 0x00). key_of makes that key from byte `byte` of c.
// AVX-512 looks whole floats up instead (FloatTable16); elsewhere the portable form, never chosen.
#if (defined(__AVX2__) && !defined(__AVX512F__)) || defined(__aarch64__) || defined(__wasm_simd128__)
inline constexpr bool has_byte_shuffle_tables = true;
#else
inline constexpr bool has_byte_shuffle_tables = false;
#endif
struct FloatTopTable16 {
#if defined(__AVX2__) && !defined(__AVX512F__)
    __m256i t;
    explicit FloatTopTable16(const std::uint8_t* top) noexcept
        : t(_mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(top)))) {}
    GRADNOISE_KERNEL_INLINE F operator[](I key) const noexcept { return _mm256_castsi256_ps(_mm256_shuffle_epi8(t, key)); }
#elif defined(__aarch64__)
    uint8x16_t t;
    explicit FloatTopTable16(const std::uint8_t* top) noexcept : t(vld1q_u8(top)) {}
    GRADNOISE_KERNEL_INLINE F operator[](I key) const noexcept {
        return F(vreinterpretq_f32_u8(vqtbl1q_u8(t, vreinterpretq_u8_s32(key))));
    }
#elif defined(__wasm_simd128__)
    v128_t t;
    explicit FloatTopTable16(const std::uint8_t* top) noexcept : t(wasm_v128_load(top)) {}
    GRADNOISE_KERNEL_INLINE F operator[](I key) const noexcept { return F(wasm_i8x16_swizzle(t, key)); }
#else
    const std::uint8_t* table;
    explicit FloatTopTable16(const std::uint8_t* top) noexcept : table(top) {}
    GRADNOISE_KERNEL_INLINE F operator[](I key) const noexcept {
        alignas(64) std::int32_t k[lanes];
        alignas(64) std::uint32_t v[lanes];
        key.store_aligned(k);
        for (std::size_t i = 0; i < lanes; ++i) {
            v[i] = static_cast<std::uint32_t>(table[static_cast<std::uint32_t>(k[i]) >> 24 & 15]) << 24;
        }
        return as_float(bits_as<std::int32_t>(Batch<std::uint32_t>::load_aligned(v)));
    }
#endif
    // The key of the index in byte `byte` (0 .. 3) of each lane of c, whose bytes hold indices 0 .. 15.
    GRADNOISE_KERNEL_INLINE static I key_of(I c, int byte) noexcept {
        return (byte == 3 ? c : shl(c, 24 - 8 * byte)) | I(0x00808080);
    }
};

// An integer batch seen as bytes (4 per 32-bit lane, low byte first).
// Byte k of every lane becomes byte b_k of the same lane.
GRADNOISE_KERNEL_INLINE I shuffle_lane_bytes(I v, int b0, int b1, int b2, int b3) noexcept {
#if defined(__AVX512BW__)
    auto c = [](int b) { return static_cast<char>(b); };
    const __m128i pattern =
        _mm_setr_epi8(c(b0), c(b1), c(b2), c(b3), c(4 + b0), c(4 + b1), c(4 + b2), c(4 + b3), c(8 + b0), c(8 + b1),
                      c(8 + b2), c(8 + b3), c(12 + b0), c(12 + b1), c(12 + b2), c(12 + b3));
    return _mm512_shuffle_epi8(v, _mm512_broadcast_i32x4(pattern));
#else
    alignas(64) std::uint8_t in[lanes * 4], out[lanes * 4];
    v.store_aligned(reinterpret_cast<std::int32_t*>(in));
    const int from[4] = {b0, b1, b2, b3};
    for (std::size_t lane = 0; lane < lanes; ++lane) {
        for (int k = 0; k < 4; ++k) {
            out[4 * lane + k] = in[4 * lane + from[k]];
        }
    }
    return I::load_aligned(reinterpret_cast<const std::int32_t*>(out));
#endif
}

// Bytewise a + b mod 256.
GRADNOISE_KERNEL_INLINE I add_bytes(I a, I b) noexcept {
    return bits_as<std::int32_t>(bits_as<std::uint8_t>(a) + bits_as<std::uint8_t>(b));
}

// A 256-byte table looked up for every byte of a batch at once: in four registers and two
// VPERMI2B plus a blend on bit 7 (AVX-512 VBMI), else one byte at a time.
struct ByteTable {
#if defined(__AVX512VBMI__)
    __m512i q0, q1, q2, q3;  // entries 0..63, 64..127, 128..191, 192..255
    explicit ByteTable(const std::uint8_t* bytes) noexcept
        : q0(_mm512_loadu_si512(bytes)), q1(_mm512_loadu_si512(bytes + 64)),
          q2(_mm512_loadu_si512(bytes + 128)), q3(_mm512_loadu_si512(bytes + 192)) {}
    GRADNOISE_KERNEL_INLINE I operator[](I idx) const noexcept {
        __m512i low = _mm512_permutex2var_epi8(q0, idx, q1);   // idx bits 0..6 over entries 0..127
        __m512i high = _mm512_permutex2var_epi8(q2, idx, q3);  // idx bits 0..6 over entries 128..255
        return _mm512_mask_blend_epi8(_mm512_movepi8_mask(idx), low, high);
    }
#else
    const std::uint8_t* table;
    explicit ByteTable(const std::uint8_t* bytes) noexcept : table(bytes) {}
    GRADNOISE_KERNEL_INLINE I operator[](I idx) const noexcept {
        alignas(64) std::uint8_t bytes[lanes * 4];
        idx.store_aligned(reinterpret_cast<std::int32_t*>(bytes));
        for (std::uint8_t& b : bytes) {
            b = table[b];
        }
        return I::load_aligned(reinterpret_cast<const std::int32_t*>(bytes));
    }
#endif
};

// ---- binary64 halves of a float batch (the simplex families' skew, spec section 16.1) ----
// D has half F's lanes on every ISA: lanes 0 .. D::size - 1 of an F are its low half.
static_assert(D::size * 2 == F::size, "a float batch is two double batches");

GRADNOISE_KERNEL_INLINE void widen(F v, D& low, D& high) noexcept {
#if defined(__AVX512F__)
    low = _mm512_cvtps_pd(_mm512_castps512_ps256(v));
    high = _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1)));
#elif defined(__AVX2__)
    low = _mm256_cvtps_pd(_mm256_castps256_ps128(v));
    high = _mm256_cvtps_pd(_mm256_extractf128_ps(v, 1));
#elif defined(GRADNOISE_SSE2)
    low = _mm_cvtps_pd(v);
    high = _mm_cvtps_pd(_mm_movehl_ps(v, v));
#elif defined(__aarch64__)
    low = vcvt_f64_f32(vget_low_f32(v));
    high = vcvt_high_f64_f32(v);
#else
    alignas(64) float in[lanes];
    alignas(64) double a[D::size], b[D::size];
    v.store_aligned(in);
    for (std::size_t i = 0; i < D::size; ++i) {
        a[i] = static_cast<double>(in[i]);
        b[i] = static_cast<double>(in[D::size + i]);
    }
    low = D::load_aligned(a);
    high = D::load_aligned(b);
#endif
}

// Each double rounded to the nearest float (ties to even, overflow to infinity).
GRADNOISE_KERNEL_INLINE F narrow(D low, D high) noexcept {
#if defined(__AVX512F__)
    return _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castps_pd(_mm512_castps256_ps512(_mm512_cvtpd_ps(low))),
                                               _mm256_castps_pd(_mm512_cvtpd_ps(high)), 1));
#elif defined(__AVX2__)
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm256_cvtpd_ps(low)), _mm256_cvtpd_ps(high), 1);
#elif defined(GRADNOISE_SSE2)
    return _mm_movelh_ps(_mm_cvtpd_ps(low), _mm_cvtpd_ps(high));
#elif defined(__aarch64__)
    return vcvt_high_f32_f64(vcvt_f32_f64(low), high);
#else
    alignas(64) double a[D::size], b[D::size];
    alignas(64) float out[lanes];
    low.store_aligned(a);
    high.store_aligned(b);
    for (std::size_t i = 0; i < D::size; ++i) {
        out[i] = static_cast<float>(a[i]);
        out[D::size + i] = static_cast<float>(b[i]);
    }
    return F::load_aligned(out);
#endif
}

// Integral doubles inside the int32 range, converted to int32 lanes.
GRADNOISE_KERNEL_INLINE I narrow_to_int(D low, D high) noexcept {
#if defined(__AVX512F__)
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvttpd_epi32(low)), _mm512_cvttpd_epi32(high), 1);
#elif defined(__AVX2__)
    return _mm256_insertf128_si256(_mm256_castsi128_si256(_mm256_cvttpd_epi32(low)), _mm256_cvttpd_epi32(high), 1);
#elif defined(__wasm_simd128__)
    return wasm_i32x4_shuffle(wasm_i32x4_trunc_sat_f64x2_zero(low), wasm_i32x4_trunc_sat_f64x2_zero(high), 0, 1, 4, 5);
#elif defined(GRADNOISE_SSE2)
    return _mm_unpacklo_epi64(_mm_cvttpd_epi32(low), _mm_cvttpd_epi32(high));
#elif defined(__aarch64__)
    return vcombine_s32(vmovn_s64(vcvtq_s64_f64(low)), vmovn_s64(vcvtq_s64_f64(high)));
#else
    alignas(64) double a[D::size], b[D::size];
    alignas(64) std::int32_t out[lanes];
    low.store_aligned(a);
    high.store_aligned(b);
    for (std::size_t i = 0; i < D::size; ++i) {
        out[i] = static_cast<std::int32_t>(a[i]);
        out[D::size + i] = static_cast<std::int32_t>(b[i]);
    }
    return I::load_aligned(out);
#endif
}

// trunc(v) for doubles (round toward zero; integers stay).
GRADNOISE_KERNEL_INLINE D truncate(D v) noexcept {
#if defined(__aarch64__)
    return vrndq_f64(v);
#elif defined(__wasm_simd128__)
    return wasm_f64x2_trunc(v);
#else
    return xsimd::trunc(v);
#endif
}

// ---- the high half of 32-bit products (Wide's multiply: kernels/wide.hpp) ----

// The high 32 bits of the 64-bit product of unsigned 32-bit lanes.
GRADNOISE_KERNEL_INLINE I mul_high(I a, I b) noexcept {
#if defined(__AVX512F__)
    __m512i even = _mm512_srli_epi64(_mm512_mul_epu32(a, b), 32);
    __m512i odd = _mm512_mul_epu32(_mm512_srli_epi64(a, 32), _mm512_srli_epi64(b, 32));
    return _mm512_mask_blend_epi32(0xAAAA, even, odd);
#elif defined(__AVX2__)
    __m256i even = _mm256_srli_epi64(_mm256_mul_epu32(a, b), 32);
    __m256i odd = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), _mm256_srli_epi64(b, 32));
    return _mm256_blend_epi32(even, odd, 0xAA);
#elif defined(GRADNOISE_SSE2)
    const __m128i even = _mm_srli_epi64(_mm_mul_epu32(a, b), 32);
    const __m128i odd = _mm_mul_epu32(_mm_srli_epi64(a, 32), _mm_srli_epi64(b, 32));
    return _mm_or_si128(even, _mm_and_si128(odd, _mm_set_epi32(-1, 0, -1, 0)));
#elif defined(__aarch64__)
    const uint32x4_t ua = vreinterpretq_u32_s32(a), ub = vreinterpretq_u32_s32(b);
    const uint64x2_t low = vmull_u32(vget_low_u32(ua), vget_low_u32(ub));
    const uint64x2_t high = vmull_high_u32(ua, ub);
    return vreinterpretq_s32_u32(vcombine_u32(vshrn_n_u64(low, 32), vshrn_n_u64(high, 32)));
#else
    alignas(64) std::int32_t x[lanes], y[lanes], r[lanes];
    a.store_aligned(x);
    b.store_aligned(y);
    for (std::size_t i = 0; i < lanes; ++i) {
        const std::uint64_t p = static_cast<std::uint64_t>(static_cast<std::uint32_t>(x[i])) *
                                static_cast<std::uint32_t>(y[i]);
        r[i] = static_cast<std::int32_t>(static_cast<std::uint32_t>(p >> 32));
    }
    return I::load_aligned(r);
#endif
}

// A float lane mask as the int32 lane mask of the same lanes (the same register bits).
using IMask = xsimd::batch_bool<std::int32_t, Arch>;
using FMask = xsimd::batch_bool<float, Arch>;
GRADNOISE_KERNEL_INLINE IMask int_mask(xsimd::batch_bool<float, Arch> m) noexcept {
#if defined(__AVX512F__)
    return IMask(static_cast<__mmask16>(m));
#elif defined(__AVX2__)
    return IMask(_mm256_castps_si256(m));
#else
    return as_int(xsimd::select(m, as_float(I(-1)), F(0.0f))) != I(0);
#endif
}

// And back.
GRADNOISE_KERNEL_INLINE xsimd::batch_bool<float, Arch> float_mask(IMask m) noexcept {
#if defined(__AVX512F__)
    return xsimd::batch_bool<float, Arch>(static_cast<__mmask16>(m));
#elif defined(__AVX2__)
    return xsimd::batch_bool<float, Arch>(_mm256_castsi256_ps(m));
#else
    return xsimd::to_float(xsimd::select(m, I(1), I(0))) != F(0.0f);
#endif
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
