#include "presets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "input_limits.hpp"

namespace gradnoise::cli {
namespace {

RampStop stop(float position, std::uint32_t rgb) {
    return {position,
            {static_cast<std::uint8_t>(rgb >> 16), static_cast<std::uint8_t>(rgb >> 8), static_cast<std::uint8_t>(rgb)}};
}

Ramp find_ramp_of_terrain(const std::vector<Preset>& all) {
    for (const Preset& p : all) {
        if (p.name == "terrain") {
            return p.ramp;
        }
    }
    return {};
}

std::vector<Preset> make_presets() {
    std::vector<Preset> all;
    {
        // The first picture: an eroded continent, hill-shaded by its analytic gradient. OpenSimplex2S
        // fBm (4 octaves: the coasts and mountain ranges; no lattice-aligned features) under the erosion
        // filter (spec 21: 4 octaves of gullies and ridges, each octave's cells half the last's, the
        // finest about 3 pixels wide at 512 across), 3 units across. Coloured by height through a graded
        // ramp -- deep to shallow water, beach, grass, forest, rock, snow -- with the sea flat.
        Preset p;
        p.name = "terrain";
        p.summary =
            "an eroded continent: OpenSimplex2S fBm (4 octaves) under the erosion filter (4 octaves), hill-shaded, "
            "coloured water/beach/grass/forest/rock/snow";
        p.desc.basis = Basis::opensimplex2s;
        p.desc.simplex.orientation4 = Orientation4::improve_xy_improve_zw;  // --loop walks (z, w)
        p.desc.fractal = {Fractal::fbm, 4, 1.0f, 2.0f, 0.5f};
        p.desc.erosion.octaves = 4;
        p.scale = 3.0f;
        p.colour = true;
        p.shaded = true;
        p.dry_from = 0.47f;
        p.ramp = {stop(0.0f, 0x0B2545), stop(0.30f, 0x134074), stop(0.44f, 0x2E6DA4), stop(0.47f, 0x5FA8D3),
                  stop(0.475f, 0xD9C893), stop(0.49f, 0xC7B67F), stop(0.51f, 0x7FA650), stop(0.60f, 0x4F7F35),
                  stop(0.68f, 0x365E27), stop(0.74f, 0x6B6152), stop(0.82f, 0x8C8479), stop(0.88f, 0xB5B0AA),
                  stop(0.92f, 0xF2F2F2), stop(1.0f, 0xFFFFFF)};
        p.lo = -0.8f;
        p.hi = 0.8f;
        all.push_back(p);
    }
    {
        // Slope-aware terrain: Inigo Quilez's derivative-damped fBm, each octave scaled by
        // 1 / (1 + |sum of the octave gradients so far|^2): fine detail survives on flats and in
        // valleys and is smoothed away on steep slopes, which reads as erosion. The streak-free 2D
        // lattice basis (isotropic); coloured as the terrain preset, on the damped sum's range (flat: the
        // terrain preset's shading is its own).
        Preset p;
        p.name = "eroded";
        p.summary = "slope-aware terrain: Quilez's derivative-damped fBm (isotropic basis, 10 octaves) coloured as terrain";
        p.desc.basis = Basis::isotropic;
        p.desc.fractal = {Fractal::damped, 10, 1.0f, 2.0f, 0.5f};
        p.scale = 4.0f;
        p.colour = true;
        p.ramp = find_ramp_of_terrain(all);
        p.lo = -0.6f;
        p.hi = 0.6f;
        all.push_back(p);
    }
    {
        // Perlin 1985 9.3: 0.5 + 0.5 sin(x + 4 turbulence(p)); dark veins in pale stone.
        Preset p;
        p.name = "marble";
        p.summary = "Perlin 1985 marble: sin(x + 4 turbulence(p)), dark veins in pale stone";
        p.desc.fractal = {Fractal::turbulence, 6, 0.25f, 2.0f, 0.5f};
        p.desc.pattern = {Pattern::marble, 3.0f, 4.0f};
        p.scale = 8.0f;
        p.colour = true;
        p.ramp = {stop(0.0f, 0x2B2B33), stop(0.35f, 0x8C8A8F), stop(0.6f, 0xD9D4CA), stop(1.0f, 0xF7F4EE)};
        p.lo = 0.0f;
        all.push_back(p);
    }
    {
        // Perlin 1985 9.4 / the second tutorial: rings = frac(sqrt(x^2 + y^2) + 0.2 turbulence),
        // coloured lerp(light yellow, dark brown, smoothstep(ring)) -- smoothstep sampled as stops.
        Preset p;
        p.name = "wood";
        p.summary = "Perlin 1985 wood: rings frac(r + 0.2 turbulence(p)), light yellow to dark brown";
        p.desc.fractal = {Fractal::turbulence, 4, 2.0f, 2.0f, 0.5f};
        p.desc.pattern = {Pattern::wood, 3.0f, 0.2f};
        p.scale = 4.0f;
        p.origin_x = p.origin_y = -2.0f;  // the log's axis in the middle of the picture
        p.colour = true;
        const std::uint32_t light[3] = {0xE8, 0xC9, 0x8E}, dark[3] = {0x6B, 0x3E, 0x1E};
        for (int i = 0; i <= 8; ++i) {
            float t = static_cast<float>(i) / 8.0f;
            float s = t * t * (3.0f - 2.0f * t);
            std::uint32_t rgb = 0;
            for (int c = 0; c < 3; ++c) {
                rgb = (rgb << 8) | static_cast<std::uint32_t>(std::lround(light[c] + s * (float(dark[c]) - float(light[c]))));
            }
            p.ramp.push_back(stop(t, rgb));
        }
        p.lo = 0.0f;
        all.push_back(p);
    }
    {
        Preset p;
        p.name = "clouds";
        p.summary = "soft fBm of OpenSimplex2S (6 octaves, persistence 0.5) in a sky palette";
        p.desc.basis = Basis::opensimplex2s;
        p.desc.simplex.orientation4 = Orientation4::improve_xy_improve_zw;
        p.desc.fractal = {Fractal::fbm, 6, 1.0f, 2.0f, 0.5f};
        p.scale = 4.0f;
        p.colour = true;
        p.ramp = {stop(0.0f, 0x2F5F9A), stop(0.45f, 0x6E9BD1), stop(0.6f, 0xC9DAF0), stop(1.0f, 0xFFFFFF)};
        p.lo = -0.8f;
        p.hi = 0.8f;
        all.push_back(p);
    }
    {
        // The second tutorial's fire: density(p, t) = turbulence(p + t (0, 1, 0)).
        Preset p;
        p.name = "fire";
        p.summary = "turbulence rising along y over time (--frames), black through red and orange to white";
        p.desc.fractal = {Fractal::turbulence, 6, 1.0f, 2.0f, 0.5f};
        p.scale = 4.0f;
        p.colour = true;
        p.ramp = {stop(0.0f, 0x000000), stop(0.25f, 0x5A0A00), stop(0.5f, 0xC83200), stop(0.75f, 0xFF9A1A),
                  stop(1.0f, 0xFFF6C8)};
        p.lo = 0.0f;
        p.hi = 0.8f;
        p.rise = true;
        all.push_back(p);
    }
    {
        Preset p;
        p.name = "noise";
        p.summary = "plain greyscale of any configuration (the first tutorial's first picture)";
        p.scale = 8.0f;
        all.push_back(p);
    }
    return all;
}

}  // namespace

const std::vector<Preset>& presets() {
    static const std::vector<Preset> all = make_presets();
    return all;
}

const Preset* find_preset(const std::string& name) {
    for (const Preset& p : presets()) {
        if (p.name == name) {
            return &p;
        }
    }
    return nullptr;
}

std::optional<Ramp> parse_ramp(const std::string& text, std::string* error) {
    Ramp ramp;
    std::size_t at = 0;
    while (at <= text.size()) {
        std::size_t comma = text.find(',', at);
        std::string item = text.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
        std::size_t colon = item.find(':');
        char* end = nullptr;
        float position = colon == std::string::npos ? NAN : std::strtof(item.c_str(), &end);
        std::string colour = colon == std::string::npos ? "" : item.substr(colon + 1);
        if (colour.size() == 6) {
            colour = "#" + colour;  // '#' is optional (config files, where '#' starts a comment)
        }
        bool ok = colon != std::string::npos && end == item.c_str() + colon && position >= 0.0f && position <= 1.0f &&
                  colour.size() == 7 && colour[0] == '#' &&
                  colour.find_first_not_of("0123456789abcdefABCDEF", 1) == std::string::npos;
        if (!ok) {
            *error = "'" + item + "' is not POSITION:#RRGGBB with POSITION in [0, 1] (e.g. 0:#000064,1:#ffffff)";
            return std::nullopt;
        }
        if (!ramp.empty() && position < ramp.back().position) {
            *error = "stop positions must not decrease ('" + item + "')";
            return std::nullopt;
        }
        if (ramp.size() == max_ramp_stops) {
            *error = "a ramp has at most " + std::to_string(max_ramp_stops) + " stops";
            return std::nullopt;
        }
        ramp.push_back(stop(position, static_cast<std::uint32_t>(std::strtoul(colour.c_str() + 1, nullptr, 16))));
        if (comma == std::string::npos) {
            break;
        }
        at = comma + 1;
    }
    if (ramp.size() < 2) {
        *error = "a ramp needs at least two stops";
        return std::nullopt;
    }
    return ramp;
}

std::string ramp_text(const Ramp& ramp) {
    std::string out;
    for (const RampStop& s : ramp) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%s%g:#%02x%02x%02x", out.empty() ? "" : ",", static_cast<double>(s.position),
                      s.rgb[0], s.rgb[1], s.rgb[2]);
        out += buf;
    }
    return out;
}

