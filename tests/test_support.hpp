// Shared test helpers: deterministic point sets, bit-pattern comparison, and the per-ISA paths
// (IsaPath: one ISA's kernel table called directly through src/api/entry.hpp, so no test flips the
// process-wide ISA choice to reach a path; only the tests of that choice itself call force_isa).
#ifndef GRADNOISE_TESTS_TEST_SUPPORT_HPP
#define GRADNOISE_TESTS_TEST_SUPPORT_HPP

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "api/entry.hpp"
#include "gradnoise/gradnoise.hpp"

namespace testing {

// Whether this build can start threads: not WebAssembly without pthreads (the web modules), where the
// tests that start their own threads are skipped (doctest::skip(!testing::have_threads)).
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool have_threads = false;
#else
inline constexpr bool have_threads = true;
#endif

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
// GRADNOISE_TEST_AWKWARD_STRIDE=k keeps every k-th (the sanitizer run).
Points awkward_points();
// Every float bit pattern is equally likely: all exponents, subnormals, NaNs, infinities.
Points random_bit_patterns(std::size_t n, std::uint64_t seed);
// NaN and +-inf in each coordinate position, mixed with ordinary values.
Points nonfinite_points();

std::uint32_t bits(float v);
std::uint64_t double_bits(double v);  // a double's bit pattern
std::string describe(float v);  // "%a (%.9g)"

// Index of the first element whose bit pattern differs, or -1.
long first_bit_difference(const std::vector<float>& a, const std::vector<float>& b);

inline std::string name(gradnoise::Isa isa) { return gradnoise::isa_name(isa); }
inline std::string name(gradnoise::Fade fade) { return gradnoise::fade_name(fade); }

// One ISA's kernels, called directly: each member is the Noise method of the same name run on
// `table` (gradnoise::detail's entry points with the same argument checks, messages,
// floating-point environment and threading), whatever the process-wide choice (active_isa) is.
// table->isa is the ISA that runs.
struct IsaPath {
    gradnoise::Isa isa;
    const gradnoise::kernels::KernelTable* table;

    std::string name() const { return gradnoise::isa_name(isa); }

