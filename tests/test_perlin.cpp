// Perlin noise: src/kernels/perlin.hpp, src/reference/perlin.cpp, docs/spec.md sections 4-5.
// The reference against sources that are not this project's code:
//  1. Ken Perlin's own Java ImprovedNoise values (tests/data/improved_noise_sample.txt, binary64);
//  2. an independent formulation in binary64 written here from the paper's description
//     (explicit gradient vectors and dot products, weights instead of nested lerps).
// Then every SIMD path against the scalar reference bit for bit (uint32 patterns), on every ISA
// this CPU has, each ISA's kernel table called directly (testing::IsaPath): random, small-range,
// awkward and non-finite points, random bit patterns, every tail and misalignment. Grids:
// tests/test_grid.cpp; the mixing hash against the spec: tests/test_hash.cpp.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

using gradnoise::Fade;
using gradnoise::Isa;
using gradnoise::Noise;

namespace {

using Sample = testing::PerlinSample;

using testing::check_points;
using testing::eval;
using testing::independent_noise3;
using testing::IsaPath;

}  // namespace

TEST_SUITE("perlin") {

TEST_CASE("Ken Perlin's reference values: 3D on every path within 1e-4, lattice points exactly 0") {
    std::vector<Sample> samples = testing::perlin_samples();
    REQUIRE(samples.size() == 150);
    Noise noise;  // Perlin's table, quintic fade
    testing::Points p;
    for (const Sample& s : samples) {
        p.add(static_cast<float>(s.x), static_cast<float>(s.y), static_cast<float>(s.z));
    }
    for (const IsaPath& path : testing::isa_paths()) {
        std::vector<float> out(p.size());
        REQUIRE(path.evaluate_3d(noise, p.x.data(), p.y.data(), p.z.data(), out.data(), p.size()).ok());
        double worst = 0;
        int lattice = 0;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            const Sample& s = samples[i];
            INFO(testing::name(path) << " sample " << i << " (" << s.x << ", " << s.y << ", " << s.z
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
        MESSAGE(testing::name(path) << ": largest |float32 - Perlin binary64| = " << worst);
    }
}

TEST_CASE("Ken Perlin's z = 0 values check 2D noise too") {
    std::vector<Sample> samples = testing::perlin_samples();
    Noise noise;
    int plane = 0;
    for (const IsaPath& path : testing::isa_paths()) {
        for (const Sample& s : samples) {
            if (s.z != 0.0) {
                continue;
            }
            ++plane;
            float x = static_cast<float>(s.x), y = static_cast<float>(s.y), out = 0;
            REQUIRE(path.evaluate_2d(noise, &x, &y, &out, 1).ok());
            INFO(testing::name(path) << " (" << s.x << ", " << s.y << ") Perlin " << s.value << " got " << out);
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

TEST_CASE("the cubic fade is Perlin 1985's 3t^2 - 2t^3: half way through a cell") {
    // At frac = 0.5 both fades weigh corners equally (fade(0.5) = 0.5), so the two fields agree
    // at cell centres and differ elsewhere.
    Noise quintic, cubic(Noise().permutation(), Fade::cubic);
    CHECK(quintic.noise3(10.5f, 20.5f, 30.5f) == cubic.noise3(10.5f, 20.5f, 30.5f));
    CHECK(quintic.noise3(10.25f, 20.5f, 30.5f) != cubic.noise3(10.25f, 20.5f, 30.5f));
}

TEST_CASE("the machine has the SIMD paths this build targets") {
    std::vector<Isa> isas;
    for (const IsaPath& path : testing::isa_paths()) {
        isas.push_back(path.table->isa);
    }
    CHECK(isas == testing::supported_isas());
    MESSAGE("supported ISAs: " << [&] {
        std::string s;
        for (Isa i : isas) s += std::string(gradnoise::isa_name(i)) + " ";
        return s;
    }());
    CHECK(isas.front() == Isa::scalar);
#if defined(__x86_64__)
    CHECK(gradnoise::isa_supported(Isa::sse2) == bool(GRADNOISE_TEST_BUILT_SSE2));
    CHECK_FALSE(gradnoise::isa_supported(Isa::neon));
    // Independently of the library's detection: what the kernel reports in /proc/cpuinfo.
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line, flags;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("flags", 0) == 0) {
            flags = line + " ";
            break;
        }
    }
    auto has = [&flags](const char* f) { return flags.find(std::string(" ") + f + " ") != std::string::npos; };
    if (!flags.empty()) {
        // (an ISA whose kernel unit the build leaves out, GRADNOISE_X86_KERNELS, is never supported)
        const bool avx2 = has("avx2") && GRADNOISE_TEST_BUILT_AVX2;
        const bool avx512 = has("avx512f") && has("avx512cd") && has("avx512dq") && has("avx512bw") &&
                            has("avx512vl") && has("avx512vbmi") && GRADNOISE_TEST_BUILT_AVX512;
        CHECK(gradnoise::isa_supported(Isa::avx2) == avx2);
        CHECK(gradnoise::isa_supported(Isa::avx512) == avx512);
        CHECK(gradnoise::best_isa() ==
              (avx512 ? Isa::avx512 : avx2 ? Isa::avx2 : GRADNOISE_TEST_BUILT_SSE2 ? Isa::sse2 : Isa::scalar));
    }
#elif defined(__aarch64__)
    CHECK(gradnoise::isa_supported(Isa::neon));
    CHECK_FALSE(gradnoise::isa_supported(Isa::avx2));
#elif defined(__wasm__)
    // (GRADNOISE_TEST_SIMD128: this test binary is the SIMD module's)
    CHECK(gradnoise::isa_supported(Isa::simd128) == bool(GRADNOISE_TEST_SIMD128));
    CHECK(gradnoise::best_isa() == (GRADNOISE_TEST_SIMD128 ? Isa::simd128 : Isa::scalar));
    CHECK_FALSE(gradnoise::isa_supported(Isa::sse2));
#endif
}

TEST_CASE("uniform random points in [-1e4, 1e4], both fades, two seeds") {
    testing::Points p = testing::random_points(testing::random_point_count(), -1e4f, 1e4f, 42);
    check_points(Noise(), p, "random, reference table");
    check_points(Noise(0xC0FFEEull, Fade::cubic), p, "random, seed 0xC0FFEE");
    check_points(Noise(0xC0FFEEull, Fade::quintic, gradnoise::Hash::mix), p, "random, mix hash");
}

TEST_CASE("small-range random points (many per cell)") {
    testing::Points p = testing::random_points(testing::random_point_count() / 10 + 17, -3.0f, 3.0f, 7);
    check_points(Noise(), p, "random [-3, 3)");
    check_points(Noise(Noise().permutation(), Fade::cubic), p, "random [-3, 3) cubic");
    check_points(Noise(12u, Fade::cubic, gradnoise::Hash::mix), p, "random [-3, 3) cubic, mix hash");
}

TEST_CASE("lattice points, one ulp either side, -0, cell boundaries, huge coordinates") {
    testing::Points p = testing::awkward_points();
    check_points(Noise(), p, "awkward");
    check_points(Noise(99u, Fade::cubic), p, "awkward, seed 99, cubic");
    check_points(Noise(99u, Fade::quintic, gradnoise::Hash::mix), p, "awkward, seed 99, mix hash");
}

TEST_CASE("random bit patterns: every exponent, subnormals, NaN payloads, infinities") {
    testing::Points p = testing::random_bit_patterns(testing::random_point_count() / 10 + 3, 1234);
    check_points(Noise(), p, "random bit patterns");
    check_points(Noise(5u, Fade::cubic, gradnoise::Hash::mix), p, "random bit patterns, mix hash");
}

TEST_CASE("NaN and infinity give +0 on every path") {
    testing::Points p = testing::nonfinite_points();
    for (const Noise& noise : {Noise(), Noise(3u, Fade::quintic, gradnoise::Hash::mix)})
    for (const IsaPath& path : testing::isa_paths()) {
        for (int dims : {2, 3}) {
            std::vector<float> got = eval(noise, path, dims, p);
            for (std::size_t i = 0; i < got.size(); ++i) {
                bool nonfinite_input = !std::isfinite(p.x[i]) || !std::isfinite(p.y[i]) ||
                                       (dims == 3 && !std::isfinite(p.z[i]));
                INFO(testing::name(path) << " " << dims << "D point " << i);
                if (nonfinite_input) {
                    CHECK(testing::bits(got[i]) == 0u);
                } else {
                    CHECK(std::isfinite(got[i]));
                }
            }
        }
    }
}

TEST_CASE("every count from 0 to 100 and every misalignment (tails)") {
    testing::Points all = testing::random_points(200, -50.0f, 50.0f, 3);
    const std::vector<IsaPath> paths = testing::isa_paths();
    for (const Noise& noise : {Noise(), Noise(4u, Fade::quintic, gradnoise::Hash::mix)})
    for (std::size_t offset = 0; offset < 4; ++offset) {
        for (std::size_t n = 0; n <= 100; ++n) {
            testing::Points p;
            p.x.assign(all.x.begin() + offset, all.x.begin() + offset + n);
            p.y.assign(all.y.begin() + offset, all.y.begin() + offset + n);
            p.z.assign(all.z.begin() + offset, all.z.begin() + offset + n);
            for (int dims : {2, 3}) {
                std::vector<float> ref = eval(noise, paths.front(), dims, p);  // scalar
                for (const IsaPath& path : paths) {
                    // Evaluate from misaligned copies, into a misaligned output with guards.
                    std::vector<float> buf(3 * (n + 2) + 8 + offset, -7.0f);
                    float* x = buf.data() + 1 + offset;
                    float* y = x + n + 1;
                    float* z = y + n + 1;
                    std::vector<float> out(n + 2 + offset, -7.0f);
                    float* o = out.data() + offset + 1;
                    if (n > 0) {  // (memcpy from an empty vector's null data() is UB)
                        std::memcpy(x, p.x.data(), n * sizeof(float));
                        std::memcpy(y, p.y.data(), n * sizeof(float));
                        std::memcpy(z, p.z.data(), n * sizeof(float));
                    }
                    REQUIRE((dims == 2 ? path.evaluate_2d(noise, x, y, o, n) : path.evaluate_3d(noise, x, y, z, o, n))
                                .ok());
                    INFO(testing::name(path) << " " << dims << "D n=" << n << " offset=" << offset);
                    CHECK(testing::bits(o[-1]) == testing::bits(-7.0f));
                    CHECK(testing::bits(o[n]) == testing::bits(-7.0f));
                    CHECK(testing::first_bit_difference(ref, std::vector<float>(o, o + n)) == -1);
                }
            }
        }
    }
}

}  // TEST_SUITE
