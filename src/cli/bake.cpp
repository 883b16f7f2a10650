// gradnoise bake — heightmaps, textures, animations and tile sets from presets (the tutorials'
// recipes) or any noise configuration, written atomically in the format an engine imports.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <limits>
#include <memory>
#include <sstream>
#include <optional>
#include <utility>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>
#include <ImfThreading.h>
#include <nlohmann/json.hpp>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "bake_plan.hpp"
#include "commands.hpp"
#include "formats.hpp"
#include "input_limits.hpp"
#include "interrupt.hpp"
#include "parsers.hpp"
#include "presets.hpp"
#include "tile_set.hpp"

namespace gradnoise::cli {
namespace {

using Format = OutputFormat;

// JSON objects keep the order their members are written in.
using Json = nlohmann::ordered_json;

// Vectors whose elements are left uninitialised on resize: a bake's buffers are hundreds of MiB
// and every element is written anyway; zero-filling them first costs a pass over memory on one
// thread (the fill then touches the pages on all threads).
template <class T>
struct NoInit : std::allocator<T> {
    using value_type = T;
    template <class U>
    struct rebind {
        using other = NoInit<U>;
    };
    NoInit() = default;
    template <class U>
    NoInit(const NoInit<U>&) noexcept {}
    template <class U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... A>
    void construct(U* p, A&&... a) {
        ::new (static_cast<void*>(p)) U(std::forward<A>(a)...);
    }
};
using Floats = std::vector<float, NoInit<float>>;

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

std::string float_text(float v) { return shortest(v); }

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
    std::uint32_t tile_size = 0;        // 0: no tile set
    std::optional<TileRange> tiles;     // with tile_size
    unsigned threads = 0;
    bool quiet = false;            // no progress bar (also when stderr is not a terminal)
    bool quiet_requested = false;  // -q/--quiet given: not even the notice of a large bake
    bool hillshade = false;
    float relief = 0.3f;
    // [S 18] a tangent-space normal map from the analytic gradient instead of heights: the surface
    // z = normal_strength * value over (x, y) in noise units; green up (OpenGL) or down (DirectX).
    bool normal_map = false;
    std::string normal_convention = "opengl";
    float normal_strength = 1.0f;
    int zlib_level = 1;
    NoiseDesc desc;
    Ramp ramp;
    const Preset* recipe = nullptr;
};

// ---- progress on stderr ----

struct Progress {
    bool enabled = false;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    std::size_t samples_per_row = 0;  // samples per unit
    std::string what;
    const char* unit = "rows";
    bool per_row = true;  // fills report their rows (a tile set reports its tiles instead)
    bool shown = false;

    static bool report(void* user, std::size_t done, std::size_t total) {
        auto* p = static_cast<Progress*>(user);
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - p->start).count();
        if (p->enabled && s >= 1.0) {  // silent for bakes under a second
            double rate = static_cast<double>(done * p->samples_per_row) / s;
            double eta = done ? s * static_cast<double>(total - done) / static_cast<double>(done) : 0.0;
            std::fprintf(stderr, "\r%s: %3.0f%% %zu/%zu %s, %.1f M samples/s, ETA %.1f s   ", p->what.c_str(),
                         100.0 * static_cast<double>(done) / static_cast<double>(total), done, total, p->unit, rate / 1e6, eta);
            p->shown = true;
        }
        return interrupted_signal() == 0;  // false cancels the fill (Ctrl-C, SIGTERM)
    }
    void finish() {
        if (shown) {
            std::fprintf(stderr, "\n");
        }
    }
};

// ---- parsing helpers ----

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

std::uint64_t available_memory() {
    std::ifstream in("/proc/meminfo");
    std::string key;
    std::uint64_t kib = 0;
    std::string unit;
    while (in >> key >> kib >> unit) {
        if (key == "MemAvailable:") {
            return kib * 1024;
        }
    }
    return std::numeric_limits<std::uint64_t>::max();
}

// ---- the bake ----