RampTable::RampTable(const Ramp& ramp) : levels_(4096) {
    for (std::size_t k = 0; k < levels_.size(); ++k) {
        levels_[k] = ramp_colour(ramp, static_cast<float>(k) / 4095.0f);
    }
}

std::pair<float, float> fixed_range(const Preset& preset, const NoiseDesc& field) {
    float lo = preset.lo;
    if (field.pattern.kind != Pattern::none || field.fractal.kind == Fractal::turbulence ||
        field.fractal.kind == Fractal::ridged ||
        (field.basis == Basis::cellular && field.cellular.output != CellularOutput::cell_value)) {
        lo = std::max(lo, 0.0f);  // these kinds lie in [0, 1] (cellular distances: about)
    }
    return {lo, preset.hi};
}

std::array<std::uint8_t, 3> ramp_colour(const Ramp& ramp, float t) {
    if (!(t > ramp.front().position)) {
        return ramp.front().rgb;
    }
    for (std::size_t i = 1; i < ramp.size(); ++i) {
        const RampStop &a = ramp[i - 1], &b = ramp[i];
        if (t < b.position) {
            float f = (t - a.position) / (b.position - a.position);
            std::array<std::uint8_t, 3> rgb;
            for (int c = 0; c < 3; ++c) {
                rgb[c] = static_cast<std::uint8_t>(std::lround(a.rgb[c] + f * (float(b.rgb[c]) - float(a.rgb[c]))));
            }
            return rgb;
        }
    }
    return ramp.back().rgb;
}

}  // namespace gradnoise::cli
