// The WebAssembly module's exports, called by web/gradnoise.js (the JavaScript API): a field (its
// parameters set by name, as every binding does: gradnoise/parameters.hpp), its grids and points, graphs
// from JSON, and the bake presets' colouring, so that the playground draws a bake's pixels. Plain C
// functions over numbers and pointers into the module's memory; a failure returns nonzero (or null) and
// leaves its message in gnw_error().
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>

#include "../src/cli/presets.hpp"
#include "gradnoise/gradnoise.hpp"

namespace {

std::string g_error;

int report(const gradnoise::Status& s) {
    if (s.ok()) return 0;
    g_error = s.message();
    return 1;
}

const std::vector<gradnoise::cli::Preset>& presets() { return gradnoise::cli::presets(); }

// A float as text that reads back to it (9 significant digits suffice for binary32).
std::string float_text(float v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
    return buf;
}

// Values with gradients at points: out holds (dimensions + 1) planes of `count` floats (value, d/dx, ...).
template <class Sampler>
int gradient_points(const Sampler& s, int dimensions, const float* x, const float* y, const float* z, const float* w,
                    float* out, std::uint32_t count) {
    const gradnoise::GradientOut planes{out, out + count, out + 2 * std::size_t(count), out + 3 * std::size_t(count),
                                        out + 4 * std::size_t(count)};
    switch (dimensions) {
        case 2: return report(s.evaluate_gradient_2d(x, y, planes, count));
        case 3: return report(s.evaluate_gradient_3d(x, y, z, planes, count));
        default: return report(s.evaluate_gradient_4d(x, y, z, w, planes, count));
    }
}

}  // namespace

// A field being described (desc) and the noise made from it by gnw_field_build.
struct WebField {
    gradnoise::NoiseDesc desc;
    gradnoise::Noise noise;
};

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* gnw_error() { return g_error.c_str(); }

// A field with the library's defaults, or preset `preset`'s field (index into gnw_preset_names).
EMSCRIPTEN_KEEPALIVE WebField* gnw_field_create(int preset) {
    WebField* f = new (std::nothrow) WebField;
    if (f != nullptr && preset >= 0 && static_cast<std::size_t>(preset) < presets().size()) {
        f->desc = presets()[preset].desc;
    }
    return f;
}

EMSCRIPTEN_KEEPALIVE void gnw_field_destroy(WebField* f) { delete f; }

// One parameter by its table name, its value as text ("6", "0.25", "opensimplex2", "reference").
EMSCRIPTEN_KEEPALIVE int gnw_field_set(WebField* f, const char* name, const char* text) {
    return report(gradnoise::set_parameter(f->desc, name, text));
}

// Validates the description (the rules between parameters too) and makes the noise.
EMSCRIPTEN_KEEPALIVE int gnw_field_build(WebField* f) { return report(gradnoise::Noise::create(f->desc, &f->noise)); }

// The value of one parameter as text (what gnw_field_set reads back to the same value).
EMSCRIPTEN_KEEPALIVE const char* gnw_field_get(WebField* f, const char* name) {
    static std::string text;
    const gradnoise::Parameter* p = gradnoise::find_parameter(name);
    text = p != nullptr ? gradnoise::parameter_text(f->desc, *p) : "";
    return text.c_str();
}

EMSCRIPTEN_KEEPALIVE int gnw_field_grid_2d(const WebField* f, float x, float y, float step_x, float step_y,
                                           std::uint32_t width, std::uint32_t height, float* out) {
    return report(f->noise.fill_grid_2d(gradnoise::Grid2d{x, y, step_x, step_y, width, height}, out));
}

EMSCRIPTEN_KEEPALIVE int gnw_field_grid_3d(const WebField* f, float x, float y, float z, float step_x, float step_y,
                                           float step_z, std::uint32_t width, std::uint32_t height, std::uint32_t depth,
                                           float* out) {
    return report(
        f->noise.fill_grid_3d(gradnoise::Grid3d{x, y, z, step_x, step_y, step_z, width, height, depth}, out));
}