// Values of one picture: frame `frame`, pixels x0 .. x0+w, y0 .. y0+h of the whole image. Pixel
// (i, j) samples (origin_x + float(i) * step, origin_y + float(j) * step) -- spec section 6, so a
// tile equals the same window of one big bake bit for bit. Animations: time t = frame * time_step
// is z (3D), or moves y (fire: "p + t (0, 1, 0)"), or walks a circle in (z, w) (--loop, 4D).
// The picture's values; with gx and gy, also their analytic gradient along x and y (noise units).
Floats evaluate(const Bake& b, const Noise& noise, std::uint32_t x0, std::uint32_t y0, std::uint32_t w,
                            std::uint32_t h, int frame, Progress* progress, Floats* gx = nullptr, Floats* gy = nullptr) {
    Floats values(std::size_t(w) * h);
    const bool gradient = gx != nullptr;
    Floats gz, gw;  // the gradient along time: not needed, but written
    GradientOut planes;
    if (gradient) {
        gx->resize(values.size());
        gy->resize(values.size());
        planes = GradientOut{values.data(), gx->data(), gy->data(), nullptr, nullptr};
    }
    // Rows of an evaluate call: planes offset to row j.
    auto row_planes = [&](std::uint32_t j, float* z_plane, float* w_plane) {
        const std::size_t at = std::size_t(j) * w;
        return GradientOut{values.data() + at, gx->data() + at, gy->data() + at, z_plane, w_plane};
    };
    const float step = *b.scale / static_cast<float>(b.width);
    const float t = static_cast<float>(frame) * b.time_step;
    FillOptions fill;
    fill.threads = b.threads;
    // (Always hooked, so that a signal cancels the fill within a block of rows; it prints only when enabled.)
    Progress quiet;
    fill.progress = &Progress::report;
    fill.user = progress->enabled && progress->per_row ? progress : &quiet;
    if (progress->per_row) {
        progress->samples_per_row = w;
    }
    Status s;
    if (b.frames > 1 && b.loop) {
        const double pi = 3.14159265358979323846;
        const double angle = 2.0 * pi * frame / b.frames;
        const double radius = b.frames * static_cast<double>(b.time_step) / (2.0 * pi);  // circumference = frames * step
        std::vector<float> xs(w), ys(w), zs(w, static_cast<float>(radius * std::cos(angle))),
            ws(w, static_cast<float>(radius * std::sin(angle)));
        for (std::uint32_t i = 0; i < w; ++i) {
            xs[i] = b.origin_x + static_cast<float>(x0 + i) * step;
        }
        std::vector<float> dz(gradient ? w : 0), dw(gradient ? w : 0);
        for (std::uint32_t j = 0; j < h && s.ok(); ++j) {
            std::fill(ys.begin(), ys.end(), b.origin_y + static_cast<float>(y0 + j) * step);
            s = gradient ? noise.evaluate_gradient_4d(xs.data(), ys.data(), zs.data(), ws.data(),
                                                      row_planes(j, dz.data(), dw.data()), w)
                         : noise.evaluate_4d(xs.data(), ys.data(), zs.data(), ws.data(), values.data() + std::size_t(j) * w, w);
            if (!fill.progress(fill.user, j + 1, h)) {
                break;
            }
        }
    } else if (b.frames > 1 && !b.recipe->rise) {
        Grid3d g{b.origin_x, b.origin_y, t, step, step, 1.0f, w, h, 1};
        if (gradient) {
            gz.resize(values.size());
            planes.dz = gz.data();
            s = noise.fill_grid_gradient_3d(g, planes, 0, 0, fill);
        } else {
            s = noise.fill_grid_3d(g, values.data(), 0, 0, fill);
        }
    } else if (x0 == 0 && y0 == 0) {
        Grid2d g{b.origin_x, b.origin_y + (b.recipe->rise ? t : 0.0f), step, step, w, h};
        s = gradient ? noise.fill_grid_gradient_2d(g, planes, 0, fill) : noise.fill_grid_2d(g, values.data(), 0, fill);
    } else {
        // A tile (a still image): the whole image's coordinates x_i = origin + float(x0 + i) * step.
        std::vector<float> xs(w), ys(h);
        for (std::uint32_t i = 0; i < w; ++i) {
            xs[i] = b.origin_x + static_cast<float>(x0 + i) * step;
        }
        for (std::uint32_t j = 0; j < h; ++j) {
            ys[j] = b.origin_y + static_cast<float>(y0 + j) * step;
        }
        // When they are a grid of their own (x_i == x_0 + float(i) * step for every i, and y alike:
        // always so with a power-of-two step), the grid fill computes them -- the same bits, on
        // --threads threads. Otherwise rows of points, spread over the threads the same way.
        bool own_grid = true;
        for (std::uint32_t i = 0; i < w && own_grid; ++i) {
            own_grid = xs[i] == xs[0] + static_cast<float>(i) * step;
        }
        for (std::uint32_t j = 0; j < h && own_grid; ++j) {
            own_grid = ys[j] == ys[0] + static_cast<float>(j) * step;
        }
        if (own_grid) {
            Grid2d g{xs[0], ys[0], step, step, w, h};
            s = gradient ? noise.fill_grid_gradient_2d(g, planes, 0, fill) : noise.fill_grid_2d(g, values.data(), 0, fill);
        } else {
            std::vector<Status> row_status(h);
            auto rows = [&](std::uint32_t j0, std::uint32_t j1) {
                std::vector<float> row_y(w);
                for (std::uint32_t j = j0; j < j1 && interrupted_signal() == 0; ++j) {
                    std::fill(row_y.begin(), row_y.end(), ys[j]);
                    row_status[j] = gradient ? noise.evaluate_gradient_2d(xs.data(), row_y.data(), row_planes(j, nullptr, nullptr), w)
                                             : noise.evaluate_2d(xs.data(), row_y.data(), values.data() + std::size_t(j) * w, w);
                }
            };
            if (b.threads == 1) {
                rows(0, h);
            } else {
                const int hardware = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
                tbb::task_arena arena(b.threads == 0 ? hardware : std::min(static_cast<int>(b.threads), hardware));
                arena.execute([&] {
                    tbb::parallel_for(tbb::blocked_range<std::uint32_t>(0, h, 8),
                                      [&](const tbb::blocked_range<std::uint32_t>& r) { rows(r.begin(), r.end()); });
                });
            }
            for (const Status& r : row_status) {
                if (!r) {
                    s = r;
                    break;
                }
            }
        }
    }
    stop_if_interrupted();
    if (!s) {
        fail(s.message());
    }
    return values;
}

// [0, 1] per value: fixed range of the preset / field, or this bake's measured min..max.
inline float unit_value(float v, float lo, float inv_span) {
    float t = (v - lo) * inv_span;
    return t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
}

// A float as a JSON number with its shortest text (nlohmann writes doubles shortest: the double
// nearest the float's shortest decimal prints as that decimal).
Json json_number(float v) { return std::strtod(shortest(v).c_str(), nullptr); }

