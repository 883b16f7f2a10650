// [S 8.1] The band limit's octave weight, said once for the tables (tables/noise_tables.cpp), the
// reference (reference/common.hpp) and the GLSL writer (shader/glsl_octaves.cpp): octave k of
// frequency f_k, for samples `footprint` apart, keeps the weight w_k of its term and gives the rest
// to the term's mean. The fade runs over one octave of u = f_k * footprint * scale, from 0.5 (the
// octave's features about two samples wide) to 1.5, along the smoothstep.
#ifndef GRADNOISE_SRC_TABLES_BAND_LIMIT_HPP
#define GRADNOISE_SRC_TABLES_BAND_LIMIT_HPP

#include "gradnoise/noise.hpp"
#include "gradnoise/parameters.hpp"

namespace gradnoise::detail {

// The features of the simplex families and of cellular noise are about half the lattice bases'
// at one frequency (measured by the spectrum: docs/band-limit.md), so their u is doubled.
inline float band_scale(Basis basis) noexcept { return basis_family(basis) == BasisFamily::lattice ? 1.0f : 2.0f; }

// w(u): 1 for u <= 0.5, 0 for u >= 1.5 (an infinite u too), else t = 1.5 - u, (t * t) * (3 - 2 t).
// footprint 0: no band limit, 1.
inline float band_weight(float frequency, float footprint, float scale) noexcept {
    if (footprint == 0.0f) {
        return 1.0f;
    }
    const float u = (frequency * footprint) * scale;
    if (u <= 0.5f) {
        return 1.0f;
    }
    if (u >= 1.5f) {
        return 0.0f;
    }
    const float t = 1.5f - u;
    return (t * t) * (3.0f - 2.0f * t);
}

}  // namespace gradnoise::detail

#endif
