// [S 8.1, 13.5] Band-limited fractals and chunk levels: the weights and the mean against an
// independent composition of plain octaves (binary64 weights from the spec's formula, the mean by
// Monte Carlo), every ISA against the scalar reference bit for bit, the gradient against finite
// differences, and a chunk level against the level-0 chunk of the field with the level's footprint.
// The aliasing and LOD measurements are in tests/python/test_band_limit.py (numpy's FFT).
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "doctest/doctest.h"
#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

TEST_SUITE_BEGIN("band_limit");

using gradnoise::Basis;
using gradnoise::Fractal;
using gradnoise::NoiseDesc;
using testing::make;

namespace {

// The spec's weight in binary64: 1 below 0.5, 0 from 1.5, the smoothstep of 1.5 - u between.
double weight(double frequency, double footprint, double scale) {
    const double u = frequency * footprint * scale;
    if (u <= 0.5) return 1.0;
    if (u >= 1.5) return 0.0;
    const double t = 1.5 - u;
    return t * t * (3.0 - 2.0 * t);
}

double scale_of(Basis b) { return b == Basis::opensimplex2 || b == Basis::opensimplex2s || b == Basis::cellular ? 2.0 : 1.0; }

// The octave term of section 8 (ridged: its weight carried in w), in binary64.
double term(Fractal kind, double n, double& w) {
    switch (kind) {
        case Fractal::turbulence: return std::fabs(n);
        case Fractal::billow: return 2.0 * std::fabs(n) - 1.0;
        case Fractal::ridged: {
            double s = (1.0 - std::fabs(n)) * (1.0 - std::fabs(n)) * w;
            w = std::min(std::max(2.0 * s, 0.0), 1.0);
            return s;
        }
        default: return n;
    }
}

NoiseDesc plain_of(NoiseDesc d) {
    d.fractal = gradnoise::FractalParams{};
    return d;
}

// The mean of the base term over many random points (Monte Carlo), 2D.
double monte_carlo_mean(const NoiseDesc& d, std::size_t n) {
    const gradnoise::Noise base = make(plain_of(d));
    const testing::Points p = testing::random_points(n, 0.0f, 256.0f, 99);
    std::vector<float> v(n);
    REQUIRE(base.evaluate_2d(p.x.data(), p.y.data(), v.data(), n).ok());
    double sum = 0.0;
    for (float x : v) {
        double w = 1.0;
        sum += term(d.fractal.kind, x, w);
    }
    return sum / static_cast<double>(n);
}

std::vector<NoiseDesc> band_limited_fields() {
    std::vector<NoiseDesc> out;
    NoiseDesc d;
    d.fractal = {Fractal::fbm, 8, 1.0f, 2.0f, 0.5f, 0.05f};
    out.push_back(d);
    d.fractal.kind = Fractal::ridged;
    out.push_back(d);
    d.fractal.kind = Fractal::damped;
    out.push_back(d);
    d = NoiseDesc{};
    d.basis = Basis::value, d.has_seed = true, d.seed = 4;
    d.fractal = {Fractal::billow, 7, 0.3f, 2.2f, 0.6f, 0.4f};
    out.push_back(d);
    d = NoiseDesc{};
    d.basis = Basis::cellular, d.has_seed = true, d.seed = 11;
    d.fractal = {Fractal::turbulence, 5, 1.0f, 2.0f, 0.6f, 0.1f};
    out.push_back(d);
    d = NoiseDesc{};
    d.basis = Basis::opensimplex2s, d.fractal = {Fractal::fbm, 6, 0.7f, 2.5f, 0.5f, 0.1f};
    out.push_back(d);
    return out;
}

}  // namespace

