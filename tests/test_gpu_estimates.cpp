// [S 20] The GLSL's exact division and square root (src/shader/glsl_exact.cpp) correct an estimate of
// the significands' quotient or root that lies within `reach` of the truth. A driver's own a / b and
// sqrt are such estimates where GLSL's bounds hold; where they do not, the text falls back to Newton's
// reciprocal and inverse root in + - * alone, which GLSL rounds correctly. This suite proves, on the
// CPU, that the fallback is always within reach: every divisor significand and every root argument,
// in the same float operations in the same order (the build has no contraction: -ffp-contract=off).
// The constants come from src/shader/glsl_exact.hpp, as the text's do.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "shader/glsl_exact.hpp"
#include "xorshift64.hpp"

namespace {

namespace exact = gradnoise::glsl::exact;

float from_bits(std::uint32_t u) {
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

std::uint32_t to_bits(float f) {
    std::uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

const float two_to_minus_23 = from_bits(0x34000000u);

// The text's q = estimate >= 2 ? 2^25 - 1 : estimate >= 1 ? uint(estimate 2^24) : 2^24 (a NaN: 2^24).
std::int64_t clamp_estimate(float estimate) {
    if (estimate >= 2.0f) return 0x1FFFFFF;
    if (estimate >= 1.0f) return static_cast<std::int64_t>(estimate * 16777216.0f);
    return 16777216;
}

// The fallback's reciprocal of x = mb 2^-23 in [1, 2): the line, then Newton's steps (glsl_exact.cpp's divide).
float reciprocal(float x) {
    float y = from_bits(exact::reciprocal_line_a) - from_bits(exact::reciprocal_line_b) * x;
    for (int k = 0; k < exact::newton_steps; ++k) {
        const float t = 1.0f - x * y;
        y = y + y * t;
    }
    return y;
}

// The fallback's estimate of sqrt(v), v = m 2^-23 in [1, 4): the bit trick, Newton's steps, v y.
float root_estimate(float v) {
    float y = from_bits(exact::inverse_root_magic - (to_bits(v) >> 1u));
    for (int k = 0; k < exact::newton_steps; ++k) {
        const float t = 1.5f - (0.5f * v) * (y * y);
        y = y * t;
    }
    return v * y;
}

// floor(sqrt(n)) of a 64-bit n, exactly.
std::int64_t integer_root(std::uint64_t n) {
    std::uint64_t s = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(n)));
    while (s * s > n) --s;
    while ((s + 1) * (s + 1) <= n) ++s;
    return static_cast<std::int64_t>(s);
}

// The correction steps -16, +8, +4, +2, +1 reach the truth from estimates q with q - 16 <= truth <= q + 15.
bool within_reach(std::int64_t estimate, std::int64_t truth) {
    return truth >= estimate - exact::reach && truth <= estimate + exact::reach - 1;
}

}  // namespace

