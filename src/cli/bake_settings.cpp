#include "bake_settings.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
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

// The output's extension in lower case, with its dot: a.PNG is a PNG, as cameras and Windows tools name files.
std::string extension_of(const std::string& output) {
    std::string ext = std::filesystem::path(output).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
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
    std::string key;  // the option's name
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

// `file`: for a --config file, which leaves a tile set's geometry (--tile-size, --tiles, --overlap) to
// the command line; the metadata records --overlap too.
std::vector<Setting> settings_of(const Bake& b, bool file) {
    const NoiseDesc& d = b.desc;
    std::vector<Setting> settings = {{"preset", b.preset},
            {"size", std::to_string(b.width) + "x" + std::to_string(b.height)},
            {"origin", List{{shortest(b.origin_x), shortest(b.origin_y)}}},
            {"scale", *b.scale},
            {"depth", b.depth},
            {"grey", b.grey},
            {"normalize", b.normalize},
            {"ramp", ramp_stops(b.ramp)},
            {"frames", b.frames},
            {"time-step", b.time_step},
            {"loop", b.loop},
            {"hillshade", b.hillshade},
            {"flat", b.flat},
            {"relief", b.relief},
            {"normal-map", b.normal_map},
            {"normal-convention", b.normal_convention},
            {"normal-strength", b.normal_strength},
            {"lod", b.lod},
            {"volume", b.volume},
            {"atlas-columns", b.atlas_columns}};
    // The field: the graph file, or every noise parameter under its option's name (the parameter
    // table's, gradnoise/parameters.hpp), before "depth". (A graph takes no noise settings: they
    // would be refused beside it.)
    std::vector<Setting> field;
    if (!b.graph.empty()) {
        field.push_back({"graph", b.graph});
    } else {
        std::size_t count = 0;
        const Parameter* table = parameters(&count);
        for (std::size_t i = 0; i < count; ++i) {
            const Parameter& p = table[i];
            const std::string key = option_name(p).substr(2);  // (without "--")
            if (p.axis_of != nullptr) {
                List values;
                for (; i < count && table[i].axis_of != nullptr; ++i) {
                    values.items.push_back(parameter_text(d, table[i]));
                }
                --i;
                field.push_back({key, values});
            } else if (p.kind == ParameterKind::integer) {
                field.push_back({key, static_cast<int>(p.get(d))});
            } else if (p.kind == ParameterKind::number) {
                field.push_back({key, static_cast<float>(p.get(d))});
            } else {
                field.push_back({key, parameter_text(d, p)});
            }
        }
    }
    settings.insert(settings.begin() + 4, field.begin(), field.end());
    if (!b.engine.empty()) {
        settings.push_back({"engine", b.engine});  // (only when given: "" is not an engine's name)
    }
    if (b.overlap != 0 && !file) {
        settings.push_back({"overlap", int(b.overlap)});  // (only when given: older bakes' records stay as they were)
    }
    return settings;
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
    for (const Setting& s : settings_of(b, false)) {
        json[s.key] = std::visit(
            Overloads{[](const std::string& v) { return Json(v); }, [](const List& v) { return Json(joined(v, ',')); },
                      [](int v) { return Json(v); }, [](bool v) { return Json(v); },
                      // Shortest text: the double nearest the float's shortest decimal prints as that decimal.
                      [](float v) { return Json(std::strtod(shortest(v).c_str(), nullptr)); }},
            s.value);
    }
    if (!b.graph_canonical.empty()) {
        json["graph-file"] = Json::parse(b.graph_canonical);  // the field itself, whatever becomes of the file
    }
    return json;
}

std::string config_toml(const Bake& b) {
    auto quoted = [](const std::string& v) { return "\"" + v + "\""; };
    std::string toml = "# gradnoise bake configuration; use: gradnoise bake --config FILE [-o OUT]\nschema = 1\n";
    for (const Setting& s : settings_of(b, true)) {
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

namespace {

// [S 10.3, 16.8] --tileable: the lattice repeats every P / f noise units, f the (first octave's)
// frequency, so the picture's extent E (scale across the width; the height's and the volume's
// depth in proportion) repeats when P = E * f is a period the basis allows on each axis it covers:
// a power of two in 1..256 for the lattice bases and cellular noise, three times one in 3..768 for
// the simplex families, which tile on their fallback lattice (so --tileable selects it: an
// --orientation2/3 given otherwise is refused). (The configuration records the periods, not the
// flag: it reads back as it was.)
void set_tiling_periods(BakeRequest& q) {
    Bake& b = q.b;
    if (!b.graph.empty()) {
        usage_error("--tileable: a graph's field nodes take their own periods (docs/graph-reference.md)");
    }
    if (b.desc.period_x != 0 || b.desc.period_y != 0 || b.desc.period_z != 0 || b.desc.period_w != 0) {
        usage_error("--tileable sets --period from --scale and the frequency: give one of them");
    }
    const bool simplex = basis_family(b.desc.basis) == BasisFamily::simplex;
    if (simplex) {
        for (const auto& [p, text] : q.noise.given) {
            const std::string name = p->name;
            if ((name == "orientation2" || name == "orientation3") && text != "fallback") {
                usage_error("--tileable: the simplex families tile only on their fallback lattice; --" + name + " " +
                            text + " does not tile (leave it out, or give fallback)");
            }
        }
        b.desc.simplex.orientation2 = Orientation2::fallback;
        b.desc.simplex.orientation3 = Orientation3::fallback;
    }
    const double unit = simplex ? 3.0 : 1.0;  // the smallest period
    const double f = b.desc.fractal.kind == Fractal::none ? 1.0 : static_cast<double>(b.desc.fractal.frequency);
    const double across = static_cast<double>(*b.scale) * f;
    const double extents[3] = {across, across * b.height / b.width, b.volume ? across * b.volume / b.width : 0.0};
    int* periods[3] = {&b.desc.period_x, &b.desc.period_y, &b.desc.period_z};
    for (int a = 0; a < (b.volume ? 3 : 2); ++a) {
        const double p = extents[a], r = p / unit;
        const bool ok = r >= 1.0 && r <= 256.0 && r == std::ldexp(1.0, std::ilogb(r));
        if (!ok) {
            std::string m = "--tileable: ";
            m += a == 0 ? "the width" : a == 1 ? "the height" : "the depth (--volume)";
            m += " spans ";
            m += shortest(p);
            m += " lattice units (--scale x frequency";
            m += a == 0 ? "" : " x its share of the width";
            m += simplex ? "); a simplex tile needs three times a power of two in 3..768 on every axis (e.g. --scale "
                         : "); a tile needs a power of two in 1..256 on every axis (e.g. --scale ";
            m += shortest(static_cast<float>(unit * std::ldexp(1.0, std::max(0, std::min(8, std::ilogb(across / unit) + 1))) / f));
            m += ", sides in power-of-two ratios)";
            usage_error(m);
        }
        *periods[a] = static_cast<int>(p);
    }
}

}  // namespace

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
    // (A shaded preset's colour picture is hill-shaded unless --flat: resolve_output.)
    if (b.flat && b.hillshade) {
        usage_error("--flat and --hillshade: choose one");
    }
    if (b.flat && !b.recipe->shaded) {
        usage_error("--flat: the " + b.preset + " preset is not shaded (only terrain is, by default)");
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
    if (!std::isfinite(b.relief) || !(b.relief > 0.0f)) {
        usage_error("--relief: must be finite and > 0 (got " + shortest(b.relief) + ")");
    }
    if (!std::isfinite(b.normal_strength)) {
        usage_error("--normal-strength: must be finite (got " + shortest(b.normal_strength) + ")");
    }
    if (b.band_limit) {
        // [S 8.1] (The configuration records the footprint, not the flag: it reads back as it was.)
        if (!b.graph.empty()) {
            usage_error("--band-limit: a graph's field nodes take their own footprint (docs/graph-reference.md)");
        }
        if (b.desc.fractal.kind == Fractal::none) {
            usage_error("--band-limit has no effect without a fractal (--fractal fbm, turbulence, ridged, billow or damped)");
        }
        if (b.desc.fractal.footprint != 0.0f) {
            usage_error("--band-limit sets --footprint to the pixel spacing (--scale / width): give one of them");
        }
        b.desc.fractal.footprint = *b.scale / static_cast<float>(b.width);
    }
    if (b.tileable) {
        set_tiling_periods(q);
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
    const std::string ext = extension_of(b.output);
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
}

void check_shading(const Bake& b) {
    if (b.hillshade && !b.colour()) {
        usage_error("--hillshade shades colour presets (terrain, clouds, ...); not with --grey or the noise preset");
    }
    if (b.hillshade && b.desc.pattern.kind != Pattern::none) {
        usage_error("--hillshade needs the field's gradient, which patterns (marble, wood) do not have");
    }
    if (b.slopes() && b.desc.fractal.kind == Fractal::damped && basis_family(b.desc.basis) != BasisFamily::lattice) {
        std::string lattice;
        const char* const* bases = find_parameter("basis")->choices;
        for (int i = 0; bases[i] != nullptr; ++i) {
            if (basis_family(Basis(i)) == BasisFamily::lattice) {
                lattice += (lattice.empty() ? "" : ", ") + std::string(bases[i]);
            }
        }
        usage_error(std::string(b.hillshade ? "--hillshade" : "--normal-map") +
                    ": the damped fractal's gradient needs second derivatives, which only the lattice bases (" + lattice +
                    ") provide");
    }
}

// Sample coordinates float32 can still tell apart. The picture's samples are origin + float(i) * step
// (step = scale / width), and the first octave multiplies them by the frequency: beyond 2^23 noise
// units every float32 is an integer, so every sample falls on a lattice point (gradient noise is 0
// there: a flat picture); and where neighbouring pixels are closer than float32's spacing at the
// origin, they share coordinates (a picture of repeated columns or rows).
void check_coordinates(const Bake& b) {
    const double step = static_cast<double>(*b.scale) / b.width;
    const double frequency = b.desc.fractal.kind == Fractal::none ? 1.0 : b.desc.fractal.frequency;
    const double columns = b.tiles ? double(b.tile_set_end(b.tiles->x1)) : b.width;
    const double rows = b.tiles ? double(b.tile_set_end(b.tiles->y1)) : b.height;
    const double before = b.tiles ? double(b.overlap) : 0.0;  // (--overlap's samples left of and above pixel 0)
    const double x0 = b.origin_x, y0 = b.origin_y;
    const double reach = std::max({std::fabs(x0 - before * step), std::fabs(x0 + columns * step),
                                   std::fabs(y0 - before * step), std::fabs(y0 + rows * step)});
    const std::string where = "--origin " + shortest(b.origin_x) + "," + shortest(b.origin_y) + ", --scale " +
                              shortest(*b.scale) + (frequency != 1.0 ? ", --frequency " + shortest(float(frequency)) : "");
    if (reach * frequency >= 8388608.0) {
        usage_error(where + ": the samples reach " + shortest(reach * frequency) +
                    " lattice units, beyond 2^23, where every float32 is an integer: every sample would fall on a "
                    "lattice point (gradient noise is 0 there; other bases repeat their lattice values). Keep origin "
                    "and scale within about 8 million / frequency");
    }
    const double spacing = std::ldexp(1.0, std::ilogb(std::max(reach, 1e-30)) - 23);  // float32's, at the reach
    if (step < spacing) {
        usage_error(where + ": neighbouring pixels are " + shortest(step) + " noise units apart, less than float32's " +
                    "spacing there (" + shortest(spacing) + "): pixels would share coordinates. Use a larger --scale, "
                    "or an --origin nearer 0");
    }
}

// Options the rest of the bake ignores are refused, not dropped (as the noise options are: options.cpp).
// "Changed from its default" is the test, so a --print-config file, which lists every setting, reads back.
void check_ignored_options(const Bake& b) {
    const Bake defaults;
    auto refuse_unless = [](bool in_effect, bool changed, const std::string& what) {
        if (changed && !in_effect) {
            usage_error(what);
        }
    };
    refuse_unless(b.hillshade, b.relief != defaults.relief, "--relief has no effect without --hillshade");
    refuse_unless(b.normal_map, b.normal_strength != defaults.normal_strength,
                  "--normal-strength has no effect without --normal-map");
    refuse_unless(b.normal_map, b.normal_convention != defaults.normal_convention,
                  "--normal-convention has no effect without --normal-map");
    refuse_unless(b.frames > 1, b.time_step != defaults.time_step, "--time-step has no effect without --frames N (N > 1)");
    refuse_unless(b.frames > 1, b.loop != defaults.loop, "--loop has no effect without --frames N (N > 1)");
    refuse_unless(b.volume > 0, b.atlas_columns != defaults.atlas_columns, "--atlas-columns has no effect without --volume");
    refuse_unless(b.colour(), ramp_text(b.ramp) != ramp_text(b.recipe->ramp),
                  "--ramp has no effect on greyscale output (--grey, --normal-map or the noise preset)");
    refuse_unless(b.format == Format::png, b.zlib_level != defaults.zlib_level,
                  std::string("--zlib-level has no effect on ") + format_name(b.format) + " output (PNG only)");
    refuse_unless(!b.normal_map, b.normalize != defaults.normalize,
                  "--normalize has no effect on a normal map (it holds slopes, not heights)");
    refuse_unless(b.format != Format::exr && b.format != Format::pfm, b.normalize != defaults.normalize,
                  std::string("--normalize has no effect on ") + format_name(b.format) + " output (it keeps the raw values)");
    refuse_unless(b.format == Format::png || b.format == Format::raw16, b.depth != defaults.depth,
                  std::string("--depth has no effect on ") + format_name(b.format) + " output (PNG and RAW16 only)");
}

// --volume D: a still volume, written as one atlas of its slices.
void check_volume(const Bake& b) {
    if (b.volume == 0) {
        return;
    }
    if (b.frames > 1 || b.format == Format::gif || b.tile_size != 0 || !b.engine.empty() || b.lod != 0) {
        usage_error("--volume writes one atlas of slices: not with --frames, GIF, --tile-size, --engine or --lod");
    }
    if (b.recipe->rise) {
        usage_error("--volume: the " + b.preset + " preset moves along y over time; bake a volume of another preset");
    }
    if (b.slopes()) {
        usage_error("--volume writes values: not with --hillshade or --normal-map");
    }
    if (b.normalize == "measured") {
        usage_error("--volume: --normalize measured would scale each slice by its own range; use fixed");
    }
    const std::uint64_t w = std::uint64_t(b.width) * std::uint64_t(b.atlas_cols()),
                        h = std::uint64_t(b.height) * std::uint64_t(b.atlas_rows());
    if (w > 65536 || h > 65536) {
        usage_error("--volume " + std::to_string(b.volume) + ": the atlas of " + std::to_string(b.atlas_cols()) + " x " +
                    std::to_string(b.atlas_rows()) + " slices of " + std::to_string(b.width) + "x" +
                    std::to_string(b.height) + " would be " + std::to_string(w) + "x" + std::to_string(h) +
                    " pixels; each side must be at most 65536");
    }
}

// [S 13.5] --lod N: still pictures whose sides halve N times.
void check_lod(const Bake& b) {
    if (b.lod == 0) {
        return;
    }
    if (b.frames > 1 || b.format == Format::gif || b.tile_size != 0 || !b.engine.empty()) {
        usage_error("--lod writes a pyramid of still pictures: not with --frames, GIF, --tile-size or --engine");
    }
    const std::uint32_t divisor = std::uint32_t(1) << b.lod;
    if (b.width % divisor != 0 || b.height % divisor != 0) {
        usage_error("--lod " + std::to_string(b.lod) + ": --size " + std::to_string(b.width) + "x" +
                    std::to_string(b.height) + " must be divisible by 2^" + std::to_string(b.lod) + " = " +
                    std::to_string(divisor) + " on both sides (each level halves them)");
    }
}

void check_tile_set(const BakeRequest& q) {
    const Bake& b = q.b;
    if ((b.tile_size != 0) != b.tiles.has_value()) {
        usage_error("--tile-size S --tiles X0..X1,Y0..Y1 go together (e.g. --tile-size 256 --tiles 0..3,0..1)");
    }
    if (const std::optional<TileRange>& tiles = b.tiles) {
        for (const auto& [axis, last] : {std::pair{"X1", tiles->x1}, std::pair{"Y1", tiles->y1}}) {
            const std::uint64_t end = b.tile_set_end(last);
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
    if (b.tiles && b.frames > 1) {
        usage_error("--frames with a tile set: tile sets are still pictures (bake the frames as --size pictures)");
    }
    if (b.overlap != 0 && !b.tiles) {
        usage_error("--overlap has no effect without a tile set (--tile-size S --tiles X0..X1,Y0..Y1)");
    }
    if (b.overlap != 0 && !b.engine.empty()) {
        usage_error("--overlap with --engine " + b.engine + ": the engine's tiles have their own edges (sizes it takes)");
    }
    if (b.tiles && q.shard && b.normalize == "measured") {
        usage_error("--normalize measured with --shard: a tile set is normalised by one range, the whole set's, which "
                    "every shard would measure in full; use --normalize fixed (the field's range) for sharded sets");
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

// --engine NAME: the engine's format, depth and sizes (engine_presets.cpp), checked before any work.
void resolve_engine(Bake& b) {
    const EnginePreset& e = *(b.engine_preset = find_engine(b.engine));
    const std::string option = "--engine " + b.engine;
    if (b.output.empty()) {
        b.output = "gradnoise-" + b.preset + e.extension;
    }
    if (extension_of(b.output) != e.extension || !b.format_text.empty()) {
        usage_error(option + " writes " + format_name(e.format) + ": name the output " + e.extension +
                    (b.format_text.empty() ? "" : " (without --format)"));
    }
    if (b.normal_map || b.hillshade || b.frames > 1) {
        usage_error(option + " writes heightmaps: not with --normal-map, --hillshade or --frames");
    }
    if (b.tiles && !e.tiles) {
        usage_error(option + " imports one heightmap, not a tile set: bake it with --size S x S alone");
    }
    auto allowed = [&e](std::uint32_t side) {
        return std::find(e.sizes.begin(), e.sizes.end(), side) != e.sizes.end();
    };
    if (b.tiles) {
        if (!allowed(b.tile_size)) {
            usage_error(option + ": --tile-size " + std::to_string(b.tile_size) + " is not a size it takes (" +
                        engine_sizes_text(e) + ")");
        }
    } else if (!allowed(b.width) || !allowed(b.height) || (e.square && b.width != b.height)) {
        usage_error(option + ": --size " + std::to_string(b.width) + "x" + std::to_string(b.height) + " is not a " +
                    (e.square ? "square of a size" : "size") + " it takes (" + engine_sizes_text(e) + ")");
    }
    if (b.depth != Bake{}.depth && b.depth != e.depth) {
        usage_error(option + " writes " + (e.format == Format::exr ? std::string("float") : std::to_string(e.depth) + "-bit") +
                    " samples: --depth " + std::to_string(b.depth) + " does not apply");
    }
    b.grey = true;  // heights, whatever the preset's colours
    b.depth = e.depth;
}

void resolve_output(BakeRequest& q) {
    Bake& b = q.b;
    if (!b.engine.empty()) {
        resolve_engine(b);
    }
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
    // A shaded preset's colour picture is hill-shaded unless --flat.
    if (b.flat && !b.colour()) {
        usage_error("--flat: only colour pictures are shaded (not with --grey, --normal-map or an --engine)");
    }
    if (b.recipe->shaded && !b.flat && b.colour()) {
        b.hillshade = true;
    }
    if (b.normal_map) {
        check_normal_map(b);
    }
    check_shading(b);
    check_lod(b);
    check_volume(b);
    check_ignored_options(b);
    check_tile_set(q);
    check_coordinates(b);  // (after the tile set's own limits: its extent is known to be sane)
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
