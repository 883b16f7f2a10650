// The viewer's command line (viewer_options.hpp).
#include "viewer_options.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace viewer {

namespace {

[[noreturn]] void usage_error(const char* fmt, const char* a, const char* b = "") {
    std::fprintf(stderr, "gradnoise_viewer: ");
    std::fprintf(stderr, fmt, a, b);
    std::fprintf(stderr, " (see --help)\n");
    std::exit(2);
}

void print_help() {
    std::printf(
        "gradnoise_viewer: fly over an endless fBm terrain streamed from gradnoise chunks\n"
        "  --frames N        scripted mode: N frames (1..1000000) on a fixed camera path, then exit\n"
        "  --screenshot F    save the last frame as PNG (scripted: once every chunk in view is drawn)\n"
        "  --log F           write per-frame timings as CSV\n"
        "  --chunk N         samples per chunk side: 64, 128 or 256 (default 64)\n"
        "  --workers N       chunk worker threads, 1..16 (default 1)\n"
        "  --view D          view distance in world units, 128..4096 (default 640)\n"
        "  --width W         window width, 160..7680 (default 1280)\n"
        "  --height H        window height, 120..4320 (default 720)\n"
        "  --vsync on|off    default on when interactive, off when scripted\n"
        "  --far             start 60 million world units from the origin\n"
        "  --generate cpu|gpu  who makes the chunks: the CPU workers (default) or an OpenGL 4.3 compute\n"
        "                    shader of the field's generated GLSL (the same bits)\n"
        "  --probe           at the end, compare resident chunks' heights and gradients on the GPU with\n"
        "                    the CPU's Noise::fill_chunk_gradient_2d, bit for bit (exit 1 if any differ)\n"
        "  --lod N           level of detail, 0..4 (default 0): chunks 2, 4, 8, .. chunk widths away are\n"
        "                    filled at chunk level 1, 2, 3, .. (half the samples per side each; CPU only)\n"
        "  --band-limit      band-limit the fBm for the sample spacing, so each level is the filtered field\n"
        "  --erosion N       the erosion filter's octaves over the fBm, 0..8 (default 0; docs/erosion.md):\n"
        "                    gullies and ridges (CPU or GPU chunks alike)\n"
        "  --shimmer         scripted: print the mean frame-to-frame change of the distant terrain band\n"
        "  --pace P          scripted: fly the path at P percent of its speed, 1..100 (default 100)\n"
        "Interactive keys: WASD/arrows move and turn, mouse looks, Q/E or PageUp/PageDown climb,\n"
        "Shift is faster, F toggles the far origin, Esc quits.\n");
}

int parse_int(const char* option, const char* value, long lo, long hi) {
    if (!value) usage_error("%s needs a value", option);
    char* end = nullptr;
    errno = 0;
    const long v = std::strtol(value, &end, 10);
    if (errno != 0 || end == value || *end != '\0' || v < lo || v > hi) {
        char range[64];
        std::snprintf(range, sizeof range, "%ld..%ld", lo, hi);
        std::fprintf(stderr, "gradnoise_viewer: %s must be an integer in %s (got '%s') (see --help)\n", option, range,
                     value);
        std::exit(2);
    }
    return static_cast<int>(v);
}

}  // namespace

Options parse_options(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const char* a = argv[i];
        const char* next = i + 1 < argc ? argv[i + 1] : nullptr;
        auto take = [&] {
            ++i;
            return next;
        };
        if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h")) {
            print_help();
            std::exit(0);
        } else if (!std::strcmp(a, "--frames")) {
            o.frames = parse_int(a, take(), 1, 1000000);
        } else if (!std::strcmp(a, "--chunk")) {
            const char* v = take();
            o.chunk = parse_int(a, v, 64, 256);
            if (o.chunk != 64 && o.chunk != 128 && o.chunk != 256)
                usage_error("--chunk must be 64, 128 or 256 (got '%s')", v);
        } else if (!std::strcmp(a, "--workers")) {
            o.workers = parse_int(a, take(), 1, 16);
        } else if (!std::strcmp(a, "--view")) {
            o.view = parse_int(a, take(), 128, 4096);
        } else if (!std::strcmp(a, "--width")) {
            o.width = parse_int(a, take(), 160, 7680);
        } else if (!std::strcmp(a, "--height")) {
            o.height = parse_int(a, take(), 120, 4320);
        } else if (!std::strcmp(a, "--vsync")) {
            const char* v = take();
            if (v && !std::strcmp(v, "on"))
                o.vsync = 1;
            else if (v && !std::strcmp(v, "off"))
                o.vsync = 0;
            else
                usage_error("--vsync must be 'on' or 'off' (got '%s')", v ? v : "");
        } else if (!std::strcmp(a, "--generate")) {
            const char* v = take();
            if (!v || (std::strcmp(v, "cpu") && std::strcmp(v, "gpu")))
                usage_error("--generate must be 'cpu' or 'gpu' (got '%s')", v ? v : "");
            o.gpu = !std::strcmp(v, "gpu");
        } else if (!std::strcmp(a, "--probe")) {
            o.probe = true;
        } else if (!std::strcmp(a, "--lod")) {
            o.lod = parse_int(a, take(), 0, 4);
        } else if (!std::strcmp(a, "--band-limit")) {
            o.band_limit = true;
        } else if (!std::strcmp(a, "--erosion")) {
            o.erosion = parse_int(a, take(), 0, 8);
        } else if (!std::strcmp(a, "--shimmer")) {
            o.shimmer = true;
        } else if (!std::strcmp(a, "--pace")) {
            o.pace = parse_int(a, take(), 1, 100) / 100.0;
        } else if (!std::strcmp(a, "--far")) {
            o.far_origin = true;
        } else if (!std::strcmp(a, "--screenshot") || !std::strcmp(a, "--log")) {
            const char* v = take();
            if (!v || !*v) usage_error("%s needs a file name", a);
            (a[2] == 's' ? o.screenshot : o.log) = v;
        } else {
            usage_error("unknown option '%s'", a);
        }
    }
    if (o.lod > 0 && o.gpu) usage_error("--lod streams levels from the CPU workers; not with --generate %s", "gpu");
    if (o.shimmer && o.frames == 0) usage_error("--shimmer measures a scripted flight: give --frames N%s", "");
    return o;
}

}  // namespace viewer
