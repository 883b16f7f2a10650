// The erosion filter (suite erosion): src/kernels/erosion.hpp on every ISA against the scalar
// reference (src/reference/erosion.cpp), docs/spec.md section 21. Values and gradients bit for bit
// over every basis, fractal, warp, period and the band limit; grids equal points; an independent
// binary64 reading of the spec: its partial derivatives (the steering held) and the central
// differences of its value (the exact gradient); the proven output bound; tiling; refusals.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "gradnoise/graph.hpp"
#include "reference/reference.hpp"
#include "tables/noise_tables.hpp"
#include "test_support.hpp"

using namespace gradnoise;

namespace {

NoiseDesc eroded(Basis basis, Fractal kind = Fractal::fbm, int octaves = 5) {
    NoiseDesc d;
    d.basis = basis;
    d.has_seed = true;
    d.seed = 99;
    d.hash = basis == Basis::perlin ? Hash::permutation : Hash::mix;
    d.fractal.kind = kind;
    d.fractal.octaves = 5;
    d.fractal.frequency = 0.5f;
    d.erosion.octaves = octaves;
    return d;
}

Noise erosion_noise(const NoiseDesc& d) {
    Noise n;
    const Status s = Noise::create(d, &n);
    REQUIRE_MESSAGE(s.ok(), s.message());
    return n;
}

std::vector<NoiseDesc> erosion_fields() {
    std::vector<NoiseDesc> v;
    for (Basis b : {Basis::perlin, Basis::classic, Basis::value, Basis::isotropic, Basis::opensimplex2,
                    Basis::opensimplex2s, Basis::cellular}) {
        v.push_back(eroded(b));
    }
    NoiseDesc d = eroded(Basis::perlin, Fractal::ridged, 8);
    d.erosion.strength = 2.0f;
    d.erosion.scale = 0.3f;
    d.erosion.detail = 0.7f;
    d.erosion.ridge_rounding = 0.5f;
    d.erosion.crease_rounding = 0.25f;
    v.push_back(d);
    v.push_back(eroded(Basis::perlin, Fractal::damped));
    v.push_back(eroded(Basis::perlin, Fractal::none, 1));
    d = eroded(Basis::perlin);
    d.hash = Hash::mix;
    d.warp.levels = 1;
    d.warp.strength = 0.5f;
    v.push_back(d);
    d = eroded(Basis::perlin);
    d.period_x = 4;
    d.period_y = 8;
    d.erosion.scale = 0.25f;
    v.push_back(d);
    d = eroded(Basis::cellular);
    d.period_x = d.period_y = 16;
    v.push_back(d);
    d = eroded(Basis::perlin);
    d.fractal.footprint = 0.02f;  // band-limited: the finest gully octaves fade
    v.push_back(d);
    return v;
}

// Points per check: n, or fewer under emulation (GRADNOISE_TEST_POINTS, as the other suites).
std::size_t erosion_points(std::size_t n) { return std::min(n, testing::random_point_count()); }

// The filter's proven bound: |eroded - field| <= sum of A_k * w_k.
float erosion_bound(const Noise& n) {
    const detail::ErosionTable& e = n.desc().erosion.octaves > 0 ? detail::make_erosion_table(n.desc(), 0) : detail::ErosionTable{};
    float sum = 0.0f;
    for (int k = 0; k < e.octaves; ++k) {
        sum += e.weighted[k];
    }
    return sum;
}


// ---- an independent binary64 reading of spec section 21 (std::sin and std::cos, doubles) ----

std::uint32_t erosion64_hash(std::uint32_t key, int x, int y) {
    std::uint32_t h = key ^ (static_cast<std::uint32_t>(x) * 0x9E3779B1u) ^ (static_cast<std::uint32_t>(y) * 0x85EBCA77u);
    h *= 0x27D4EB2Du;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 13;
    return h;
}

// A binary64 quantity with its partial derivatives along x and y.
struct D64 {
    double v = 0, x = 0, y = 0;
};
D64 operator+(D64 a, D64 b) { return {a.v + b.v, a.x + b.x, a.y + b.y}; }
D64 operator-(D64 a, D64 b) { return {a.v - b.v, a.x - b.x, a.y - b.y}; }
D64 operator*(D64 a, D64 b) { return {a.v * b.v, a.x * b.v + a.v * b.x, a.y * b.v + a.v * b.y}; }
D64 operator*(double k, D64 a) { return {k * a.v, k * a.x, k * a.y}; }
D64 operator/(D64 a, D64 b) {
    const double q = a.v / b.v;
    return {q, (a.x - q * b.x) / b.v, (a.y - q * b.y) / b.v};
}
D64 clamp64(D64 a, double lo, double hi) { return a.v < lo ? D64{lo} : (a.v > hi ? D64{hi} : a); }

D64 erosion64_ramp(D64 x, D64 r) {
    D64 y = x.v >= r.v ? x - 0.5 * r : (x * x) / (2.0 * r);
    if (y.v >= 1) {
        y = D64{1};
    }
    const D64 z = D64{1} - y;
    return D64{1} - z * z;
}

// Spec section 21 read in binary64 from the text, over a height (h, g): every octave steered by the
// eroded field's partial derivatives so far (octave 0's slope ratio and rounding read as values);
// returns the eroded value with those partial derivatives (21.2's, the steering held).
D64 erosion64(const NoiseDesc& d, std::uint32_t mix_key, double x, double y, D64 h) {
    const ErosionParams& e = d.erosion;
    double frequency = (d.fractal.kind == Fractal::none ? 1.0 : d.fractal.frequency) / e.scale;
    double amplitude = static_cast<double>(e.strength) * e.scale;
    const double pi2 = 2 * 3.14159265358979323846;
    const double gully = amplitude * frequency * pi2 * 0.75;
    D64 H = h, target = clamp64(h, -1, 1), mask{1}, pc, ps;
    for (int k = 0; k < e.octaves; ++k) {
        const double length = std::hypot(H.x, H.y);
        const double ux = length > 0 ? H.x / length : 1, uy = length > 0 ? H.y / length : 0;
        const double wx = -uy * 0.75, wy = ux * 0.75;
        const double qx = x * frequency, qy = y * frequency;
        const double fx = std::floor(qx), fy = std::floor(qy);
        const std::uint32_t key = mix_key + static_cast<std::uint32_t>(k + 1) * 0x632BE5ABu;
        D64 C, S, W;  // derivatives along q; scaled by the frequency below
        const int bx = qx - fx < 0.5 ? -2 : -1, by = qy - fy < 0.5 ? -2 : -1;
        for (int j = by; j < by + 4; ++j) {
            for (int i = bx; i < bx + 4; ++i) {
                const int cx = (static_cast<int>(fx) + i) & 255, cy = (static_cast<int>(fy) + j) & 255;
                const std::uint32_t hh = erosion64_hash(key, cx, cy);
                const double ox = ((hh & 1023u) + 0.5) / 512.0 - 1, oy = (((hh >> 10) & 1023u) + 0.5) / 512.0 - 1;
                const double ex = (qx - fx) - (i + 0.5 + 0.5 * ox), ey = (qy - fy) - (j + 0.5 + 0.5 * oy);
                const double t = std::max(2.25 - (ex * ex + ey * ey), 0.0);
                const double w = t * t * t, dw = -6 * t * t, phase = pi2 * (ex * wx + ey * wy);
                const double co = std::cos(phase), si = std::sin(phase);
                C = C + D64{w * co, dw * ex * co - w * si * pi2 * wx, dw * ey * co - w * si * pi2 * wy};
                S = S + D64{w * si, dw * ex * si + w * co * pi2 * wx, dw * ey * si + w * co * pi2 * wy};
                W = W + D64{w, dw * ex, dw * ey};
            }
        }
        const double M = std::hypot(C.v, S.v);
        const D64 N = M >= W.v / 4 ? D64{M, (C.v * C.x + S.v * S.x) / M, (C.v * C.y + S.v * S.y) / M} : 0.25 * W;
        D64 c = C / N, s = S / N;
        c.x *= frequency;
        c.y *= frequency;
        s.x *= frequency;
        s.y *= frequency;
        if (k == 0) {
            const double r0 = e.crease_rounding + (static_cast<double>(e.ridge_rounding) - e.crease_rounding) *
                                                      std::clamp(target.v + 0.5, 0.0, 1.0);
            mask = erosion64_ramp(D64{length / gully}, D64{r0});
            mask.x = mask.y = 0;
        } else {
            const D64 r = D64{e.crease_rounding} + (static_cast<double>(e.ridge_rounding) - e.crease_rounding) *
                                                       clamp64(pc + D64{0.5}, 0, 1);
            mask = mask * erosion64_ramp(1.25 * (ps.v < 0 ? -1.0 * ps : ps), r);
        }
        const D64 v = target + (c - target) * mask;
        H = H + amplitude * v;
        target = v;
        pc = c;
        ps = s;
        frequency *= 2;
        amplitude *= e.detail;
    }
    return H;
}

// A smooth height with its gradient, standing in for any field (the filter takes value and gradient).
double height64(double x, double y) { return 0.8 * std::sin(0.9 * x + 0.3) * std::cos(0.6 * y - 0.2) + 0.05 * x; }
void height64_gradient(double x, double y, double* g) {
    g[0] = 0.72 * std::cos(0.9 * x + 0.3) * std::cos(0.6 * y - 0.2) + 0.05;
    g[1] = -0.48 * std::sin(0.9 * x + 0.3) * std::sin(0.6 * y - 0.2);
}
void height64_hessian(double x, double y, double (*h)[2]) {
    h[0][0] = -0.648 * std::sin(0.9 * x + 0.3) * std::cos(0.6 * y - 0.2);
    h[0][1] = h[1][0] = -0.432 * std::cos(0.9 * x + 0.3) * std::sin(0.6 * y - 0.2);
    h[1][1] = -0.288 * std::sin(0.9 * x + 0.3) * std::cos(0.6 * y - 0.2);
}
D64 height64_dual(double x, double y) {
    double g[2];
    height64_gradient(x, y, g);
    return {height64(x, y), g[0], g[1]};
}

}  // namespace

