// gradnoise_viewer: a camera flies over an endless fBm terrain streamed in chunks from
// Noise::fill_chunk_gradient_2d (or, with --generate gpu, by the field's generated GLSL in an OpenGL 4.3
// compute shader: gpu_chunks.cpp), drawn with SDL2 + OpenGL 3.3 core. See README.md.
//
// This file: the window, the field and the frame loop. The rest, by concern: viewer_options.cpp (the
// command line), world.cpp (the world's constants and the camera's flight), chunk_pool.cpp (the slots,
// their textures and the chunk map), chunk_workers.cpp and gpu_chunks.cpp (who makes the chunks),
// terrain_renderer.cpp and overlay.cpp (the drawing), recording.cpp (the log, --shimmer, --screenshot).
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
// wide (world.hpp).

#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "chunk_pool.hpp"
#include "chunk_workers.hpp"
#include "gl_util.hpp"
#include "gpu_chunks.hpp"
#include "gradnoise/noise.hpp"
#include "overlay.hpp"
#include "recording.hpp"
#include "terrain_renderer.hpp"
#include "viewer_options.hpp"
#include "world.hpp"

namespace {

using namespace viewer;
using Clock = std::chrono::steady_clock;

// The terrain: 8 octaves of fBm over Perlin noise (eroded with --erosion). false after a message.
bool make_field(const Options& opt, gradnoise::Noise* noise) {
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
    // [S 21] Gullies and ridges: octave 0's cells an eighth of the fBm's first, 4 units wide.
    desc.erosion.octaves = opt.erosion;
    if (const gradnoise::Status st = gradnoise::Noise::create(desc, noise); !st) {
        std::fprintf(stderr, "gradnoise_viewer: %s\n", st.message());
        return false;
    }
    // The first call into the library resolves the ISA; do it now, not in the first frame.
    float v[4], gx[4], gy[4];
    gradnoise::GradientOut out;
    out.value = v;
    out.dx = gx;
    out.dy = gy;
    (void)noise->fill_chunk_gradient_2d(gradnoise::Chunk2d{0, 0, 2, 2, kSpacing}, out);
    return true;
}

// The window and its OpenGL core context.
struct Display {
    SDL_Window* window = nullptr;
    SDL_GLContext context = nullptr;
    int fb_w = 0, fb_h = 0;  // the drawable's size, pixels

    void close() {
        if (context) SDL_GL_DeleteContext(context);
        if (window) SDL_DestroyWindow(window);
        SDL_Quit();
    }
};

// Opens the window with an OpenGL 3.3 core context (4.3 for GPU generation, which needs compute
// shaders): 0, or the exit status 3 after a message (and nothing left open).
int open_display(const Options& opt, bool scripted, Display* d) {
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        std::fprintf(stderr,
                     "gradnoise_viewer: cannot open a display (SDL: %s); run it in a desktop session, "
                     "or headless under xvfb-run\n",
                     SDL_GetError());
        return 3;
    }
    const int want_gl = opt.gpu ? 43 : 33;
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, want_gl / 10);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, want_gl % 10);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
    d->window = SDL_CreateWindow("gradnoise viewer", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, opt.width,
                                 opt.height, SDL_WINDOW_OPENGL | SDL_WINDOW_SHOWN);
    d->context = d->window ? SDL_GL_CreateContext(d->window) : nullptr;
    if (!d->context) {
        std::fprintf(stderr, "gradnoise_viewer: no OpenGL %d.%d core context (SDL: %s)\n", want_gl / 10, want_gl % 10,
                     SDL_GetError());
        d->close();
        return 3;
    }
    GLint gl_major = 0, gl_minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &gl_major);
    glGetIntegerv(GL_MINOR_VERSION, &gl_minor);
    if (gl_major * 10 + gl_minor < want_gl) {
        std::fprintf(stderr, "gradnoise_viewer: OpenGL %d.%d core needed, the driver gives %d.%d\n", want_gl / 10,
                     want_gl % 10, gl_major, gl_minor);
        d->close();
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
        d->close();
        return 3;
    }
    SDL_GL_SetSwapInterval(opt.vsync >= 0 ? opt.vsync : (scripted ? 0 : 1));
    d->fb_w = opt.width, d->fb_h = opt.height;
    SDL_GL_GetDrawableSize(d->window, &d->fb_w, &d->fb_h);
    if (!scripted) SDL_SetRelativeMouseMode(SDL_TRUE);
    return 0;
}

