// Binary64 Perlin noise: src/kernels/perlin.hpp (float32 and binary64 share it), src/reference/perlin.cpp
// and fractal.cpp (over double), docs/spec.md section 14. Ken Perlin's own values bit for bit, every ISA (each ISA's kernel table
// called directly, testing::IsaPath) equal to the scalar binary64 reference bit for bit,
// fractals, and what it rejects.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "tables/splitmix64.hpp"
#include "test_support.hpp"

using gradnoise::Fade;
using gradnoise::Fractal;
using gradnoise::Noise;
using gradnoise::NoiseDesc;

namespace {

std::uint64_t bits64(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}

struct Points64 {
    std::vector<double> x, y, z;
    void add(double a, double b, double c) {
        x.push_back(a);
        y.push_back(b);
        z.push_back(c);
    }
    std::size_t size() const { return x.size(); }
};

Points64 perlin_sample(std::vector<double>* values) {
    Points64 p;
    for (const testing::PerlinSample& s : testing::perlin_samples()) {
        p.add(s.x, s.y, s.z);
        values->push_back(s.value);
    }
    return p;
}

Points64 random64(std::size_t n, double lo, double hi, std::uint64_t seed) {
    gradnoise::detail::SplitMix64 rng(seed);
    Points64 p;
    auto u = [&] { return lo + (hi - lo) * (static_cast<double>(rng.next() >> 11) * 0x1p-53); };
    for (std::size_t i = 0; i < n; ++i) {
        double a = u(), b = u(), c = u();
        p.add(a, b, c);
    }
    return p;
}

Points64 awkward64() {
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> v = {0.0, -0.0, 1.0, -1.0, 0.5, 255.0, 256.0, -256.0, 257.5, 0x1p52, 0x1p52 + 1, -0x1p52 - 3,
                             0x1p53, 0x1p63, -0x1p63, 0x1p64 + 0x1p12, 1e300, -1e300, DBL_MAX, DBL_MIN,
                             DBL_TRUE_MIN, -DBL_TRUE_MIN, inf, -inf, nan, 12345.678, -0.25};
    for (double lattice : {3.0, -7.0, 100.0, 2147483648.0}) {
        v.push_back(std::nextafter(lattice, inf));
        v.push_back(std::nextafter(lattice, -inf));
    }
    Points64 p;
    for (std::size_t i = 0; i < v.size(); ++i) {
        for (std::size_t j = 0; j < v.size(); ++j) {
            p.add(v[i], v[j], v[(i * 7 + j * 3) % v.size()]);
        }
    }
    return p;
}

std::vector<double> eval64(const Noise& n, const testing::IsaPath& path, int dims, const Points64& p) {
    std::vector<double> out(p.size(), 777.0);
    gradnoise::Status s = dims == 2 ? path.evaluate_2d_f64(n, p.x.data(), p.y.data(), out.data(), p.size())
                                    : path.evaluate_3d_f64(n, p.x.data(), p.y.data(), p.z.data(), out.data(), p.size());
    REQUIRE_MESSAGE(s.ok(), s.message());
    return out;
}

long first_difference(const std::vector<double>& a, const std::vector<double>& b) {
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (bits64(a[i]) != bits64(b[i])) return static_cast<long>(i);
    }
    return -1;
}

}  // namespace

TEST_SUITE("perlin_f64") {

TEST_CASE("Ken Perlin's published values, bit for bit, on every ISA") {
    std::vector<double> want;
    Points64 p = perlin_sample(&want);
    REQUIRE(p.size() == 150);
    Noise perlin;
    int matched = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        double got = perlin.noise3_f64(p.x[i], p.y[i], p.z[i]);
        INFO("data point " << i << ": " << testing::describe(float(got)));
        CHECK(bits64(got) == bits64(want[i]));
        matched += bits64(got) == bits64(want[i]);
    }
    MESSAGE(matched << " of " << p.size() << " of Ken Perlin's values reproduced bit for bit (signed zeros included)");
    for (const testing::IsaPath& path : testing::isa_paths()) {
        std::vector<double> got = eval64(perlin, path, 3, p);
        INFO(testing::name(path));
        CHECK(first_difference(got, want) == -1);
    }
}

