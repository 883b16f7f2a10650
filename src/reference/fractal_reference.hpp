// The scalar reference for everything above one octave (docs/spec.md sections 8, 11, 12): sums of
// octaves, domain warping and patterns, plain C++.
#ifndef GRADNOISE_SRC_REFERENCE_FRACTAL_REFERENCE_HPP
#define GRADNOISE_SRC_REFERENCE_FRACTAL_REFERENCE_HPP

#include "reference/perlin_reference.hpp"

namespace gradnoise::reference {

// The whole field of a Noise at a point: pattern(warp(fractal(base noise))), each stage only
// when the descriptor asks for it.
float field2(const detail::NoiseTables& t, float x, float y) noexcept;
float field3(const detail::NoiseTables& t, float x, float y, float z) noexcept;
float field4(const detail::NoiseTables& t, float x, float y, float z, float w) noexcept;

// [S 12.1] sin(t) by the project's own polynomial (the same on every platform; libm's is not).
float sine(float t) noexcept;

}  // namespace gradnoise::reference

#endif
