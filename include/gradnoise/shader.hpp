// gradnoise — the same field on the GPU: GLSL source generated from a field's description, which
// computes the CPU's values bit for bit (docs/gpu.md).
#ifndef GRADNOISE_SHADER_HPP
#define GRADNOISE_SHADER_HPP

#include <cstddef>
#include <cstdint>
#include <string>

#include "gradnoise/export.hpp"
#include "gradnoise/graph.hpp"
#include "gradnoise/noise.hpp"
#include "gradnoise/status.hpp"

namespace gradnoise {

struct ShaderOptions {
    int dimensions = 3;                      // 2, 3 or 4: the functions take a vec2, vec3 or vec4
    const char* function_name = "gn_field";  // a GLSL identifier; the helpers are named after it
    bool gradient = false;                   // also write <name>_gradient (the value and its gradient)
};

// Writes GLSL 4.30 source into *out: constants and helper functions named after function_name, and
//   float <name>(vecN p)                              the field at p: Noise(desc).noise2/3/4's bits
//   float <name>_gradient(vecN p, out vecN d)         with options.gradient: the value and its
//                                                     gradient, gradient2/3/4's bits
//   const int <name>_octave_count                     K: 1, or the fractal's octaves
//   float <name>_octaves(vecN q[K])                   a chunk sample from its octave coordinates
//   float <name>_octaves_gradient(vecN q[K], out vecN d)   (chunk_octave_coordinates below; the
//                                                     simplex bases take dvecN q[K]): the
//                                                     bits of fill_chunk_* / fill_chunk_gradient_*
//                                                     (with erosion, they take vec2 e[M] after q:
//                                                     chunk_erosion_coordinates below)
// It is written from docs/spec.md operation by operation (every float expression `precise`, so no
// compiler contracts or reorders it; integer hashing in uint arithmetic) and needs no extension:
// paste it into a compute or fragment shader (GLSL 4.30+, or Vulkan GLSL through glslang).
// Covered: the lattice bases (perlin, classic, value, isotropic) with either fade and hash, seeds
// and periods, OpenSimplex2 (both hashes: K.jpg's binary64 and 64-bit integers, emulated in
// uvec2, or the mix variant's float and uint), cellular noise (2D, 3D), every fractal kind, warps
// and patterns, in 2D, 3D and 4D; OpenSimplex2S likewise; the erosion filter over any of them. Refused with invalid_argument naming the
// reason: options.gradient with a pattern (patterns have no gradient) or with the damped fractal
// of a non-lattice basis, and 4D cellular noise. Allocates (load time).
GRADNOISE_API Status shader_source(const NoiseDesc& desc, const ShaderOptions& options, std::string* out);

// A graph (gradnoise/graph.hpp) as GLSL: <name>(vecN p) and, with options.gradient,
// <name>_gradient(vecN p, out vecN d) -- Graph::sample2/3/4's and gradient2/3/4's bits. The
// compiled program, operation by operation (docs/spec.md section 19), over each field node's own
// functions (named <name>_n0, <name>_n1, ...). options.dimensions must be the graph's. Refused
// with invalid_argument: another dimension count, and options.gradient for a graph without a
// gradient; *error (when given) then names the node (the Status's message is a fixed summary).
GRADNOISE_API Status shader_source(const Graph& graph, const ShaderOptions& options, std::string* out,
                                   std::string* error = nullptr);

// The GPU's half of a chunk (docs/spec.md section 13): octave k's coordinate of the samples
// first .. first + count - 1 on `axis` (0 x, 1 y, 2 z) of a world sampled at `spacing`, reduced
// exactly in 64-bit integers as the chunk fills do, into out[k * count + i] for k < K (1, or the
// fractal's octaves). Pass them as q[k] to <name>_octaves: the GPU then needs no 64-bit integers,
// and a chunk 60 million units out is as exact as one at the origin. Errors: null_pointer,
// invalid_argument (axis outside 0..2; spacing not finite and > 0, or spacing * f_k overflowing;
// a simplex basis, whose chunk coordinates are binary64: the overload below). noexcept, no allocation.
GRADNOISE_API Status chunk_octave_coordinates(const Noise& noise, int axis, std::int64_t first, std::size_t count,
                                              float spacing, float* out) noexcept;
// The simplex bases' (OpenSimplex2, OpenSimplex2S): section 13.4's binary64 coordinates, for the
// overloads <name>_octaves(dvecN q[K]) and <name>_octaves_gradient(dvecN q[K], out vecN d) that
// their GLSL has. invalid_argument for the other bases (their coordinates are the float ones).
GRADNOISE_API Status chunk_octave_coordinates(const Noise& noise, int axis, std::int64_t first, std::size_t count,
                                              float spacing, double* out) noexcept;

// The erosion filter's half of a chunk (docs/spec.md section 21.3): a field with erosion has the
// chunk forms <name>_octaves(q, vec2 e[M]) and <name>_octaves_gradient(q, vec2 e[M], out vecN d),
// e[k] = (x, y) the cell coordinates of gully octave k. M = erosion_octave_count(noise): the octaves
// evaluated (0: no erosion, or every octave faded by the band limit; the chunk forms then take q
// alone). chunk_erosion_coordinates writes octave k's coordinate of the samples first .. first +
// count - 1 on either axis (x and y alike) into out[k * count + i], k < M, in float for every basis.
// Errors as chunk_octave_coordinates'. noexcept, no allocation.
GRADNOISE_API int erosion_octave_count(const Noise& noise) noexcept;
GRADNOISE_API Status chunk_erosion_coordinates(const Noise& noise, std::int64_t first, std::size_t count, float spacing,
                                               float* out) noexcept;

}  // namespace gradnoise

#endif
