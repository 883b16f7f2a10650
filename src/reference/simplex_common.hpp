// Internal to src/reference/: the building blocks both simplex variants share (docs/spec.md
// section 16): cells of binary64 coordinates, and the gradient hashes. Integers wrap modulo 2^64
// (uint64_t arithmetic: the reference's Java `long`, without C++'s signed-overflow UB).
#ifndef GRADNOISE_SRC_REFERENCE_SIMPLEX_COMMON_HPP
#define GRADNOISE_SRC_REFERENCE_SIMPLEX_COMMON_HPP

#include <cmath>
#include <cstdint>

#include "reference/reference.hpp"
#include "tables/simplex_tiling.hpp"

namespace gradnoise::reference::simplex {

using U64 = std::uint64_t;

// [S 16.1] The lattice's extent: a point with a coordinate of magnitude 2^27 or more, or not
// finite, is off the lattice and its value is +0. (Inside, every orientation's lattice coordinates
// stay below 2^29 in magnitude, so every cell index -- and 4 times it, the 4D sub-cell -- fits the
// reference's int; beyond 2^31 the reference's int arithmetic saturates or wraps.)
inline bool in_extent(double v) { return std::fabs(v) < 134217728.0; }

// [S 16.1] floor(v), clamped to the int32 range: the reference's fastFloor for every v inside it
// (below -2^31 the reference wraps to 2^31 - 1; NaN gives 0 -- such points are +0 here anyway).
// Coord is the variant's coordinate type: double (K.jpg's) or float (the mix variant, 16.7).
template <class Coord>
inline std::int32_t floor_cell(Coord v) {
    double f = static_cast<double>(std::floor(v));
    f = f < -2147483648.0 ? -2147483648.0 : (f > 2147483647.0 ? 2147483647.0 : f);
    return f == f ? static_cast<std::int32_t>(f) : 0;
}

// [S 16.1] The reference's fastRound: v < 0 ? (int)(v - 0.5) : (int)(v + 0.5), truncating, the
// sums rounded in Coord; clamped to the int32 range as (int) saturates.
template <class Coord>
inline std::int32_t round_cell(Coord v) {
    const Coord half = Coord(0.5);
    double r = static_cast<double>(v < 0 ? std::trunc(v - half) : std::trunc(v + half));
    r = r < -2147483648.0 ? -2147483648.0 : (r > 2147483647.0 ? 2147483647.0 : r);
    return r == r ? static_cast<std::int32_t>(r) : 0;
}

// [S 16.1] The offset inside the cell: v - cell in Coord (the cell converts exactly: it is an
// integral Coord), rounded to float.
template <class Coord>
inline float cell_offset(Coord v, std::int32_t cell) {
    return static_cast<float>(v - static_cast<Coord>(cell));
}

// A cell index or lattice step times a prime, wrapping (the index sign-extended first).
template <class Int>
inline Int times(std::int32_t cell, Int prime) {
    return static_cast<Int>(static_cast<std::int64_t>(cell)) * prime;
}

// Arithmetic shift right of a 64-bit pattern (Java's >> on long).
inline U64 shift_right_arithmetic(U64 v, int bits) {
    return (v >> bits) | ((v >> 63) != 0 ? ~(~U64(0) >> bits) : U64(0));
}

// [S 16.8] A vertex of the tiled fallback lattice hashes as its wrapped label. Its label l (the
// cell indices the hash primes; a second-lattice vertex's are its position plus one half) is
// recovered from the primed coordinates -- l_b = low 32 bits of primed_b times the prime's
// inverse mod 2^32 -- then, per axis a with a period P_a, U_a = 2 (l_x + l_y + l_z) - 3 l_a is
// three times the label's input-space coordinate, m_a = floor(U_a / (3 P_a)), and the label
// moves by -m_a times the lattice shift of one period, (P_a / 3) (2 (1, 1, 1) - 3 e_a); the
// primed coordinates are the wrapped label's. period null or all 0: the label as it is.
template <class Int>
inline void wrap_label(const int* period, const std::uint32_t* inverse, const Int* primes, Int* primed) {
    if (period == nullptr || (period[0] == 0 && period[1] == 0 && period[2] == 0)) {
        return;
    }
    std::int64_t l[3];
    for (int b = 0; b < 3; ++b) {
        l[b] = static_cast<std::int32_t>(static_cast<std::uint32_t>(primed[b]) * inverse[b]);
    }
    const std::int64_t sum = l[0] + l[1] + l[2];
    std::int64_t shift[3] = {0, 0, 0};
    for (int a = 0; a < 3; ++a) {
        if (period[a] != 0) {
            const std::int64_t u = 2 * sum - 3 * l[a], bound = 3 * static_cast<std::int64_t>(period[a]);
            const std::int64_t m = u >= 0 ? u / bound : -((-u + bound - 1) / bound);  // floor
            for (int b = 0; b < 3; ++b) {
                shift[b] += m * (period[a] / 3) * (a == b ? -1 : 2);
            }
        }
    }
    for (int b = 0; b < 3; ++b) {
        primed[b] = times(static_cast<std::int32_t>(l[b] - shift[b]), primes[b]);
    }
}

// [S 16.8] On an axis with a period P, the coordinate first reduced to [0, P] in binary64:
// v - P floor(v / P) (rounded; P itself when a tiny negative v rounds up to it).
inline double reduce_to_period(double v, int period) {
    return period == 0 ? v : v - static_cast<double>(period) * std::floor(v / static_cast<double>(period));
}

// [S 16.2] K.jpg's arithmetic (Hash::permutation): binary64 coordinates, 64-bit integers, his
// hash and gradient index. A vertex's gradient entries v[0 .. dims - 1].
struct KjpgLattice {
    using Coord = double;
    using Int = U64;
    const detail::SimplexGradients& g;
    Int base_seed;  // NoiseDesc::seed as his long
    const int* period = nullptr;  // [S 16.8] the octave's periods (3D), or null
    static constexpr Int prime_x = detail::simplex_prime_x, prime_y = detail::simplex_prime_y,
                         prime_z = detail::simplex_prime_z, prime_w = detail::simplex_prime_w;
    static constexpr Int seed_flip_3d = detail::simplex_seed_flip_3d;
    static constexpr Int seed_offset_4d = detail::simplex_seed_offset_4d;
    static Int smooth_prime(const detail::SmoothLattice4& t, int axis, int i) { return t.prime(axis, i); }

