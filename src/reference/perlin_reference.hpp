// The scalar reference: docs/spec.md written as plain C++, one point at a time.
// Read this next to the spec and Ken Perlin's 2002 paper; it has no speed tricks by design.
#ifndef GRADNOISE_SRC_REFERENCE_PERLIN_REFERENCE_HPP
#define GRADNOISE_SRC_REFERENCE_PERLIN_REFERENCE_HPP

#include <cstdint>

#include "gradnoise/noise.hpp"
#include "tables.hpp"

namespace gradnoise::reference {

// [S 3, 10] The lattice of one octave: how corners hash, what sits at them, and how the corner
// indices wrap (mask = period - 1, or 255 without a period).
struct Lattice {
    Hash kind = Hash::permutation;
    const PermutationTable* permutation = nullptr;  // Hash::permutation
    std::uint32_t key = 0;                          // Hash::mix
    Basis basis = Basis::perlin;
    const detail::NoiseTables* tables = nullptr;    // classic gradients and corner values
    int mask[4] = {255, 255, 255, 255};

    // The corner hash (0..255) of corner (X, Y, Z[, W]); each index is wrapped by its mask.
    int hash(int X, int Y, int Z) const noexcept;
    int hash(int X, int Y, int Z, int W) const noexcept;

    static Lattice of(const detail::NoiseTables& t) noexcept {
        Lattice l;
        l.kind = t.hash;
        l.permutation = &t.permutation;
        l.key = t.mix_key;
        l.basis = t.desc.basis;
        l.tables = &t;
        return l;
    }
};

// One octave of the base noise (no fractal, warp or pattern).
float noise2(const Lattice& lattice, Fade fade, float x, float y) noexcept;
float noise3(const Lattice& lattice, Fade fade, float x, float y, float z) noexcept;
float noise4(const Lattice& lattice, Fade fade, float x, float y, float z, float w) noexcept;

}  // namespace gradnoise::reference

#endif
