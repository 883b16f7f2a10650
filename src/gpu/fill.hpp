// Internal to gradnoise_gpu: a field's (or graph's) values, and gradients, over the points of a
// window -- column coordinates xs, row coordinates ys, and a constant z (3D) or z and w (4D) -- by
// its generated GLSL on a device: the bake's --device gpu. The points are the caller's floats, so the
// GPU samples exactly where the CPU would, and returns the CPU's bits where the device passes the check.
#ifndef GRADNOISE_SRC_GPU_FILL_HPP
#define GRADNOISE_SRC_GPU_FILL_HPP

#include <cstddef>
#include <functional>
#include <string>

#include "gpu/device.hpp"

namespace gradnoise::gpu {

class WindowFill {
public:
    // `functions`: shader_source's text for `dims` with the function name gn_bake (and its gradient when
    // `gradient`). False with *error when the device refuses the program.
    bool open(Device& device, const std::string& functions, int dims, bool gradient, std::string* error);

    // values[j * nx + i] (and gx, gy: the derivatives along x and y) at (xs[i], ys[j], z, w), in bands of
    // rows; `band(rows_done)` after each band returns false to stop (then false with an empty *error).
    bool fill(const float* xs, std::size_t nx, const float* ys, std::size_t ny, float z, float w, float* values, float* gx,
              float* gy, const std::function<bool(std::size_t)>& band, std::string* error) const;

private:
    Device* device_ = nullptr;
    int program_ = -1, dims_ = 2;
    bool gradient_ = false;
};

}  // namespace gradnoise::gpu

#endif
