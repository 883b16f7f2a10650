// stb_perlin (Sean Barrett, public domain; Debian libstb-dev) for `gradnoise bench`: the yardstick
// every report measures in the same run. Compiled for the baseline ISA like the rest of the tool
// (no -march=native) but with the compiler's default FP flags as its users build it, not gradnoise's
// strict policy (src/cli/CMakeLists.txt), so the figure is what a portable build of stb gets here.
#define STB_PERLIN_IMPLEMENTATION
#include <stb_perlin.h>

#include "bench_peers.hpp"

namespace gradnoise::cli::peers {

void stb_points2(const float* x, const float* y, float* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) out[i] = stb_perlin_noise3(x[i], y[i], 0.0f, 0, 0, 0);
}

void stb_points3(const float* x, const float* y, const float* z, float* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) out[i] = stb_perlin_noise3(x[i], y[i], z[i], 0, 0, 0);
}

void stb_fbm_points3(const float* x, const float* y, const float* z, float* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) out[i] = stb_perlin_fbm_noise3(x[i], y[i], z[i], 2.0f, 0.5f, 6);
}

void stb_grid_rows(bool fbm, const GridRows& g, float* out) {
    for (std::size_t r = g.first_row; r < g.last_row; ++r) {
        const std::size_t j = r % g.ny, k = r / g.ny;
        const float y = g.oy + static_cast<float>(j) * g.step;
        const float z = g.dims == 3 ? g.oz + static_cast<float>(k) * g.step : 0.0f;
        float* row = out + r * g.nx;
        for (std::size_t i = 0; i < g.nx; ++i) {
            const float x = g.ox + static_cast<float>(i) * g.step;
            row[i] = fbm ? stb_perlin_fbm_noise3(x, y, z, 2.0f, 0.5f, 6) : stb_perlin_noise3(x, y, z, 0, 0, 0);
        }
    }
}

}  // namespace gradnoise::cli::peers
