// Internal: the few 128-bit integer operations spec section 13's exact chunk coordinates need, in
// portable C++ (two 64-bit halves, two's complement), so that every compiler -- MSVC has no
// __int128 -- runs the same code. tests/test_chunk.cpp checks each against __int128 where a
// compiler has it.
#ifndef GRADNOISE_SRC_REFERENCE_INT128_HPP
#define GRADNOISE_SRC_REFERENCE_INT128_HPP

#include <cmath>
#include <cstdint>

namespace gradnoise::reference {

struct Int128 {
    std::uint64_t hi = 0, lo = 0;  // value = hi * 2^64 + lo, as a two's-complement 128-bit integer
};

// a * b, exactly.
inline Int128 multiply(std::int64_t a, std::int64_t b) noexcept {
    const bool negative = (a < 0) != (b < 0);
    const std::uint64_t x = a < 0 ? std::uint64_t(0) - static_cast<std::uint64_t>(a) : static_cast<std::uint64_t>(a);
    const std::uint64_t y = b < 0 ? std::uint64_t(0) - static_cast<std::uint64_t>(b) : static_cast<std::uint64_t>(b);
    // Schoolbook on 32-bit halves: x * y = (x1 y1) 2^64 + (x1 y0 + x0 y1) 2^32 + x0 y0.
    const std::uint64_t x0 = x & 0xFFFFFFFFu, x1 = x >> 32, y0 = y & 0xFFFFFFFFu, y1 = y >> 32;
    const std::uint64_t p00 = x0 * y0, p01 = x0 * y1, p10 = x1 * y0, p11 = x1 * y1;
    const std::uint64_t middle = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    Int128 r;
    r.lo = (middle << 32) | (p00 & 0xFFFFFFFFu);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
    if (negative) {  // two's complement: invert and add one
        r.lo = ~r.lo + 1;
        r.hi = ~r.hi + (r.lo == 0 ? 1 : 0);
    }
    return r;
}

// floor(v / 2^shift), 0 < shift < 128 (an arithmetic shift).
inline Int128 shift_right(Int128 v, int shift) noexcept {
    const std::uint64_t sign = (v.hi >> 63) != 0 ? ~std::uint64_t(0) : 0;
    Int128 r;
    if (shift >= 64) {
        r.lo = shift == 64 ? v.hi : (v.hi >> (shift - 64)) | (sign << (128 - shift));
        r.hi = sign;
    } else {
        r.lo = (v.lo >> shift) | (v.hi << (64 - shift));
        r.hi = (v.hi >> shift) | (sign << (64 - shift));
    }
    return r;
}

// v mod 256, in 0..255 (the floor modulus: the low byte of the two's complement).
inline int mod256(Int128 v) noexcept { return static_cast<int>(v.lo & 255u); }

// v mod 2^shift, in [0, 2^shift), 0 < shift < 128.
inline Int128 low_bits(Int128 v, int shift) noexcept {
    Int128 r;
    if (shift >= 64) {
        r.lo = v.lo;
        r.hi = shift == 64 ? 0 : v.hi & ((std::uint64_t(1) << (shift - 64)) - 1);
    } else {
        r.lo = v.lo & ((std::uint64_t(1) << shift) - 1);
    }
    return r;
}

// (i << shift) + f for 0 <= i < 256, 0 <= f < 2^shift, 0 < shift <= 119: the bits do not overlap.
inline Int128 join(int i, int shift, Int128 f) noexcept {
    const std::uint64_t u = static_cast<std::uint64_t>(i);
    if (shift >= 64) {
        f.hi |= u << (shift - 64);
    } else {
        f.lo |= u << shift;
        f.hi |= shift == 0 ? 0 : u >> (64 - shift);
    }
    return f;
}

// A non-negative v below 2^127 as the nearest float (ties to even), as static_cast<float> of an
// __int128 is: 64 bits or fewer convert directly; a longer v keeps its top 64 bits, with the bits
// shifted out folded into the lowest one (a sticky bit, 40 places below the rounding position, so the
// rounding is the same), and is scaled back exactly.
inline float to_float(Int128 v) noexcept {
    if (v.hi == 0) {
        return static_cast<float>(v.lo);
    }
    int k = 0;  // the bit length of hi
    while (k < 64 && (v.hi >> k) != 0) {
        ++k;
    }
    const std::uint64_t dropped = v.lo & ((std::uint64_t(1) << k) - 1);  // k < 64 (v < 2^127)
    const std::uint64_t top = (v.hi << (64 - k)) | (v.lo >> k) | (dropped != 0 ? 1 : 0);
    return std::ldexp(static_cast<float>(top), k);
}

}  // namespace gradnoise::reference

#endif
