// gradnoise bake — what a bake is made of: the settings (from the command line, a --config file
// and the preset's defaults), resolved and checked before any work, and written back, each setting
// listed once, as the JSON the PNG/EXR metadata and tile manifests hold and as a TOML --config file.
#ifndef GRADNOISE_CLI_BAKE_SETTINGS_HPP
#define GRADNOISE_CLI_BAKE_SETTINGS_HPP

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "bake_plan.hpp"
#include "engine_presets.hpp"
#include "options.hpp"
#include "presets.hpp"
#include "tile_set.hpp"

namespace gradnoise::cli {

class GpuBake;

using Format = OutputFormat;

// JSON objects keep the order their members are written in.
using Json = nlohmann::ordered_json;

const char* format_name(Format f);

// Everything a bake is made from (the TOML config is these options by name).
struct Bake {
    std::string preset = "terrain";
    std::string output;
    std::string format_text;
    std::string size_text = "512x512";
    std::string origin_text;
    std::optional<float> scale;
    std::uint32_t width = 512, height = 512;
    float origin_x = 0.0f, origin_y = 0.0f;
    int depth = 8;
    bool grey = false;
    std::string normalize = "fixed";
    std::string ramp_text;
    int frames = 1;
    float time_step = 0.1f;
    bool loop = false;
    std::uint32_t tile_size = 0;     // 0: no tile set
    std::optional<TileRange> tiles;  // with tile_size
    unsigned threads = 0;
    // --device: cpu (the library's kernels), gpu (the generated GLSL through OpenGL and EGL) or vulkan;
    // the bytes never change (a device that would change them is refused: bake_gpu.hpp).
    std::string device = "cpu";
    std::shared_ptr<GpuBake> gpu;  // the opened device, when not cpu
    bool quiet = false;            // no progress bar (also when stderr is not a terminal)
    bool quiet_requested = false;  // -q/--quiet given: not even the notice of a large bake
    bool hillshade = false;  // (the shaded presets' default, unless --flat)
    bool flat = false;
    float relief = 0.3f;
    // [S 18] a tangent-space normal map from the analytic gradient instead of heights: the surface
    // z = normal_strength * value over (x, y) in noise units; green up (OpenGL) or down (DirectX).
    bool normal_map = false;
    std::string normal_convention = "opengl";
    float normal_strength = 1.0f;
    int zlib_level = 1;
    // [S 8.1] --band-limit: the fractal's footprint is the pixel spacing (scale / width); --lod N:
    // also levels 1..N of a pyramid (NAME_lodL.EXT), each half the size at twice the spacing, with
    // the footprint times 2^L (spec 13.5).
    bool band_limit = false;
    int lod = 0;
    // --tileable: the periods that make the picture (volume) repeat across its own extent; --volume D:
    // a W x H x D volume (z = float(k) * step) as a flipbook atlas of D slices, --atlas-columns
    // across (default ceil(sqrt(D))), the layout Unity's and Unreal's 3D texture imports read.
    bool tileable = false;
    int volume = 0;
    int atlas_columns = 0;
    int atlas_cols() const { return atlas_columns != 0 ? atlas_columns : atlas_default_columns(volume); }
    int atlas_rows() const { return (volume + atlas_cols() - 1) / atlas_cols(); }
    static int atlas_default_columns(int slices) {
        int c = 1;
        while (c * c < slices) ++c;
        return c;
    }
    std::uint32_t overlap = 0;                    // --overlap N: a tile set's extra samples on every side
    std::string engine;                           // --engine NAME: "" for none
    const EnginePreset* engine_preset = nullptr;  // resolved from it
    NoiseDesc desc;
    std::string graph;            // --graph FILE: the field is this graph file's, not desc's
    std::string graph_canonical;  // its canonical text, which the picture's metadata records
    Ramp ramp;
    const Preset* recipe = nullptr;
    Format format = Format::png;  // resolved from --format or the output's extension

    // RGB through the ramp (a normal map is its own RGB).
    bool colour() const { return recipe->colour && !grey && !normal_map; }
    // --hillshade and --normal-map need the analytic gradient.
    bool slopes() const { return hillshade || normal_map; }
    // A tile set's step between tiles, in pixels: the tile size, less the edge an engine's tiles share.
    std::uint32_t tile_stride() const { return tile_size - (engine_preset && engine_preset->share_edges ? 1 : 0); }
    // A tile's side as written: the tile size and its --overlap on both sides.
    std::uint32_t tile_side() const { return tile_size + 2 * overlap; }
    // Each written picture's size: a tile's, or the whole picture's.
    std::uint32_t picture_width() const { return tiles ? tile_side() : volume ? width * std::uint32_t(atlas_cols()) : width; }
    std::uint32_t picture_height() const { return tiles ? tile_side() : volume ? height * std::uint32_t(atlas_rows()) : height; }
    // One past the last pixel index a tile set's tile `last` (along an axis) samples; the first is -overlap.
    std::uint64_t tile_set_end(long last) const { return std::uint64_t(last) * tile_stride() + tile_size + overlap; }
};

// What the command line (and a --config file) gave.
struct BakeRequest {
    Bake b;
    NoiseOptions noise;
    bool print_config = false;
    bool print_graph = false;
    int schema = 1;
    // Execution, not content (not in the config): which share of a tile set, and how.
    std::optional<Shard> shard;  // --shard K/N
    bool resume = false;         // --resume: keep verified tiles of an interrupted bake
    bool index = false;          // --index: join the shards' manifests, verifying every tile
    std::string config_path;
};

// The preset's defaults under what the user set, parsed (size, origin, ramp, ISA, the NoiseDesc);
// usage_error names the option of a bad value.
void resolve_settings(BakeRequest& q);
// The output's name and format, and every combination of options that cannot be baked.
void resolve_output(BakeRequest& q);

// The resolved settings, as the PNG/EXR text chunk "gradnoise-config" and the tile manifest hold
// them, and as a TOML --config file (every value explicit, so a later version with other preset
// defaults still bakes the same picture; keys are the option names).
Json config_json(const Bake& b);
std::string config_toml(const Bake& b);

// Fills the options the command line left unset from a TOML --config file (parsers.hpp:
// apply_config_text).
void apply_config(CLI::App& cmd, const std::string& path);

}  // namespace gradnoise::cli

#endif