TEST_SUITE("erosion") {

TEST_CASE("erosion: every ISA equals the scalar reference, values and gradients") {
    testing::Points p = testing::random_points(erosion_points(4096), -40.0f, 40.0f, 17);
    const testing::Points awkward = testing::awkward_points();
    const std::size_t stride = erosion_points(4096) < 4096 ? 61 : 7;  // (fewer under emulation)
    for (std::size_t i = 0; i < awkward.size(); i += stride) {
        p.add(awkward.x[i], awkward.y[i], awkward.z[i]);
    }
    const testing::Points nonfinite = testing::nonfinite_points();
    for (std::size_t i = 0; i < nonfinite.size(); ++i) {
        p.add(nonfinite.x[i], nonfinite.y[i], nonfinite.z[i]);
    }
    const std::size_t n = p.size();
    for (const NoiseDesc& d : erosion_fields()) {
        const Noise noise = erosion_noise(d);
        const std::string what = testing::label(d);
        const bool four = d.basis != Basis::cellular && !(basis_family(d.basis) == BasisFamily::simplex && d.period_x != 0);
        testing::check_points(noise, p, what.c_str(), four ? std::initializer_list<int>{2, 3, 4} : std::initializer_list<int>{2, 3});
        for (int dims : {2, 3}) {
            std::vector<std::vector<float>> expected;
            for (const testing::IsaPath& path : testing::isa_paths()) {
                std::vector<std::vector<float>> planes(dims + 1, std::vector<float>(n));
                GradientOut out{planes[0].data(), planes[1].data(), planes[2].data(), dims > 2 ? planes[3].data() : nullptr,
                                nullptr};
                const Status s = dims == 2 ? path.evaluate_gradient_2d(noise, p.x.data(), p.y.data(), out, n)
                                           : path.evaluate_gradient_3d(noise, p.x.data(), p.y.data(), p.z.data(), out, n);
                REQUIRE_MESSAGE(s.ok(), s.message());
                const std::vector<float> values = testing::eval(noise, path, dims, p);
                CHECK_MESSAGE(testing::first_bit_difference(values, planes[0]) < 0,
                              what << " " << dims << "D on " << path.name() << ": the gradient call's value differs");
                if (expected.empty()) {
                    expected = planes;
                    continue;
                }
                for (int a = 0; a <= dims; ++a) {
                    const long i = testing::first_bit_difference(expected[a], planes[a]);
                    CHECK_MESSAGE(i < 0, what << " " << dims << "D on " << path.name() << ": plane " << a
                                              << " differs from the scalar reference at point " << i);
                }
            }
        }
        // The reference's one-sample calls are the scalar table's.
        for (std::size_t i = 0; i < 64; ++i) {
            const float one = noise.noise2(p.x[i], p.y[i]);
            float many = 0.0f;
            REQUIRE(testing::isa_path(Isa::scalar).evaluate_2d(noise, &p.x[i], &p.y[i], &many, 1).ok());
            CHECK(testing::bits(one) == testing::bits(many));
        }
    }
}

TEST_CASE("erosion: grids and gradient grids equal the points on every ISA") {
    const Grid2d grid{-3.25f, 1.5f, 0.0625f, 0.125f, 67, 23};
    const testing::Points points = testing::grid_points(grid);
    const std::size_t n = points.size();
    for (const NoiseDesc& d : erosion_fields()) {
        const Noise noise = erosion_noise(d);
        for (const testing::IsaPath& path : testing::isa_paths()) {
            std::vector<float> filled(n), at_points(n);
            REQUIRE(path.fill_grid_2d(noise, grid, filled.data()).ok());
            REQUIRE(path.evaluate_2d(noise, points.x.data(), points.y.data(), at_points.data(), n).ok());
            CHECK_MESSAGE(testing::first_bit_difference(filled, at_points) < 0, testing::label(d) << " on " << path.name());
            std::vector<float> v(n), dx(n), dy(n), pv(n), pdx(n), pdy(n);
            REQUIRE(path.fill_grid_gradient_2d(noise, grid, GradientOut{v.data(), dx.data(), dy.data()}).ok());
            REQUIRE(path.evaluate_gradient_2d(noise, points.x.data(), points.y.data(),
                                              GradientOut{pv.data(), pdx.data(), pdy.data()}, n)
                        .ok());
            CHECK(testing::first_bit_difference(v, pv) < 0);
            CHECK(testing::first_bit_difference(dx, pdx) < 0);
            CHECK(testing::first_bit_difference(dy, pdy) < 0);
            CHECK(testing::first_bit_difference(v, filled) < 0);
        }
    }
}

// The three fields of the binary64 comparisons (over height64: the filter takes any field's value
// and gradient), and their tables' key.
NoiseDesc binary64_variant(int variant) {
    NoiseDesc d = eroded(Basis::perlin);
    d.fractal.frequency = 0.5f;
    if (variant == 1) {
        d.erosion.ridge_rounding = 0.6f;
        d.erosion.crease_rounding = 0.3f;
        d.erosion.strength = 1.5f;
    } else if (variant == 2) {
        d.erosion.octaves = 8;
        d.erosion.scale = 0.5f;
        d.erosion.detail = 0.8f;
    }
    return d;
}

reference::Gradient height_gradient(float x, float y) {
    const D64 h = height64_dual(x, y);
    reference::Gradient in;
    in.value = static_cast<float>(h.v);
    in.d[0] = static_cast<float>(h.x);
    in.d[1] = static_cast<float>(h.y);
    return in;
}

TEST_CASE("erosion: the partial derivatives (the steering held) equal a binary64 definition's") {
    // Spec 21.2-21.4: the derivatives a filter carries through its octaves with each octave's
    // steering (and octave 0's slope ratio) read as values: the binary64 reading carries the same.
    for (int variant = 0; variant < 3; ++variant) {
        const NoiseDesc d = binary64_variant(variant);
        const Noise noise = erosion_noise(d);
        const std::uint32_t key = noise.tables().mix_key;
        const testing::Points p = testing::random_points(erosion_points(3000), -8.0f, 8.0f, 41 + variant);
        std::size_t good = 0, good_values = 0;
        double worst_value = 0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            const double x = p.x[i], y = p.y[i];
            const float at[2] = {p.x[i], p.y[i]};
            const reference::Gradient out = reference::erode(noise.tables(), 2, at, height_gradient(p.x[i], p.y[i]));
            const D64 expected = erosion64(d, key, x, y, height64_dual(x, y));
            if (std::fabs(expected.v - out.value) <= 1e-5) {
                ++good_values;
            } else {
                worst_value = std::max(worst_value, std::fabs(expected.v - out.value));
            }
            if (std::hypot(out.d[0] - expected.x, out.d[1] - expected.y) <= 2e-3 * (1 + std::hypot(expected.x, expected.y))) {
                ++good;
            }
        }
        MESSAGE("variant " << variant << ": " << good << " of " << p.size() << " partial gradients within 2e-3 (1 + |g|), "
                            << good_values << " values within 1e-5 (the others by at most " << worst_value << ")");
        // Where an octave's slope nearly vanishes its direction is ill-conditioned (float and
        // binary64 steer apart), and a point on a switch (a ramp's cap, the normalisation's) may
        // take the other side: rare.
        CHECK(good >= p.size() * 995 / 1000);
        CHECK(good_values >= p.size() * 995 / 1000);
    }
}

