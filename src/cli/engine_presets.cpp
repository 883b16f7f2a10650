#include "engine_presets.hpp"

namespace gradnoise::cli {

namespace {

std::vector<std::uint32_t> powers_of_two_plus_one(std::uint32_t first, std::uint32_t last) {
    std::vector<std::uint32_t> sizes;
    for (std::uint32_t s = first; s <= last; s = (s - 1) * 2 + 1) {
        sizes.push_back(s);
    }
    return sizes;
}

std::vector<std::uint32_t> powers_of_two(std::uint32_t first, std::uint32_t last) {
    std::vector<std::uint32_t> sizes;
    for (std::uint32_t s = first; s <= last; s *= 2) {
        sizes.push_back(s);
    }
    return sizes;
}

}  // namespace

const std::vector<EnginePreset>& engine_presets() {
    static const std::vector<EnginePreset> engines = {
        // Unity terrain: TerrainData.heightmapResolution is one of 33, 65, ..., 4097 (2^n + 1; the Import
        // Raw dialog refuses more than 4097); RAW 16-bit, byte order "Windows" (little-endian, the
        // default); the Terrain Toolbox imports a batch of tiles named Name_<x>_<z>; a terrain's samples
        // span its whole size, so neighbouring terrains share their edge samples. Row 0 of the file is the
        // terrain's z = 0 edge: noise y runs along Unity's z, no flip. (docs.unity3d.com:
        // ScriptReference/TerrainData-heightmapResolution, Manual/terrain-Heightmaps,
        // Packages/com.unity.terrain-tools manual "Import Heightmap".)
        {"unity", "Unity terrain: RAW16 little-endian, sides 2^n + 1 (33..4097), tiles NAME_X_Y sharing edges",
         OutputFormat::raw16, ".raw", 16, true, true, true, "_", "_", powers_of_two_plus_one(33, 4097)},
        // Unreal Engine landscape: 16-bit greyscale PNG; the Landscape Technical Guide's recommended
        // sizes (127 ... 8129: whole components of 63 or 127 quads per section); tiled import names
        // NAME_x#_y# (the engine's own example: "{name}_x0_y0.{ext}"); each tile a landscape of its own
        // (World Composition), joined by a shared edge row and column. Image columns are +X, rows +Y.
        {"unreal", "Unreal landscape: 16-bit PNG, the recommended sizes (127..8129), tiles NAME_x#_y# sharing edges",
         OutputFormat::png, ".png", 16, true, true, true, "_x", "_y", {127, 253, 505, 1009, 2017, 4033, 8129}},
        // Godot, Terrain3D: regions of 64 ... 2048 samples (a power of two), abutting (no shared edge);
        // it imports EXR as real heights (PNG only as 8-bit). Pixel (x, y) is world (x, z).
        // (terrain3d.readthedocs.io: "Importing data", "Regions".)
        {"godot-terrain3d", "Godot Terrain3D: float EXR regions of 64..2048 (2^n), tiles NAME_x#_y# abutting",
         OutputFormat::exr, ".exr", 8, false, true, true, "_x", "_y", powers_of_two(64, 2048)},
        // Godot, Zylann's HTerrain: one terrain of 65 ... 4097 samples (2^n + 1), square; it imports EXR
        // (and raw 16-bit; PNG only as 8-bit). (hterrain-plugin.readthedocs.io, "Import".)
        {"godot-hterrain", "Godot HTerrain: one float EXR, square, sides 2^n + 1 (65..4097)", OutputFormat::exr, ".exr", 8,
         false, false, true, "_x", "_y", powers_of_two_plus_one(65, 4097)},
    };
    return engines;
}

const EnginePreset* find_engine(const std::string& name) {
    for (const EnginePreset& e : engine_presets()) {
        if (name == e.name) {
            return &e;
        }
    }
    return nullptr;
}

std::string engine_sizes_text(const EnginePreset& e) {
    std::string text;
    for (std::uint32_t s : e.sizes) {
        text += (text.empty() ? "" : ", ") + std::to_string(s);
    }
    return text;
}

}  // namespace gradnoise::cli
