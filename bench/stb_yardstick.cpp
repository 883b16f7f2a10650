#include "stb_yardstick.hpp"

#define STB_PERLIN_IMPLEMENTATION
#include <stb_perlin.h>

namespace yardstick {

void stb_grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out) {
    for (std::size_t j = 0; j < ny; ++j) {
        float y = oy + static_cast<float>(j) * step;
        for (std::size_t i = 0; i < nx; ++i) {
            out[j * nx + i] = stb_perlin_noise3(ox + static_cast<float>(i) * step, y, 0.0f, 0, 0, 0);
        }
    }
}

void stb_grid3(float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny, std::size_t nz,
               float* out) {
    for (std::size_t k = 0; k < nz; ++k) {
        float z = oz + static_cast<float>(k) * step;
        for (std::size_t j = 0; j < ny; ++j) {
            float y = oy + static_cast<float>(j) * step;
            for (std::size_t i = 0; i < nx; ++i) {
                out[(k * ny + j) * nx + i] = stb_perlin_noise3(ox + static_cast<float>(i) * step, y, z, 0, 0, 0);
            }
        }
    }
}

void stb_points2(const float* x, const float* y, float* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = stb_perlin_noise3(x[i], y[i], 0.0f, 0, 0, 0);
    }
}

void stb_points3(const float* x, const float* y, const float* z, float* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = stb_perlin_noise3(x[i], y[i], z[i], 0, 0, 0);
    }
}

namespace {
float stb_fractal(Fractal kind, float x, float y, float z) {
    return kind == Fractal::fbm ? stb_perlin_fbm_noise3(x, y, z, 2.0f, 0.5f, 6)
                                : stb_perlin_turbulence_noise3(x, y, z, 2.0f, 0.5f, 6);
}
}  // namespace

void stb_fractal_grid3(Fractal kind, float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny,
                       std::size_t nz, float* out) {
    for (std::size_t k = 0; k < nz; ++k) {
        float z = oz + static_cast<float>(k) * step;
        for (std::size_t j = 0; j < ny; ++j) {
            float y = oy + static_cast<float>(j) * step;
            for (std::size_t i = 0; i < nx; ++i) {
                out[(k * ny + j) * nx + i] = stb_fractal(kind, ox + static_cast<float>(i) * step, y, z);
            }
        }
    }
}

void stb_fractal_points3(Fractal kind, const float* x, const float* y, const float* z, float* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = stb_fractal(kind, x[i], y[i], z[i]);
    }
}

void stb_warp_grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out) {
    for (std::size_t j = 0; j < ny; ++j) {
        float y = oy + static_cast<float>(j) * step;
        for (std::size_t i = 0; i < nx; ++i) {
            float x = ox + static_cast<float>(i) * step;
            float dx = stb_perlin_noise3(x + 5.25f, y + 5.25f, 0.0f, 0, 0, 0);
            float dy = stb_perlin_noise3(x + 9.75f, y + 9.75f, 0.0f, 0, 0, 0);
            out[j * nx + i] = stb_perlin_noise3(x + dx, y + dy, 0.0f, 0, 0, 0);
        }
    }
}

}  // namespace yardstick