TEST_CASE("erosion: the exact gradient equals central differences of the binary64 definition") {
    // Spec 21.6: given the field's curvature (height64's analytic Hessian here), the filter's total
    // derivatives are the eroded value's own: central differences of the binary64 reading, whose
    // steering moves with the point, h = 1e-6.
    for (int variant = 0; variant < 3; ++variant) {
        const NoiseDesc d = binary64_variant(variant);
        const Noise noise = erosion_noise(d);
        const std::uint32_t key = noise.tables().mix_key;
        const testing::Points p = testing::random_points(erosion_points(3000), -8.0f, 8.0f, 41 + variant);
        const double step = 1e-6;
        std::vector<double> angles, held_angles;
        std::size_t close = 0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            const double x = p.x[i], y = p.y[i];
            const float at[2] = {p.x[i], p.y[i]};
            double hessian[2][2];
            height64_hessian(x, y, hessian);
            reference::Curvature curvature;
            for (int a = 0; a < 2; ++a) {
                for (int b = 0; b < 2; ++b) {
                    curvature.h[a][b] = static_cast<float>(hessian[a][b]);
                }
            }
            const reference::Gradient in = height_gradient(p.x[i], p.y[i]);
            const reference::Gradient exact = reference::erode_exact(noise.tables(), 2, at, in, curvature);
            const reference::Gradient held = reference::erode(noise.tables(), 2, at, in);
            CHECK(testing::bits(exact.value) == testing::bits(held.value));
            const auto value = [&](double px, double py) { return erosion64(d, key, px, py, height64_dual(px, py)).v; };
            const double cx = (value(x + step, y) - value(x - step, y)) / (2 * step);
            const double cy = (value(x, y + step) - value(x, y - step)) / (2 * step);
            // The angle between the surface normals (-g, 1), and the relative error.
            const auto angle = [&](double gx, double gy) {
                const double dot = gx * cx + gy * cy + 1;
                const double cross = std::sqrt(std::pow(gx - cx, 2) + std::pow(gy - cy, 2) + std::pow(gx * cy - gy * cx, 2));
                return std::atan2(cross, dot) * 180 / 3.14159265358979323846;
            };
            angles.push_back(angle(exact.d[0], exact.d[1]));
            held_angles.push_back(angle(held.d[0], held.d[1]));
            if (std::hypot(exact.d[0] - cx, exact.d[1] - cy) <= 1e-3 * (1 + std::hypot(cx, cy))) {
                ++close;
            }
        }
        std::sort(angles.begin(), angles.end());
        std::sort(held_angles.begin(), held_angles.end());
        const auto at = [](const std::vector<double>& v, double f) { return v[static_cast<std::size_t>(f * (v.size() - 1))]; };
        MESSAGE("variant " << variant << ": normals' angle to binary64 central differences, exact: median " << at(angles, 0.5)
                            << " deg, 99 % " << at(angles, 0.99) << " deg; held steering: median " << at(held_angles, 0.5)
                            << " deg, 99 % " << at(held_angles, 0.99) << " deg; " << close << " of " << angles.size()
                            << " exact gradients within 1e-3 (1 + |g|)");
        CHECK(close >= angles.size() * 995 / 1000);
        CHECK(at(angles, 0.5) < 0.01);
    }
}

