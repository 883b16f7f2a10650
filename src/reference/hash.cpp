// [S 3] The corner hashes: Perlin's permutation chain and the mixing hash. Spec sections are
// cited as [S n]; see docs/spec.md.
#include "reference/common.hpp"

namespace gradnoise::reference {
namespace {

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

}  // namespace gradnoise::reference