TEST_SUITE("gpu_estimates") {

TEST_CASE("the division fallback's reciprocal is within reach for every divisor significand") {
    // For a dividend significand a in [x, 2x) the estimate is fl(a y) with y = (1 + d) / x, so
    // |estimate - a / x| < 2 (|d| + 2^-24 + |d| 2^-24); in units of 2^-24, and with the truncation to an
    // integer, the estimate is within 2^25 |d| (1 + 2^-24) + 3 of the true quotient's floor.
    double worst = 0;
    std::uint32_t worst_mb = 0;
    for (std::uint32_t mb = 1u << 23; mb < 1u << 24; ++mb) {
        const float x = static_cast<float>(mb) * two_to_minus_23;
        const float y = reciprocal(x);
        const double d = std::fabs(static_cast<double>(x) * static_cast<double>(y) - 1.0);  // (exact: 48 bits)
        if (d > worst) {
            worst = d;
            worst_mb = mb;
        }
    }
    const double bound = std::ldexp(worst, 25) * (1.0 + std::ldexp(1.0, -24)) + 3.0;
    INFO("the largest relative error of the reciprocal: " << worst << " (divisor significand " << worst_mb << "); bound "
                                                          << bound << " units");
    CHECK(bound <= exact::reach - 1);
    CHECK(worst > 0);  // (not a vacuous proof: the steps do leave an error)
}

TEST_CASE("the division fallback's quotient estimate is within reach at 2^22 significand pairs, and so is 2.5 ulps") {
    // The whole estimate as the text computes it, against the integer quotient floor(ma 2^24 / mb).
    testing::XorShift64 next;
    int outside = 0, driver_outside = 0;
    for (int k = 0; k < (1 << 22); ++k) {
        std::uint32_t mb = (1u << 23) | static_cast<std::uint32_t>(next() & 0x7FFFFFu);
        std::uint32_t ma = (1u << 23) | static_cast<std::uint32_t>(next() & 0x7FFFFFu);
        if (k < 64) ma = mb + static_cast<std::uint32_t>(k);  // (quotients just above 1)
        if (ma < mb) ma <<= 1u;
        const std::int64_t truth = static_cast<std::int64_t>((static_cast<std::uint64_t>(ma) << 24u) / mb);
        const float estimate = (static_cast<float>(ma) * two_to_minus_23) * reciprocal(static_cast<float>(mb) * two_to_minus_23);
        outside += within_reach(clamp_estimate(estimate), truth) ? 0 : 1;
        // A driver within GLSL's 2.5 ulps of float(ma) / float(mb): the worst such quotients, 3 ulps either side.
        const float q = static_cast<float>(ma) / static_cast<float>(mb);
        for (int ulps : {-3, 3}) {
            const float off = from_bits(static_cast<std::uint32_t>(static_cast<std::int64_t>(to_bits(q)) + ulps));
            driver_outside += within_reach(clamp_estimate(off), truth) ? 0 : 1;
        }
    }
    CHECK(outside == 0);
    CHECK(driver_outside == 0);
}

TEST_CASE("the square root fallback is within reach for every root argument") {
    // Every significand the text's sqrt meets: m in [2^23, 2^24) (even exponents) and m = 2 m' (odd).
    int outside = 0, driver_outside = 0;
    std::int64_t worst = 0;
    for (std::uint32_t k = 0; k < 1u << 24; ++k) {
        const std::uint32_t m = k < (1u << 23) ? (1u << 23) + k : 2u * ((1u << 23) + (k - (1u << 23)));
        const float v = static_cast<float>(m) * two_to_minus_23;
        const std::int64_t truth = integer_root(static_cast<std::uint64_t>(m) << 25u);
        const std::int64_t estimate = clamp_estimate(root_estimate(v));
        outside += within_reach(estimate, truth) ? 0 : 1;
        worst = std::max(worst, estimate > truth ? estimate - truth : truth - estimate);
        const float s = std::sqrt(v);  // (correctly rounded on the CPU; a driver's, 3 ulps off either side)
        for (int ulps : {-3, 3}) {
            const float off = from_bits(static_cast<std::uint32_t>(static_cast<std::int64_t>(to_bits(s)) + ulps));
            driver_outside += within_reach(clamp_estimate(off), truth) ? 0 : 1;
        }
    }
    INFO("the fallback's largest distance: " << worst << " units of 2^-24");
    CHECK(outside == 0);
    CHECK(driver_outside == 0);
    CHECK(worst > 0);
}

TEST_CASE("the estimate's clamp keeps NaN, negative, tiny and huge estimates in range (the garbage a bad driver may give)") {
    CHECK(clamp_estimate(std::nanf("")) == 16777216);
    CHECK(clamp_estimate(-1.0f) == 16777216);
    CHECK(clamp_estimate(1e-30f) == 16777216);
    CHECK(clamp_estimate(INFINITY) == 0x1FFFFFF);
    CHECK(clamp_estimate(1.5f) == 25165824);
    // An estimate that far off is outside reach, and the text then takes the fallback: the quotient's
    // check (the 64-bit remainder outside [-16 m, 16 m)) sees it.
    CHECK_FALSE(within_reach(16777216, 25165824));
}

}  // TEST_SUITE