TEST_CASE("erosion: an eroded field's gradient equals central differences of its binary64 definition") {
    // Spec 21.6 end to end, in 2D and 3D (z moves the steering through the field): the field's
    // curvature by central differences of its float gradient. The binary64 definition: the field's
    // binary64 path (section 14) with its x and y derivatives by central differences, the binary64
    // reading of section 21 over it, and central differences of the result along every axis
    // (fourth order; 1e-4 inside, 5e-5 outside: the inner differences' noise stays below 1e-5).
    for (int variant = 0; variant < 3; ++variant) {
        const int dims = variant == 2 ? 3 : 2;
        NoiseDesc d = eroded(Basis::perlin);
        if (variant == 1) {
            d.erosion.octaves = 6;
            d.erosion.strength = 0.6f;
            d.erosion.ridge_rounding = 0.4f;
            d.erosion.crease_rounding = 0.2f;
        }
        const Noise noise = erosion_noise(d);
        NoiseDesc plain = d;
        plain.erosion.octaves = 0;
        const Noise field = erosion_noise(plain);
        const std::uint32_t key = noise.tables().mix_key;
        const float from = variant == 1 ? 94.0f : -6.0f;  // (and away from the origin: coarser float coordinates)
        const testing::Points p = testing::random_points(erosion_points(2000), from, from + 12.0f, 71 + variant);
        const std::size_t n = p.size();
        std::vector<float> v(n), dx(n), dy(n), dz(n), fv(n), fdx(n), fdy(n), fdz(n);
        if (dims == 2) {
            REQUIRE(noise.evaluate_gradient_2d(p.x.data(), p.y.data(), GradientOut{v.data(), dx.data(), dy.data()}, n).ok());
            REQUIRE(field.evaluate_gradient_2d(p.x.data(), p.y.data(), GradientOut{fv.data(), fdx.data(), fdy.data()}, n).ok());
        } else {
            REQUIRE(noise.evaluate_gradient_3d(p.x.data(), p.y.data(), p.z.data(), GradientOut{v.data(), dx.data(), dy.data(), dz.data()}, n).ok());
            REQUIRE(field.evaluate_gradient_3d(p.x.data(), p.y.data(), p.z.data(), GradientOut{fv.data(), fdx.data(), fdy.data(), fdz.data()}, n)
                        .ok());
        }
        const auto f64 = [&](double x, double y, double z) {
            return dims == 2 ? reference::field2_f64(field.tables(), x, y) : reference::field3_f64(field.tables(), x, y, z);
        };
        // Fourth-order central differences, f'(x) ~ (f(x - 2h) - 8 f(x - h) + 8 f(x + h) - f(x + 2h)) / 12h.
        const auto derivative = [](auto&& f, double h) { return (f(-2 * h) - 8 * f(-h) + 8 * f(h) - f(2 * h)) / (12 * h); };
        const auto value = [&](double x, double y, double z) {
            const D64 h{f64(x, y, z), derivative([&](double e) { return f64(x + e, y, z); }, 1e-4),
                        derivative([&](double e) { return f64(x, y + e, z); }, 1e-4)};
            return erosion64(d, key, x, y, h).v;
        };
        std::size_t close = 0, held_close = 0, judged = 0;
        std::vector<double> errors;
        for (std::size_t i = 0; i < n; ++i) {
            const double at[3] = {p.x[i], p.y[i], dims > 2 ? p.z[i] : 0.0};
            const float got[3] = {dx[i], dy[i], dz[i]};
            reference::Gradient in;
            in.value = fv[i];
            in.d[0] = fdx[i];
            in.d[1] = fdy[i];
            in.d[2] = fdz[i];
            const float point[3] = {p.x[i], p.y[i], p.z[i]};
            const reference::Gradient held = reference::erode(noise.tables(), dims, point, in);
            CHECK(testing::bits(held.value) == testing::bits(v[i]));
            double error = 0, held_error = 0, change = 0, size = 1;
            for (int a = 0; a < dims; ++a) {
                const auto along = [&](double e) {
                    double q[3] = {at[0], at[1], at[2]};
                    q[a] += e;
                    return value(q[0], q[1], q[2]);
                };
                // The differences' own uncertainty: their change when the step halves (large across a
                // kink of the filter -- a crease with no rounding, a ramp's cap -- within 2e-4).
                const double c = derivative(along, 5e-5), half = derivative(along, 2.5e-5);
                error += (got[a] - c) * (got[a] - c);
                held_error += (held.d[a] - c) * (held.d[a] - c);
                change += (half - c) * (half - c);
                size += c * c;
            }
            errors.push_back(std::sqrt(error / size));
            if (std::sqrt(change / size) <= 1e-4) {
                ++judged;
                close += errors.back() <= 1e-3 ? 1 : 0;
            }
            held_close += std::sqrt(held_error / size) <= 1e-3 ? 1 : 0;
        }
        std::sort(errors.begin(), errors.end());
        MESSAGE("variant " << variant << " (" << dims << "D): relative error median " << errors[n / 2] << ", 90 % " << errors[n * 9 / 10]
                           << ", 99 % " << errors[n * 99 / 100]);
        MESSAGE("variant " << variant << ": " << close << " of the " << judged << " points where the differences are sure to 1e-4 "
                            "within 1e-3 (1 + |g|) (with the steering held: " << held_close << " of all " << n << ")");
        // (The rest, about 1 %: the field's curvature by central differences in float, about 1e-4 of
        // its size, where the steering turns fast.)
        CHECK(judged >= n * 8 / 10);
        CHECK(close >= judged * 98 / 100);
        CHECK(errors[n / 2] < 1e-4);
    }
}

