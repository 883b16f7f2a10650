// Internal: what a Noise owns. The permutation and fade define the field (docs/spec.md); the
// tables below are derived from the permutation once, at construction, so the SIMD kernels can
// fetch several corner hashes at once (one gather instead of chaining 10 (2D) or 14 (3D)
// dependent lookups) and test one bit per gradient choice. They encode exactly the integers the
// spec's hash chain produces, so using them changes speed only, never a bit.
#ifndef GRADNOISE_SRC_TABLES_HPP
#define GRADNOISE_SRC_TABLES_HPP

#include <cstdint>

#include "gradnoise/noise.hpp"

namespace gradnoise::detail {

// The selection code of a hash h (only h & 15 matters): the answers to the questions Perlin's
// grad() asks, one bit each, so a SIMD kernel tests one bit per blend (kernels/perlin_kernel.inl).
//   bit 0: h & 1 (negate a)   bit 1: h & 2 (negate b)   bit 2: h >= 8 (a = y, else x)
//   bit 3: h < 4 (b = y)      bit 4: h == 12 || h == 14 (b = x; neither: b = z)
constexpr std::uint8_t gradient_code(int hash) noexcept {
    int h = hash & 15;
    return static_cast<std::uint8_t>((h & 1) | (h & 2) | (h >= 8 ? 4 : 0) | (h < 4 ? 8 : 0) |
                                     (h == 12 || h == 14 ? 16 : 0));
}

// [S 8] The per-octave constants of a fractal, computed once by the spec's recurrences (the
// reference recomputes them itself; tests compare the two paths bit for bit).
struct OctaveTable {
    Fractal kind = Fractal::none;
    int octaves = 1;
    float frequency[max_octaves];
    float amplitude[max_octaves];
    float offset_x[max_octaves], offset_y[max_octaves], offset_z[max_octaves];
    float amplitude_sum = 1.0f;
};

struct NoiseTables {
    PermutationTable permutation;
    Fade fade = Fade::quintic;
    Hash hash = Hash::permutation;
    std::uint32_t mix_key = 0;  // Hash::mix only
    FractalParams fractal;
    OctaveTable octaves;

    // code_p[n] = gradient_code(p[n]); code_pp[n] = gradient_code(p[p[n]]) (the last two levels
    // of the 2D chain in one lookup, since Z = 0 there).
    alignas(64) std::uint8_t code_p[256];
    alignas(64) std::uint8_t code_pp[256];
    // Index (X << 8) | Y, X and Y the lattice cell (0..255). Bytes, low to high: the codes of the
    // 2D corners (X,Y), (X+1,Y), (X,Y+1), (X+1,Y+1), i.e. of p[p[p[X+i]+Y+j]] (spec section 5).
    alignas(64) std::int32_t corner_code_2d[65536];
    // Index (X << 8) | Y. Bytes, low to high: p[p[X]+Y], p[p[X+1]+Y], p[p[X]+Y+1], p[p[X+1]+Y+1],
    // the first two levels of the 3D hash chain for the four (i, j) column corners.
    alignas(64) std::int32_t hash_xy[65536];
    // Index n (0..255). Byte 0: code of p[n]; byte 1: code of p[n+1]; the last level, k = 0, 1.
    alignas(64) std::int32_t code_z[256];
};

// [S 3.2] The mixing hash's multipliers (odd 32-bit constants).
inline constexpr std::uint32_t mix_prime_x = 0x9E3779B1u;
inline constexpr std::uint32_t mix_prime_y = 0x85EBCA77u;
inline constexpr std::uint32_t mix_prime_z = 0xC2B2AE3Du;
inline constexpr std::uint32_t mix_multiplier = 0x27D4EB2Du;

// [S 8] per-octave offsets (multiples of 1/16: k * offset is exact for every k < 32).
inline constexpr float octave_offset_x = 17.3125f;
inline constexpr float octave_offset_y = 29.8125f;
inline constexpr float octave_offset_z = 41.4375f;

// Builds the hash tables of `tables` from tables.permutation, and its octave table from
// tables.fractal.
void build_tables(NoiseTables& tables) noexcept;
void build_octaves(NoiseTables& tables) noexcept;

}  // namespace gradnoise::detail

#endif