// The resolved settings, as the PNG/EXR text chunk "gradnoise-config" and the tile manifest hold them.
Json config_json(const Bake& b) {
    const NoiseDesc& d = b.desc;
    return Json{{"schema", "gradnoise-bake/1"},
                {"version", version_string()},
                {"preset", b.preset},
                {"size", std::to_string(b.width) + "x" + std::to_string(b.height)},
                {"origin", float_text(b.origin_x) + "," + float_text(b.origin_y)},
                {"scale", json_number(*b.scale)},
                {"seed", d.has_seed ? std::to_string(d.seed) : std::string("reference")},
                {"fade", fade_name(d.fade)},
                {"hash", hash_name(d.hash)},
                {"basis", basis_name(d.basis)},
                {"fractal", fractal_name(d.fractal.kind)},
                {"octaves", d.fractal.octaves},
                {"frequency", json_number(d.fractal.frequency)},
                {"lacunarity", json_number(d.fractal.lacunarity)},
                {"persistence", json_number(d.fractal.persistence)},
                {"warp", d.warp.levels},
                {"warp-strength", json_number(d.warp.strength)},
                {"warp-frequency", json_number(d.warp.frequency)},
                {"pattern", pattern_name(d.pattern.kind)},
                {"pattern-frequency", json_number(d.pattern.frequency)},
                {"pattern-strength", json_number(d.pattern.strength)},
                {"period", std::to_string(d.period_x) + "," + std::to_string(d.period_y)},
                {"orientation2", orientation2_name(d.simplex.orientation2)},
                {"orientation3", orientation3_name(d.simplex.orientation3)},
                {"orientation4", orientation4_name(d.simplex.orientation4)},
                {"cellular-distance", cellular_distance_name(d.cellular.distance)},
                {"cellular-output", cellular_output_name(d.cellular.output)},
                {"jitter", json_number(d.cellular.jitter)},
                {"depth", b.depth},
                {"grey", b.grey},
                {"normalize", b.normalize},
                {"ramp", ramp_text(b.ramp)},
                {"frames", b.frames},
                {"time-step", json_number(b.time_step)},
                {"loop", b.loop},
                {"hillshade", b.hillshade},
                {"relief", json_number(b.relief)},
                {"normal-map", b.normal_map},
                {"normal-convention", b.normal_convention},
                {"normal-strength", json_number(b.normal_strength)}};
}

// The resolved settings as a TOML --config file: every value explicit, so a later version with
// other preset defaults still bakes the same picture. Keys are the option names.
std::string config_toml(const Bake& b) {
    const NoiseDesc& d = b.desc;
    auto q = [](const std::string& v) { return "\"" + v + "\""; };
    std::string s = "# gradnoise bake configuration; use: gradnoise bake --config FILE [-o OUT]\n";
    s += "schema = 1\n";
    s += "preset = " + q(b.preset) + "\n";
    s += "size = " + q(std::to_string(b.width) + "x" + std::to_string(b.height)) + "\n";
    // (Lists are '/'-separated here: CLI11's config reader splits quoted values at commas and spaces.)
    s += "origin = " + q(float_text(b.origin_x) + "/" + float_text(b.origin_y)) + "\n";
    s += "scale = " + float_text(*b.scale) + "\n";
    s += "depth = " + std::to_string(b.depth) + "\n";
    s += std::string("grey = ") + (b.grey ? "true" : "false") + "\n";
    s += "normalize = " + q(b.normalize) + "\n";
    std::string ramp = ramp_text(b.ramp);
    std::replace(ramp.begin(), ramp.end(), ',', '/');
    ramp.erase(std::remove(ramp.begin(), ramp.end(), '#'), ramp.end());
    s += "ramp = " + q(ramp) + "\n";
    s += "frames = " + std::to_string(b.frames) + "\n";
    s += "time-step = " + float_text(b.time_step) + "\n";
    s += std::string("loop = ") + (b.loop ? "true" : "false") + "\n";
    s += std::string("hillshade = ") + (b.hillshade ? "true" : "false") + "\n";
    s += "relief = " + float_text(b.relief) + "\n";
    s += std::string("normal-map = ") + (b.normal_map ? "true" : "false") + "\n";
    s += "normal-convention = " + q(b.normal_convention) + "\n";
    s += "normal-strength = " + float_text(b.normal_strength) + "\n";
    s += "seed = " + q(d.has_seed ? std::to_string(d.seed) : std::string("reference")) + "\n";
    s += "fade = " + q(fade_name(d.fade)) + "\n";
    s += "hash = " + q(hash_name(d.hash)) + "\n";
    s += "basis = " + q(basis_name(d.basis)) + "\n";
    s += "fractal = " + q(fractal_name(d.fractal.kind)) + "\n";
    s += "octaves = " + std::to_string(d.fractal.octaves) + "\n";
    s += "frequency = " + float_text(d.fractal.frequency) + "\n";
    s += "lacunarity = " + float_text(d.fractal.lacunarity) + "\n";
    s += "persistence = " + float_text(d.fractal.persistence) + "\n";
    s += "warp = " + std::to_string(d.warp.levels) + "\n";
    s += "warp-strength = " + float_text(d.warp.strength) + "\n";
    s += "warp-frequency = " + float_text(d.warp.frequency) + "\n";
    s += "pattern = " + q(pattern_name(d.pattern.kind)) + "\n";
    s += "pattern-frequency = " + float_text(d.pattern.frequency) + "\n";
    s += "pattern-strength = " + float_text(d.pattern.strength) + "\n";
    s += "period = " + q(std::to_string(d.period_x) + "/" + std::to_string(d.period_y) + "/" +
                         std::to_string(d.period_z) + "/" + std::to_string(d.period_w)) + "\n";
    s += "orientation2 = " + q(orientation2_name(d.simplex.orientation2)) + "\n";
    s += "orientation3 = " + q(orientation3_name(d.simplex.orientation3)) + "\n";
    s += "orientation4 = " + q(orientation4_name(d.simplex.orientation4)) + "\n";
    s += "cellular-distance = " + q(cellular_distance_name(d.cellular.distance)) + "\n";
    s += "cellular-output = " + q(cellular_output_name(d.cellular.output)) + "\n";
    s += "jitter = " + float_text(d.cellular.jitter) + "\n";
    return s;
}

struct Encoded {
    std::size_t width = 0;
    std::vector<std::uint8_t, NoInit<std::uint8_t>> rgb_or_grey8;
    std::vector<std::uint16_t, NoInit<std::uint16_t>> grey16;  // or RGB16 (a 16-bit normal map)
};

