// Internal to src/reference/: the spec's small building blocks, shared by its files.
#ifndef GRADNOISE_SRC_REFERENCE_COMMON_HPP
#define GRADNOISE_SRC_REFERENCE_COMMON_HPP

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "reference/reference.hpp"
#include "tables/band_limit.hpp"

namespace gradnoise::reference::spec {

// The building blocks below are written once over the real type: float, and binary64 (spec
// section 14) for Perlin noise and its fractals; every operation is the same, in the same order.

// [S 4.1] A coordinate is usable when finite; otherwise the noise value is +0.
template <class Real>
bool is_finite(Real v) {
    return std::fabs(v) <= std::numeric_limits<Real>::max();
}

// [S 4.2, 14.1] Lattice cell of a finite coordinate: floor(v) mod 256, the mathematical residue.
// floor is exact. Every float of magnitude >= 2^31 (double: 2^63) is a multiple of 256 (residue 0)
// and would overflow int32 (int64), so it is not converted; below that the two's-complement low
// byte is the residue, taken in unsigned arithmetic.
template <class Real>
int lattice_index(Real floored) {
    using Int = std::conditional_t<std::is_same_v<Real, double>, std::int64_t, std::int32_t>;
    using Unsigned = std::make_unsigned_t<Int>;
    constexpr Real bound = static_cast<Real>(Unsigned(1) << (8 * sizeof(Int) - 1));  // 2^31 or 2^63
    if (!(std::fabs(floored) < bound)) {
        return 0;
    }
    const Int i = static_cast<Int>(floored);
    return static_cast<int>(static_cast<Unsigned>(i) & 255u);
}

// [S 4.3] Perlin 2002: 6t^5 - 15t^4 + 10t^3 as ((t*t)*t) * ((t*((t*6)-15))+10).
// Perlin 1985: 3t^2 - 2t^3 as (t*t) * (3-(2*t)).
template <class Real>
Real fade_curve(Fade fade, Real t) {
    if (fade == Fade::cubic) {
        return t * t * (Real(3) - Real(2) * t);
    }
    return t * t * t * (t * (t * Real(6) - Real(15)) + Real(10));
}

// [S 4.5] a + t * (b - a).
template <class Real>
Real lerp(Real t, Real a, Real b) {
    return a + t * (b - a);
}

// [S 4.4] Perlin's grad(): the 12 cube-edge gradients selected by hash & 15.
template <class Real>
Real grad(int hash, Real x, Real y, Real z) {
    int h = hash & 15;
    Real u = h < 8 ? x : y;
    Real v = h < 4 ? y : (h == 12 || h == 14 ? x : z);
    return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
}

// [S 8] One octave's contribution before its amplitude; `weight` is the ridged kind's state.
template <class Real>
Real octave_term(Fractal kind, Real n, Real& weight) {
    switch (kind) {
        case Fractal::turbulence: return std::fabs(n);
        case Fractal::billow: return Real(2) * std::fabs(n) - Real(1);
        case Fractal::ridged: {
            Real s = Real(1) - std::fabs(n);
            s = s * s;
            s = s * weight;
            Real w = s * Real(2);
            weight = w < Real(0) ? Real(0) : (w > Real(1) ? Real(1) : w);
            return s;
        }
        default: return n;  // fbm
    }
}

// [S 18.3] One octave's term and its gradient, from the octave's value n and gradient g with respect
// to p: fbm, turbulence, billow, and ridged with its weight w and the weight's gradient dw (both
// updated for the next octave). |n|' = sign(n) n' with sign(+-0) = +1 (from the right); ridged:
// s = (1 - |n|)^2 * w, s' = ((r + r) * r') * w + r^2 * w', r' = -sign(n) n'; w_next = clamp(2 s, 0, 1),
// w_next' = 2 s' strictly inside (0, 1), else 0. (The built-in fractal's and a graph fractal's.)
inline void octave_term_gradient(Fractal kind, int dims, float n, const float* g, float& weight, float* dweight,
                                 float& term, float* dterm) {
    switch (kind) {
        case Fractal::turbulence:
        case Fractal::billow:
            term = std::fabs(n);
            for (int a = 0; a < dims; ++a) {
                dterm[a] = n < 0.0f ? -g[a] : g[a];
            }
            if (kind == Fractal::billow) {
                term = 2.0f * term - 1.0f;
                for (int a = 0; a < dims; ++a) {
                    dterm[a] = 2.0f * dterm[a];
                }
            }
            return;
        case Fractal::ridged: {
            const float r = 1.0f - std::fabs(n);
            const float square = r * r;
            term = square * weight;
            for (int a = 0; a < dims; ++a) {
                const float dr = n < 0.0f ? g[a] : -g[a];
                dterm[a] = ((r + r) * dr) * weight + square * dweight[a];
            }
            const float w = term * 2.0f;
            weight = w < 0.0f ? 0.0f : (w > 1.0f ? 1.0f : w);
            for (int a = 0; a < dims; ++a) {
                dweight[a] = (w > 0.0f && w < 1.0f) ? dterm[a] * 2.0f : 0.0f;
            }
            return;
        }
        default:  // fbm
            term = n;
            for (int a = 0; a < dims; ++a) {
                dterm[a] = g[a];
            }
            return;
    }
}

// [S 8.1] The band limit as the octave loops take it: the footprint (0: none), the basis' scale and
// mu, the octave term's mean (graph fractals: none).
struct Band {
    float footprint = 0.0f, scale = 1.0f, mean = 0.0f;
};
inline Band band_of(const detail::NoiseTables& t, int dims) {
    return {t.desc.fractal.footprint, detail::band_scale(t.desc.basis), t.band_mean[dims]};
}

// [S 8.1] The octave sum's start: the faded octaves' share of the mean, sum over k of
// (a_k - a_k w_k) * mu, in order (+0 without a band limit).
template <class Real>
Real band_bias(const FractalParams& f, const Band& band) {
    Real amplitude = 1, bias = 0;
    float frequency = f.frequency;
    for (int k = 0; k < f.octaves && band.footprint != 0.0f; ++k) {
        const Real w = static_cast<Real>(detail::band_weight(frequency, band.footprint, band.scale));
        bias = bias + (amplitude - amplitude * w) * static_cast<Real>(band.mean);
        frequency = frequency * f.lacunarity;
        amplitude = amplitude * static_cast<Real>(f.persistence);
    }
    return bias;
}

// [S 8, 8.1, 14.3] The octave loop: sum_k a_k w_k term(n_k) / sum_k a_k over the fractal's
// octaves, from band_bias, with a_0 = 1, a_k = a_{k-1} * persistence, f_0 = frequency,
// f_k = f_{k-1} * lacunarity (binary64: the float parameters converted; the weights w_k always
// from the float f_k). Octaves after the first whose weight is 0 are not evaluated. sample(k, f_k)
// is octave k's base noise (the damped kind has its own loop, gradient.cpp).
template <class Real, class Sample>
Real sum_octaves(const FractalParams& f, const Band& band, Sample&& sample) {
    Real frequency = f.frequency, amplitude = 1, amplitude_sum = 0, weight = 1;
    Real sum = band_bias<Real>(f, band);
    float band_frequency = f.frequency;
    for (int k = 0; k < f.octaves; ++k) {
        const float w = detail::band_weight(band_frequency, band.footprint, band.scale);
        if (k == 0 || w != 0.0f) {
            sum = sum + (amplitude * static_cast<Real>(w)) * octave_term<Real>(f.kind, sample(k, frequency), weight);
        }
        amplitude_sum = amplitude_sum + amplitude;
        frequency = frequency * static_cast<Real>(f.lacunarity);
        amplitude = amplitude * static_cast<Real>(f.persistence);
        band_frequency = band_frequency * f.lacunarity;
    }
    return sum / amplitude_sum;
}

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
    float id = 0.0f;                           // the nearest cell's id
    float position[3] = {0.0f, 0.0f, 0.0f};    // the nearest feature point's coordinates
    float edge = 0.0f, edge_gradient[3] = {0.0f, 0.0f, 0.0f};  // the output edge only
};
CellularSearch cellular_search(const detail::NoiseTables& t, int dims, int k, const float* q);
float cellular_output(const CellularSearch& r, CellularOutput output);  // F1, F2, F2 - F1, the value, id, ...

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
// [S 17.1] A (wrapped) cell's 32-bit hash under `key`, and axis a's feature offset in (-1, 1)
// from it (cellular.cpp; the erosion filter's pivots take them too).
std::uint32_t cell_hash(std::uint32_t key, int dims, const int* cell);
float feature_offset(std::uint32_t h, int a);

}  // namespace gradnoise::reference::spec

#endif
