// stb_perlin (Sean Barrett, public domain; Debian libstb-dev) on the benchmark workloads.
#ifndef GRADNOISE_BENCH_STB_YARDSTICK_HPP
#define GRADNOISE_BENCH_STB_YARDSTICK_HPP

#include <cstddef>

namespace yardstick {
// out[j * nx + i] = stb_perlin_noise3(ox + float(i) * step, oy + float(j) * step, 0, 0, 0, 0)
void stb_grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out);
// out[(k * ny + j) * nx + i] with z = oz + float(k) * step
void stb_grid3(float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny, std::size_t nz,
               float* out);
void stb_points2(const float* x, const float* y, float* out, std::size_t n);
void stb_points3(const float* x, const float* y, const float* z, float* out, std::size_t n);
// Six octaves, lacunarity 2, gain 0.5 (stb_perlin_fbm_noise3 / stb_perlin_turbulence_noise3).
enum class Fractal { fbm, turbulence };
void stb_fractal_grid3(Fractal kind, float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny,
                       std::size_t nz, float* out);
void stb_fractal_points3(Fractal kind, const float* x, const float* y, const float* z, float* out, std::size_t n);

// Domain warp, one level, strength 1 (gradnoise's warp2/grid1024 workload, z = 0):
// out = n(x + n(x + 5.25, y + 5.25), y + n(x + 9.75, y + 9.75)), n = stb_perlin_noise3(., ., 0).
void stb_warp_grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out);

}  // namespace yardstick

#endif
