// gradnoise_gpu_bench: the GPU form's costs (docs/gpu.md). For a few fields and a graph: the CPU time to write the
// GLSL (shader_source), the driver's compile time, and the throughput of a side x side grid filled by
// the generated code through gradnoise_gpu's devices -- OpenGL and Vulkan, each where it opens (the
// dispatch alone timed, median of the repeats) -- beside the CPU's fill_grid_2d on one thread and on all
// of them in the same run; every GPU value is then checked against the CPU's bits. On Mesa's llvmpipe
// and lavapipe the "GPU" is this CPU running LLVM code: those figures say what a software renderer
// does, not what a GPU does.
// Usage: gradnoise_gpu_bench [side = 1024] [repeats = 5]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "gpu/check.hpp"
#include "gpu/device.hpp"
#include "gpu/known_answers.hpp"
#include "gradnoise/gradnoise.hpp"
#include "gradnoise/shader.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

struct Field {
    const char* name;
    gradnoise::NoiseDesc desc;
    const char* graph = nullptr;  // a graph file's text instead of desc
    bool gradient = false;
};

}  // namespace

int main(int argc, char** argv) {
    const int side = argc > 1 ? std::atoi(argv[1]) : 1024;
    const int repeats = argc > 2 ? std::atoi(argv[2]) : 5;
    if (side < 8 || side > 8192 || repeats < 1 || repeats > 100) {
        std::fprintf(stderr, "usage: gradnoise_gpu_bench [side 8..8192] [repeats 1..100]\n");
        return 2;
    }
    std::vector<std::unique_ptr<gradnoise::gpu::Device>> devices;
    for (const gradnoise::GpuApi api : {gradnoise::GpuApi::opengl, gradnoise::GpuApi::vulkan}) {
        std::string why;
        std::unique_ptr<gradnoise::gpu::Device> device = gradnoise::gpu::open(api, &why);
        if (device != nullptr) {
            devices.push_back(std::move(device));
        } else {
            std::fprintf(stderr, "gradnoise_gpu_bench: %s: %s\n", api == gradnoise::GpuApi::opengl ? "OpenGL" : "Vulkan", why.c_str());
        }
    }
    if (devices.empty()) return 3;
    std::vector<Field> fields(10);
    fields[0].name = "perlin 2D";
    fields[1].name = "perlin fbm-6 2D";
    fields[1].desc.fractal.kind = gradnoise::Fractal::fbm;
    fields[2].name = "perlin fbm-6 2D + gradient";
    fields[2].desc.fractal.kind = gradnoise::Fractal::fbm;
    fields[2].gradient = true;
    fields[3].name = "cellular F1 2D";
    fields[3].desc.basis = gradnoise::Basis::cellular;
    fields[4].name = "opensimplex2 2D (K.jpg's)";
    fields[4].desc.basis = gradnoise::Basis::opensimplex2;
    fields[5].name = "opensimplex2 2D, mix hash";
    fields[5].desc.basis = gradnoise::Basis::opensimplex2;
    fields[5].desc.hash = gradnoise::Hash::mix;
    fields[6].name = "opensimplex2s 2D (K.jpg's)";
    fields[6].desc.basis = gradnoise::Basis::opensimplex2s;
    fields[7].name = "opensimplex2s 2D, mix hash";
    fields[7].desc.basis = gradnoise::Basis::opensimplex2s;
    fields[7].desc.hash = gradnoise::Hash::mix;
    fields[8].name = "graph: warped terrain";
    fields[8].graph = gradnoise::gpu::terrain_graph();
    fields[9].name = "graph + gradient";
    fields[9].graph = gradnoise::gpu::terrain_graph();
    fields[9].gradient = true;
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    for (const auto& device : devices) {
        std::printf("%s: %s\n", gradnoise::gpu::api_name(device->api()), device->renderer().c_str());
    }
    std::printf("grid %d x %d; median of %d; CPU: %s ISA, 1 and %u threads\n", side, side, repeats,
                gradnoise::isa_name(gradnoise::active_isa()), threads);
    std::printf("%-28s %-7s %12s %12s %14s %14s %14s %8s\n", "field", "API", "source (us)", "compile (ms)", "GPU (M/s)",
                "CPU 1T (M/s)", "CPU all (M/s)", "differ");
    const std::size_t n = std::size_t(side) * std::size_t(side);
    for (std::size_t f = 0; f < fields.size(); ++f) {
        const bool gradient = fields[f].gradient;
        gradnoise::ShaderOptions options;
        options.dimensions = 2;
        options.gradient = gradient;
        gradnoise::Graph graph;
        if (fields[f].graph != nullptr && !gradnoise::Graph::from_json(fields[f].graph, &graph)) return 1;
        std::string text;
        std::vector<double> source_times;
        for (int r = 0; r < 20; ++r) {
            const auto t0 = Clock::now();
            const gradnoise::Status st = fields[f].graph != nullptr ? gradnoise::shader_source(graph, options, &text)
                                                                    : gradnoise::shader_source(fields[f].desc, options, &text);
            if (!st) return 1;
            source_times.push_back(seconds(t0, Clock::now()));
        }
        // The grid: sample (i, j) at (i * step, j * step), as fill_grid_2d's origin 0 and step (data[2]: the
        // side, data[3]: the step's bits).
        const float step = 1.0f / 64.0f;
        const std::string body = std::string("    uint side = data[2];\n    precise vec2 p = vec2(float(i % side), float(i / side)) * uintBitsToFloat(data[3]);\n") +
                                 (gradient ? "    vec2 d;\n    result[3u * i] = floatBitsToUint(gn_field_gradient(p, d));\n"
                                             "    result[3u * i + 1u] = floatBitsToUint(d.x);\n    result[3u * i + 2u] = floatBitsToUint(d.y);\n"
                                           : "    result[i] = floatBitsToUint(gn_field(p));\n");
        const std::size_t per = gradient ? 3 : 1;
        struct DeviceRun {
            double compile_s = 0, rate = 0;
            std::vector<float> out;
        };
        std::vector<DeviceRun> runs(devices.size());
        for (std::size_t k = 0; k < devices.size(); ++k) {
            std::string error;
            const auto c0 = Clock::now();
            const int program = devices[k]->compile("", text, body, &error);
            std::vector<std::uint32_t> input(gradnoise::gpu::parameter_words);
            input[2] = static_cast<std::uint32_t>(side);
            std::memcpy(&input[3], &step, 4);
            std::vector<std::uint32_t> out(n * per);
            double dispatch = 0;
            // (the first run compiles lazily on some drivers: it counts as the compile, and warms up)
            if (program < 0 || !devices[k]->run(program, input, n, out.data(), out.size(), &error)) {
                std::fprintf(stderr, "gradnoise_gpu_bench: %s: %s: %s\n", fields[f].name, gradnoise::gpu::api_name(devices[k]->api()), error.c_str());
                return 1;
            }
            runs[k].compile_s = seconds(c0, Clock::now());
            std::vector<double> gpu_times;
            for (int r = 0; r < repeats; ++r) {
                if (!devices[k]->run(program, input, n, out.data(), out.size(), &error, &dispatch)) return 1;
                gpu_times.push_back(dispatch);
            }
            runs[k].rate = double(n) / median(gpu_times) / 1e6;
            runs[k].out.resize(out.size());
            std::memcpy(runs[k].out.data(), out.data(), out.size() * 4);
        }
        // The CPU: the same grid, one thread and all.
        gradnoise::Noise noise;
        if (!gradnoise::Noise::create(fields[f].desc, &noise)) return 1;
        std::vector<float> value(n), dx(n), dy(n);
        const gradnoise::Grid2d grid{0.0f, 0.0f, step, step, std::size_t(side), std::size_t(side)};
        double cpu_rate[2];
        for (int t = 0; t < 2; ++t) {
            gradnoise::FillOptions fill;
            fill.threads = t == 0 ? 1 : threads;
            std::vector<double> times;
            for (int r = 0; r < repeats; ++r) {
                const auto t0 = Clock::now();
                const gradnoise::GradientOut planes{value.data(), dx.data(), dy.data()};
                const gradnoise::Status st =
                    fields[f].graph != nullptr
                        ? (gradient ? graph.fill_grid_gradient_2d(grid, planes, 0, fill) : graph.fill_grid_2d(grid, value.data(), 0, fill))
                        : (gradient ? noise.fill_grid_gradient_2d(grid, planes, 0, fill) : noise.fill_grid_2d(grid, value.data(), 0, fill));
                if (!st) return 1;
                times.push_back(seconds(t0, Clock::now()));
            }
            cpu_rate[t] = double(n) / median(times) / 1e6;
        }
        for (std::size_t k = 0; k < devices.size(); ++k) {
            std::size_t differ = 0;
            for (std::size_t i = 0; i < n; ++i) {
                const float cpu[3] = {value[i], dx[i], dy[i]};
                differ += std::memcmp(cpu, &runs[k].out[i * per], per * 4) != 0;
            }
            std::printf("%-28s %-7s %12.1f %12.1f %14.1f %14.1f %14.1f %8zu\n", fields[f].name, gradnoise::gpu::api_name(devices[k]->api()),
                        median(source_times) * 1e6, runs[k].compile_s * 1e3, runs[k].rate, cpu_rate[0], cpu_rate[1], differ);
        }
    }
    return 0;
}
