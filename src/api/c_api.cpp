// The C API (include/gradnoise/gradnoise.h): a thin layer over the C++ API. Every entry point is
// noexcept; the only calls that can throw (allocation in the create functions) are caught here.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include "gradnoise/gradnoise.h"

#include "kernels/kernel_list.hpp"
#include "reference/reference.hpp"

#include <cmath>
#include <new>

#include "gradnoise/gradnoise.hpp"

struct gradnoise_desc {
    gradnoise::NoiseDesc desc;
};

struct gradnoise_noise {
    gradnoise::Noise noise;
};

struct gradnoise_graph {
    gradnoise::Graph graph;
};

namespace {

// The message of this thread's last status-returning call. A pointer to static storage, so a
// thread's first use needs no constructor and nothing is ever freed.
thread_local const char* last_message = "ok";

static_assert(GRADNOISE_OK == static_cast<int>(gradnoise::ErrorCode::ok));
static_assert(GRADNOISE_NULL_POINTER == static_cast<int>(gradnoise::ErrorCode::null_pointer));
static_assert(GRADNOISE_INVALID_ARGUMENT == static_cast<int>(gradnoise::ErrorCode::invalid_argument));
static_assert(GRADNOISE_SIZE_OVERFLOW == static_cast<int>(gradnoise::ErrorCode::size_overflow));
static_assert(GRADNOISE_ISA_UNSUPPORTED == static_cast<int>(gradnoise::ErrorCode::isa_unsupported));
static_assert(GRADNOISE_CANCELLED == static_cast<int>(gradnoise::ErrorCode::cancelled));
static_assert(GRADNOISE_THREAD_POOL == static_cast<int>(gradnoise::ErrorCode::thread_pool));
static_assert(GRADNOISE_OUT_OF_MEMORY == static_cast<int>(gradnoise::ErrorCode::out_of_memory));
static_assert(GRADNOISE_ISA_COUNT == gradnoise::isa_count);
// " scalar sse2 ...": kernel_list.hpp's ISA list, for messages.
#define GRADNOISE_C_ISA_WORD(name) " " #name
#define GRADNOISE_C_ISA_NAMES GRADNOISE_ISA_LIST(GRADNOISE_C_ISA_WORD)

gradnoise_status report(gradnoise::Status s) noexcept {
    last_message = s.message();
    return static_cast<gradnoise_status>(s.code());
}

gradnoise_status ok() noexcept { return report(gradnoise::Status::success()); }

gradnoise_status fail(gradnoise::ErrorCode code, const char* message) noexcept {
    return report(gradnoise::Status(code, message));
}

gradnoise_status null_handle(const char* message) noexcept {
    return fail(gradnoise::ErrorCode::null_pointer, message);
}

gradnoise_status bad_enum(const char* message) noexcept {
    return fail(gradnoise::ErrorCode::invalid_argument, message);
}

bool in_range(int v, int last) noexcept { return v >= 0 && v <= last; }

// "gradnoise_desc_set_basis: basis must be a GRADNOISE_BASIS_* value in 0..6 (perlin, ..., cellular)",
// from the parameter table's names (enumerations.h).
std::string enum_refusal(const char* function, const char* what, const char* constants, const char* parameter) {
    const gradnoise::Parameter* p = gradnoise::find_parameter(parameter);
    std::string names;
    int count = 0;
    for (; p->choices[count] != nullptr; ++count) {
        names += (count == 0 ? "" : ", ") + std::string(p->choices[count]);
    }
    char last[16];
    std::snprintf(last, sizeof last, "%d", count - 1);
    return std::string(function) + ": " + what + " must be a " + constants + "_* value in 0.." + last + " (" + names +
           ")";
}

}  // namespace

// A C enumeration's value out of range: refused with the message above (made once: a status's
// message is static text).
#define GRADNOISE_CHECK_ENUM(value, count, function, what, constants, parameter)                   \
    if (!in_range(value, (count)-1)) {                                                           \
        static const std::string message = enum_refusal(function, what, constants, parameter); \
        return bad_enum(message.c_str());                                                        \
    }

namespace {

// The C options in C++ form; the C callback is reached through a trampoline.
struct OptionsBridge {
    const gradnoise_fill_options* c = nullptr;
    gradnoise::FillOptions cpp;

    explicit OptionsBridge(const gradnoise_fill_options* options) noexcept : c(options) {
        if (options == nullptr) {
            return;
        }
        // C: 0 and 1 mean the calling thread (a zero-initialised struct is the safe default);
        // GRADNOISE_ALL_THREADS is C++'s 0 (every hardware thread).
        cpp.threads = options->threads == GRADNOISE_ALL_THREADS ? 0u : (options->threads == 0 ? 1u : options->threads);
        if (options->progress != nullptr) {
            cpp.progress = [](void* user, std::size_t done, std::size_t total) -> bool {
                const gradnoise_fill_options* o = static_cast<const gradnoise_fill_options*>(user);
                return o->progress(o->user, done, total) != 0;
            };
            cpp.user = const_cast<gradnoise_fill_options*>(options);
        }
    }
};

}  // namespace