TEST_CASE("erosion: chunks join without seams and equal the grid where the coordinates are exact") {
    // Dyadic cells (E_k = frequency / scale * 2^k a power of two) and spacings: the grid's float
    // coordinates and cell coordinates are exact, so a chunk (section 13's integer reduction) gives the
    // grid's bits. Any spacing: a chunk grid equals one big chunk, on every ISA, values and gradients.
    std::vector<NoiseDesc> fields;
    for (const NoiseDesc& d : erosion_fields()) {
        const bool dyadic = d.erosion.scale == 0.125f || d.erosion.scale == 0.25f;
        if (d.warp.levels == 0 && dyadic) {
            fields.push_back(d);
        }
    }
    REQUIRE(fields.size() >= 8);
    for (const NoiseDesc& d : fields) {
        const Noise noise = erosion_noise(d);
        const Chunk2d whole{-40, 24, 64, 40, 0.0625f};
        const Grid2d grid{-40 * 0.0625f, 24 * 0.0625f, 0.0625f, 0.0625f, 64, 40};
        const std::size_t n = 64 * 40;
        std::vector<float> expected;
        for (const testing::IsaPath& path : testing::isa_paths()) {
            std::vector<float> chunk(n), filled(n), pieces(n, -9.0f);
            REQUIRE(path.fill_chunk_2d(noise, whole, chunk.data()).ok());
            REQUIRE(path.fill_grid_2d(noise, grid, filled.data()).ok());
            const bool simplex = basis_family(d.basis) == BasisFamily::simplex;  // (binary64 chunk coordinates)
            if (!simplex) {
                CHECK_MESSAGE(testing::first_bit_difference(chunk, filled) < 0, testing::label(d) << " on " << path.name());
            }
            // Four chunks of the same world, written into one buffer with its row stride.
            for (int part = 0; part < 4; ++part) {
                const std::size_t px = (part & 1) * 32, py = (part >> 1) * 20;
                const Chunk2d piece{whole.first_x + static_cast<std::int64_t>(px), whole.first_y + static_cast<std::int64_t>(py),
                                    32, 20, whole.spacing};
                REQUIRE(path.fill_chunk_2d(noise, piece, pieces.data() + py * 64 + px, 64).ok());
            }
            CHECK_MESSAGE(testing::first_bit_difference(chunk, pieces) < 0, testing::label(d) << " pieces on " << path.name());
            std::vector<float> v(n), dx(n), dy(n);
            REQUIRE(path.fill_chunk_gradient_2d(noise, whole, GradientOut{v.data(), dx.data(), dy.data()}).ok());
            CHECK(testing::first_bit_difference(v, chunk) < 0);
            if (expected.empty()) {
                expected = dx;
                expected.insert(expected.end(), dy.begin(), dy.end());
                expected.insert(expected.end(), chunk.begin(), chunk.end());
            } else {
                std::vector<float> got = dx;
                got.insert(got.end(), dy.begin(), dy.end());
                got.insert(got.end(), chunk.begin(), chunk.end());
                CHECK_MESSAGE(testing::first_bit_difference(expected, got) < 0, testing::label(d) << " on " << path.name());
            }
        }
        // The best ISA's chunk samples against the reference's one-sample chunk function.
        const testing::IsaPath best = testing::isa_paths().back();
        std::vector<float> v(n), dx(n), dy(n);
        REQUIRE(best.fill_chunk_gradient_2d(noise, whole, GradientOut{v.data(), dx.data(), dy.data()}).ok());
        for (std::size_t i = 0; i < n; i += 37) {
            const std::int64_t s[2] = {whole.first_x + static_cast<std::int64_t>(i % 64), whole.first_y + static_cast<std::int64_t>(i / 64)};
            const reference::Gradient r = reference::chunk_gradient(noise.tables(), 2, s, whole.spacing);
            CHECK(testing::bits(v[i]) == testing::bits(r.value));
            CHECK(testing::bits(dx[i]) == testing::bits(r.d[0]));
            CHECK(testing::bits(dy[i]) == testing::bits(r.d[1]));
        }
    }
}

