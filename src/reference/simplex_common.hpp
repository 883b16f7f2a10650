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

// [S 16.2] The gradient of a vertex: its entries g[0 .. dims - 1] in the variant's table.
inline const float* gradient2(const detail::SimplexGradients& g, U64 seed, U64 xp, U64 yp) {
    U64 hash = seed ^ xp ^ yp;
    hash *= detail::simplex_hash_multiplier;
    hash ^= shift_right_arithmetic(hash, 64 - 7 + 1);
    int gi = static_cast<int>(hash & (127u << 1));
    return &g.g2[gi];
}

inline const float* gradient3(const detail::SimplexGradients& g, U64 seed, U64 xp, U64 yp, U64 zp) {
    U64 hash = (seed ^ xp) ^ (yp ^ zp);
    hash *= detail::simplex_hash_multiplier;
    hash ^= shift_right_arithmetic(hash, 64 - 8 + 2);
    int gi = static_cast<int>(hash & (255u << 2));
    return &g.g3[gi];
}

inline const float* gradient4(const detail::SimplexGradients& g, U64 seed, U64 xp, U64 yp, U64 zp, U64 wp) {
    U64 hash = seed ^ (xp ^ yp) ^ (zp ^ wp);
    hash *= detail::simplex_hash_multiplier;
    hash ^= shift_right_arithmetic(hash, 64 - 9 + 2);
    int gi = static_cast<int>(hash & (511u << 2));
    return &g.g4[gi];
}

// [S 16.2] The gradient dotted with the vertex's offset, in the reference's order.
inline float dot2(const float* v, float dx, float dy) { return v[0] * dx + v[1] * dy; }
inline float dot3(const float* v, float dx, float dy, float dz) { return v[0] * dx + v[1] * dy + v[2] * dz; }
inline float dot4(const float* v, float dx, float dy, float dz, float dw) {
    return (v[0] * dx + v[1] * dy) + (v[2] * dz + v[3] * dw);
}

// [S 16, 18.4] What an evaluation sums: the value and, for a gradient, the partial derivatives of
// the value with respect to the vertex offsets (the "offset frame": the coordinates the offsets
// dx, dy, ... are measured in). Every sum starts at +0 and is only added to, so none is ever -0.
template <int dims>
struct Sums {
    float value = 0.0f;
    float d[dims] = {};
};

// [S 16.3-16.5, 18.4] One vertex of falloff a (R^2 - |offset|^2), gradient v and offset o (as
// dotted): returns its contribution (a a)(a a)(v . o), and with_gradient adds the contribution's
// derivative along each offset axis i to sum[i]:
//   aa = a * a, a4 = aa * aa, t = (aa * a) * (8 * gd), sum[i] = sum[i] + (a4 * v[i] - t * o[i]),
// the derivative of a^4 (v . o) with a = R^2 - |o|^2: a^4 v_i - 8 a^3 (v . o) o_i.
template <bool with_gradient, int dims>
inline float contribution(float a, const float* v, float gd, const float* o, float* sum) {
    float aa = a * a;
    float a4 = aa * aa;
    if constexpr (with_gradient) {
        float t = (aa * a) * (8.0f * gd);
        for (int i = 0; i < dims; ++i) {
            sum[i] = sum[i] + (a4 * v[i] - t * o[i]);
        }
    }
    return a4 * gd;
}

template <bool with_gradient>
inline float vertex2(const detail::SimplexGradients& g, U64 seed, U64 xp, U64 yp, float a, float dx, float dy,
                     float* sum) {
    const float* v = gradient2(g, seed, xp, yp);
    const float o[2] = {dx, dy};
    return contribution<with_gradient, 2>(a, v, dot2(v, dx, dy), o, sum);
}

template <bool with_gradient>
inline float vertex3(const detail::SimplexGradients& g, U64 seed, U64 xp, U64 yp, U64 zp, float a, float dx,
                     float dy, float dz, float* sum) {
    const float* v = gradient3(g, seed, xp, yp, zp);
    const float o[3] = {dx, dy, dz};
    return contribution<with_gradient, 3>(a, v, dot3(v, dx, dy, dz), o, sum);
}

template <bool with_gradient>
inline float vertex4(const detail::SimplexGradients& g, U64 seed, U64 xp, U64 yp, U64 zp, U64 wp, float a,
                     float dx, float dy, float dz, float dw, float* sum) {
    const float* v = gradient4(g, seed, xp, yp, zp, wp);
    const float o[4] = {dx, dy, dz, dw};
    return contribution<with_gradient, 4>(a, v, dot4(v, dx, dy, dz, dw), o, sum);
}

// [S 18.4] The Jacobians of the offsets with respect to the input coordinates: m[i][j] =
// d(offset i) / d(coordinate j), constant per variant and orientation. The orientation's map
// (orient2/3/4 below, binary64) composed with the frame's unskew (2D: I + float(UNSKEW_2D) J;
// 3D: the identity; 4D: I + u J with the variant's float u, 0.309016994374947f fast and
// -0.138196601125011f smooth; J the all-ones matrix), evaluated in binary64 with the reference's
// constants and rounded to the nearest float; entries below 2^-24 in magnitude -- residues of
// constants that cancel exactly in real arithmetic -- are 0. (tests/test_simplex.cpp re-derives
// them from orient2/3/4.) 2D standard and 4D fallback are the identity.
struct SimplexJacobian {
    float m[4][4];
};

