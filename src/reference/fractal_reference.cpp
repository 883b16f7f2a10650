// Spec sections are cited as [S n]; see docs/spec.md.
#include "reference/fractal_reference.hpp"

#include <cfloat>
#include <cmath>

namespace gradnoise::reference {
namespace {

bool is_finite(float v) { return std::fabs(v) <= FLT_MAX; }

// [S 8] One octave's contribution before its amplitude; `weight` is the ridged kind's state.
float octave_term(Fractal kind, float n, float& weight) {
    switch (kind) {
        case Fractal::turbulence: return std::fabs(n);
        case Fractal::billow: return 2.0f * std::fabs(n) - 1.0f;
        case Fractal::ridged: {
            float s = 1.0f - std::fabs(n);
            s = s * s;
            s = s * weight;
            float w = s * 2.0f;
            weight = w < 0.0f ? 0.0f : (w > 1.0f ? 1.0f : w);
            return s;
        }
        default: return n;  // fbm
    }
}

// [S 8] The octave loop, shared by 2D and 3D: `sample(k, f_k)` evaluates octave k's noise.
template <class Sample>
float sum_octaves(const FractalParams& p, Sample sample) {
    float frequency = p.frequency;
    float amplitude = 1.0f;
    float amplitude_sum = 0.0f;
    float sum = 0.0f;
    float weight = 1.0f;
    for (int k = 0; k < p.octaves; ++k) {
        float n = sample(k, frequency);
        sum = sum + amplitude * octave_term(p.kind, n, weight);
        amplitude_sum = amplitude_sum + amplitude;
        frequency = frequency * p.lacunarity;
        amplitude = amplitude * p.persistence;
    }
    return sum / amplitude_sum;
}

}  // namespace

float field3(const LatticeHash& hash, Fade fade, const FractalParams& p, float x, float y, float z) noexcept {
    if (p.kind == Fractal::none) {
        return noise3(hash, fade, x, y, z);
    }
    if (!is_finite(x) || !is_finite(y) || !is_finite(z)) {
        return 0.0f;  // [S 8] as for the base noise
    }
    return sum_octaves(p, [&](int k, float f) {
        float kf = static_cast<float>(k);
        return noise3(hash, fade, x * f + kf * detail::octave_offset_x, y * f + kf * detail::octave_offset_y,
                      z * f + kf * detail::octave_offset_z);
    });
}

float field2(const LatticeHash& hash, Fade fade, const FractalParams& p, float x, float y) noexcept {
    if (p.kind == Fractal::none) {
        return noise2(hash, fade, x, y);
    }
    if (!is_finite(x) || !is_finite(y)) {
        return 0.0f;
    }
    return sum_octaves(p, [&](int k, float f) {
        float kf = static_cast<float>(k);
        return noise2(hash, fade, x * f + kf * detail::octave_offset_x, y * f + kf * detail::octave_offset_y);
    });
}

}  // namespace gradnoise::reference