    void gradient2(Int seed, Int xp, Int yp, float* v) const {
        U64 hash = seed ^ xp ^ yp;
        hash *= detail::simplex_hash_multiplier;
        hash ^= shift_right_arithmetic(hash, 64 - 7 + 1);
        const int gi = static_cast<int>(hash & (127u << 1));
        v[0] = g.g2[gi];
        v[1] = g.g2[gi | 1];
    }
    void gradient3(Int seed, Int xp, Int yp, Int zp, float* v) const {
        static constexpr Int primes[3] = {prime_x, prime_y, prime_z};
        Int p[3] = {xp, yp, zp};
        wrap_label(period, detail::simplex_prime_inverse, primes, p);
        xp = p[0], yp = p[1], zp = p[2];
        U64 hash = (seed ^ xp) ^ (yp ^ zp);
        hash *= detail::simplex_hash_multiplier;
        hash ^= shift_right_arithmetic(hash, 64 - 8 + 2);
        const int gi = static_cast<int>(hash & (255u << 2));
        for (int c = 0; c < 3; ++c) {
            v[c] = g.g3[gi | c];
        }
    }
    void gradient4(Int seed, Int xp, Int yp, Int zp, Int wp, float* v) const {
        U64 hash = seed ^ (xp ^ yp) ^ (zp ^ wp);
        hash *= detail::simplex_hash_multiplier;
        hash ^= shift_right_arithmetic(hash, 64 - 9 + 2);
        const int gi = static_cast<int>(hash & (511u << 2));
        for (int c = 0; c < 4; ++c) {
            v[c] = g.g4[gi | c];
        }
    }
};

// [S 16.7] The mix variant (Hash::mix): the same algorithms with binary32 coordinates and 32-bit
// integers (wrapping), seeded by the mix key, one multiply per vertex hash. Gradient n of his
// 24 / 48 / 160 directions (2D and 3D in the variant's order: simplex_constants.hpp), n = ((h >> 8) *
// count) >> 24 for h = (seed ^ primed cells) * 0x27D4EB2D.
struct MixLattice {
    using Coord = float;
    using Int = std::uint32_t;
    const detail::SimplexGradients& g;
    Int base_seed;  // the mix key of the seed (spec 3.2)
    const int* period = nullptr;  // [S 16.8] the octave's periods (3D), or null
    static constexpr Int prime_x = detail::simplex_mix_primes[0], prime_y = detail::simplex_mix_primes[1],
                         prime_z = detail::simplex_mix_primes[2], prime_w = detail::simplex_mix_primes[3];
    static constexpr Int seed_flip_3d = detail::simplex_mix_seed_flip_3d;
    static constexpr Int seed_offset_4d = detail::simplex_mix_seed_offset_4d;
    static Int smooth_prime(const detail::SmoothLattice4& t, int axis, int i) {
        return static_cast<Int>(t.prime_mix[axis][i]);
    }

