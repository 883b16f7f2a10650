#include "bake_gpu.hpp"

#include <vector>

#include <cmath>

#include "bake_evaluate.hpp"
#include "bake_settings.hpp"
#include "interrupt.hpp"
#include "options.hpp"
#if defined(GRADNOISE_HAVE_GPU)
#include "gpu/check.hpp"
#include "gpu/fill.hpp"
#endif

namespace gradnoise::cli {

#if defined(GRADNOISE_HAVE_GPU)

GpuBake::GpuBake(const std::string& device) : option_(device) {
    std::string why;
    device_ = gpu::open(device == "vulkan" ? GpuApi::vulkan : GpuApi::opengl, &why);
    if (device_ == nullptr) {
        fail("--device " + device + ": " + why);
    }
}

GpuBake::~GpuBake() = default;

std::string GpuBake::renderer() const { return device_->renderer(); }

void GpuBake::prepare(const FieldSource& field, int dims, bool gradient) {
    const std::string text = field.shader(dims, gradient, "gn_bake");
    if (fills_.count(text) != 0) {
        return;
    }
    gpu::Subject subject{"the bake's field", field.is_graph() ? NoiseDesc{} : field.noise().desc(),
                         field.is_graph() ? field.graph().to_json() : std::string()};
    std::vector<gpu::Case> cases;
    for (const gpu::Case& c : gpu::cases_of({subject}, true, gradient, false)) {
        if (c.dims == dims) cases.push_back(c);
    }
    const std::vector<GpuCaseResult> results = gpu::run_cases(*device_, cases, gpu::RunOptions{});
    for (const GpuCaseResult& r : results) {
        if (r.exact()) continue;
        const std::string what = !r.error.empty() ? r.error
                                                  : std::to_string(r.differ) + " of " + std::to_string(r.compared) +
                                                        " outputs differ from the CPU's, the largest by " +
                                                        std::to_string(r.worst_ulps) + " ulps; " + r.example;
        fail("--device " + option_ + ": " + device_->renderer() + " does not give the CPU's bits for " + r.name + " (" + what +
             "); nothing written. Bake with --device cpu" +
             (option_ == "gpu" ? ", or --device vulkan on a device that keeps subnormals (docs/gpu.md)" : "") + ".");
    }
    auto fill = std::make_shared<gpu::WindowFill>();
    std::string error;
    if (!fill->open(*device_, text, dims, gradient, &error)) {
        fail("--device " + option_ + ": " + error);
    }
    fills_[text] = std::move(fill);
}

void GpuBake::fill(const FieldSource& field, int dims, const float* xs, std::size_t nx, const float* ys, std::size_t ny, float z,
                   float w, float* values, float* gx, float* gy, RateProgress* progress) {
    const bool gradient = gx != nullptr;
    prepare(field, dims, gradient);
    const gpu::WindowFill& f = *fills_.at(field.shader(dims, gradient, "gn_bake"));
    std::string error;
    const bool ok = f.fill(xs, nx, ys, ny, z, w, values, gx, gy,
                           [&](std::size_t rows) { return RateProgress::report(progress, rows, ny) && interrupted_signal() == 0; },
                           &error);
    stop_if_interrupted();
    if (!ok) {
        fail("--device " + option_ + ": " + error);
    }
}

void open_bake_device(Bake& b, const FieldSource& field) {
    if (b.device == "cpu") {
        return;
    }
    b.gpu = std::make_shared<GpuBake>(b.device);
    Bake sampled = b;
    if (b.volume > 0) {
        sampled.frames = b.volume;  // (Baker::volume's slices: frames at z = float(k) * step)
        sampled.loop = false;
    }
    b.gpu->prepare(field, sampled_dims(sampled), b.slopes());
    for (int level = 1; level <= b.lod && b.graph.empty(); ++level) {
        NoiseDesc d = b.desc;
        d.fractal.footprint = std::ldexp(b.desc.fractal.footprint, level);
        b.gpu->prepare(FieldSource(make_noise(d)), 2, b.slopes());
    }
}

#else

GpuBake::~GpuBake() = default;
std::string GpuBake::renderer() const { return std::string(); }

void open_bake_device(Bake& b, const FieldSource&) {
    if (b.device != "cpu") {
        usage_error("--device " + b.device + ": this build of gradnoise has no GPU support (gradnoise_gpu needs libegl-dev and "
                    "libopengl-dev, or libvulkan-dev and glslang-dev)");
    }
}

#endif

}  // namespace gradnoise::cli
