// gradnoise/gpu.hpp -- does this GPU give gradnoise's bits? (library gradnoise_gpu; docs/gpu.md)
//
// The generated GLSL (gradnoise/shader.hpp) is exact by construction wherever a driver follows
// GLSL's rules for + - * and keeps subnormals (docs/gpu.md). gpu_check runs the known-answer set --
// every basis, fade, hash, period, fractal, band limit, warp and pattern, in value, gradient and chunk
// form, and graphs -- on this machine's GPU through OpenGL (EGL, no window) and Vulkan, and compares
// every output with the CPU's bits. An engine can run it at start-up, for its own fields, and fall
// back to the CPU where a report is not exact. It allocates and takes seconds: not for a frame loop.
#ifndef GRADNOISE_GPU_HPP
#define GRADNOISE_GPU_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "gradnoise/graph.hpp"
#include "gradnoise/noise.hpp"
#include "gradnoise/status.hpp"

namespace gradnoise {

enum class GpuApi { opengl, vulkan };

struct GpuCheckOptions {
    bool opengl = true;         // OpenGL 4.3+ through EGL (a GPU's EGL device, else Mesa's surfaceless platform)
    bool vulkan = true;         // Vulkan (a GPU, else a CPU device such as lavapipe)
    std::size_t points = 2048;  // random points per value and gradient case (plus the awkward ones), 1..10^7
};

// One case: a field or graph in one dimension count and form.
struct GpuCaseResult {
    std::string name;          // "perlin fbm, 6 octaves, 2D, gradient"
    std::size_t compared = 0;  // output words compared with the CPU
    std::size_t differ = 0;    // of which differ
    std::int64_t worst_ulps = 0;
    std::string example;       // the first difference: where, the CPU's bits, the GPU's
    std::string error;         // not run: the compiler's, linker's or driver's message, or what the device lacks
    bool exact() const { return error.empty() && differ == 0; }
};

struct GpuCheckReport {
    GpuApi api = GpuApi::opengl;
    std::string renderer;        // the driver's names: renderer, version
    std::string float_controls;  // what the device was asked to keep of IEEE arithmetic
    bool software = false;       // Mesa's llvmpipe or lavapipe: the check then checks Mesa, not a GPU
    std::string error;           // the API could not be opened (then no cases)
    std::vector<GpuCaseResult> cases;
    double seconds = 0;          // compiles and runs
    bool exact() const {
        if (!error.empty()) return false;
        for (const GpuCaseResult& c : cases) {
            if (!c.exact()) return false;
        }
        return true;
    }
};

// The whole known-answer set, on each API asked for; one report per API. invalid_argument for
// options out of range.
Status gpu_check(const GpuCheckOptions& options, std::vector<GpuCheckReport>* reports);
// One field (every dimension count it has, with `dimensions` 0; else that one) or one graph: value and
// gradient (where it has one) at the random and awkward points, and its chunks.
Status gpu_check(const NoiseDesc& field, int dimensions, const GpuCheckOptions& options, std::vector<GpuCheckReport>* reports);
Status gpu_check(const Graph& graph, const GpuCheckOptions& options, std::vector<GpuCheckReport>* reports);

}  // namespace gradnoise

#endif
