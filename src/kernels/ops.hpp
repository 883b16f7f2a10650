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

#include "tables.hpp"

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

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
GRADNOISE_KERNEL_INLINE I as_int(F v) noexcept { return xsimd::bitwise_cast<I>(v); }
GRADNOISE_KERNEL_INLINE L as_int(D v) noexcept { return xsimd::bitwise_cast<L>(v); }
GRADNOISE_KERNEL_INLINE F as_float(I v) noexcept { return xsimd::bitwise_cast<F>(v); }
GRADNOISE_KERNEL_INLINE D as_float(L v) noexcept { return xsimd::bitwise_cast<D>(v); }

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

// ---- lane permutes: table[index[lane]], index in 0 .. lanes - 1 ----
// One instruction where the ISA permutes 32-bit lanes by a register (AVX2 and AVX-512 vpermd):
// a grid row's window of consecutive cells (kernels/grid.hpp) is then one load and one permute
// instead of a gather (AVX2; AVX-512 hashes in registers). Elsewhere the portable loop, which the
// kernels never choose (has_lane_permute).
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
GRADNOISE_KERNEL_INLINE F floor(F v) noexcept { return xsimd::floor(v); }
GRADNOISE_KERNEL_INLINE D floor(D v) noexcept {
#if defined(__aarch64__)
    return vrndmq_f64(v);
#else
    return xsimd::floor(v);
#endif
}

// a * b mod 2^32, on unsigned lanes: xsimd 8.1 has no SSE2 32-bit multiply and falls back to
// per-lane C++ `*`, which would be signed overflow (UB) on int32_t.
GRADNOISE_KERNEL_INLINE I mul_wrap(I a, I b) noexcept {
    using U = Batch<std::uint32_t>;
    return xsimd::bitwise_cast<I>(xsimd::bitwise_cast<U>(a) * xsimd::bitwise_cast<U>(b));
}

// [S 4.2] floor(v) mod 256 for a floored float: the low 8 bits of the result are the cell
// (higher bits are ignored by every hasher). Every float of magnitude >= 2^31 is a multiple of
// 256 (cell 0). x86's truncating conversion returns 0x80000000 (low byte 0) for exactly those
// values and for NaN, so one conversion suffices there; where conversions saturate instead
// (NEON) such values are replaced by 0 first.
GRADNOISE_KERNEL_INLINE I cell_index(F floored) noexcept {
#if defined(__SSE2__)
    return xsimd::to_int(floored);
#else
    return xsimd::to_int(xsimd::select(xsimd::abs(floored) < F(2147483648.0f), floored, F(0.0f)));
#endif
}

// ---- byte lookups ----

// Byte 0 = detail::gradient_code(index) for index in 0..15 (higher bytes: don't care): one
// PSHUFB where there is one, else the code's bits computed from the index's bits.
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
    I below4 = ((index - I(4)) >> 28) & I(8);  // index < 4: negative, arithmetic shift
    I is12or14 = xsimd::select((index & I(13)) == I(12), I(16), I(0));
    return (index & I(3)) | ((index >> 1) & I(4)) | below4 | is12or14;
#endif
}

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
    using U8 = Batch<std::uint8_t>;
    return xsimd::bitwise_cast<I>(xsimd::bitwise_cast<U8>(a) + xsimd::bitwise_cast<U8>(b));
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

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