// [S 18] The unit normal of the surface z = strength * v(x, y) from v's gradient: (-s gx, -s gy, 1)
// normalised; in tangent space x runs right and y up (OpenGL: +noise y runs down the picture, so
// green = -n_y) or down (DirectX: green = n_y); each component c maps to (c + 1) / 2 of full scale.
std::array<float, 3> normal_colour(const Bake& b, float gx, float gy) {
    const float nx = -b.normal_strength * gx, ny = -b.normal_strength * gy;
    const float len = std::sqrt(nx * nx + ny * ny + 1.0f);
    const float green = b.normal_convention == "directx" ? ny : -ny;
    return {0.5f * (nx / len + 1.0f), 0.5f * (green / len + 1.0f), 0.5f * (1.0f / len + 1.0f)};
}

// Quantise: q = int(t * max + 0.5) (t >= 0: round half up), one pass, no libm call. gx, gy: the
// values' analytic gradient (for --hillshade and --normal-map; else empty).
void encode(const Bake& b, const Floats& values, const Floats& gx, const Floats& gy, float lo, float hi, Encoded* e) {
    const bool colour = b.recipe->colour && !b.grey && !b.normal_map;
    const float inv_span = hi > lo ? 1.0f / (hi - lo) : 1.0f;
    const std::size_t n = values.size();
    // Rows in parallel (independent per value: the bytes do not depend on the split).
    auto each = [n](auto&& body) {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, std::size_t(1) << 16),
                          [&](const tbb::blocked_range<std::size_t>& r) {
                              for (std::size_t i = r.begin(); i < r.end(); ++i) body(i);
                          });
    };
    if (b.normal_map) {
        if (b.depth == 16) {
            e->grey16.resize(n * 3);
        } else {
            e->rgb_or_grey8.resize(n * 3);
        }
        each([&](std::size_t i) {
            const std::array<float, 3> c = normal_colour(b, gx[i], gy[i]);
            for (int k = 0; k < 3; ++k) {
                if (b.depth == 16) {
                    e->grey16[3 * i + k] = static_cast<std::uint16_t>(c[k] * 65535.0f + 0.5f);
                } else {
                    e->rgb_or_grey8[3 * i + k] = static_cast<std::uint8_t>(c[k] * 255.0f + 0.5f);
                }
            }
        });
    } else if (colour) {
        // The ramp sampled at 4096 levels (t quantised to 1/4095, finer than 8-bit colour shows).
        std::vector<std::array<std::uint8_t, 3>> lut(4096);
        for (std::size_t k = 0; k < lut.size(); ++k) {
            lut[k] = ramp_colour(b.ramp, static_cast<float>(k) / 4095.0f);
        }
        e->rgb_or_grey8.resize(n * 3);
        each([&](std::size_t i) {
            const auto& c = lut[static_cast<std::size_t>(unit_value(values[i], lo, inv_span) * 4095.0f + 0.5f)];
            std::memcpy(&e->rgb_or_grey8[3 * i], c.data(), 3);
        });
        if (b.hillshade) {
            // Lambert shading of the height surface (t * relief * picture width over a unit pixel
            // grid), its slope from the analytic gradient (so tiles shade like the whole picture):
            // dt/dpixel = g * (scale / width) / (hi - lo); light from the north-west at 45 degrees;
            // shade = 0.35 + 0.85 * max(0, n . l), colours scaled and clamped.
            const float height_scale = b.relief * *b.scale * inv_span;
            const float lx = -0.5f, ly = -0.5f, lz = 0.70710678f;
            each([&](std::size_t i) {
                const float dx = gx[i] * height_scale, dy = gy[i] * height_scale;
                const float len = std::sqrt(dx * dx + dy * dy + 1.0f);
                const float lambert = (-dx * lx - dy * ly + lz) / len;
                const float shade = 0.35f + 0.85f * (lambert > 0.0f ? lambert : 0.0f);
                for (int c = 0; c < 3; ++c) {
                    float v = static_cast<float>(e->rgb_or_grey8[3 * i + c]) * shade + 0.5f;
                    e->rgb_or_grey8[3 * i + c] = static_cast<std::uint8_t>(v > 255.0f ? 255.0f : v);
                }
            });
        }
    } else if (b.depth == 16) {
        e->grey16.resize(n);
        each([&](std::size_t i) {
            e->grey16[i] = static_cast<std::uint16_t>(unit_value(values[i], lo, inv_span) * 65535.0f + 0.5f);
        });
    } else {
        e->rgb_or_grey8.resize(n);
        each([&](std::size_t i) {
            e->rgb_or_grey8[i] = static_cast<std::uint8_t>(unit_value(values[i], lo, inv_span) * 255.0f + 0.5f);
        });
    }
}

void write_file(const std::string& path, const std::function<bool(ByteSink&, std::string*)>& body) {
    AtomicFile file(path);
    std::string error;
    if (!file.open()) {
        fail(file.error());
    }
    if (!body(file, &error)) {
        stop_if_interrupted();
        fail(file.error().empty() ? error : error + " (" + file.error() + ")");
    }
    if (!file.commit()) {
        fail(file.error());
    }
}

// What the command line (and a --config file) gave.
struct Request {
    Bake b;
    NoiseOptions noise;
    bool print_config = false;
    int schema = 1;
    // Execution, not content (not in the config): which share of a tile set, and how.
    std::optional<Shard> shard;  // --shard K/N
    bool resume = false;         // --resume: keep verified tiles of an interrupted bake
    bool index = false;          // --index: join the shards' manifests, verifying every tile
    std::string config_path;
};

