// Fractals, domain warping and patterns: src/kernels/fractal.hpp, src/reference/fractal.cpp,
// docs/spec.md sections 8, 11 and 12. Sums of octaves, warps, marble and wood on every ISA bit for
// bit (each ISA's kernel table called directly, testing::IsaPath), against definitions computed
// independently in binary64 and Perlin 1985's recipes, their ranges, and parameter checking. The
// bases they sum (classic, value, periods, 4D): tests/test_lattice.cpp.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

using gradnoise::Basis;
using gradnoise::Fade;
using gradnoise::Fractal;
using gradnoise::Hash;
using gradnoise::Noise;
using gradnoise::NoiseDesc;
using gradnoise::Pattern;

namespace {

using testing::make;

Noise make(Fractal kind, int octaves = 6, Hash hash = Hash::permutation, Fade fade = Fade::quintic,
           float frequency = 1.0f, float lacunarity = 2.0f, float persistence = 0.5f) {
    NoiseDesc d;
    d.hash = hash;
    d.fade = fade;
    d.fractal = {kind, octaves, frequency, lacunarity, persistence};
    if (hash == Hash::mix) {
        d.has_seed = true;
        d.seed = 11;
    }
    Noise n;
    gradnoise::Status s = Noise::create(d, &n);
    REQUIRE_MESSAGE(s.ok(), s.message());
    return n;
}

const Fractal kKinds[] = {Fractal::fbm, Fractal::turbulence, Fractal::ridged, Fractal::billow};

}  // namespace

TEST_SUITE("fractal") {

TEST_CASE("every fractal kind: scalar == every ISA, bit for bit") {
    testing::Points random = testing::random_points(testing::random_point_count() / 100 + 5, -300.0f, 300.0f, 31);
    testing::Points awkward = testing::awkward_points();
    for (Fractal kind : kKinds) {
        std::string what = std::string("fractal ") + gradnoise::fractal_name(kind);
        testing::check_points(make(kind), random, what.c_str());
        testing::check_points(make(kind, 5, Hash::mix, Fade::cubic, 0.37f, 2.31f, 0.61f), random, what.c_str());
        testing::check_points(make(kind, 3, Hash::permutation, Fade::quintic, 3.0f, 1.5f, 1.7f), awkward, what.c_str());
    }
}

TEST_CASE("fBm: Perlin's table, 6 octaves, persistence 0.5, lacunarity 2, equals its definition") {
    // The definition in binary64 from Ken Perlin's noise written independently (test_support).
    Noise fbm = make(Fractal::fbm, 6);
    testing::Points p = testing::random_points(20000, -8.0f, 8.0f, 5);
    const double off[3] = {17.3125, 29.8125, 41.4375};
    const gradnoise::PermutationTable perlin = gradnoise::PermutationTable::reference();
    double worst = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        double sum = 0, amp = 1, freq = 1, amps = 0;
        for (int k = 0; k < 6; ++k) {
            sum += amp * testing::independent_noise3(perlin, Fade::quintic, p.x[i] * freq + k * off[0],
                                                     p.y[i] * freq + k * off[1], p.z[i] * freq + k * off[2]);
            amps += amp;
            amp *= 0.5;
            freq *= 2;
        }
        worst = std::fmax(worst, std::fabs(fbm.noise3(p.x[i], p.y[i], p.z[i]) - sum / amps));
    }
    MESSAGE("largest |float32 fBm - binary64 definition| = " << worst);
    CHECK(worst <= 1e-4);
}

TEST_CASE("one octave of fBm at frequency 1 is the plain noise, bit for bit") {
    Noise plain, one = make(Fractal::fbm, 1);
    testing::Points p = testing::random_points(50000, -500.0f, 500.0f, 8);
    for (const testing::IsaPath& path : testing::isa_paths()) {
        for (int dims : {2, 3}) {
            std::vector<float> a = testing::eval(plain, path, dims, p), b = testing::eval(one, path, dims, p);
            INFO(testing::name(path) << " " << dims << "D");
            CHECK(testing::first_bit_difference(a, b) == -1);
        }
    }
}