TEST_CASE("erosion: 3D chunks, chunk levels and a fully faded band limit agree on every ISA") {
    NoiseDesc limited = eroded(Basis::perlin);
    limited.fractal.footprint = 0.02f;
    NoiseDesc ridged = erosion_fields()[7];  // every parameter, scale 0.3 (cells not dyadic)
    NoiseDesc simplex = eroded(Basis::opensimplex2s);
    for (const NoiseDesc& d : {limited, ridged, simplex}) {
        const Noise noise = erosion_noise(d);
        // Levels 0, 2 and 6: at 6 the band limit has faded every gully octave (the filter then
        // returns the field as it is), on every path alike.
        for (int level : {0, 2, 6}) {
            const Chunk2d c{-9, 5, 40, 12, 0.05f, level};
            const std::size_t n = 40 * 12;
            std::vector<float> expected;
            for (const testing::IsaPath& path : testing::isa_paths()) {
                std::vector<float> value(n), v(n), dx(n), dy(n);
                REQUIRE(path.fill_chunk_2d(noise, c, value.data()).ok());
                REQUIRE(path.fill_chunk_gradient_2d(noise, c, GradientOut{v.data(), dx.data(), dy.data()}).ok());
                std::vector<float> all = value;
                all.insert(all.end(), dx.begin(), dx.end());
                all.insert(all.end(), dy.begin(), dy.end());
                CHECK(testing::first_bit_difference(value, v) < 0);
                if (expected.empty()) {
                    expected = all;
                } else {
                    CHECK_MESSAGE(testing::first_bit_difference(expected, all) < 0,
                                  testing::label(d) << " level " << level << " on " << path.name());
                }
            }
        }
        if (d.fractal.footprint != 0.0f) {
            CHECK(noise.tables().at_level(6).erosion.octaves == 0);  // (the case above is the faded one)
        }
        const Chunk3d c3{-3, 7, 2, 24, 10, 3, 0.0625f};
        const std::size_t n3 = 24 * 10 * 3;
        std::vector<float> expected;
        for (const testing::IsaPath& path : testing::isa_paths()) {
            std::vector<float> v(n3), dx(n3), dy(n3), dz(n3);
            REQUIRE(path.fill_chunk_gradient_3d(noise, c3, GradientOut{v.data(), dx.data(), dy.data(), dz.data()}).ok());
            std::vector<float> all = v;
            for (const auto* plane : {&dx, &dy, &dz}) all.insert(all.end(), plane->begin(), plane->end());
            if (expected.empty()) {
                expected = all;
            } else {
                CHECK_MESSAGE(testing::first_bit_difference(expected, all) < 0, testing::label(d) << " 3D on " << path.name());
            }
        }
    }
}

