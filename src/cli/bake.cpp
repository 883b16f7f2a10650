// gradnoise bake — heightmaps, textures, animations and tile sets from presets (the tutorials'
// recipes) or any noise configuration, written atomically in the format an engine imports. This
// file is the command: its options, and a bake's course: settings (bake_settings.cpp) -> what it
// needs, checked before any work (bake_resources.cpp) -> pictures and files (bake_write.cpp: values
// from bake_evaluate.cpp, bytes from bake_encode.cpp, files through formats.cpp and tile_set.cpp).
#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>
#include <ImfThreading.h>

#include "bake_evaluate.hpp"
#include "bake_gpu.hpp"
#include "bake_resources.hpp"
#include "bake_settings.hpp"
#include "bake_write.hpp"
#include "commands.hpp"
#include "interrupt.hpp"
#include "presets.hpp"
#include "tile_set.hpp"

namespace gradnoise::cli {
namespace {

// --index: join the shards' manifests into the one a single bake writes, verifying every tile.
int run_index(const Bake& b) {
    const TileSetNames names = names_of(b);
    std::vector<std::string> shard_files;
    std::uint64_t count = 0;
    std::string error;
    const std::optional<std::string> manifest =
        index_shards(names, b.tile_size, *b.tiles, config_json(b), &shard_files, &count, &error);
    if (!manifest) {
        fail("--index: " + error);
    }
    write_file(names.manifest(), [&](ByteSink& sink, std::string*) { return sink.write(manifest->data(), manifest->size()); });
    for (const std::string& f : shard_files) {
        std::remove(f.c_str());  // the index supersedes them: the set is now what one bake writes
    }
    std::printf("indexed %llu tiles from %zu shard manifests (every tile's size and SHA-256 verified) into %s\n",
                static_cast<unsigned long long>(count), shard_files.size(), names.manifest().c_str());
    return exit_success;
}

// --graph: the file's graph, whose dimensions must be the bake's (a still 2, an animation 3 -- time is
// z -- or a rising one 2, a --loop 4), with no noise option beside it.
FieldSource graph_source(BakeRequest& q) {
    Bake& b = q.b;
    refuse_noise_options_with_graph(q.noise);
    Graph g = load_graph_file(b.graph);
    const int needed = sampled_dims(b);
    if (g.dimensions() != needed) {
        usage_error("--graph " + b.graph + " has " + std::to_string(g.dimensions()) +
                    " dimensions; this bake samples " + std::to_string(needed) +
                    " (a still picture 2, --frames 3 with time as z, --frames --loop 4)");
    }
    if (b.slopes() && !g.gradient_refusal().empty()) {
        usage_error(std::string("gradnoise bake: ") + (b.hillshade ? "--hillshade" : "--normal-map") +
                    " needs the field's gradient: " + g.gradient_refusal());
    }
    b.graph_canonical = g.to_json();
    return FieldSource(std::move(g));
}

int run_bake(BakeRequest& q) {
    install_interrupt_handlers();
    Bake& b = q.b;
    resolve_settings(q);
    const FieldSource noise = b.graph.empty() ? FieldSource(make_noise(b.desc))  // errors name the option
                                              : graph_source(q);
    resolve_output(q);  // (before --print-config too: a configuration the bake refuses is not printed)
    if (q.print_config) {
        std::fputs(config_toml(b).c_str(), stdout);
        return exit_success;
    }
    if (q.print_graph) {
        // The field as a graph file (the one node of the preset's and the options' field, in the
        // dimensions this bake samples), to edit and bake with --graph.
        if (!b.graph.empty()) {
            std::fputs(b.graph_canonical.c_str(), stdout);
            return exit_success;
        }
        Graph g;
        std::string error;
        if (!Graph::from_field(b.desc, sampled_dims(b), &g, &error)) {
            fail("--print-graph: " + error);
        }
        std::fputs(g.to_json().c_str(), stdout);
        return exit_success;
    }
    if (q.index) {
        return run_index(b);
    }
    // This process's tiles: all of them, or its shard's share.
    const std::uint64_t all_tiles = b.tiles ? b.tiles->count() : 0;
    const TileNumbers share = !b.tiles ? TileNumbers{} : q.shard ? shard_share(all_tiles, *q.shard) : TileNumbers{0, all_tiles};
    const TileFolder folder(b);
    check_resources(q, share);
    open_bake_device(b, noise);  // (--device gpu|vulkan: every field checked on the device first)
    Baker baker(q, noise);  // (records the configuration as given)
    if (b.format == Format::raw16) {
        b.depth = 16;  // RAW16 is 16-bit by definition: encode at full precision
    }
    // OpenEXR compresses scanline blocks on its own thread pool (none by default).
    Imf::setGlobalThreadCount(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    const auto start = Clock::now();
    if (b.format == Format::gif) {
        baker.gif();
    } else if (b.tiles) {
        baker.tile_set(share);
    } else if (b.frames > 1) {
        baker.frames();
    } else if (b.volume > 0) {
        baker.volume();
    } else {
        baker.still();
    }
    baker.summary(seconds_since(start));
    return exit_success;
}

// What the picture is: the preset, the file, its size and place, colours and animation.
void add_picture_options(CLI::App& app, Bake& b) {
    CLI::App* cmd = &app;
    std::vector<std::string> preset_names;
    std::string preset_help = "recipe (default terrain):";
    for (const Preset& p : presets()) {
        preset_names.push_back(p.name);
        preset_help += "\n  " + p.name + ": " + p.summary;
    }
    cmd->add_option("preset", b.preset, preset_help)->check(CLI::IsMember(preset_names));
    cmd->add_option("-o,--output", b.output, "output file; the format follows the extension (.png .r16 .raw .exr .pfm .gif)");
    cmd->add_option("--format", b.format_text, "png, raw16, exr, pfm or gif (overrides the extension)");
    cmd->add_option("--size", b.size_text, "WxH in pixels, each 1..65536 (default 512x512)");
    cmd->add_option("--origin", b.origin_text, "X,Y noise coordinates of the top-left pixel (default: the preset's, 0,0 or centred)");
    cmd->add_option("--scale", b.scale, "noise units across the width (default: the preset's)");
    cmd->add_option("--depth", b.depth, "PNG bits per sample for greyscale: 8 or 16")->check(CLI::IsMember({8, 16}));
    cmd->add_flag("--grey", b.grey, "greyscale heights even for a colour preset");
    cmd->add_option("--normalize", b.normalize,
                    "fixed (the preset's theoretical range) or measured (this bake's min..max, two passes;\n"
                    "a tile set's: the whole set's, so the tiles join)")
        ->check(CLI::IsMember({"fixed", "measured"}));
    cmd->add_option("--ramp", b.ramp_text, "colour ramp POS:#RRGGBB,... (default: the preset's)");
    cmd->add_option("--frames", b.frames, "frames of an animation (GIF, or PNG frames NAME_0000.png ...)")
        ->check(CLI::Range(1, 10000));
    cmd->add_option("--time-step", b.time_step, "time between frames, noise units (default 0.1)");
    cmd->add_flag("--loop", b.loop, "loop seamlessly: 4D noise on a circle in (z, w)");
    cmd->add_flag("--band-limit", b.band_limit,
                  "band-limit the fractal for the pixels: --footprint = --scale / width, so octaves finer\n"
                  "than the pixels fade to their mean instead of aliasing (docs/band-limit.md)");
    cmd->add_flag("--tileable", b.tileable,
                  "repeat seamlessly across the picture (and --volume's depth): sets --period to --scale x\n"
                  "frequency (the height and depth in proportion), each a power of two in 1..256 (lattice\n"
                  "bases, cellular) or three times one in 3..768 (simplex families, on their fallback lattice)");
    cmd->add_option("--volume", b.volume,
                    "bake a W x H x D volume (z = k * step): one flipbook atlas of D slices, the layout\n"
                    "Unity's (Texture Shape 3D, columns x rows) and Unreal's volume-texture imports read")
        ->check(CLI::Range(0, 4096));
    cmd->add_option("--atlas-columns", b.atlas_columns, "slices across the --volume atlas (default ceil(sqrt(D)))")
        ->check(CLI::Range(0, 4096));
    cmd->add_option("--lod", b.lod,
                    "also write levels 1..N of a LOD pyramid, NAME_lod1.EXT ..: each half the size at twice\n"
                    "the spacing, band-limited for its own spacing with --band-limit or --footprint")
        ->check(CLI::Range(0, 16));
}

// --tile-size, --tiles, --shard, --resume, --index.
void add_tile_set_options(CLI::App& app, const std::shared_ptr<BakeRequest>& q) {
    CLI::App* cmd = &app;
    cmd->add_option_function<std::string>(
           "--tile-size",
           [q](const std::string& v) {
               std::string error;
               const std::optional<std::uint32_t> size = parse_tile_size(v, &error);
               if (!size) {
                   bad_value("--tile-size", error);
               }
               q->b.tile_size = *size;
           },
           "write a tile set of SxS tiles (with --tiles) and a manifest; S in 1.." + std::to_string(max_tile_size))
        ->type_name("S");
    cmd->add_option_function<std::string>(
           "--tiles",
           [q](const std::string& v) {
               std::string error;
               q->b.tiles = parse_tiles(v, &error);
               if (!q->b.tiles) {
                   bad_value("--tiles", error);
               }
           },
           "X0..X1,Y0..Y1 tile indices to write (inclusive, 0.." + std::to_string(max_tile_index) + ", at most " +
               std::to_string(max_tiles) + " tiles)")
        ->type_name("X0..X1,Y0..Y1");
    cmd->add_option_function<std::string>(
           "--shard",
           [q](const std::string& v) {
               std::string error;
               q->shard = parse_shard(v, &error);
               if (!q->shard) {
                   bad_value("--shard", error);
               }
           },
           "bake share K of N of the --tiles (contiguous runs, row-major) and its manifest\n"
           "NAME_tiles.shard-K-of-N.json: N processes or Slurm array tasks, then --index")
        ->type_name("K/N");
    cmd->add_option("--overlap", q->b.overlap,
                    "tile sets: N more samples on every side of each tile (tiles of S + 2N, their\n"
                    "neighbours' edges), for tools that blend tiles; 0 (default) .. 4096")
        ->check(CLI::Range(0u, 4096u))
        ->type_name("N");
    cmd->add_flag("--resume", q->resume,
                  "tile sets: keep the tiles an interrupted bake of the same settings finished (listed in its\n"
                  "journal or manifest, size and SHA-256 verified); bake the rest");
    cmd->add_flag("--index", q->index,
                  "tile sets: after all N shards, verify every tile against its shard manifest and write\n"
                  "NAME_tiles.json, the manifest one bake would have written (bakes nothing)");
}

}  // namespace

Run add_bake(CLI::App& app) {
    CLI::App* cmd = add_command(app, "bake",
                                "heightmaps, textures, animations and tile sets from presets (terrain,\n"
                                "marble, wood, clouds, fire, noise): PNG 8/16-bit/RGB, RAW16, EXR, PFM, GIF");
    auto q = std::make_shared<BakeRequest>();
    Bake& b = q->b;
    add_picture_options(*cmd, b);
    add_tile_set_options(*cmd, q);
    cmd->add_option("--threads", b.threads, "threads: 0 = all hardware threads (default); the bytes never change")
        ->check(CLI::Range(0u, 1024u));
    cmd->add_option("--device", b.device,
                    "cpu (default), gpu (the field's GLSL through OpenGL and EGL) or vulkan: the bytes never change;\n"
                    "a GPU that does not give the CPU's bits for the field is refused before anything is written")
        ->check(CLI::IsMember({"cpu", "gpu", "vulkan"}));
    cmd->add_option("--zlib-level", b.zlib_level, "PNG compression 0..9 (default 1: fast)")->check(CLI::Range(0, 9));
    cmd->add_flag("-q,--quiet", b.quiet, "no progress bar");
    cmd->add_flag("--hillshade", b.hillshade,
                  "shade colour presets by the slope of the heights (light from the north-west; terrain's default)");
    cmd->add_flag("--flat", b.flat, "no hill shading for a preset shaded by default (terrain)");
    cmd->add_option("--relief", b.relief, "hill-shading height: the [0, 1] height range in picture widths (default 0.3)");
    cmd->add_flag("--normal-map", b.normal_map,
                  "write a tangent-space normal map (RGB PNG, 8 or 16 bits) from the analytic gradient instead of heights");
    cmd->add_option("--normal-convention", b.normal_convention,
                    "opengl (green up, the default) or directx (green down)")
        ->check(CLI::IsMember({"opengl", "directx"}));
    cmd->add_option("--normal-strength", b.normal_strength,
                    "height scale of the normal map's surface: z = S * value over noise units (default 1)");
    std::string engine_help = "an engine's heightmap import: its format, sizes, tile names and edges\n(heights: implies --grey):";
    std::vector<std::string> engine_names;
    for (const EnginePreset& e : engine_presets()) {
        engine_names.push_back(e.name);
        engine_help += std::string("\n  ") + e.name + ": " + e.summary;
    }
    cmd->add_option("--engine", b.engine, engine_help)->check(CLI::IsMember(engine_names))->type_name("NAME");
    cmd->add_flag("--print-config", q->print_config,
                  "print the settings as TOML (a --config file) and exit; a tile set's --tile-size,\n"
                  "--tiles and --overlap stay on the command line");
    cmd->add_flag("--print-graph", q->print_graph,
                  "print the field as a graph file (docs/graphs.md) and exit: the preset's and the\n"
                  "options' field, to edit and bake with --graph");
    cmd->add_option("--config", q->config_path, "read settings from a TOML file: option names as keys (see --print-config);\n"
                                                 "options on the command line win")
        ->type_name("FILE");
    cmd->add_option("--graph", b.graph,
                    "bake the graph in FILE (docs/graphs.md) instead of the preset's field; the preset\n"
                    "still gives the picture (ramp, scale, normalization)")
        ->type_name("FILE");
    cmd->add_option("--schema", q->schema, "configuration schema version (1)")->group("");
    // The noise options: the same declarations as eval and heightmap; unset ones keep the preset's.
    add_noise_options(*cmd, &q->noise);
    cmd->footer(help_footer("", {
        "gradnoise bake terrain -o terrain.png",
        "gradnoise bake terrain --hillshade --size 1024x1024 -o shaded.png",
        "gradnoise bake eroded --normal-map --depth 16 -o normals.png  (analytic normals)",
        "gradnoise bake terrain --grey --depth 16 --size 4096x4096 -o height.png",
        "gradnoise bake terrain --grey -o height.r16        (RAW16 for Unity/Unreal)",
        "gradnoise bake noise --fractal ridged -o ridges.exr (32-bit float heights)",
        "gradnoise bake marble --size 1024x1024 -o marble.png",
        "gradnoise bake fire --frames 48 --loop -o fire.gif",
        "gradnoise bake terrain --tile-size 256 --tiles 0..3,0..3 -o tiles/terrain.png",
        "gradnoise bake terrain --grey --tile-size 4096 --tiles 0..15,0..15 -o w/t.r16 --shard 3/16 --resume",
        "  (one of 16 processes; then the same command with --index instead of --shard --resume)",
        "gradnoise bake wood --print-config > wood.toml; gradnoise bake --config wood.toml -o wood.png",
        "gradnoise bake terrain --graph examples/graphs/continent.json -o continent.png",
        "gradnoise bake terrain --device gpu --size 8192x8192 -o big.png   (the GPU, the same bytes)"}));
    return [q, cmd] {
        if (!q->config_path.empty()) {
            apply_config(*cmd, q->config_path);
        }
        return run_bake(*q);
    };
}

}  // namespace gradnoise::cli
