// [S 18] Analytic gradients: every lattice basis with its gradient, the octave sums by the chain
// rule (and the derivative-damped fBm, whose value needs them), domain warping through its
// Jacobian, curl noise and chunk samples. The value of each function here is computed by the same
// operations as the value functions (perlin.cpp, lattice.cpp, fractal.cpp), so it is bit for bit
// theirs. Spec sections are cited as [S n]; see docs/spec.md.
#include <limits>

#include "reference/common.hpp"
#include "tables/erosion.hpp"

namespace gradnoise::reference {

// The spec's building blocks are called qualified (spec::lerp ...): in the reference's unity
// build the binary64 file's lerp and fade_curve share this anonymous namespace and would hide them.

namespace {

// [S 18.1] The fades' derivatives.
float fade_derivative(Fade fade, float t) {
    if (fade == Fade::cubic) {
        return (t * 6.0f) * (1.0f - t);
    }
    float t1 = t - 1.0f;
    return ((t * t) * 30.0f) * (t1 * t1);
}

// [S 18.3] Their second derivatives (the damped fractal's gradient): cubic 6 - 12 t; quintic
// 60 t (t - 1) (2 t - 1) as ((t * 60) * (t - 1)) * ((t + t) - 1).
float fade_second_derivative(Fade fade, float t) {
    if (fade == Fade::cubic) {
        return 6.0f - 12.0f * t;
    }
    return ((t * 60.0f) * (t - 1.0f)) * ((t + t) - 1.0f);
}

// A value with its gradient and (for the damped fractal) its Hessian h[a][b].
struct Second {
    float value = 0.0f;
    float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    float h[4][4] = {};
};

// [S 18.2] Perlin's gradients as vectors: grad(h, x, y, z) = g . (x, y, z) with g's components
// +1, -1 or +0 (the two coordinates grad() picks never coincide).
void perlin_vector(int h, float* g) {
    h &= 15;
    const float u = (h & 1) ? -1.0f : 1.0f, v = (h & 2) ? -1.0f : 1.0f;
    g[0] = g[1] = g[2] = 0.0f;
    g[h < 8 ? 0 : 1] = u;
    g[h < 4 ? 1 : (h == 12 || h == 14 ? 0 : 2)] = v;
}

// [S 18.2] The 4D set likewise: grad4(h, x, y, z, w) = g . (x, y, z, w).
void perlin_vector4(int h, float* g) {
    h &= 31;
    g[0] = g[1] = g[2] = g[3] = 0.0f;
    g[h < 24 ? 0 : 1] = (h & 1) ? -1.0f : 1.0f;
    g[h < 16 ? 1 : 2] = (h & 2) ? -1.0f : 1.0f;
    g[h < 8 ? 2 : 3] = (h & 4) ? -1.0f : 1.0f;
}

// [S 18.2] The corner's value and its gradient (the derivative of the corner value with respect
// to the offset, which is the derivative with respect to the sample point: offset = point - corner).
void corner_gradient(const Lattice& l, int dims, int h, const float* o, float* value, float* g) {
    const detail::NoiseTables& t = *l.tables;
    if (dims == 4) {
        switch (l.basis) {
            case Basis::classic:
                *value = ((t.classic4[0][h] * o[0] + t.classic4[1][h] * o[1]) + t.classic4[2][h] * o[2]) +
                         t.classic4[3][h] * o[3];
                for (int a = 0; a < 4; ++a) {
                    g[a] = t.classic4[a][h];
                }
                return;
            case Basis::value:
                *value = t.values[h];
                for (int a = 0; a < 4; ++a) {
                    g[a] = 0.0f;
                }
                return;
            default:
                *value = spec::grad4(h, o[0], o[1], o[2], o[3]);
                perlin_vector4(h, g);
                return;
        }
    }
    const float z = dims == 3 ? o[2] : 0.0f;
    *value = spec::corner(l, dims, h, o[0], o[1], z);
    switch (l.basis) {
        case Basis::classic:
            for (int a = 0; a < dims; ++a) {
                g[a] = dims == 2 ? t.classic2[a][h] : t.classic3[a][h];
            }
            return;
        case Basis::value:
            for (int a = 0; a < dims; ++a) {
                g[a] = 0.0f;
            }
            return;
        case Basis::isotropic:
            if (dims == 2) {
                g[0] = detail::isotropic_gradient_x[h & 15];
                g[1] = detail::isotropic_gradient_y[h & 15];
                return;
            }
            break;
        default: break;
    }
    float v[3];
    perlin_vector(h, v);
    for (int a = 0; a < dims; ++a) {
        g[a] = v[a];
    }
}

// [S 18.2] One octave of a lattice basis, any dimension: the cell split and fades of noise2/3/4,
// the corners in the order c = i + 2j + 4k + 8m, then the lerp tree along x, y, z, w. Gradient
// component a runs the same tree on the corners' gradient components, and at the level that lerps
// along axis a adds the fade's derivative times the difference of the values lerped there.
template <int dims, bool hessian>
Second lattice_second(const Lattice& l, Fade fade, const float* p) {
    Second r;
    for (int a = 0; a < dims; ++a) {
        if (!spec::is_finite(p[a])) {
            return r;  // +0, +0 gradient (and Hessian)
        }
    }
    int cell[4];
    float frac[4], u[4], du[4], ddu[4];
    for (int a = 0; a < dims; ++a) {
        const float v = p[a] + 0.0f;
        const float fl = std::floor(v);
        cell[a] = spec::lattice_index(fl);
        frac[a] = v - fl;
        u[a] = spec::fade_curve(fade, frac[a]);
        du[a] = fade_derivative(fade, frac[a]);
        ddu[a] = hessian ? fade_second_derivative(fade, frac[a]) : 0.0f;
    }
    constexpr int corners = 1 << dims;
    float value[corners], g[dims][corners], h[dims][dims][corners];
    for (int c = 0; c < corners; ++c) {
        int at[4] = {0, 0, 0, 0};
        float o[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        for (int a = 0; a < dims; ++a) {
            const int bit = (c >> a) & 1;
            at[a] = cell[a] + bit;
            o[a] = bit ? frac[a] - 1.0f : frac[a];
        }
        // [S 5] 2D hashes are the 3D chain's with Z = 0.
        const int hash = dims == 4 ? l.hash(at[0], at[1], at[2], at[3]) : l.hash(at[0], at[1], dims == 3 ? at[2] : 0);
        float gc[4];
        corner_gradient(l, dims, hash, o, &value[c], gc);
        for (int a = 0; a < dims; ++a) {
            g[a][c] = gc[a];
            for (int b = 0; b < dims; ++b) {
                h[a][b][c] = 0.0f;  // a corner's value is linear in the offset
            }
        }
    }
    // The lerp tree: level `level` lerps along that axis. Gradient component a adds
    // du * (hi - lo) at a's level; Hessian entry (a, b), a <= b, adds du * (G_b hi - G_b lo) at a's
    // level, du * (G_a hi - G_a lo) at b's, and ddu * (hi - lo) when both are this level -- the
    // children's values and gradients, before this level's lerps.
    int count = corners;
    for (int level = 0; level < dims; ++level) {
        count /= 2;
        for (int c = 0; c < count; ++c) {
            const float lo = value[2 * c], hi = value[2 * c + 1];
            float g_lo[4], g_hi[4];
            for (int a = 0; a < dims; ++a) {
                g_lo[a] = g[a][2 * c];
                g_hi[a] = g[a][2 * c + 1];
            }
            if (hessian) {
                for (int a = 0; a < dims; ++a) {
                    for (int b = a; b < dims; ++b) {
                        float d = spec::lerp(u[level], h[a][b][2 * c], h[a][b][2 * c + 1]);
                        if (a == level) {
                            d = d + du[level] * (g_hi[b] - g_lo[b]);
                        }
                        if (b == level) {
                            d = d + du[level] * (g_hi[a] - g_lo[a]);
                        }
                        if (a == level && b == level) {
                            d = d + ddu[level] * (hi - lo);
                        }
                        h[a][b][c] = d;
                    }
                }
            }
            for (int a = 0; a < dims; ++a) {
                float d = spec::lerp(u[level], g_lo[a], g_hi[a]);
                if (a == level) {
                    d = d + du[level] * (hi - lo);
                }
                g[a][c] = d;
            }
            value[c] = spec::lerp(u[level], lo, hi);
        }
    }
    r.value = value[0];
    for (int a = 0; a < dims; ++a) {
        r.d[a] = g[a][0];
        for (int b = 0; b < dims; ++b) {
            r.h[a][b] = hessian ? h[a <= b ? a : b][a <= b ? b : a][0] : 0.0f;
        }
    }
    return r;
}

template <int dims>
Gradient lattice_gradient(const Lattice& l, Fade fade, const float* p) {
    const Second s = lattice_second<dims, false>(l, fade, p);
    Gradient r;
    r.value = s.value;
    for (int a = 0; a < dims; ++a) {
        r.d[a] = s.d[a];
    }
    return r;
}

// [S 18.6] Cellular noise with the gradient of its output: the nearest (and second nearest)
// feature point's offset d = feature - q is kept with its distance; the distance's gradient with
// respect to q is -d / F (Euclidean; +0 where F = 0), -2 d (squared), -sign(d) per axis
// (Manhattan; 0 where d = 0) and -sign(d) on the axis of the largest |d| (Chebyshev).
void distance_gradient(CellularDistance distance, int dims, const float* d, float f, float* g) {
    int largest = 0;
    if (distance == CellularDistance::chebyshev) {
        float m = std::fabs(d[0]);
        for (int a = 1; a < dims; ++a) {
            if (std::fabs(d[a]) > m) {
                m = std::fabs(d[a]);
                largest = a;
            }
        }
    }
    for (int a = 0; a < dims; ++a) {
        const float sign = d[a] > 0.0f ? -1.0f : (d[a] < 0.0f ? 1.0f : 0.0f);
        switch (distance) {
            case CellularDistance::euclidean_squared: g[a] = d[a] * -2.0f; break;
            case CellularDistance::manhattan: g[a] = sign; break;
            case CellularDistance::chebyshev: g[a] = a == largest ? sign : 0.0f; break;
            default: g[a] = f > 0.0f ? -d[a] / f : 0.0f; break;
        }
    }
}

}  // namespace

Gradient noise2_gradient(const Lattice& l, Fade fade, float x, float y) noexcept {
    const float p[2] = {x, y};
    return lattice_gradient<2>(l, fade, p);
}

Gradient noise3_gradient(const Lattice& l, Fade fade, float x, float y, float z) noexcept {
    const float p[3] = {x, y, z};
    return lattice_gradient<3>(l, fade, p);
}

Gradient noise4_gradient(const Lattice& l, Fade fade, float x, float y, float z, float w) noexcept {
    const float p[4] = {x, y, z, w};
    return lattice_gradient<4>(l, fade, p);
}

Gradient cellular_gradient(const detail::NoiseTables& t, int dims, int k, const float* q) noexcept {
    Gradient r;
    for (int a = 0; a < dims; ++a) {
        if (!spec::is_finite(q[a])) {
            return r;
        }
    }
    const CellularParams& c = t.desc.cellular;
    const spec::CellularSearch search = spec::cellular_search(t, dims, k, q);
    r.value = spec::cellular_output(search, c.output);  // the value's own search (cellular.cpp)
    if (detail::cellular_output_per_cell(c.output)) {
        return r;  // piecewise constant: a zero gradient
    }
    if (c.output == CellularOutput::edge) {
        for (int a = 0; a < dims; ++a) {
            r.d[a] = search.edge_gradient[a];
        }
        return r;
    }
    float g1[3], g2[3];
    distance_gradient(c.distance, dims, search.d1, search.f1, g1);
    distance_gradient(c.distance, dims, search.d2, search.f2, g2);
    for (int a = 0; a < dims; ++a) {
        switch (c.output) {
            case CellularOutput::f2: r.d[a] = g2[a]; break;
            case CellularOutput::f2_minus_f1: r.d[a] = g2[a] - g1[a]; break;
            default: r.d[a] = g1[a]; break;
        }
    }
    return r;
}

namespace spec {

bool has_gradient(const NoiseDesc& d, int dims) {
    const bool lattice = d.basis == Basis::perlin || d.basis == Basis::classic || d.basis == Basis::value ||
                         d.basis == Basis::isotropic;
    return d.pattern.kind == Pattern::none && !(dims == 4 && !detail::has_4d(d)) &&
           !(d.fractal.kind == Fractal::damped && !lattice);
}

// One octave of the base noise with its gradient with respect to q.
Gradient base_gradient(const detail::NoiseTables& t, int dims, int k, const double* q) {
    const NoiseDesc& d = t.desc;
    if (d.basis == Basis::opensimplex2 || d.basis == Basis::opensimplex2s) {
        const bool smooth = d.basis == Basis::opensimplex2s;
        const SimplexVariant v = simplex_variant(t, k);
        switch (dims) {
            case 2:
                return smooth ? opensimplex2s_2d_gradient(v, d.simplex.orientation2, q[0], q[1])
                              : opensimplex2_2d_gradient(v, d.simplex.orientation2, q[0], q[1]);
            case 3:
                return smooth ? opensimplex2s_3d_gradient(v, d.simplex.orientation3, q[0], q[1], q[2])
                              : opensimplex2_3d_gradient(v, d.simplex.orientation3, q[0], q[1], q[2]);
            default:
                return smooth ? opensimplex2s_4d_gradient(v, d.simplex.orientation4, q[0], q[1], q[2], q[3])
                              : opensimplex2_4d_gradient(v, d.simplex.orientation4, q[0], q[1], q[2], q[3]);
        }
    }
    const float f[4] = {static_cast<float>(q[0]), static_cast<float>(q[1]), dims > 2 ? static_cast<float>(q[2]) : 0.0f,
                        dims > 3 ? static_cast<float>(q[3]) : 0.0f};
    if (d.basis == Basis::cellular) {
        return cellular_gradient(t, dims, k, f);
    }
    const Lattice l = spec::octave_lattice(t, k);
    switch (dims) {
        case 2: return lattice_gradient<2>(l, d.fade, f);
        case 3: return lattice_gradient<3>(l, d.fade, f);
        default: return lattice_gradient<4>(l, d.fade, f);
    }
}

// [S 18.3] Octave k of a lattice basis with its gradient and Hessian (the damped fractal's
// gradient; the simplex and cellular bases have none: their damped sums have a value only).
Second base_second(const detail::NoiseTables& t, int dims, int k, const double* q) {
    const float f[4] = {static_cast<float>(q[0]), static_cast<float>(q[1]), dims > 2 ? static_cast<float>(q[2]) : 0.0f,
                        dims > 3 ? static_cast<float>(q[3]) : 0.0f};
    const Lattice l = spec::octave_lattice(t, k);
    switch (dims) {
        case 2: return lattice_second<2, true>(l, t.desc.fade, f);
        case 3: return lattice_second<3, true>(l, t.desc.fade, f);
        default: return lattice_second<4, true>(l, t.desc.fade, f);
    }
}

// [S 18.3] The octave sum with its gradient; at(k) is octave k's base noise with its gradient
// with respect to the octave's coordinates, which are p * f_k + offset: the chain rule multiplies
// each octave's gradient by f_k. The value is fractal()'s (fractal.cpp), operation for operation.
// The damped fractal's gradient takes second(k), the octave with its Hessian, when `gradient`;
// without, only its value is meaningful.
template <class At, class SecondAt>
Gradient octave_sum_gradient(const detail::NoiseTables& t, int dims, At&& at, SecondAt&& second, bool gradient) {
    const FractalParams& f = t.desc.fractal;
    if (f.kind == Fractal::none) {
        return at(0);
    }
    float frequency = f.frequency;
    float amplitude = 1.0f;
    float amplitude_sum = 0.0f;
    const Band band = band_of(t, dims);  // [S 8.1]
    float sum = band_bias<float>(f, band), dsum[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    float weight = 1.0f, dweight[4] = {0.0f, 0.0f, 0.0f, 0.0f};  // ridged
    float slope[4] = {0.0f, 0.0f, 0.0f, 0.0f};                   // damped: the sum of octave gradients
    float dslope[4][4] = {};                                     // and its Jacobian with respect to p
    for (int k = 0; k < f.octaves; ++k) {
        const float w = detail::band_weight(frequency, band.footprint, band.scale);
        if (k > 0 && w == 0.0f) {  // [S 8.1] a faded octave is not evaluated
            amplitude_sum = amplitude_sum + amplitude;
            frequency = frequency * f.lacunarity;
            amplitude = amplitude * f.persistence;
            continue;
        }
        Second curved;
        const bool with_hessian = gradient && f.kind == Fractal::damped;
        if (with_hessian) {
            curved = second(k);
        }
        Gradient n;
        if (with_hessian) {
            n.value = curved.value;
            for (int a = 0; a < 4; ++a) {
                n.d[a] = curved.d[a];
            }
        } else {
            n = at(k);
        }
        float g[4];  // the octave's gradient with respect to p
        for (int a = 0; a < dims; ++a) {
            g[a] = n.d[a] * frequency;
        }
        float term = 0.0f, dterm[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        switch (f.kind) {
            case Fractal::damped: {
                // Quilez: D_k = sum of n_j's gradients (octave coordinates) for j <= k;
                // term = n / (1 + |D_k|^2). Its gradient: with J = dD/dp (J[c][b] accumulates
                // H_k[c][b] * f_k) and e_b = d(1 + |D|^2)/dp_b = 2 sum_c D_c J[c][b] (as s + s),
                // term' = (g - term * e) / (1 + |D|^2).
                for (int a = 0; a < dims; ++a) {
                    slope[a] = slope[a] + n.d[a];
                }
                float dot = slope[0] * slope[0];
                for (int a = 1; a < dims; ++a) {
                    dot = dot + slope[a] * slope[a];
                }
                const float damping = 1.0f + dot;
                term = n.value / damping;
                if (with_hessian) {
                    for (int c = 0; c < dims; ++c) {
                        for (int b = 0; b < dims; ++b) {
                            dslope[c][b] = dslope[c][b] + curved.h[c][b] * frequency;
                        }
                    }
                    for (int b = 0; b < dims; ++b) {
                        float s = slope[0] * dslope[0][b];
                        for (int c = 1; c < dims; ++c) {
                            s = s + slope[c] * dslope[c][b];
                        }
                        dterm[b] = (g[b] - term * (s + s)) / damping;
                    }
                }
                break;
            }
            default:  // fbm, turbulence, billow, ridged
                octave_term_gradient(f.kind, dims, n.value, g, weight, dweight, term, dterm);
                break;
        }
        const float weighted = amplitude * w;
        sum = sum + weighted * term;
        for (int a = 0; a < dims; ++a) {
            dsum[a] = dsum[a] + weighted * dterm[a];
        }
        amplitude_sum = amplitude_sum + amplitude;
        frequency = frequency * f.lacunarity;
        amplitude = amplitude * f.persistence;
    }
    // A NaN derivative (an octave frequency overflowed to infinity: inf * +0) is +0.
    Gradient r;
    r.value = sum / amplitude_sum;
    for (int a = 0; a < dims; ++a) {
        r.d[a] = dsum[a] / amplitude_sum;
        if (!(r.d[a] == r.d[a])) {
            r.d[a] = 0.0f;
        }
    }
    return r;
}

// [S 8, 18.3] The fractal at p with its gradient (octave k at p * f_k + k * offset); without
// `gradient` only the value is meaningful (the damped fractal's value then needs no Hessians).
Gradient fractal_gradient(const detail::NoiseTables& t, int dims, const float* p, bool gradient) {
    const FractalParams& f = t.desc.fractal;
    if (f.kind == Fractal::none) {
        const double q[4] = {p[0], p[1], dims > 2 ? p[2] : 0.0, dims > 3 ? p[3] : 0.0};
        return base_gradient(t, dims, 0, q);
    }
    for (int a = 0; a < dims; ++a) {
        if (!spec::is_finite(p[a])) {
            return Gradient{};
        }
    }
    const float offset[4] = {detail::octave_offset_x, detail::octave_offset_y, detail::octave_offset_z,
                             detail::octave_offset_w};
    float frequency = f.frequency;
    auto coordinates = [&](int k, double* q) {
        const float kf = static_cast<float>(k);
        for (int a = 0; a < dims; ++a) {
            q[a] = p[a] * frequency + kf * offset[a];
        }
        frequency = frequency * f.lacunarity;  // octave k + 1's, as the loop above
    };
    return octave_sum_gradient(
        t, dims,
        [&](int k) {
            double q[4] = {0.0, 0.0, 0.0, 0.0};
            coordinates(k, q);
            return base_gradient(t, dims, k, q);
        },
        [&](int k) {
            double q[4] = {0.0, 0.0, 0.0, 0.0};
            coordinates(k, q);
            return base_second(t, dims, k, q);
        },
        gradient);
}

template <class T>
Gradient octave_sum_gradient(const detail::NoiseTables& t, int dims, const T* x, std::size_t x_stride, const T* y,
                             const T* z, bool gradient) {
    auto coordinates = [&](int k, double* q) {
        q[0] = static_cast<double>(x[static_cast<std::size_t>(k) * x_stride]);
        q[1] = static_cast<double>(y[k]);
        q[2] = dims == 3 ? static_cast<double>(z[k]) : 0.0;
        q[3] = 0.0;
    };
    return octave_sum_gradient(
        t, dims,
        [&](int k) {
            double q[4];
            coordinates(k, q);
            return base_gradient(t, dims, k, q);
        },
        [&](int k) {
            double q[4];
            coordinates(k, q);
            return base_second(t, dims, k, q);
        },
        gradient);
}

template Gradient octave_sum_gradient(const detail::NoiseTables&, int, const float*, std::size_t, const float*,
                                      const float*, bool);
template Gradient octave_sum_gradient(const detail::NoiseTables&, int, const double*, std::size_t, const double*,
                                      const double*, bool);

}  // namespace spec

// [S 11, 18.3] The warped field with its gradient: the Jacobian J of the warped point with respect
// to p (the identity at the start) is carried through the levels; level l's displacement
// component a is the fractal at q = at * frequency + c_{l,a}, so its derivative along p_b is
// sum_c g_c * (frequency * J[c][b]) (c ascending), and the new J[a][b] = [a == b] + strength *
// that. The field's gradient is sum_c g_c * J[c][b] with g the fractal's at the final point.
namespace {

Gradient warped_gradient(const detail::NoiseTables& t, int dims, const float* p) {
    const NoiseDesc& d = t.desc;
    if (d.warp.levels == 0) {
        return fractal_gradient(t, dims, p, true);
    }
    const WarpParams& w = d.warp;
    float at[4] = {p[0], p[1], dims > 2 ? p[2] : 0.0f, dims > 3 ? p[3] : 0.0f};
    float jacobian[4][4];
    for (int a = 0; a < 4; ++a) {
        for (int b = 0; b < 4; ++b) {
            jacobian[a][b] = a == b ? 1.0f : 0.0f;
        }
    }
    for (int level = 0; level < w.levels; ++level) {
        float displacement[4];
        float next[4][4];
        for (int a = 0; a < dims; ++a) {
            float q[4];
            for (int b = 0; b < dims; ++b) {
                q[b] = at[b] * w.frequency + detail::warp_offset[level][a];
            }
            const Gradient g = fractal_gradient(t, dims, q, true);
            displacement[a] = g.value;
            for (int b = 0; b < dims; ++b) {
                float derivative = g.d[0] * (w.frequency * jacobian[0][b]);
                for (int c = 1; c < dims; ++c) {
                    derivative = derivative + g.d[c] * (w.frequency * jacobian[c][b]);
                }
                next[a][b] = (a == b ? 1.0f : 0.0f) + w.strength * derivative;
            }
        }
        for (int a = 0; a < dims; ++a) {
            at[a] = p[a] + w.strength * displacement[a];
            for (int b = 0; b < dims; ++b) {
                jacobian[a][b] = next[a][b];
            }
        }
    }
    const Gradient g = fractal_gradient(t, dims, at, true);
    Gradient r;
    r.value = g.value;
    for (int b = 0; b < dims; ++b) {
        float derivative = g.d[0] * jacobian[0][b];
        for (int c = 1; c < dims; ++c) {
            derivative = derivative + g.d[c] * jacobian[c][b];
        }
        r.d[b] = derivative;
    }
    // A non-finite p gives a +0 gradient (its value is already +0); a NaN component (only from
    // huge strengths overflowing) is +0.
    bool finite = true;
    for (int a = 0; a < dims; ++a) {
        finite = finite && spec::is_finite(p[a]);
    }
    for (int a = 0; a < dims; ++a) {
        if (!finite || !(r.d[a] == r.d[a])) {
            r.d[a] = 0.0f;
        }
    }
    return r;
}

}  // namespace

// The whole field with its gradient: the warped fractal's, then [S 21] the erosion filter.
Gradient field_gradient(const detail::NoiseTables& t, int dims, const float* p) noexcept {
    if (!spec::has_gradient(t.desc, dims)) {
        Gradient r;
        r.value = std::numeric_limits<float>::quiet_NaN();
        for (int a = 0; a < dims; ++a) {
            r.d[a] = std::numeric_limits<float>::quiet_NaN();
        }
        return r;
    }
    const Gradient g = warped_gradient(t, dims, p);
    if (t.desc.erosion.octaves <= 0) {
        return g;
    }
    // [S 21.6] The field's curvature by central differences of its gradient: along axis b, at
    // p_b + delta and p_b - delta, over the step between them (+0 where the two are one float).
    const float delta = detail::erosion_curvature_step(detail::erosion_field_frequency(t.desc));
    Curvature curvature;
    for (int b = 0; b < dims; ++b) {
        float q[4] = {p[0], p[1], dims > 2 ? p[2] : 0.0f, dims > 3 ? p[3] : 0.0f};
        const float above = p[b] + delta, below = p[b] - delta;
        q[b] = above;
        const Gradient g_above = warped_gradient(t, dims, q);
        q[b] = below;
        const Gradient g_below = warped_gradient(t, dims, q);
        const float step = above - below;
        for (int a = 0; a < 2; ++a) {
            curvature.h[a][b] = step > 0.0f ? (g_above.d[a] - g_below.d[a]) / step : 0.0f;
        }
    }
    return erode_exact(t, dims, p, g, curvature);
}

float field_eroded(const detail::NoiseTables& t, int dims, const float* p) noexcept {
    return erode(t, dims, p, warped_gradient(t, dims, p)).value;
}

// [S 18.5] Curl noise. 2D: (d psi/dy, -d psi/dx). 3D: psi_a = the field at p + c_a (float sums),
// v = (d psi_2/dy - d psi_1/dz, d psi_0/dz - d psi_2/dx, d psi_1/dx - d psi_0/dy).
void curl(const detail::NoiseTables& t, int dims, const float* p, float* v) noexcept {
    if (dims == 2) {
        const Gradient g = field_gradient(t, 2, p);
        v[0] = g.d[1];
        v[1] = -g.d[0];
        return;
    }
    Gradient g[3];
    for (int a = 0; a < 3; ++a) {
        const float q[3] = {p[0] + detail::curl_offset[a][0], p[1] + detail::curl_offset[a][1],
                            p[2] + detail::curl_offset[a][2]};
        g[a] = field_gradient(t, 3, q);
    }
    v[0] = g[2].d[1] - g[1].d[2];
    v[1] = g[0].d[2] - g[2].d[0];
    v[2] = g[1].d[0] - g[0].d[1];
}

}  // namespace gradnoise::reference