TEST_CASE("binary64: scalar == every ISA, bit for bit, plain and fractal, 2D and 3D") {
    Points64 random = random64(testing::random_point_count() / 20 + 5, -1000.0, 1000.0, 71);
    Points64 big = random64(20000, -1e18, 1e18, 73);
    Points64 awkward = awkward64();
    std::vector<Noise> noises = {Noise(), Noise(42u, Fade::cubic)};
    for (Fractal kind : {Fractal::fbm, Fractal::turbulence, Fractal::ridged, Fractal::billow}) {
        NoiseDesc d;
        d.fractal = {kind, 5, 0.37f, 2.1f, 0.55f};
        Noise n;
        REQUIRE(Noise::create(d, &n).ok());
        noises.push_back(n);
    }
    const std::vector<testing::IsaPath> paths = testing::isa_paths();
    for (std::size_t k = 0; k < noises.size(); ++k) {
        for (int dims : {2, 3}) {
            for (const Points64* p : {&random, &big, &awkward}) {
                std::vector<double> ref = eval64(noises[k], paths.front(), dims, *p);  // scalar
                for (const testing::IsaPath& path : paths) {
                    std::vector<double> got = eval64(noises[k], path, dims, *p);
                    long at = first_difference(ref, got);
                    INFO("noise " << k << " " << dims << "D " << testing::name(path) << " at " << at);
                    if (at >= 0) {
                        INFO("point (" << p->x[at] << ", " << p->y[at] << ", " << p->z[at] << "): " << ref[at] << " vs "
                                       << got[at]);
                        CHECK(at == -1);
                    } else {
                        CHECK(at == -1);
                    }
                }
            }
        }
    }
    // Spot checks of the scalar path against noise*_f64 and of non-finite input.
    Noise n;
    CHECK(bits64(n.noise3_f64(std::nan(""), 1, 2)) == 0);
    CHECK(bits64(n.noise2_f64(1, -std::numeric_limits<double>::infinity())) == 0);
}

TEST_CASE("binary64 agrees with float32 to float precision; fBm matches its definition") {
    Noise n;
    Points64 p = random64(20000, -200.0, 200.0, 79);
    double worst = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        float x = static_cast<float>(p.x[i]), y = static_cast<float>(p.y[i]), z = static_cast<float>(p.z[i]);
        worst = std::fmax(worst, std::fabs(n.noise3_f64(x, y, z) - n.noise3(x, y, z)));
    }
    MESSAGE("largest |binary64 - float32| at float coordinates: " << worst);
    CHECK(worst < 2e-6);
    // fBm in binary64 from the binary64 base noise, by the spec's recurrences.
    NoiseDesc d;
    d.fractal = {Fractal::fbm, 6, 1.0f, 2.0f, 0.5f};
    Noise fbm;
    REQUIRE(Noise::create(d, &fbm).ok());
    for (std::size_t i = 0; i < 2000; ++i) {
        double sum = 0, amp = 1, freq = 1, amps = 0;
        for (int k = 0; k < 6; ++k) {
            sum += amp * n.noise3_f64(p.x[i] * freq + k * 17.3125, p.y[i] * freq + k * 29.8125, p.z[i] * freq + k * 41.4375);
            amps += amp;
            amp *= 0.5;
            freq *= 2;
        }
        CHECK(bits64(fbm.noise3_f64(p.x[i], p.y[i], p.z[i])) == bits64(sum / amps));
    }
}

TEST_CASE("binary64 rejects what it does not cover") {
    NoiseDesc mix, classic, tiled;
    mix.hash = gradnoise::Hash::mix;
    classic.basis = gradnoise::Basis::classic;
    tiled.period_x = 8;
    double x = 1, y = 2, z = 3, out = 0;
    for (const NoiseDesc& d : {mix, classic, tiled}) {
        Noise n;
        REQUIRE(Noise::create(d, &n).ok());
        gradnoise::Status s = n.evaluate_3d_f64(&x, &y, &z, &out, 1);
        CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
        CHECK(std::strstr(s.message(), "binary64") != nullptr);
        CHECK(std::isnan(n.noise3_f64(x, y, z)));
    }
    Noise n;
    CHECK(n.evaluate_2d_f64(&x, nullptr, &out, 1).code() == gradnoise::ErrorCode::null_pointer);
    CHECK(n.evaluate_2d_f64(nullptr, nullptr, nullptr, 0).ok());
}

}  // TEST_SUITE
