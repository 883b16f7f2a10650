// gradnoise bake — a picture's values as the bytes of its file: heights quantised to 8 or 16 bits,
// colours through the ramp (optionally hill-shaded by the analytic slope), or a tangent-space
// normal map.
#ifndef GRADNOISE_CLI_BAKE_ENCODE_HPP
#define GRADNOISE_CLI_BAKE_ENCODE_HPP

#include <cstdint>
#include <vector>

#include "bake_evaluate.hpp"
#include "bake_settings.hpp"

namespace gradnoise::cli {

struct Encoded {
    std::size_t width = 0;
    std::vector<std::uint8_t, NoInit<std::uint8_t>> rgb_or_grey8;
    std::vector<std::uint16_t, NoInit<std::uint16_t>> grey16;  // or RGB16 (a 16-bit normal map)
};

// The [lo, hi] that maps to [0, 1]: the preset's range (clipped at 0 for the kinds that lie in
// [0, 1]), or with --normalize measured this picture's min..max.
std::pair<float, float> value_range(const Bake& b, const Floats& values);

// Quantise: q = int(t * max + 0.5) (t >= 0: round half up), one pass, no libm call. gx, gy: the
// values' analytic gradient (for --hillshade and --normal-map; else empty).
void encode(const Bake& b, const Floats& values, const Floats& gx, const Floats& gy, float lo, float hi, Encoded* e);

}  // namespace gradnoise::cli

#endif