// Orientation2 order: standard, improve_x.
inline constexpr SimplexJacobian jacobian_2d[2] = {
    {{{0x1p+0f, 0.0f}, {0.0f, 0x1p+0f}}},
    {{{0x1.6a09e6p-1f, 0x1.6a09e6p-1f},     // 0.707106769 0.707106769
      {-0x1.6a09e6p-1f, 0x1.6a09e6p-1f}}},  // -0.707106769 0.707106769
};

// Orientation3 order: improve_xy, improve_xz, fallback (the same floats in both variants).
inline constexpr SimplexJacobian jacobian_3d[3] = {
    {{{0x1.93cd3ap-1f, -0x1.b0cb18p-3f, 0x1.279a74p-1f},      // 0.788675129 -0.211324871 0.577350259
      {-0x1.b0cb18p-3f, 0x1.93cd3ap-1f, 0x1.279a74p-1f},      // -0.211324871 0.788675129 0.577350259
      {-0x1.279a74p-1f, -0x1.279a74p-1f, 0x1.279a74p-1f}}},   // -0.577350259 -0.577350259 0.577350259
    {{{0x1.93cd3ap-1f, 0x1.279a74p-1f, -0x1.b0cb18p-3f},      // 0.788675129 0.577350259 -0.211324871
      {-0x1.279a74p-1f, 0x1.279a74p-1f, -0x1.279a74p-1f},     // -0.577350259 0.577350259 -0.577350259
      {-0x1.b0cb18p-3f, 0x1.279a74p-1f, 0x1.93cd3ap-1f}}},    // -0.211324871 0.577350259 0.788675129
    {{{-0x1.555556p-2f, 0x1.555556p-1f, 0x1.555556p-1f},      // -0.333333343 0.666666687 0.666666687
      {0x1.555556p-1f, -0x1.555556p-2f, 0x1.555556p-1f},      // 0.666666687 -0.333333343 0.666666687
      {0x1.555556p-1f, 0x1.555556p-1f, -0x1.555556p-2f}}},    // 0.666666687 0.666666687 -0.333333343
};