TEST_CASE("erosion: the output stays within the proven bound of the field") {
    const testing::Points p = testing::random_points(erosion_points(20000), -100.0f, 100.0f, 5);
    for (const NoiseDesc& d : erosion_fields()) {
        NoiseDesc plain = d;
        plain.erosion.octaves = 0;
        const Noise noise = erosion_noise(d), field = erosion_noise(plain);
        const float bound = erosion_bound(noise);
        std::vector<float> e(p.size()), f(p.size());
        REQUIRE(noise.evaluate_2d(p.x.data(), p.y.data(), e.data(), p.size()).ok());
        REQUIRE(field.evaluate_2d(p.x.data(), p.y.data(), f.data(), p.size()).ok());
        float largest = 0.0f;
        for (std::size_t i = 0; i < p.size(); ++i) {
            largest = std::max(largest, std::fabs(e[i] - f[i]));
        }
        // (float sums: a few ulps of the field's magnitude above the exact bound)
        CHECK_MESSAGE(largest <= bound * 1.0001f + 1e-5f, testing::label(d) << ": " << largest << " > " << bound);
        CHECK_MESSAGE(largest > 0.05f * bound, testing::label(d) << ": the filter barely acts (" << largest << ")");
    }
}

TEST_CASE("erosion: a period carries through the filter") {
    NoiseDesc d = eroded(Basis::perlin);
    d.period_x = 4;
    d.period_y = 2;
    d.erosion.scale = 0.125f;
    const Noise noise = erosion_noise(d);
    // The field repeats every period / frequency = 8 (x) and 4 (y) units; dyadic points are exact.
    const testing::Points p = testing::random_points(erosion_points(2000), -16.0f, 16.0f, 3);
    for (std::size_t i = 0; i < p.size(); ++i) {
        const float x = std::ldexp(std::round(std::ldexp(p.x[i], 10)), -10);
        const float y = std::ldexp(std::round(std::ldexp(p.y[i], 10)), -10);
        const float v = noise.noise2(x, y);
        CHECK(testing::bits(v) == testing::bits(noise.noise2(x + 8.0f, y)));
        CHECK(testing::bits(v) == testing::bits(noise.noise2(x, y - 4.0f)));
    }
}