// The interactive flight: WASD/arrows move and turn, Q/E or PageUp/PageDown climb, Shift is faster;
// never below the ground.
void steer(Camera& cam, double dt, const gradnoise::Noise& noise) {
    const Uint8* keys = SDL_GetKeyboardState(nullptr);
    const double speed = (keys[SDL_SCANCODE_LSHIFT] || keys[SDL_SCANCODE_RSHIFT] ? 400.0 : 80.0) * dt;
    const double fwd =
        (keys[SDL_SCANCODE_W] || keys[SDL_SCANCODE_UP]) - (keys[SDL_SCANCODE_S] || keys[SDL_SCANCODE_DOWN]);
    const double strafe = keys[SDL_SCANCODE_D] - keys[SDL_SCANCODE_A];
    const double turn = keys[SDL_SCANCODE_LEFT] - keys[SDL_SCANCODE_RIGHT];
    const double climb =
        (keys[SDL_SCANCODE_E] || keys[SDL_SCANCODE_PAGEUP]) - (keys[SDL_SCANCODE_Q] || keys[SDL_SCANCODE_PAGEDOWN]);
    cam.yaw += turn * 1.5 * dt;
    const double c = std::cos(cam.yaw), s = std::sin(cam.yaw);
    cam.move((fwd * c + strafe * s) * speed / kSampleSize, (fwd * s - strafe * c) * speed / kSampleSize);
    cam.z = std::max(cam.z + climb * speed, ground_at(noise, cam.sx, cam.sy) + 2.0);
}

}  // namespace

