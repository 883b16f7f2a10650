// Analytic gradients: src/kernels/gradient.hpp (with the gradient members of perlin.hpp,
// lattice.hpp, cellular.hpp and fractal.hpp), src/reference/gradient.cpp, docs/spec.md section 18.
// The simplex families' gradients are tested in tests/test_simplex_gradient.cpp; every ISA against
// the scalar reference, grids and chunks in tests/test_gradient_isa.cpp. Here, the values of the
// gradients: every lattice basis, fade, hash and period, cellular noise, every fractal kind and warp
// level against central differences of definitions computed independently in binary64; continuity
// across cell borders; curl noise divergence-free; errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "reference/common.hpp"
#include "tables/noise_tables.hpp"
#include "test_support.hpp"

using gradnoise::Basis;
using gradnoise::CellularDistance;
using gradnoise::CellularOutput;
using gradnoise::Fade;
using gradnoise::Fractal;
using gradnoise::GradientOut;
using gradnoise::Hash;
using gradnoise::Noise;
using gradnoise::NoiseDesc;

namespace {

using testing::label;
using testing::lattice_desc;
using testing::make;

// ---- independent binary64 definitions (explicit gradient vectors and weights) ----

double fade64(Fade fade, double t) {
    return fade == Fade::cubic ? t * t * (3 - 2 * t) : t * t * t * (t * (t * 6 - 15) + 10);
}

// The gradient vector (or value) at a corner of hash h, from the library's tables and Perlin's
// gradient sets (grad() at the unit vectors gives the set's +-1/0 components).
void corner_vector(const gradnoise::detail::NoiseTables& t, int dims, int h, double* g) {
    using gradnoise::reference::spec::grad;
    using gradnoise::reference::spec::grad4;
    const Basis b = t.desc.basis;
    for (int a = 0; a < dims; ++a) {
        if (b == Basis::classic) {
            g[a] = dims == 2 ? t.classic2[a][h] : (dims == 3 ? t.classic3[a][h] : t.classic4[a][h]);
        } else if (b == Basis::isotropic && dims == 2) {
            g[a] = a == 0 ? gradnoise::detail::isotropic_gradient_x[h & 15] : gradnoise::detail::isotropic_gradient_y[h & 15];
        } else if (dims == 4) {
            float e[4] = {0, 0, 0, 0};
            e[a] = 1;
            g[a] = grad4(h, e[0], e[1], e[2], e[3]);
        } else {
            float e[3] = {0, 0, 0};
            e[a] = 1;
            g[a] = grad(h, e[0], e[1], e[2]);
        }
    }
}

// Octave k of a lattice basis in binary64: sum over corners of (product of fades) * corner value.
double lattice64(const gradnoise::detail::NoiseTables& t, int dims, int k, const double* p) {
    const gradnoise::reference::Lattice l = gradnoise::reference::spec::octave_lattice(t, k);
    int cell[4];
    double frac[4];
    for (int a = 0; a < dims; ++a) {
        const double fl = std::floor(p[a]);
        cell[a] = static_cast<int>(static_cast<long long>(fl) & 255);
        frac[a] = p[a] - fl;
    }
    double sum = 0;
    for (int c = 0; c < (1 << dims); ++c) {
        int at[4] = {0, 0, 0, 0};
        double weight = 1, offset[4];
        for (int a = 0; a < dims; ++a) {
            const int bit = (c >> a) & 1;
            at[a] = cell[a] + bit;
            offset[a] = frac[a] - bit;
            const double u = fade64(t.desc.fade, frac[a]);
            weight *= bit ? u : 1 - u;
        }
        const int h = dims == 4 ? l.hash(at[0], at[1], at[2], at[3]) : l.hash(at[0], at[1], dims == 3 ? at[2] : 0);
        double value;
        if (t.desc.basis == Basis::value) {
            value = t.values[h];
        } else {
            double g[4];
            corner_vector(t, dims, h, g);
            value = 0;
            for (int a = 0; a < dims; ++a) {
                value += g[a] * offset[a];
            }
        }
        sum += weight * value;
    }
    return sum;
}

// Cellular F1 / F2 in binary64 from the same feature points (the spec's hash and offsets).
double cellular64(const gradnoise::detail::NoiseTables& t, int dims, const double* p) {
    const CellularDistance dist = t.desc.cellular.distance;
    const float reach = t.cellular_reach[dims - 2];
    double best[2] = {INFINITY, INFINITY};
    int cell[3] = {0, 0, 0};
    double frac[3] = {0, 0, 0};
    for (int a = 0; a < dims; ++a) {
        const double fl = std::floor(p[a]);
        cell[a] = static_cast<int>(fl);
        frac[a] = p[a] - fl;
    }
    const std::uint32_t prime[3] = {gradnoise::detail::mix_prime_x, gradnoise::detail::mix_prime_y,
                                    gradnoise::detail::mix_prime_z};
    const int kz = dims == 3 ? 1 : 0;
    for (int dz = -kz; dz <= kz; ++dz) {
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                const int step[3] = {dx, dy, dz};
                std::uint32_t h = t.mix_key;
                for (int a = 0; a < dims; ++a) {
                    h ^= static_cast<std::uint32_t>((cell[a] + step[a]) & 255) * prime[a];
                }
                h *= gradnoise::detail::mix_multiplier;
                h ^= h >> 15;
                h *= gradnoise::detail::cellular_multiplier;
                h ^= h >> 13;
                double d = 0;
                for (int a = 0; a < dims; ++a) {
                    const double offset = (((h >> (10 * a)) & 1023u) + 0.5) / 512.0 - 1.0;
                    const double delta = (step[a] + 0.5 + reach * offset) - frac[a];
                    if (dist == CellularDistance::manhattan) {
                        d += std::fabs(delta);
                    } else if (dist == CellularDistance::chebyshev) {
                        d = std::max(d, std::fabs(delta));
                    } else {
                        d += delta * delta;
                    }
                }
                if (dist == CellularDistance::euclidean) {
                    d = std::sqrt(d);
                }
                if (d < best[0]) {
                    best[1] = best[0];
                    best[0] = d;
                } else if (d < best[1]) {
                    best[1] = d;
                }
            }
        }
    }
    switch (t.desc.cellular.output) {
        case CellularOutput::f2: return best[1];
        case CellularOutput::f2_minus_f1: return best[1] - best[0];
        default: return best[0];
    }
}