EMSCRIPTEN_KEEPALIVE int gnw_field_points(const WebField* f, int dimensions, const float* x, const float* y,
                                          const float* z, const float* w, float* out, std::uint32_t count) {
    switch (dimensions) {
        case 2: return report(f->noise.evaluate_2d(x, y, out, count));
        case 3: return report(f->noise.evaluate_3d(x, y, z, out, count));
        default: return report(f->noise.evaluate_4d(x, y, z, w, out, count));
    }
}

EMSCRIPTEN_KEEPALIVE int gnw_field_gradient_points(const WebField* f, int dimensions, const float* x, const float* y,
                                                   const float* z, const float* w, float* out, std::uint32_t count) {
    return gradient_points(f->noise, dimensions, x, y, z, w, out, count);
}

// Binary64 points (docs/spec.md section 14: a perlin basis with the permutation hash, no period, warp or
// pattern; otherwise refused).
EMSCRIPTEN_KEEPALIVE int gnw_field_points_f64(const WebField* f, int dimensions, const double* x, const double* y,
                                              const double* z, double* out, std::uint32_t count) {
    return report(dimensions == 2 ? f->noise.evaluate_2d_f64(x, y, out, count)
                                  : f->noise.evaluate_3d_f64(x, y, z, out, count));
}

// A chunk (docs/spec.md section 13): the first sample numbers as 32-bit halves (JavaScript numbers cannot
// hold every int64), sizes (depth 0: 2D), spacing and level.
EMSCRIPTEN_KEEPALIVE int gnw_field_chunk(const WebField* f, std::uint32_t x_lo, std::uint32_t x_hi, std::uint32_t y_lo,
                                         std::uint32_t y_hi, std::uint32_t z_lo, std::uint32_t z_hi, std::uint32_t width,
                                         std::uint32_t height, std::uint32_t depth, float spacing, int level,
                                         float* out) {
    const auto join = [](std::uint32_t lo, std::uint32_t hi) {
        return static_cast<std::int64_t>((std::uint64_t(hi) << 32) | lo);
    };
    if (depth == 0) {
        return report(f->noise.fill_chunk_2d(
            gradnoise::Chunk2d{join(x_lo, x_hi), join(y_lo, y_hi), width, height, spacing, level}, out));
    }
    return report(f->noise.fill_chunk_3d(gradnoise::Chunk3d{join(x_lo, x_hi), join(y_lo, y_hi), join(z_lo, z_hi), width,
                                                            height, depth, spacing, level},
                                         out));
}

// A graph from JSON text; null with the whole message in gnw_error() when it is not a valid graph.
EMSCRIPTEN_KEEPALIVE gradnoise::Graph* gnw_graph_create(const char* json, std::uint32_t length) {
    auto* g = new (std::nothrow) gradnoise::Graph;
    std::string error;
    if (g != nullptr && !gradnoise::Graph::from_json(std::string_view(json, length), g, &error)) {
        g_error = error;
        delete g;
        return nullptr;
    }
    return g;
}

EMSCRIPTEN_KEEPALIVE void gnw_graph_destroy(gradnoise::Graph* g) { delete g; }
EMSCRIPTEN_KEEPALIVE int gnw_graph_dimensions(const gradnoise::Graph* g) { return g->dimensions(); }

EMSCRIPTEN_KEEPALIVE int gnw_graph_grid_2d(const gradnoise::Graph* g, float x, float y, float step_x, float step_y,
                                           std::uint32_t width, std::uint32_t height, float* out) {
    return report(g->fill_grid_2d(gradnoise::Grid2d{x, y, step_x, step_y, width, height}, out));
}

