// The scalar reference for sums of octaves (docs/spec.md section 8), plain C++.
#ifndef GRADNOISE_SRC_REFERENCE_FRACTAL_REFERENCE_HPP
#define GRADNOISE_SRC_REFERENCE_FRACTAL_REFERENCE_HPP

#include "reference/perlin_reference.hpp"

namespace gradnoise::reference {

// The whole field of a Noise: the base noise, or its fractal when params.kind != none.
float field3(const LatticeHash& hash, Fade fade, const FractalParams& params, float x, float y, float z) noexcept;
float field2(const LatticeHash& hash, Fade fade, const FractalParams& params, float x, float y) noexcept;

}  // namespace gradnoise::reference

#endif