double base64(const gradnoise::detail::NoiseTables& t, int dims, int k, const double* p) {
    return t.desc.basis == Basis::cellular ? cellular64(t, dims, p) : lattice64(t, dims, k, p);
}

// The fractal of spec section 8 in binary64 (its float constants: f_k, a_k as the spec's float
// recurrences). Damped: Quilez's definition with the slopes of the octaves (central differences).
double fractal64(const gradnoise::detail::NoiseTables& t, int dims, const double* p) {
    const gradnoise::FractalParams& f = t.desc.fractal;
    if (f.kind == Fractal::none) {
        return base64(t, dims, 0, p);
    }
    const double offset[4] = {17.3125, 29.8125, 41.4375, 53.6875};
    float frequency = f.frequency, amplitude = 1.0f;
    double sum = 0, total = 0, weight = 1, slope[4] = {0, 0, 0, 0};
    for (int k = 0; k < f.octaves; ++k) {
        double q[4];
        for (int a = 0; a < dims; ++a) {
            q[a] = p[a] * frequency + k * offset[a];
        }
        const double n = base64(t, dims, k, q);
        double term = n;
        switch (f.kind) {
            case Fractal::turbulence: term = std::fabs(n); break;
            case Fractal::billow: term = 2 * std::fabs(n) - 1; break;
            case Fractal::ridged:
                term = (1 - std::fabs(n)) * (1 - std::fabs(n)) * weight;
                weight = std::clamp(2 * term, 0.0, 1.0);
                break;
            case Fractal::damped: {
                double dot = 0;
                for (int a = 0; a < dims; ++a) {
                    double qp[4], qm[4];
                    std::copy(q, q + 4, qp);
                    std::copy(q, q + 4, qm);
                    qp[a] += 1e-6;
                    qm[a] -= 1e-6;
                    slope[a] += (base64(t, dims, k, qp) - base64(t, dims, k, qm)) / 2e-6;
                    dot += slope[a] * slope[a];
                }
                term = n / (1 + dot);
                break;
            }
            default: break;
        }
        sum += amplitude * term;
        total += amplitude;
        frequency *= f.lacunarity;
        amplitude *= f.persistence;
    }
    return sum / total;
}