TEST_CASE("ranges: turbulence >= 0, ridged in [0, 1], billow in [-1, 1.09], fbm within the base bound") {
    testing::Points p = testing::random_points(testing::random_point_count() / 50 + 5, -1000.0f, 1000.0f, 13);
    for (Fractal kind : kKinds) {
        for (Fade fade : {Fade::quintic, Fade::cubic}) {
            Noise n = make(kind, 6, Hash::permutation, fade);
            std::vector<float> out(p.size());
            REQUIRE(n.evaluate_3d(p.x.data(), p.y.data(), p.z.data(), out.data(), p.size()).ok());
            float lo = out[0], hi = out[0];
            for (float v : out) {
                lo = std::fmin(lo, v);
                hi = std::fmax(hi, v);
            }
            MESSAGE(std::string(gradnoise::fractal_name(kind)) << " (" << testing::name(fade) << ") over " << p.size()
                                                  << " points: [" << lo << ", " << hi << "]");
            const float base = fade == Fade::cubic ? 1.04491f : 1.03636f;
            switch (kind) {
                case Fractal::turbulence: CHECK(lo >= 0.0f); CHECK(hi <= base); break;
                case Fractal::ridged: CHECK(lo >= 0.0f); CHECK(hi <= 1.0f); break;
                case Fractal::billow: CHECK(lo >= -1.0f); CHECK(hi <= 2.0f * base - 1.0f); break;
                default: CHECK(lo >= -base); CHECK(hi <= base); break;
            }
            CHECK(hi > lo);
        }
    }
}

TEST_CASE("non-finite coordinates give +0 for every kind, on every path") {
    testing::Points p = testing::nonfinite_points();
    for (Fractal kind : kKinds) {
        Noise n = make(kind, 4);
        for (const testing::IsaPath& path : testing::isa_paths()) {
            for (int dims : {2, 3}) {
                std::vector<float> out = testing::eval(n, path, dims, p);
                for (std::size_t i = 0; i < out.size(); ++i) {
                    bool bad = !std::isfinite(p.x[i]) || !std::isfinite(p.y[i]) || (dims == 3 && !std::isfinite(p.z[i]));
                    if (bad) {
                        INFO(std::string(gradnoise::fractal_name(kind)) << " " << testing::name(path) << " " << dims << "D point " << i);
                        CHECK(testing::bits(out[i]) == 0u);
                    }
                }
            }
        }
    }
}

TEST_CASE("invalid fractal parameters are rejected with a message naming them") {
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    struct Bad {
        gradnoise::FractalParams f;
        const char* names;
    };
    const Bad bad[] = {
        {{Fractal::fbm, 0, 1, 2, 0.5f}, "octaves"},       {{Fractal::fbm, 33, 1, 2, 0.5f}, "octaves"},
        {{Fractal::fbm, 6, 0, 2, 0.5f}, "frequency"},     {{Fractal::fbm, 6, -1, 2, 0.5f}, "frequency"},
        {{Fractal::fbm, 6, nan, 2, 0.5f}, "frequency"},   {{Fractal::fbm, 6, inf, 2, 0.5f}, "frequency"},
        {{Fractal::ridged, 6, 1, 0, 0.5f}, "lacunarity"}, {{Fractal::ridged, 6, 1, inf, 0.5f}, "lacunarity"},
        {{Fractal::billow, 6, 1, 2, 0}, "persistence"},   {{Fractal::billow, 6, 1, 2, 9}, "persistence"},
        {{Fractal::turbulence, 6, 1, 2, nan}, "persistence"},
        {{static_cast<Fractal>(9), 6, 1, 2, 0.5f}, "kind"},
    };
    for (const Bad& b : bad) {
        NoiseDesc d;
        d.fractal = b.f;
        Noise untouched(3u);
        gradnoise::Status s = Noise::create(d, &untouched);
        INFO(s.message());
        CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
        CHECK(std::strstr(s.message(), b.names) != nullptr);
        CHECK(untouched.permutation() == gradnoise::PermutationTable::from_seed(3u));
    }
    NoiseDesc none;
    none.fractal = {Fractal::none, 0, nan, 0, 0};  // unused fields of the plain noise are not checked
    Noise n;
    CHECK(Noise::create(none, &n).ok());
    CHECK(Noise::create(none, nullptr).code() == gradnoise::ErrorCode::null_pointer);
}

