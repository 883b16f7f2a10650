// A window of points through the generated GLSL (fill.hpp).
#include "gpu/fill.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace gradnoise::gpu {

bool WindowFill::open(Device& device, const std::string& functions, int dims, bool gradient, std::string* error) {
    device_ = &device;
    dims_ = dims;
    gradient_ = gradient;
    // Parameters: 2 the row length, 3 and 4 the bits of z and w. Payload: xs, then the band's ys.
    const std::string vec = "vec" + std::to_string(dims);
    std::string body = "    uint nx = data[2];\n    uint column = i % nx, row = i / nx;\n";
    body += "    " + vec + " p = " + vec + "(uintBitsToFloat(data[16u + column]), uintBitsToFloat(data[16u + nx + row])" +
            (dims >= 3 ? ", uintBitsToFloat(data[3])" : "") + (dims == 4 ? ", uintBitsToFloat(data[4])" : "") + ");\n";
    if (gradient) {
        const std::string per = std::to_string(dims + 1);
        body += "    " + vec + " d;\n    result[" + per + "u * i] = floatBitsToUint(gn_bake_gradient(p, d));\n";
        body += "    result[" + per + "u * i + 1u] = floatBitsToUint(d.x);\n    result[" + per + "u * i + 2u] = floatBitsToUint(d.y);\n";
    } else {
        body += "    result[i] = floatBitsToUint(gn_bake(p));\n";
    }
    program_ = device.compile("", functions, body, error);
    return program_ >= 0;
}

bool WindowFill::fill(const float* xs, std::size_t nx, const float* ys, std::size_t ny, float z, float w, float* values,
                      float* gx, float* gy, const std::function<bool(std::size_t)>& band, std::string* error) const {
    const std::size_t per = gradient_ ? static_cast<std::size_t>(dims_) + 1 : 1;
    // Bands of about 4M samples: buffers of tens of MiB, and a signal or a progress report between them.
    const std::size_t rows = std::max<std::size_t>(1, (std::size_t{1} << 22) / std::max<std::size_t>(nx, 1));
    std::vector<std::uint32_t> input, out;
    for (std::size_t j0 = 0; j0 < ny; j0 += rows) {
        const std::size_t n = std::min(rows, ny - j0);
        input.assign(parameter_words + nx + n, 0u);
        input[2] = static_cast<std::uint32_t>(nx);
        std::memcpy(&input[3], &z, 4);
        std::memcpy(&input[4], &w, 4);
        std::memcpy(&input[parameter_words], xs, nx * 4);
        std::memcpy(&input[parameter_words + nx], ys + j0, n * 4);
        out.resize(nx * n * per);
        if (!device_->run(program_, input, nx * n, out.data(), out.size(), error)) return false;
        const std::size_t at = j0 * nx;
        if (per == 1) {
            std::memcpy(values + at, out.data(), out.size() * 4);
        } else {
            for (std::size_t k = 0; k < nx * n; ++k) {
                std::memcpy(values + at + k, &out[k * per], 4);
                std::memcpy(gx + at + k, &out[k * per + 1], 4);
                std::memcpy(gy + at + k, &out[k * per + 2], 4);
            }
        }
        if (!band(j0 + n)) {
            error->clear();
            return false;
        }
    }
    return true;
}

}  // namespace gradnoise::gpu