extern "C" {

const char* gradnoise_status_name(gradnoise_status status) {
    switch (status) {
        case GRADNOISE_OK: return "ok";
        case GRADNOISE_NULL_POINTER: return "null_pointer";
        case GRADNOISE_INVALID_ARGUMENT: return "invalid_argument";
        case GRADNOISE_SIZE_OVERFLOW: return "size_overflow";
        case GRADNOISE_ISA_UNSUPPORTED: return "isa_unsupported";
        case GRADNOISE_CANCELLED: return "cancelled";
        case GRADNOISE_THREAD_POOL: return "thread_pool";
        case GRADNOISE_OUT_OF_MEMORY: return "out_of_memory";
        default: return "unknown";
    }
}

const char* gradnoise_last_error_message(void) { return last_message; }

uint32_t gradnoise_version(void) { return GRADNOISE_VERSION_NUMBER; }

const char* gradnoise_version_string(void) { return gradnoise::version_string(); }

// ---- ISA ----

int gradnoise_active_isa(void) { return static_cast<int>(gradnoise::active_isa()); }

int gradnoise_best_isa(void) { return static_cast<int>(gradnoise::best_isa()); }

int gradnoise_isa_supported(int isa) {
    return in_range(isa, GRADNOISE_ISA_COUNT - 1) && gradnoise::isa_supported(static_cast<gradnoise::Isa>(isa)) ? 1 : 0;
}

const char* gradnoise_isa_name(int isa) {
    return in_range(isa, GRADNOISE_ISA_COUNT - 1) ? gradnoise::isa_name(static_cast<gradnoise::Isa>(isa)) : "unknown";
}

gradnoise_status gradnoise_parse_isa(const char* name, int* isa) {
    if (name == nullptr || isa == nullptr) {
        return null_handle("gradnoise_parse_isa: name and isa must be non-null");
    }
    gradnoise::Isa parsed;
    if (!gradnoise::parse_isa(name, &parsed)) {
        return fail(gradnoise::ErrorCode::invalid_argument,
                    "gradnoise_parse_isa: name must be one of:" GRADNOISE_C_ISA_NAMES);
    }
    *isa = static_cast<int>(parsed);
    return ok();
}

gradnoise_status gradnoise_force_isa(int isa) {
    if (!in_range(isa, GRADNOISE_ISA_COUNT - 1)) {
        return bad_enum("gradnoise_force_isa: isa must be a GRADNOISE_ISA_* value in 0..4");
    }
    return report(gradnoise::force_isa(static_cast<gradnoise::Isa>(isa)));
}

void gradnoise_reset_isa(void) { gradnoise::reset_isa(); }

// ---- descriptors ----

gradnoise_status gradnoise_desc_create(gradnoise_desc** out) {
    if (out == nullptr) {
        return null_handle("gradnoise_desc_create: out is null");
    }
    // Plain new (not the nothrow form), so an engine that replaces operator new/delete pairs
    // them consistently.
    try {
        *out = new gradnoise_desc{};
    } catch (...) {
        *out = nullptr;
        return fail(gradnoise::ErrorCode::out_of_memory, "gradnoise_desc_create: out of memory");
    }
    return ok();
}

void gradnoise_desc_destroy(gradnoise_desc* desc) { delete desc; }

gradnoise_status gradnoise_desc_set_seed(gradnoise_desc* desc, uint64_t seed) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_seed: desc is null");
    }
    desc->desc.has_seed = true;
    desc->desc.seed = seed;
    return ok();
}

gradnoise_status gradnoise_desc_clear_seed(gradnoise_desc* desc) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_clear_seed: desc is null");
    }
    desc->desc.has_seed = false;
    desc->desc.seed = 0;
    return ok();
}

gradnoise_status gradnoise_desc_set_fade(gradnoise_desc* desc, int fade) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_fade: desc is null");
    }
    GRADNOISE_CHECK_ENUM(fade, GRADNOISE_FADE_COUNT, "gradnoise_desc_set_fade", "fade", "GRADNOISE_FADE", "fade")
    desc->desc.fade = static_cast<gradnoise::Fade>(fade);
    return ok();
}

gradnoise_status gradnoise_desc_set_hash(gradnoise_desc* desc, int hash) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_hash: desc is null");
    }
    GRADNOISE_CHECK_ENUM(hash, GRADNOISE_HASH_COUNT, "gradnoise_desc_set_hash", "hash", "GRADNOISE_HASH", "hash")
    desc->desc.hash = static_cast<gradnoise::Hash>(hash);
    return ok();
}

gradnoise_status gradnoise_desc_set_basis(gradnoise_desc* desc, int basis) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_basis: desc is null");
    }
    GRADNOISE_CHECK_ENUM(basis, GRADNOISE_BASIS_COUNT, "gradnoise_desc_set_basis", "basis", "GRADNOISE_BASIS", "basis")
    desc->desc.basis = static_cast<gradnoise::Basis>(basis);
    return ok();
}

gradnoise_status gradnoise_desc_set_simplex(gradnoise_desc* desc, int orientation2, int orientation3,
                                            int orientation4) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_simplex: desc is null");
    }
    GRADNOISE_CHECK_ENUM(orientation2, GRADNOISE_ORIENTATION2_COUNT, "gradnoise_desc_set_simplex", "orientation2",
                         "GRADNOISE_ORIENTATION2", "orientation2")
    GRADNOISE_CHECK_ENUM(orientation3, GRADNOISE_ORIENTATION3_COUNT, "gradnoise_desc_set_simplex", "orientation3",
                         "GRADNOISE_ORIENTATION3", "orientation3")
    GRADNOISE_CHECK_ENUM(orientation4, GRADNOISE_ORIENTATION4_COUNT, "gradnoise_desc_set_simplex", "orientation4",
                         "GRADNOISE_ORIENTATION4", "orientation4")
    desc->desc.simplex = {static_cast<gradnoise::Orientation2>(orientation2),
                          static_cast<gradnoise::Orientation3>(orientation3),
                          static_cast<gradnoise::Orientation4>(orientation4)};
    return ok();
}