TEST_CASE("erosion: a graph's field node takes it (format version 2), bit for bit the Noise's") {
    const std::string text = R"({"gradnoise_graph": 2, "dimensions": 2, "output": "out", "nodes": {"out": {"type": "field",
        "basis": "perlin", "seed": 99, "fractal": "fbm", "octaves": 5, "frequency": 0.5, "erosion": 5}}})";
    Graph graph;
    std::string error;
    REQUIRE_MESSAGE(Graph::from_json(text, &graph, &error).ok(), error);
    CHECK(graph.to_json().find("\"gradnoise_graph\": 2") != std::string::npos);
    const Noise noise = erosion_noise(eroded(Basis::perlin));
    const testing::Points p = testing::random_points(1000, -20.0f, 20.0f, 8);
    std::vector<float> a(p.size()), b(p.size());
    REQUIRE(graph.evaluate_2d(p.x.data(), p.y.data(), a.data(), p.size()).ok());
    REQUIRE(noise.evaluate_2d(p.x.data(), p.y.data(), b.data(), p.size()).ok());
    CHECK(testing::first_bit_difference(a, b) < 0);
    // Without erosion a graph is written as version 1, which every release reads.
    Graph plain;
    REQUIRE(Graph::from_json(R"({"gradnoise_graph": 2, "dimensions": 2, "output": "out", "nodes": {"out": {"type": "field"}}})",
                             &plain, &error).ok());
    CHECK(plain.to_json().find("\"gradnoise_graph\": 1") != std::string::npos);
}

TEST_CASE("erosion: refusals name the parameter") {
    NoiseDesc pattern = eroded(Basis::perlin);
    pattern.pattern.kind = Pattern::marble;
    NoiseDesc damped = eroded(Basis::opensimplex2, Fractal::damped);
    NoiseDesc tiled = eroded(Basis::perlin);
    tiled.period_x = 8;
    tiled.erosion.scale = 0.3f;
    NoiseDesc simplex_tiled = eroded(Basis::opensimplex2);
    simplex_tiled.period_x = 6;
    simplex_tiled.simplex.orientation2 = Orientation2::fallback;
    simplex_tiled.simplex.orientation3 = Orientation3::fallback;
    NoiseDesc zero = eroded(Basis::perlin);
    zero.erosion.strength = 0.0f;
    NoiseDesc many = eroded(Basis::perlin);
    many.erosion.octaves = 9;
    testing::check_refusals({{pattern, "erosion needs pattern none"},
                             {damped, "erosion over a damped fractal needs a lattice basis"},
                             {tiled, "erosion.scale must be 1, 1/2, 1/4"},
                             {simplex_tiled, "erosion with period_x or period_y needs a lattice basis or cellular"},
                             {zero, "erosion.strength must be in (0, 16]"},
                             {many, "erosion.octaves must be in 0..8"}});
}

}  // TEST_SUITE
