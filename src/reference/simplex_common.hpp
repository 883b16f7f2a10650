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

// [S 16.1] 3D orientations: orthonormal rotations in binary64 (noise3_ImproveXY puts z up the
// cubes' main diagonal, noise3_ImproveXZ y; noise3_Fallback), out = (xr, yr, zr).
inline void orient3(Orientation3 o, const detail::SimplexOrientation& k, double x, double y, double z, double* out) {
    constexpr double r3 = detail::simplex_root3over3;
    if (o == Orientation3::fallback) {
        double r = detail::simplex_fallback_rotate_3d * (x + y + z);
        out[0] = r - x;
        out[1] = r - y;
        out[2] = r - z;
    } else if (o == Orientation3::improve_xz) {
        double xz = x + z;
        double s2 = xz * k.xz_orthogonalizer;
        double yy = y * r3;
        out[0] = x + s2 + yy;
        out[2] = z + s2 + yy;
        out[1] = xz * -r3 + yy;
    } else {
        double xy = x + y;
        double s2 = xy * detail::simplex_unskew_2d;
        double zz = z * r3;
        out[0] = x + s2 + zz;
        out[1] = y + s2 + zz;
        out[2] = xy * -r3 + zz;
    }
}

// [S 16.1] 4D orientations in binary64 (the noise4_* front ends), out on the skewed A4 lattice.
inline void orient4(Orientation4 o, const detail::SimplexOrientation& k, double x, double y, double z, double w,
                    double* out) {
    switch (o) {
        case Orientation4::improve_xyz_improve_xy: {
            double xy = x + y;
            double s2 = xy * -0.21132486540518699998;
            double zz = z * 0.28867513459481294226;
            double ww = w * k.w_scale;
            out[0] = x + (zz + ww + s2);
            out[1] = y + (zz + ww + s2);
            out[2] = xy * -0.57735026918962599998 + (zz + ww);
            out[3] = z * -0.866025403784439 + ww;
            return;
        }
        case Orientation4::improve_xyz_improve_xz: {
            double xz = x + z;
            double s2 = xz * -0.21132486540518699998;
            double yy = y * 0.28867513459481294226;
            double ww = w * k.w_scale;
            out[0] = x + (yy + ww + s2);
            out[2] = z + (yy + ww + s2);
            out[1] = xz * -0.57735026918962599998 + (yy + ww);
            out[3] = y * -0.866025403784439 + ww;
            return;
        }
        case Orientation4::improve_xyz: {
            double xyz = x + y + z;
            double ww = w * k.w_scale;
            double s2 = xyz * -0.16666666666666666 + ww;
            out[0] = x + s2;
            out[1] = y + s2;
            out[2] = z + s2;
            out[3] = -0.5 * xyz + ww;
            return;
        }
        case Orientation4::improve_xy_improve_zw: {
            double s2 = (x + y) * k.zw_s2[0] + (z + w) * k.zw_s2[1];
            double t2 = (z + w) * k.zw_t2[0] + (x + y) * k.zw_t2[1];
            out[0] = x + s2;
            out[1] = y + s2;
            out[2] = z + t2;
            out[3] = w + t2;
            return;
        }
        default: {
            double s = k.fallback_skew * (x + y + z + w);
            out[0] = x + s;
            out[1] = y + s;
            out[2] = z + s;
            out[3] = w + s;
            return;
        }
    }
}

}  // namespace gradnoise::reference::simplex

#endif