gradnoise_status gradnoise_desc_set_cellular(gradnoise_desc* desc, int distance, int output, float jitter) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_cellular: desc is null");
    }
    GRADNOISE_CHECK_ENUM(distance, GRADNOISE_CELLULAR_DISTANCE_COUNT, "gradnoise_desc_set_cellular", "distance",
                         "GRADNOISE_CELLULAR", "cellular_distance")
    GRADNOISE_CHECK_ENUM(output, GRADNOISE_CELLULAR_OUTPUT_COUNT, "gradnoise_desc_set_cellular", "output",
                         "GRADNOISE_CELLULAR", "cellular_output")
    desc->desc.cellular = {static_cast<gradnoise::CellularDistance>(distance),
                           static_cast<gradnoise::CellularOutput>(output), jitter};
    return ok();
}

gradnoise_status gradnoise_desc_set_fractal(gradnoise_desc* desc, int kind, int octaves, float frequency,
                                            float lacunarity, float persistence) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_fractal: desc is null");
    }
    GRADNOISE_CHECK_ENUM(kind, GRADNOISE_FRACTAL_COUNT, "gradnoise_desc_set_fractal", "kind", "GRADNOISE_FRACTAL",
                         "fractal")
    desc->desc.fractal = {static_cast<gradnoise::Fractal>(kind), octaves, frequency, lacunarity, persistence};
    return ok();
}

gradnoise_status gradnoise_desc_set_parameter(gradnoise_desc* desc, const char* name, const char* value) {
    if (desc == nullptr || name == nullptr || value == nullptr) {
        return null_handle("gradnoise_desc_set_parameter: desc, name and value must be non-null");
    }
    return report(gradnoise::set_parameter(desc->desc, name, value));
}

gradnoise_status gradnoise_desc_set_period(gradnoise_desc* desc, int period_x, int period_y, int period_z,
                                           int period_w) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_period: desc is null");
    }
    desc->desc.period_x = period_x;
    desc->desc.period_y = period_y;
    desc->desc.period_z = period_z;
    desc->desc.period_w = period_w;
    return ok();
}

gradnoise_status gradnoise_desc_set_warp(gradnoise_desc* desc, int levels, float strength, float frequency) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_warp: desc is null");
    }
    desc->desc.warp = {levels, strength, frequency};
    return ok();
}

gradnoise_status gradnoise_desc_set_pattern(gradnoise_desc* desc, int kind, float frequency, float strength) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_set_pattern: desc is null");
    }
    GRADNOISE_CHECK_ENUM(kind, GRADNOISE_PATTERN_COUNT, "gradnoise_desc_set_pattern", "kind", "GRADNOISE_PATTERN",
                         "pattern")
    desc->desc.pattern = {static_cast<gradnoise::Pattern>(kind), frequency, strength};
    return ok();
}

gradnoise_status gradnoise_desc_validate(const gradnoise_desc* desc) {
    if (desc == nullptr) {
        return null_handle("gradnoise_desc_validate: desc is null");
    }
    return report(gradnoise::Noise::validate(desc->desc));
}

// ---- fields ----

gradnoise_status gradnoise_noise_create(const gradnoise_desc* desc, gradnoise_noise** out) {
    if (out == nullptr) {
        return null_handle("gradnoise_noise_create: out is null");
    }
    *out = nullptr;
    if (desc == nullptr) {
        return null_handle("gradnoise_noise_create: desc is null");
    }
    try {
        gradnoise::Noise noise;
        if (gradnoise::Status s = gradnoise::Noise::create(desc->desc, &noise); !s) {
            return report(s);
        }
        *out = new gradnoise_noise{std::move(noise)};
    } catch (const std::bad_alloc&) {
        return fail(gradnoise::ErrorCode::out_of_memory, "gradnoise_noise_create: out of memory");
    } catch (...) {
        return fail(gradnoise::ErrorCode::out_of_memory, "gradnoise_noise_create: allocation failed");
    }
    return ok();
}

void gradnoise_noise_destroy(gradnoise_noise* noise) { delete noise; }

gradnoise_status gradnoise_noise2(const gradnoise_noise* noise, float x, float y, float* out) {
    if (noise == nullptr || out == nullptr) {
        return null_handle("gradnoise_noise2: noise and out must be non-null");
    }
    *out = noise->noise.noise2(x, y);
    return ok();
}

gradnoise_status gradnoise_noise3(const gradnoise_noise* noise, float x, float y, float z, float* out) {
    if (noise == nullptr || out == nullptr) {
        return null_handle("gradnoise_noise3: noise and out must be non-null");
    }
    *out = noise->noise.noise3(x, y, z);
    return ok();
}

gradnoise_status gradnoise_noise4(const gradnoise_noise* noise, float x, float y, float z, float w, float* out) {
    if (noise == nullptr || out == nullptr) {
        return null_handle("gradnoise_noise4: noise and out must be non-null");
    }
    *out = noise->noise.noise4(x, y, z, w);
    return ok();
}

gradnoise_status gradnoise_evaluate_2d(const gradnoise_noise* noise, const float* x, const float* y, float* out,
                                       size_t count) {
    if (noise == nullptr) {
        return null_handle("gradnoise_evaluate_2d: noise is null");
    }
    return report(noise->noise.evaluate_2d(x, y, out, count));
}