double warped64(const gradnoise::detail::NoiseTables& t, int dims, const double* p) {
    const gradnoise::WarpParams& w = t.desc.warp;
    double at[4] = {p[0], p[1], dims > 2 ? p[2] : 0, dims > 3 ? p[3] : 0};
    for (int level = 0; level < w.levels; ++level) {
        double d[4];
        for (int a = 0; a < dims; ++a) {
            double q[4];
            for (int b = 0; b < dims; ++b) {
                q[b] = at[b] * w.frequency + gradnoise::detail::warp_offset[level][a];
            }
            d[a] = fractal64(t, dims, q);
        }
        for (int a = 0; a < dims; ++a) {
            at[a] = p[a] + w.strength * d[a];
        }
    }
    return fractal64(t, dims, at);
}

// The largest |analytic - central difference| over the points (h = 1e-4 in binary64), skipping
// points where `skip` says the field is not differentiable nearby.
struct Agreement {
    double worst = 0;
    std::size_t checked = 0;
};

Agreement compare_with_differences(const Noise& n, int dims, const testing::Points& p, double h,
                                   const std::function<bool(const double*)>& skip = nullptr, bool kinks = false) {
    const auto& t = n.tables();
    Agreement r;
    const std::vector<float> w = testing::w_of(p);
    for (std::size_t i = 0; i < p.size(); ++i) {
        const float c[4] = {p.x[i], p.y[i], p.z[i], w[i]};
        const double pd[4] = {c[0], c[1], c[2], c[3]};
        if (skip && skip(pd)) {
            continue;
        }
        float analytic[4];
        if (dims == 2) {
            const gradnoise::Gradient2 g = n.gradient2(c[0], c[1]);
            analytic[0] = g.dx;
            analytic[1] = g.dy;
        } else if (dims == 3) {
            const gradnoise::Gradient3 g = n.gradient3(c[0], c[1], c[2]);
            analytic[0] = g.dx;
            analytic[1] = g.dy;
            analytic[2] = g.dz;
        } else {
            const gradnoise::Gradient4 g = n.gradient4(c[0], c[1], c[2], c[3]);
            analytic[0] = g.dx;
            analytic[1] = g.dy;
            analytic[2] = g.dz;
            analytic[3] = g.dw;
        }
        double worst = 0;
        bool smooth = true;
        for (int a = 0; a < dims; ++a) {
            auto difference = [&](double step) {
                double plus[4], minus[4];
                std::copy(pd, pd + 4, plus);
                std::copy(pd, pd + 4, minus);
                plus[a] += step;
                minus[a] -= step;
                return (warped64(t, dims, plus) - warped64(t, dims, minus)) / (2 * step);
            };
            const double d = difference(h);
            // Where the field has a kink within h (|n| at a zero, a Voronoi edge), the quotients
            // of h and h/4 disagree by about the kink's jump; where it is smooth, by O(h^2).
            if (kinks && std::fabs(d - difference(h / 4)) > 1e-5) {
                smooth = false;
            }
            worst = std::max(worst, std::fabs(d - analytic[a]));
        }
        if (!smooth) {
            continue;
        }
        r.worst = std::max(r.worst, worst);
        ++r.checked;
    }
    return r;
}

}  // namespace

