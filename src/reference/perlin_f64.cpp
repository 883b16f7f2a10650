// Spec sections are cited as [S n]; see docs/spec.md (section 14: binary64).
#include "reference/reference.hpp"

#include <cfloat>
#include <cmath>
#include <cstdint>

namespace gradnoise::reference {
namespace {

bool is_finite(double v) { return std::fabs(v) <= DBL_MAX; }

// [S 14.1] floor(v) mod 256 for any finite double: every double of magnitude >= 2^63 is a multiple
// of 256; below, the two's-complement low byte of the 64-bit integer.
int lattice_index(double floored) {
    if (!(std::fabs(floored) < 9223372036854775808.0)) {
        return 0;
    }
    std::int64_t i = static_cast<std::int64_t>(floored);
    return static_cast<int>(static_cast<std::uint64_t>(i) & 255u);
}

double fade_curve(Fade fade, double t) {
    if (fade == Fade::cubic) {
        return t * t * (3.0 - 2.0 * t);
    }
    return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);  // Perlin: t * t * t * (t * (t * 6 - 15) + 10)
}

double lerp(double t, double a, double b) { return a + t * (b - a); }

double grad(int hash, double x, double y, double z) {
    int h = hash & 15;
    double u = h < 8 ? x : y;
    double v = h < 4 ? y : (h == 12 || h == 14 ? x : z);
    return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
}

double octave_term(Fractal kind, double n, double& weight) {
    switch (kind) {
        case Fractal::turbulence: return std::fabs(n);
        case Fractal::billow: return 2.0 * std::fabs(n) - 1.0;
        case Fractal::ridged: {
            double s = 1.0 - std::fabs(n);
            s = s * s;
            s = s * weight;
            double w = s * 2.0;
            weight = w < 0.0 ? 0.0 : (w > 1.0 ? 1.0 : w);
            return s;
        }
        default: return n;
    }
}

}  // namespace

double noise3_f64(const PermutationTable& perm, Fade fade, double x, double y, double z) noexcept {
    if (!is_finite(x) || !is_finite(y) || !is_finite(z)) {
        return 0.0;
    }
    auto p = [&perm](int n) { return static_cast<int>(perm[static_cast<std::size_t>(n) & 255u]); };
    // [S 14.1] Perlin's Java code: X = floor(x) & 255, x -= floor(x), ... (x + 0 first: -0 -> +0,
    // which his code also yields, since -0 - floor(-0) = +0).
    x = x + 0.0;
    y = y + 0.0;
    z = z + 0.0;
    double fx = std::floor(x), fy = std::floor(y), fz = std::floor(z);
    int X = lattice_index(fx), Y = lattice_index(fy), Z = lattice_index(fz);
    x = x - fx;
    y = y - fy;
    z = z - fz;
    double u = fade_curve(fade, x), v = fade_curve(fade, y), w = fade_curve(fade, z);
    int A = p(X) + Y, AA = p(A) + Z, AB = p(A + 1) + Z;
    int B = p(X + 1) + Y, BA = p(B) + Z, BB = p(B + 1) + Z;
    return lerp(w,
                lerp(v, lerp(u, grad(p(AA), x, y, z), grad(p(BA), x - 1, y, z)),
                     lerp(u, grad(p(AB), x, y - 1, z), grad(p(BB), x - 1, y - 1, z))),
                lerp(v, lerp(u, grad(p(AA + 1), x, y, z - 1), grad(p(BA + 1), x - 1, y, z - 1)),
                     lerp(u, grad(p(AB + 1), x, y - 1, z - 1), grad(p(BB + 1), x - 1, y - 1, z - 1))));
}

double noise2_f64(const PermutationTable& perm, Fade fade, double x, double y) noexcept {
    if (!is_finite(x) || !is_finite(y)) {
        return 0.0;
    }
    // [S 14.2] noise3 on z = +0, as the float path (spec section 5): the 3D hashes with Z = 0,
    // gradients at z = +0, and the z lerp dropped (at z = 0 the weight w is 0 and lerp(0, a, b) = a).
    auto p = [&perm](int n) { return static_cast<int>(perm[static_cast<std::size_t>(n) & 255u]); };
    x = x + 0.0;
    y = y + 0.0;
    double fx = std::floor(x), fy = std::floor(y);
    int X = lattice_index(fx), Y = lattice_index(fy);
    x = x - fx;
    y = y - fy;
    double u = fade_curve(fade, x), v = fade_curve(fade, y);
    int A = p(X) + Y, B = p(X + 1) + Y;
    return lerp(v, lerp(u, grad(p(p(A)), x, y, 0.0), grad(p(p(B)), x - 1, y, 0.0)),
                lerp(u, grad(p(p(A + 1)), x, y - 1, 0.0), grad(p(p(B + 1)), x - 1, y - 1, 0.0)));
}

namespace {

// [S 14.3] The octave loop of section 8 in binary64: f_0 = double(frequency), f_k = f_{k-1} *
// double(lacunarity), a_k likewise with double(persistence), offsets k * 17.3125 etc. (exact).
template <class Sample>
double sum_octaves(const FractalParams& f, Sample sample) {
    double frequency = f.frequency, amplitude = 1.0, amplitude_sum = 0.0, sum = 0.0, weight = 1.0;
    for (int k = 0; k < f.octaves; ++k) {
        sum = sum + amplitude * octave_term(f.kind, sample(k, frequency), weight);
        amplitude_sum = amplitude_sum + amplitude;
        frequency = frequency * static_cast<double>(f.lacunarity);
        amplitude = amplitude * static_cast<double>(f.persistence);
    }
    return sum / amplitude_sum;
}

}  // namespace

double field3_f64(const detail::NoiseTables& t, double x, double y, double z) noexcept {
    const FractalParams& f = t.desc.fractal;
    if (f.kind == Fractal::none) {
        return noise3_f64(t.permutation, t.fade, x, y, z);
    }
    if (!is_finite(x) || !is_finite(y) || !is_finite(z)) {
        return 0.0;
    }
    return sum_octaves(f, [&](int k, double fk) {
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
    return sum_octaves(f, [&](int k, double fk) {
        double kd = static_cast<double>(k);
        return noise2_f64(t.permutation, t.fade, x * fk + kd * detail::octave_offset_x, y * fk + kd * detail::octave_offset_y);
    });
}

}  // namespace gradnoise::reference
