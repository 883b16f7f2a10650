// glm::perlin (OpenGL Mathematics, MIT/Happy Bunny; Debian libglm-dev, header-only): Stefan
// Gustavson's classic Perlin noise from webgl-noise (a permutation polynomial mod 289 instead of
// a table, gradients normalised by a Taylor inverse square root, quintic fade), in 2D, 3D and 4D.
// GLM's default configuration (no GLM_FORCE_INTRINSICS): what an application including
// <glm/gtc/noise.hpp> gets; -O3 -march=native lets the compiler vectorise what it can.
#include "glm_yardstick.hpp"

#include <glm/gtc/noise.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace yardstick {

void glm_grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out) {
    for (std::size_t j = 0; j < ny; ++j) {
        float y = oy + static_cast<float>(j) * step;
        for (std::size_t i = 0; i < nx; ++i) {
            out[j * nx + i] = glm::perlin(glm::vec2(ox + static_cast<float>(i) * step, y));
        }
    }
}

void glm_grid3(float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny, std::size_t nz,
               float* out) {
    for (std::size_t k = 0; k < nz; ++k) {
        float z = oz + static_cast<float>(k) * step;
        for (std::size_t j = 0; j < ny; ++j) {
            float y = oy + static_cast<float>(j) * step;
            for (std::size_t i = 0; i < nx; ++i) {
                out[(k * ny + j) * nx + i] = glm::perlin(glm::vec3(ox + static_cast<float>(i) * step, y, z));
            }
        }
    }
}

void glm_points2(const float* x, const float* y, float* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = glm::perlin(glm::vec2(x[i], y[i]));
    }
}

void glm_points3(const float* x, const float* y, const float* z, float* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = glm::perlin(glm::vec3(x[i], y[i], z[i]));
    }
}

void glm_points4(const float* x, const float* y, const float* z, const float* w, float* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = glm::perlin(glm::vec4(x[i], y[i], z[i], w[i]));
    }
}

void glm_simplex_grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out) {
    for (std::size_t j = 0; j < ny; ++j) {
        float y = oy + static_cast<float>(j) * step;
        for (std::size_t i = 0; i < nx; ++i) {
            out[j * nx + i] = glm::simplex(glm::vec2(ox + static_cast<float>(i) * step, y));
        }
    }
}

void glm_simplex_points3(const float* x, const float* y, const float* z, float* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = glm::simplex(glm::vec3(x[i], y[i], z[i]));
    }
}

namespace {
constexpr int kOctaves = 6;

// Per-octave frequency and amplitude (float recurrences, as gradnoise's spec section 8 has them)
// and the amplitude sum A, computed once.
struct Octaves {
    float f[kOctaves];
    float a[kOctaves];
    float sum;
};

const Octaves& octaves() {
    static const Octaves o = [] {
        Octaves r{};
        float f = 1.0f, a = 1.0f, sum = 0.0f;
        for (int k = 0; k < kOctaves; ++k) {
            r.f[k] = f;
            r.a[k] = a;
            sum += a;
            f *= 2.0f;
            a *= 0.5f;
        }
        r.sum = sum;
        return r;
    }();
    return o;
}

template <class Vec>
float fbm(const Octaves& o, Vec p) {
    float sum = 0.0f;
    for (int k = 0; k < kOctaves; ++k) {
        sum += o.a[k] * glm::perlin(p * o.f[k]);
    }
    return sum / o.sum;
}
}  // namespace

void glm_fbm_grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out) {
    const Octaves& o = octaves();
    for (std::size_t j = 0; j < ny; ++j) {
        float y = oy + static_cast<float>(j) * step;
        for (std::size_t i = 0; i < nx; ++i) {
            out[j * nx + i] = fbm(o, glm::vec2(ox + static_cast<float>(i) * step, y));
        }
    }
}

void glm_fbm_points3(const float* x, const float* y, const float* z, float* out, std::size_t n) {
    const Octaves& o = octaves();
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = fbm(o, glm::vec3(x[i], y[i], z[i]));
    }
}

}  // namespace yardstick
