// gradnoise_viewer: a camera flies over an endless fBm terrain streamed in chunks from
// Noise::fill_chunk_gradient_2d (or, with --generate gpu, by the field's generated GLSL in an OpenGL 4.3
// compute shader: gpu_chunks.cpp), drawn with SDL2 + OpenGL 3.3 core. See README.md.
//
// Threads: the render thread (this one) and --workers chunk workers (chunk_workers.cpp).
//
// The render thread never allocates and never blocks once the frame loop starts. That follows from:
//  * a fixed slot pool, sized at start-up for the largest set of chunks that can be kept around
//    the camera plus every request that can be in flight: CPU buffers and two GL textures per slot;
//  * fixed-capacity single-producer/single-consumer rings between the threads (spsc_ring.hpp):
//    posting to a full ring or polling an empty one returns at once, and the frame goes on;
//  * per-frame state in arrays sized at start-up (the chunk map, the sorted offset list, the frame
//    log, the overlay's vertex array); text is formatted with snprintf into stack buffers;
//  * a bounded number of texture uploads per frame (glTexSubImage2D into existing textures);
//  * the camera's ground height from Noise::chunk_sample_2d, which allocates nothing and takes no lock.
// (What SDL and the GL driver do inside their own calls is theirs.)
//
// Coordinates: the world is a lattice of 64-bit sample numbers; a sample is kSampleSize world units
// wide. Everything is drawn relative to the camera's chunk, in small floats, so 60 million units
// out the picture is as sharp as at the origin.

#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "chunk_workers.hpp"
#include "gpu_chunks.hpp"
#include "font5x7.hpp"
#include "gl_util.hpp"
#include "gradnoise/noise.hpp"
#include "png_writer.hpp"

namespace {

using namespace viewer;
using Clock = std::chrono::steady_clock;

// ---- the world ----
constexpr int kSamplesPerNoiseUnit = 256;  // spacing 1/256: a power of two, so far offsets are exact
constexpr float kSpacing = 1.0f / kSamplesPerNoiseUnit;
constexpr double kSampleSize = 1.0;     // world units per sample
constexpr float kHeightScale = 160.0f;  // world units per unit of noise value
// The range of the terrain's fBm (docs/spec.md section 8: within [-B, B], B = 1.0364 for the quintic fade):
// the height bounds of a GPU-made chunk, whose real range stays on the GPU.
constexpr float kFbmBound = 1.0364f;
// --lod: how far a chunk's skirt hangs below its edge, world units (more than the heights of two
// levels differ between their common samples, which the band limit keeps small).
constexpr float kSkirt = 24.0f;
// Perlin noise repeats every 256 noise units on x and y, and so does every octave of the fBm
// (octave k runs at 2^k times the frequency): the world repeats every 256 * 256 samples.
constexpr std::int64_t kPeriodSamples = std::int64_t(256) * kSamplesPerNoiseUnit;
constexpr double kFarTarget = 60.0e6;  // world units

// The multiple of the period nearest 60 million world units: the far world is the near one, bit
// for bit, so near and far screenshots must match.
std::int64_t far_offset_samples() {
    const double periods = std::floor(kFarTarget / (double(kPeriodSamples) * kSampleSize) + 0.5);
    return static_cast<std::int64_t>(periods) * kPeriodSamples;
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

// ---- options ----
struct Options {
    int frames = 0;  // 0: interactive
    int chunk = 64;
    int workers = 1;
    int width = 1280, height = 720;
    int vsync = -1;  // -1: on when interactive, off when scripted
    int view = 640;  // world units: chunks whose nearest point is closer are streamed and drawn
    bool far_origin = false;
    bool gpu = false;    // --generate gpu: chunks made by the field's generated GLSL (gpu_chunks.cpp)
    bool probe = false;  // --probe: compare resident chunks' textures with the CPU's fill at the end
    int lod = 0;              // --lod N: chunks farther away at chunk levels up to N (docs/spec.md 13.5)
    bool band_limit = false;  // --band-limit: the field's footprint is the sample spacing (spec 8.1)
    bool shimmer = false;     // --shimmer: measure the frame-to-frame change of the distant terrain
    double pace = 1.0;        // --pace F: the scripted flight at F times its speed
    std::string screenshot, log;
};

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

// ---- shaders ----
// One shared grid of (chunk + 1)^2 vertices, numbered by gl_VertexID; each chunk displaces it by its
// slot's height texture and lights it with its gradient texture.
const char* kTerrainVs = R"(#version 330 core
uniform sampler2D u_height;   // R32F: the fBm value
uniform sampler2D u_grad;     // RG32F: its analytic gradient, per noise unit
uniform int u_side;           // samples per side (the grid adds a ring of skirt vertices around them)
uniform float u_skirt;        // world units a skirt hangs below its edge (0: none, zero-area)
uniform vec3 u_offset;        // the chunk's first sample relative to the camera, world units
uniform float u_sample_size;
uniform float u_height_scale;
uniform float u_slope_scale;  // height_scale * spacing / sample_size: gradient -> world slope
uniform mat4 u_view_proj;
out vec3 v_normal;
out vec3 v_rel;               // position relative to the camera
out float v_value;
void main() {
    int grid = u_side + 2;
    ivec2 k = ivec2(gl_VertexID % grid, gl_VertexID / grid);
    ivec2 ij = clamp(k - 1, ivec2(0), ivec2(u_side - 1));
    float drop = k == ij + 1 ? 0.0 : u_skirt;  // the ring: the edge sample, lowered
    float h = texelFetch(u_height, ij, 0).r;
    vec2 g = texelFetch(u_grad, ij, 0).rg;
    // Water is flat at sea level; below it the terrain's own normal would light the waves wrongly.
    v_normal = h < 0.0 ? vec3(0.0, 0.0, 1.0) : vec3(-g * u_slope_scale, 1.0);
    v_value = h;
    v_rel = u_offset + vec3(vec2(ij) * u_sample_size, max(h, 0.0) * u_height_scale - drop);
    gl_Position = u_view_proj * vec4(v_rel, 1.0);
}
)";

const char* kTerrainFs = R"(#version 330 core
in vec3 v_normal;
in vec3 v_rel;
in float v_value;
uniform vec3 u_sun;
uniform vec3 u_sky;
uniform float u_fog_start;
uniform float u_fog_end;
out vec4 o_color;
void main() {
    vec3 n = normalize(v_normal);
    float h = v_value;
    vec3 deep = vec3(0.04, 0.16, 0.38), shallow = vec3(0.12, 0.38, 0.62);
    vec3 sand = vec3(0.78, 0.72, 0.52), grass = vec3(0.26, 0.50, 0.17), forest = vec3(0.16, 0.34, 0.12);
    vec3 rock = vec3(0.46, 0.41, 0.36), snow = vec3(0.94, 0.95, 0.97);
    vec3 c;
    if (h < 0.0) {
        c = mix(shallow, deep, clamp(-h * 5.0, 0.0, 1.0));
    } else {
        c = mix(sand, grass, smoothstep(0.01, 0.035, h));
        c = mix(c, forest, smoothstep(0.08, 0.18, h));
        c = mix(c, rock, smoothstep(0.22, 0.30, h));
        c = mix(c, snow, smoothstep(0.36, 0.42, h));
        // Steep slopes show bare rock whatever the height (snow and grass do not hold there).
        c = mix(c, rock, smoothstep(0.55, 0.75, 1.0 - n.z) * (1.0 - smoothstep(0.0, 0.02, -h + 0.01)));
    }
    float diffuse = max(dot(n, u_sun), 0.0);
    vec3 lit = c * (0.30 + 0.75 * diffuse);
    float d = length(v_rel);
    float fog = smoothstep(u_fog_start, u_fog_end, d);
    o_color = vec4(mix(lit, u_sky, fog), 1.0);
}
)";

