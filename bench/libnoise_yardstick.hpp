// libnoise's noise::module::Perlin (6 octaves) on the fractal workloads: a second yardstick.
#ifndef GRADNOISE_BENCH_LIBNOISE_YARDSTICK_HPP
#define GRADNOISE_BENCH_LIBNOISE_YARDSTICK_HPP

#include <cstddef>

namespace yardstick {
// out[(k * ny + j) * nx + i] = Perlin.GetValue(ox + float(i) * step, oy + float(j) * step, oz + float(k) * step)
void libnoise_fbm_grid3(float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny, std::size_t nz,
                        float* out);
void libnoise_fbm_points3(const float* x, const float* y, const float* z, float* out, std::size_t n);
}  // namespace yardstick

#endif