TEST_CASE("warps, patterns and 4D fractals: scalar == every ISA, bit for bit") {
    testing::Points random = testing::random_points(testing::random_point_count() / 1000 + 2000, -70.0f, 70.0f, 47);
    testing::Points awkward = testing::awkward_points();
    // Descriptors 0-2 of this list (tiling periods): tests/test_lattice.cpp.
    const std::size_t first = 3;
    std::vector<NoiseDesc> descs;
    for (int levels : {1, 2}) {
        NoiseDesc d;
        d.warp = {levels, 0.8f, 0.5f};
        d.fractal = {Fractal::fbm, 3, 1.0f, 2.0f, 0.5f};
        descs.push_back(d);
        d.fractal.kind = Fractal::none;
        d.hash = Hash::mix;
        descs.push_back(d);
    }
    for (Pattern pattern : {Pattern::marble, Pattern::wood}) {
        NoiseDesc d;
        d.pattern = {pattern, 0.9f, pattern == Pattern::wood ? 0.2f : 4.0f};
        d.fractal = {Fractal::turbulence, 4, 1.0f, 2.0f, 0.5f};
        descs.push_back(d);
        d.basis = Basis::classic;
        d.warp = {1, 0.5f, 1.0f};
        descs.push_back(d);
    }
    {
        NoiseDesc d;  // 4D fBm, every fractal kind through the general path
        for (Fractal k : {Fractal::fbm, Fractal::turbulence, Fractal::ridged, Fractal::billow}) {
            d.fractal = {k, 4, 0.5f, 2.1f, 0.55f};
            descs.push_back(d);
        }
    }
    for (std::size_t i = 0; i < descs.size(); ++i) {
        Noise n = make(descs[i]);
        std::string what = "descriptor " + std::to_string(first + i);
        testing::check_points(n, random, what.c_str(), {2, 3, 4});
        testing::check_points(n, awkward, what.c_str(), {2, 3, 4});
    }
}

TEST_CASE("warp: strength 0 is the unwarped field bit for bit; warping changes it") {
    testing::Points p = testing::random_points(5000, -50.0f, 50.0f, 61);
    for (int levels : {1, 2}) {
        NoiseDesc plain;
        plain.fractal = {Fractal::fbm, 3, 1.0f, 2.0f, 0.5f};
        NoiseDesc zero = plain, strong = plain;
        zero.warp = {levels, 0.0f, 1.0f};
        strong.warp = {levels, 2.0f, 0.5f};
        Noise a = make(plain), b = make(zero), c = make(strong);
        for (const testing::IsaPath& path : testing::isa_paths()) {
            for (int dims : {2, 3, 4}) {
                std::vector<float> va = testing::eval(a, path, dims, p), vb = testing::eval(b, path, dims, p),
                                   vc = testing::eval(c, path, dims, p);
                INFO(testing::name(path) << " " << dims << "D, levels " << levels);
                CHECK(testing::first_bit_difference(va, vb) == -1);
                int changed = 0;
                for (std::size_t i = 0; i < va.size(); ++i) changed += va[i] != vc[i];
                CHECK(changed > 4900);
            }
        }
    }
    // One level by hand through the public API: field(p + s * (F(p f + c0), F(p f + c1))).
    NoiseDesc base, warped;
    warped.warp = {1, 0.75f, 0.5f};
    Noise f = make(base), g = make(warped);
    for (int i = 0; i < 200; ++i) {
        float x = 0.37f * static_cast<float>(i) - 30.0f, y = 11.0f - 0.21f * static_cast<float>(i);
        float dx = f.noise2(x * 0.5f + 5.25f, y * 0.5f + 5.25f), dy = f.noise2(x * 0.5f + 9.75f, y * 0.5f + 9.75f);
        CHECK(testing::bits(g.noise2(x, y)) == testing::bits(f.noise2(x + 0.75f * dx, y + 0.75f * dy)));
    }
}

TEST_CASE("marble and wood follow Perlin 1985's recipes; the project sine tracks sin") {
    // Strength 0 leaves the bare pattern: 0.5 + 0.5 sin(x f) and frac(sqrt(x^2 + y^2) f).
    NoiseDesc m, w;
    m.pattern = {Pattern::marble, 1.3f, 0.0f};
    w.pattern = {Pattern::wood, 2.0f, 0.0f};
    Noise marble = make(m), wood = make(w);
    double worst_sine = 0;
    for (int i = 0; i <= 20000; ++i) {
        float x = -8.0f + 0.0008f * static_cast<float>(i);
        double want = 0.5 + 0.5 * std::sin(static_cast<double>(x * 1.3f));
        worst_sine = std::fmax(worst_sine, std::fabs(marble.noise2(x, 0.25f) - want));
    }
    MESSAGE("marble, strength 0, |x| <= 8: largest |value - (0.5 + 0.5 sin(x f))| = " << worst_sine);
    CHECK(worst_sine < 2e-6);
    for (int i = 0; i < 5000; ++i) {
        float x = 0.0137f * static_cast<float>(i) - 30.0f, y = 7.0f - 0.0029f * static_cast<float>(i);
        double g = std::sqrt(double(x) * x + double(y) * y) * 2.0;
        double want = g - std::floor(g);
        double got = wood.noise3(x, y, 4.0f);
        if (want > 1e-4 && want < 1 - 1e-4) {
            CHECK(std::fabs(got - want) < 3e-5);
        }
    }
    // With turbulence: the recipe 0.5 + 0.5 sin(x + 4 turbulence(p)) from the public parts.
    NoiseDesc t, mt;
    t.fractal = mt.fractal = {Fractal::turbulence, 5, 1.0f, 2.0f, 0.5f};
    mt.pattern = {Pattern::marble, 1.0f, 4.0f};
    Noise turbulence = make(t), recipe = make(mt);
    for (int i = 0; i < 2000; ++i) {
        float x = 0.011f * static_cast<float>(i) - 9.0f, y = 0.5f + 0.003f * static_cast<float>(i);
        double want = 0.5 + 0.5 * std::sin(double(x) + 4.0 * turbulence.noise2(x, y));
        CHECK(std::fabs(recipe.noise2(x, y) - want) < 1e-5);
    }
}

