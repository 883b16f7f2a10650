// gradnoise bake — presets (the tutorials' recipes) and colour ramps as data.
#ifndef GRADNOISE_CLI_PRESETS_HPP
#define GRADNOISE_CLI_PRESETS_HPP

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gradnoise/gradnoise.hpp"

namespace gradnoise::cli {

// A colour ramp: stops sorted by position in [0, 1]; colours are interpolated linearly between
// neighbouring stops; two stops at one position make a hard edge (the terrain bands).
struct RampStop {
    float position;
    std::array<std::uint8_t, 3> rgb;
};
using Ramp = std::vector<RampStop>;

// "0:#000064,0.4:#0000a0,0.4:#f0f0b4,..." -> stops; nullopt with *error set when malformed.
std::optional<Ramp> parse_ramp(const std::string& text, std::string* error);
std::string ramp_text(const Ramp& ramp);
std::array<std::uint8_t, 3> ramp_colour(const Ramp& ramp, float t);

// [0, 1] per value: (v - lo) * inv_span, clamped, NaN to 0 (callers turn it into an integer index,
// which a NaN would make undefined). lo..hi is a preset's fixed range or a bake's measured one.
inline float unit_value(float v, float lo, float inv_span) {
    float t = (v - lo) * inv_span;
    return t > 0.0f ? (t < 1.0f ? t : 1.0f) : 0.0f;
}
inline float inverse_span(float lo, float hi) { return hi > lo ? 1.0f / (hi - lo) : 1.0f; }

// A ramp sampled at 4096 levels (t quantised to 1/4095, finer than 8-bit colour shows): what a bake's
// colour picture -- and the web playground, which must draw the same pixels -- gives each value.
class RampTable {
public:
    explicit RampTable(const Ramp& ramp);
    const std::array<std::uint8_t, 3>& colour(float v, float lo, float inv_span) const {
        return levels_[static_cast<std::size_t>(unit_value(v, lo, inv_span) * 4095.0f + 0.5f)];
    }

private:
    std::vector<std::array<std::uint8_t, 3>> levels_;
};

struct Preset {
    std::string name;
    std::string summary;    // one line for --help
    NoiseDesc desc;         // the field
    float scale = 8.0f;     // noise units across the width
    float origin_x = 0.0f, origin_y = 0.0f;  // noise coordinates of the top-left pixel
    bool colour = false;    // RGB through the ramp (else greyscale)
    Ramp ramp;              // colour presets
    // Value mapping to [0, 1] under --normalize fixed: (v - lo) / (hi - lo), clamped.
    float lo = -1.0f, hi = 1.0f;
    // Animation: the time axis. rise: time moves the sample point up along y (fire); else time is z.
    bool rise = false;
    // Hill-shaded unless --flat (colour pictures), lit by the field's analytic gradient; values whose
    // ramp position is below `dry_from` (the sea) lie flat: their colour alone shows the depth.
    bool shaded = false;
    float dry_from = 0.0f;
};

// The value range a picture of `field` made with `preset` maps to [0, 1] under --normalize fixed: the
// preset's lo..hi, with lo raised to 0 for the kinds that lie in [0, 1] (patterns, turbulence, ridged,
// cellular distances).
std::pair<float, float> fixed_range(const Preset& preset, const NoiseDesc& field);

// terrain, marble, wood, clouds, fire, noise; nullptr for an unknown name.
const Preset* find_preset(const std::string& name);
const std::vector<Preset>& presets();

}  // namespace gradnoise::cli

#endif
