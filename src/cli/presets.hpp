// gradnoise bake — presets (the tutorials' recipes) and colour ramps as data.
#ifndef GRADNOISE_CLI_PRESETS_HPP
#define GRADNOISE_CLI_PRESETS_HPP

#include <array>
#include <cstdint>
#include <optional>
#include <string>
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
};

// terrain, marble, wood, clouds, fire, noise; nullptr for an unknown name.
const Preset* find_preset(const std::string& name);
const std::vector<Preset>& presets();

}  // namespace gradnoise::cli

#endif
