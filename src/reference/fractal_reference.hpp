// The scalar reference for everything above one octave (docs/spec.md sections 8, 11, 12): sums of
// octaves, domain warping and patterns, plain C++.
#ifndef GRADNOISE_SRC_REFERENCE_FRACTAL_REFERENCE_HPP
#define GRADNOISE_SRC_REFERENCE_FRACTAL_REFERENCE_HPP

#include <cstdint>

#include "reference/perlin_reference.hpp"

namespace gradnoise::reference {

// The whole field of a Noise at a point: pattern(warp(fractal(base noise))), each stage only
// when the descriptor asks for it.
float field2(const detail::NoiseTables& t, float x, float y) noexcept;
float field3(const detail::NoiseTables& t, float x, float y, float z) noexcept;
float field4(const detail::NoiseTables& t, float x, float y, float z, float w) noexcept;

// [S 13] float((s * g) mod 256): the product of a sample number and an octave step, reduced
// exactly in integers, then rounded once to float.
float chunk_coordinate(std::int64_t s, float g) noexcept;
// [S 8, 13] The base noise (octave 0) or the fractal sum, octave k at (x[k * x_stride], y[k],
// z[k]) (z unused in 2D): the octave loop with its coordinates given.
float octave_sum(const detail::NoiseTables& t, int dims, const float* x, std::size_t x_stride, const float* y,
                 const float* z) noexcept;
// [S 13] The chunk sample (sx, sy[, sz]) of a world with this spacing.
float chunk2(const detail::NoiseTables& t, std::int64_t sx, std::int64_t sy, float spacing) noexcept;
float chunk3(const detail::NoiseTables& t, std::int64_t sx, std::int64_t sy, std::int64_t sz, float spacing) noexcept;

// [S 12.1] sin(t) by the project's own polynomial (the same on every platform; libm's is not).
float sine(float t) noexcept;

}  // namespace gradnoise::reference

#endif
