// The C API's fields (include/gradnoise/gradnoise.h, "fields", "grids and chunks", "analytic
// gradients and curl noise"): a Noise made from a descriptor; its samples, grids, chunks and
// gradients.
#include <cmath>
#include <new>
#include <utility>

#include "api/c_api_bridge.hpp"
#include "reference/reference.hpp"

using namespace gradnoise::c_api;

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
    return report(noise->noise.fill_grid_2d(cpp_form(*grid), out, row_stride, OptionsBridge(options).cpp));
}

gradnoise_status gradnoise_fill_grid_3d(const gradnoise_noise* noise, const gradnoise_grid_3d* grid, float* out,
                                        size_t row_stride, size_t slice_stride, const gradnoise_fill_options* options) {
    if (noise == nullptr || grid == nullptr) {
        return null_handle("gradnoise_fill_grid_3d: noise and grid must be non-null");
    }
    return report(noise->noise.fill_grid_3d(cpp_form(*grid), out, row_stride, slice_stride,
                                            OptionsBridge(options).cpp));
}

gradnoise_status gradnoise_fill_chunk_2d(const gradnoise_noise* noise, const gradnoise_chunk_2d* chunk, float* out,
                                         size_t row_stride, const gradnoise_fill_options* options) {
    if (noise == nullptr || chunk == nullptr) {
        return null_handle("gradnoise_fill_chunk_2d: noise and chunk must be non-null");
    }
    return report(noise->noise.fill_chunk_2d(cpp_form(*chunk), out, row_stride, OptionsBridge(options).cpp));
}

gradnoise_status gradnoise_fill_chunk_3d(const gradnoise_noise* noise, const gradnoise_chunk_3d* chunk, float* out,
                                         size_t row_stride, size_t slice_stride,
                                         const gradnoise_fill_options* options) {
    if (noise == nullptr || chunk == nullptr) {
        return null_handle("gradnoise_fill_chunk_3d: noise and chunk must be non-null");
    }
    return report(noise->noise.fill_chunk_3d(cpp_form(*chunk), out, row_stride, slice_stride,
                                             OptionsBridge(options).cpp));
}

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

// ---- [S 18] gradients and curl ----

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
    return report(noise->noise.fill_grid_gradient_2d(cpp_form(*grid), planes(out), row_stride,
                                                     OptionsBridge(options).cpp));
}

gradnoise_status gradnoise_fill_grid_gradient_3d(const gradnoise_noise* noise, const gradnoise_grid_3d* grid,
                                                 const gradnoise_gradient_out* out, size_t row_stride,
                                                 size_t slice_stride, const gradnoise_fill_options* options) {
    if (noise == nullptr || grid == nullptr || out == nullptr) {
        return null_handle("gradnoise_fill_grid_gradient_3d: noise, grid and out must be non-null");
    }
    return report(noise->noise.fill_grid_gradient_3d(cpp_form(*grid), planes(out), row_stride, slice_stride,
                                                     OptionsBridge(options).cpp));
}

gradnoise_status gradnoise_fill_chunk_gradient_2d(const gradnoise_noise* noise, const gradnoise_chunk_2d* chunk,
                                                  const gradnoise_gradient_out* out, size_t row_stride,
                                                  const gradnoise_fill_options* options) {
    if (noise == nullptr || chunk == nullptr || out == nullptr) {
        return null_handle("gradnoise_fill_chunk_gradient_2d: noise, chunk and out must be non-null");
    }
    return report(noise->noise.fill_chunk_gradient_2d(cpp_form(*chunk), planes(out), row_stride,
                                                      OptionsBridge(options).cpp));
}

gradnoise_status gradnoise_fill_chunk_gradient_3d(const gradnoise_noise* noise, const gradnoise_chunk_3d* chunk,
                                                  const gradnoise_gradient_out* out, size_t row_stride,
                                                  size_t slice_stride, const gradnoise_fill_options* options) {
    if (noise == nullptr || chunk == nullptr || out == nullptr) {
        return null_handle("gradnoise_fill_chunk_gradient_3d: noise, chunk and out must be non-null");
    }
    return report(noise->noise.fill_chunk_gradient_3d(cpp_form(*chunk), planes(out), row_stride, slice_stride,
                                                      OptionsBridge(options).cpp));
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

}  // extern "C"
