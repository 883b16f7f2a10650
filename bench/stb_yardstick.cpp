#include "stb_yardstick.hpp"

#define STB_PERLIN_IMPLEMENTATION
#include <stb_perlin.h>

namespace yardstick {
namespace {

template <Fractal kind>
float stb(float x, float y, float z) {
    if constexpr (kind == Fractal::fbm) {
        return stb_perlin_fbm_noise3(x, y, z, 2.0f, 0.5f, 6);
    } else if constexpr (kind == Fractal::turbulence) {
        return stb_perlin_turbulence_noise3(x, y, z, 2.0f, 0.5f, 6);
    } else {
        return stb_perlin_noise3(x, y, z, 0, 0, 0);
    }
}

template <Fractal kind>
void points3(const float* x, const float* y, const float* z, float* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = stb<kind>(x[i], y[i], z[i]);
    }
}

template <Fractal kind>
void grid_rows(const GridRows& g, float* out) {
    for (std::size_t r = g.first_row; r < g.last_row; ++r) {
        const std::size_t j = r % g.ny, k = r / g.ny;
        const float y = g.oy + static_cast<float>(j) * g.step;
        const float z = g.dims == 3 ? g.oz + static_cast<float>(k) * g.step : 0.0f;
        float* row = out + r * g.nx;
        for (std::size_t i = 0; i < g.nx; ++i) {
            row[i] = stb<kind>(g.ox + static_cast<float>(i) * g.step, y, z);
        }
    }
}

}  // namespace

void stb_points2(const float* x, const float* y, float* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = stb_perlin_noise3(x[i], y[i], 0.0f, 0, 0, 0);
    }
}

void stb_points3(Fractal kind, const float* x, const float* y, const float* z, float* out, std::size_t n) {
    switch (kind) {
        case Fractal::none: return points3<Fractal::none>(x, y, z, out, n);
        case Fractal::fbm: return points3<Fractal::fbm>(x, y, z, out, n);
        case Fractal::turbulence: return points3<Fractal::turbulence>(x, y, z, out, n);
    }
}

void stb_grid_rows(Fractal kind, const GridRows& g, float* out) {
    switch (kind) {
        case Fractal::none: return grid_rows<Fractal::none>(g, out);
        case Fractal::fbm: return grid_rows<Fractal::fbm>(g, out);
        case Fractal::turbulence: return grid_rows<Fractal::turbulence>(g, out);
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
