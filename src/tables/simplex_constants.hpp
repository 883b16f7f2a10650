// Internal: the constants of K.jpg's OpenSimplex2 / OpenSimplex2S (docs/spec.md section 16),
// shared by the scalar reference (src/reference/simplex*.cpp) and the kernels
// (src/kernels/simplex*.hpp). Integers are 64-bit and wrap (uint64 arithmetic, the reference's
// Java `long`).
#ifndef GRADNOISE_SRC_TABLES_SIMPLEX_CONSTANTS_HPP
#define GRADNOISE_SRC_TABLES_SIMPLEX_CONSTANTS_HPP

#include <cstdint>

#include "tables/mix_hash.hpp"

namespace gradnoise::detail {

inline constexpr std::uint64_t simplex_prime_x = 0x5205402B9270C86Full;
inline constexpr std::uint64_t simplex_prime_y = 0x598CD327003817B5ull;
inline constexpr std::uint64_t simplex_prime_z = 0x5BCC226E9FA0BACBull;
inline constexpr std::uint64_t simplex_prime_w = 0x56CC5227E58F554Bull;
inline constexpr std::uint64_t simplex_hash_multiplier = 0x53A3F72DEEC546F5ull;
// -0x52D547B2E96ED629 as a two's-complement 64-bit pattern.
inline constexpr std::uint64_t simplex_seed_flip_3d = 0xAD2AB84D169129D7ull;
inline constexpr std::uint64_t simplex_seed_offset_4d = 0x0E83DC3E0DA7164Dull;

// [S 16.7] The mix variant's 32-bit integers (wrapping): the cell primes are the mix hash's
// (mix_hash.hpp), the seed changes the low halves of K.jpg's constants.
inline constexpr std::uint32_t simplex_mix_primes[4] = {mix_prime_x, mix_prime_y, mix_prime_z, mix_prime_w};
inline constexpr std::uint32_t simplex_mix_seed_flip_3d = static_cast<std::uint32_t>(simplex_seed_flip_3d);
inline constexpr std::uint32_t simplex_mix_seed_offset_4d = static_cast<std::uint32_t>(simplex_seed_offset_4d);

// [S 16.1] Skews and rotations (binary64, as the reference's `double` constants).
inline constexpr double simplex_root2over2 = 0.7071067811865476;
inline constexpr double simplex_skew_2d = 0.366025403784439;
inline constexpr double simplex_unskew_2d = -0.21132486540518713;
inline constexpr double simplex_root3over3 = 0.577350269189626;
inline constexpr double simplex_fallback_rotate_3d = 2.0 / 3.0;

// [S 16.1] The variants' orientation constants where they differ: 3D ImproveXZ's orthogonaliser
// (the smooth reference writes it with fewer digits), and the 4D front ends'.
struct SimplexOrientation {
    double xz_orthogonalizer;  // 3D ImproveXZ: s2 = (x + z) * this
    double w_scale;            // 4D ImproveXYZ*: ww = w * this
    double zw_s2[2], zw_t2[2];  // 4D ImproveXY_ImproveZW: s2 = (x + y) a + (z + w) b, t2 = (z + w) c + (x + y) d
    double fallback_skew;      // 4D fallback: the float SKEW_4D, promoted
};
inline constexpr SimplexOrientation opensimplex2_orientation{
    simplex_unskew_2d, 0.2236067977499788, {-0.178275657951399372, 0.215623393288842828},
    {-0.403949762580207112, -0.375199083010075342}, static_cast<double>(-0.138196601125011f)};
inline constexpr SimplexOrientation opensimplex2s_orientation{
    -0.211324865405187, 1.118033988749894, {-0.28522513987434876941, 0.83897065470611435718},
    {0.21939749883706435719, -0.48214856493302476942}, static_cast<double>(0.309016994374947f)};

// [S 16.5] The 4D start lattice (int)(s * 1.25), the product in binary64 (exact), for s in
// [0, 4] (four offsets in [0, 1], summed in float), is the number of these thresholds that s
// reaches: T_n is the least float whose product with 1.25 is >= n (float(0.8 n) rounded up; 5
// when every offset rounds to 1), so a float kernel counts with five compares.
inline constexpr float simplex_start_thresholds[5] = {0x1.99999ap-1f, 0x1.99999ap+0f, 0x1.333334p+1f,
                                                      0x1.99999ap+1f, 0x1p+2f};

// The unit directions of the reference (simplex_directions.cpp): 24 (x, y) pairs, 48 (x, y, z, 0)
// quads, 160 (x, y, z, w) quads.
extern const float simplex_directions_2d[48];
extern const float simplex_directions_3d[192];
extern const float simplex_directions_4d[640];

// [S 16.2] One variant's gradient tables: the directions divided by the variant's normaliser in
// binary64, rounded to float, repeated to fill 128 (2D), 256 (3D) and 512 (4D) entries. Indexed
// as the reference does: g2[gi | 0], g2[gi | 1] with gi even; g3/g4[gi | c] with gi = 4 * n.
struct SimplexGradients {
    // 2D: g2 repeats every 24 pairs, so entry gi of it is entry (gi / 2) mod 24 of these
    // (components apart, 8 entries of padding): small enough for in-register lookups.
    alignas(64) float g2x[32], g2y[32];
    // 3D likewise: entry gi of g3 (gi = 4 n) is entry n mod 48 of these.
    alignas(64) float g3x[64], g3y[64], g3z[64];
    alignas(64) float g2[256];
    alignas(64) float g3[1024];
    alignas(64) float g4[2048];

