// Sums of octaves (docs/spec.md section 8): every kind on every ISA bit for bit, against the
// definition computed independently in binary64, their ranges, and parameter checking.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

using gradnoise::Fade;
using gradnoise::Fractal;
using gradnoise::Hash;
using gradnoise::Noise;
using gradnoise::NoiseDesc;

namespace {

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
    for (int isa_index = 0; isa_index < gradnoise::isa_count; ++isa_index) {
        auto isa = static_cast<gradnoise::Isa>(isa_index);
        if (!gradnoise::isa_supported(isa)) continue;
        for (int dims : {2, 3}) {
            std::vector<float> a = testing::eval(plain, isa, dims, p), b = testing::eval(one, isa, dims, p);
            INFO(testing::name(isa) << " " << dims << "D");
            CHECK(testing::first_bit_difference(a, b) == -1);
        }
    }
    gradnoise::reset_isa();
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
        for (gradnoise::Isa isa : testing::supported_isas()) {
            for (int dims : {2, 3}) {
                std::vector<float> out = testing::eval(n, isa, dims, p);
                for (std::size_t i = 0; i < out.size(); ++i) {
                    bool bad = !std::isfinite(p.x[i]) || !std::isfinite(p.y[i]) || (dims == 3 && !std::isfinite(p.z[i]));
                    if (bad) {
                        INFO(std::string(gradnoise::fractal_name(kind)) << " " << testing::name(isa) << " " << dims << "D point " << i);
                        CHECK(testing::bits(out[i]) == 0u);
                    }
                }
            }
        }
    }
    gradnoise::reset_isa();
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

}  // TEST_SUITE
