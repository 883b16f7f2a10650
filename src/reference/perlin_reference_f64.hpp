// The binary64 reference (docs/spec.md section 14): Ken Perlin's Java ImprovedNoise, operation for
// operation in double (contraction off), with the float path's rules for cells, non-finite input
// and fractals. Reproduces his published values bit for bit, signed zeros included.
#ifndef GRADNOISE_SRC_REFERENCE_PERLIN_REFERENCE_F64_HPP
#define GRADNOISE_SRC_REFERENCE_PERLIN_REFERENCE_F64_HPP

#include "tables.hpp"

namespace gradnoise::reference {

double noise3_f64(const PermutationTable& p, Fade fade, double x, double y, double z) noexcept;
double noise2_f64(const PermutationTable& p, Fade fade, double x, double y) noexcept;
// The whole binary64 field of a Noise (base noise or fractal; spec 14.3).
double field2_f64(const detail::NoiseTables& t, double x, double y) noexcept;
double field3_f64(const detail::NoiseTables& t, double x, double y, double z) noexcept;

}  // namespace gradnoise::reference

#endif
