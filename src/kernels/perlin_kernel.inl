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
using FMask = xsimd::batch_bool<float, Arch>;
constexpr std::size_t lanes = F::size;
// Samples per loop step: 8 on 4-lane ISAs (two independent batches), one batch otherwise.
constexpr std::size_t unroll = lanes < 8 ? 8 / lanes : 1;
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
// Only the low four bits of h are read. x, y, z are float bit patterns.
inline F grad(I h, I x, I y, I z) noexcept {
    const I zero(0);
    I u = xsimd::select((h & I(8)) == zero, x, y);
    I v = xsimd::select((h & I(12)) == zero, y, xsimd::select((h & I(13)) == I(12), x, z));
    u = u ^ (h << 31);
    v = v ^ ((h << 30) & I(INT32_MIN));
    return as_float(u) + as_float(v);
}

// [S 4.1, 4.2] One axis: position inside the cell, and the cell index mod 256.
struct Axis {
    F frac;
    I cell;
};

// v + 0 turns -0 into +0 and changes nothing else; floor(-0) would otherwise be -0 on some ISAs
// and +0 on others (xsimd's SSE2/NEON floor truncates through an integer), flipping a zero's sign.
inline Axis split(F v) noexcept {
    v = v + F(0.0f);
    F floored = xsimd::floor(v);
    F clamped = xsimd::min(xsimd::max(floored, F(-2147483648.0f)), F(2147483392.0f));
    return {v - floored, xsimd::to_int(clamped) & I(255)};
}

inline FMask finite(F v) noexcept { return xsimd::abs(v) <= F(FLT_MAX); }

template <Fade fade>
inline F noise3(const detail::NoiseTables& t, F x, F y, F z) noexcept {
    const F zero(0.0f);
    FMask ok = finite(x) & finite(y) & finite(z);
    x = xsimd::select(ok, x, zero);
    y = xsimd::select(ok, y, zero);
    z = xsimd::select(ok, z, zero);
    Axis ax = split(x), ay = split(y), az = split(z);
    F u = fade_curve<fade>(ax.frac), v = fade_curve<fade>(ay.frac), w = fade_curve<fade>(az.frac);

    // Hash bytes: column corners (i, j) from hash_xy, then the z level for k = 0, 1 from hash_z.
    I column = gather(t.hash_xy, (ax.cell << 8) | ay.cell);
    const I byte(255);
    I h00 = gather(t.hash_z, ((column & byte) + az.cell) & byte);
    I h10 = gather(t.hash_z, (((column >> 8) & byte) + az.cell) & byte);
    I h01 = gather(t.hash_z, (((column >> 16) & byte) + az.cell) & byte);
    I h11 = gather(t.hash_z, (((column >> 24) & byte) + az.cell) & byte);

    I x0 = as_int(ax.frac), y0 = as_int(ay.frac), z0 = as_int(az.frac);
    I x1 = as_int(ax.frac - F(1.0f)), y1 = as_int(ay.frac - F(1.0f)), z1 = as_int(az.frac - F(1.0f));

    F result = lerp(w,
                    lerp(v, lerp(u, grad(h00, x0, y0, z0), grad(h10, x1, y0, z0)),
                         lerp(u, grad(h01, x0, y1, z0), grad(h11, x1, y1, z0))),
                    lerp(v, lerp(u, grad(h00 >> 8, x0, y0, z1), grad(h10 >> 8, x1, y0, z1)),
                         lerp(u, grad(h01 >> 8, x0, y1, z1), grad(h11 >> 8, x1, y1, z1))));
    return xsimd::select(ok, result, zero);
}

template <Fade fade>
inline F noise2(const detail::NoiseTables& t, F x, F y) noexcept {
    const F zero(0.0f);
    FMask ok = finite(x) & finite(y);
    x = xsimd::select(ok, x, zero);
    y = xsimd::select(ok, y, zero);
    Axis ax = split(x), ay = split(y);
    F u = fade_curve<fade>(ax.frac), v = fade_curve<fade>(ay.frac);

    I h = gather(t.corner_hash_2d, (ax.cell << 8) | ay.cell);
    I x0 = as_int(ax.frac), y0 = as_int(ay.frac);
    I x1 = as_int(ax.frac - F(1.0f)), y1 = as_int(ay.frac - F(1.0f));
    const I z0(0);  // +0.0f

    F result = lerp(v, lerp(u, grad(h, x0, y0, z0), grad(h >> 8, x1, y0, z0)),
                    lerp(u, grad(h >> 16, x0, y1, z0), grad(h >> 24, x1, y1, z0)));
    return xsimd::select(ok, result, zero);
}

// ---- loops: whole blocks straight from the caller's arrays, the tail through a padded copy ----

template <Fade fade>
void points_3d_impl(const detail::NoiseTables& t, const float* x, const float* y, const float* z,
                    float* out, std::size_t n) noexcept {
    std::size_t i = 0;
    for (; i + block <= n; i += block) {
        F r[unroll];
        for (std::size_t b = 0; b < unroll; ++b) {
            std::size_t o = i + b * lanes;
            r[b] = noise3<fade>(t, F::load_unaligned(x + o), F::load_unaligned(y + o),
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
        noise3<fade>(t, F::load_aligned(bx), F::load_aligned(by), F::load_aligned(bz)).store_aligned(bo);
        std::memcpy(out + i, bo, m * sizeof(float));
    }
}

template <Fade fade>
void points_2d_impl(const detail::NoiseTables& t, const float* x, const float* y, float* out,
                    std::size_t n) noexcept {
    std::size_t i = 0;
    for (; i + block <= n; i += block) {
        F r[unroll];
        for (std::size_t b = 0; b < unroll; ++b) {
            std::size_t o = i + b * lanes;
            r[b] = noise2<fade>(t, F::load_unaligned(x + o), F::load_unaligned(y + o));
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
        noise2<fade>(t, F::load_aligned(bx), F::load_aligned(by)).store_aligned(bo);
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
    const F vy(y), vz(z);
    std::size_t i = 0;
    for (; i + block <= n; i += block) {
        F r[unroll];
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b] = noise3<fade>(t, column_coords(i + b * lanes, origin_x, step_x), vy, vz);
        }
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b].store_unaligned(out + i + b * lanes);
        }
    }
    for (; i < n; i += lanes) {
        std::size_t m = n - i < lanes ? n - i : lanes;
        alignas(64) float bo[lanes];
        noise3<fade>(t, column_coords(i, origin_x, step_x), vy, vz).store_aligned(bo);
        std::memcpy(out + i, bo, m * sizeof(float));
    }
}

template <Fade fade>
void row_2d_impl(const detail::NoiseTables& t, float origin_x, float step_x, float y, float* out,
                 std::size_t n) noexcept {
    const F vy(y);
    std::size_t i = 0;
    for (; i + block <= n; i += block) {
        F r[unroll];
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b] = noise2<fade>(t, column_coords(i + b * lanes, origin_x, step_x), vy);
        }
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b].store_unaligned(out + i + b * lanes);
        }
    }
    for (; i < n; i += lanes) {
        std::size_t m = n - i < lanes ? n - i : lanes;
        alignas(64) float bo[lanes];
        noise2<fade>(t, column_coords(i, origin_x, step_x), vy).store_aligned(bo);
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