TEST_SUITE("gradient") {

TEST_CASE("lattice bases: the analytic gradient equals central differences of a binary64 definition") {
    // h = 1e-4: the central difference's truncation error (h^2/6 |f'''|, f''' up to ~10^3 for a
    // quintic cell) stays below 10^-5, and the float gradient's rounding (a few ulps of values up
    // to ~10) below 10^-5 too; measured worst cases are printed, the bound is 2e-4.
    const testing::Points p = testing::random_points(2000, -60.0f, 60.0f, 801);
    for (Basis basis : {Basis::perlin, Basis::classic, Basis::value, Basis::isotropic}) {
        for (Fade fade : {Fade::quintic, Fade::cubic}) {
            for (Hash hash : {Hash::permutation, Hash::mix}) {
                for (int period : {0, 8}) {
                    const NoiseDesc d = lattice_desc(basis, fade, hash, period);
                    const Noise n = make(d);
                    for (int dims : {2, 3, 4}) {
                        const Agreement a = compare_with_differences(n, dims, p, 1e-4);
                        // The cubic fade's second derivative jumps at cell borders (6 to -6): a
                        // difference straddling one errs by up to h |jump| |corner values| / 4.
                        CHECK_MESSAGE(a.worst < (fade == Fade::cubic ? 1e-3 : 2e-4), label(d) << " " << dims << "D: worst |analytic - difference| "
                                                               << a.worst);
                        REQUIRE(a.checked == p.size());
                    }
                }
            }
        }
    }
}

TEST_CASE("fractals and warps: the chain rule and the warp's Jacobian equal central differences") {
    const testing::Points p = testing::random_points(300, -40.0f, 40.0f, 802);
    for (Fractal kind : {Fractal::fbm, Fractal::turbulence, Fractal::ridged, Fractal::billow}) {
        for (int levels : {0, 1, 2}) {
            NoiseDesc d;
            d.fractal = {kind, 5, 0.75f, 2.0f, 0.5f};
            d.warp = {levels, 0.6f, 0.5f};
            const Noise n = make(d);
            for (int dims : {2, 3}) {
                // |n| is not differentiable where n = 0 (turbulence, billow, ridged): points with
                // such a kink within h are skipped (and counted).
                const Agreement a = compare_with_differences(n, dims, p, 1e-4, nullptr, kind != Fractal::fbm);
                const double bound = levels == 0 ? 5e-4 : 5e-3;  // warps multiply by 1 + strength * |J|
                CHECK_MESSAGE(a.worst < bound, label(d) << " " << dims << "D: worst " << a.worst << " over "
                                                        << a.checked << " points");
                MESSAGE(label(d) << " " << dims << "D: worst |analytic - difference| " << a.worst << " over " << a.checked);
                CHECK(a.checked > p.size() / 2);
            }
        }
    }
}

TEST_CASE("cellular noise: the gradient of the nearest and second nearest distances") {
    const testing::Points p = testing::random_points(3000, -50.0f, 50.0f, 803);
    for (CellularDistance distance : {CellularDistance::euclidean, CellularDistance::euclidean_squared,
                                      CellularDistance::manhattan, CellularDistance::chebyshev}) {
        for (CellularOutput output : {CellularOutput::f1, CellularOutput::f2, CellularOutput::f2_minus_f1}) {
            NoiseDesc d;
            d.basis = Basis::cellular;
            d.cellular = {distance, output, 1.0f};
            const Noise n = make(d);
            for (int dims : {2, 3}) {
                // Not differentiable where two feature points are (nearly) as near: skip points
                // whose difference quotient changes between the two half steps.
                auto edge = [&](const double* q) {
                    for (int a = 0; a < dims; ++a) {
                        double l[4], c[4], r[4];
                        std::copy(q, q + 4, l);
                        std::copy(q, q + 4, c);
                        std::copy(q, q + 4, r);
                        l[a] -= 1e-3;
                        r[a] += 1e-3;
                        const double left = cellular64(n.tables(), dims, c) - cellular64(n.tables(), dims, l);
                        const double right = cellular64(n.tables(), dims, r) - cellular64(n.tables(), dims, c);
                        if (std::fabs(right - left) > 1e-5) {
                            return true;
                        }
                    }
                    return false;
                };
                const Agreement a = compare_with_differences(n, dims, p, 1e-5, edge, true);
                CHECK_MESSAGE(a.worst < 1e-4, gradnoise::cellular_distance_name(distance) << "/"
                                                   << gradnoise::cellular_output_name(output) << " " << dims
                                                   << "D: worst " << a.worst << " over " << a.checked);
                CHECK(a.checked > p.size() / 2);
            }
        }
    }
    // The per-cell outputs are flat: a zero gradient (and the value of the value call).
    for (CellularOutput output : {CellularOutput::cell_value, CellularOutput::cell_id, CellularOutput::feature_x,
                                  CellularOutput::feature_y, CellularOutput::feature_z}) {
        NoiseDesc d;
        d.basis = Basis::cellular;
        d.cellular.output = output;
        const Noise n = make(d);
        const gradnoise::Gradient3 g = n.gradient3(3.3f, -7.1f, 0.4f);
        CHECK(g.dx == 0.0f);
        CHECK(g.dy == 0.0f);
        CHECK(g.dz == 0.0f);
        CHECK(testing::bits(g.value) == testing::bits(n.noise3(3.3f, -7.1f, 0.4f)));
    }
}

TEST_CASE("derivative-damped fBm: its value damps the fine octaves on slopes; its exact gradient") {
    const testing::Points p = testing::random_points(20000, -100.0f, 100.0f, 804);
    for (Basis basis : {Basis::perlin, Basis::isotropic, Basis::classic, Basis::value}) {
        for (Fade fade : {Fade::quintic, Fade::cubic}) {
            NoiseDesc d;
            d.basis = basis;
            d.fade = fade;
            if (basis == Basis::classic || basis == Basis::value) {
                d.has_seed = true;
                d.seed = 5;
            }
            d.fractal = {Fractal::damped, 6, 0.5f, 2.0f, 0.5f};
            const Noise damped = make(d);
            d.fractal.kind = Fractal::fbm;
            const Noise fbm = make(d);
            // The value: within the base range, and damped.
            double sum_damped = 0, sum_fbm = 0;
            for (std::size_t i = 0; i < p.size(); ++i) {
                const float v = damped.noise2(p.x[i], p.y[i]);
                CHECK(std::fabs(v) <= 1.0f);
                sum_damped += std::fabs(v);
                sum_fbm += std::fabs(fbm.noise2(p.x[i], p.y[i]));
            }
            CHECK(sum_damped < 0.95 * sum_fbm);
            // The gradient (the octaves' Hessians through the damping, spec 18.3) against central
            // differences of Quilez's definition in binary64 (its slopes by differences too).
            for (int dims : {2, 3}) {
                const Agreement a = compare_with_differences(damped, dims, testing::random_points(300, -60.0f, 60.0f, 813),
                                                             1e-4, nullptr, fade == Fade::cubic);
                MESSAGE(label(damped.desc()) << " " << dims << "D: worst |analytic - difference| " << a.worst << " over "
                                 << a.checked);
                CHECK(a.worst < (fade == Fade::cubic ? 2e-3 : 5e-4));
                CHECK(a.checked > 200);
            }
        }
    }
    // Its value is the same through the value functions and the gradient functions; the simplex
    // and cellular bases have a damped value but no damped gradient (it needs Hessians).
    NoiseDesc d;
    d.fractal = {Fractal::damped, 8, 0.5f, 2.0f, 0.5f};
    testing::check_points(make(d), testing::random_points(2000, -50.0f, 50.0f, 805), "damped", {2, 3, 4});
    d.basis = Basis::opensimplex2s;
    const Noise simplex = make(d);
    CHECK(std::isfinite(simplex.noise2(0.3f, 0.7f)));
    CHECK(std::isnan(simplex.gradient2(0.3f, 0.7f).dx));
    const gradnoise::Grid2d g{0, 0, 1, 1, 4, 4};
    std::vector<float> plane(16);
    const gradnoise::Status s = simplex.fill_grid_gradient_2d(g, GradientOut{plane.data(), plane.data(), plane.data()});
    CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(std::string(s.message()).find("second derivatives") != std::string::npos);
}

TEST_CASE("continuity across cell borders: C1 for both fades; the cubic fade's second derivative jumps") {
    for (Fade fade : {Fade::quintic, Fade::cubic}) {
        const Noise n = make(lattice_desc(Basis::perlin, fade, Hash::permutation));
        double worst_gradient_jump = 0, worst_curvature_jump = 0;
        for (int cell = -20; cell <= 20; ++cell) {
            const float y = 0.3f + 0.37f * static_cast<float>(cell), z = 0.61f;
            const float x = static_cast<float>(cell);
            const float below = std::nextafter(x, -INFINITY), above = std::nextafter(x, INFINITY);
            const gradnoise::Gradient3 l = n.gradient3(below, y, z), r = n.gradient3(above, y, z);
            worst_gradient_jump = std::max({worst_gradient_jump, std::fabs(double(l.dx) - r.dx),
                                            std::fabs(double(l.dy) - r.dy), std::fabs(double(l.dz) - r.dz)});
            // One-sided second derivatives along x from the analytic gradient, 1e-3 either side.
            const double h = 1.0 / 1024;
            const double left = (n.gradient3(x, y, z).dx - n.gradient3(x - float(h), y, z).dx) / h;
            const double right = (n.gradient3(x + float(h), y, z).dx - n.gradient3(x, y, z).dx) / h;
            worst_curvature_jump = std::max(worst_curvature_jump, std::fabs(left - right));
        }
        MESSAGE(std::string(gradnoise::fade_name(fade)) << ": largest gradient jump across x = integer " << worst_gradient_jump
                                           << ", largest second-derivative jump " << worst_curvature_jump);
        CHECK(worst_gradient_jump < 1e-4);  // two ulps of x apart: |f''| * 4e-6 at most
        if (fade == Fade::quintic) {
            CHECK(worst_curvature_jump < 0.1);
        } else {
            CHECK(worst_curvature_jump > 1.0);  // 3t^2 - 2t^3 has u''(0) = 6, u''(1) = -6
        }
    }
}

TEST_CASE("curl noise: divergence-free (and the gradient field itself is not)") {
    NoiseDesc d;
    d.fractal = {Fractal::fbm, 3, 0.5f, 2.0f, 0.5f};
    const Noise n = make(d);
    const testing::Points p = testing::random_points(2000, -50.0f, 50.0f, 810);
    const float h = 1.0f / 256;
    double worst_divergence = 0, mean_laplacian = 0, mean_magnitude = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const float x = p.x[i], y = p.y[i], z = p.z[i];
        // 2D
        const double div2 = (n.curl2(x + h, y).vx - n.curl2(x - h, y).vx) / (2 * h) +
                            (n.curl2(x, y + h).vy - n.curl2(x, y - h).vy) / (2 * h);
        const double lap2 = (n.gradient2(x + h, y).dx - n.gradient2(x - h, y).dx) / (2 * h) +
                            (n.gradient2(x, y + h).dy - n.gradient2(x, y - h).dy) / (2 * h);
        // 3D
        const double div3 = (n.curl3(x + h, y, z).vx - n.curl3(x - h, y, z).vx) / (2 * h) +
                            (n.curl3(x, y + h, z).vy - n.curl3(x, y - h, z).vy) / (2 * h) +
                            (n.curl3(x, y, z + h).vz - n.curl3(x, y, z - h).vz) / (2 * h);
        worst_divergence = std::max({worst_divergence, std::fabs(div2), std::fabs(div3)});
        mean_laplacian += std::fabs(lap2) / p.size();
        const gradnoise::Curl3 c = n.curl3(x, y, z);
        mean_magnitude += std::sqrt(double(c.vx) * c.vx + double(c.vy) * c.vy + double(c.vz) * c.vz) / p.size();
    }
    MESSAGE("curl: worst |divergence| " << worst_divergence << " (mean |laplacian| of the field " << mean_laplacian
                                        << ", mean |curl| " << mean_magnitude << ")");
    CHECK(worst_divergence < 0.02);
    CHECK(mean_laplacian > 0.1);  // the test can tell a divergent field
    CHECK(mean_magnitude > 0.1);
    // The array functions equal the scalar ones on every ISA.
    const std::size_t m = 1000;
    for (const testing::IsaPath& path : testing::isa_paths()) {
        std::vector<float> vx(m), vy(m), vz(m), wx(m), wy(m);
        REQUIRE(path.evaluate_curl_3d(n, p.x.data(), p.y.data(), p.z.data(), vx.data(), vy.data(), vz.data(), m).ok());
        REQUIRE(path.evaluate_curl_2d(n, p.x.data(), p.y.data(), wx.data(), wy.data(), m).ok());
        for (std::size_t i = 0; i < m; ++i) {
            const gradnoise::Curl3 c = n.curl3(p.x[i], p.y[i], p.z[i]);
            const gradnoise::Curl2 c2 = n.curl2(p.x[i], p.y[i]);
            REQUIRE(testing::bits(c.vx) == testing::bits(vx[i]));
            REQUIRE(testing::bits(c.vy) == testing::bits(vy[i]));
            REQUIRE(testing::bits(c.vz) == testing::bits(vz[i]));
            REQUIRE(testing::bits(c2.vx) == testing::bits(wx[i]));
            REQUIRE(testing::bits(c2.vy) == testing::bits(wy[i]));
        }
    }
}

