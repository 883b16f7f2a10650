// [S 10] Lattice variants: the classic and value bases, periods and 4D. Spec sections are cited
// as [S n]; see docs/spec.md.
#include "reference/common.hpp"

namespace gradnoise::reference {

using namespace spec;

namespace spec {

// [S 10.4] 4D: the 32 hypercube-edge gradients (three of the four axes, each +-1) by hash & 31.
float grad4(int hash, float x, float y, float z, float w) {
    int h = hash & 31;
    float a = h < 24 ? x : y;
    float b = h < 16 ? y : z;
    float c = h < 8 ? z : w;
    return (((h & 1) == 0 ? a : -a) + ((h & 2) == 0 ? b : -b)) + ((h & 4) == 0 ? c : -c);
}

}  // namespace spec

namespace {

float corner4(const Lattice& l, int h, float x, float y, float z, float w) {
    const detail::NoiseTables& t = *l.tables;
    switch (l.basis) {
        case Basis::classic:
            return ((t.classic4[0][h] * x + t.classic4[1][h] * y) + t.classic4[2][h] * z) + t.classic4[3][h] * w;
        case Basis::value: return t.values[h];
        default: return grad4(h, x, y, z, w);
    }
}

}  // namespace

namespace spec {

// [S 10.1, 10.2] The value at a corner of hash h, offset (x, y, z, w) from the sample point
// (dims = 2 or 3; 4D perlin uses grad4).
float corner(const Lattice& l, int dims, int h, float x, float y, float z) {
    const detail::NoiseTables& t = *l.tables;
    switch (l.basis) {
        case Basis::classic:
            if (dims == 2) {
                return t.classic2[0][h] * x + t.classic2[1][h] * y;
            }
            return (t.classic3[0][h] * x + t.classic3[1][h] * y) + t.classic3[2][h] * z;
        case Basis::value: return t.values[h];
        case Basis::isotropic:
            // [S 15] 2D: one of 16 evenly spread gradients; 3D: Perlin's.
            if (dims == 2) {
                return detail::isotropic_gradient_x[h & 15] * x + detail::isotropic_gradient_y[h & 15] * y;
            }
            return grad(h, x, y, z);
        default: return grad(h, x, y, z);
    }
}

// [S 10.3] The lattice of octave k: with a period P on an axis, octave k wraps at
// min(P * lacunarity^k, 256) (lacunarity is then a power of two), i.e. mask = that - 1.
Lattice octave_lattice(const detail::NoiseTables& t, int k) {
    Lattice l = Lattice::of(t);
    const NoiseDesc& d = t.desc;
    const int periods[4] = {d.period_x, d.period_y, d.period_z, d.period_w};
    for (int a = 0; a < 4; ++a) {
        if (periods[a] == 0) {
            continue;  // no period: mask 255, the lattice's own 256
        }
        int period = periods[a];
        for (int i = 0; i < k; ++i) {
            period = period * static_cast<int>(d.fractal.lacunarity);
            period = period > 256 ? 256 : period;
        }
        l.mask[a] = period - 1;
    }
    return l;
}

}  // namespace spec

float noise4(const Lattice& l, Fade fade, float x, float y, float z, float w) noexcept {
    if (!is_finite(x) || !is_finite(y) || !is_finite(z) || !is_finite(w)) {
        return 0.0f;
    }
    x = x + 0.0f;
    y = y + 0.0f;
    z = z + 0.0f;
    w = w + 0.0f;
    float fx = std::floor(x), fy = std::floor(y), fz = std::floor(z), fw = std::floor(w);
    int X = lattice_index(fx), Y = lattice_index(fy), Z = lattice_index(fz), W = lattice_index(fw);
    x = x - fx;
    y = y - fy;
    z = z - fz;
    w = w - fw;
    float u = fade_curve(fade, x), v = fade_curve(fade, y), s = fade_curve(fade, z), t = fade_curve(fade, w);

    // [S 10.4] 16 corners; lerp along x, then y, z, w (the 3D order, one level deeper).
    float x1 = x - 1.0f, y1 = y - 1.0f, z1 = z - 1.0f, w1 = w - 1.0f;
    auto c = [&](int i, int j, int k, int m) {
        return corner4(l, l.hash(X + i, Y + j, Z + k, W + m), i ? x1 : x, j ? y1 : y, k ? z1 : z, m ? w1 : w);
    };
    auto cube = [&](int m) {
        return lerp(s, lerp(v, lerp(u, c(0, 0, 0, m), c(1, 0, 0, m)), lerp(u, c(0, 1, 0, m), c(1, 1, 0, m))),
                    lerp(v, lerp(u, c(0, 0, 1, m), c(1, 0, 1, m)), lerp(u, c(0, 1, 1, m), c(1, 1, 1, m))));
    };
    return lerp(t, cube(0), cube(1));
}

}  // namespace gradnoise::reference