// The overlay: pixel-space quads; uv < 0 means a solid quad, otherwise a font-atlas texel.
const char* kOverlayVs = R"(#version 330 core
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_color;
uniform vec2 u_screen;
out vec2 v_uv;
out vec4 v_color;
void main() {
    v_uv = a_uv;
    v_color = a_color;
    gl_Position = vec4(a_pos.x / u_screen.x * 2.0 - 1.0, 1.0 - a_pos.y / u_screen.y * 2.0, 0.0, 1.0);
}
)";

const char* kOverlayFs = R"(#version 330 core
in vec2 v_uv;
in vec4 v_color;
uniform sampler2D u_font;
out vec4 o_color;
void main() {
    float a = v_uv.x < 0.0 ? 1.0 : texelFetch(u_font, ivec2(floor(v_uv)), 0).r;
    o_color = vec4(v_color.rgb, v_color.a * a);
}
)";

// ---- the overlay's vertex array, filled each frame within a fixed capacity ----
struct OverlayVertex {
    float x, y, u, v, r, g, b, a;
};

class Overlay {
public:
    static constexpr std::size_t capacity = 6 * 2048;  // vertices: 2048 quads

    void clear() { count_ = 0; }
    std::size_t count() const { return count_; }
    const OverlayVertex* data() const { return verts_.get(); }

    void quad(float x0, float y0, float x1, float y1, float u0, float v0, float u1, float v1, const float c[4]) {
        if (count_ + 6 > capacity) return;  // full: drop, never grow
        const OverlayVertex a{x0, y0, u0, v0, c[0], c[1], c[2], c[3]}, b{x1, y0, u1, v0, c[0], c[1], c[2], c[3]},
            d{x1, y1, u1, v1, c[0], c[1], c[2], c[3]}, e{x0, y1, u0, v1, c[0], c[1], c[2], c[3]};
        const OverlayVertex two_triangles[6] = {a, b, d, a, d, e};
        std::copy(two_triangles, two_triangles + 6, verts_.get() + count_);
        count_ += 6;
    }
    void rect(float x0, float y0, float x1, float y1, const float c[4]) { quad(x0, y0, x1, y1, -1, -1, -1, -1, c); }
    void text(float x, float y, const char* s, float scale, const float c[4]) {
        for (; *s; ++s, x += glyph_cell_w * scale) {
            if (*s == ' ') continue;
            const float u0 = float(glyph_index(*s) * glyph_cell_w);
            quad(x, y, x + 5 * scale, y + 7 * scale, u0, 0, u0 + 5, 7, c);
        }
    }

private:
    std::unique_ptr<OverlayVertex[]> verts_{new OverlayVertex[capacity]};
    std::size_t count_ = 0;
};

// ---- the chunk slot pool (render thread only) ----
enum class SlotState : std::uint8_t {
    free,      // on the free list
    pending,   // requested: a worker owns its buffers until the result comes back
    stale,     // requested, then left the view: freed when the result comes back
    resident,  // uploaded and drawable
};

struct Slot {
    SlotState state = SlotState::free;
    std::int64_t cx = 0, cy = 0;  // chunk coordinates (first sample = c * chunk)
    int level = 0;                // chunk level: (chunk >> level) + 1 samples per side, 2^level apart
    float min_value = 0, max_value = 0;
};

struct Offset {
    int dx, dy;
};

struct FrameRow {
    int frame;
    float frame_ms;
    std::int64_t chunks_done;
    int resident;
    float mean_chunk_ms;
    int queue;
};

struct Camera {
    std::int64_t sx = 0, sy = 0;  // the sample the camera is over...
    double fx = 0, fy = 0;        // ...and where inside it, [0, 1)
    double z = 0;                 // world units above sea level
    double yaw = 0, pitch = 0;

    void move(double dx_samples, double dy_samples) {
        fx += dx_samples;
        fy += dy_samples;
        const double ix = std::floor(fx), iy = std::floor(fy);
        sx += static_cast<std::int64_t>(ix);
        sy += static_cast<std::int64_t>(iy);
        fx -= ix;
        fy -= iy;
    }
};

// The terrain height (world units, water flat at 0) under a sample, through the scalar reference.
double ground_at(const gradnoise::Noise& noise, std::int64_t sx, std::int64_t sy) {
    return std::max(0.0f, noise.chunk_sample_2d(sx, sy, kSpacing)) * double(kHeightScale);
}

// The scripted flight: a pure function of the frame number (never of wall time), starting at
// (origin_x, origin_y) in samples, so two runs -- and the near and far worlds -- see the same frames.
Camera scripted_camera(const gradnoise::Noise& noise, int frame, std::int64_t origin_x, std::int64_t origin_y,
                       double pace = 1.0) {
    const double t = frame / 60.0 * pace;  // seconds, as if at 60 frames per second
    const double speed = 150.0, amp = 120.0, w = 0.45;
    Camera c;
    c.sx = origin_x;
    c.sy = origin_y;
    c.move(speed * t, amp * std::sin(w * t));
    c.yaw = std::atan2(amp * w * std::cos(w * t), speed) + 0.25;
    c.pitch = -0.22;
    // Above the highest ground on the stretch ahead, and at least at cruising height.
    double ground = 0;
    for (int d = 0; d <= 160; d += 40)
        ground = std::max(ground, ground_at(noise, c.sx + std::int64_t(std::lround(d * std::cos(c.yaw))),
                                            c.sy + std::int64_t(std::lround(d * std::sin(c.yaw)))));
    c.z = std::max(0.62 * kHeightScale, ground + 30.0);
    return c;
}