gradnoise_status gradnoise_evaluate_3d(const gradnoise_noise* noise, const float* x, const float* y, const float* z,
                                       float* out, size_t count) {
    if (noise == nullptr) {
        return null_handle("gradnoise_evaluate_3d: noise is null");
    }
    return report(noise->noise.evaluate_3d(x, y, z, out, count));
}

gradnoise_status gradnoise_evaluate_4d(const gradnoise_noise* noise, const float* x, const float* y, const float* z,
                                       const float* w, float* out, size_t count) {
    if (noise == nullptr) {
        return null_handle("gradnoise_evaluate_4d: noise is null");
    }
    return report(noise->noise.evaluate_4d(x, y, z, w, out, count));
}

gradnoise_status gradnoise_evaluate_2d_f64(const gradnoise_noise* noise, const double* x, const double* y,
                                           double* out, size_t count) {
    if (noise == nullptr) {
        return null_handle("gradnoise_evaluate_2d_f64: noise is null");
    }
    return report(noise->noise.evaluate_2d_f64(x, y, out, count));
}

gradnoise_status gradnoise_evaluate_3d_f64(const gradnoise_noise* noise, const double* x, const double* y,
                                           const double* z, double* out, size_t count) {
    if (noise == nullptr) {
        return null_handle("gradnoise_evaluate_3d_f64: noise is null");
    }
    return report(noise->noise.evaluate_3d_f64(x, y, z, out, count));
}

// ---- grids and chunks ----

gradnoise_status gradnoise_fill_grid_2d(const gradnoise_noise* noise, const gradnoise_grid_2d* grid, float* out,
                                        size_t row_stride, const gradnoise_fill_options* options) {
    if (noise == nullptr || grid == nullptr) {
        return null_handle("gradnoise_fill_grid_2d: noise and grid must be non-null");
    }
    const gradnoise::Grid2d g{grid->origin_x, grid->origin_y, grid->step_x, grid->step_y, grid->size_x, grid->size_y};
    const OptionsBridge o(options);
    return report(noise->noise.fill_grid_2d(g, out, row_stride, o.cpp));
}

gradnoise_status gradnoise_fill_grid_3d(const gradnoise_noise* noise, const gradnoise_grid_3d* grid, float* out,
                                        size_t row_stride, size_t slice_stride, const gradnoise_fill_options* options) {
    if (noise == nullptr || grid == nullptr) {
        return null_handle("gradnoise_fill_grid_3d: noise and grid must be non-null");
    }
    const gradnoise::Grid3d g{grid->origin_x, grid->origin_y, grid->origin_z, grid->step_x, grid->step_y,
                              grid->step_z,   grid->size_x,   grid->size_y,   grid->size_z};
    const OptionsBridge o(options);
    return report(noise->noise.fill_grid_3d(g, out, row_stride, slice_stride, o.cpp));
}

gradnoise_status gradnoise_fill_chunk_2d(const gradnoise_noise* noise, const gradnoise_chunk_2d* chunk, float* out,
                                         size_t row_stride, const gradnoise_fill_options* options) {
    if (noise == nullptr || chunk == nullptr) {
        return null_handle("gradnoise_fill_chunk_2d: noise and chunk must be non-null");
    }
    const gradnoise::Chunk2d c{chunk->first_x, chunk->first_y, chunk->size_x, chunk->size_y, chunk->spacing, chunk->level};
    const OptionsBridge o(options);
    return report(noise->noise.fill_chunk_2d(c, out, row_stride, o.cpp));
}

gradnoise_status gradnoise_fill_chunk_3d(const gradnoise_noise* noise, const gradnoise_chunk_3d* chunk, float* out,
                                         size_t row_stride, size_t slice_stride,
                                         const gradnoise_fill_options* options) {
    if (noise == nullptr || chunk == nullptr) {
        return null_handle("gradnoise_fill_chunk_3d: noise and chunk must be non-null");
    }
    const gradnoise::Chunk3d c{chunk->first_x, chunk->first_y, chunk->first_z, chunk->size_x,
                               chunk->size_y,  chunk->size_z,  chunk->spacing, chunk->level};
    const OptionsBridge o(options);
    return report(noise->noise.fill_chunk_3d(c, out, row_stride, slice_stride, o.cpp));
}

namespace {
gradnoise_status check_chunk_sample(const gradnoise_noise* noise, float spacing, float* out, const char* null_message,
                                    const char* spacing_message, const char* field_message) noexcept {
    if (noise == nullptr || out == nullptr) {
        return null_handle(null_message);
    }
    if (!std::isfinite(spacing) || !(spacing > 0.0f)) {
        return fail(gradnoise::ErrorCode::invalid_argument, spacing_message);
    }
    const gradnoise::NoiseDesc& d = noise->noise.desc();
    if (d.warp.levels != 0 || d.pattern.kind != gradnoise::Pattern::none) {
        return fail(gradnoise::ErrorCode::invalid_argument, field_message);
    }
    if (!gradnoise::reference::chunk_steps_finite(d, spacing)) {
        return fail(gradnoise::ErrorCode::invalid_argument, spacing_message);
    }
    return ok();
}
}  // namespace

gradnoise_status gradnoise_chunk_sample_2d(const gradnoise_noise* noise, int64_t sx, int64_t sy, float spacing,
                                           float* out) {
    const gradnoise_status s = check_chunk_sample(
        noise, spacing, out, "gradnoise_chunk_sample_2d: noise and out must be non-null",
        "gradnoise_chunk_sample_2d: spacing must be finite, > 0 and small enough that spacing * f_k is finite for every octave",
        "gradnoise_chunk_sample_2d: warps and patterns depend on absolute coordinates; chunks take plain noise or "
        "fractals");
    if (s == GRADNOISE_OK) {
        *out = noise->noise.chunk_sample_2d(sx, sy, spacing);
    }
    return s;
}