TEST_CASE("ranges of marble, wood and a two-level warp over 10^7 samples (docs/spec.md sections 11 and 12 record them)") {
    const std::size_t count = testing::range_sample_count();
    testing::Points p = testing::random_points(count, -1000.0f, 1000.0f, 67);
    std::vector<testing::RangeBound> bounds;  // proven bounds
    // Classic, value and 4D perlin (section 10.5): tests/test_lattice.cpp.
    NoiseDesc marble, wood, warp;
    marble.pattern = {Pattern::marble, 1.0f, 4.0f};
    marble.fractal = {Fractal::turbulence, 6, 0.05f, 2.0f, 0.5f};
    wood.pattern = {Pattern::wood, 0.1f, 0.2f};
    wood.fractal = marble.fractal;
    warp.warp = {2, 1.0f, 1.0f};
    warp.fractal = {Fractal::fbm, 4, 1.0f, 2.0f, 0.5f};
    bounds.push_back({"marble", marble, 2, 0.0f, 1.0f});
    bounds.push_back({"wood", wood, 2, 0.0f, 1.0f});
    bounds.push_back({"warp 2 levels, fbm", warp, 2, -1.0f, 1.0f});
    testing::check_ranges(p, bounds);
}

TEST_CASE("non-finite coordinates give +0 for warps and patterns, on every path") {
    // The classic and value bases: tests/test_lattice.cpp.
    std::vector<NoiseDesc> descs(3);
    descs[0].warp = {2, 1.0f, 1.0f};
    descs[1].pattern = {Pattern::marble, 1.0f, 4.0f};
    descs[2].pattern = {Pattern::wood, 1.0f, 0.2f};
    descs[2].period_x = 8;
    testing::check_nonfinite_gives_zero(descs);
}

TEST_CASE("invalid warp and pattern parameters are rejected with a message naming them") {
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<std::pair<NoiseDesc, const char*>> bad;
    auto add = [&](const char* names, const std::function<void(NoiseDesc&)>& change) {
        NoiseDesc d;
        change(d);
        bad.emplace_back(d, names);
    };
    // The basis and periods: tests/test_lattice.cpp.
    add("warp.levels", [](NoiseDesc& d) { d.warp.levels = 3; });
    add("warp.levels", [](NoiseDesc& d) { d.warp.levels = -1; });
    add("warp.strength", [inf](NoiseDesc& d) { d.warp = {1, inf, 1.0f}; });
    add("warp.frequency", [](NoiseDesc& d) { d.warp = {1, 1.0f, 0.0f}; });
    add("warp.frequency", [nan](NoiseDesc& d) { d.warp = {2, 1.0f, nan}; });
    add("pattern.kind", [](NoiseDesc& d) { d.pattern.kind = static_cast<Pattern>(5); });
    add("pattern.frequency", [](NoiseDesc& d) { d.pattern = {Pattern::wood, -1.0f, 0.2f}; });
    add("pattern.strength", [nan](NoiseDesc& d) { d.pattern = {Pattern::marble, 1.0f, nan}; });
    testing::check_refusals(bad);
    NoiseDesc unused;  // parameters of stages that are off are not checked
    unused.warp = {0, nan, -1.0f};
    unused.pattern = {Pattern::none, nan, inf};
    Noise n;
    CHECK(Noise::create(unused, &n).ok());
    CHECK(n.desc().warp.levels == 0);
}

}  // TEST_SUITE
