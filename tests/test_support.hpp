// Shared test helpers: deterministic point sets and bit-pattern comparison.
#ifndef GRADNOISE_TESTS_TEST_SUPPORT_HPP
#define GRADNOISE_TESTS_TEST_SUPPORT_HPP

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"

namespace testing {

// Structure-of-arrays point set.
struct Points {
    std::vector<float> x, y, z;
    std::vector<float> w;  // 4D: when empty, w[i] = z[(7 i + 3) mod n] (z's values, reordered)
    std::size_t size() const { return x.size(); }
    void add(float a, float b, float c) {
        x.push_back(a);
        y.push_back(b);
        z.push_back(c);
    }
};

// Number of random points per dimension for the equivalence tests: GRADNOISE_TEST_POINTS, or
// 10,000,000 (the floor). The sanitizer run sets a smaller count.
std::size_t random_point_count();

// Samples for the range measurements: GRADNOISE_RANGE_SAMPLES, or 10,000,000 (the count;
// the emulated aarch64 run measures fewer, its bits being compared with the scalar path anyway).
std::size_t range_sample_count();

// Uniform in [lo, hi) from a fixed seed (SplitMix64 bits -> float), same on every platform.
Points random_points(std::size_t n, float lo, float hi, std::uint64_t seed);
// Lattice points, one float ulp either side, -0, cell boundaries at multiples of 256, 2^24,
// 2^31, 2^40 and beyond, FLT_MAX, subnormals: every awkward coordinate combined per axis.
Points awkward_points();
// Every float bit pattern is equally likely: all exponents, subnormals, NaNs, infinities.
Points random_bit_patterns(std::size_t n, std::uint64_t seed);
// NaN and +-inf in each coordinate position, mixed with ordinary values.
Points nonfinite_points();

std::uint32_t bits(float v);
std::string describe(float v);  // "%a (%.9g)"

// Index of the first element whose bit pattern differs, or -1.
long first_bit_difference(const std::vector<float>& a, const std::vector<float>& b);

inline std::string name(gradnoise::Isa isa) { return gradnoise::isa_name(isa); }
inline std::string name(gradnoise::Fade fade) { return gradnoise::fade_name(fade); }

// out = noise over p on `isa` (forced, and checked to be the one that ran), 2D, 3D or 4D.
std::vector<float> eval(const gradnoise::Noise& noise, gradnoise::Isa isa, int dims, const Points& p);
// The w coordinates eval uses in 4D.
std::vector<float> w_of(const Points& p);
// Every supported ISA equals the scalar path bit for bit on p, in each of `dims` (doctest CHECKs).
void check_points(const gradnoise::Noise& noise, const Points& p, const char* what,
                  std::initializer_list<int> dims = {2, 3});

// Improved Perlin noise in binary64 written independently of src/ from the paper's description
// (explicit gradient vectors and weights); `mix` selects spec section 3.2's hash with `key`.
double independent_noise3(const gradnoise::PermutationTable& p, gradnoise::Fade fade, double x, double y, double z,
                          bool mix = false, std::uint32_t key = 0);

// Ken Perlin's own Java ImprovedNoise values (tests/data/improved_noise_sample.txt, binary64),
// in file order; REQUIREs that the file can be read.
struct PerlinSample {
    double x, y, z, value;
};
std::vector<PerlinSample> perlin_samples();

// Every ISA this CPU and build support, scalar first.
std::vector<gradnoise::Isa> supported_isas();

}  // namespace testing

#endif