TEST_CASE("errors: patterns have no gradient, null planes, cellular 4D; non-finite input gives +0") {
    NoiseDesc d;
    d.pattern.kind = gradnoise::Pattern::marble;
    const Noise marble = make(d);
    float x = 1, y = 2, z = 3, v = 0, dx = 0, dy = 0, dz = 0;
    gradnoise::Status s = marble.evaluate_gradient_2d(&x, &y, GradientOut{&v, &dx, &dy}, 1);
    CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(std::string(s.message()).find("pattern") != std::string::npos);
    CHECK(std::isnan(marble.gradient2(1, 2).dx));
    const gradnoise::Grid2d g{0, 0, 1, 1, 4, 4};
    std::vector<float> plane(16);
    CHECK(marble.fill_grid_gradient_2d(g, GradientOut{plane.data(), plane.data(), plane.data()}).code() ==
          gradnoise::ErrorCode::invalid_argument);

    const Noise plain;
    s = plain.evaluate_gradient_3d(&x, &y, &z, GradientOut{&v, &dx, &dy, nullptr}, 1);
    CHECK(s.code() == gradnoise::ErrorCode::null_pointer);
    CHECK(std::string(s.message()).find("out.dz") != std::string::npos);
    CHECK(plain.evaluate_gradient_3d(&x, &y, &z, GradientOut{}, 0).ok());
    s = plain.fill_grid_gradient_2d(g, GradientOut{plane.data(), nullptr, plane.data()});
    CHECK(s.code() == gradnoise::ErrorCode::null_pointer);
    CHECK(std::string(s.message()).find("fill_grid_gradient_2d") != std::string::npos);
    NoiseDesc warped;
    warped.warp.levels = 1;
    s = make(warped).fill_chunk_gradient_2d(gradnoise::Chunk2d{0, 0, 4, 4, 1.0f},
                                            GradientOut{plane.data(), plane.data(), plane.data()});
    CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);

    NoiseDesc cellular;
    cellular.basis = Basis::cellular;
    float w = 4, dw = 0;
    s = make(cellular).evaluate_gradient_4d(&x, &y, &z, &w, GradientOut{&v, &dx, &dy, &dz, &dw}, 1);
    CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);

    for (float bad : {std::numeric_limits<float>::quiet_NaN(), INFINITY, -INFINITY}) {
        const gradnoise::Gradient3 r = plain.gradient3(bad, 1.5f, 2.5f);
        CHECK(testing::bits(r.value) == 0u);
        CHECK(testing::bits(r.dx) == 0u);
        CHECK(testing::bits(r.dy) == 0u);
        CHECK(testing::bits(r.dz) == 0u);
    }
}

}  // TEST_SUITE
