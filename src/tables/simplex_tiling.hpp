// Internal: the simplex families' periods (docs/spec.md section 16.8), shared by the tables the
// kernels and the GLSL read (noise_tables.cpp) and checked against the reference's own wrap
// (reference::simplex::wrap_label). Only the 3D fallback lattice (and its z = 0 slice, 2D
// fallback) tiles: its rotation M = (2/3) J - I is rational, and a shift of the input by P along
// axis a (P a multiple of 3) is the lattice shift (P / 3) c_a, c_a = 2 (1, 1, 1) - 3 e_a.
#ifndef GRADNOISE_SRC_TABLES_SIMPLEX_TILING_HPP
#define GRADNOISE_SRC_TABLES_SIMPLEX_TILING_HPP

#include <cstdint>

#include "gradnoise/noise.hpp"
#include "tables/simplex_constants.hpp"

namespace gradnoise::detail {

// The largest simplex period (3 * 256): octave k's period P * lacunarity^k is capped here.
inline constexpr int simplex_max_period = 768;

// [S 10.3] The lattice bases' and cellular noise's periods: 0 (none), or a power of two in 1..256.
constexpr bool lattice_period_allowed(int p) { return p == 0 || (p >= 1 && p <= 256 && (p & (p - 1)) == 0); }

// [S 16.8] The simplex families': 0 (none), or three times a power of two in 3..768.
constexpr bool simplex_period_allowed(int p) {
    return p == 0 || (p >= 3 && p <= simplex_max_period && p % 3 == 0 && ((p / 3) & (p / 3 - 1)) == 0);
}

// The inverse of an odd number modulo 2^32 (Newton's iteration, each step doubling the bits):
// a vertex's label is its primed coordinate times the prime's inverse, in the low 32 bits.
constexpr std::uint32_t inverse_mod_2_32(std::uint32_t odd) {
    std::uint32_t x = odd;  // correct to 3 bits: odd * odd = 1 mod 8
    for (int i = 0; i < 4; ++i) {
        x = x * (2u - odd * x);
    }
    return x;
}

inline constexpr std::uint32_t simplex_prime_inverse[3] = {
    inverse_mod_2_32(static_cast<std::uint32_t>(simplex_prime_x)),
    inverse_mod_2_32(static_cast<std::uint32_t>(simplex_prime_y)),
    inverse_mod_2_32(static_cast<std::uint32_t>(simplex_prime_z))};
inline constexpr std::uint32_t simplex_mix_prime_inverse[3] = {inverse_mod_2_32(simplex_mix_primes[0]),
                                                              inverse_mod_2_32(simplex_mix_primes[1]),
                                                              inverse_mod_2_32(simplex_mix_primes[2])};
static_assert(static_cast<std::uint32_t>(simplex_prime_x) * simplex_prime_inverse[0] == 1u);
static_assert(simplex_mix_primes[2] * simplex_mix_prime_inverse[2] == 1u);

// Whether a field has a 4D form: cellular noise has none (spec 17), nor has a simplex field with
// periods (16.8: no 4D simplex lattice tiles).
inline bool has_4d(const NoiseDesc& d) noexcept {
    const bool simplex = d.basis == Basis::opensimplex2 || d.basis == Basis::opensimplex2s;
    return d.basis != Basis::cellular && !(simplex && (d.period_x != 0 || d.period_y != 0 || d.period_z != 0));
}

// One octave's wrap, per axis a (0 where the axis has no period): the period (input units) and
// 3P, the bound of U_a = 2 (l_x + l_y + l_z) - 3 l_a (three times a label's input coordinate).
struct SimplexTiling {
    bool tiled = false;
    double period[3] = {0, 0, 0};
    std::int32_t three_period[3] = {0, 0, 0};
};

inline SimplexTiling simplex_tiling(const int* periods) {
    SimplexTiling t;
    for (int a = 0; a < 3; ++a) {
        if (periods[a] != 0) {
            t.tiled = true;
            t.period[a] = periods[a];
            t.three_period[a] = 3 * periods[a];
        }
    }
    return t;
}

}  // namespace gradnoise::detail

#endif