TEST_CASE("band limit: the field is the weighted octaves plus the faded ones' mean (independent composition)") {
    for (const NoiseDesc& d : band_limited_fields()) {
        if (d.fractal.kind == Fractal::damped) continue;  // its term needs the octaves' gradients
        const std::string what = std::string(gradnoise::basis_name(d.basis)) + " " + gradnoise::fractal_name(d.fractal.kind);
        INFO(what);
        const gradnoise::Noise field = make(d);
        const gradnoise::Noise base = make(plain_of(d));
        const double mu = monte_carlo_mean(d, 200000);
        const testing::Points p = testing::random_points(2000, -300.0f, 300.0f, 5);
        std::vector<float> got(p.size());
        REQUIRE(field.evaluate_2d(p.x.data(), p.y.data(), got.data(), p.size()).ok());
        const float offset_x = 17.3125f, offset_y = 29.8125f;
        double largest = 0.0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            double sum = 0.0, amplitude_sum = 0.0, a = 1.0, w_ridged = 1.0;
            float f = d.fractal.frequency;
            for (int k = 0; k < d.fractal.octaves; ++k) {
                const double w = weight(f, d.fractal.footprint, scale_of(d.basis));
                const float x = p.x[i] * f + static_cast<float>(k) * offset_x;
                const float y = p.y[i] * f + static_cast<float>(k) * offset_y;
                float n = 0.0f;
                REQUIRE(base.evaluate_2d(&x, &y, &n, 1).ok());
                const double t = term(d.fractal.kind, n, w_ridged);
                sum += a * (w * t + (1.0 - w) * mu);
                amplitude_sum += a;
                a *= d.fractal.persistence;
                f = f * d.fractal.lacunarity;
            }
            largest = std::max(largest, std::fabs(sum / amplitude_sum - got[i]));
        }
        MESSAGE("largest difference from the independent composition: ", largest);
        // The composition's mean is Monte Carlo's, the library's the spec's 4096-point quadrature.
        CHECK(largest < 2e-3);
    }
}

TEST_CASE("band limit: no octave faded is the unlimited field bit for bit; every octave faded is the mean") {
    for (NoiseDesc d : band_limited_fields()) {
        const std::string what = std::string(gradnoise::basis_name(d.basis)) + " " + gradnoise::fractal_name(d.fractal.kind);
        INFO(what);
        const testing::Points p = testing::random_points(4000, -100.0f, 100.0f, 8);
        NoiseDesc unlimited = d, tiny = d, huge = d;
        unlimited.fractal.footprint = 0.0f;
        tiny.fractal.footprint = 1e-9f;  // every octave's u far below 0.5
        huge.fractal.footprint = 1e6f;
        for (int dims : {2, 3}) {
            const std::vector<float> a = testing::eval(make(unlimited), testing::isa_path(gradnoise::best_isa()), dims, p);
            const std::vector<float> b = testing::eval(make(tiny), testing::isa_path(gradnoise::best_isa()), dims, p);
            CHECK(testing::first_bit_difference(a, b) == -1);
            const std::vector<float> c = testing::eval(make(huge), testing::isa_path(gradnoise::best_isa()), dims, p);
            for (float v : c) {
                REQUIRE(testing::bits(v) == testing::bits(c[0]));  // one constant
            }
            if (dims == 2 && d.fractal.kind != Fractal::damped && d.fractal.kind != Fractal::ridged) {
                // ... the term's mean (the ridged kind's carries its weight, the damped's its slope)
                CHECK(std::fabs(c[0] - monte_carlo_mean(d, 200000)) < 3e-3);
            }
        }
    }
}

TEST_CASE("band limit: every ISA equals the scalar reference bit for bit; gradients are the value's derivative") {
    const testing::Points p = testing::random_points(3000, -200.0f, 200.0f, 21);
    for (const NoiseDesc& d : band_limited_fields()) {
        const std::string what = std::string(gradnoise::basis_name(d.basis)) + " " + gradnoise::fractal_name(d.fractal.kind);
        INFO(what);
        const gradnoise::Noise field = make(d);
        testing::check_points(field, p, "band-limited", {2, 3});
        // The gradient against central differences of the value, where both are smooth.
        const std::size_t n = 200;
        std::vector<float> v(n), dx(n), dy(n), dz(n);
        REQUIRE(field.evaluate_gradient_3d(p.x.data(), p.y.data(), p.z.data(), {v.data(), dx.data(), dy.data(), dz.data(), nullptr}, n).ok());
        int agree = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const double h = 1e-3;
            const float x[2] = {static_cast<float>(p.x[i] - h), static_cast<float>(p.x[i] + h)};
            const float y[2] = {p.y[i], p.y[i]}, z[2] = {p.z[i], p.z[i]};
            float f[2];
            REQUIRE(field.evaluate_3d(x, y, z, f, 2).ok());
            const double numeric = (static_cast<double>(f[1]) - f[0]) / (static_cast<double>(x[1]) - x[0]);
            agree += std::fabs(numeric - dx[i]) <= 0.02 * (1.0 + std::fabs(numeric)) ? 1 : 0;
        }
        // A wrong gradient misses nearly everywhere; the ridges' kinks (|n| = 0 in any of the kept
        // octaves) and cellular creases within h of a point miss rightly.
        CHECK(agree >= 170);
    }
}

