// Internal to src/reference/: the spec's small building blocks, shared by its files.
#ifndef GRADNOISE_SRC_REFERENCE_COMMON_HPP
#define GRADNOISE_SRC_REFERENCE_COMMON_HPP

#include <cfloat>
#include <cmath>
#include <cstdint>

#include "reference/reference.hpp"

namespace gradnoise::reference::spec {

// [S 4.1] A coordinate is usable when finite; otherwise the noise value is +0.
inline bool is_finite(float v) { return std::fabs(v) <= FLT_MAX; }

// [S 4.2] Lattice cell of a finite coordinate: floor(v) mod 256, the mathematical residue.
// floor is exact in float. Every float of magnitude >= 2^31 is a multiple of 256 (residue 0) and
// would overflow int32, so it is not converted; below that the two's-complement low byte is the
// residue, taken in unsigned arithmetic.
inline int lattice_index(float floored) {
    if (!(std::fabs(floored) < 2147483648.0f)) {  // |v| >= 2^31
        return 0;
    }
    std::int32_t i = static_cast<std::int32_t>(floored);
    return static_cast<int>(static_cast<std::uint32_t>(i) & 255u);
}

// [S 4.3] Perlin 2002: 6t^5 - 15t^4 + 10t^3 as ((t*t)*t) * ((t*((t*6)-15))+10).
// Perlin 1985: 3t^2 - 2t^3 as (t*t) * (3-(2*t)).
inline float fade_curve(Fade fade, float t) {
    if (fade == Fade::cubic) {
        return t * t * (3.0f - 2.0f * t);
    }
    return t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
}

// [S 4.5] a + t * (b - a).
inline float lerp(float t, float a, float b) { return a + t * (b - a); }

// [S 4.4] Perlin's grad() (perlin.cpp).
float grad(int hash, float x, float y, float z);
// [S 10.1, 10.2] The value at a corner of hash h, offset (x, y, z) from the sample point (lattice.cpp).
float corner(const Lattice& l, int dims, int h, float x, float y, float z);
// [S 10.3] The lattice of octave k, its corner indices wrapped by the periods (lattice.cpp).
Lattice octave_lattice(const detail::NoiseTables& t, int k);
// [S 10.4] Perlin's 4D grad (lattice.cpp).
float grad4(int hash, float x, float y, float z, float w);

// [S 17.2, 18.6] The cellular search of octave k at finite q (cellular.cpp): the nearest two
// distances (after the square root for Euclidean), the nearest cell's value, and the two points'
// offsets d = feature - q.
struct CellularSearch {
    float f1 = 0.0f, f2 = 0.0f, value = 0.0f;
    float d1[3] = {0.0f, 0.0f, 0.0f}, d2[3] = {0.0f, 0.0f, 0.0f};
};
CellularSearch cellular_search(const detail::NoiseTables& t, int dims, int k, const float* q);
float cellular_output(const CellularSearch& r, CellularOutput output);  // F1, F2, F2 - F1 or the value

// [S 18] (gradient.cpp) One octave of the base noise with its gradient; the fractal at p with its
// gradient; the octave loop with its coordinates given (chunks).
Gradient base_gradient(const detail::NoiseTables& t, int dims, int k, const double* q);
// (without `gradient` only the value is computed meaningfully: the damped fractal's value)
Gradient fractal_gradient(const detail::NoiseTables& t, int dims, const float* p, bool gradient = true);
template <class T>
Gradient octave_sum_gradient(const detail::NoiseTables& t, int dims, const T* x, std::size_t x_stride, const T* y,
                             const T* z, bool gradient = true);
// [S 18.3] Has the field a gradient in `dims` dimensions? Not with a pattern, nor cellular 4D, nor
// the damped fractal of a simplex or cellular basis (its gradient needs the octaves' Hessians).
bool has_gradient(const NoiseDesc& d, int dims);

}  // namespace gradnoise::reference::spec

#endif