int main(int argc, char** argv) {
    const Options opt = parse_options(argc, argv);
    const bool scripted = opt.frames > 0;
    const int n = opt.chunk;  // quads per chunk side
    const int side = n + 1;   // samples per side: one shared with each neighbour, so no cracks
    const std::int64_t far_offset = far_offset_samples();

    gradnoise::Noise noise;
    if (!make_field(opt, &noise)) return 1;
    std::printf("far offset: %" PRId64 " samples = %.0f world units on x and y (%" PRId64 " periods of %" PRId64
                " samples)%s\n",
                far_offset, double(far_offset) * kSampleSize, far_offset / kPeriodSamples, kPeriodSamples,
                opt.far_origin ? ", in use" : "");

    Display display;
    if (const int code = open_display(opt, scripted, &display); code != 0) return code;
    const int fb_w = display.fb_w, fb_h = display.fb_h;

    TerrainRenderer terrain;
    OverlayPanel panel;
    const GLuint terrain_prog = terrain.build_program();
    const GLuint overlay_prog = panel.build_program();
    if (!terrain_prog || !overlay_prog) return 1;
    terrain.build_meshes(n, opt.lod);

    // ---- the slot pool: CPU buffers and GL textures, all made here ----
    const double view = opt.view;
    const unsigned max_in_flight = static_cast<unsigned>(opt.workers) * ChunkWorkers::ring_capacity;
    ChunkPool pool(n, opt.lod, view, max_in_flight);
    GpuChunks gpu_chunks;
    // The GL objects go while the context is current, then the context, the window and SDL.
    auto shut_down = [&](int code) {
        gpu_chunks.release();
        pool.release_textures();
        display.close();
        return code;
    };
    if (opt.gpu) {
        const std::string err = gpu_chunks.build(noise, side, kSpacing);
        if (!err.empty()) {
            std::fprintf(stderr, "gradnoise_viewer: GPU generation: %s\n", err.c_str());
            return shut_down(3);
        }
    }

    // ---- the overlay, the sun and sky, the projection ----
    panel.build(fb_h);
    std::printf("overlay_rect: %d %d %d %d\n", int(panel.x()), int(panel.y()), int(std::ceil(panel.width())),
                int(std::ceil(panel.height())));
    const float sky[3] = {0.62f, 0.75f, 0.90f};
    float sun[3] = {-0.55f, 0.40f, 0.60f};
    {
        const float l = std::sqrt(sun[0] * sun[0] + sun[1] * sun[1] + sun[2] * sun[2]);
        for (float& s : sun) s /= l;
    }
    const Mat4 projection = perspective(1.05f, float(fb_w) / float(fb_h), 0.5f, float(view * 1.05 + kHeightScale));

    // ---- logs and screenshot buffer, sized now ----
    const int wait_cap = 3000;  // scripted: frames to wait for the last chunks before giving up
    FrameLog log(scripted ? std::size_t(opt.frames) + wait_cap : std::size_t(1) << 18);
    Screenshot screenshot(!opt.screenshot.empty(), fb_w, fb_h);
    ShimmerMeter shimmer(opt.shimmer, fb_w, fb_h, panel.x() + panel.width());

    // ---- the camera ----
    std::int64_t origin_shift = opt.far_origin ? far_offset : 0;
    Camera cam = scripted_camera(noise, 0, kStartX + origin_shift, kStartY + origin_shift);

    ChunkWorkers workers(noise, std::size_t(side), kSpacing, pool.storage(), static_cast<unsigned>(opt.workers));

    // ---- the frame loop: from here on, no allocation and no blocking on this thread ----
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
            cam = scripted_camera(noise, std::min(frame, opt.frames - 1), kStartX + origin_shift, kStartY + origin_shift,
                                  opt.pace);
        } else {
            steer(cam, dt, noise);
        }

        // The chunks: uploads, the map around the camera, requests (chunk_pool.hpp).
        pool.center_on(cam);
        pool.upload_finished(workers);
        const int resident = pool.map_chunks();
        const ChunkPool::Coverage coverage = pool.request_missing(workers, opt.gpu ? &gpu_chunks : nullptr);
        const bool complete = coverage.wanted == coverage.resident;

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

        // Draw: terrain chunks front to back, those outside the view frustum skipped.
        const Mat4 vp = multiply(projection, look_rotation(float(cam.yaw), float(cam.pitch)));
        const Frustum frustum = frustum_of(vp);
        const bool skirts = opt.lod > 0;
        terrain.begin_frame(fb_w, fb_h, vp, sun, sky, view, skirts);
        const float oz = float(-cam.z), chunk_world = float(pool.chunk_world());
        int drawn = 0;
        pool.for_each_drawable([&](int s, const Slot& slot, float ox, float oy) {
            const float lo[3] = {ox, oy, std::max(slot.min_value, 0.0f) * kHeightScale + oz};
            const float hi[3] = {ox + chunk_world, oy + chunk_world, std::max(slot.max_value, 0.0f) * kHeightScale + oz};
            if (!box_visible(frustum, lo, hi)) return;
            terrain.draw(terrain.mesh(slot.level), pool.height_tex(s), pool.grad_tex(s), ox, oy, oz,
                         float(kSampleSize * double(1 << slot.level)), skirts);
            ++drawn;
        });

        // The overlay: figures from the frames so far.
        PanelFigures figures;
        figures.chunk = n;
        figures.gpu = opt.gpu;
        figures.workers = opt.workers;
        figures.drawn = drawn;
        figures.chunk_ms = pool.mean_chunk_ms();
        figures.resident = coverage.resident;
        figures.wanted = coverage.wanted;
        figures.queue = workers.in_flight();
        figures.done = pool.chunks_done();
        figures.far = origin_shift != 0;
        figures.x = cam.sx;
        figures.y = cam.sy;
        panel.draw(frame, fb_w, fb_h, figures);

        if (opt.shimmer && frame < opt.frames) shimmer.measure(complete);
        if (final_frame && screenshot.wanted()) screenshot.capture();
        SDL_GL_SwapWindow(display.window);

        const auto frame_end = Clock::now();
        const float frame_ms = float(std::chrono::duration<double, std::milli>(frame_end - frame_start).count());
        panel.record(frame, frame_ms, std::chrono::duration<double>(frame_end - loop_start).count(), pool.chunks_done());
        log.add(FrameRow{frame, frame_ms, pool.chunks_done(), resident, float(pool.mean_chunk_ms()),
                         int(workers.in_flight())});
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
    } else if (screenshot.wanted() && exit_code == 0 && !screenshot.write(opt.screenshot, frame - 1)) {
        exit_code = 1;
    }
    if (!opt.log.empty() && !log.write_csv(opt.log)) exit_code = 1;
    if (opt.probe) {
        // The collision probe: what the GPU holds is what the CPU computes, for every resident chunk
        // (up to 16), height and gradient, bit for bit.
        std::size_t chunks = 0, compared = 0, differ = 0;
        for (int i = 0; i < pool.size() && chunks < 16; ++i) {
            const Slot& s = pool.slot(i);
            if (s.state != SlotState::resident || s.level != 0) continue;  // (coarse levels fill a corner)
            differ += probe(noise, side, kSpacing, s.cx * n, s.cy * n, pool.height_tex(i), pool.grad_tex(i), &compared);
            ++chunks;
        }
        std::printf("probe: %zu chunks made by the %s, %zu heights and gradients compared with "
                    "Noise::fill_chunk_gradient_2d, %zu differ\n",
                    chunks, opt.gpu ? "GPU" : "CPU", compared, differ);
        if (differ != 0 || chunks == 0) exit_code = 1;
    }
    if (opt.shimmer) shimmer.print(opt.lod, opt.band_limit, opt.pace);
    log.print_summary(frame, wall_s, pool.chunks_done(), pool.mean_chunk_ms(), n, opt.workers, opt.gpu);

    return shut_down(exit_code);
}
