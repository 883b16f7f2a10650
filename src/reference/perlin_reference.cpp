// Spec sections are cited as [S n]; see docs/spec.md.
#include "reference/perlin_reference.hpp"

#include "tables.hpp"

#include <cfloat>
#include <cmath>
#include <cstdint>

namespace gradnoise::reference {
namespace {

// [S 4.1] A coordinate is usable when finite; otherwise the noise value is +0.
bool is_finite(float v) { return std::fabs(v) <= FLT_MAX; }

// [S 4.2] Lattice cell of a finite coordinate: floor(v) mod 256, the mathematical residue.
// floor is exact in float. Every float of magnitude >= 2^31 is a multiple of 256 (residue 0) and
// would overflow int32, so it is not converted; below that the two's-complement low byte is the
// residue, taken in unsigned arithmetic.
int lattice_index(float floored) {
    if (!(std::fabs(floored) < 2147483648.0f)) {  // |v| >= 2^31
        return 0;
    }
    std::int32_t i = static_cast<std::int32_t>(floored);
    return static_cast<int>(static_cast<std::uint32_t>(i) & 255u);
}

// [S 4.3] Perlin 2002: 6t^5 - 15t^4 + 10t^3 as ((t*t)*t) * ((t*((t*6)-15))+10).
// Perlin 1985: 3t^2 - 2t^3 as (t*t) * (3-(2*t)).
float fade_curve(Fade fade, float t) {
    if (fade == Fade::cubic) {
        return t * t * (3.0f - 2.0f * t);
    }
    return t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
}

// [S 4.5] a + t * (b - a).
float lerp(float t, float a, float b) { return a + t * (b - a); }

// [S 4.4] Perlin's grad(): the 12 cube-edge gradients selected by hash & 15.
float grad(int hash, float x, float y, float z) {
    int h = hash & 15;
    float u = h < 8 ? x : y;
    float v = h < 4 ? y : (h == 12 || h == 14 ? x : z);
    return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
}

}  // namespace

int LatticeHash::operator()(int X, int Y, int Z) const noexcept {
    if (kind == Hash::mix) {
        // [S 3.2] in uint32 arithmetic (mod 2^32); the gradient index is the top four bits.
        std::uint32_t x = static_cast<std::uint32_t>(X & 255) * detail::mix_prime_x;
        std::uint32_t y = static_cast<std::uint32_t>(Y & 255) * detail::mix_prime_y;
        std::uint32_t z = static_cast<std::uint32_t>(Z & 255) * detail::mix_prime_z;
        std::uint32_t h = (x ^ y ^ z ^ key) * detail::mix_multiplier;
        return static_cast<int>(h >> 28);
    }
    // [S 3.1] Perlin's chain; p(n) means perm[n mod 256] (his doubled 512-entry table).
    auto p = [this](int n) { return static_cast<int>((*permutation)[static_cast<std::size_t>(n) & 255u]); };
    return p(p(p(X) + Y) + Z);
}

float noise3(const LatticeHash& hash, Fade fade, float x, float y, float z) noexcept {
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
    return lerp(w,
                lerp(v, lerp(u, grad(hash(X, Y, Z), x, y, z), grad(hash(X + 1, Y, Z), x1, y, z)),
                     lerp(u, grad(hash(X, Y + 1, Z), x, y1, z), grad(hash(X + 1, Y + 1, Z), x1, y1, z))),
                lerp(v, lerp(u, grad(hash(X, Y, Z + 1), x, y, z1), grad(hash(X + 1, Y, Z + 1), x1, y, z1)),
                     lerp(u, grad(hash(X, Y + 1, Z + 1), x, y1, z1),
                          grad(hash(X + 1, Y + 1, Z + 1), x1, y1, z1))));
}

float noise2(const LatticeHash& hash, Fade fade, float x, float y) noexcept {
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
    // [S 5] the 3D hashes with Z = 0, 3D gradients evaluated at z = +0, bilinear lerp.
    return lerp(v, lerp(u, grad(hash(X, Y, 0), x, y, 0.0f), grad(hash(X + 1, Y, 0), x1, y, 0.0f)),
                lerp(u, grad(hash(X, Y + 1, 0), x, y1, 0.0f), grad(hash(X + 1, Y + 1, 0), x1, y1, 0.0f)));
}

}  // namespace gradnoise::reference
