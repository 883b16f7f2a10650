// Internal to src/reference/: the building blocks both simplex variants share (docs/spec.md
// section 16): cells of binary64 coordinates, and the gradient hashes. Integers wrap modulo 2^64
// (uint64_t arithmetic: the reference's Java `long`, without C++'s signed-overflow UB).
#ifndef GRADNOISE_SRC_REFERENCE_SIMPLEX_COMMON_HPP
#define GRADNOISE_SRC_REFERENCE_SIMPLEX_COMMON_HPP

#include <cmath>
#include <cstdint>

#include "reference/reference.hpp"

namespace gradnoise::reference::simplex {

using U64 = std::uint64_t;

// [S 16.1] The lattice's extent: a point with a coordinate of magnitude 2^27 or more, or not
// finite, is off the lattice and its value is +0. (Inside, every orientation's lattice coordinates
// stay below 2^29 in magnitude, so every cell index -- and 4 times it, the 4D sub-cell -- fits the
// reference's int; beyond 2^31 the reference's int arithmetic saturates or wraps.)
inline bool in_extent(double v) { return std::fabs(v) < 134217728.0; }

// [S 16.1] floor(v), clamped to the int32 range: the reference's fastFloor for every v inside it
// (below -2^31 the reference wraps to 2^31 - 1; NaN gives 0 -- such points are +0 here anyway).
inline std::int32_t floor_cell(double v) {
    double f = std::floor(v);
    f = f < -2147483648.0 ? -2147483648.0 : (f > 2147483647.0 ? 2147483647.0 : f);
    return f == f ? static_cast<std::int32_t>(f) : 0;
}

// [S 16.1] The reference's fastRound: v < 0 ? (int)(v - 0.5) : (int)(v + 0.5), truncating, the
// sums rounded in double; clamped to the int32 range as (int) saturates.
inline std::int32_t round_cell(double v) {
    double r = v < 0 ? std::trunc(v - 0.5) : std::trunc(v + 0.5);
    r = r < -2147483648.0 ? -2147483648.0 : (r > 2147483647.0 ? 2147483647.0 : r);
    return r == r ? static_cast<std::int32_t>(r) : 0;
}

// A cell index times a prime, mod 2^64 (the index sign-extended first).
inline U64 times(std::int32_t cell, U64 prime) { return static_cast<U64>(static_cast<std::int64_t>(cell)) * prime; }

// Arithmetic shift right of a 64-bit pattern (Java's >> on long).
inline U64 shift_right_arithmetic(U64 v, int bits) {
    return (v >> bits) | ((v >> 63) != 0 ? ~(~U64(0) >> bits) : U64(0));
}

// [S 16.2] The gradient of a vertex, dotted with its offset.
inline float grad2(const detail::SimplexGradients& g, U64 seed, U64 xp, U64 yp, float dx, float dy) {
    U64 hash = seed ^ xp ^ yp;
    hash *= detail::simplex_hash_multiplier;
    hash ^= shift_right_arithmetic(hash, 64 - 7 + 1);
    int gi = static_cast<int>(hash & (127u << 1));
    return g.g2[gi | 0] * dx + g.g2[gi | 1] * dy;
}

inline float grad3(const detail::SimplexGradients& g, U64 seed, U64 xp, U64 yp, U64 zp, float dx, float dy,
                   float dz) {
    U64 hash = (seed ^ xp) ^ (yp ^ zp);
    hash *= detail::simplex_hash_multiplier;
    hash ^= shift_right_arithmetic(hash, 64 - 8 + 2);
    int gi = static_cast<int>(hash & (255u << 2));
    return g.g3[gi | 0] * dx + g.g3[gi | 1] * dy + g.g3[gi | 2] * dz;
}

inline float grad4(const detail::SimplexGradients& g, U64 seed, U64 xp, U64 yp, U64 zp, U64 wp, float dx, float dy,
                   float dz, float dw) {
    U64 hash = seed ^ (xp ^ yp) ^ (zp ^ wp);
    hash *= detail::simplex_hash_multiplier;
    hash ^= shift_right_arithmetic(hash, 64 - 9 + 2);
    int gi = static_cast<int>(hash & (511u << 2));
    return (g.g4[gi | 0] * dx + g.g4[gi | 1] * dy) + (g.g4[gi | 2] * dz + g.g4[gi | 3] * dw);
}

// [S 16.1] 2D orientations (the same in both variants): the reference's noise2 and
// noise2_ImproveX front ends, mapping (x, y) to the skewed lattice in binary64.
inline void orient2(Orientation2 o, double x, double y, double* out) {
    if (o == Orientation2::improve_x) {
        double xx = x * detail::simplex_root2over2;
        double yy = y * (detail::simplex_root2over2 * (1 + 2 * detail::simplex_skew_2d));
        out[0] = yy + xx;
        out[1] = yy - xx;
    } else {
        double s = detail::simplex_skew_2d * (x + y);
        out[0] = x + s;
        out[1] = y + s;
    }
}

}  // namespace gradnoise::reference::simplex

#endif