gradnoise_status gradnoise_chunk_sample_3d(const gradnoise_noise* noise, int64_t sx, int64_t sy, int64_t sz,
                                           float spacing, float* out) {
    const gradnoise_status s = check_chunk_sample(
        noise, spacing, out, "gradnoise_chunk_sample_3d: noise and out must be non-null",
        "gradnoise_chunk_sample_3d: spacing must be finite, > 0 and small enough that spacing * f_k is finite for every octave",
        "gradnoise_chunk_sample_3d: warps and patterns depend on absolute coordinates; chunks take plain noise or "
        "fractals");
    if (s == GRADNOISE_OK) {
        *out = noise->noise.chunk_sample_3d(sx, sy, sz, spacing);
    }
    return s;
}

}  // extern "C"

// ---- [S 18] gradients and curl ----

namespace {

gradnoise::GradientOut planes(const gradnoise_gradient_out* o) {
    return o == nullptr ? gradnoise::GradientOut{} : gradnoise::GradientOut{o->value, o->dx, o->dy, o->dz, o->dw};
}

gradnoise_status scalar_gradient(const gradnoise_noise* noise, int dims, const float* p, float* out, const char* null_message,
                                 const char* refused) {
    if (noise == nullptr || out == nullptr) {
        return null_handle(null_message);
    }
    float v[5];
    if (dims == 2) {
        const gradnoise::Gradient2 g = noise->noise.gradient2(p[0], p[1]);
        v[0] = g.value, v[1] = g.dx, v[2] = g.dy;
    } else if (dims == 3) {
        const gradnoise::Gradient3 g = noise->noise.gradient3(p[0], p[1], p[2]);
        v[0] = g.value, v[1] = g.dx, v[2] = g.dy, v[3] = g.dz;
    } else {
        const gradnoise::Gradient4 g = noise->noise.gradient4(p[0], p[1], p[2], p[3]);
        v[0] = g.value, v[1] = g.dx, v[2] = g.dy, v[3] = g.dz, v[4] = g.dw;
    }
    if (v[1] != v[1]) {  // NaN: no gradient for this field
        return fail(gradnoise::ErrorCode::invalid_argument, refused);
    }
    for (int a = 0; a <= dims; ++a) {
        out[a] = v[a];
    }
    return ok();
}

}  // namespace

