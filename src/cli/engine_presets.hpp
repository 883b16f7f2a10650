// gradnoise CLI — engine-ready exports (`bake --engine NAME`): per engine, the heightmap format,
// the sizes it takes, how tiles are named and whether neighbouring tiles share their edge samples,
// each from the engine's own documentation (cited in engine_presets.cpp).
#ifndef GRADNOISE_CLI_ENGINE_PRESETS_HPP
#define GRADNOISE_CLI_ENGINE_PRESETS_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "bake_plan.hpp"

namespace gradnoise::cli {

struct EnginePreset {
    const char* name;       // --engine NAME
    const char* summary;    // for --help
    OutputFormat format;    // the file format it imports
    const char* extension;  // the file name's, with the dot
    int depth;              // 16 for PNG and RAW16 (integers); 8 (unused) for EXR
    bool share_edges;       // neighbouring tiles share their edge row and column (tile k starts at k (S - 1))
    bool tiles;             // whether it imports tile sets at all
    bool square;            // a picture (or tile) must be square
    const char* x_tag;      // tile names NAME<x_tag>X<y_tag>Y.EXT: "_x", "_y" or "_", "_"
    const char* y_tag;
    std::vector<std::uint32_t> sizes;  // every side length it takes, ascending
};

const std::vector<EnginePreset>& engine_presets();
const EnginePreset* find_engine(const std::string& name);  // null: no such engine
std::string engine_sizes_text(const EnginePreset& e);      // "33, 65, ..., 4097"

}  // namespace gradnoise::cli

#endif
