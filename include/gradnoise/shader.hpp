// gradnoise — the same field on the GPU: GLSL source generated from a field's description, which
// computes the CPU's values bit for bit (docs/gpu.md; issue #31, first part).
#ifndef GRADNOISE_SHADER_HPP
#define GRADNOISE_SHADER_HPP

#include <string>

#include "gradnoise/export.hpp"
#include "gradnoise/noise.hpp"
#include "gradnoise/status.hpp"

namespace gradnoise {

struct ShaderOptions {
    int dimensions = 3;                      // 2 or 3: the function takes a vec2 or a vec3
    const char* function_name = "gn_field";  // a GLSL identifier; the helpers are named after it
};

// Writes GLSL 4.30 source into *out: constants and helper functions, then
//   float <function_name>(vec2 p)   (or vec3)
// returning, for every p, the bits Noise(desc).noise2/noise3 returns on the CPU. It is written from
// docs/spec.md operation by operation (every float expression `precise`, so no compiler contracts
// or reorders it; integer hashing in uint arithmetic) and needs no extension: paste it into a compute
// or fragment shader (GLSL 4.30+, or Vulkan GLSL through glslang). Supported so far: the lattice
// bases (perlin, classic, value, isotropic) with either fade and hash, seeds and periods, and their
// fbm, turbulence, ridged and billow fractals, in 2D and 3D; other fields are refused with
// invalid_argument naming what is missing. Allocates (load time).
GRADNOISE_API Status shader_source(const NoiseDesc& desc, const ShaderOptions& options, std::string* out);

}  // namespace gradnoise

#endif
