// glm::perlin (GLM's GTC noise extension; Debian libglm-dev) on the benchmark workloads.
#ifndef GRADNOISE_BENCH_GLM_YARDSTICK_HPP
#define GRADNOISE_BENCH_GLM_YARDSTICK_HPP

#include <cstddef>

namespace yardstick {
// out[j * nx + i] = glm::perlin(vec2(ox + float(i) * step, oy + float(j) * step))
void glm_grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out);
// out[(k * ny + j) * nx + i] = glm::perlin(vec3(x_i, y_j, oz + float(k) * step))
void glm_grid3(float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny, std::size_t nz,
               float* out);
void glm_points2(const float* x, const float* y, float* out, std::size_t n);
void glm_points3(const float* x, const float* y, const float* z, float* out, std::size_t n);
void glm_points4(const float* x, const float* y, const float* z, const float* w, float* out, std::size_t n);
// glm::simplex (Gustavson's 2D/3D simplex noise) on the same grid and points: the simplex yardstick.
void glm_simplex_grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out);
void glm_simplex_points3(const float* x, const float* y, const float* z, float* out, std::size_t n);

// fBm over glm::perlin, six octaves, lacunarity 2, persistence 0.5, written here (GLM has none):
// sum_k a_k perlin(p * f_k) / sum_k a_k with f_0 = 1, a_0 = 1, f_k = 2 f_{k-1}, a_k = a_{k-1} / 2.
void glm_fbm_grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out);
void glm_fbm_points3(const float* x, const float* y, const float* z, float* out, std::size_t n);
}  // namespace yardstick

#endif
