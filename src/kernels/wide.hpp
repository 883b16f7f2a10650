// [S 16.2] 64-bit integers as (low, high) pairs of 32-bit lanes: the simplex hashes' arithmetic mod
// 2^64, written over the operations layer (mul_wrap, mul_high: kernels/ops.hpp) with no ISA of its own.
#pragma once

#include "kernels/ops.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

struct Wide {
    I low, high;
};

GRADNOISE_KERNEL_INLINE Wide wide(std::uint64_t v) noexcept {
    return {I(static_cast<std::int32_t>(static_cast<std::uint32_t>(v))),
            I(static_cast<std::int32_t>(static_cast<std::uint32_t>(v >> 32)))};
}
GRADNOISE_KERNEL_INLINE Wide operator^(Wide a, Wide b) noexcept { return {a.low ^ b.low, a.high ^ b.high}; }
GRADNOISE_KERNEL_INLINE Wide operator&(Wide a, Wide b) noexcept { return {a.low & b.low, a.high & b.high}; }
// a + b mod 2^64: the carry is (low sum < a.low) unsigned, i.e. the sign-flipped signed compare.
GRADNOISE_KERNEL_INLINE Wide operator+(Wide a, Wide b) noexcept {
    const I low = a.low + b.low;
    const I flip(INT32_MIN);
    const I carry = xsimd::select((low ^ flip) < (a.low ^ flip), I(1), I(0));
    return {low, a.high + b.high + carry};
}
GRADNOISE_KERNEL_INLINE Wide operator-(Wide a, Wide b) noexcept {
    const I flip(INT32_MIN);
    const I borrow = xsimd::select((a.low ^ flip) < (b.low ^ flip), I(1), I(0));
    return {a.low - b.low, a.high - b.high - borrow};
}
GRADNOISE_KERNEL_INLINE Wide select(IMask m, Wide a, Wide b) noexcept {
    return {xsimd::select(m, a.low, b.low), xsimd::select(m, a.high, b.high)};
}
// a * c mod 2^64 for a constant c.
GRADNOISE_KERNEL_INLINE Wide times(Wide a, std::uint64_t c) noexcept {
    const I c_low(static_cast<std::int32_t>(static_cast<std::uint32_t>(c)));
    const I c_high(static_cast<std::int32_t>(static_cast<std::uint32_t>(c >> 32)));
    return {mul_wrap(a.low, c_low), mul_high(a.low, c_low) + mul_wrap(a.low, c_high) + mul_wrap(a.high, c_low)};
}
// int32 lanes sign-extended to 64 bits, times a constant.
GRADNOISE_KERNEL_INLINE Wide times(I cell, std::uint64_t c) noexcept {
    return times(Wide{cell, shr(cell, 31)}, c);
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
