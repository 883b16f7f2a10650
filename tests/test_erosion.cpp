// The erosion filter (suite erosion): src/kernels/erosion.hpp on every ISA against the scalar
// reference (src/reference/erosion.cpp), docs/spec.md section 21. Values and gradients bit for bit
// over every basis, fractal, warp, period and the band limit; grids equal points; the gradient
// against central differences of an independent binary64 definition (the steering held, as the
// spec defines the derivative); the proven output bound; tiling; refusals.
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

double erosion64_ramp(double x, double r) {
    double y = x >= r ? x - r / 2 : x * x / (2 * r);
    y = std::min(y, 1.0);
    return 1 - (1 - y) * (1 - y);
}

// The filter's octaves below `upto` at (x, y) over the height h there, steered by the unit
// directions u[k] and, for octave 0, the slope ratio x0 and rounding r0 (held, as spec 21.3 says).
struct Steering64 {
    double ux[8] = {}, uy[8] = {};
    double x0 = 0, r0 = 0;
};

double erosion64(const NoiseDesc& d, std::uint32_t mix_key, double x, double y, double h, const Steering64& st, int upto) {
    const ErosionParams& e = d.erosion;
    double frequency = (d.fractal.kind == Fractal::none ? 1.0 : d.fractal.frequency) / e.scale;
    double amplitude = static_cast<double>(e.strength) * e.scale;
    const double pi2 = 2 * 3.14159265358979323846;
    double H = h, target = std::clamp(h, -1.0, 1.0), mask = 1, pc = 0, ps = 0;
    for (int k = 0; k < upto; ++k) {
        const double qx = x * frequency, qy = y * frequency;
        const double fx = std::floor(qx), fy = std::floor(qy);
        const std::uint32_t key = mix_key + static_cast<std::uint32_t>(k + 1) * 0x632BE5ABu;
        const double wx = -st.uy[k] * 0.75, wy = st.ux[k] * 0.75;
        double C = 0, S = 0, W = 0;
        const int bx = qx - fx < 0.5 ? -2 : -1, by = qy - fy < 0.5 ? -2 : -1;
        for (int j = by; j < by + 4; ++j) {
            for (int i = bx; i < bx + 4; ++i) {
                const int cx = (static_cast<int>(fx) + i) & 255, cy = (static_cast<int>(fy) + j) & 255;
                const std::uint32_t hh = erosion64_hash(key, cx, cy);
                const double ox = ((hh & 1023u) + 0.5) / 512.0 - 1, oy = (((hh >> 10) & 1023u) + 0.5) / 512.0 - 1;
                const double ex = (qx - fx) - (i + 0.5 + 0.5 * ox), ey = (qy - fy) - (j + 0.5 + 0.5 * oy);
                const double t = std::max(2.25 - (ex * ex + ey * ey), 0.0);
                const double w = t * t * t, phase = pi2 * (ex * wx + ey * wy);
                C += w * std::cos(phase);
                S += w * std::sin(phase);
                W += w;
            }
        }
        const double N = std::max(std::hypot(C, S), W / 4);
        const double c = C / N, s = S / N;
        if (k == 0) {
            mask = erosion64_ramp(st.x0, st.r0);
        } else {
            const double r = e.crease_rounding + (static_cast<double>(e.ridge_rounding) - e.crease_rounding) *
                                                     std::clamp(pc + 0.5, 0.0, 1.0);
            mask = mask * erosion64_ramp(std::fabs(ps) * 1.25, r);
        }
        const double v = target + (c - target) * mask;
        H += amplitude * v;
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

TEST_CASE("erosion: the gradient equals central differences of a binary64 definition, the steering held") {
    // Spec 21.3: the derivative carries everything but the steering (the direction each octave's
    // stripes run in, and octave 0's slope ratio), which the filter reads as values. So the binary64
    // definition takes the steering at the point (from its own central differences of the octaves
    // before) and holds it while differencing. h = 1e-6 in binary64.
    for (int variant = 0; variant < 3; ++variant) {
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
        const Noise noise = erosion_noise(d);
        const std::uint32_t key = noise.tables().mix_key;
        const testing::Points p = testing::random_points(erosion_points(3000), -8.0f, 8.0f, 41 + variant);
        const double step = 1e-6;
        std::size_t good = 0, good_values = 0, checked = 0;
        double worst_value = 0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            const double x = p.x[i], y = p.y[i];
            double g[2];
            height64_gradient(x, y, g);
            reference::Gradient in;
            in.value = static_cast<float>(height64(x, y));
            in.d[0] = static_cast<float>(g[0]);
            in.d[1] = static_cast<float>(g[1]);
            const float at[2] = {p.x[i], p.y[i]};
            const reference::Gradient out = reference::erode(noise.tables(), 2, at, in);
            // The steering, octave by octave, from central differences of the octaves before.
            Steering64 st;
            const double E0 = d.fractal.frequency / static_cast<double>(d.erosion.scale);
            const double gully = d.erosion.strength * static_cast<double>(d.erosion.scale) * E0 * 2 * 3.14159265358979323846 * 0.75;
            for (int k = 0; k < d.erosion.octaves; ++k) {
                double gx = g[0], gy = g[1];
                if (k > 0) {
                    gx = (erosion64(d, key, x + step, y, height64(x + step, y), st, k) -
                          erosion64(d, key, x - step, y, height64(x - step, y), st, k)) / (2 * step);
                    gy = (erosion64(d, key, x, y + step, height64(x, y + step), st, k) -
                          erosion64(d, key, x, y - step, height64(x, y - step), st, k)) / (2 * step);
                }
                const double length = std::hypot(gx, gy);
                st.ux[k] = length > 0 ? gx / length : 1;
                st.uy[k] = length > 0 ? gy / length : 0;
                if (k == 0) {
                    st.x0 = length / gully;
                    st.r0 = d.erosion.crease_rounding + (static_cast<double>(d.erosion.ridge_rounding) - d.erosion.crease_rounding) *
                                                            std::clamp(std::clamp(height64(x, y), -1.0, 1.0) + 0.5, 0.0, 1.0);
                }
            }
            const int n = d.erosion.octaves;
            const double value = erosion64(d, key, x, y, height64(x, y), st, n);
            const double cx = (erosion64(d, key, x + step, y, height64(x + step, y), st, n) -
                               erosion64(d, key, x - step, y, height64(x - step, y), st, n)) / (2 * step);
            const double cy = (erosion64(d, key, x, y + step, height64(x, y + step), st, n) -
                               erosion64(d, key, x, y - step, height64(x, y - step), st, n)) / (2 * step);
            const double error = std::hypot(out.d[0] - cx, out.d[1] - cy), size = std::hypot(cx, cy);
            ++checked;
            if (std::fabs(value - out.value) <= 1e-5) {
                ++good_values;
            } else {
                worst_value = std::max(worst_value, std::fabs(value - out.value));
            }
            if (error <= 2e-3 * (1 + size)) {
                ++good;
            }
        }
        MESSAGE("variant " << variant << ": " << good << " of " << checked << " gradients within 2e-3 (1 + |g|), "
                            << good_values << " values within 1e-5 (the others by at most " << worst_value << ")");
        // Points within a step of a kink (a crease floor with no rounding, the cap of a ramp, the
        // switch of normalisation) difference across it, and where an octave's slope nearly vanishes
        // its direction is ill-conditioned (float and binary64 steer apart); both are rare.
        CHECK(good >= checked * 995 / 1000);
        CHECK(good_values >= checked * 995 / 1000);
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
