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

// [S 10.4] 4D: the 32 hypercube-edge gradients (three of the four axes, each +-1) by hash & 31.
float grad4(int hash, float x, float y, float z, float w) {
    int h = hash & 31;
    float a = h < 24 ? x : y;
    float b = h < 16 ? y : z;
    float c = h < 8 ? z : w;
    return (((h & 1) == 0 ? a : -a) + ((h & 2) == 0 ? b : -b)) + ((h & 4) == 0 ? c : -c);
}

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
        default: return grad(h, x, y, z);
    }
}

float corner4(const Lattice& l, int h, float x, float y, float z, float w) {
    const detail::NoiseTables& t = *l.tables;
    switch (l.basis) {
        case Basis::classic:
            return ((t.classic4[0][h] * x + t.classic4[1][h] * y) + t.classic4[2][h] * z) + t.classic4[3][h] * w;
        case Basis::value: return t.values[h];
        default: return grad4(h, x, y, z, w);
    }
}

// [S 3.2] One mixing step: the top byte of h with its nibbles swapped, so the 4-bit gradient
// index h & 15 is the top four bits of h.
int mix_byte(std::uint32_t h) { return static_cast<int>((h >> 28) | ((h >> 20) & 0xF0u)); }

}  // namespace

int Lattice::hash(int X, int Y, int Z) const noexcept {
    X &= mask[0];
    Y &= mask[1];
    Z &= mask[2];
    if (kind == Hash::mix) {
        // [S 3.2] in uint32 arithmetic (mod 2^32).
        std::uint32_t x = static_cast<std::uint32_t>(X) * detail::mix_prime_x;
        std::uint32_t y = static_cast<std::uint32_t>(Y) * detail::mix_prime_y;
        std::uint32_t z = static_cast<std::uint32_t>(Z) * detail::mix_prime_z;
        return mix_byte((x ^ y ^ z ^ key) * detail::mix_multiplier);
    }
    // [S 3.1] Perlin's chain; p(n) means perm[n mod 256] (his doubled 512-entry table).
    auto p = [this](int n) { return static_cast<int>((*permutation)[static_cast<std::size_t>(n) & 255u]); };
    return p(p(p(X) + Y) + Z);
}

int Lattice::hash(int X, int Y, int Z, int W) const noexcept {
    X &= mask[0];
    Y &= mask[1];
    Z &= mask[2];
    W &= mask[3];
    if (kind == Hash::mix) {
        std::uint32_t x = static_cast<std::uint32_t>(X) * detail::mix_prime_x;
        std::uint32_t y = static_cast<std::uint32_t>(Y) * detail::mix_prime_y;
        std::uint32_t z = static_cast<std::uint32_t>(Z) * detail::mix_prime_z;
        std::uint32_t w = static_cast<std::uint32_t>(W) * detail::mix_prime_w;
        return mix_byte((x ^ y ^ z ^ w ^ key) * detail::mix_multiplier);
    }
    auto p = [this](int n) { return static_cast<int>((*permutation)[static_cast<std::size_t>(n) & 255u]); };
    return p(p(p(p(X) + Y) + Z) + W);
}

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
        return corner(l, 3, l.hash(X + i, Y + j, Z + k), i ? x1 : x, j ? y1 : y, k ? z1 : z);
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
    auto c = [&](int i, int j) { return corner(l, 2, l.hash(X + i, Y + j, 0), i ? x1 : x, j ? y1 : y, 0.0f); };
    return lerp(v, lerp(u, c(0, 0), c(1, 0)), lerp(u, c(0, 1), c(1, 1)));
}

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
