// gradnoise_gpu_bench: the GPU form's costs (docs/gpu.md). For a few fields and a graph: the CPU time to write the
// GLSL (shader_source), the driver's compile time, and the throughput of a side x side grid filled by
// the generated code in an OpenGL compute shader (timed with glFinish, median of the repeats), beside
// the CPU's fill_grid_2d on one thread and on all of them in the same run; every GPU value is then
// checked against the CPU's bits. On Mesa's llvmpipe the "GPU" is this CPU running LLVM code: those
// figures say what a software renderer does, not what a GPU does.
// Usage: gradnoise_gpu_bench [side = 1024] [repeats = 5]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "../tests/gpu/gl_context.hpp"
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

// A terrain-like graph: a warped ridged fractal of any subgraph, terraced and blended with cellular
// detail (every kind of node the compiler emits: fields, a fractal, a warp, shaping, arithmetic).
const char* terrain_graph = R"({"gradnoise_graph": 1, "dimensions": 2, "output": "out", "nodes": {
  "base": {"type": "field", "basis": "perlin", "seed": 3},
  "hills": {"type": "fractal", "input": {"type": "warp", "input": "base", "by": {"type": "field", "basis": "value"},
                                          "strength": 0.4}, "kind": "ridged", "octaves": 4},
  "cells": {"type": "field", "basis": "cellular", "cellular_output": "f2_minus_f1"},
  "out": {"type": "add", "inputs": [{"type": "terrace", "input": "hills", "steps": 6, "smoothness": 0.4},
                                    {"type": "multiply", "inputs": ["cells", 0.25]}]}}})";

}  // namespace

int main(int argc, char** argv) {
    const int side = argc > 1 ? std::atoi(argv[1]) : 1024;
    const int repeats = argc > 2 ? std::atoi(argv[2]) : 5;
    if (side < 8 || side > 8192 || repeats < 1 || repeats > 100) {
        std::fprintf(stderr, "usage: gradnoise_gpu_bench [side 8..8192] [repeats 1..100]\n");
        return 2;
    }
    if (!gl().ok) {
        std::fprintf(stderr, "gradnoise_gpu_bench: %s\n", gl().why.c_str());
        return 3;
    }
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
    fields[8].graph = terrain_graph;
    fields[9].name = "graph + gradient";
    fields[9].graph = terrain_graph;
    fields[9].gradient = true;
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    std::printf("GL renderer: %s; grid %d x %d; median of %d; CPU: %s ISA, 1 and %u threads\n", gl().renderer.c_str(), side,
                side, repeats, gradnoise::isa_name(gradnoise::active_isa()), threads);
    std::printf("%-28s %12s %12s %14s %14s %14s %8s\n", "field", "source (us)", "compile (ms)", "GPU (M/s)",
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
        // The grid: sample (i, j) at (i * step, j * step), as fill_grid_2d's origin 0 and step.
        const float step = 1.0f / 64.0f;
        const std::string body = gradient ? "    vec2 d;\n    result[3u * i] = gn_field_gradient(p, d);\n"
                                            "    result[3u * i + 1u] = d.x;\n    result[3u * i + 2u] = d.y;\n"
                                          : "    result[i] = gn_field(p);\n";
        const std::string source = "#version 430\nlayout(local_size_x = 8, local_size_y = 8) in;\n"
                                   "layout(std430, binding = 0) writeonly buffer Out { float result[]; };\n"
                                   "uniform int side;\nuniform float step;\n" +
                                   text +
                                   "void main() {\n    ivec2 at = ivec2(gl_GlobalInvocationID.xy);\n"
                                   "    if (at.x >= side || at.y >= side) return;\n    uint i = uint(at.y * side + at.x);\n"
                                   "    precise vec2 p = vec2(at) * step;\n" +
                                   body + "}\n";
        const auto c0 = Clock::now();
        const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
        const char* src = source.c_str();
        glShaderSource(shader, 1, &src, nullptr);
        glCompileShader(shader);
        const GLuint program = glCreateProgram();
        glAttachShader(program, shader);
        glLinkProgram(program);
        GLint linked = 0;
        glGetProgramiv(program, GL_LINK_STATUS, &linked);
        const double compile_s = seconds(c0, Clock::now());
        if (!linked) {
            std::fprintf(stderr, "gradnoise_gpu_bench: %s: the program does not link\n", fields[f].name);
            return 1;
        }
        glUseProgram(program);
        glUniform1i(glGetUniformLocation(program, "side"), side);
        glUniform1f(glGetUniformLocation(program, "step"), step);
        const std::size_t per = gradient ? 3 : 1;
        GLuint buffer;
        glGenBuffers(1, &buffer);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer);
        glBufferData(GL_SHADER_STORAGE_BUFFER, GLsizeiptr(n * per * 4), nullptr, GL_DYNAMIC_READ);
        std::vector<double> gpu_times;
        for (int r = 0; r < repeats + 1; ++r) {  // (the first run warms up)
            glFinish();
            const auto t0 = Clock::now();
            glDispatchCompute(GLuint((side + 7) / 8), GLuint((side + 7) / 8), 1);
            glFinish();
            if (r > 0) gpu_times.push_back(seconds(t0, Clock::now()));
        }
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        std::vector<float> gpu(n * per);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GLsizeiptr(gpu.size() * 4), gpu.data());
        glDeleteBuffers(1, &buffer);
        glDeleteProgram(program);
        glDeleteShader(shader);
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
        std::size_t differ = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const float cpu[3] = {value[i], dx[i], dy[i]};
            differ += std::memcmp(cpu, &gpu[i * per], per * 4) != 0;
        }
        std::printf("%-28s %12.1f %12.1f %14.1f %14.1f %14.1f %8zu\n", fields[f].name, median(source_times) * 1e6,
                    compile_s * 1e3, double(n) / median(gpu_times) / 1e6, cpu_rate[0], cpu_rate[1], differ);
    }
    return 0;
}
