// [S 21] The erosion filter's constants and its per-octave table, built once per Noise. The
// kernels read the table; the reference's filter (reference/erosion.cpp: erode, erode_chunk)
// recomputes every entry from the descriptor by the same recurrences, and the tests hold the two
// paths equal bit for bit.
#ifndef GRADNOISE_SRC_TABLES_EROSION_HPP
#define GRADNOISE_SRC_TABLES_EROSION_HPP

#include <cstdint>

#include "gradnoise/noise.hpp"
#include "tables/band_limit.hpp"

namespace gradnoise::detail {

inline constexpr int max_erosion_octaves = 8;

// [S 21.1] Stripes per cell unit (a gully every 4/3 cells), the pivots' reach from the cell
// centre (times the 17.1 offset in (-1, 1): anywhere in the cell), the weight's support (radius
// 1.5, squared: no pivot outside the 4x4 cells around the sample reaches it, and its own cell's
// always does), the weight derivative's factor (d/de of (R^2 - |e|^2)^3 is -6 (R^2 - |e|^2)^2 e),
// 2 pi (the sine's c_1), the slope onset of octaves after the first, the key step between octaves,
// and the band limit's c.
inline constexpr float erosion_stripes = 0.75f;
inline constexpr float erosion_reach = 0.5f;
inline constexpr float erosion_radius2 = 2.25f;
inline constexpr float erosion_weight_slope = -6.0f;
inline constexpr float erosion_two_pi = 6.28318548f;
inline constexpr float erosion_onset = 1.25f;
inline constexpr std::uint32_t erosion_key_step = 0x632BE5ABu;
inline constexpr float erosion_band_scale = 2.0f;

// [S 21.1] The field's first octave's frequency f (1 without a fractal).
inline float erosion_field_frequency(const NoiseDesc& d) noexcept {
    return d.fractal.kind == Fractal::none ? 1.0f : d.fractal.frequency;
}

// [S 21.1] The first octave's cell frequency: f over the scale, one float division.
inline float erosion_base_frequency(const NoiseDesc& d) noexcept {
    return erosion_field_frequency(d) / d.erosion.scale;
}

// [S 21.6] The step of the curvature's central differences: 2^-12 / f, one float division (f the
// field's first octave's frequency; an erode node's own frequency).
inline constexpr float erosion_curvature_unit = 0.000244140625f;
inline float erosion_curvature_step(float frequency) noexcept { return erosion_curvature_unit / frequency; }

// [S 21.1] Octave k's cell-index mask on axis a (0: x, 1: y): 255 without a period; with period
// P, the cells in one period, P * 2^k / scale, capped at 256, minus 1.
inline std::int32_t erosion_mask(const NoiseDesc& d, int axis, int k) noexcept {
    const int period = axis == 0 ? d.period_x : d.period_y;
    if (period == 0) {
        return 255;
    }
    std::int64_t cells = period;
    for (float s = d.erosion.scale; s < 1.0f && cells < 256; s = s * 2.0f) {
        cells = cells * 2;
    }
    for (int i = 0; i < k && cells < 256; ++i) {
        cells = cells * 2;
    }
    return static_cast<std::int32_t>(cells < 256 ? cells : 256) - 1;
}

struct ErosionTable {
    int octaves = 0;  // evaluated octaves: those of weight > 0 (0: no erosion, or all faded)
    float frequency[max_erosion_octaves] = {};  // E_k: octave k's cells per input unit
    float weighted[max_erosion_octaves] = {};   // A_k * w_k: its depth times its band weight
    std::uint32_t key[max_erosion_octaves] = {};
    std::int32_t mask[max_erosion_octaves][2] = {};
    float gully_slope = 1.0f;  // gamma_0 = (A_0 * E_0) * (2 pi * 3/4): octave 0's steepest gully wall
    float curvature_step = 1.0f;  // [S 21.6] delta = 2^-12 / f
    float ridge = 0.0f, crease = 0.0f;
};

// [S 21.1] The table of a validated descriptor; mix_key as section 3.2's.
inline ErosionTable make_erosion_table(const NoiseDesc& d, std::uint32_t mix_key) noexcept {
    ErosionTable e;
    const ErosionParams& p = d.erosion;
    if (p.octaves <= 0) {
        return e;
    }
    const float footprint = d.fractal.kind == Fractal::none ? 0.0f : d.fractal.footprint;
    float frequency = erosion_base_frequency(d);
    float amplitude = p.strength * p.scale;
    e.gully_slope = (amplitude * frequency) * (erosion_two_pi * erosion_stripes);
    e.curvature_step = erosion_curvature_step(erosion_field_frequency(d));
    e.ridge = p.ridge_rounding;
    e.crease = p.crease_rounding;
    for (int k = 0; k < p.octaves; ++k) {
        const float w = band_weight(frequency, footprint, erosion_band_scale);
        if (w == 0.0f) {  // (the finer octaves have faded too)
            break;
        }
        e.frequency[k] = frequency;
        e.weighted[k] = amplitude * w;
        e.key[k] = mix_key + static_cast<std::uint32_t>(k + 1) * erosion_key_step;
        e.mask[k][0] = erosion_mask(d, 0, k);
        e.mask[k][1] = erosion_mask(d, 1, k);
        e.octaves = k + 1;
        frequency = frequency * 2.0f;
        amplitude = amplitude * p.detail;
    }
    return e;
}

}  // namespace gradnoise::detail

#endif