    // [S 16.7] The mix variant's order of the same directions, entry n = 8 m + s: a magnitude
    // pattern m and three bits s (decodable with in-register permutes of small tables):
    //   2D, m = 0..2 picks a pair (a, b) of magnitudes; s bit 0 swaps them, bits 1 and 2 negate x
    //   and y.
    //   3D, m = 0..2: (A, A, A) with 1 on axis m; m = 3..5: 0 on axis z = m - 3, and (B, C) on the
    //   axes z + 1, z + 2 (mod 3), as (C, B) where s bit z is set; s bit c negates component c
    //   (the zero included: -0).
    alignas(64) float g2mx[32], g2my[32];
    alignas(64) float g3mx[64], g3my[64], g3mz[64];
    // Their magnitudes by pattern: 2D mix_pair[0][m] = a, mix_pair[1][m] = b; 3D mix_magnitude[c][k]
    // = |component c| of pattern m with k = 2 m + the order bit (0 for m < 3).
    alignas(64) float mix_pair[2][8];
    alignas(64) float mix_magnitude[3][16];
};

// [S 16.5] OpenSimplex2S 4D: for each of the 4^4 sub-cells k of a cell, the lattice vertices
// whose falloff can reach it (entries begin[k] .. begin[k] + count[k] - 1, in the reference's
// order): each vertex's offset from the cell base, negated and unskewed (float), and its cell
// step times each prime (mod 2^64, as 32-bit halves; and the mix variant's, mod 2^32). Built by src/reference/simplex_smooth.cpp
// from the reference's vertex codes.
struct SmoothLattice4 {
    static constexpr int total = 3476;
    static constexpr int most = 20;  // the longest list
    std::uint16_t begin[256], count[256];
    alignas(64) float offset[4][total];
    alignas(64) std::int32_t prime_low[4][total], prime_high[4][total];
    // [S 16.7] The mix variant's: the step times simplex_mix_primes[axis], mod 2^32.
    alignas(64) std::int32_t prime_mix[4][total];
    std::uint64_t prime(int axis, int i) const noexcept {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(prime_high[axis][i])) << 32) |
               static_cast<std::uint32_t>(prime_low[axis][i]);
    }
};
const SmoothLattice4& smooth_lattice_4d() noexcept;

// The tables of OpenSimplex2 (smooth = false) or OpenSimplex2S (smooth = true), built once.
const SimplexGradients& simplex_gradients(bool smooth) noexcept;

}  // namespace gradnoise::detail

#endif
