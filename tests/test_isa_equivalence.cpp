// Every SIMD path equals the scalar reference bit for bit (uint32 patterns), on every ISA this
// CPU has, for points and for grids. The reference's correctness itself is checked elsewhere
// (test_perlin_reference.cpp) against Ken Perlin's own values.
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

struct IsaGuard {
    ~IsaGuard() { gradnoise::reset_isa(); }
};

using testing::check_points;
using testing::eval;

}  // namespace

TEST_SUITE("equivalence") {

TEST_CASE("the machine has the SIMD paths this build targets") {
    std::vector<Isa> isas = testing::supported_isas();
    MESSAGE("supported ISAs: " << [&] {
        std::string s;
        for (Isa i : isas) s += std::string(gradnoise::isa_name(i)) + " ";
        return s;
    }());
    CHECK(isas.front() == Isa::scalar);
#if defined(__x86_64__)
    CHECK(gradnoise::isa_supported(Isa::sse2));
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
        CHECK(gradnoise::isa_supported(Isa::avx2) == has("avx2"));
        bool avx512 = has("avx512f") && has("avx512cd") && has("avx512dq") && has("avx512bw") && has("avx512vl") &&
                      has("avx512vbmi");
        CHECK(gradnoise::isa_supported(Isa::avx512) == avx512);
        CHECK(gradnoise::best_isa() == (avx512 ? Isa::avx512 : has("avx2") ? Isa::avx2 : Isa::sse2));
    }
#elif defined(__aarch64__)
    CHECK(gradnoise::isa_supported(Isa::neon));
    CHECK_FALSE(gradnoise::isa_supported(Isa::avx2));
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
    IsaGuard guard;
    for (const Noise& noise : {Noise(), Noise(3u, Fade::quintic, gradnoise::Hash::mix)})
    for (Isa isa : testing::supported_isas()) {
        for (int dims : {2, 3}) {
            std::vector<float> got = eval(noise, isa, dims, p);
            for (std::size_t i = 0; i < got.size(); ++i) {
                bool nonfinite_input = !std::isfinite(p.x[i]) || !std::isfinite(p.y[i]) ||
                                       (dims == 3 && !std::isfinite(p.z[i]));
                INFO(testing::name(isa) << " " << dims << "D point " << i);
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
    IsaGuard guard;
    for (const Noise& noise : {Noise(), Noise(4u, Fade::quintic, gradnoise::Hash::mix)})
    for (std::size_t offset = 0; offset < 4; ++offset) {
        for (std::size_t n = 0; n <= 100; ++n) {
            testing::Points p;
            p.x.assign(all.x.begin() + offset, all.x.begin() + offset + n);
            p.y.assign(all.y.begin() + offset, all.y.begin() + offset + n);
            p.z.assign(all.z.begin() + offset, all.z.begin() + offset + n);
            for (int dims : {2, 3}) {
                std::vector<float> ref = eval(noise, Isa::scalar, dims, p);
                for (Isa isa : testing::supported_isas()) {
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
                    REQUIRE(gradnoise::force_isa(isa).ok());
                    REQUIRE((dims == 2 ? noise.evaluate_2d(x, y, o, n) : noise.evaluate_3d(x, y, z, o, n)).ok());
                    INFO(testing::name(isa) << " " << dims << "D n=" << n << " offset=" << offset);
                    CHECK(testing::bits(o[-1]) == testing::bits(-7.0f));
                    CHECK(testing::bits(o[n]) == testing::bits(-7.0f));
                    CHECK(testing::first_bit_difference(ref, std::vector<float>(o, o + n)) == -1);
                }
            }
        }
    }
}

TEST_CASE("grids with awkward sizes, origins and strides, into unaligned buffers") {
    IsaGuard guard;
    struct Case {
        float ox, oy, oz, sx, sy, sz;
    };
    const Case cases[] = {
        {0.3f, 0.7f, 0.5f, 0.01f, 0.01f, 0.01f},          // the benchmark grid
        {-3.3f, 255.9f, -0.25f, 0.37f, -0.05f, 0.5f},     // negative origin, negative step, cell 255/256
        {-1024.0f, -1.0f, 16777216.0f, 1.0f, 0.25f, 3.0f},  // lattice-aligned samples, huge z
        {1e6f, -2e5f, 7.5f, 0.125f, 1.5f, -0.75f},
    };
    const std::size_t widths[] = {1, 7, 8, 9, 15, 17, 1023};
    for (const Noise& noise : {Noise(2024u), Noise(2024u, Fade::quintic, gradnoise::Hash::mix)})
    for (const Case& c : cases) {
        for (std::size_t w : widths) {
            const std::size_t h = 5, d = 3, stride = w + 3, slice = stride * h + 2;
            for (int dims : {2, 3}) {
                std::size_t total = dims == 2 ? stride * h : slice * d;
                std::vector<float> ref(total + 1, -9.0f), got(total + 1, -9.0f);
                auto fill = [&](Isa isa, std::vector<float>& buf) {
                    REQUIRE(gradnoise::force_isa(isa).ok());
                    float* out = buf.data() + 1;  // unaligned
                    if (dims == 2) {
                        gradnoise::Grid2d g{c.ox, c.oy, c.sx, c.sy, w, h};
                        REQUIRE(noise.fill_grid_2d(g, out, stride).ok());
                    } else {
                        gradnoise::Grid3d g{c.ox, c.oy, c.oz, c.sx, c.sy, c.sz, w, h, d};
                        REQUIRE(noise.fill_grid_3d(g, out, stride, slice).ok());
                    }
                };
                fill(Isa::scalar, ref);
                for (Isa isa : testing::supported_isas()) {
                    std::fill(got.begin(), got.end(), -9.0f);
                    fill(isa, got);
                    INFO(testing::name(isa) << " " << dims << "D width " << w << " origin " << c.ox);
                    long at = testing::first_bit_difference(ref, got);
                    CHECK(at == -1);
                    CHECK(testing::bits(got[0]) == testing::bits(-9.0f));  // before the buffer
                    CHECK(testing::bits(got[1 + w]) == testing::bits(-9.0f));  // row padding untouched
                }
                // The grid equals the per-point path at x_i = ox + float(i) * sx.
                gradnoise::force_isa(Isa::scalar).ok();
                float x2 = c.ox + static_cast<float>(w - 1) * c.sx;
                float y1 = c.oy + 1.0f * c.sy;
                float expect = dims == 2 ? noise.noise2(x2, y1) : noise.noise3(x2, y1, c.oz);
                CHECK(testing::bits(ref[1 + stride + (w - 1)]) == testing::bits(expect));
            }
        }
    }
}

}  // TEST_SUITE