// Fills the options the command line left unset from a TOML --config file (keys are the option
// names), through the same CLI11 options and checks as the command line: what CLI11's own config
// reader does for a top-level App, which it does not do for a subcommand.
void apply_config(CLI::App& cmd, const std::string& path) {
    std::string text, error;
    if (!read_bounded_file(path, max_config_bytes, "a --config file", &text, &error)) {
        usage_error("--config " + error);
    }
    apply_config_text(cmd, text, "--config " + path);
}

}  // namespace

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
            } else {
                option->add_result(item.inputs);
            }
            option->run_callback();
        }
    } catch (const CLI::Error& e) {
        usage_error(where + e.what());
    }
}

namespace {

int run_bake(Request& q) {
    install_interrupt_handlers();
    Bake& b = q.b;
    if (q.schema != 1) {
        usage_error("--config: schema " + std::to_string(q.schema) + " is not supported (this version reads schema 1)");
    }
    // ---- resolve: preset defaults, then what the user set ----
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
    {
        unsigned long w = 0, h = 0;
        char tail = 0;
        if (std::sscanf(b.size_text.c_str(), "%lux%lu%c", &w, &h, &tail) != 2 || w < 1 || h < 1 || w > 65536 ||
            h > 65536) {
            usage_error("--size: '" + b.size_text + "' is not WxH with each side 1..65536 (e.g. 1024x768)");
        }
        b.width = static_cast<std::uint32_t>(w);
        b.height = static_cast<std::uint32_t>(h);
    }
    if (!(*b.scale > 0.0f) || !std::isfinite(*b.scale)) {
        usage_error("--scale: must be finite and > 0");
    }
    if (!std::isfinite(b.time_step)) {
        usage_error("--time-step: must be finite");
    }

    const Noise noise = make_noise(b.desc);  // errors name the option (--lacunarity ...)

    if (q.print_config) {
        std::fputs(config_toml(b).c_str(), stdout);
        return exit_success;
    }

    // ---- output format and its constraints ----
    if (b.output.empty()) {
        b.output = "gradnoise-" + b.preset + (b.frames > 1 ? ".gif" : ".png");
    }
    std::optional<Format> format;
    if (!b.format_text.empty()) {
        format = format_of(b.format_text);
        if (!format) {
            usage_error("--format: '" + b.format_text + "' is not one of png, raw16, exr, pfm, gif");
        }
    } else {
        std::string ext = std::filesystem::path(b.output).extension().string();
        format = format_of(ext.empty() ? "" : ext.substr(1));
        if (!format) {
            usage_error("cannot tell the format of '" + b.output +
                        "' from its extension; name it .png .r16 .raw .exr .pfm .gif or pass --format");
        }
    }
    const bool colour = b.recipe->colour && !b.grey && !b.normal_map;  // a normal map is its own RGB
    if (colour && (*format == Format::raw16 || *format == Format::exr || *format == Format::pfm)) {
        usage_error(std::string(format_name(*format)) + " holds heights, not colours: add --grey to bake the " +
                    b.preset + " heights");
    }
    if (colour && b.depth == 16) {
        usage_error("--depth 16 is for greyscale heights; add --grey (colour PNGs are 8-bit RGB)");
    }
    if (*format == Format::gif && b.tile_size != 0) {
        usage_error("--tile-size: tile sets are written as still images, not GIF");
    }
    if (b.normal_map) {
        if (*format != Format::png) {
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
    if (b.hillshade && !colour) {
        usage_error("--hillshade shades colour presets (terrain, clouds, ...); not with --grey or the noise preset");
    }
    if (b.hillshade && b.desc.pattern.kind != Pattern::none) {
        usage_error("--hillshade needs the field's gradient, which patterns (marble, wood) do not have");
    }
    if ((b.hillshade || b.normal_map) && b.desc.fractal.kind == Fractal::damped &&
        (b.desc.basis == Basis::opensimplex2 || b.desc.basis == Basis::opensimplex2s || b.desc.basis == Basis::cellular)) {
        usage_error(std::string(b.hillshade ? "--hillshade" : "--normal-map") +
                    ": the damped fractal's gradient needs second derivatives, which only the lattice bases (perlin, "
                    "classic, value, isotropic) provide");
    }
    if ((b.tile_size != 0) != b.tiles.has_value()) {
        usage_error("--tile-size S --tiles X0..X1,Y0..Y1 go together (e.g. --tile-size 256 --tiles 0..3,0..1)");
    }
    const std::optional<TileRange>& tiles = b.tiles;
    if (tiles) {
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
    if (!tiles && (q.shard || q.resume || q.index)) {
        usage_error(std::string(q.shard ? "--shard" : q.resume ? "--resume" : "--index") +
                    " applies to tile sets: add --tile-size S --tiles X0..X1,Y0..Y1");
    }
    if (q.index && (q.shard || q.resume)) {
        usage_error(std::string("--index joins the shards' manifests after every shard is baked; it bakes nothing, so ") +
                    (q.shard ? "--shard" : "--resume") + " does not go with it");
    }
    if (q.index) {
        const TileSetNames names = tile_set_names(b.output);
        std::vector<std::string> shard_files;
        std::uint64_t count = 0;
        std::string error;
        const std::optional<std::string> manifest =
            index_shards(names, b.tile_size, *tiles, config_json(b), &shard_files, &count, &error);
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
    // This process's tiles: all of them, or its shard's share.
    const std::uint64_t all_tiles = tiles ? tiles->count() : 0;
    const TileNumbers share = !tiles ? TileNumbers{} : q.shard ? shard_share(all_tiles, *q.shard) : TileNumbers{0, all_tiles};

    // ---- what the bake needs, checked before any work: memory per picture, and disk space for all files ----
    const std::uint32_t picture_w = tiles ? b.tile_size : b.width, picture_h = tiles ? b.tile_size : b.height;
    const int frames_held = *format == Format::gif ? b.frames : 1;
    // Memory: the float values, the normalised copy and the encoded image, per picture (a GIF holds all frames).
    // (+ 8 bytes of gradient planes per sample for --hillshade and --normal-map; 6 for a 16-bit normal map)
    const bool slopes = b.hillshade || b.normal_map;
    const std::uint64_t need = std::uint64_t(picture_w) * picture_h *
                               (4 + 4 + (b.normal_map ? 6 : colour ? 3 : 2) + (slopes ? 8 : 0)) * frames_held;
    const std::uint64_t have = available_memory();
    OutputPlan plan;
    const std::uint64_t per_file =
        file_bytes_at_most(*format, picture_w, picture_h, colour || b.normal_map ? 3 : 1, *format == Format::png ? b.depth : 16,
                           frames_held);
    // New file entries: the outputs, and while writing one temporary (and a tile set's journal).
    std::uint64_t new_files = 0;
    if (tiles) {
        // The tiles and the manifest: an entry of at most 256 bytes per tile (twice, with the journal) and the
        // configuration. --resume: only the tiles not there yet take new space; a tile there that fails its
        // check is replaced through a temporary, one at a time.
        std::uint64_t to_write = share.end - share.begin;
        if (q.resume) {
            const TileSetNames names = tile_set_names(b.output);
            for (std::uint64_t t = share.begin; t < share.end; ++t) {
                long tx = 0, ty = 0;
                tile_at(*tiles, t, &tx, &ty);
                std::error_code ec;
                if (std::filesystem::is_regular_file(names.tile(tx, ty), ec)) --to_write;
            }
        }
        plan.files = to_write + 1;
        plan.bytes = to_write * (per_file + 256) + (to_write < share.end - share.begin ? per_file : 0) + (1 << 16);
        new_files = plan.files + 2;
    } else {
        plan.files = *format == Format::gif ? 1 : std::uint64_t(b.frames);
        plan.bytes = plan.files * per_file;
        new_files = plan.files + 1;
    }
    std::string dir = std::filesystem::path(b.output).parent_path().string();
    if (dir.empty()) {
        dir = ".";
    }
    // A missing directory is found now, not after the noise (bake creates no directories).
    if (std::error_code ec; !std::filesystem::is_directory(dir, ec)) {
        fail("cannot write " + b.output + ": " + dir + ": " + (ec ? ec.message() : std::string("not a directory")));
    }
    std::vector<std::string> problems;
    if (need > have) {
        const std::string what = std::string(tiles ? "a " : "") + std::to_string(picture_w) + "x" +
                                 std::to_string(picture_h) + (tiles ? " tile" : "") +
                                 (frames_held > 1 ? ", " + std::to_string(frames_held) + " frames" : std::string());
        problems.push_back("needs " + byte_text(need) + " of memory (" + what + "), " + byte_text(have) +
                           " are available: bake it as " + (tiles ? "smaller tiles" : "tiles (--tile-size) or smaller"));
    }
    if (std::optional<std::uint64_t> free = free_bytes(dir)) {
        if (std::optional<std::string> problem = disk_space_problem(plan, *free, dir)) {
            problems.push_back(*problem);
        }
    }
    if (std::optional<std::uint64_t> free = free_files(dir)) {
        if (std::optional<std::string> problem = file_count_problem(new_files, *free, dir)) {
            problems.push_back(*problem);
        }
    }
    if (!problems.empty()) {
        std::string message = "this bake " + problems[0];
        for (std::size_t i = 1; i < problems.size(); ++i) {
            message += "; and " + problems[i];
        }
        fail(message);
    }
    if (worth_a_notice(plan) && !b.quiet_requested) {
        std::fprintf(stderr, "gradnoise bake: writing %llu file%s, up to %s, to %s\n",
                     static_cast<unsigned long long>(plan.files), plan.files == 1 ? "" : "s",
                     byte_text(plan.bytes).c_str(), dir.c_str());
    }

    const Json config = config_json(b);
    const std::vector<PngText> text = {{"Software", std::string("gradnoise ") + version_string()},
                                       {"gradnoise-config", config.dump()}};
    Progress progress;
    progress.enabled = !b.quiet;
    progress.what = "bake " + b.preset;
    double noise_seconds = 0, encode_seconds = 0, write_seconds = 0;
    auto clock = [] { return std::chrono::steady_clock::now(); };
    auto seconds = [](auto a, auto z) { return std::chrono::duration<double>(z - a).count(); };

    // One picture (a frame or a tile): values -> [0, 1] -> bytes.
    auto picture = [&](std::uint32_t x0, std::uint32_t y0, std::uint32_t w, std::uint32_t h, int frame,
                       Floats* values, Encoded* e) {
        auto t0 = clock();
        Floats gx, gy;
        const bool slopes = b.hillshade || b.normal_map;
        *values = evaluate(b, noise, x0, y0, w, h, frame, &progress, slopes ? &gx : nullptr, slopes ? &gy : nullptr);
        auto t1 = clock();
        float lo = b.recipe->lo, hi = b.recipe->hi;
        if (b.desc.pattern.kind != Pattern::none || b.desc.fractal.kind == Fractal::turbulence ||
            b.desc.fractal.kind == Fractal::ridged ||
            (b.desc.basis == Basis::cellular && b.desc.cellular.output != CellularOutput::cell_value)) {
            lo = std::max(lo, 0.0f);  // these kinds lie in [0, 1] (cellular distances: about)
        }
        if (b.normalize == "measured") {
            auto [mn, mx] = std::minmax_element(values->begin(), values->end());
            lo = *mn;
            hi = *mx;
        }
        e->width = w;
        encode(b, *values, gx, gy, lo, hi, e);
        noise_seconds += seconds(t0, t1);
        encode_seconds += seconds(t1, clock());
    };

    auto write_one = [&](const std::string& path, std::uint32_t w, std::uint32_t h, const Floats& values,
                         const Encoded& e) {
        auto t0 = clock();
        write_file(path, [&](ByteSink& sink, std::string* error) {
            switch (*format) {
                case Format::png:
                    if (b.normal_map) {
                        return b.depth == 16 ? write_png16_rgb(sink, w, h, e.grey16.data(), text, b.zlib_level, error)
                                             : write_png8(sink, w, h, 3, e.rgb_or_grey8.data(), text, b.zlib_level, error);
                    }
                    return colour ? write_png8(sink, w, h, 3, e.rgb_or_grey8.data(), text, b.zlib_level, error)
                           : b.depth == 16 ? write_png16(sink, w, h, e.grey16.data(), text, b.zlib_level, error)
                                           : write_png8(sink, w, h, 1, e.rgb_or_grey8.data(), text, b.zlib_level, error);
                case Format::raw16: return write_raw16(sink, w, h, e.grey16.data(), error);
                case Format::exr: return write_exr(sink, w, h, values.data(), text, error);
                case Format::pfm: return write_pfm(sink, w, h, values.data(), error);
                case Format::gif: return false;
            }
            return false;
        });
        write_seconds += seconds(t0, clock());
    };

    // OpenEXR compresses scanline blocks on its own thread pool (none by default).
    Imf::setGlobalThreadCount(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    const auto start = clock();
    std::vector<std::string> written;
    if (*format == Format::raw16 && b.depth != 16) {
        b.depth = 16;  // RAW16 is 16-bit by definition: encode at full precision
    }
    if (*format == Format::gif) {
        GifFrames gif;
        gif.width = b.width;
        gif.height = b.height;
        gif.channels = colour ? 3 : 1;
        gif.loop = true;
        gif.delay_cs = 4;
        for (int f = 0; f < b.frames; ++f) {
            Floats values;
            Encoded e;
            progress.what = "bake " + b.preset + " frame " + std::to_string(f + 1) + "/" + std::to_string(b.frames);
            picture(0, 0, b.width, b.height, f, &values, &e);
            gif.frames.emplace_back(e.rgb_or_grey8.begin(), e.rgb_or_grey8.end());
        }
        auto t0 = clock();
        write_file(b.output, [&](ByteSink& sink, std::string* error) { return write_gif(sink, gif, error); });
        write_seconds += seconds(t0, clock());
        written.push_back(b.output);
    } else if (tiles) {
        // Row-major over --tiles (or this shard's run of it). Each finished tile goes to the journal;
        // the manifest is written last, and then the journal removed (tile_set.hpp).
        const TileSetNames names = tile_set_names(b.output);
        const Json header = tile_set_header(b.tile_size, *tiles, config, q.shard);
        const std::string manifest_path = q.shard ? names.shard_manifest(*q.shard) : names.manifest();
        const std::string journal_path = names.journal(q.shard);
        std::string error;
        std::map<std::pair<long, long>, TileEntry> earlier;
        if (q.resume) {
            std::vector<TileEntry> entries;
            if (!resumable_entries(manifest_path, journal_path, header, &entries, &error)) {
                fail("--resume: " + error);
            }
            for (const TileEntry& e : entries) {
                earlier[{e.x, e.y}] = e;  // the journal's (later) entries win
            }
        }
        TileJournal journal;
        if (!journal.open(journal_path, header, &error)) {
            fail(error);
        }
        std::vector<TileEntry> listed;
        std::uint64_t kept = 0;
        const std::uint64_t mine = share.end - share.begin;
        progress.per_row = false;  // the whole set's progress: tiles done of this process's share
        progress.unit = "tiles";
        progress.samples_per_row = std::size_t(b.tile_size) * b.tile_size;
        progress.what = "bake " + b.preset + (q.shard ? " shard " + std::to_string(q.shard->index) + "/" +
                                                            std::to_string(q.shard->count)
                                                      : std::string());
        for (std::uint64_t t = share.begin; t < share.end; ++t) {
            stop_if_interrupted();  // (the journal lists the tiles finished so far: --resume continues)
            long tx = 0, ty = 0;
            tile_at(*tiles, t, &tx, &ty);
            const std::string path = names.tile(tx, ty);
            TileEntry e{tx, ty, std::filesystem::path(path).filename().string(), 0, ""};
            const auto found = earlier.find({tx, ty});
            if (found != earlier.end() && found->second.file == e.file && tile_verifies(names.dir, found->second)) {
                e = found->second;
                ++kept;
            } else {
                Floats values;
                Encoded enc;
                picture(static_cast<std::uint32_t>(tx) * b.tile_size, static_cast<std::uint32_t>(ty) * b.tile_size,
                        b.tile_size, b.tile_size, 0, &values, &enc);
                write_one(path, b.tile_size, b.tile_size, values, enc);
                const std::optional<std::string> sha = sha256_of_file(path, &e.bytes, &error);
                if (!sha) {
                    fail(error);
                }
                e.sha256 = *sha;
                written.push_back(path);
            }
            if (!journal.add(e, &error)) {
                fail(error);
            }
            listed.push_back(e);
            Progress::report(&progress, static_cast<std::size_t>(t - share.begin + 1), static_cast<std::size_t>(mine));
        }
        const std::string manifest = manifest_text(b.tile_size, *tiles, config, listed, q.shard);
        write_file(manifest_path, [&](ByteSink& sink, std::string*) { return sink.write(manifest.data(), manifest.size()); });
        journal.finish();
        if (kept) {
            std::printf("kept %llu finished tile%s (size and SHA-256 verified)\n", static_cast<unsigned long long>(kept),
                        kept == 1 ? "" : "s");
        }
        written.push_back(manifest_path);
    } else if (b.frames > 1) {
        std::filesystem::path base(b.output);
        std::string stem = (base.parent_path() / base.stem()).string(), ext = base.extension().string();
        for (int f = 0; f < b.frames; ++f) {
            Floats values;
            Encoded e;
            char number[16];
            std::snprintf(number, sizeof number, "_%04d", f);
            picture(0, 0, b.width, b.height, f, &values, &e);
            write_one(stem + number + ext, b.width, b.height, values, e);
            written.push_back(stem + number + ext);
        }
    } else {
        Floats values;
        Encoded e;
        picture(0, 0, b.width, b.height, 0, &values, &e);
        write_one(b.output, b.width, b.height, values, e);
        written.push_back(b.output);
    }
    progress.finish();
    const double total = seconds(start, clock());
    std::error_code ec;
    std::printf("wrote %s%s (%ux%u %s, preset %s, isa %s, %.1f ms: noise %.1f, encode %.1f, write %.1f)\n",
                std::filesystem::absolute(written.front(), ec).c_str(),
                written.size() > 1 ? (" and " + std::to_string(written.size() - 1) + " more").c_str() : "", b.width,
                b.height, format_name(*format), b.preset.c_str(), isa_name(active_isa()), total * 1e3,
                noise_seconds * 1e3, encode_seconds * 1e3, write_seconds * 1e3);
    return exit_success;
}

}  // namespace

Run add_bake(CLI::App& app) {
    CLI::App* cmd = add_command(app, "bake",
                                "heightmaps, textures, animations and tile sets from presets (terrain,\n"
                                "marble, wood, clouds, fire, noise): PNG 8/16-bit/RGB, RAW16, EXR, PFM, GIF");
    auto q = std::make_shared<Request>();
    Bake& b = q->b;
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
                    "fixed (the preset's theoretical range) or measured (this bake's min..max, two passes)")
        ->check(CLI::IsMember({"fixed", "measured"}));
    cmd->add_option("--ramp", b.ramp_text, "colour ramp POS:#RRGGBB,... (default: the preset's)");
    cmd->add_option("--frames", b.frames, "frames of an animation (GIF, or PNG frames NAME_0000.png ...)")
        ->check(CLI::Range(1, 10000));
    cmd->add_option("--time-step", b.time_step, "time between frames, noise units (default 0.1)");
    cmd->add_flag("--loop", b.loop, "loop seamlessly: 4D noise on a circle in (z, w)");
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
    cmd->add_flag("--resume", q->resume,
                  "tile sets: keep the tiles an interrupted bake of the same settings finished (listed in its\n"
                  "journal or manifest, size and SHA-256 verified); bake the rest");
    cmd->add_flag("--index", q->index,
                  "tile sets: after all N shards, verify every tile against its shard manifest and write\n"
                  "NAME_tiles.json, the manifest one bake would have written (bakes nothing)");
    cmd->add_option("--threads", b.threads, "threads: 0 = all hardware threads (default); the bytes never change")
        ->check(CLI::Range(0u, 1024u));
    cmd->add_option("--zlib-level", b.zlib_level, "PNG compression 0..9 (default 1: fast)")->check(CLI::Range(0, 9));
    cmd->add_flag("-q,--quiet", b.quiet, "no progress bar");
    cmd->add_flag("--hillshade", b.hillshade, "shade colour presets by the slope of the heights (light from the north-west)");
    cmd->add_option("--relief", b.relief, "hill-shading height: the [0, 1] height range in picture widths (default 0.3)");
    cmd->add_flag("--normal-map", b.normal_map,
                  "write a tangent-space normal map (RGB PNG, 8 or 16 bits) from the analytic gradient instead of heights");
    cmd->add_option("--normal-convention", b.normal_convention,
                    "opengl (green up, the default) or directx (green down)")
        ->check(CLI::IsMember({"opengl", "directx"}));
    cmd->add_option("--normal-strength", b.normal_strength,
                    "height scale of the normal map's surface: z = S * value over noise units (default 1)");
    cmd->add_flag("--print-config", q->print_config, "print the settings as TOML (a --config file) and exit");
    cmd->add_option("--config", q->config_path, "read settings from a TOML file: option names as keys (see --print-config);\n"
                                                 "options on the command line win")
        ->type_name("FILE");
    cmd->add_option("--schema", q->schema, "configuration schema version (1)")->group("");
    // The noise options: the same declarations as eval and heightmap; unset ones keep the preset's.
    add_noise_options(*cmd, &q->noise);
    cmd->footer(
        "Examples:\n"
        "  gradnoise bake terrain -o terrain.png\n"
        "  gradnoise bake terrain --hillshade --size 1024x1024 -o shaded.png\n"
        "  gradnoise bake eroded --normal-map --depth 16 -o normals.png  (analytic normals)\n"
        "  gradnoise bake terrain --grey --depth 16 --size 4096x4096 -o height.png\n"
        "  gradnoise bake terrain --grey -o height.r16        (RAW16 for Unity/Unreal)\n"
        "  gradnoise bake noise --fractal ridged -o ridges.exr (32-bit float heights)\n"
        "  gradnoise bake marble --size 1024x1024 -o marble.png\n"
        "  gradnoise bake fire --frames 48 --loop -o fire.gif\n"
        "  gradnoise bake terrain --tile-size 256 --tiles 0..3,0..3 -o tiles/terrain.png\n"
        "  gradnoise bake terrain --grey --tile-size 4096 --tiles 0..15,0..15 -o w/t.r16 --shard 3/16 --resume\n"
        "    (one of 16 processes; then the same command with --index instead of --shard --resume)\n"
        "  gradnoise bake wood --print-config > wood.toml; gradnoise bake --config wood.toml -o wood.png");
    return [q, cmd] {
        if (!q->config_path.empty()) {
            apply_config(*cmd, q->config_path);
        }
        return run_bake(*q);
    };
}

}  // namespace gradnoise::cli
