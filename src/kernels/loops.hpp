// Loops over the caller's arrays: whole blocks straight from memory, the tail through a padded
// copy (never reading or writing past the caller's element n - 1), and the grid coordinates of
// spec section 6. For float32 and binary64 alike.
#pragma once

#include "kernels/gradient.hpp"
#include "kernels/ops.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

// out[i] for i < n from compute(i, m), which returns the batch for samples i .. i+lanes-1 of
// which the first m are wanted (m == lanes except in the tail; only m results are stored).
// Always inlined: called out of line, every captured pointer is reloaded after each store (the
// intrinsics' stores may alias anything), which cost the point kernels ~7 % of their instructions.
template <class B, class Compute>
GRADNOISE_KERNEL_INLINE void for_each_batch(ScalarOf<B>* out, std::size_t n, Compute&& compute) noexcept {
    using T = ScalarOf<B>;
    constexpr std::size_t width = B::size, unroll = unroll_of<B>, block = width * unroll;
    std::size_t i = 0;
    for (; i + block <= n; i += block) {
        B r[unroll];
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b] = compute(i + b * width, width);
        }
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b].store_unaligned(out + i + b * width);
        }
    }
    for (; i < n; i += width) {
        std::size_t m = n - i < width ? n - i : width;
        alignas(64) T result[width];
        compute(i, m).store_aligned(result);
        std::memcpy(out + i, result, m * sizeof(T));
    }
}

// Stores one batch's first m lanes at out + i (m == lanes: a plain store).
GRADNOISE_KERNEL_INLINE void store_part(float* out, std::size_t i, std::size_t m, F v) noexcept {
    if (m == F::size) {
        v.store_unaligned(out + i);
        return;
    }
    alignas(64) float lanes_out[F::size];
    v.store_aligned(lanes_out);
    std::memcpy(out + i, lanes_out, m * sizeof(float));
}

// [S 18] out[0][i] = value, out[1 + a][i] = component a of compute(i, m) for i < n (a null array
// is not written: the damped fractal's value fills use this loop for the value alone).
template <int dims, class Compute>
GRADNOISE_KERNEL_INLINE void for_each_gradient_batch(float* const* out, std::size_t n, Compute&& compute) noexcept {
    constexpr std::size_t width = F::size, unroll = unroll_of<F>, block = width * unroll;
    auto store = [&](std::size_t i, std::size_t m, const ValueGradient<dims>& r) GRADNOISE_KERNEL_LAMBDA_INLINE {
        if (out[0] != nullptr) {
            store_part(out[0], i, m, r.value);
        }
        for (int a = 0; a < dims; ++a) {
            if (out[1 + a] != nullptr) {
                store_part(out[1 + a], i, m, r.d[a]);
            }
        }
    };
    std::size_t i = 0;
    for (; i + block <= n; i += block) {  // independent batches in flight, as for_each_batch
        ValueGradient<dims> r[unroll];
        for (std::size_t b = 0; b < unroll; ++b) {
            r[b] = compute(i + b * width, width);
        }
        for (std::size_t b = 0; b < unroll; ++b) {
            store(i + b * width, width, r[b]);
        }
    }
    for (; i < n; i += width) {
        const std::size_t m = n - i < width ? n - i : width;
        store(i, m, compute(i, m));
    }
}

// v[i .. i+m), zero-padded to a full batch when m < lanes (never reads past v[i+m-1]).
template <class B>
GRADNOISE_KERNEL_INLINE B load_part(const ScalarOf<B>* v, std::size_t i, std::size_t m) noexcept {
    using T = ScalarOf<B>;
    if (m == B::size) {
        return B::load_unaligned(v + i);
    }
    alignas(64) T padded[B::size] = {};
    std::memcpy(padded, v + i, m * sizeof(T));
    return B::load_aligned(padded);
}

// [S 6] x_i = origin + float(i) * step. i < 2^24, so the int-to-float conversion is exact.
GRADNOISE_KERNEL_INLINE F column_coords(std::size_t i, float origin, float step) noexcept {
    alignas(64) static constexpr std::int32_t iota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    I index = I(static_cast<std::int32_t>(i)) + I::load_aligned(iota);
    return F(origin) + xsimd::to_float(index) * F(step);
}

// [S 6] y_j = origin_y + float(j) * step_y (one rounding each), as the scalar path computes it.
inline float grid_coord(std::size_t j, float origin, float step) noexcept {
    float product = static_cast<float>(j) * step;
    return origin + product;
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