    gradnoise::Status evaluate_2d(const gradnoise::Noise& noise, const float* x, const float* y, float* out,
                                  std::size_t n) const;
    gradnoise::Status evaluate_3d(const gradnoise::Noise& noise, const float* x, const float* y, const float* z,
                                  float* out, std::size_t n) const;
    gradnoise::Status evaluate_4d(const gradnoise::Noise& noise, const float* x, const float* y, const float* z,
                                  const float* w, float* out, std::size_t n) const;
    gradnoise::Status evaluate_2d_f64(const gradnoise::Noise& noise, const double* x, const double* y, double* out,
                                      std::size_t n) const;
    gradnoise::Status evaluate_3d_f64(const gradnoise::Noise& noise, const double* x, const double* y,
                                      const double* z, double* out, std::size_t n) const;
    gradnoise::Status fill_grid_2d(const gradnoise::Noise& noise, const gradnoise::Grid2d& grid, float* out,
                                   std::size_t row_stride = 0) const;
    gradnoise::Status fill_grid_2d(const gradnoise::Noise& noise, const gradnoise::Grid2d& grid, float* out,
                                   std::size_t row_stride, const gradnoise::FillOptions& options) const;
    gradnoise::Status fill_grid_3d(const gradnoise::Noise& noise, const gradnoise::Grid3d& grid, float* out,
                                   std::size_t row_stride = 0, std::size_t slice_stride = 0) const;
    gradnoise::Status fill_grid_3d(const gradnoise::Noise& noise, const gradnoise::Grid3d& grid, float* out,
                                   std::size_t row_stride, std::size_t slice_stride,
                                   const gradnoise::FillOptions& options) const;
    gradnoise::Status fill_chunk_2d(const gradnoise::Noise& noise, const gradnoise::Chunk2d& chunk, float* out,
                                    std::size_t row_stride = 0,
                                    const gradnoise::FillOptions& options = gradnoise::FillOptions{}) const;
    gradnoise::Status fill_chunk_3d(const gradnoise::Noise& noise, const gradnoise::Chunk3d& chunk, float* out,
                                    std::size_t row_stride = 0, std::size_t slice_stride = 0,
                                    const gradnoise::FillOptions& options = gradnoise::FillOptions{}) const;
    // [S 18] values with gradients, curl noise.
    gradnoise::Status evaluate_gradient_2d(const gradnoise::Noise& noise, const float* x, const float* y,
                                           const gradnoise::GradientOut& out, std::size_t n) const;
    gradnoise::Status evaluate_gradient_3d(const gradnoise::Noise& noise, const float* x, const float* y,
                                           const float* z, const gradnoise::GradientOut& out, std::size_t n) const;
    gradnoise::Status evaluate_gradient_4d(const gradnoise::Noise& noise, const float* x, const float* y,
                                           const float* z, const float* w, const gradnoise::GradientOut& out,
                                           std::size_t n) const;
    gradnoise::Status evaluate_curl_2d(const gradnoise::Noise& noise, const float* x, const float* y, float* vx,
                                       float* vy, std::size_t n) const;
    gradnoise::Status evaluate_curl_3d(const gradnoise::Noise& noise, const float* x, const float* y, const float* z,
                                       float* vx, float* vy, float* vz, std::size_t n) const;
    gradnoise::Status fill_grid_gradient_2d(const gradnoise::Noise& noise, const gradnoise::Grid2d& grid,
                                            const gradnoise::GradientOut& out, std::size_t row_stride = 0,
                                            const gradnoise::FillOptions& options = gradnoise::FillOptions{}) const;
    gradnoise::Status fill_grid_gradient_3d(const gradnoise::Noise& noise, const gradnoise::Grid3d& grid,
                                            const gradnoise::GradientOut& out, std::size_t row_stride = 0,
                                            std::size_t slice_stride = 0,
                                            const gradnoise::FillOptions& options = gradnoise::FillOptions{}) const;
    gradnoise::Status fill_chunk_gradient_2d(const gradnoise::Noise& noise, const gradnoise::Chunk2d& chunk,
                                             const gradnoise::GradientOut& out, std::size_t row_stride = 0,
                                             const gradnoise::FillOptions& options = gradnoise::FillOptions{}) const;
    gradnoise::Status fill_chunk_gradient_3d(const gradnoise::Noise& noise, const gradnoise::Chunk3d& chunk,
                                             const gradnoise::GradientOut& out, std::size_t row_stride = 0,
                                             std::size_t slice_stride = 0,
                                             const gradnoise::FillOptions& options = gradnoise::FillOptions{}) const;
};

inline std::string name(const IsaPath& path) { return path.name(); }

// Every ISA this CPU and build support, scalar first (REQUIREs that each has its table, and that
// the table is that ISA's: kernels_for(isa)->isa == isa).
std::vector<IsaPath> isa_paths();
// The path of one supported ISA (REQUIREs that it is supported), e.g. isa_path(Isa::scalar).
IsaPath isa_path(gradnoise::Isa isa);
// A proven bound of a field over random points, measured on the best ISA (MESSAGE prints the
// observed range; CHECKs lo >= bound.lo, hi <= bound.hi and a non-degenerate range).
struct RangeBound {
    const char* what;
    gradnoise::NoiseDesc desc;
    int dims;
    float lo, hi;
};
void check_ranges(const Points& p, const std::vector<RangeBound>& bounds);

// out = noise over p on `path`, 2D, 3D or 4D.
std::vector<float> eval(const gradnoise::Noise& noise, const IsaPath& path, int dims, const Points& p);
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

// The lines of a text file that are neither empty nor comments ('#' first), in order; REQUIREs that
// the file can be read.
std::vector<std::string> data_lines(const std::string& path);

// The points of a grid, in its sample order (x fastest): origin + float(i) * step per axis (2D: z = 0).
Points grid_points(const gradnoise::Grid2d& grid);
Points grid_points(const gradnoise::Grid3d& grid);

// Every ISA gives +0 at each point with a non-finite coordinate (of the dimension's), for each field
// of descs, in 2D, 3D and 4D (doctest CHECKs).
void check_nonfinite_gives_zero(const std::vector<gradnoise::NoiseDesc>& descs);

// A lattice basis with its fade and hash and the same period on every axis (0: none); seeded where
// the basis or hash needs a seed (1234).
gradnoise::NoiseDesc lattice_desc(gradnoise::Basis basis, gradnoise::Fade fade, gradnoise::Hash hash, int period = 0);
// A descriptor's short name for messages: basis/fade/hash[/periodP]/fractal[/warpL].
std::string label(const gradnoise::NoiseDesc& d);

// [S 16] OpenSimplex2 (or, smooth, OpenSimplex2S) with a seed.
gradnoise::NoiseDesc simplex_desc(bool smooth, std::uint64_t seed);
// Points whose rotated (3D) or skewed (2D) coordinates sit on or a few ulps beside the simplex
// lattices' decision boundaries: integers and half-integers there, mapped back with the inverse
// transform in binary64 and rounded to float, then nudged by 0..2 ulps either way.
Points simplex_boundary_points(int dims, std::size_t n, std::uint64_t seed);

// Each descriptor of `bad` is refused by Noise::create with invalid_argument and a message naming
// its parameters (the pair's text), leaving the noise it was to replace untouched (doctest CHECKs).
void check_refusals(const std::vector<std::pair<gradnoise::NoiseDesc, const char*>>& bad);

// Every ISA this CPU and build support, scalar first (the ISAs of isa_paths()).
std::vector<gradnoise::Isa> supported_isas();

// The noise of d, REQUIRE-ing that d is valid (the library's message says why not). Test files
// bring it in with `using testing::make;` beside their own overloads.
gradnoise::Noise make(const gradnoise::NoiseDesc& d);

// conformance/vectors.txt (docs/conformance.md): each field's line, its (name, text) settings and its
// sample lines' tokens by kind ("value2" -> the lines after the kind).
struct VectorField {
    std::string head;
    std::vector<std::pair<std::string, std::string>> settings;
    std::map<std::string, std::vector<std::vector<std::string>>> samples;
};
std::vector<VectorField> read_vectors();
// The field of a vectors line's settings, made by name as a port makes it (REQUIREs that it is made).
gradnoise::Noise vector_field(const VectorField& f);
// A token of hex bits as the float (binary32) or double (binary64) holding them.
float vector_float(const std::string& hex);
double vector_double(const std::string& hex);

}  // namespace testing

#endif
