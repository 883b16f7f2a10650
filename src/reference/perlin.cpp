// [S 4, 5, 14] Improved Perlin noise, 2D and 3D, one octave, in float and in binary64. Spec sections are cited as [S n]; see
// docs/spec.md.
#include "reference/common.hpp"

namespace gradnoise::reference {

using namespace spec;

namespace {

// The value at a corner: every lattice basis in float (spec::corner); binary64 covers Perlin's
// gradients only (spec section 14).
template <class Real>
Real corner_value(const Lattice& l, int dims, int h, Real x, Real y, Real z) {
    if constexpr (std::is_same_v<Real, float>) {
        return spec::corner(l, dims, h, x, y, z);
    } else {
        return grad(h, x, y, z);
    }
}

template <class Real>
Real lattice_noise3(const Lattice& l, Fade fade, Real x, Real y, Real z) {
    if (!is_finite(x) || !is_finite(y) || !is_finite(z)) {
        return Real(0);
    }
    // [S 4.2] -0 becomes +0 (x + 0 changes no other value); then cell and position inside it.
    x = x + Real(0);
    y = y + Real(0);
    z = z + Real(0);
    Real fx = std::floor(x), fy = std::floor(y), fz = std::floor(z);
    int X = lattice_index(fx), Y = lattice_index(fy), Z = lattice_index(fz);
    x = x - fx;
    y = y - fy;
    z = z - fz;
    Real u = fade_curve(fade, x), v = fade_curve(fade, y), w = fade_curve(fade, z);

    // [S 4.6] corner values, then lerp along x, y, z in Perlin's order.
    Real x1 = x - Real(1), y1 = y - Real(1), z1 = z - Real(1);
    auto c = [&](int i, int j, int k) {
        return corner_value<Real>(l, 3, l.hash(X + i, Y + j, Z + k), i ? x1 : x, j ? y1 : y, k ? z1 : z);
    };
    return lerp(w, lerp(v, lerp(u, c(0, 0, 0), c(1, 0, 0)), lerp(u, c(0, 1, 0), c(1, 1, 0))),
                lerp(v, lerp(u, c(0, 0, 1), c(1, 0, 1)), lerp(u, c(0, 1, 1), c(1, 1, 1))));
}

template <class Real>
Real lattice_noise2(const Lattice& l, Fade fade, Real x, Real y) {
    if (!is_finite(x) || !is_finite(y)) {
        return Real(0);
    }
    x = x + Real(0);
    y = y + Real(0);
    Real fx = std::floor(x), fy = std::floor(y);
    int X = lattice_index(fx), Y = lattice_index(fy);
    x = x - fx;
    y = y - fy;
    Real u = fade_curve(fade, x), v = fade_curve(fade, y);

    Real x1 = x - Real(1), y1 = y - Real(1);
    // [S 5, 14.2] the 3D hashes with Z = 0, gradients evaluated at z = +0, bilinear lerp (at z = 0
    // the weight w is 0 and lerp(0, a, b) = a: the z lerp is dropped).
    auto c = [&](int i, int j) {
        return corner_value<Real>(l, 2, l.hash(X + i, Y + j, 0), i ? x1 : x, j ? y1 : y, Real(0));
    };
    return lerp(v, lerp(u, c(0, 0), c(1, 0)), lerp(u, c(0, 1), c(1, 1)));
}

// [S 14.1] Binary64 reads Perlin's chain from the permutation directly: Perlin's Java code.
Lattice permutation_lattice(const PermutationTable& perm) {
    Lattice l;
    l.permutation = &perm;
    return l;
}

}  // namespace

float noise3(const Lattice& l, Fade fade, float x, float y, float z) noexcept {
    return lattice_noise3(l, fade, x, y, z);
}

float noise2(const Lattice& l, Fade fade, float x, float y) noexcept { return lattice_noise2(l, fade, x, y); }

double noise3_f64(const PermutationTable& perm, Fade fade, double x, double y, double z) noexcept {
    return lattice_noise3(permutation_lattice(perm), fade, x, y, z);
}

double noise2_f64(const PermutationTable& perm, Fade fade, double x, double y) noexcept {
    return lattice_noise2(permutation_lattice(perm), fade, x, y);
}

}  // namespace gradnoise::reference