// [variant: 0 fast, 1 smooth][Orientation4 order: improve_xyz_improve_xy, improve_xyz_improve_xz,
// improve_xyz, improve_xy_improve_zw, fallback].
inline constexpr SimplexJacobian jacobian_4d[2][5] = {
    {
        {{{0x1.93cd3ap-1f, -0x1.b0cb18p-3f, 0x1.279a74p-2f, 0x1p-1f},     // 0.788675129 -0.211324871 0.288675129 0.5
          {-0x1.b0cb18p-3f, 0x1.93cd3ap-1f, 0x1.279a74p-2f, 0x1p-1f},     // -0.211324871 0.788675129 0.288675129 0.5
          {-0x1.279a74p-1f, -0x1.279a74p-1f, 0x1.279a74p-2f, 0x1p-1f},    // -0.577350259 -0.577350259 0.288675129 0.5
          {0.0f, 0.0f, -0x1.bb67aep-1f, 0x1p-1f}}},                      // 0 0 -0.866025388 0.5
        {{{0x1.93cd3ap-1f, 0x1.279a74p-2f, -0x1.b0cb18p-3f, 0x1p-1f},     // 0.788675129 0.288675129 -0.211324871 0.5
          {-0x1.279a74p-1f, 0x1.279a74p-2f, -0x1.279a74p-1f, 0x1p-1f},    // -0.577350259 0.288675129 -0.577350259 0.5
          {-0x1.b0cb18p-3f, 0x1.279a74p-2f, 0x1.93cd3ap-1f, 0x1p-1f},     // -0.211324871 0.288675129 0.788675129 0.5
          {0.0f, -0x1.bb67aep-1f, 0.0f, 0x1p-1f}}},                      // 0 -0.866025388 0 0.5
        {{{0x1.aaaaaap-1f, -0x1.555556p-3f, -0x1.555556p-3f, 0x1p-1f},    // 0.833333313 -0.166666672 -0.166666672 0.5
          {-0x1.555556p-3f, 0x1.aaaaaap-1f, -0x1.555556p-3f, 0x1p-1f},    // -0.166666672 0.833333313 -0.166666672 0.5
          {-0x1.555556p-3f, -0x1.555556p-3f, 0x1.aaaaaap-1f, 0x1p-1f},    // -0.166666672 -0.166666672 0.833333313 0.5
          {-0x1p-1f, -0x1p-1f, -0x1p-1f, 0x1p-1f}}},                      // -0.5 -0.5 -0.5 0.5
        {{{0x1.93cd3ap-1f, -0x1.b0cb18p-3f, 0x1.a20bd8p-2f, 0x1.a20bd8p-2f},    // 0.788675129 -0.211324871 0.408248305 0.408248305
          {-0x1.b0cb18p-3f, 0x1.93cd3ap-1f, 0x1.a20bd8p-2f, 0x1.a20bd8p-2f},    // -0.211324871 0.788675129 0.408248305 0.408248305
          {-0x1.a20bd8p-2f, -0x1.a20bd8p-2f, 0x1.93cd3ap-1f, -0x1.b0cb16p-3f},  // -0.408248305 -0.408248305 0.788675129 -0.211324856
          {-0x1.a20bd8p-2f, -0x1.a20bd8p-2f, -0x1.b0cb16p-3f, 0x1.93cd3ap-1f}}},// -0.408248305 -0.408248305 -0.211324856 0.788675129
        {{{0x1p+0f, 0.0f, 0.0f, 0.0f}, {0.0f, 0x1p+0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0x1p+0f, 0.0f}, {0.0f, 0.0f, 0.0f, 0x1p+0f}}},
    },
    {
        {{{0x1.93cd3ap-1f, -0x1.b0cb18p-3f, 0x1.279a74p-2f, 0x1p-1f},     // as fast
          {-0x1.b0cb18p-3f, 0x1.93cd3ap-1f, 0x1.279a74p-2f, 0x1p-1f},
          {-0x1.279a74p-1f, -0x1.279a74p-1f, 0x1.279a74p-2f, 0x1p-1f},
          {0.0f, 0.0f, -0x1.bb67aep-1f, 0x1p-1f}}},
        {{{0x1.93cd3ap-1f, 0x1.279a74p-2f, -0x1.b0cb18p-3f, 0x1p-1f},     // as fast
          {-0x1.279a74p-1f, 0x1.279a74p-2f, -0x1.279a74p-1f, 0x1p-1f},
          {-0x1.b0cb18p-3f, 0x1.279a74p-2f, 0x1.93cd3ap-1f, 0x1p-1f},
          {0.0f, -0x1.bb67aep-1f, 0.0f, 0x1p-1f}}},
        {{{0x1.aaaaaap-1f, -0x1.555556p-3f, -0x1.555556p-3f, 0x1p-1f},    // as fast
          {-0x1.555556p-3f, 0x1.aaaaaap-1f, -0x1.555556p-3f, 0x1p-1f},
          {-0x1.555556p-3f, -0x1.555556p-3f, 0x1.aaaaaap-1f, 0x1p-1f},
          {-0x1p-1f, -0x1p-1f, -0x1p-1f, 0x1p-1f}}},
        {{{0x1.93cd3ap-1f, -0x1.b0cb18p-3f, 0x1.a20bd6p-2f, 0x1.a20bd6p-2f},    // 0.788675129 -0.211324871 0.408248276 0.408248276
          {-0x1.b0cb18p-3f, 0x1.93cd3ap-1f, 0x1.a20bd6p-2f, 0x1.a20bd6p-2f},    // -0.211324871 0.788675129 0.408248276 0.408248276
          {-0x1.a20bd6p-2f, -0x1.a20bd6p-2f, 0x1.93cd3ap-1f, -0x1.b0cb18p-3f},  // -0.408248276 -0.408248276 0.788675129 -0.211324871
          {-0x1.a20bd6p-2f, -0x1.a20bd6p-2f, -0x1.b0cb18p-3f, 0x1.93cd3ap-1f}}},// -0.408248276 -0.408248276 -0.211324871 0.788675129
        {{{0x1p+0f, 0.0f, 0.0f, 0.0f}, {0.0f, 0x1p+0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0x1p+0f, 0.0f}, {0.0f, 0.0f, 0.0f, 0x1p+0f}}},
    },
};

// The tables' row of an orientation, chosen as orient2/3/4 below choose their map (any value
// they do not name takes their last branch).
inline const SimplexJacobian& jacobian_of(Orientation2 o) { return jacobian_2d[o == Orientation2::improve_x ? 1 : 0]; }
inline const SimplexJacobian& jacobian_of(Orientation3 o) {
    return jacobian_3d[o == Orientation3::fallback ? 2 : o == Orientation3::improve_xz ? 1 : 0];
}
inline const SimplexJacobian& jacobian_of(bool smooth, Orientation4 o) {
    const int i = static_cast<int>(o);
    return jacobian_4d[smooth ? 1 : 0][i >= 0 && i < 4 ? i : 4];
}

// [S 18.4] The offset-frame sums d to the input coordinates: out[j] = sum over i ascending of
// m[i][j] * d[i], left to right (the identity gives d unchanged: d is never -0).
template <int dims>
inline void to_input(const SimplexJacobian& jacobian, const float* d, float* out) {
    for (int j = 0; j < dims; ++j) {
        float s = jacobian.m[0][j] * d[0];
        for (int i = 1; i < dims; ++i) {
            s = s + jacobian.m[i][j] * d[i];
        }
        out[j] = s;
    }
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