double percentile(std::vector<float> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t i = std::min(v.size() - 1, static_cast<std::size_t>(q * double(v.size() - 1) + 0.5));
    return v[i];
}

}  // namespace

int main(int argc, char** argv) {
    const Options opt = parse_options(argc, argv);
    const bool scripted = opt.frames > 0;
    const int n = opt.chunk;  // quads per chunk side
    const int side = n + 1;   // samples per side: one shared with each neighbour, so no cracks
    const std::size_t samples_per_slot = std::size_t(side) * side;
    const std::int64_t far_offset = far_offset_samples();

    // ---- the field ----
    gradnoise::NoiseDesc desc;
    desc.basis = gradnoise::Basis::perlin;
    desc.fractal.kind = gradnoise::Fractal::fbm;
    desc.fractal.octaves = 8;
    desc.fractal.frequency = 1.0f;
    desc.fractal.lacunarity = 2.0f;
    desc.fractal.persistence = 0.5f;
    // [S 8.1] Band-limited for the samples' spacing: level 0 keeps every octave (the finest is at half
    // the Nyquist frequency), and a chunk at level L, 2^L times as far apart, fades what it cannot hold.
    if (opt.band_limit) desc.fractal.footprint = kSpacing;
    gradnoise::Noise noise;
    if (const gradnoise::Status st = gradnoise::Noise::create(desc, &noise); !st) {
        std::fprintf(stderr, "gradnoise_viewer: %s\n", st.message());
        return 1;
    }
    {
        // The first call into the library resolves the ISA; do it now, not in the first frame.
        float v[4], gx[4], gy[4];
        gradnoise::GradientOut out;
        out.value = v;
        out.dx = gx;
        out.dy = gy;
        (void)noise.fill_chunk_gradient_2d(gradnoise::Chunk2d{0, 0, 2, 2, kSpacing}, out);
    }
    std::printf("far offset: %" PRId64 " samples = %.0f world units on x and y (%" PRId64 " periods of %" PRId64
                " samples)%s\n",
                far_offset, double(far_offset) * kSampleSize, far_offset / kPeriodSamples, kPeriodSamples,
                opt.far_origin ? ", in use" : "");

    // ---- window and GL context ----
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        std::fprintf(stderr,
                     "gradnoise_viewer: cannot open a display (SDL: %s); run it in a desktop session, "
                     "or headless under xvfb-run\n",
                     SDL_GetError());
        return 3;
    }
    // GPU generation needs compute shaders: OpenGL 4.3.
    const int want_gl = opt.gpu ? 43 : 33;
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, want_gl / 10);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, want_gl % 10);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
    SDL_Window* window = SDL_CreateWindow("gradnoise viewer", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, opt.width,
                                          opt.height, SDL_WINDOW_OPENGL | SDL_WINDOW_SHOWN);
    SDL_GLContext context = window ? SDL_GL_CreateContext(window) : nullptr;
    if (!context) {
        std::fprintf(stderr, "gradnoise_viewer: no OpenGL %d.%d core context (SDL: %s)\n", want_gl / 10, want_gl % 10,
                     SDL_GetError());
        if (window) SDL_DestroyWindow(window);
        SDL_Quit();
        return 3;
    }
    GLint gl_major = 0, gl_minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &gl_major);
    glGetIntegerv(GL_MINOR_VERSION, &gl_minor);
    if (gl_major * 10 + gl_minor < want_gl) {
        std::fprintf(stderr, "gradnoise_viewer: OpenGL %d.%d core needed, the driver gives %d.%d\n", want_gl / 10,
                     want_gl % 10, gl_major, gl_minor);
        SDL_GL_DeleteContext(context);
        SDL_DestroyWindow(window);
        SDL_Quit();
        return 3;
    }
    const char* video_driver = SDL_GetCurrentVideoDriver();
    std::printf("GL: %s, %s (SDL video driver %s)\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
                reinterpret_cast<const char*>(glGetString(GL_VERSION)), video_driver ? video_driver : "?");
    // SDL falls back to its offscreen (EGL) driver when there is no display: fine for scripted
    // runs, which then need no X server at all, but nobody would see an interactive window.
    if (!scripted && video_driver && (!std::strcmp(video_driver, "offscreen") || !std::strcmp(video_driver, "dummy"))) {
        std::fprintf(stderr,
                     "gradnoise_viewer: no display (SDL chose its '%s' video driver); interactive mode needs "
                     "one -- or use --frames N for a headless run\n",
                     video_driver);
        SDL_GL_DeleteContext(context);
        SDL_DestroyWindow(window);
        SDL_Quit();
        return 3;
    }
    SDL_GL_SetSwapInterval(opt.vsync >= 0 ? opt.vsync : (scripted ? 0 : 1));
    int fb_w = opt.width, fb_h = opt.height;
    SDL_GL_GetDrawableSize(window, &fb_w, &fb_h);
    if (!scripted) SDL_SetRelativeMouseMode(SDL_TRUE);

    const GLuint terrain_prog = build_program("terrain", kTerrainVs, kTerrainFs);
    const GLuint overlay_prog = build_program("overlay", kOverlayVs, kOverlayFs);
    if (!terrain_prog || !overlay_prog) return 1;

    // ---- the shared grids, one per level: indices built once ----
    // Level L's grid has (n >> L) + 1 samples per side and a ring of skirt vertices around them
    // (vertex (i, j) of a (samples + 2)^2 grid; the shader clamps the ring to the edge and lowers it):
    // where a chunk meets a coarser neighbour their edges differ between the coarse samples, and the
    // skirts close the gap. The inner quads come first; without --lod only they are drawn.
    GLuint terrain_vao = 0, index_buf = 0;
    struct LevelMesh {
        int side = 0;                 // samples per side
        std::size_t first = 0;        // its first index in the buffer
        GLsizei inner = 0, all = 0;   // index counts: the surface, and with the skirts
    };
    std::vector<LevelMesh> meshes(std::size_t(opt.lod) + 1);
    {
        std::vector<GLuint> idx;
        for (int level = 0; level <= opt.lod; ++level) {
            LevelMesh& m = meshes[std::size_t(level)];
            m.side = (n >> level) + 1;
            m.first = idx.size();
            const int g = m.side + 2;
            auto quad = [&](int i, int j) {  // grid quad (i, j), vertices (i..i+1, j..j+1)
                const GLuint v00 = GLuint(j * g + i), v10 = v00 + 1, v01 = v00 + GLuint(g), v11 = v01 + 1;
                idx.insert(idx.end(), {v00, v10, v11, v00, v11, v01});  // counter-clockwise from above
            };
            for (int j = 1; j < m.side; ++j)
                for (int i = 1; i < m.side; ++i) quad(i, j);
            m.inner = static_cast<GLsizei>(idx.size() - m.first);
            for (int j = 0; j <= m.side; ++j)
                for (int i = 0; i <= m.side; ++i)
                    if (i == 0 || j == 0 || i == m.side || j == m.side) quad(i, j);
            m.all = static_cast<GLsizei>(idx.size() - m.first);
        }
        glGenVertexArrays(1, &terrain_vao);
        glBindVertexArray(terrain_vao);
        glGenBuffers(1, &index_buf);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buf);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(idx.size() * sizeof(GLuint)), idx.data(), GL_STATIC_DRAW);
        glBindVertexArray(0);
    }
    // The level a chunk is made at: 0 within 2 chunk widths, then one more each time the distance doubles.
    const double lod_distance = 2.0 * n * kSampleSize;
    auto level_for = [&](double gap) {
        int level = 0;
        for (double d = lod_distance; level < opt.lod && gap >= d; d *= 2) ++level;
        return level;
    };

    // ---- which chunks may be kept: every one within `keep` of some point of the camera's chunk ----
    const double chunk_world = n * kSampleSize;
    const double view = opt.view;
    const double keep = view + 0.5 * chunk_world;  // hysteresis: a chunk at the edge does not flicker
    const int radius = static_cast<int>(std::ceil(keep / chunk_world)) + 1;
    const int map_side = 2 * radius + 1;
    std::vector<Offset> offsets;  // nearest first: requests and draws go in this order
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx) {
            const double gx = std::max(std::abs(dx) - 1, 0) * chunk_world,
                         gy = std::max(std::abs(dy) - 1, 0) * chunk_world;
            if (gx * gx + gy * gy <= keep * keep) offsets.push_back({dx, dy});
        }
    std::stable_sort(offsets.begin(), offsets.end(), [](const Offset& a, const Offset& b) {
        return a.dx * a.dx + a.dy * a.dy < b.dx * b.dx + b.dy * b.dy;
    });
    const unsigned max_in_flight = static_cast<unsigned>(opt.workers) * ChunkWorkers::ring_capacity;
    // Slots in the map are at most offsets.size(); stale ones at most the requests in flight; with
    // --lod, a chunk whose level changed stays drawn until its replacement (in flight) arrives.
    const int pool = static_cast<int>(offsets.size() + (opt.lod > 0 ? 2 : 1) * max_in_flight);

    // ---- the slot pool: CPU buffers and GL textures, all made here ----
    std::vector<float> slot_heights(std::size_t(pool) * samples_per_slot);
    std::vector<float> slot_grads(2 * std::size_t(pool) * samples_per_slot);
    std::vector<Slot> slots(static_cast<std::size_t>(pool));
    std::vector<int> free_list(static_cast<std::size_t>(pool));
    int free_count = pool;
    for (int i = 0; i < pool; ++i) free_list[std::size_t(i)] = pool - 1 - i;
    std::vector<GLuint> height_tex(static_cast<std::size_t>(pool)), grad_tex(static_cast<std::size_t>(pool));
    glGenTextures(pool, height_tex.data());
    glGenTextures(pool, grad_tex.data());
    for (int i = 0; i < pool; ++i) {
        for (int k = 0; k < 2; ++k) {
            glBindTexture(GL_TEXTURE_2D, k == 0 ? height_tex[std::size_t(i)] : grad_tex[std::size_t(i)]);
            glTexImage2D(GL_TEXTURE_2D, 0, k == 0 ? GL_R32F : GL_RG32F, side, side, 0, k == 0 ? GL_RED : GL_RG,
                         GL_FLOAT, nullptr);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        }
    }
    GpuChunks gpu_chunks;
    // The GL objects go while the context is current, then the context, the window and SDL.
    auto shut_down = [&](int code) {
        gpu_chunks.release();
        glDeleteTextures(pool, height_tex.data());
        glDeleteTextures(pool, grad_tex.data());
        SDL_GL_DeleteContext(context);
        SDL_DestroyWindow(window);
        SDL_Quit();
        return code;
    };
    if (opt.gpu) {
        const std::string err = gpu_chunks.build(noise, side, kSpacing);
        if (!err.empty()) {
            std::fprintf(stderr, "gradnoise_viewer: GPU generation: %s\n", err.c_str());
            return shut_down(3);
        }
    }
    std::vector<int> chunk_map(std::size_t(map_side) * map_side, -1);
    std::vector<int> old_map(std::size_t(map_side) * map_side, -1);  // --lod: the other level, drawn meanwhile
    // Uploads per frame: about 64K samples (16 chunks of 64, 4 of 128, 1 of 256).
    const int upload_budget = std::max(1, 65536 / (n * n));

    // ---- the overlay: font texture and a fixed-size dynamic vertex buffer ----
    GLuint font_tex = 0, overlay_vao = 0, overlay_vbo = 0;
    {
        const auto atlas = bake_font_atlas();
        glGenTextures(1, &font_tex);
        glBindTexture(GL_TEXTURE_2D, font_tex);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, atlas_w, atlas_h, 0, GL_RED, GL_UNSIGNED_BYTE, atlas.data());
        glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glGenVertexArrays(1, &overlay_vao);
        glBindVertexArray(overlay_vao);
        glGenBuffers(1, &overlay_vbo);
        glBindBuffer(GL_ARRAY_BUFFER, overlay_vbo);
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(Overlay::capacity * sizeof(OverlayVertex)), nullptr, GL_DYNAMIC_DRAW);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(OverlayVertex), reinterpret_cast<void*>(0));
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(OverlayVertex), reinterpret_cast<void*>(8));
        glEnableVertexAttribArray(2);
        glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, sizeof(OverlayVertex), reinterpret_cast<void*>(16));
        glBindVertexArray(0);
    }
    Overlay overlay;
    const float ui_scale = fb_h >= 600 ? 2.0f : 1.0f;
    const float pad = 4 * ui_scale, line_h = 9 * ui_scale, graph_h = 24 * ui_scale;
    constexpr int kOverlayLines = 5, kOverlayChars = 46, kHistory = 128;
    const float panel_x = 8, panel_y = 8;
    const float panel_w = 2 * pad + kOverlayChars * glyph_cell_w * ui_scale;
    const float panel_h = 3 * pad + kOverlayLines * line_h + graph_h;
    std::printf("overlay_rect: %d %d %d %d\n", int(panel_x), int(panel_y), int(std::ceil(panel_w)),
                int(std::ceil(panel_h)));

    // Uniform locations, looked up once.
    const GLint u_height = glGetUniformLocation(terrain_prog, "u_height"),
                u_grad = glGetUniformLocation(terrain_prog, "u_grad"),
                u_side = glGetUniformLocation(terrain_prog, "u_side"),
                u_skirt = glGetUniformLocation(terrain_prog, "u_skirt"),
                u_offset = glGetUniformLocation(terrain_prog, "u_offset"),
                u_sample_size = glGetUniformLocation(terrain_prog, "u_sample_size"),
                u_height_scale = glGetUniformLocation(terrain_prog, "u_height_scale"),
                u_slope_scale = glGetUniformLocation(terrain_prog, "u_slope_scale"),
                u_view_proj = glGetUniformLocation(terrain_prog, "u_view_proj"),
                u_sun = glGetUniformLocation(terrain_prog, "u_sun"),
                u_sky = glGetUniformLocation(terrain_prog, "u_sky"),
                u_fog_start = glGetUniformLocation(terrain_prog, "u_fog_start"),
                u_fog_end = glGetUniformLocation(terrain_prog, "u_fog_end");
    const GLint u_screen = glGetUniformLocation(overlay_prog, "u_screen"),
                u_font = glGetUniformLocation(overlay_prog, "u_font");
    const float sky[3] = {0.62f, 0.75f, 0.90f};
    float sun[3] = {-0.55f, 0.40f, 0.60f};
    {
        const float l = std::sqrt(sun[0] * sun[0] + sun[1] * sun[1] + sun[2] * sun[2]);
        for (float& s : sun) s /= l;
    }
    const Mat4 projection = perspective(1.05f, float(fb_w) / float(fb_h), 0.5f, float(view * 1.05 + kHeightScale));

    // ---- logs and screenshot buffer, sized now ----
    const int wait_cap = 3000;  // scripted: frames to wait for the last chunks before giving up
    const std::size_t log_capacity = scripted ? std::size_t(opt.frames) + wait_cap : std::size_t(1) << 18;
    std::vector<FrameRow> rows(log_capacity);
    std::size_t row_count = 0;
    std::vector<std::uint8_t> pixels(opt.screenshot.empty() ? 0 : std::size_t(fb_w) * fb_h * 3);
    // --shimmer: the band from 50 % to 70 % of the height, right of the overlay (terrain some 200 to 550
    // units ahead on the scripted flight), read back every frame and compared with the previous one.
    const int band_y0 = fb_h * 30 / 100, band_rows = fb_h * 20 / 100;  // (GL rows count from the bottom)
    const int band_x0 = std::min(fb_w - 1, int(std::ceil(panel_x + panel_w)));
    std::vector<std::uint8_t> band_now(opt.shimmer ? std::size_t(fb_w) * band_rows * 3 : 0), band_prev(band_now.size());
    double shimmer_sum = 0, shimmer_peak = 0;  // all frame pairs; the largest one pair's mean (a pop)
    std::int64_t shimmer_count = 0;
    int shimmer_frames = 0;
    bool band_complete = false;  // the previous frame's band: every chunk in view was drawn
    float hist_ms[kHistory] = {};
    double hist_t[kHistory] = {};
    std::int64_t hist_done[kHistory] = {};

    // ---- the camera ----
    // The start of the flight: the path ends over a bay with a snowy range ahead (found by a scan
    // of one period of the field for snow and rock in the distance, none close ahead).
    const std::int64_t start_x = 19200, start_y = 60672;
    std::int64_t origin_shift = opt.far_origin ? far_offset : 0;
    Camera cam = scripted_camera(noise, 0, start_x + origin_shift, start_y + origin_shift);

    ChunkWorkers workers(noise, std::size_t(side), kSpacing,
                         SlotStorage{slot_heights.data(), slot_grads.data(), samples_per_slot},
                         static_cast<unsigned>(opt.workers));

    // ---- the frame loop: from here on, no allocation and no blocking on this thread ----
    std::int64_t chunks_done = 0, fill_ns_total = 0;
    auto mean_chunk_ms = [&] { return chunks_done ? double(fill_ns_total) / 1e6 / double(chunks_done) : 0.0; };
    int frame = 0, exit_code = 0;
    bool quit = false, gave_up = false;
    const auto loop_start = Clock::now();
    auto last_frame_start = loop_start;
    while (true) {
        const auto frame_start = Clock::now();
        const double dt = std::min(0.1, std::chrono::duration<double>(frame_start - last_frame_start).count());
        last_frame_start = frame_start;

        // Input.
        SDL_Event ev;
        while (SDL_PollEvent(&ev)) {
            if (ev.type == SDL_QUIT) quit = true;
            if (ev.type == SDL_KEYDOWN && ev.key.keysym.sym == SDLK_ESCAPE) quit = true;
            if (!scripted && ev.type == SDL_KEYDOWN && ev.key.keysym.sym == SDLK_f && !ev.key.repeat) {
                const std::int64_t d = origin_shift ? -far_offset : far_offset;
                cam.sx += d;
                cam.sy += d;
                origin_shift += d;
            }
            if (!scripted && ev.type == SDL_MOUSEMOTION) {
                cam.yaw -= ev.motion.xrel * 0.003;
                cam.pitch = std::clamp(cam.pitch - ev.motion.yrel * 0.003, -1.5, 1.5);
            }
        }
        if (scripted && quit) {
            std::fprintf(stderr, "gradnoise_viewer: window closed before the scripted frames finished\n");
            exit_code = 1;
            break;
        }
        if (scripted) {
            cam = scripted_camera(noise, std::min(frame, opt.frames - 1), start_x + origin_shift, start_y + origin_shift,
                                  opt.pace);
        } else {
            const Uint8* keys = SDL_GetKeyboardState(nullptr);
            const double speed = (keys[SDL_SCANCODE_LSHIFT] || keys[SDL_SCANCODE_RSHIFT] ? 400.0 : 80.0) * dt;
            const double fwd =
                (keys[SDL_SCANCODE_W] || keys[SDL_SCANCODE_UP]) - (keys[SDL_SCANCODE_S] || keys[SDL_SCANCODE_DOWN]);
            const double strafe = keys[SDL_SCANCODE_D] - keys[SDL_SCANCODE_A];
            const double turn = keys[SDL_SCANCODE_LEFT] - keys[SDL_SCANCODE_RIGHT];
            const double climb = (keys[SDL_SCANCODE_E] || keys[SDL_SCANCODE_PAGEUP]) -
                                 (keys[SDL_SCANCODE_Q] || keys[SDL_SCANCODE_PAGEDOWN]);
            cam.yaw += turn * 1.5 * dt;
            const double c = std::cos(cam.yaw), s = std::sin(cam.yaw);
            cam.move((fwd * c + strafe * s) * speed / kSampleSize, (fwd * s - strafe * c) * speed / kSampleSize);
            cam.z = std::max(cam.z + climb * speed, ground_at(noise, cam.sx, cam.sy) + 2.0);
        }

        // Where the camera is: its chunk, and its position inside that chunk in world units. From here
        // on every coordinate is relative to that chunk, small and exact whatever the origin.
        const std::int64_t ccx = floor_div(cam.sx, n), ccy = floor_div(cam.sy, n);
        const double lx = (double(cam.sx - ccx * n) + cam.fx) * kSampleSize;
        const double ly = (double(cam.sy - ccy * n) + cam.fy) * kSampleSize;
        auto gap_to = [&](int dx, int dy) {  // distance from the camera to the chunk's square
            const double x0 = dx * chunk_world, y0 = dy * chunk_world;
            const double gx = std::max({x0 - lx, 0.0, lx - (x0 + chunk_world)});
            const double gy = std::max({y0 - ly, 0.0, ly - (y0 + chunk_world)});
            return std::sqrt(gx * gx + gy * gy);
        };
        auto release = [&](int s) {
            slots[std::size_t(s)].state = SlotState::free;
            free_list[std::size_t(free_count++)] = s;
        };

        // 1. Finished chunks: upload a bounded number; release the ones that left the view meanwhile.
        int uploads = 0;
        ChunkResult res;
        while (uploads < upload_budget && workers.try_poll(res)) {
            Slot& s = slots[std::size_t(res.slot)];
            ++chunks_done;
            fill_ns_total += res.fill_ns;
            if (s.state != SlotState::pending || !res.ok) {
                release(res.slot);
                continue;
            }
            const std::size_t base = std::size_t(res.slot) * samples_per_slot;
            const int made = meshes[std::size_t(s.level)].side;  // (the texture's corner holds a coarse chunk)
            glBindTexture(GL_TEXTURE_2D, height_tex[std::size_t(res.slot)]);
            glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, made, made, GL_RED, GL_FLOAT, slot_heights.data() + base);
            glBindTexture(GL_TEXTURE_2D, grad_tex[std::size_t(res.slot)]);
            glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, made, made, GL_RG, GL_FLOAT, slot_grads.data() + 2 * base);
            s.state = SlotState::resident;
            s.min_value = res.min_value;
            s.max_value = res.max_value;
            ++uploads;
        }

        // 2. The chunk map around the camera; chunks beyond `keep` give their slots back.
        std::fill(chunk_map.begin(), chunk_map.end(), -1);
        std::fill(old_map.begin(), old_map.end(), -1);
        int resident = 0;
        for (int i = 0; i < pool; ++i) {
            Slot& s = slots[std::size_t(i)];
            if (s.state != SlotState::pending && s.state != SlotState::resident) continue;
            const std::int64_t dx = s.cx - ccx, dy = s.cy - ccy;
            const bool kept = std::abs(dx) <= radius && std::abs(dy) <= radius && gap_to(int(dx), int(dy)) <= keep;
            const std::size_t cell = kept ? std::size_t((dy + radius) * map_side + (dx + radius)) : 0;
            if (kept && s.level == level_for(gap_to(int(dx), int(dy)))) {
                chunk_map[cell] = i;
                resident += s.state == SlotState::resident;
            } else if (kept && s.state == SlotState::resident && old_map[cell] < 0) {
                old_map[cell] = i;  // the other level: drawn until its replacement is resident
            } else if (s.state == SlotState::resident) {
                release(i);
            } else {
                s.state = SlotState::stale;  // the worker still writes into it
            }
        }
        if (opt.lod > 0) {
            for (std::size_t c = 0; c < old_map.size(); ++c) {
                const int now = chunk_map[c];
                if (old_map[c] >= 0 && now >= 0 && slots[std::size_t(now)].state == SlotState::resident) {
                    release(old_map[c]);
                    old_map[c] = -1;
                }
            }
        }

        // 3. Requests for missing chunks in view, nearest first; stop when the pool or the rings are full.
        int wanted = 0, wanted_resident = 0, made_on_gpu = 0;
        bool can_post = true;
        for (const Offset& o : offsets) {
            if (gap_to(o.dx, o.dy) > view) continue;
            ++wanted;
            int& m = chunk_map[std::size_t((o.dy + radius) * map_side + (o.dx + radius))];
            if (m >= 0) {
                wanted_resident += slots[std::size_t(m)].state == SlotState::resident;
                continue;
            }
            if (!can_post || free_count == 0 || (opt.gpu && made_on_gpu == upload_budget)) continue;
            const int s = free_list[std::size_t(--free_count)];
            Slot& slot = slots[std::size_t(s)];
            slot.cx = ccx + o.dx;
            slot.cy = ccy + o.dy;
            slot.level = level_for(gap_to(o.dx, o.dy));
            if (opt.gpu) {
                // Made at once by the compute shader (its time here is the submission's); the heights'
                // range is the field's bound, which only makes culling a little less tight.
                const auto t0 = Clock::now();
                gpu_chunks.generate(slot.cx * n, slot.cy * n, height_tex[std::size_t(s)], grad_tex[std::size_t(s)]);
                fill_ns_total += std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count();
                ++chunks_done;
                ++made_on_gpu;
                slot.state = SlotState::resident;
                slot.min_value = -kFbmBound;
                slot.max_value = kFbmBound;
                m = s;
                ++wanted_resident;
                continue;
            }
            // [S 13.5] Level L's sample s lies where level 0's sample s * 2^L does.
            const std::int64_t coarse = n >> slot.level;
            if (!workers.try_post(ChunkRequest{slot.cx * coarse, slot.cy * coarse, s, slot.level,
                                               meshes[std::size_t(slot.level)].side})) {
                free_list[std::size_t(free_count++)] = s;
                can_post = false;
                continue;
            }
            slot.state = SlotState::pending;
            m = s;
        }
        if (made_on_gpu > 0) gpu_chunks.finish_writes();
        const bool complete = wanted == wanted_resident;

        // Is this the last frame? Scripted: the path is over and every chunk in view is drawn.
        bool final_frame = false;
        if (scripted) {
            if (frame >= opt.frames - 1 && complete)
                final_frame = true;
            else if (frame >= opt.frames - 1 + wait_cap) {
                gave_up = true;
                final_frame = true;
            }
        } else {
            final_frame = quit;
        }

        // 4. Draw: terrain chunks front to back (a fixed order, so ties resolve the same every run).
        glViewport(0, 0, fb_w, fb_h);
        glClearColor(sky[0], sky[1], sky[2], 1.0f);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_LESS);
        if (opt.lod > 0)
            glDisable(GL_CULL_FACE);  // the skirts face either way
        else
            glEnable(GL_CULL_FACE);
        glDisable(GL_BLEND);
        const Mat4 vp = multiply(projection, look_rotation(float(cam.yaw), float(cam.pitch)));
        const Frustum frustum = frustum_of(vp);
        glUseProgram(terrain_prog);
        glUniform1i(u_height, 0);
        glUniform1i(u_grad, 1);
        glUniform1f(u_skirt, opt.lod > 0 ? kSkirt : 0.0f);
        glUniform1f(u_height_scale, kHeightScale);
        glUniform1f(u_slope_scale, float(kHeightScale * kSpacing / kSampleSize));
        glUniformMatrix4fv(u_view_proj, 1, GL_FALSE, vp.m);
        glUniform3fv(u_sun, 1, sun);
        glUniform3fv(u_sky, 1, sky);
        glUniform1f(u_fog_start, float(0.45 * view));
        glUniform1f(u_fog_end, float(view));
        glBindVertexArray(terrain_vao);
        int drawn = 0;
        for (const Offset& o : offsets) {
            if (gap_to(o.dx, o.dy) > view) continue;
            const std::size_t cell = std::size_t((o.dy + radius) * map_side + (o.dx + radius));
            int s = chunk_map[cell];
            if (s < 0 || slots[std::size_t(s)].state != SlotState::resident) s = old_map[cell];  // the other level
            if (s < 0 || slots[std::size_t(s)].state != SlotState::resident) continue;  // not ready: not drawn
            const Slot& slot = slots[std::size_t(s)];
            const LevelMesh& mesh = meshes[std::size_t(slot.level)];
            const float ox = float(o.dx * chunk_world - lx), oy = float(o.dy * chunk_world - ly), oz = float(-cam.z);
            const float lo[3] = {ox, oy, std::max(slot.min_value, 0.0f) * kHeightScale + oz};
            const float hi[3] = {ox + float(chunk_world), oy + float(chunk_world),
                                 std::max(slot.max_value, 0.0f) * kHeightScale + oz};
            if (!box_visible(frustum, lo, hi)) continue;
            glActiveTexture(GL_TEXTURE0);
            glBindTexture(GL_TEXTURE_2D, height_tex[std::size_t(s)]);
            glActiveTexture(GL_TEXTURE1);
            glBindTexture(GL_TEXTURE_2D, grad_tex[std::size_t(s)]);
            glUniform3f(u_offset, ox, oy, oz);
            glUniform1i(u_side, mesh.side);
            glUniform1f(u_sample_size, float(kSampleSize * double(1 << slot.level)));
            glDrawElements(GL_TRIANGLES, opt.lod > 0 ? mesh.all : mesh.inner, GL_UNSIGNED_INT,
                           reinterpret_cast<const void*>(mesh.first * sizeof(GLuint)));
            ++drawn;
        }

        // 5. The overlay: figures from the frames so far.
        {
            const int hn = std::min(frame, kHistory);
            double ms_sum = 0;
            for (int i = 0; i < hn; ++i) ms_sum += hist_ms[i];
            const double ms_mean = hn ? ms_sum / hn : 0.0;
            double rate = 0;
            if (hn >= 2) {
                const int newest = (frame - 1) % kHistory, oldest = (frame - hn) % kHistory;
                const double span = hist_t[newest] - hist_t[oldest];
                if (span > 0) rate = double(hist_done[newest] - hist_done[oldest]) / span;
            }
            float graph_ms = 50.0f;
            while (graph_ms < 400.0f && ms_mean > 0.8 * graph_ms) graph_ms *= 2.0f;
            const double chunk_ms = mean_chunk_ms();
            char line[kOverlayLines][96];
            if (opt.gpu)
                std::snprintf(line[0], sizeof line[0], "GRADNOISE  CHUNK %d  GPU  GRAPH %d MS", n, int(graph_ms));
            else
                std::snprintf(line[0], sizeof line[0], "GRADNOISE  CHUNK %d  WORKERS %d  GRAPH %d MS", n, opt.workers,
                              int(graph_ms));
            std::snprintf(line[1], sizeof line[1], "FRAME %7.2f MS  %6.1f FPS  DRAWN %d", ms_mean,
                          ms_mean > 0 ? 1000.0 / ms_mean : 0.0, drawn);
            std::snprintf(line[2], sizeof line[2], "CHUNK %7.3f MS  %7.1f CHUNKS/S", chunk_ms, rate);
            std::snprintf(line[3], sizeof line[3], "RESIDENT %d/%d  QUEUE %u  DONE %" PRId64, wanted_resident, wanted,
                          workers.in_flight(), chunks_done);
            std::snprintf(line[4], sizeof line[4], "%s X %" PRId64 " Y %" PRId64, origin_shift ? "FAR " : "NEAR",
                          cam.sx, cam.sy);
            overlay.clear();
            const float bg[4] = {0.0f, 0.0f, 0.0f, 0.55f}, fg[4] = {1.0f, 1.0f, 1.0f, 1.0f};
            const float bar[4] = {0.45f, 0.95f, 0.45f, 0.9f}, slow[4] = {1.0f, 0.45f, 0.3f, 0.9f},
                        mark[4] = {1.0f, 1.0f, 1.0f, 0.5f};
            overlay.rect(panel_x, panel_y, panel_x + panel_w, panel_y + panel_h, bg);
            for (int i = 0; i < kOverlayLines; ++i)
                overlay.text(panel_x + pad, panel_y + pad + i * line_h, line[i], ui_scale, fg);
            // Frame-time bars, newest on the right, red above 16.7 ms (60 fps; the line). Full height is
            // graph_ms (line 0): 50, 100, 200 or 400 ms, the first above 1.25x the mean frame.
            const float gx0 = panel_x + pad, gy1 = panel_y + panel_h - pad, bw = (panel_w - 2 * pad) / kHistory;
            for (int i = 0; i < hn; ++i) {
                const float ms = hist_ms[(frame - hn + i) % kHistory];
                const float h = std::min(1.0f, ms / graph_ms) * graph_h;
                const float x = gx0 + (kHistory - hn + i) * bw;
                overlay.rect(x, gy1 - h, x + std::max(1.0f, bw - 1), gy1, ms > 16.7f ? slow : bar);
            }
            const float y60 = gy1 - 16.7f / graph_ms * graph_h;
            overlay.rect(gx0, y60, panel_x + panel_w - pad, y60 + 1, mark);

            glDisable(GL_DEPTH_TEST);
            glDisable(GL_CULL_FACE);
            glEnable(GL_BLEND);
            glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
            glUseProgram(overlay_prog);
            glUniform2f(u_screen, float(fb_w), float(fb_h));
            glUniform1i(u_font, 0);
            glActiveTexture(GL_TEXTURE0);
            glBindTexture(GL_TEXTURE_2D, font_tex);
            glBindVertexArray(overlay_vao);
            glBindBuffer(GL_ARRAY_BUFFER, overlay_vbo);
            glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(overlay.count() * sizeof(OverlayVertex)), overlay.data());
            glDrawArrays(GL_TRIANGLES, 0, GLsizei(overlay.count()));
            glBindVertexArray(0);
        }

        if (opt.shimmer && frame < opt.frames) {
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
            glReadBuffer(GL_BACK);
            glReadPixels(0, band_y0, fb_w, band_rows, GL_RGB, GL_UNSIGNED_BYTE, band_now.data());
            // Pairs of frames with every chunk in view drawn: the change is the flight's and the
            // terrain's, not the stream filling in.
            if (band_complete && complete) {
                double pair = 0;
                std::int64_t values = 0;
                for (int y = 0; y < band_rows; ++y)
                    for (int x = band_x0; x < fb_w; ++x)
                        for (int c = 0; c < 3; ++c) {
                            const std::size_t i = (std::size_t(y) * fb_w + x) * 3 + c;
                            pair += std::abs(int(band_now[i]) - int(band_prev[i]));
                            ++values;
                        }
                shimmer_sum += pair;
                shimmer_count += values;
                shimmer_peak = std::max(shimmer_peak, pair / double(values));
                ++shimmer_frames;
            }
            band_prev.swap(band_now);
            band_complete = complete;
        }
        if (final_frame && !pixels.empty()) {
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
            glReadBuffer(GL_BACK);
            glReadPixels(0, 0, fb_w, fb_h, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
        }
        SDL_GL_SwapWindow(window);

        const auto frame_end = Clock::now();
        const float frame_ms = float(std::chrono::duration<double, std::milli>(frame_end - frame_start).count());
        hist_ms[frame % kHistory] = frame_ms;
        hist_t[frame % kHistory] = std::chrono::duration<double>(frame_end - loop_start).count();
        hist_done[frame % kHistory] = chunks_done;
        if (row_count < rows.size())
            rows[row_count++] =
                FrameRow{frame, frame_ms, chunks_done, resident, float(mean_chunk_ms()), int(workers.in_flight())};
        ++frame;
        if (final_frame) break;
    }
    const double wall_s = std::chrono::duration<double>(Clock::now() - loop_start).count();

    // ---- after the loop: files and the summary (allocation is fine again) ----
    if (gave_up) {
        std::fprintf(stderr,
                     "gradnoise_viewer: chunks in view still missing %d frames after the path ended; "
                     "no screenshot\n",
                     wait_cap);
        exit_code = 1;
    } else if (!pixels.empty() && exit_code == 0) {
        // GL's rows start at the bottom; PNG's at the top.
        std::vector<std::uint8_t> flipped(pixels.size());
        const std::size_t stride = std::size_t(fb_w) * 3;
        for (int y = 0; y < fb_h; ++y)
            std::memcpy(flipped.data() + std::size_t(y) * stride, pixels.data() + std::size_t(fb_h - 1 - y) * stride,
                        stride);
        const std::string err = write_png_rgb(opt.screenshot, flipped.data(), fb_w, fb_h);
        if (!err.empty()) {
            std::fprintf(stderr, "gradnoise_viewer: %s\n", err.c_str());
            exit_code = 1;
        } else {
            std::printf("screenshot: %s (%dx%d, frame %d)\n", opt.screenshot.c_str(), fb_w, fb_h, frame - 1);
        }
    }
    if (!opt.log.empty()) {
        std::FILE* f = std::fopen(opt.log.c_str(), "w");
        if (!f) {
            std::fprintf(stderr, "gradnoise_viewer: cannot write %s: %s\n", opt.log.c_str(), std::strerror(errno));
            exit_code = 1;
        } else {
            std::fprintf(f, "frame,frame_ms,chunks_done_total,chunks_resident,mean_chunk_ms,queue_depth\n");
            for (std::size_t i = 0; i < row_count; ++i)
                std::fprintf(f, "%d,%.3f,%" PRId64 ",%d,%.4f,%d\n", rows[i].frame, rows[i].frame_ms,
                             rows[i].chunks_done, rows[i].resident, rows[i].mean_chunk_ms, rows[i].queue);
            std::fclose(f);
        }
    }
    if (opt.probe) {
        // The collision probe: what the GPU holds is what the CPU computes, for every resident chunk
        // (up to 16), height and gradient, bit for bit.
        std::size_t chunks = 0, compared = 0, differ = 0;
        for (int i = 0; i < pool && chunks < 16; ++i) {
            const Slot& s = slots[std::size_t(i)];
            if (s.state != SlotState::resident || s.level != 0) continue;  // (coarse levels fill a corner)
            differ += probe(noise, side, kSpacing, s.cx * n, s.cy * n, height_tex[std::size_t(i)], grad_tex[std::size_t(i)],
                            &compared);
            ++chunks;
        }
        std::printf("probe: %zu chunks made by the %s, %zu heights and gradients compared with "
                    "Noise::fill_chunk_gradient_2d, %zu differ\n",
                    chunks, opt.gpu ? "GPU" : "CPU", compared, differ);
        if (differ != 0 || chunks == 0) exit_code = 1;
    }
    if (opt.shimmer)
        std::printf("shimmer: mean |change| between consecutive frames over the distant band (rows %d..%d from the "
                    "bottom, x >= %d) = %.3f of 255 per channel (largest pair %.3f), %d frame pairs, lod %d, band "
                    "limit %s, pace %.0f %%\n",
                    band_y0, band_y0 + band_rows, band_x0, shimmer_count ? shimmer_sum / double(shimmer_count) : 0.0,
                    shimmer_peak, shimmer_frames, opt.lod, opt.band_limit ? "on" : "off", opt.pace * 100);
    std::vector<float> ms(row_count);
    double ms_sum = 0;
    for (std::size_t i = 0; i < row_count; ++i) ms_sum += ms[i] = rows[i].frame_ms;
    std::printf("summary: frames=%d frame_ms mean=%.2f median=%.2f p99=%.2f chunks=%" PRId64
                " chunks_per_s=%.1f mean_chunk_ms=%.3f chunk=%d workers=%d generate=%s wall_s=%.2f\n",
                frame, row_count ? ms_sum / double(row_count) : 0.0, percentile(ms, 0.5), percentile(ms, 0.99),
                chunks_done, wall_s > 0 ? double(chunks_done) / wall_s : 0.0, mean_chunk_ms(), n, opt.workers,
                opt.gpu ? "gpu" : "cpu", wall_s);

    return shut_down(exit_code);
}
