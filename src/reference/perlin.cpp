// [S 4, 5] Improved Perlin noise, 2D and 3D, one octave. Spec sections are cited as [S n]; see
// docs/spec.md.
#include "reference/common.hpp"

namespace gradnoise::reference {

using namespace spec;

namespace spec {

// [S 4.4] Perlin's grad(): the 12 cube-edge gradients selected by hash & 15.
float grad(int hash, float x, float y, float z) {
    int h = hash & 15;
    float u = h < 8 ? x : y;
    float v = h < 4 ? y : (h == 12 || h == 14 ? x : z);
    return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
}

}  // namespace spec

float noise3(const Lattice& l, Fade fade, float x, float y, float z) noexcept {
    if (!is_finite(x) || !is_finite(y) || !is_finite(z)) {
        return 0.0f;
    }
    // [S 4.2] -0 becomes +0 (x + 0 changes no other value); then cell and position inside it.
    x = x + 0.0f;
    y = y + 0.0f;
    z = z + 0.0f;
    float fx = std::floor(x), fy = std::floor(y), fz = std::floor(z);
    int X = lattice_index(fx), Y = lattice_index(fy), Z = lattice_index(fz);
    x = x - fx;
    y = y - fy;
    z = z - fz;
    float u = fade_curve(fade, x), v = fade_curve(fade, y), w = fade_curve(fade, z);

    // [S 4.6] corner values, then lerp along x, y, z in Perlin's order.
    float x1 = x - 1.0f, y1 = y - 1.0f, z1 = z - 1.0f;
    auto c = [&](int i, int j, int k) {
        return spec::corner(l, 3, l.hash(X + i, Y + j, Z + k), i ? x1 : x, j ? y1 : y, k ? z1 : z);
    };
    return lerp(w, lerp(v, lerp(u, c(0, 0, 0), c(1, 0, 0)), lerp(u, c(0, 1, 0), c(1, 1, 0))),
                lerp(v, lerp(u, c(0, 0, 1), c(1, 0, 1)), lerp(u, c(0, 1, 1), c(1, 1, 1))));
}

float noise2(const Lattice& l, Fade fade, float x, float y) noexcept {
    if (!is_finite(x) || !is_finite(y)) {
        return 0.0f;
    }
    x = x + 0.0f;
    y = y + 0.0f;
    float fx = std::floor(x), fy = std::floor(y);
    int X = lattice_index(fx), Y = lattice_index(fy);
    x = x - fx;
    y = y - fy;
    float u = fade_curve(fade, x), v = fade_curve(fade, y);

    float x1 = x - 1.0f, y1 = y - 1.0f;
    // [S 5] the 3D hashes with Z = 0, perlin gradients evaluated at z = +0, bilinear lerp.
    auto c = [&](int i, int j) { return spec::corner(l, 2, l.hash(X + i, Y + j, 0), i ? x1 : x, j ? y1 : y, 0.0f); };
    return lerp(v, lerp(u, c(0, 0), c(1, 0)), lerp(u, c(0, 1), c(1, 1)));
}

}  // namespace gradnoise::reference
