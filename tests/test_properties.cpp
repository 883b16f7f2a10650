// Cross-cutting, properties the spec promises (docs/spec.md section 7, over src/reference/perlin.cpp
// and the kernels of src/kernels/perlin.hpp through the public API): range, period 256, lattice
// zeros, huge and negative coordinates.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

using gradnoise::Fade;
using gradnoise::Noise;

TEST_SUITE("properties") {

// Theoretical bounds (docs/spec.md section 7): the largest value over every gradient choice is
// max over the cell of sum_c weight_c * (the two largest |offset| components of corner c):
// 2D 1 (cell centre, all diagonals outward), 3D 1.03635 (quintic) and 1.04491 (cubic).
TEST_CASE("values stay within the documented bounds (observed range reported)") {
    testing::Points p = testing::random_points(testing::random_point_count(), -1000.0f, 1000.0f, 21);
    for (int variant = 0; variant < 3; ++variant) {
        Fade fade = variant == 1 ? Fade::cubic : Fade::quintic;
        Noise noise = variant == 2 ? Noise(1u, Fade::quintic, gradnoise::Hash::mix) : Noise(Noise().permutation(), fade);
        const float bound3 = fade == Fade::cubic ? 1.04491f : 1.03636f;
        std::vector<float> out2(p.size()), out3(p.size());
        REQUIRE(noise.evaluate_2d(p.x.data(), p.y.data(), out2.data(), p.size()).ok());
        REQUIRE(noise.evaluate_3d(p.x.data(), p.y.data(), p.z.data(), out3.data(), p.size()).ok());
        float lo2 = 0, hi2 = 0, lo3 = 0, hi3 = 0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            lo2 = std::fmin(lo2, out2[i]);
            hi2 = std::fmax(hi2, out2[i]);
            lo3 = std::fmin(lo3, out3[i]);
            hi3 = std::fmax(hi3, out3[i]);
        }
        MESSAGE(testing::name(fade) << ", " << std::string(gradnoise::hash_name(noise.hash())) << " hash, over "
                                    << p.size() << " points: 2D [" << lo2 << ", " << hi2 << "], 3D [" << lo3 << ", "
                                    << hi3 << "]");
        CHECK(lo2 >= -1.0f);
        CHECK(hi2 <= 1.0f);
        CHECK(lo3 >= -bound3);
        CHECK(hi3 <= bound3);
        CHECK(hi3 > 0.5f);  // a real field, not a constant
        CHECK(lo3 < -0.5f);
    }
}

TEST_CASE("integer lattice points give zero") {
    for (const Noise& noise : {Noise(31u), Noise(31u, Fade::quintic, gradnoise::Hash::mix)})
    for (int x = -300; x <= 300; x += 7) {
        for (int y = -300; y <= 300; y += 11) {
            CHECK(noise.noise3(float(x), float(y), float(x - y)) == 0.0f);
            CHECK(noise.noise2(float(x), float(y)) == 0.0f);
        }
    }
}

TEST_CASE("the field repeats every 256 units, bit for bit") {
    testing::Points p = testing::random_points(20000, -100.0f, 100.0f, 2);
    for (const Noise& noise : {Noise(8u), Noise(8u, Fade::quintic, gradnoise::Hash::mix)})
    for (std::size_t i = 0; i < p.size(); ++i) {
        // Quarter-unit grid points keep x + 256k exact, so the fractional part is unchanged.
        float x = std::round(p.x[i] * 4) / 4 + 0.125f, y = std::round(p.y[i] * 4) / 4, z = p.z[i];
        float v = noise.noise3(x, y, z);
        CHECK(testing::bits(v) == testing::bits(noise.noise3(x + 256.0f, y, z)));
        CHECK(testing::bits(v) == testing::bits(noise.noise3(x, y - 512.0f, z)));
        CHECK(testing::bits(noise.noise2(x, y)) == testing::bits(noise.noise2(x - 2560.0f, y + 256.0f)));
    }
}

TEST_CASE("-0 is +0; coordinates at or beyond 2^31 sit on lattice planes of cell 0") {
    Noise noise;
    float y = 0.3f, z = 0.7f;
    CHECK(testing::bits(noise.noise3(-0.0f, y, z)) == testing::bits(noise.noise3(0.0f, y, z)));
    for (float big : {2147483648.0f, -2147483648.0f, 1099511627776.0f, -1e30f, 3.4e38f}) {
        INFO("x = " << big);
        CHECK(testing::bits(noise.noise3(big, y, z)) == testing::bits(noise.noise3(0.0f, y, z)));
        CHECK(testing::bits(noise.noise2(y, big)) == testing::bits(noise.noise2(y, 0.0f)));
    }
    // Between 2^24 and 2^31 every float is an integer; the cell is that integer mod 256.
    CHECK(testing::bits(noise.noise3(16777216.0f + 512.0f, y, z)) == testing::bits(noise.noise3(0.0f, y, z)));
    CHECK(testing::bits(noise.noise3(16777216.0f + 6.0f, y, z)) == testing::bits(noise.noise3(6.0f, y, z)));
    CHECK(testing::bits(noise.noise3(-16777216.0f - 6.0f, y, z)) == testing::bits(noise.noise3(250.0f, y, z)));
    // The largest float below 2^31 is 2^31 - 128: cell 128, not clamped to anything.
    CHECK(testing::bits(noise.noise3(2147483520.0f, y, z)) == testing::bits(noise.noise3(128.0f, y, z)));
    CHECK(testing::bits(noise.noise3(-2147483520.0f, y, z)) == testing::bits(noise.noise3(128.0f, y, z)));
    CHECK(testing::bits(noise.noise2(y, 2147483392.0f)) == testing::bits(noise.noise2(y, 0.0f)));
}

TEST_CASE("the field is continuous: small steps give small changes") {
    Noise noise;
    const float step = 1.0f / 1024.0f;
    float worst = 0;
    for (int i = 0; i < 20000; ++i) {
        float x = -10.0f + step * float(i);
        worst = std::fmax(worst, std::fabs(noise.noise3(x + step, 1.3f, 2.7f) - noise.noise3(x, 1.3f, 2.7f)));
    }
    // The gradient magnitude is bounded (~2.5 for the quintic fade), so a step of 1/1024 moves < 0.01.
    CHECK(worst < 0.01f);
    CHECK(worst > 0.0f);
}

}  // TEST_SUITE
