// gradnoise bake --device gpu|vulkan: the picture's samples by the field's generated GLSL (OpenGL
// through EGL, or Vulkan), at the CPU's own points, with the CPU's bytes. Each field is first checked
// on the device (its known answers: value, and gradient where the bake shades; random and awkward
// points): a driver that does not give the CPU's bits is refused with its figures before anything is
// written.
#ifndef GRADNOISE_CLI_BAKE_GPU_HPP
#define GRADNOISE_CLI_BAKE_GPU_HPP

#include <cstddef>
#include <map>
#include <memory>
#include <string>

#include "field_source.hpp"
#include "progress.hpp"

namespace gradnoise::gpu {
class Device;
class WindowFill;
}  // namespace gradnoise::gpu

namespace gradnoise::cli {

class GpuBake {
public:
    // Opens the device of --device (gpu: OpenGL through EGL; vulkan); fails naming it when there is none.
    explicit GpuBake(const std::string& device);
    ~GpuBake();
    GpuBake(const GpuBake&) = delete;
    GpuBake& operator=(const GpuBake&) = delete;

    // Checks `field` in `dims` (with its gradient when `gradient`) on the device and compiles its fill:
    // fails with the figures when the device does not give the CPU's bits. Once per field.
    void prepare(const FieldSource& field, int dims, bool gradient);
    // values[j * nx + i] (gx, gy: null, or the derivatives) at (xs[i], ys[j], z, w), the field prepared
    // before; progress counts rows. Fails with the driver's message; a signal stops it.
    void fill(const FieldSource& field, int dims, const float* xs, std::size_t nx, const float* ys, std::size_t ny, float z,
              float w, float* values, float* gx, float* gy, RateProgress* progress);
    std::string renderer() const;

private:
    // (shared_ptr: destroyed through the deleter made where the type is complete, so a build without
    // gradnoise_gpu, where it is not, still compiles)
    std::shared_ptr<gpu::Device> device_;
    std::string option_;
    std::map<std::string, std::shared_ptr<gpu::WindowFill>> fills_;  // by the field's GLSL
};

struct Bake;
// --device gpu|vulkan: opens the device into b.gpu and checks the bake's fields on it (the picture's,
// and a --lod pyramid's levels), failing before anything is written; --device cpu: nothing. In a build
// without gradnoise_gpu, anything but cpu is refused.
void open_bake_device(Bake& b, const FieldSource& field);

}  // namespace gradnoise::cli

#endif
