// gradnoise heightmap: a 2D noise picture as an 8-bit greyscale PNG (libpng) or PGM.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "atomic_file.hpp"
#if defined(GRADNOISE_HAVE_PNG)
#include "png_codec.hpp"
#endif

namespace gradnoise::cli {
namespace {

enum class ImageFormat { png, pgm };

constexpr std::uint32_t max_side = 16384;
constexpr int png_zlib_level = 1;  // bake's default: Sub-filtered rows, zlib's fast level

const char* extension(ImageFormat f) { return f == ImageFormat::png ? "png" : "pgm"; }

std::optional<ImageFormat> format_from_path(const std::string& path) {
    std::size_t dot = path.rfind('.');
    if (dot == std::string::npos || path.find('/', dot) != std::string::npos) {
        return std::nullopt;
    }
    std::string ext = path.substr(dot + 1);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (ext == "png") {
        return ImageFormat::png;
    }
    if (ext == "pgm") {
        return ImageFormat::pgm;
    }
    return std::nullopt;
}

std::optional<std::uint32_t> parse_side(std::string_view text) {
    std::uint32_t v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || v < 1 || v > max_side) {
        return std::nullopt;
    }
    return v;
}

std::optional<float> parse_finite(std::string_view text) {
    std::optional<float> v = parse_float(text);
    return (v && std::isfinite(*v)) ? v : std::nullopt;
}

struct Settings {
    std::uint32_t width = 512, height = 512;
    float scale = 8.0f;  // noise units across the width
    float origin_x = 0.0f, origin_y = 0.0f;
    unsigned threads = 0;  // 0: every hardware thread
    int slice_dims = 0;  // 0: 2D noise; 3: the 3D field at z; 4: the 4D field at (z, w)
    float slice_z = 0.0f, slice_w = 0.0f;
    NoiseOptions noise;
    std::optional<ImageFormat> format;
    std::string output;  // empty: gradnoise-heightmap.<format>
};

// The command line that makes the same picture, for the PNG's Description.
[[maybe_unused]] std::string reproduce_command(const Settings& s, const NoiseDesc& desc, ImageFormat format) {
    return "gradnoise heightmap --size " + std::to_string(s.width) + "x" + std::to_string(s.height) + " --scale " +
           shortest(s.scale) + " --origin " + shortest(s.origin_x) + "," + shortest(s.origin_y) +
           (s.slice_dims == 3   ? " --slice " + shortest(s.slice_z)
            : s.slice_dims == 4 ? " --slice " + shortest(s.slice_z) + "," + shortest(s.slice_w)
                                : std::string()) +
           " " + field_text(desc) + " --format " + extension(format);
}

// PNG goes through libpng, which a build may lack (the aarch64 cross build has no arm64 copy): PGM only then.
#if defined(GRADNOISE_HAVE_PNG)
constexpr bool have_png = true;
#else
constexpr bool have_png = false;
#endif
constexpr ImageFormat default_format = have_png ? ImageFormat::png : ImageFormat::pgm;

// Binary PGM (P5), maxval 255.
bool write_pgm(ByteSink& out, std::uint32_t width, std::uint32_t height, const std::vector<std::uint8_t>& pixels) {
    const std::string header = "P5\n" + std::to_string(width) + " " + std::to_string(height) + "\n255\n";
    return out.write(header.data(), header.size()) && out.write(pixels.data(), pixels.size());
}

int run_heightmap(Settings& s) {
    const bool have_output = !s.output.empty();
    if (!s.format) {
        s.format = have_output ? format_from_path(s.output) : default_format;
        if (!s.format) {
            usage_error("cannot tell the format of '" + s.output +
                        "' from its extension; name it .png or .pgm, or pass --format png|pgm");
        }
    }
    if (*s.format == ImageFormat::png && !have_png) {
        usage_error("PNG: this gradnoise was built without libpng (none for its target), so heightmap writes "
                    "PGM only: name the file .pgm or pass --format pgm");
    }
    if (!have_output) {
        s.output = std::string("gradnoise-heightmap.") + extension(*s.format);
    }
    const float step = s.scale / static_cast<float>(s.width);
    if (!(step > 0.0f)) {
        usage_error("--scale: " + shortest(s.scale) + " is too small: scale / width underflows to 0");
    }

    s.noise.select_isa();
    const NoiseDesc desc = s.noise.desc();
    const Noise noise = make_noise(desc);
    const auto t0 = std::chrono::steady_clock::now();

    // Patterns, turbulence, ridged and cellular distances lie in [0, 1] (cellular F2: about):
    // spread them over the full grey range.
    const bool unit_range = desc.pattern.kind != Pattern::none ||
                            (desc.warp.levels == 0 &&
                             (desc.fractal.kind == Fractal::turbulence || desc.fractal.kind == Fractal::ridged)) ||
                            (desc.basis == Basis::cellular && desc.cellular.output != CellularOutput::cell_value &&
                             desc.fractal.kind != Fractal::billow);
    std::vector<std::uint8_t> pixels;  // grey, one byte per pixel, rows top to bottom
    {
        std::vector<float> values(std::size_t(s.width) * s.height);
        Grid2d grid;
        grid.origin_x = s.origin_x;
        grid.origin_y = s.origin_y;
        grid.step_x = step;
        grid.step_y = step;
        grid.size_x = s.width;
        grid.size_y = s.height;
        Status st;
        FillOptions fill;
        fill.threads = s.threads;
        if (s.slice_dims == 0) {
            st = noise.fill_grid_2d(grid, values.data(), 0, fill);
        } else if (s.slice_dims == 3) {
            Grid3d g3{grid.origin_x, grid.origin_y, s.slice_z, step, step, 1.0f, grid.size_x, grid.size_y, 1};
            st = noise.fill_grid_3d(g3, values.data(), 0, 0, fill);
        } else {
            // [spec 6] the same coordinates a grid would use, row by row through evaluate_4d.
            std::vector<float> x(s.width), y(s.width), z(s.width, s.slice_z), w(s.width, s.slice_w);
            for (std::uint32_t i = 0; i < s.width; ++i) {
                x[i] = grid.origin_x + static_cast<float>(i) * step;
            }
            for (std::uint32_t j = 0; j < s.height && st.ok(); ++j) {
                std::fill(y.begin(), y.end(), grid.origin_y + static_cast<float>(j) * step);
                st = noise.evaluate_4d(x.data(), y.data(), z.data(), w.data(), values.data() + std::size_t(j) * s.width,
                                       s.width);
            }
        }
        if (!st) {
            fail(st.message());
        }
        pixels.resize(values.size());
        std::transform(values.begin(), values.end(), pixels.begin(), [unit_range](float v) {
            double grey = unit_range ? std::round(static_cast<double>(v) * 255.0)
                                     : std::round((static_cast<double>(v) + 1.0) * 127.5);
            return static_cast<std::uint8_t>(std::clamp(grey, 0.0, 255.0));
        });
    }

    AtomicFile file(s.output);
    if (!file.open()) {
        fail(file.error());
    }
    std::string error;
    bool ok = false;
    if (*s.format == ImageFormat::png) {
#if defined(GRADNOISE_HAVE_PNG)
        const std::vector<PngText> text = {
            {"Software", std::string("gradnoise ") + version_string()},
            {"Description", std::string(unit_range ? "gradient noise, grey = round(value * 255); made by: "
                                                   : "gradient noise, grey = round((value + 1) * 127.5); made by: ") +
                                reproduce_command(s, desc, *s.format)},
        };
        ok = write_png8(file, s.width, s.height, 1, pixels.data(), text, png_zlib_level, &error);
#endif
    } else {
        ok = write_pgm(file, s.width, s.height, pixels);
    }
    if (!ok) {
        fail(file.error().empty() ? error : file.error());
    }
    if (!file.commit()) {
        fail(file.error());
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::error_code ec;
    const std::filesystem::path where = std::filesystem::absolute(s.output, ec);
    std::string kind = std::string(s.slice_dims == 0 ? "2D " : s.slice_dims == 3 ? "3D slice, " : "4D slice, ") +
                       basis_name(desc.basis);
    if (desc.warp.levels != 0) {
        kind += ", warp x" + std::to_string(desc.warp.levels);
    }
    if (desc.pattern.kind != Pattern::none) {
        kind += std::string(", ") + pattern_name(desc.pattern.kind);
    }
    if (desc.fractal.kind != Fractal::none) {
        kind += std::string(", ") + fractal_name(desc.fractal.kind) + " x" + std::to_string(desc.fractal.octaves);
    }
    std::printf("wrote %s (%ux%u %s, %s, scale %s, seed %s, fade %s, hash %s, isa %s, %.1f ms)\n",
                ec ? s.output.c_str() : where.string().c_str(), s.width, s.height, *s.format == ImageFormat::png ? "PNG" : "PGM",
                kind.c_str(), shortest(s.scale).c_str(), seed_text(desc).c_str(), fade_name(desc.fade),
                hash_name(desc.hash), isa_name(active_isa()), ms);
    return exit_success;
}

}  // namespace

Run add_heightmap(CLI::App& app) {
    CLI::App* cmd = add_command(app, "heightmap", "write a 2D noise picture as an 8-bit greyscale PNG or PGM");
    const std::string about = std::string(
        "Writes 2D improved Perlin noise as an 8-bit greyscale picture: pixel (i, j) samples\n"
        "(X + i * step, Y + j * step) with step = scale / width (float32), and grey =\n"
        "round((value + 1) * 127.5) clamped to 0..255 (for values in [0, 1] -- patterns,\n"
        "turbulence, ridged -- round(value * 255)). The file is replaced atomically.");
    auto s = std::make_shared<Settings>();
    cmd->add_option_function<std::string>(
           "-o,--output",
           [s](const std::string& v) {
               if (v.empty()) {
                   bad_value("-o/--output", "the file name is empty");
               }
               s->output = v;
           },
           have_png ? "output file (default gradnoise-heightmap.png, or .pgm with\n--format pgm)"
                    : "output file (default gradnoise-heightmap.pgm; this build has\nno libpng, so no PNG)")
        ->type_name("FILE");
    cmd->add_option_function<std::string>(
           "--format",
           [s](const std::string& v) {
               if (v == "png") {
                   s->format = ImageFormat::png;
               } else if (v == "pgm") {
                   s->format = ImageFormat::pgm;
               } else {
                   bad_value("--format", "'" + v + "' is not one of png, pgm");
               }
           },
           "file format (default: from the extension of FILE)")
        ->type_name("png|pgm");
    cmd->add_option_function<std::string>(
           "--size",
           [s](const std::string& v) {
               std::size_t x = v.find_first_of("xX");
               std::optional<std::uint32_t> w, h;
               if (x != std::string::npos) {
                   w = parse_side(std::string_view(v).substr(0, x));
                   h = parse_side(std::string_view(v).substr(x + 1));
               }
               if (!w || !h) {
                   bad_value("--size", "'" + v + "' is not WxH with each side 1.." + std::to_string(max_side) +
                                           " (e.g. 512x512)");
               }
               s->width = *w;
               s->height = *h;
           },
           "picture size in pixels, each side 1.." + std::to_string(max_side) + " (default 512x512)")
        ->type_name("WxH");
    cmd->add_option_function<std::string>(
           "--scale",
           [s](const std::string& v) {
               std::optional<float> scale = parse_finite(v);
               if (!scale || !(*scale > 0.0f)) {
                   bad_value("--scale", "'" + v + "' is not a finite number > 0 (e.g. 8)");
               }
               s->scale = *scale;
           },
           "noise units across the width, finite and > 0 (default 8)")
        ->type_name("S");
    cmd->add_option_function<std::string>(
           "--origin",
           [s](const std::string& v) {
               std::size_t comma = v.find(',');
               std::optional<float> x, y;
               if (comma != std::string::npos) {
                   x = parse_finite(std::string_view(v).substr(0, comma));
                   y = parse_finite(std::string_view(v).substr(comma + 1));
               }
               if (!x || !y) {
                   bad_value("--origin", "'" + v + "' is not X,Y with two finite numbers (e.g. 0,0 or -12.5,3)");
               }
               s->origin_x = *x;
               s->origin_y = *y;
           },
           "noise coordinates of the top-left pixel (default 0,0)")
        ->type_name("X,Y");
    cmd->add_option_function<std::string>(
           "--threads",
           [s](const std::string& v) {
               auto n = parse_u64(v);
               if (!n || *n > 1024) {
                   bad_value("--threads", "'" + v + "' is not an integer in 0..1024 (0 = all hardware threads)");
               }
               s->threads = static_cast<unsigned>(*n);
           },
           "threads for the fill: 0 = all hardware threads (default),\n"
           "1 = this thread only; the picture is the same for any N")
        ->type_name("N");
    cmd->add_option_function<std::string>(
           "--slice",
           [s](const std::string& v) {
               std::size_t comma = v.find(',');
               std::optional<float> z = parse_finite(std::string_view(v).substr(0, comma)), w;
               if (comma != std::string::npos) {
                   w = parse_finite(std::string_view(v).substr(comma + 1));
               }
               if (!z || (comma != std::string::npos && !w)) {
                   bad_value("--slice", "'" + v + "' is not Z or Z,W with finite numbers (e.g. 0.5 or 1.5,0)");
               }
               s->slice_dims = w ? 4 : 3;
               s->slice_z = *z;
               s->slice_w = w.value_or(0.0f);
           },
           "picture the 3D field at z = Z (a frame of an animation in\n"
           "time), or the 4D field at (z, w) = (Z, W) (frames on a circle\n"
           "in (z, w) loop seamlessly); default: the 2D field")
        ->type_name("Z[,W]");
    add_noise_options(*cmd, &s->noise);
    cmd->footer(help_footer(about, {
        "gradnoise heightmap",
        "gradnoise heightmap -o terrain.png --size 1024x512 --scale 16 --seed 42",
        "gradnoise heightmap -o tile.pgm --origin 100,-20.5 --fade cubic",
        "gradnoise heightmap -o marble.png --pattern marble --fractal turbulence --scale 4",
        "gradnoise heightmap -o tile.png --period 8 --scale 8 --fractal fbm"}));
    return [s] { return run_heightmap(*s); };
}

}  // namespace gradnoise::cli
