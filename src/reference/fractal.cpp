// [S 8, 11, 12, 14.3] The scalar reference for everything above one octave: sums of octaves, domain
// warping and patterns, plain C++ -- the whole field of a Noise (and the binary64 one). Spec sections are cited as [S n];
// see docs/spec.md.
#include "reference/common.hpp"

namespace gradnoise::reference {

using namespace spec;

namespace {

// One octave of base noise at q (dims coordinates). Binary64 coordinates reach the simplex
// families only from chunks (spec 13.4); every other caller passes floats, exact in double.
float base_noise(const detail::NoiseTables& t, int dims, int k, const double* q) {
    const NoiseDesc& d = t.desc;
    switch (d.basis) {
        case Basis::opensimplex2:
        case Basis::opensimplex2s: {
            // [S 16] float coordinates are exact in binary64.
            const bool smooth = d.basis == Basis::opensimplex2s;
            const SimplexVariant v = simplex_variant(t, k);
            switch (dims) {
                case 2:
                    return smooth ? opensimplex2s_2d(v, d.simplex.orientation2, q[0], q[1])
                                  : opensimplex2_2d(v, d.simplex.orientation2, q[0], q[1]);
                case 3:
                    return smooth ? opensimplex2s_3d(v, d.simplex.orientation3, q[0], q[1], q[2])
                                  : opensimplex2_3d(v, d.simplex.orientation3, q[0], q[1], q[2]);
                default:
                    return smooth ? opensimplex2s_4d(v, d.simplex.orientation4, q[0], q[1], q[2], q[3])
                                  : opensimplex2_4d(v, d.simplex.orientation4, q[0], q[1], q[2], q[3]);
            }
        }
        default: break;
    }
    const float f[4] = {static_cast<float>(q[0]), static_cast<float>(q[1]), dims > 2 ? static_cast<float>(q[2]) : 0.0f,
                        dims > 3 ? static_cast<float>(q[3]) : 0.0f};
    if (d.basis == Basis::cellular) {
        return cellular(t, dims, k, f);  // 2D and 3D (4D is rejected before)
    }
    Lattice l = octave_lattice(t, k);
    switch (dims) {
        case 2: return noise2(l, d.fade, f[0], f[1]);
        case 3: return noise3(l, d.fade, f[0], f[1], f[2]);
        default: return noise4(l, d.fade, f[0], f[1], f[2], f[3]);
    }
}

float base_noise(const detail::NoiseTables& t, int dims, int k, const float* q) {
    const double d[4] = {q[0], q[1], dims > 2 ? q[2] : 0.0, dims > 3 ? q[3] : 0.0};
    return base_noise(t, dims, k, d);
}

// [S 8] The base noise, or the sum of octaves. Octave k samples at p * f_k + k * offset (per axis).
float fractal(const detail::NoiseTables& t, int dims, const float* p) {
    const FractalParams& f = t.desc.fractal;
    if (f.kind == Fractal::none) {
        return base_noise(t, dims, 0, p);
    }
    if (f.kind == Fractal::damped) {
        return fractal_gradient(t, dims, p, false).value;  // [S 18.3] its value needs the octaves' gradients
    }
    for (int a = 0; a < dims; ++a) {
        if (!is_finite(p[a])) {
            return 0.0f;  // as for the base noise
        }
    }
    const float offset[4] = {detail::octave_offset_x, detail::octave_offset_y, detail::octave_offset_z,
                             detail::octave_offset_w};
    return sum_octaves<float>(f, band_of(t, dims), [&](int k, float frequency) {
        float kf = static_cast<float>(k);
        float q[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        for (int a = 0; a < dims; ++a) {
            q[a] = p[a] * frequency + kf * offset[a];
        }
        return base_noise(t, dims, k, q);
    });
}

// [S 11] Domain warping: each level displaces p by strength * d, component a of d being the
// fractal at (the previous level's point) * frequency + c_{level, a} on every axis.
float warped(const detail::NoiseTables& t, int dims, const float* p) {
    const WarpParams& w = t.desc.warp;
    float at[4] = {p[0], p[1], dims > 2 ? p[2] : 0.0f, dims > 3 ? p[3] : 0.0f};
    for (int level = 0; level < w.levels; ++level) {
        float d[4];
        for (int a = 0; a < dims; ++a) {
            float q[4];
            for (int b = 0; b < dims; ++b) {
                q[b] = at[b] * w.frequency + detail::warp_offset[level][a];
            }
            d[a] = fractal(t, dims, q);
        }
        for (int a = 0; a < dims; ++a) {
            at[a] = p[a] + w.strength * d[a];
        }
    }
    return fractal(t, dims, at);
}

// [S 12] Patterns: the field mapped to [0, 1].
float field(const detail::NoiseTables& t, int dims, const float* p) {
    if (t.desc.erosion.octaves > 0) {
        return field_eroded(t, dims, p);  // [S 21] the filter steers by the gradient
    }
    float v = warped(t, dims, p);
    const PatternParams& pattern = t.desc.pattern;
    float r;
    switch (pattern.kind) {
        case Pattern::marble: r = 0.5f + 0.5f * sine(p[0] * pattern.frequency + pattern.strength * v); break;
        case Pattern::wood: {
            float g = std::sqrt(p[0] * p[0] + p[1] * p[1]) * pattern.frequency + pattern.strength * v;
            r = g - std::floor(g);
            break;
        }
        default: return v;
    }
    // [S 12.3] A non-finite coordinate or a NaN (an overflow) -> 0; then clamp to [0, 1]
    // (g - floor(g) rounds to 1 for tiny negative g: that is the ring's start, 0).
    for (int a = 0; a < dims; ++a) {
        if (!is_finite(p[a])) {
            return 0.0f;
        }
    }
    if (!(r == r)) {
        return 0.0f;
    }
    if (pattern.kind == Pattern::wood && r >= 1.0f) {
        return 0.0f;
    }
    return r < 0.0f ? 0.0f : (r > 1.0f ? 1.0f : r);
}

}  // namespace

namespace {

template <class T>
float octave_sum_of(const detail::NoiseTables& t, int dims, const T* x, std::size_t x_stride, const T* y,
                    const T* z) {
    const FractalParams& f = t.desc.fractal;
    auto at = [&](int k) {
        const T q[4] = {x[static_cast<std::size_t>(k) * x_stride], y[k], dims == 3 ? z[k] : T(0), T(0)};
        return base_noise(t, dims, k, q);
    };
    if (f.kind == Fractal::none) {
        return at(0);
    }
    if (f.kind == Fractal::damped) {
        return octave_sum_gradient(t, dims, x, x_stride, y, z, false).value;
    }
    return sum_octaves<float>(f, band_of(t, dims), [&](int k, float) { return at(k); });  // (the coordinates hold f_k)
}

}  // namespace

float octave_sum(const detail::NoiseTables& t, int dims, const float* x, std::size_t x_stride, const float* y,
                 const float* z) noexcept {
    return octave_sum_of(t, dims, x, x_stride, y, z);
}

float octave_sum(const detail::NoiseTables& t, int dims, const double* x, std::size_t x_stride, const double* y,
                 const double* z) noexcept {
    return octave_sum_of(t, dims, x, x_stride, y, z);
}

// [S 8.1] mu_d: the mean of the fractal's octave term (the ridged kind's with weight 1, the damped
// kind's: n) over octave 0's base noise at 4096 fixed points p_j = ((j m_a) mod 65536) / 256 per
// axis, summed in binary64 in order of j, divided by 4096 and rounded to float once.
float band_mean(const detail::NoiseTables& t, int dims) noexcept {
    if (dims == 4 && t.desc.basis == Basis::cellular) {
        return 0.0f;  // no 4D cellular noise
    }
    static constexpr std::uint32_t m[3][4] = {{49471, 37345, 0, 0}, {53685, 43977, 36025, 0}, {56143, 48097, 41203, 35297}};
    const Fractal kind = t.desc.fractal.kind;
    double sum = 0.0;
    for (std::uint32_t j = 0; j < 4096; ++j) {
        float p[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        for (int a = 0; a < dims; ++a) {
            p[a] = static_cast<float>((j * m[dims - 2][a]) & 65535u) / 256.0f;
        }
        const float n = base_noise(t, dims, 0, p);
        float weight = 1.0f;
        const float term = kind == Fractal::damped ? n : octave_term<float>(kind, n, weight);
        sum = sum + static_cast<double>(term);
    }
    return static_cast<float>(sum / 4096.0);
}

float sine(float t) noexcept { return sine_turns(t * detail::sine_inv_two_pi); }

float sine_turns(float r) noexcept {
    // [S 12.1] turns r; r - floor(r) in [0, 1]; u = r - 1/2 in [-1/2, 1/2], sin(2 pi r) = -sin(2 pi u);
    // fold u into [-1/4, 1/4] (sin(pi - a) = sin a); odd Taylor polynomial of sin(2 pi u) to degree 11.
    r = r - std::floor(r);
    float u = r - 0.5f;
    if (u > 0.25f) {
        u = 0.5f - u;
    } else if (u < -0.25f) {
        u = -0.5f - u;
    }
    float u2 = u * u;
    float s = detail::sine_c11;
    s = s * u2 + detail::sine_c9;
    s = s * u2 + detail::sine_c7;
    s = s * u2 + detail::sine_c5;
    s = s * u2 + detail::sine_c3;
    s = s * u2 + detail::sine_c1;
    return -(s * u);
}

float field2(const detail::NoiseTables& t, float x, float y) noexcept {
    const float p[2] = {x, y};
    return field(t, 2, p);
}

float field3(const detail::NoiseTables& t, float x, float y, float z) noexcept {
    const float p[3] = {x, y, z};
    return field(t, 3, p);
}

float field4(const detail::NoiseTables& t, float x, float y, float z, float w) noexcept {
    const float p[4] = {x, y, z, w};
    return field(t, 4, p);
}

// [S 14.3] The binary64 field: Perlin noise or its fractal (the octave constants in double from the
// float parameters, offsets k * 17.3125 etc. exact).
double field3_f64(const detail::NoiseTables& t, double x, double y, double z) noexcept {
    const FractalParams& f = t.desc.fractal;
    if (f.kind == Fractal::none) {
        return noise3_f64(t.permutation, t.fade, x, y, z);
    }
    if (!is_finite(x) || !is_finite(y) || !is_finite(z)) {
        return 0.0;
    }
    return sum_octaves<double>(f, band_of(t, 3), [&](int k, double fk) {
        double kd = static_cast<double>(k);
        return noise3_f64(t.permutation, t.fade, x * fk + kd * detail::octave_offset_x, y * fk + kd * detail::octave_offset_y,
                          z * fk + kd * detail::octave_offset_z);
    });
}

double field2_f64(const detail::NoiseTables& t, double x, double y) noexcept {
    const FractalParams& f = t.desc.fractal;
    if (f.kind == Fractal::none) {
        return noise2_f64(t.permutation, t.fade, x, y);
    }
    if (!is_finite(x) || !is_finite(y)) {
        return 0.0;
    }
    return sum_octaves<double>(f, band_of(t, 2), [&](int k, double fk) {
        double kd = static_cast<double>(k);
        return noise2_f64(t.permutation, t.fade, x * fk + kd * detail::octave_offset_x, y * fk + kd * detail::octave_offset_y);
    });
}

}  // namespace gradnoise::reference
