// libnoise (Jason Bevins, LGPL; Debian libnoise-dev): noise::module::Perlin, the classic C++
// coherent-noise library, on the fractal workloads. Its Perlin module is an fBm of its own
// gradient noise in double precision; configured as the workloads are (6 octaves, frequency 1,
// lacunarity 2, persistence 0.5, QUALITY_BEST = quintic fade).
#include "libnoise_yardstick.hpp"

#include <libnoise/noise.h>

namespace yardstick {
namespace {
noise::module::Perlin& perlin() {
    static noise::module::Perlin p = [] {
        noise::module::Perlin m;
        m.SetOctaveCount(6);
        m.SetFrequency(1.0);
        m.SetLacunarity(2.0);
        m.SetPersistence(0.5);
        m.SetNoiseQuality(noise::QUALITY_BEST);
        m.SetSeed(0);
        return m;
    }();
    return p;
}
}  // namespace

void libnoise_fbm_grid3(float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny, std::size_t nz,
                        float* out) {
    const noise::module::Perlin& p = perlin();
    for (std::size_t k = 0; k < nz; ++k) {
        float z = oz + static_cast<float>(k) * step;
        for (std::size_t j = 0; j < ny; ++j) {
            float y = oy + static_cast<float>(j) * step;
            for (std::size_t i = 0; i < nx; ++i) {
                out[(k * ny + j) * nx + i] = static_cast<float>(p.GetValue(ox + static_cast<float>(i) * step, y, z));
            }
        }
    }
}

void libnoise_fbm_points3(const float* x, const float* y, const float* z, float* out, std::size_t n) {
    const noise::module::Perlin& p = perlin();
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = static_cast<float>(p.GetValue(x[i], y[i], z[i]));
    }
}

}  // namespace yardstick
