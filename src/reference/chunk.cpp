// [S 13] Chunks of an unbounded world: 64-bit sample numbers, octave coordinates reduced exactly
// mod 256. Spec sections are cited as [S n]; see docs/spec.md.
#include "reference/common.hpp"
#include "reference/int128.hpp"
#include "tables/erosion.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gradnoise::reference {
namespace {

// [S 13] Octave k's step g_k = spacing * f_k for each octave of the field (f_0 = 1 for plain
// noise, f_k = f_{k-1} * lacunarity), in order, while body(k, g_k) returns true; false if it
// stopped early.
template <class Body>
bool for_each_octave_step(const NoiseDesc& d, float spacing, Body&& body, int limit = max_octaves) {
    const FractalParams& f = d.fractal;
    const int octaves = std::min(f.kind == Fractal::none ? 1 : f.octaves, limit);
    float frequency = f.kind == Fractal::none ? 1.0f : f.frequency;
    for (int k = 0; k < octaves; ++k) {
        if (!body(k, spacing * frequency)) {
            return false;
        }
        frequency = frequency * f.lacunarity;
    }
    return true;
}

// [S 13, 18] The chunk sample's field with its gradient (before erosion); with axis >= 0, every
// octave's coordinate on that axis moved by shift * f_k (section 21.6's curvature).
Gradient chunk_field_gradient(const detail::NoiseTables& t, int dims, const std::int64_t* s, float spacing, int axis,
                              float shift) {
    float moved[max_octaves] = {};
    for (int k = 0; axis >= 0 && k < t.octaves.octaves; ++k) {
        moved[k] = shift * t.octaves.frequency[k];
    }
    if (chunk_in_binary64(t)) {
        double q[3][max_octaves] = {};
        for (int a = 0; a < dims; ++a) {
            chunk_coordinates_f64(t, spacing, a, s[a], 1, q[a]);
        }
        for (int k = 0; axis >= 0 && k < t.octaves.octaves; ++k) {
            q[axis][k] = q[axis][k] + static_cast<double>(moved[k]);
        }
        return spec::octave_sum_gradient(t, dims, q[0], 1, q[1], q[2]);
    }
    float q[3][max_octaves] = {};
    for (int a = 0; a < dims; ++a) {
        chunk_coordinates(t, spacing, a, s[a], 1, q[a]);
    }
    for (int k = 0; axis >= 0 && k < t.octaves.octaves; ++k) {
        q[axis][k] = q[axis][k] + moved[k];
    }
    return spec::octave_sum_gradient(t, dims, q[0], 1, q[1], q[2]);
}

// [S 13] The chunk field: octave k of sample s on axis a sits at chunk_coordinate(s_a, g_k) +
// k * offset_a, g_k = spacing * f_k (f_0 = 1 for plain noise).
float chunk(const detail::NoiseTables& t, int dims, const std::int64_t* s, float spacing) {
    if (t.desc.erosion.octaves > 0) {
        return erode_chunk(t, dims, s, spacing, chunk_field_gradient(t, dims, s, spacing, -1, 0.0f)).value;  // [S 21]
    }
    if (chunk_in_binary64(t)) {
        double q[3][max_octaves] = {};
        for (int a = 0; a < dims; ++a) {
            chunk_coordinates_f64(t, spacing, a, s[a], 1, q[a]);
        }
        return octave_sum(t, dims, q[0], 1, q[1], q[2]);
    }
    float q[3][max_octaves] = {};
    for (int a = 0; a < dims; ++a) {
        chunk_coordinates(t, spacing, a, s[a], 1, q[a]);
    }
    return octave_sum(t, dims, q[0], 1, q[1], q[2]);
}

}  // namespace

void chunk_coordinates(const detail::NoiseTables& t, float spacing, int axis, std::int64_t first, std::size_t n,
                       float* out, bool every_octave) noexcept {
    const float offset[3] = {detail::octave_offset_x, detail::octave_offset_y, detail::octave_offset_z};
    for_each_octave_step(
        t.desc, spacing,
        [&](int k, float step) {
            const float kf = static_cast<float>(k);
            for (std::size_t i = 0; i < n; ++i) {
                out[static_cast<std::size_t>(k) * n + i] = chunk_coordinate(first + static_cast<std::int64_t>(i), step) + kf * offset[axis];
            }
            return true;
        },
        every_octave ? max_octaves : t.octaves.octaves);
}

bool chunk_in_binary64(const detail::NoiseTables& t) noexcept {
    return t.desc.basis == Basis::opensimplex2 || t.desc.basis == Basis::opensimplex2s;
}