    static int index(Int h, Int count) { return static_cast<int>((((h * detail::mix_multiplier) >> 8) * count) >> 24); }
    void gradient2(Int seed, Int xp, Int yp, float* v) const {
        const int n = index(seed ^ xp ^ yp, 24);
        v[0] = g.g2mx[n];
        v[1] = g.g2my[n];
    }
    void gradient3(Int seed, Int xp, Int yp, Int zp, float* v) const {
        static constexpr Int primes[3] = {prime_x, prime_y, prime_z};
        Int p[3] = {xp, yp, zp};
        wrap_label(period, detail::simplex_mix_prime_inverse, primes, p);
        xp = p[0], yp = p[1], zp = p[2];
        const int n = index((seed ^ xp) ^ (yp ^ zp), 48);
        v[0] = g.g3mx[n];
        v[1] = g.g3my[n];
        v[2] = g.g3mz[n];
    }
    void gradient4(Int seed, Int xp, Int yp, Int zp, Int wp, float* v) const {
        const int n = index(seed ^ (xp ^ yp) ^ (zp ^ wp), 160);
        for (int c = 0; c < 4; ++c) {
            v[c] = g.g4[4 * n + c];
        }
    }
};

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

template <bool with_gradient, class L>
inline float vertex2(const L& lat, typename L::Int seed, typename L::Int xp, typename L::Int yp, float a, float dx,
                     float dy, float* sum) {
    float v[2];
    lat.gradient2(seed, xp, yp, v);
    const float o[2] = {dx, dy};
    return contribution<with_gradient, 2>(a, v, dot2(v, dx, dy), o, sum);
}

template <bool with_gradient, class L>
inline float vertex3(const L& lat, typename L::Int seed, typename L::Int xp, typename L::Int yp, typename L::Int zp,
                     float a, float dx, float dy, float dz, float* sum) {
    float v[3];
    lat.gradient3(seed, xp, yp, zp, v);
    const float o[3] = {dx, dy, dz};
    return contribution<with_gradient, 3>(a, v, dot3(v, dx, dy, dz), o, sum);
}

template <bool with_gradient, class L>
inline float vertex4(const L& lat, typename L::Int seed, typename L::Int xp, typename L::Int yp, typename L::Int zp,
                     typename L::Int wp, float a, float dx, float dy, float dz, float dw, float* sum) {
    float v[4];
    lat.gradient4(seed, xp, yp, zp, wp, v);
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
// noise2_ImproveX front ends, mapping (x, y) to the skewed lattice in binary64 (T = double) or,
// for the mix variant (16.7), in binary32 with each constant rounded once to float (T = float).
template <class T>
inline void orient2(Orientation2 o, T x, T y, T* out) {
    if (o == Orientation2::improve_x) {
        T xx = x * T(detail::simplex_root2over2);
        T yy = y * T(detail::simplex_root2over2 * (1 + 2 * detail::simplex_skew_2d));
        out[0] = yy + xx;
        out[1] = yy - xx;
    } else {
        T s = T(detail::simplex_skew_2d) * (x + y);
        out[0] = x + s;
        out[1] = y + s;
    }
}

// [S 16.1] 3D orientations: orthonormal rotations (noise3_ImproveXY puts z up the cubes' main
// diagonal, noise3_ImproveXZ y; noise3_Fallback), out = (xr, yr, zr); T as orient2's.
template <class T>
inline void orient3(Orientation3 o, const detail::SimplexOrientation& k, T x, T y, T z, T* out) {
    const T r3 = T(detail::simplex_root3over3), minus_r3 = T(-detail::simplex_root3over3);
    if (o == Orientation3::fallback) {
        T r = T(detail::simplex_fallback_rotate_3d) * (x + y + z);
        out[0] = r - x;
        out[1] = r - y;
        out[2] = r - z;
    } else if (o == Orientation3::improve_xz) {
        T xz = x + z;
        T s2 = xz * T(k.xz_orthogonalizer);
        T yy = y * r3;
        out[0] = x + s2 + yy;
        out[2] = z + s2 + yy;
        out[1] = xz * minus_r3 + yy;
    } else {
        T xy = x + y;
        T s2 = xy * T(detail::simplex_unskew_2d);
        T zz = z * r3;
        out[0] = x + s2 + zz;
        out[1] = y + s2 + zz;
        out[2] = xy * minus_r3 + zz;
    }
}

// [S 16.1] 4D orientations (the noise4_* front ends), out on the skewed A4 lattice; T as orient2's.
template <class T>
inline void orient4(Orientation4 o, const detail::SimplexOrientation& k, T x, T y, T z, T w, T* out) {
    switch (o) {
        case Orientation4::improve_xyz_improve_xy: {
            T xy = x + y;
            T s2 = xy * T(-0.21132486540518699998);
            T zz = z * T(0.28867513459481294226);
            T ww = w * T(k.w_scale);
            out[0] = x + (zz + ww + s2);
            out[1] = y + (zz + ww + s2);
            out[2] = xy * T(-0.57735026918962599998) + (zz + ww);
            out[3] = z * T(-0.866025403784439) + ww;
            return;
        }
        case Orientation4::improve_xyz_improve_xz: {
            T xz = x + z;
            T s2 = xz * T(-0.21132486540518699998);
            T yy = y * T(0.28867513459481294226);
            T ww = w * T(k.w_scale);
            out[0] = x + (yy + ww + s2);
            out[2] = z + (yy + ww + s2);
            out[1] = xz * T(-0.57735026918962599998) + (yy + ww);
            out[3] = y * T(-0.866025403784439) + ww;
            return;
        }
        case Orientation4::improve_xyz: {
            T xyz = x + y + z;
            T ww = w * T(k.w_scale);
            T s2 = xyz * T(-0.16666666666666666) + ww;
            out[0] = x + s2;
            out[1] = y + s2;
            out[2] = z + s2;
            out[3] = T(-0.5) * xyz + ww;
            return;
        }
        case Orientation4::improve_xy_improve_zw: {
            T s2 = (x + y) * T(k.zw_s2[0]) + (z + w) * T(k.zw_s2[1]);
            T t2 = (z + w) * T(k.zw_t2[0]) + (x + y) * T(k.zw_t2[1]);
            out[0] = x + s2;
            out[1] = y + s2;
            out[2] = z + t2;
            out[3] = w + t2;
            return;
        }
        default: {
            T s = T(k.fallback_skew) * (x + y + z + w);
            out[0] = x + s;
            out[1] = y + s;
            out[2] = z + s;
            out[3] = w + s;
            return;
        }
    }
}

// [S 16.7] One evaluation through the variant's arithmetic: K.jpg's at the binary64
// coordinates, or the mix variant's at their nearest floats. body(lattice, coordinates) where
// the coordinates (of the variant's Coord) are inside the extent; outside, `off` is returned.
// [S 16.8] With periods (3D: the fallback lattice), each periodic coordinate is reduced first and
// the lattice wraps its labels.
template <int dims, class R, class Body>
inline R with_lattice(const SimplexVariant& v, const double* q, R off, Body&& body) {
    bool tiled = false;
    if constexpr (dims == 3) {
        tiled = v.period[0] != 0 || v.period[1] != 0 || v.period[2] != 0;
    }
    if (v.mix) {
        float f[dims];
        for (int a = 0; a < dims; ++a) {
            f[a] = static_cast<float>(q[a]);
            if (!in_extent(f[a])) {
                return off;
            }
        }
        if constexpr (dims == 3) {
            for (int a = 0; a < 3 && tiled; ++a) {
                f[a] = static_cast<float>(reduce_to_period(f[a], v.period[a]));
            }
        }
        return body(MixLattice{*v.g, v.key, tiled ? v.period : nullptr}, f);
    }
    double c[dims];
    for (int a = 0; a < dims; ++a) {
        if (!in_extent(q[a])) {
            return off;
        }
        c[a] = q[a];
        if constexpr (dims == 3) {
            c[a] = tiled ? reduce_to_period(q[a], v.period[a]) : q[a];
        }
    }
    return body(KjpgLattice{*v.g, static_cast<U64>(v.seed), tiled ? v.period : nullptr}, c);
}

// [S 16.8] The variant the 2D fallback orientation evaluates at (x, y, 0): no z period.
inline SimplexVariant slice_variant(SimplexVariant v) {
    v.period[2] = 0;
    return v;
}

// [S 16.8] The 2D fallback orientation's gradient: the 3D fallback's at z = 0, without d/dz.
inline Gradient slice_gradient(Gradient g) {
    g.d[2] = 0.0f;
    return g;
}

}  // namespace gradnoise::reference::simplex

#endif
