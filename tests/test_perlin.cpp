// The reference path against sources that are not this project's code:
//  1. Ken Perlin's own Java ImprovedNoise values (tests/data/improved_noise_sample.txt, binary64);
//  2. an independent formulation in binary64 written here from the paper's description
//     (explicit gradient vectors and dot products, weights instead of nested lerps).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "splitmix64.hpp"
#include "test_support.hpp"

using gradnoise::Fade;
using gradnoise::Isa;
using gradnoise::Noise;

namespace {

using Sample = testing::PerlinSample;

using testing::independent_noise3;

struct IsaGuard {
    ~IsaGuard() { gradnoise::reset_isa(); }
};

}  // namespace

TEST_SUITE("reference") {

TEST_CASE("Ken Perlin's reference values: 3D on every path within 1e-4, lattice points exactly 0") {
    std::vector<Sample> samples = testing::perlin_samples();
    REQUIRE(samples.size() == 150);
    Noise noise;  // Perlin's table, quintic fade
    testing::Points p;
    for (const Sample& s : samples) {
        p.add(static_cast<float>(s.x), static_cast<float>(s.y), static_cast<float>(s.z));
    }
    IsaGuard guard;
    for (Isa isa : testing::supported_isas()) {
        REQUIRE(gradnoise::force_isa(isa).ok());
        std::vector<float> out(p.size());
        REQUIRE(noise.evaluate_3d(p.x.data(), p.y.data(), p.z.data(), out.data(), p.size()).ok());
        double worst = 0;
        int lattice = 0;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            const Sample& s = samples[i];
            INFO(testing::name(isa) << " sample " << i << " (" << s.x << ", " << s.y << ", " << s.z
                                          << ") Perlin " << s.value << " got " << out[i]);
            CHECK(std::fabs(out[i] - s.value) <= 1e-4);
            worst = std::fmax(worst, std::fabs(out[i] - s.value));
            bool on_lattice = s.x == std::floor(s.x) && s.y == std::floor(s.y) && s.z == std::floor(s.z);
            if (on_lattice) {
                ++lattice;
                CHECK(s.value == 0.0);
                CHECK(out[i] == 0.0f);
            }
        }
        CHECK(lattice == 10);
        MESSAGE(testing::name(isa) << ": largest |float32 - Perlin binary64| = " << worst);
    }
}

TEST_CASE("Ken Perlin's z = 0 values check 2D noise too") {
    std::vector<Sample> samples = testing::perlin_samples();
    Noise noise;
    int plane = 0;
    IsaGuard guard;
    for (Isa isa : testing::supported_isas()) {
        REQUIRE(gradnoise::force_isa(isa).ok());
        for (const Sample& s : samples) {
            if (s.z != 0.0) {
                continue;
            }
            ++plane;
            float x = static_cast<float>(s.x), y = static_cast<float>(s.y), out = 0;
            REQUIRE(noise.evaluate_2d(&x, &y, &out, 1).ok());
            INFO(testing::name(isa) << " (" << s.x << ", " << s.y << ") Perlin " << s.value << " got " << out);
            CHECK(std::fabs(out - s.value) <= 1e-4);
        }
    }
    CHECK(plane >= 40);
}

TEST_CASE("noise2(x, y) equals noise3(x, y, 0): same value, same bits unless zero") {
    testing::Points p = testing::random_points(200000, -600.0f, 600.0f, 11);
    testing::Points a = testing::awkward_points();
    p.x.insert(p.x.end(), a.x.begin(), a.x.end());
    p.y.insert(p.y.end(), a.y.begin(), a.y.end());
    for (Fade fade : {Fade::quintic, Fade::cubic}) {
        Noise noise(Noise().permutation(), fade);
        for (std::size_t i = 0; i < p.x.size(); ++i) {
            float n2 = noise.noise2(p.x[i], p.y[i]);
            float n3 = noise.noise3(p.x[i], p.y[i], 0.0f);
            if (n2 != 0.0f) {
                REQUIRE(testing::bits(n2) == testing::bits(n3));
            } else {
                REQUIRE(n3 == 0.0f);
            }
        }
    }
}

TEST_CASE("an independent binary64 formulation agrees for seeded tables and both fades") {
    testing::Points p = testing::random_points(100000, -300.0f, 300.0f, 5);
    for (std::uint64_t seed : {0ull, 1ull, 0xDEADBEEFull}) {
        for (Fade fade : {Fade::quintic, Fade::cubic}) {
            Noise noise(seed, fade);
            double worst = 0;
            for (std::size_t i = 0; i < p.size(); ++i) {
                double expect = independent_noise3(noise.permutation(), fade, p.x[i], p.y[i], p.z[i]);
                worst = std::fmax(worst, std::fabs(noise.noise3(p.x[i], p.y[i], p.z[i]) - expect));
                double expect2 = independent_noise3(noise.permutation(), fade, p.x[i], p.y[i], 0.0);
                worst = std::fmax(worst, std::fabs(noise.noise2(p.x[i], p.y[i]) - expect2));
            }
            INFO("seed " << seed << " fade " << testing::name(fade) << " worst " << worst);
            CHECK(worst < 2e-6);
        }
    }
}

TEST_CASE("the mixing hash agrees with the spec written out independently") {
    testing::Points p = testing::random_points(100000, -300.0f, 300.0f, 6);
    for (std::uint64_t seed : {0ull, 77ull}) {
        // Spec 3.2: key = low 32 bits of the first SplitMix64 output (seed 0: 0xE220A8397B1DCDAF).
        std::uint32_t key = seed == 0 ? 0x7B1DCDAFu : static_cast<std::uint32_t>(gradnoise::detail::SplitMix64(seed).next());
        for (Fade fade : {Fade::quintic, Fade::cubic}) {
            Noise noise(seed, fade, gradnoise::Hash::mix);
            REQUIRE(noise.hash() == gradnoise::Hash::mix);
            double worst = 0;
            for (std::size_t i = 0; i < p.size(); ++i) {
                double e3 = independent_noise3(noise.permutation(), fade, p.x[i], p.y[i], p.z[i], true, key);
                double e2 = independent_noise3(noise.permutation(), fade, p.x[i], p.y[i], 0.0, true, key);
                worst = std::fmax(worst, std::fabs(noise.noise3(p.x[i], p.y[i], p.z[i]) - e3));
                worst = std::fmax(worst, std::fabs(noise.noise2(p.x[i], p.y[i]) - e2));
            }
            INFO("seed " << seed << " fade " << testing::name(fade) << " worst " << worst);
            CHECK(worst < 2e-6);
        }
    }
    // The two hashes give different fields for the same seed.
    CHECK(Noise(5u).noise3(0.5f, 0.25f, 0.125f) != Noise(5u, Fade::quintic, gradnoise::Hash::mix).noise3(0.5f, 0.25f, 0.125f));
}

TEST_CASE("the cubic fade is Perlin 1985's 3t^2 - 2t^3: half way through a cell") {
    // At frac = 0.5 both fades weigh corners equally (fade(0.5) = 0.5), so the two fields agree
    // at cell centres and differ elsewhere.
    Noise quintic, cubic(Noise().permutation(), Fade::cubic);
    CHECK(quintic.noise3(10.5f, 20.5f, 30.5f) == cubic.noise3(10.5f, 20.5f, 30.5f));
    CHECK(quintic.noise3(10.25f, 20.5f, 30.5f) != cubic.noise3(10.25f, 20.5f, 30.5f));
}

}  // TEST_SUITE
