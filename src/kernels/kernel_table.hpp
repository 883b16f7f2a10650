// Internal: the function table each ISA exports (src/kernels/kernels.inl fills it for the SIMD ISAs,
// isa_scalar.cpp for the reference). dispatch.cpp is the only place that chooses one; entry.hpp
// wraps each entry with the public API's checks.
#ifndef GRADNOISE_SRC_KERNELS_KERNEL_TABLE_HPP
#define GRADNOISE_SRC_KERNELS_KERNEL_TABLE_HPP

#include <cstddef>

#include "gradnoise/isa.hpp"
#include "gradnoise/noise.hpp"

namespace gradnoise::detail {
struct NoiseTables;
}

namespace gradnoise::kernels {

struct KernelTable {
    Isa isa;
    // out[i] = noise(x[i], y[i] (, z[i])) for i < n. No alignment requirements.
    void (*points_2d)(const detail::NoiseTables&, const float* x, const float* y, float* out,
                      std::size_t n) noexcept;
    void (*points_3d)(const detail::NoiseTables&, const float* x, const float* y, const float* z,
                      float* out, std::size_t n) noexcept;
    void (*points_4d)(const detail::NoiseTables&, const float* x, const float* y, const float* z,
                      const float* w, float* out, std::size_t n) noexcept;
    // Rows [first, last) of a validated grid. 2D: row r is y_r, written to out + r * row_stride.
    // 3D: row r is (j, k) = (r mod size_y, r / size_y), written to out + k * slice_stride +
    // j * row_stride. Samples are bit-identical to the point functions at the grid's coordinates.
    void (*grid_2d)(const detail::NoiseTables&, const Grid2d& grid, std::size_t first, std::size_t last, float* out,
                    std::size_t row_stride) noexcept;
    void (*grid_3d)(const detail::NoiseTables&, const Grid3d& grid, std::size_t first, std::size_t last, float* out,
                    std::size_t row_stride, std::size_t slice_stride) noexcept;
    // Rows [first, last) of a validated chunk (spec section 13), rows numbered as the grids'. The
    // octave coordinates are reduced from the 64-bit sample numbers inside the kernel; samples are
    // bit-identical to Noise::chunk_sample_2d/3d. No warp, no pattern (the fill rejects them).
    void (*chunk_2d)(const detail::NoiseTables&, const Chunk2d& chunk, std::size_t first, std::size_t last,
                     float* out, std::size_t row_stride) noexcept;
    void (*chunk_3d)(const detail::NoiseTables&, const Chunk3d& chunk, std::size_t first, std::size_t last,
                     float* out, std::size_t row_stride, std::size_t slice_stride) noexcept;
    // Binary64 (spec section 14): Perlin noise or its fractal, permutation hash. Null where this
    // ISA has no binary64 kernel (SSE2): the scalar table's run instead.
    void (*points_2d_f64)(const detail::NoiseTables&, const double* x, const double* y, double* out,
                          std::size_t n) noexcept;
    void (*points_3d_f64)(const detail::NoiseTables&, const double* x, const double* y, const double* z,
                          double* out, std::size_t n) noexcept;
    // [S 18] Values with gradients: the point, grid and chunk functions above, writing out.value
    // and out.dx, dy (, dz, dw) for the field's dimensions. No pattern (the entry rejects them).
    void (*points_gradient_2d)(const detail::NoiseTables&, const float* x, const float* y, const GradientOut& out,
                               std::size_t n) noexcept;
    void (*points_gradient_3d)(const detail::NoiseTables&, const float* x, const float* y, const float* z,
                               const GradientOut& out, std::size_t n) noexcept;
    void (*points_gradient_4d)(const detail::NoiseTables&, const float* x, const float* y, const float* z,
                               const float* w, const GradientOut& out, std::size_t n) noexcept;
    void (*grid_gradient_2d)(const detail::NoiseTables&, const Grid2d& grid, std::size_t first, std::size_t last,
                             const GradientOut& out, std::size_t row_stride) noexcept;
    void (*grid_gradient_3d)(const detail::NoiseTables&, const Grid3d& grid, std::size_t first, std::size_t last,
                             const GradientOut& out, std::size_t row_stride, std::size_t slice_stride) noexcept;
    void (*chunk_gradient_2d)(const detail::NoiseTables&, const Chunk2d& chunk, std::size_t first, std::size_t last,
                              const GradientOut& out, std::size_t row_stride) noexcept;
    void (*chunk_gradient_3d)(const detail::NoiseTables&, const Chunk3d& chunk, std::size_t first, std::size_t last,
                              const GradientOut& out, std::size_t row_stride, std::size_t slice_stride) noexcept;
};

// One accessor per ISA compiled into this build; each lives in its own translation unit.
namespace scalar { const KernelTable& kernel_table() noexcept; }
namespace sse2 { const KernelTable& kernel_table() noexcept; }
namespace avx2 { const KernelTable& kernel_table() noexcept; }
namespace avx512 { const KernelTable& kernel_table() noexcept; }
namespace neon { const KernelTable& kernel_table() noexcept; }

}  // namespace gradnoise::kernels

#endif
