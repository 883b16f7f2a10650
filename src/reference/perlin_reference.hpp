// The scalar reference: docs/spec.md written as plain C++, one point at a time.
// Read this next to the spec and Ken Perlin's 2002 paper; it has no speed tricks by design.
#ifndef GRADNOISE_SRC_REFERENCE_PERLIN_REFERENCE_HPP
#define GRADNOISE_SRC_REFERENCE_PERLIN_REFERENCE_HPP

#include <cstdint>

#include "gradnoise/noise.hpp"
#include "tables.hpp"

namespace gradnoise::reference {

// [S 3] The hash of lattice corner (X, Y, Z); each coordinate is taken mod 256.
struct LatticeHash {
    Hash kind = Hash::permutation;
    const PermutationTable* permutation = nullptr;  // Hash::permutation
    std::uint32_t key = 0;                          // Hash::mix

    int operator()(int X, int Y, int Z) const noexcept;

    static LatticeHash of(const detail::NoiseTables& t) noexcept { return {t.hash, &t.permutation, t.mix_key}; }
};

float noise3(const LatticeHash& hash, Fade fade, float x, float y, float z) noexcept;
float noise2(const LatticeHash& hash, Fade fade, float x, float y) noexcept;

}  // namespace gradnoise::reference

#endif
