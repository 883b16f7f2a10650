// stb_perlin (Sean Barrett, public domain; Debian libstb-dev) on the benchmark workloads: the one
// wrapper, built twice as its users build it -- -O3 -march=native for bench/gradnoise_bench, and
// for the baseline ISA inside the portable `gradnoise bench` tool (src/cli/CMakeLists.txt) -- both
// with the compiler's default floating-point flags, not gradnoise's policy.
#ifndef GRADNOISE_BENCH_STB_YARDSTICK_HPP
#define GRADNOISE_BENCH_STB_YARDSTICK_HPP

#include <cstddef>

namespace yardstick {

// What is summed per sample: stb_perlin_noise3 alone, or six octaves (lacunarity 2, gain 0.5) of
// stb_perlin_fbm_noise3 / stb_perlin_turbulence_noise3.
enum class Fractal { none, fbm, turbulence };

// out[i] = noise3(x[i], y[i], 0) and, 3D, the kind's value at (x[i], y[i], z[i]).
void stb_points2(const float* x, const float* y, float* out, std::size_t n);
void stb_points3(Fractal kind, const float* x, const float* y, const float* z, float* out, std::size_t n);

// Rows [first_row, last_row) of a grid (3D: row r is (j = r % ny, k = r / ny)); sample i of a row at
// x = ox + float(i) * step, likewise y and z (z = 0 in 2D); out is the whole packed grid.
struct GridRows {
    int dims;
    float ox, oy, oz, step;
    std::size_t nx, ny, first_row, last_row;
};
void stb_grid_rows(Fractal kind, const GridRows& g, float* out);

// Domain warp, one level, strength 1 (gradnoise's warp2/grid1024 workload, z = 0):
// out = n(x + n(x + 5.25, y + 5.25), y + n(x + 9.75, y + 9.75)), n = stb_perlin_noise3(., ., 0).
void stb_warp_grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out);

}  // namespace yardstick

#endif
