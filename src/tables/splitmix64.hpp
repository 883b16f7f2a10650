// Internal: SplitMix64 (Steele, Lea, Flood 2014; Vigna's public-domain C), the seed generator of
// docs/spec.md section 2. Integer-only, so identical on every platform.
#ifndef GRADNOISE_SRC_TABLES_SPLITMIX64_HPP
#define GRADNOISE_SRC_TABLES_SPLITMIX64_HPP

#include <cstdint>

namespace gradnoise::detail {

class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) noexcept : state_(seed) {}
    std::uint64_t next() noexcept {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

private:
    std::uint64_t state_;
};

}  // namespace gradnoise::detail

#endif
