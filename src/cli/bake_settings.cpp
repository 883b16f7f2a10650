#include "bake_settings.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>

#include "input_limits.hpp"
#include "parsers.hpp"

namespace gradnoise::cli {
namespace {

std::optional<Format> format_of(const std::string& name) {
    const std::pair<const char*, Format> names[] = {{"png", Format::png}, {"raw16", Format::raw16}, {"r16", Format::raw16},
                                                    {"raw", Format::raw16}, {"exr", Format::exr},   {"pfm", Format::pfm},
                                                    {"gif", Format::gif}};
    for (const auto& [n, f] : names) {
        if (name == n) {
            return f;
        }
    }
    return std::nullopt;
}

bool parse_pair(const std::string& text, char sep, float* a, float* b) {
    std::size_t at = text.find(sep);
    if (at == std::string::npos) {
        return false;
    }
    auto x = parse_float(text.substr(0, at)), y = parse_float(text.substr(at + 1));
    if (!x || !y || !std::isfinite(*x) || !std::isfinite(*y)) {
        return false;
    }
    *a = *x;
    *b = *y;
    return true;
}

// ---- every setting, listed once, and its two spellings ----

struct List {
    std::vector<std::string> items;  // JSON joins them with ',', TOML with '/'
};
using Value = std::variant<std::string, List, int, bool, float>;
struct Setting {
    const char* key;  // the option's name
    Value value;
};

List ramp_stops(const Ramp& ramp) {
    List list;
    std::stringstream in(ramp_text(ramp));
    for (std::string stop; std::getline(in, stop, ',');) {
        list.items.push_back(stop);
    }
    return list;
}

std::vector<Setting> settings_of(const Bake& b) {
    const NoiseDesc& d = b.desc;
    auto number = [](int v) { return std::to_string(v); };
    return {{"preset", b.preset},
            {"size", std::to_string(b.width) + "x" + std::to_string(b.height)},
            {"origin", List{{shortest(b.origin_x), shortest(b.origin_y)}}},
            {"scale", *b.scale},
            {"seed", d.has_seed ? std::to_string(d.seed) : std::string("reference")},
            {"fade", std::string(fade_name(d.fade))},
            {"hash", std::string(hash_name(d.hash))},
            {"basis", std::string(basis_name(d.basis))},
            {"fractal", std::string(fractal_name(d.fractal.kind))},
            {"octaves", d.fractal.octaves},
            {"frequency", d.fractal.frequency},
            {"lacunarity", d.fractal.lacunarity},
            {"persistence", d.fractal.persistence},
            {"warp", d.warp.levels},
            {"warp-strength", d.warp.strength},
            {"warp-frequency", d.warp.frequency},
            {"pattern", std::string(pattern_name(d.pattern.kind))},
            {"pattern-frequency", d.pattern.frequency},
            {"pattern-strength", d.pattern.strength},
            {"period", List{{number(d.period_x), number(d.period_y), number(d.period_z), number(d.period_w)}}},
            {"orientation2", std::string(orientation2_name(d.simplex.orientation2))},
            {"orientation3", std::string(orientation3_name(d.simplex.orientation3))},
            {"orientation4", std::string(orientation4_name(d.simplex.orientation4))},
            {"cellular-distance", std::string(cellular_distance_name(d.cellular.distance))},
            {"cellular-output", std::string(cellular_output_name(d.cellular.output))},
            {"jitter", d.cellular.jitter},
            {"depth", b.depth},
            {"grey", b.grey},
            {"normalize", b.normalize},
            {"ramp", ramp_stops(b.ramp)},
            {"frames", b.frames},
            {"time-step", b.time_step},
            {"loop", b.loop},
            {"hillshade", b.hillshade},
            {"relief", b.relief},
            {"normal-map", b.normal_map},
            {"normal-convention", b.normal_convention},
            {"normal-strength", b.normal_strength}};
}

std::string joined(const List& list, char separator) {
    std::string s;
    for (const std::string& item : list.items) {
        s += (s.empty() ? "" : std::string(1, separator)) + item;
    }
    return s;
}

template <class... Ts>
struct Overloads : Ts... {
    using Ts::operator()...;
};
template <class... Ts>
Overloads(Ts...) -> Overloads<Ts...>;

}  // namespace

const char* format_name(Format f) {
    switch (f) {
        case Format::png: return "png";
        case Format::raw16: return "raw16";
        case Format::exr: return "exr";
        case Format::pfm: return "pfm";
        case Format::gif: return "gif";
    }
    return "?";
}

Json config_json(const Bake& b) {
    Json json{{"schema", "gradnoise-bake/1"}, {"version", version_string()}};
    for (const Setting& s : settings_of(b)) {
        json[s.key] = std::visit(
            Overloads{[](const std::string& v) { return Json(v); }, [](const List& v) { return Json(joined(v, ',')); },
                      [](int v) { return Json(v); }, [](bool v) { return Json(v); },
                      // Shortest text: the double nearest the float's shortest decimal prints as that decimal.
                      [](float v) { return Json(std::strtod(shortest(v).c_str(), nullptr)); }},
            s.value);
    }
    return json;
}

std::string config_toml(const Bake& b) {
    auto quoted = [](const std::string& v) { return "\"" + v + "\""; };
    std::string toml = "# gradnoise bake configuration; use: gradnoise bake --config FILE [-o OUT]\nschema = 1\n";
    for (const Setting& s : settings_of(b)) {
        toml += std::string(s.key) + " = " +
                std::visit(Overloads{[&](const std::string& v) { return quoted(v); },
                                     // Lists are '/'-separated and without '#': CLI11's config reader splits
                                     // quoted values at commas and spaces.
                                     [&](const List& v) {
                                         std::string text = joined(v, '/');
                                         text.erase(std::remove(text.begin(), text.end(), '#'), text.end());
                                         return quoted(text);
                                     },
                                     [](int v) { return std::to_string(v); },
                                     [](bool v) { return std::string(v ? "true" : "false"); },
                                     [](float v) { return shortest(v); }},
                           s.value) +
                "\n";
    }
    return toml;
}

// ---- resolving ----

void resolve_settings(BakeRequest& q) {
    Bake& b = q.b;
    if (q.schema != 1) {
        usage_error("--config: schema " + std::to_string(q.schema) + " is not supported (this version reads schema 1)");
    }
    b.recipe = find_preset(b.preset);
    if (b.recipe == nullptr) {
        usage_error("unknown preset '" + b.preset + "'");
    }
    if (!b.scale) {
        b.scale = b.recipe->scale;
    }
    b.ramp = b.recipe->ramp;
    if (!b.ramp_text.empty()) {
        std::replace(b.ramp_text.begin(), b.ramp_text.end(), '/', ',');
        std::string error;
        auto ramp = parse_ramp(b.ramp_text, &error);
        if (!ramp) {
            usage_error("--ramp: " + error);
        }
        b.ramp = *ramp;
    }
    q.noise.select_isa();
    b.desc = q.noise.desc(b.recipe->desc);
    b.quiet_requested = b.quiet;
    if (!b.quiet && !isatty(2)) {
        b.quiet = true;
    }
    std::replace(b.origin_text.begin(), b.origin_text.end(), '/', ',');
    if (b.origin_text.empty()) {
        b.origin_x = b.recipe->origin_x;
        b.origin_y = b.recipe->origin_y;
    } else if (!parse_pair(b.origin_text, ',', &b.origin_x, &b.origin_y)) {
        usage_error("--origin: '" + b.origin_text + "' is not X,Y with two finite numbers");
    }
    unsigned long w = 0, h = 0;
    char tail = 0;
    if (std::sscanf(b.size_text.c_str(), "%lux%lu%c", &w, &h, &tail) != 2 || w < 1 || h < 1 || w > 65536 || h > 65536) {
        usage_error("--size: '" + b.size_text + "' is not WxH with each side 1..65536 (e.g. 1024x768)");
    }
    b.width = static_cast<std::uint32_t>(w);
    b.height = static_cast<std::uint32_t>(h);
    if (!(*b.scale > 0.0f) || !std::isfinite(*b.scale)) {
        usage_error("--scale: must be finite and > 0");
    }
    if (!std::isfinite(b.time_step)) {
        usage_error("--time-step: must be finite");
    }
}

namespace {

Format output_format(const Bake& b) {
    if (!b.format_text.empty()) {
        const std::optional<Format> format = format_of(b.format_text);
        if (!format) {
            usage_error("--format: '" + b.format_text + "' is not one of png, raw16, exr, pfm, gif");
        }
        return *format;
    }
    const std::string ext = std::filesystem::path(b.output).extension().string();
    const std::optional<Format> format = format_of(ext.empty() ? "" : ext.substr(1));
    if (!format) {
        usage_error("cannot tell the format of '" + b.output +
                    "' from its extension; name it .png .r16 .raw .exr .pfm .gif or pass --format");
    }
    return *format;
}

void check_normal_map(const Bake& b) {
    if (b.format != Format::png) {
        usage_error("--normal-map writes RGB PNG (8 or 16 bits with --depth): name the output .png");
    }
    if (b.hillshade) {
        usage_error("--normal-map and --hillshade: a normal map holds the slopes; shade it in the engine");
    }
    if (b.grey) {
        usage_error("--normal-map writes RGB normals; --grey does not apply");
    }
    if (b.frames > 1) {
        usage_error("--normal-map bakes still pictures (or tile sets), not --frames");
    }
    if (b.desc.pattern.kind != Pattern::none) {
        usage_error("--normal-map needs the field's gradient, which patterns (marble, wood) do not have");
    }
    if (!(std::fabs(b.normal_strength) <= 1e30f)) {
        usage_error("--normal-strength must be finite");
    }
}

void check_shading(const Bake& b) {
    if (b.hillshade && !b.colour()) {
        usage_error("--hillshade shades colour presets (terrain, clouds, ...); not with --grey or the noise preset");
    }
    if (b.hillshade && b.desc.pattern.kind != Pattern::none) {
        usage_error("--hillshade needs the field's gradient, which patterns (marble, wood) do not have");
    }
    if (b.slopes() && b.desc.fractal.kind == Fractal::damped &&
        (b.desc.basis == Basis::opensimplex2 || b.desc.basis == Basis::opensimplex2s || b.desc.basis == Basis::cellular)) {
        usage_error(std::string(b.hillshade ? "--hillshade" : "--normal-map") +
                    ": the damped fractal's gradient needs second derivatives, which only the lattice bases (perlin, "
                    "classic, value, isotropic) provide");
    }
}

void check_tile_set(const BakeRequest& q) {
    const Bake& b = q.b;
    if ((b.tile_size != 0) != b.tiles.has_value()) {
        usage_error("--tile-size S --tiles X0..X1,Y0..Y1 go together (e.g. --tile-size 256 --tiles 0..3,0..1)");
    }
    if (const std::optional<TileRange>& tiles = b.tiles) {
        for (const auto& [axis, last] : {std::pair{"X1", tiles->x1}, std::pair{"Y1", tiles->y1}}) {
            const std::uint64_t end = std::uint64_t(last + 1) * b.tile_size;
            if (end > max_pixel_index) {
                usage_error("--tiles with --tile-size " + std::to_string(b.tile_size) + ": tile " + axis + " = " +
                            std::to_string(last) + " ends at pixel " + std::to_string(end) +
                            "; pixel indices must stay within 2^24 = " + std::to_string(max_pixel_index) +
                            " (exact in float)");
            }
        }
        // The manifest names the tiles in JSON, which holds UTF-8 text only.
        const std::string name = std::filesystem::path(b.output).filename().string();
        try {
            (void)Json(name).dump();
        } catch (const Json::type_error&) {
            usage_error("-o: the file name '" + name + "' is not valid UTF-8, which the tile manifest (JSON) needs");
        }
    }
    if (!b.tiles && (q.shard || q.resume || q.index)) {
        usage_error(std::string(q.shard ? "--shard" : q.resume ? "--resume" : "--index") +
                    " applies to tile sets: add --tile-size S --tiles X0..X1,Y0..Y1");
    }
    if (q.index && (q.shard || q.resume)) {
        usage_error(std::string("--index joins the shards' manifests after every shard is baked; it bakes nothing, so ") +
                    (q.shard ? "--shard" : "--resume") + " does not go with it");
    }
}

}  // namespace

void resolve_output(BakeRequest& q) {
    Bake& b = q.b;
    if (b.output.empty()) {
        b.output = "gradnoise-" + b.preset + (b.frames > 1 ? ".gif" : ".png");
    }
    b.format = output_format(b);
    if (b.colour() && (b.format == Format::raw16 || b.format == Format::exr || b.format == Format::pfm)) {
        usage_error(std::string(format_name(b.format)) + " holds heights, not colours: add --grey to bake the " +
                    b.preset + " heights");
    }
    if (b.colour() && b.depth == 16) {
        usage_error("--depth 16 is for greyscale heights; add --grey (colour PNGs are 8-bit RGB)");
    }
    if (b.format == Format::gif && b.tile_size != 0) {
        usage_error("--tile-size: tile sets are written as still images, not GIF");
    }
    if (b.normal_map) {
        check_normal_map(b);
    }
    check_shading(b);
    check_tile_set(q);
}

// ---- --config ----

void apply_config(CLI::App& cmd, const std::string& path) {
    std::string text, error;
    if (!read_bounded_file(path, max_config_bytes, "a --config file", &text, &error)) {
        usage_error("--config " + error);
    }
    apply_config_text(cmd, text, "--config " + path);
}

// Through the same CLI11 options and checks as the command line: what CLI11's own config reader
// does for a top-level App, which it does not do for a subcommand.
void apply_config_text(CLI::App& cmd, const std::string& text, const std::string& config_name) {
    const std::string where = config_name + ": ";
    try {
        CLI::ConfigTOML toml;
        std::istringstream in(text);
        for (const CLI::ConfigItem& item : toml.from_config(in)) {
            if (item.name == "++" || item.name == "--") {
                continue;  // section markers
            }
            CLI::Option* option = item.parents.empty() ? cmd.get_option_no_throw("--" + item.name) : nullptr;
            if (option == nullptr && item.parents.empty()) {
                option = cmd.get_option_no_throw(item.name);  // the positional preset
            }
            if (option == nullptr || item.name == "config" || item.name == "print-config" || item.name == "help") {
                usage_error(where + "unknown setting '" + item.fullname() + "'");
            }
            if (!option->empty()) {
                continue;  // the command line wins
            }
            if (option->get_expected_min() == 0) {  // a flag: true/false
                option->add_result(option->get_flag_value(item.name, toml.to_flag(item)));
            } else if (item.inputs.empty()) {  // (an empty array, "key = []": CLI11 would read past it)
                usage_error(where + "'" + item.fullname() + "' has no value");
            } else {
                option->add_result(item.inputs);
            }
            option->run_callback();
        }
    } catch (const CLI::Error& e) {
        usage_error(where + e.what());
    }
}

}  // namespace gradnoise::cli