EMSCRIPTEN_KEEPALIVE int gnw_graph_points(const gradnoise::Graph* g, int dimensions, const float* x, const float* y,
                                          const float* z, const float* w, float* out, std::uint32_t count) {
    switch (dimensions) {
        case 2: return report(g->evaluate_2d(x, y, out, count));
        case 3: return report(g->evaluate_3d(x, y, z, out, count));
        default: return report(g->evaluate_4d(x, y, z, w, out, count));
    }
}

EMSCRIPTEN_KEEPALIVE int gnw_graph_gradient_points(const gradnoise::Graph* g, int dimensions, const float* x,
                                                   const float* y, const float* z, const float* w, float* out,
                                                   std::uint32_t count) {
    return gradient_points(*g, dimensions, x, y, z, w, out, count);
}

// The graph format's schema (JSON): every field parameter with its kind, choices, range, default and
// help (the library's table), every node type.
EMSCRIPTEN_KEEPALIVE const char* gnw_schema() {
    static const std::string schema = gradnoise::Graph::schema();
    return schema.c_str();
}

// The field parameters' names, one per line (the library's table).
EMSCRIPTEN_KEEPALIVE const char* gnw_parameter_names() {
    static const std::string names = [] {
        std::string s;
        std::size_t count = 0;
        const gradnoise::Parameter* table = gradnoise::parameters(&count);
        for (std::size_t i = 0; i < count; ++i) s += std::string(table[i].name) + "\n";
        return s;
    }();
    return names.c_str();
}

// The bake presets (`gradnoise bake terrain`, ...): one line each, in the order gnw_field_create and
// gnw_colour number them: name, scale, origin x, origin y, 1 for colour (else grey), the ramp as
// `--ramp` reads it, the summary, 1 where the bake hill-shades it by default (else 0); tab-separated.
EMSCRIPTEN_KEEPALIVE const char* gnw_preset_table() {
    static const std::string table = [] {
        std::string s;
        for (const auto& p : presets()) {
            s += p.name + "\t" + float_text(p.scale) + "\t" +
                 float_text(p.origin_x) + "\t" + float_text(p.origin_y) +
                 "\t" + (p.colour ? "1" : "0") + "\t" + gradnoise::cli::ramp_text(p.ramp) + "\t" + p.summary + "\t" +
                 (p.shaded ? "1" : "0") + "\n";
        }
        return s;
    }();
    return table.c_str();
}

// Colours n values of field f as `gradnoise bake <preset>` does (--normalize fixed): over the preset's
// fixed range for the field, through its colour ramp (or preset `ramp`'s: --ramp), or grey (8 bits) for
// a greyscale preset. RGBA out (alpha 255), 4n bytes.
EMSCRIPTEN_KEEPALIVE int gnw_colour(const WebField* f, int preset, int ramp_of, const float* values, std::uint32_t n,
                                    std::uint8_t* rgba) {
    const auto index_ok = [](int i) { return i >= 0 && static_cast<std::size_t>(i) < presets().size(); };
    if (!index_ok(preset) || !index_ok(ramp_of)) {
        g_error = "preset and ramp must be indices into the preset table";
        return 1;
    }
    const gradnoise::cli::Preset& p = presets()[preset];
    const auto [lo, hi] = gradnoise::cli::fixed_range(p, f->desc);
    const float inv_span = gradnoise::cli::inverse_span(lo, hi);
    if (p.colour) {
        const gradnoise::cli::RampTable ramp(presets()[ramp_of].ramp);
        for (std::uint32_t i = 0; i < n; ++i) {
            std::memcpy(rgba + 4 * i, ramp.colour(values[i], lo, inv_span).data(), 3);
            rgba[4 * i + 3] = 255;
        }
    } else {
        for (std::uint32_t i = 0; i < n; ++i) {
            const auto grey = static_cast<std::uint8_t>(gradnoise::cli::unit_value(values[i], lo, inv_span) * 255.0f + 0.5f);
            rgba[4 * i] = rgba[4 * i + 1] = rgba[4 * i + 2] = grey;
            rgba[4 * i + 3] = 255;
        }
    }
    return 0;
}

}  // extern "C"