void chunk_coordinates_f64(const detail::NoiseTables& t, float spacing, int axis, std::int64_t first, std::size_t n,
                           double* out, bool every_octave) noexcept {
    const float offset[3] = {detail::octave_offset_x, detail::octave_offset_y, detail::octave_offset_z};
    for_each_octave_step(
        t.desc, spacing,
        [&](int k, float step) {
            const double shift = static_cast<double>(static_cast<float>(k) * offset[axis]);
            for (std::size_t i = 0; i < n; ++i) {
                const double s = static_cast<double>(first + static_cast<std::int64_t>(i));
                out[static_cast<std::size_t>(k) * n + i] = s * static_cast<double>(step) + shift;
            }
            return true;
        },
        every_octave ? max_octaves : t.octaves.octaves);
}

bool chunk_steps_finite(const NoiseDesc& desc, float spacing) noexcept {
    if (!for_each_octave_step(desc, spacing, [](int, float step) { return std::isfinite(step); })) {
        return false;
    }
    // [S 21] and spacing * E_k for the erosion filter's octaves (E_k = E_0 * 2^k).
    float frequency = desc.erosion.octaves > 0 ? detail::erosion_base_frequency(desc) : 0.0f;
    for (int k = 0; k < desc.erosion.octaves; ++k) {
        if (!std::isfinite(spacing * frequency)) {
            return false;
        }
        frequency = frequency * 2.0f;
    }
    return true;
}

float chunk_coordinate(std::int64_t s, float g) noexcept {
    if (!std::isfinite(g)) {
        return std::numeric_limits<float>::quiet_NaN();  // (s * inf has no residue; frexp(inf) no mantissa)
    }
    // g = m * 2^e with m a 24-bit integer: s * g = P * 2^e, P = s * m exact in 128 bits (< 2^87).
    int exponent = 0;
    float fraction = std::frexp(g, &exponent);
    const auto m = static_cast<std::int64_t>(std::ldexp(fraction, 24));
    const int e = exponent - 24;
    const Int128 P = multiply(s, m);
    if (e >= 0) {
        // An integer: (P mod 256) * 2^e mod 256.
        return e >= 8 ? 0.0f : static_cast<float>((mod256(P) << e) & 255);
    }
    const int shift = -e;
    if (shift > 118) {
        // |s * g| < 2^87 * 2^-118: far below one cell; IEEE double arithmetic, then float.
        double v = static_cast<double>(s) * static_cast<double>(g);
        return static_cast<float>(v < 0.0 ? v + 256.0 : v);
    }
    // Integer part I = floor(P / 2^shift) mod 256 and the fraction F / 2^shift, joined in 128
    // bits and rounded to float once (scaling by 2^-shift is exact).
    const Int128 total = join(mod256(shift_right(P, shift)), shift, low_bits(P, shift));
    return std::ldexp(to_float(total), -shift);
}

Gradient chunk_gradient(const detail::NoiseTables& t, int dims, const std::int64_t* s, float spacing) noexcept {
    const Gradient g = chunk_field_gradient(t, dims, s, spacing, -1, 0.0f);
    if (t.desc.erosion.octaves <= 0) {
        return g;
    }
    // [S 13, 21.6] The curvature: octave k's coordinate on axis b moved by +-delta * f_k, the step
    // delta + delta.
    const float delta = detail::erosion_curvature_step(detail::erosion_field_frequency(t.desc));
    const float step = delta + delta;
    Curvature curvature;
    for (int b = 0; b < dims; ++b) {
        const Gradient above = chunk_field_gradient(t, dims, s, spacing, b, delta);
        const Gradient below = chunk_field_gradient(t, dims, s, spacing, b, -delta);
        for (int a = 0; a < 2; ++a) {
            curvature.h[a][b] = (above.d[a] - below.d[a]) / step;
        }
    }
    return erode_chunk_exact(t, dims, s, spacing, g, curvature);
}

float chunk2(const detail::NoiseTables& t, std::int64_t sx, std::int64_t sy, float spacing) noexcept {
    const std::int64_t s[2] = {sx, sy};
    return chunk(t, 2, s, spacing);
}

float chunk3(const detail::NoiseTables& t, std::int64_t sx, std::int64_t sy, std::int64_t sz, float spacing) noexcept {
    const std::int64_t s[3] = {sx, sy, sz};
    return chunk(t, 3, s, spacing);
}

}  // namespace gradnoise::reference