TEST_CASE("chunk levels: level L is level 0 at spacing * 2^L, with the footprint times 2^L") {
    for (NoiseDesc d : band_limited_fields()) {
        const std::string what = std::string(gradnoise::basis_name(d.basis)) + " " + gradnoise::fractal_name(d.fractal.kind);
        INFO(what);
        const gradnoise::Noise field = make(d);
        for (int level : {1, 3, 7, 40}) {
            NoiseDesc at = d;
            at.fractal.footprint = std::ldexp(d.fractal.footprint, level);
            const gradnoise::Noise level_field = make(at);
            const float spacing = 1.0f / 16.0f;
            std::vector<float> a(37 * 11), b(37 * 11);
            for (const testing::IsaPath& path : testing::isa_paths()) {
                const std::string where = path.name() + " level " + std::to_string(level);
                INFO(where);
                REQUIRE(path.fill_chunk_2d(field, {-123456789, 42, 37, 11, spacing, level}, a.data()).ok());
                REQUIRE(path.fill_chunk_2d(level_field, {-123456789, 42, 37, 11, std::ldexp(spacing, level), 0}, b.data()).ok());
                CHECK(testing::first_bit_difference(a, b) == -1);
                std::vector<float> c(5 * 4 * 3), e(5 * 4 * 3);
                REQUIRE(path.fill_chunk_3d(field, {7, -9, 1 << 20, 5, 4, 3, spacing, level}, c.data()).ok());
                REQUIRE(path.fill_chunk_3d(level_field, {7, -9, 1 << 20, 5, 4, 3, std::ldexp(spacing, level), 0}, e.data()).ok());
                CHECK(testing::first_bit_difference(c, e) == -1);
            }
        }
    }
    // Without a band limit a level only widens the spacing: sample s of level L is sample s * 2^L
    // of level 0, bit for bit (the exact reduction of spec 13 sees the same product).
    NoiseDesc d;
    d.fractal = {Fractal::fbm, 6, 1.0f, 2.0f, 0.5f, 0.0f};
    const gradnoise::Noise field = make(d);
    std::vector<float> coarse(16 * 16), fine(64 * 64 * 4);
    REQUIRE(field.fill_chunk_2d({-40, 1000, 16, 16, 1.0f / 8.0f, 2}, coarse.data()).ok());
    REQUIRE(field.fill_chunk_2d({-160, 4000, 64, 64, 1.0f / 8.0f, 0}, fine.data()).ok());
    for (std::size_t j = 0; j < 16; ++j) {
        for (std::size_t i = 0; i < 16; ++i) {
            REQUIRE(testing::bits(coarse[j * 16 + i]) == testing::bits(fine[(4 * j) * 64 + 4 * i]));
        }
    }
}

TEST_CASE("band limit and chunk levels: refusals name the parameter and its range") {
    NoiseDesc d;
    d.fractal = {Fractal::fbm, 4, 1.0f, 0.5f, 0.5f, 0.25f};
    gradnoise::Noise noise;
    gradnoise::Status s = gradnoise::Noise::create(d, &noise);
    CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(std::string(s.message()).find("fractal.lacunarity must be >= 1 when a footprint is set") != std::string::npos);
    d.fractal.lacunarity = 2.0f;
    for (float bad : {-1.0f, std::nanf(""), INFINITY}) {
        d.fractal.footprint = bad;
        s = gradnoise::Noise::create(d, &noise);
        CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
        CHECK(std::string(s.message()).find("fractal.footprint") != std::string::npos);
    }
    d.fractal.footprint = 0.25f;
    noise = make(d);
    std::vector<float> out(4);
    for (int level : {-1, 63}) {
        s = noise.fill_chunk_2d({0, 0, 2, 2, 1.0f, level}, out.data());
        CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
        CHECK(std::string(s.message()) == "fill_chunk_2d: level must be in 0..62 (max_chunk_level)");
    }
    // A level whose spacing overflows float is the spacing's refusal.
    s = noise.fill_chunk_2d({0, 0, 2, 2, 1e30f, 62}, out.data());
    CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(std::string(s.message()).find("spacing must be finite") != std::string::npos);
}

TEST_SUITE_END();