extern "C" {

gradnoise_status gradnoise_gradient2(const gradnoise_noise* noise, float x, float y, float* out) {
    const float p[2] = {x, y};
    return scalar_gradient(noise, 2, p, out, "gradnoise_gradient2: noise and out must be non-null",
                           "gradnoise_gradient2: patterns have no gradient (pattern kind must be none)");
}

gradnoise_status gradnoise_gradient3(const gradnoise_noise* noise, float x, float y, float z, float* out) {
    const float p[3] = {x, y, z};
    return scalar_gradient(noise, 3, p, out, "gradnoise_gradient3: noise and out must be non-null",
                           "gradnoise_gradient3: patterns have no gradient (pattern kind must be none)");
}

gradnoise_status gradnoise_gradient4(const gradnoise_noise* noise, float x, float y, float z, float w, float* out) {
    const float p[4] = {x, y, z, w};
    return scalar_gradient(noise, 4, p, out, "gradnoise_gradient4: noise and out must be non-null",
                           "gradnoise_gradient4: patterns, cellular noise and tiled simplex fields have no 4D gradient");
}

gradnoise_status gradnoise_evaluate_gradient_2d(const gradnoise_noise* noise, const float* x, const float* y,
                                                const gradnoise_gradient_out* out, size_t count) {
    if (noise == nullptr || (out == nullptr && count > 0)) {
        return null_handle("gradnoise_evaluate_gradient_2d: noise and out must be non-null");
    }
    return report(noise->noise.evaluate_gradient_2d(x, y, planes(out), count));
}

gradnoise_status gradnoise_evaluate_gradient_3d(const gradnoise_noise* noise, const float* x, const float* y,
                                                const float* z, const gradnoise_gradient_out* out, size_t count) {
    if (noise == nullptr || (out == nullptr && count > 0)) {
        return null_handle("gradnoise_evaluate_gradient_3d: noise and out must be non-null");
    }
    return report(noise->noise.evaluate_gradient_3d(x, y, z, planes(out), count));
}

gradnoise_status gradnoise_evaluate_gradient_4d(const gradnoise_noise* noise, const float* x, const float* y,
                                                const float* z, const float* w, const gradnoise_gradient_out* out,
                                                size_t count) {
    if (noise == nullptr || (out == nullptr && count > 0)) {
        return null_handle("gradnoise_evaluate_gradient_4d: noise and out must be non-null");
    }
    return report(noise->noise.evaluate_gradient_4d(x, y, z, w, planes(out), count));
}

gradnoise_status gradnoise_fill_grid_gradient_2d(const gradnoise_noise* noise, const gradnoise_grid_2d* grid,
                                                 const gradnoise_gradient_out* out, size_t row_stride,
                                                 const gradnoise_fill_options* options) {
    if (noise == nullptr || grid == nullptr || out == nullptr) {
        return null_handle("gradnoise_fill_grid_gradient_2d: noise, grid and out must be non-null");
    }
    const gradnoise::Grid2d g{grid->origin_x, grid->origin_y, grid->step_x, grid->step_y, grid->size_x, grid->size_y};
    const OptionsBridge o(options);
    return report(noise->noise.fill_grid_gradient_2d(g, planes(out), row_stride, o.cpp));
}

gradnoise_status gradnoise_fill_grid_gradient_3d(const gradnoise_noise* noise, const gradnoise_grid_3d* grid,
                                                 const gradnoise_gradient_out* out, size_t row_stride,
                                                 size_t slice_stride, const gradnoise_fill_options* options) {
    if (noise == nullptr || grid == nullptr || out == nullptr) {
        return null_handle("gradnoise_fill_grid_gradient_3d: noise, grid and out must be non-null");
    }
    const gradnoise::Grid3d g{grid->origin_x, grid->origin_y, grid->origin_z, grid->step_x, grid->step_y,
                              grid->step_z,   grid->size_x,   grid->size_y,   grid->size_z};
    const OptionsBridge o(options);
    return report(noise->noise.fill_grid_gradient_3d(g, planes(out), row_stride, slice_stride, o.cpp));
}

gradnoise_status gradnoise_fill_chunk_gradient_2d(const gradnoise_noise* noise, const gradnoise_chunk_2d* chunk,
                                                  const gradnoise_gradient_out* out, size_t row_stride,
                                                  const gradnoise_fill_options* options) {
    if (noise == nullptr || chunk == nullptr || out == nullptr) {
        return null_handle("gradnoise_fill_chunk_gradient_2d: noise, chunk and out must be non-null");
    }
    const gradnoise::Chunk2d c{chunk->first_x, chunk->first_y, chunk->size_x, chunk->size_y, chunk->spacing, chunk->level};
    const OptionsBridge o(options);
    return report(noise->noise.fill_chunk_gradient_2d(c, planes(out), row_stride, o.cpp));
}

gradnoise_status gradnoise_fill_chunk_gradient_3d(const gradnoise_noise* noise, const gradnoise_chunk_3d* chunk,
                                                  const gradnoise_gradient_out* out, size_t row_stride,
                                                  size_t slice_stride, const gradnoise_fill_options* options) {
    if (noise == nullptr || chunk == nullptr || out == nullptr) {
        return null_handle("gradnoise_fill_chunk_gradient_3d: noise, chunk and out must be non-null");
    }
    const gradnoise::Chunk3d c{chunk->first_x, chunk->first_y, chunk->first_z, chunk->size_x,
                               chunk->size_y,  chunk->size_z,  chunk->spacing, chunk->level};
    const OptionsBridge o(options);
    return report(noise->noise.fill_chunk_gradient_3d(c, planes(out), row_stride, slice_stride, o.cpp));
}

gradnoise_status gradnoise_evaluate_curl_2d(const gradnoise_noise* noise, const float* x, const float* y, float* vx,
                                            float* vy, size_t count) {
    if (noise == nullptr) {
        return null_handle("gradnoise_evaluate_curl_2d: noise is null");
    }
    return report(noise->noise.evaluate_curl_2d(x, y, vx, vy, count));
}

gradnoise_status gradnoise_evaluate_curl_3d(const gradnoise_noise* noise, const float* x, const float* y,
                                            const float* z, float* vx, float* vy, float* vz, size_t count) {
    if (noise == nullptr) {
        return null_handle("gradnoise_evaluate_curl_3d: noise is null");
    }
    return report(noise->noise.evaluate_curl_3d(x, y, z, vx, vy, vz, count));
}

// ---- graphs ----

static_assert(GRADNOISE_GRAPH_FORMAT_VERSION == gradnoise::graph_format_version);

gradnoise_status gradnoise_graph_create_from_json(const char* json, size_t length, gradnoise_graph** out, char* error,
                                                  size_t error_capacity) {
    if (out == nullptr) {
        return null_handle("gradnoise_graph_create_from_json: out is null");
    }
    *out = nullptr;
    if (json == nullptr && length > 0) {
        return null_handle("gradnoise_graph_create_from_json: json is null");
    }
    try {
        gradnoise::Graph graph;
        std::string message;
        const gradnoise::Status s =
            gradnoise::Graph::from_json(std::string_view(json == nullptr ? "" : json, length), &graph, &message);
        if (!s) {
            if (error != nullptr && error_capacity > 0) {
                const std::size_t n = std::min(message.size(), error_capacity - 1);
                std::memcpy(error, message.data(), n);
                error[n] = '\0';
            }
            return report(s);
        }
        *out = new gradnoise_graph{std::move(graph)};
    } catch (...) {
        return fail(gradnoise::ErrorCode::out_of_memory, "gradnoise_graph_create_from_json: out of memory");
    }
    return ok();
}

void gradnoise_graph_destroy(gradnoise_graph* graph) { delete graph; }

int gradnoise_graph_dimensions(const gradnoise_graph* graph) { return graph == nullptr ? 0 : graph->graph.dimensions(); }

namespace {
// A text for the caller: *length its size; copied with its NUL when buffer is given and large enough.
gradnoise_status copy_text(const std::string& text, char* buffer, size_t capacity, size_t* length,
                           const char* overflow_message) {
    *length = text.size();
    if (buffer == nullptr) {
        return ok();
    }
    if (capacity <= text.size()) {
        return fail(gradnoise::ErrorCode::size_overflow, overflow_message);
    }
    std::memcpy(buffer, text.c_str(), text.size() + 1);
    return ok();
}
}  // namespace

namespace {
// (Status keeps a message's pointer: each function's messages are literals.)
struct ShaderMessages {
    const char* null_pointer;
    const char* capacity;
    const char* out_of_memory;
};

gradnoise_status shader_text(const ShaderMessages& m, const gradnoise_desc* desc, int dimensions, const char* name,
                             bool gradient, char* buffer, size_t capacity, size_t* length) {
    if (desc == nullptr || length == nullptr) {
        return null_handle(m.null_pointer);
    }
    try {
        gradnoise::ShaderOptions options;
        options.dimensions = dimensions;
        options.gradient = gradient;
        if (name != nullptr) {
            options.function_name = name;
        }
        std::string text;
        if (gradnoise::Status s = gradnoise::shader_source(desc->desc, options, &text); !s) {
            return report(s);
        }
        return copy_text(text, buffer, capacity, length, m.capacity);
    } catch (...) {
        return fail(gradnoise::ErrorCode::out_of_memory, m.out_of_memory);
    }
}
}  // namespace

gradnoise_status gradnoise_shader_source(const gradnoise_desc* desc, int dimensions, const char* name, char* buffer,
                                         size_t capacity, size_t* length) {
    static constexpr ShaderMessages m{"gradnoise_shader_source: desc and length must be non-null",
                                      "gradnoise_shader_source: capacity must exceed *length",
                                      "gradnoise_shader_source: out of memory"};
    return shader_text(m, desc, dimensions, name, false, buffer, capacity, length);
}

gradnoise_status gradnoise_shader_gradient_source(const gradnoise_desc* desc, int dimensions, const char* name,
                                                  char* buffer, size_t capacity, size_t* length) {
    static constexpr ShaderMessages m{"gradnoise_shader_gradient_source: desc and length must be non-null",
                                      "gradnoise_shader_gradient_source: capacity must exceed *length",
                                      "gradnoise_shader_gradient_source: out of memory"};
    return shader_text(m, desc, dimensions, name, true, buffer, capacity, length);
}

gradnoise_status gradnoise_graph_shader_source(const gradnoise_graph* graph, int gradient, const char* name,
                                               char* buffer, size_t capacity, size_t* length) {
    if (graph == nullptr || length == nullptr) {
        return null_handle("gradnoise_graph_shader_source: graph and length must be non-null");
    }
    try {
        gradnoise::ShaderOptions options;
        options.dimensions = graph->graph.dimensions();
        options.gradient = gradient != 0;
        if (name != nullptr) {
            options.function_name = name;
        }
        std::string text;
        if (gradnoise::Status s = gradnoise::shader_source(graph->graph, options, &text); !s) {
            return report(s);
        }
        return copy_text(text, buffer, capacity, length, "gradnoise_graph_shader_source: capacity must exceed *length");
    } catch (...) {
        return fail(gradnoise::ErrorCode::out_of_memory, "gradnoise_graph_shader_source: out of memory");
    }
}

gradnoise_status gradnoise_chunk_octave_coordinates(const gradnoise_noise* noise, int axis, int64_t first, size_t count,
                                                    float spacing, float* out) {
    if (noise == nullptr) {
        return null_handle("gradnoise_chunk_octave_coordinates: noise must be non-null");
    }
    return report(gradnoise::chunk_octave_coordinates(noise->noise, axis, first, count, spacing, out));
}

gradnoise_status gradnoise_chunk_octave_coordinates_f64(const gradnoise_noise* noise, int axis, int64_t first,
                                                        size_t count, float spacing, double* out) {
    if (noise == nullptr) {
        return null_handle("gradnoise_chunk_octave_coordinates_f64: noise must be non-null");
    }
    return report(gradnoise::chunk_octave_coordinates(noise->noise, axis, first, count, spacing, out));
}

gradnoise_status gradnoise_graph_to_json(const gradnoise_graph* graph, char* buffer, size_t capacity, size_t* length) {
    if (graph == nullptr || length == nullptr) {
        return null_handle("gradnoise_graph_to_json: graph and length must be non-null");
    }
    try {
        return copy_text(graph->graph.to_json(), buffer, capacity, length,
                         "gradnoise_graph_to_json: capacity must exceed *length");
    } catch (...) {
        return fail(gradnoise::ErrorCode::out_of_memory, "gradnoise_graph_to_json: out of memory");
    }
}

gradnoise_status gradnoise_graph_evaluate_2d(const gradnoise_graph* graph, const float* x, const float* y, float* out,
                                             size_t count) {
    if (graph == nullptr) {
        return null_handle("gradnoise_graph_evaluate_2d: graph is null");
    }
    return report(graph->graph.evaluate_2d(x, y, out, count));
}

gradnoise_status gradnoise_graph_evaluate_3d(const gradnoise_graph* graph, const float* x, const float* y,
                                             const float* z, float* out, size_t count) {
    if (graph == nullptr) {
        return null_handle("gradnoise_graph_evaluate_3d: graph is null");
    }
    return report(graph->graph.evaluate_3d(x, y, z, out, count));
}

gradnoise_status gradnoise_graph_evaluate_4d(const gradnoise_graph* graph, const float* x, const float* y,
                                             const float* z, const float* w, float* out, size_t count) {
    if (graph == nullptr) {
        return null_handle("gradnoise_graph_evaluate_4d: graph is null");
    }
    return report(graph->graph.evaluate_4d(x, y, z, w, out, count));
}

gradnoise_status gradnoise_graph_fill_grid_2d(const gradnoise_graph* graph, const gradnoise_grid_2d* grid, float* out,
                                              size_t row_stride, const gradnoise_fill_options* options) {
    if (graph == nullptr || grid == nullptr) {
        return null_handle("gradnoise_graph_fill_grid_2d: graph and grid must be non-null");
    }
    const gradnoise::Grid2d g{grid->origin_x, grid->origin_y, grid->step_x, grid->step_y, grid->size_x, grid->size_y};
    const OptionsBridge o(options);
    return report(graph->graph.fill_grid_2d(g, out, row_stride, o.cpp));
}

gradnoise_status gradnoise_graph_fill_grid_3d(const gradnoise_graph* graph, const gradnoise_grid_3d* grid, float* out,
                                              size_t row_stride, size_t slice_stride,
                                              const gradnoise_fill_options* options) {
    if (graph == nullptr || grid == nullptr) {
        return null_handle("gradnoise_graph_fill_grid_3d: graph and grid must be non-null");
    }
    const gradnoise::Grid3d g{grid->origin_x, grid->origin_y, grid->origin_z, grid->step_x, grid->step_y,
                              grid->step_z, grid->size_x, grid->size_y, grid->size_z};
    const OptionsBridge o(options);
    return report(graph->graph.fill_grid_3d(g, out, row_stride, slice_stride, o.cpp));
}

gradnoise_status gradnoise_graph_evaluate_gradient_2d(const gradnoise_graph* graph, const float* x, const float* y,
                                                      const gradnoise_gradient_out* out, size_t count) {
    if (graph == nullptr || (out == nullptr && count > 0)) {
        return null_handle("gradnoise_graph_evaluate_gradient_2d: graph and out must be non-null");
    }
    return report(graph->graph.evaluate_gradient_2d(x, y, planes(out), count));
}

gradnoise_status gradnoise_graph_evaluate_gradient_3d(const gradnoise_graph* graph, const float* x, const float* y,
                                                      const float* z, const gradnoise_gradient_out* out, size_t count) {
    if (graph == nullptr || (out == nullptr && count > 0)) {
        return null_handle("gradnoise_graph_evaluate_gradient_3d: graph and out must be non-null");
    }
    return report(graph->graph.evaluate_gradient_3d(x, y, z, planes(out), count));
}

gradnoise_status gradnoise_graph_evaluate_gradient_4d(const gradnoise_graph* graph, const float* x, const float* y,
                                                      const float* z, const float* w, const gradnoise_gradient_out* out,
                                                      size_t count) {
    if (graph == nullptr || (out == nullptr && count > 0)) {
        return null_handle("gradnoise_graph_evaluate_gradient_4d: graph and out must be non-null");
    }
    return report(graph->graph.evaluate_gradient_4d(x, y, z, w, planes(out), count));
}

gradnoise_status gradnoise_graph_fill_grid_gradient_2d(const gradnoise_graph* graph, const gradnoise_grid_2d* grid,
                                                       const gradnoise_gradient_out* out, size_t row_stride,
                                                       const gradnoise_fill_options* options) {
    if (graph == nullptr || grid == nullptr || out == nullptr) {
        return null_handle("gradnoise_graph_fill_grid_gradient_2d: graph, grid and out must be non-null");
    }
    const gradnoise::Grid2d g{grid->origin_x, grid->origin_y, grid->step_x, grid->step_y, grid->size_x, grid->size_y};
    const OptionsBridge o(options);
    return report(graph->graph.fill_grid_gradient_2d(g, planes(out), row_stride, o.cpp));
}

gradnoise_status gradnoise_graph_fill_grid_gradient_3d(const gradnoise_graph* graph, const gradnoise_grid_3d* grid,
                                                       const gradnoise_gradient_out* out, size_t row_stride,
                                                       size_t slice_stride, const gradnoise_fill_options* options) {
    if (graph == nullptr || grid == nullptr || out == nullptr) {
        return null_handle("gradnoise_graph_fill_grid_gradient_3d: graph, grid and out must be non-null");
    }
    const gradnoise::Grid3d g{grid->origin_x, grid->origin_y, grid->origin_z, grid->step_x, grid->step_y,
                              grid->step_z, grid->size_x, grid->size_y, grid->size_z};
    const OptionsBridge o(options);
    return report(graph->graph.fill_grid_gradient_3d(g, planes(out), row_stride, slice_stride, o.cpp));
}

gradnoise_status gradnoise_graph_fill_chunk_2d(const gradnoise_graph* graph, const gradnoise_chunk_2d* chunk, float* out,
                                               size_t row_stride, const gradnoise_fill_options* options) {
    if (graph == nullptr || chunk == nullptr) {
        return null_handle("gradnoise_graph_fill_chunk_2d: graph and chunk must be non-null");
    }
    const gradnoise::Chunk2d c{chunk->first_x, chunk->first_y, chunk->size_x, chunk->size_y, chunk->spacing, chunk->level};
    const OptionsBridge o(options);
    return report(graph->graph.fill_chunk_2d(c, out, row_stride, o.cpp));
}

gradnoise_status gradnoise_graph_fill_chunk_3d(const gradnoise_graph* graph, const gradnoise_chunk_3d* chunk, float* out,
                                               size_t row_stride, size_t slice_stride,
                                               const gradnoise_fill_options* options) {
    if (graph == nullptr || chunk == nullptr) {
        return null_handle("gradnoise_graph_fill_chunk_3d: graph and chunk must be non-null");
    }
    const gradnoise::Chunk3d c{chunk->first_x, chunk->first_y, chunk->first_z, chunk->size_x,
                               chunk->size_y,  chunk->size_z,  chunk->spacing, chunk->level};
    const OptionsBridge o(options);
    return report(graph->graph.fill_chunk_3d(c, out, row_stride, slice_stride, o.cpp));
}

}  // extern "C"
