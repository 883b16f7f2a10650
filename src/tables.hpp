// Internal: what a Noise owns. The permutation and fade define the field (docs/spec.md); the
// packed hash tables below are derived from the permutation once, at construction, so the SIMD
// kernels can fetch several corner hashes with one gather instead of chaining 10 (2D) or 14 (3D)
// dependent table lookups. They hold exactly the integers the spec's hash chain produces, so
// using them changes speed only, never a bit.
#ifndef GRADNOISE_SRC_TABLES_HPP
#define GRADNOISE_SRC_TABLES_HPP

#include <cstdint>

#include "gradnoise/noise.hpp"

namespace gradnoise::detail {

struct NoiseTables {
    PermutationTable permutation;
    Fade fade = Fade::quintic;

    // Index (X << 8) | Y, X and Y the lattice cell (0..255). Bytes, low to high: the 2D corner
    // hashes of (X,Y), (X+1,Y), (X,Y+1), (X+1,Y+1), i.e. p[p[p[X+i]+Y+j]] (spec section 3).
    alignas(64) std::int32_t corner_hash_2d[65536];
    // Index (X << 8) | Y. Bytes, low to high: p[p[X]+Y], p[p[X+1]+Y], p[p[X]+Y+1], p[p[X+1]+Y+1],
    // the first two levels of the 3D hash chain for the four (i, j) column corners.
    alignas(64) std::int32_t hash_xy[65536];
    // Index n (0..255). Byte 0: p[n]; byte 1: p[n+1]; the last level for k = 0 and k = 1.
    alignas(64) std::int32_t hash_z[256];
};

// Builds every derived table of `tables` from tables.permutation.
void build_tables(NoiseTables& tables) noexcept;

}  // namespace gradnoise::detail

#endif
