// The scalar reference: docs/spec.md written as plain C++, one point at a time.
// Read this next to the spec and Ken Perlin's 2002 paper; it has no speed tricks by design.
#ifndef GRADNOISE_SRC_REFERENCE_PERLIN_REFERENCE_HPP
#define GRADNOISE_SRC_REFERENCE_PERLIN_REFERENCE_HPP

#include "gradnoise/noise.hpp"

namespace gradnoise::reference {

float noise3(const PermutationTable& perm, Fade fade, float x, float y, float z) noexcept;
float noise2(const PermutationTable& perm, Fade fade, float x, float y) noexcept;

}  // namespace gradnoise::reference

#endif
