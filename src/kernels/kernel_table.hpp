// Internal: the function table each ISA exports. dispatch.cpp is the only place that chooses one.
#ifndef GRADNOISE_SRC_KERNELS_KERNEL_TABLE_HPP
#define GRADNOISE_SRC_KERNELS_KERNEL_TABLE_HPP

#include <cstddef>

#include "gradnoise/isa.hpp"

namespace gradnoise::detail {
struct NoiseTables;
}

namespace gradnoise::kernels {

struct KernelTable {
    Isa isa;
    std::size_t samples_per_step;  // lanes x batches evaluated per loop step
    // out[i] = noise(x[i], y[i] (, z[i])) for i < n. No alignment requirements.
    void (*points_2d)(const detail::NoiseTables&, const float* x, const float* y, float* out,
                      std::size_t n) noexcept;
    void (*points_3d)(const detail::NoiseTables&, const float* x, const float* y, const float* z,
                      float* out, std::size_t n) noexcept;
    void (*points_4d)(const detail::NoiseTables&, const float* x, const float* y, const float* z,
                      const float* w, float* out, std::size_t n) noexcept;
    // One grid row: out[i] = noise(origin_x + float(i) * step_x, y (, z)) for i < n <= 2^24.
    void (*row_2d)(const detail::NoiseTables&, float origin_x, float step_x, float y, float* out,
                   std::size_t n) noexcept;
    void (*row_3d)(const detail::NoiseTables&, float origin_x, float step_x, float y, float z,
                   float* out, std::size_t n) noexcept;
};

// One accessor per ISA compiled into this build; each lives in its own translation unit.
namespace scalar { const KernelTable& kernel_table() noexcept; }
namespace sse2 { const KernelTable& kernel_table() noexcept; }
namespace avx2 { const KernelTable& kernel_table() noexcept; }
namespace avx512 { const KernelTable& kernel_table() noexcept; }
namespace neon { const KernelTable& kernel_table() noexcept; }

}  // namespace gradnoise::kernels

#endif
