// Internal: the 32-bit mixing constants (docs/spec.md section 3.2), shared by the mix corner hash,
// cellular noise's feature points (section 17.1) and the simplex families' mix variant (16.7).
#ifndef GRADNOISE_SRC_TABLES_MIX_HASH_HPP
#define GRADNOISE_SRC_TABLES_MIX_HASH_HPP

#include <cstdint>

namespace gradnoise::detail {

// [S 3.2] The mixing hash's multipliers (odd 32-bit constants).
inline constexpr std::uint32_t mix_prime_x = 0x9E3779B1u;
inline constexpr std::uint32_t mix_prime_y = 0x85EBCA77u;
inline constexpr std::uint32_t mix_prime_z = 0xC2B2AE3Du;
inline constexpr std::uint32_t mix_multiplier = 0x27D4EB2Du;
inline constexpr std::uint32_t mix_prime_w = 0x165667B1u;

}  // namespace gradnoise::detail

#endif
