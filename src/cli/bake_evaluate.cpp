#include "bake_evaluate.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

#include "../parallel/parallel.hpp"

#include "interrupt.hpp"
#if defined(GRADNOISE_HAVE_GPU)
#include "bake_gpu.hpp"
#endif

namespace gradnoise::cli {
namespace {

// Where the planes of a value (+ gradient) picture are.
struct Planes {
    Floats* values;
    Floats* gx;  // null: values only
    Floats* gy;
    std::uint32_t w;

    bool gradient() const { return gx != nullptr; }
    // Row j's planes for an evaluate call (z_plane, w_plane: the gradient along time, not kept).
    GradientOut row(std::uint32_t j, float* z_plane, float* w_plane) const {
        const std::size_t at = std::size_t(j) * w;
        return GradientOut{values->data() + at, gx->data() + at, gy->data() + at, z_plane, w_plane};
    }
};

// --loop: 4D noise on a circle in (z, w) whose circumference is frames * time_step, row by row.
Status evaluate_loop(const Bake& b, const FieldSource& noise, const Window& v, float step, const Planes& p,
                     const FillOptions& fill) {
    const double pi = 3.14159265358979323846;
    const double angle = 2.0 * pi * v.frame / b.frames;
    const double radius = b.frames * static_cast<double>(b.time_step) / (2.0 * pi);
    std::vector<float> xs(v.w), ys(v.w), zs(v.w, static_cast<float>(radius * std::cos(angle))),
        ws(v.w, static_cast<float>(radius * std::sin(angle)));
    for (std::uint32_t i = 0; i < v.w; ++i) {
        xs[i] = b.origin_x + static_cast<float>(v.x0 + i) * step;
    }
    std::vector<float> dz(p.gradient() ? v.w : 0), dw(p.gradient() ? v.w : 0);
    Status s;
    for (std::uint32_t j = 0; j < v.h && s.ok(); ++j) {
        std::fill(ys.begin(), ys.end(), b.origin_y + static_cast<float>(v.y0 + j) * step);
        s = p.gradient() ? noise.evaluate_gradient_4d(xs.data(), ys.data(), zs.data(), ws.data(),
                                                      p.row(j, dz.data(), dw.data()), v.w)
                         : noise.evaluate_4d(xs.data(), ys.data(), zs.data(), ws.data(),
                                             p.values->data() + std::size_t(j) * v.w, v.w);
        if (!fill.progress(fill.user, j + 1, v.h)) {
            break;
        }
    }
    return s;
}

// A tile of a still image: the whole image's coordinates x_i = origin + float(x0 + i) * step. When
// they are a grid of their own (x_i == x_0 + float(i) * step for every i, and y alike: always so
// with a power-of-two step), the grid fill computes them -- the same bits, on --threads threads.
// Otherwise rows of points, spread over the threads the same way.
Status evaluate_tile(const Bake& b, const FieldSource& noise, const Window& v, float step, const Planes& p,
                     const FillOptions& fill) {
    std::vector<float> xs(v.w), ys(v.h);
    for (std::uint32_t i = 0; i < v.w; ++i) {
        xs[i] = b.origin_x + static_cast<float>(v.x0 + i) * step;
    }
    for (std::uint32_t j = 0; j < v.h; ++j) {
        ys[j] = b.origin_y + static_cast<float>(v.y0 + j) * step;
    }
    bool own_grid = true;
    for (std::uint32_t i = 0; i < v.w && own_grid; ++i) {
        own_grid = xs[i] == xs[0] + static_cast<float>(i) * step;
    }
    for (std::uint32_t j = 0; j < v.h && own_grid; ++j) {
        own_grid = ys[j] == ys[0] + static_cast<float>(j) * step;
    }
    if (own_grid) {
        const Grid2d g{xs[0], ys[0], step, step, v.w, v.h};
        return p.gradient() ? noise.fill_grid_gradient_2d(g, p.row(0, nullptr, nullptr), 0, fill)
                            : noise.fill_grid_2d(g, p.values->data(), 0, fill);
    }
    std::vector<Status> row_status(v.h);
    auto rows = [&](std::uint32_t j0, std::uint32_t j1) {
        std::vector<float> row_y(v.w);
        for (std::uint32_t j = j0; j < j1 && interrupted_signal() == 0; ++j) {
            std::fill(row_y.begin(), row_y.end(), ys[j]);
            row_status[j] = p.gradient()
                                ? noise.evaluate_gradient_2d(xs.data(), row_y.data(), p.row(j, nullptr, nullptr), v.w)
                                : noise.evaluate_2d(xs.data(), row_y.data(), p.values->data() + std::size_t(j) * v.w, v.w);
        }
    };
    if (b.threads == 1) {
        rows(0, v.h);
    } else {
        parallel::for_blocks(v.h, 8, b.threads == 0 ? parallel::hardware_threads() : b.threads,
                             [&](std::size_t first, std::size_t last) {
                                 rows(static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(last));
                             });
    }
    for (const Status& r : row_status) {
        if (!r) {
            return r;
        }
    }
    return Status::success();
}

#if defined(GRADNOISE_HAVE_GPU)
// --device gpu|vulkan: the same points as each CPU path below computes, through the field's GLSL.
void evaluate_on_gpu(const Bake& b, const FieldSource& noise, const Window& v, float step, float t, const Planes& p,
                     RateProgress* progress) {
    std::vector<float> xs(v.w), ys(v.h);
    float z = 0.0f, w = 0.0f;
    const int dims = sampled_dims(b);
    if (dims == 4) {  // evaluate_loop's circle
        const double pi = 3.14159265358979323846;
        const double angle = 2.0 * pi * v.frame / b.frames;
        const double radius = b.frames * static_cast<double>(b.time_step) / (2.0 * pi);
        z = static_cast<float>(radius * std::cos(angle));
        w = static_cast<float>(radius * std::sin(angle));
    }
    // The grid fills' points ([S 6]: origin + float(i) * step) where evaluate takes a grid fill at the
    // picture's origin, else the tile's own (origin + float(x0 + i) * step).
    const bool grid = dims == 3 || (dims == 2 && v.x0 == 0 && v.y0 == 0);
    const float oy = dims == 2 && grid ? b.origin_y + (b.recipe->rise ? t : 0.0f) : b.origin_y;
    for (std::uint32_t i = 0; i < v.w; ++i) {
        xs[i] = b.origin_x + static_cast<float>(grid ? std::int64_t{i} : v.x0 + i) * step;
    }
    for (std::uint32_t j = 0; j < v.h; ++j) {
        ys[j] = oy + static_cast<float>(grid ? std::int64_t{j} : v.y0 + j) * step;
    }
    if (dims == 3) z = t + static_cast<float>(0) * 1.0f;  // (Grid3d: z_0 = t + float(0) * 1)
    b.gpu->fill(noise, dims, xs.data(), v.w, ys.data(), v.h, z, w, p.values->data(), p.gradient() ? p.gx->data() : nullptr,
                p.gradient() ? p.gy->data() : nullptr, progress);
}
#endif

}  // namespace

int sampled_dims(const Bake& b) { return b.frames > 1 && b.loop ? 4 : b.frames > 1 && !b.recipe->rise ? 3 : 2; }

Floats evaluate(const Bake& b, const FieldSource& noise, const Window& v, RateProgress* progress, Floats* gx, Floats* gy) {
    Floats values(std::size_t(v.w) * v.h);
    const Planes p{&values, gx, gy, v.w};
    if (p.gradient()) {
        gx->resize(values.size());
        gy->resize(values.size());
    }
    const float step = *b.scale / static_cast<float>(b.width);
    const float t = static_cast<float>(v.frame) * b.time_step;
    // (Always hooked, so that a signal cancels the fill within a block of rows; it prints only when enabled.)
    FillOptions fill;
    fill.threads = b.threads;
    fill.progress = &RateProgress::report;
    fill.user = progress;
    progress->samples_per_unit = v.w;
#if defined(GRADNOISE_HAVE_GPU)
    if (b.gpu != nullptr) {
        evaluate_on_gpu(b, noise, v, step, t, p, progress);
        return values;
    }
#endif
    Status s;
    if (b.frames > 1 && b.loop) {
        s = evaluate_loop(b, noise, v, step, p, fill);
    } else if (b.frames > 1 && !b.recipe->rise) {
        const Grid3d g{b.origin_x, b.origin_y, t, step, step, 1.0f, v.w, v.h, 1};
        if (p.gradient()) {
            Floats gz(values.size());  // the gradient along time: not needed, but written
            s = noise.fill_grid_gradient_3d(g, p.row(0, gz.data(), nullptr), 0, 0, fill);
        } else {
            s = noise.fill_grid_3d(g, values.data(), 0, 0, fill);
        }
    } else if (v.x0 == 0 && v.y0 == 0) {
        const Grid2d g{b.origin_x, b.origin_y + (b.recipe->rise ? t : 0.0f), step, step, v.w, v.h};
        s = p.gradient() ? noise.fill_grid_gradient_2d(g, p.row(0, nullptr, nullptr), 0, fill)
                         : noise.fill_grid_2d(g, values.data(), 0, fill);
    } else {
        s = evaluate_tile(b, noise, v, step, p, fill);
    }
    stop_if_interrupted();
    if (!s) {
        fail(s.message());
    }
    return values;
}

}  // namespace gradnoise::cli
