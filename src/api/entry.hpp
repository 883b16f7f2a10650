// Internal: every bulk entry point of Noise with the kernel table as a parameter (defined in
// points.cpp and fills.cpp). Noise's public methods pass detail::active_kernels(); tests pass each
// ISA's table in turn (tests/test_support: testing::isa_paths), so no test flips the process-wide
// choice to reach a path. Argument checks, messages, the floating-point environment and threading
// are here, identical for every table; the kernel only computes.
#ifndef GRADNOISE_SRC_API_ENTRY_HPP
#define GRADNOISE_SRC_API_ENTRY_HPP

#include <cstddef>

#include "gradnoise/noise.hpp"
#include "kernels/kernel_list.hpp"

namespace gradnoise::detail {

using kernels::KernelTable;

Status evaluate_2d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, float* out,
                   std::size_t count) noexcept;
Status evaluate_3d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                   float* out, std::size_t count) noexcept;
Status evaluate_4d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                   const float* w, float* out, std::size_t count) noexcept;
// Binary64 (spec section 14) covers Perlin noise with the permutation hash, without periods, warps,
// patterns, the damped fractal or erosion; a table without binary64 kernels (SSE2) runs the scalar table's.
bool binary64_covers(const NoiseDesc& desc) noexcept;
Status evaluate_2d_f64(const KernelTable& k, const NoiseTables& t, const double* x, const double* y, double* out,
                       std::size_t count) noexcept;
Status evaluate_3d_f64(const KernelTable& k, const NoiseTables& t, const double* x, const double* y,
                       const double* z, double* out, std::size_t count) noexcept;
Status fill_grid_2d(const KernelTable& k, const NoiseTables& t, const Grid2d& grid, float* out, std::size_t row_stride,
                    const FillOptions& options) noexcept;
Status fill_grid_3d(const KernelTable& k, const NoiseTables& t, const Grid3d& grid, float* out, std::size_t row_stride,
                    std::size_t slice_stride, const FillOptions& options) noexcept;
Status fill_chunk_2d(const KernelTable& k, const NoiseTables& t, const Chunk2d& chunk, float* out,
                     std::size_t row_stride, const FillOptions& options) noexcept;
Status fill_chunk_3d(const KernelTable& k, const NoiseTables& t, const Chunk3d& chunk, float* out,
                     std::size_t row_stride, std::size_t slice_stride, const FillOptions& options) noexcept;

// [S 18] Values with gradients, and curl noise (refusals.hpp says why a field has none).
Status evaluate_gradient_2d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y,
                            const GradientOut& out, std::size_t count) noexcept;
Status evaluate_gradient_3d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                            const GradientOut& out, std::size_t count) noexcept;
Status evaluate_gradient_4d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                            const float* w, const GradientOut& out, std::size_t count) noexcept;
Status evaluate_curl_2d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, float* vx,
                        float* vy, std::size_t count) noexcept;
Status evaluate_curl_3d(const KernelTable& k, const NoiseTables& t, const float* x, const float* y, const float* z,
                        float* vx, float* vy, float* vz, std::size_t count) noexcept;
Status fill_grid_gradient_2d(const KernelTable& k, const NoiseTables& t, const Grid2d& grid, const GradientOut& out,
                             std::size_t row_stride, const FillOptions& options) noexcept;
Status fill_grid_gradient_3d(const KernelTable& k, const NoiseTables& t, const Grid3d& grid, const GradientOut& out,
                             std::size_t row_stride, std::size_t slice_stride, const FillOptions& options) noexcept;
Status fill_chunk_gradient_2d(const KernelTable& k, const NoiseTables& t, const Chunk2d& chunk, const GradientOut& out,
                              std::size_t row_stride, const FillOptions& options) noexcept;
Status fill_chunk_gradient_3d(const KernelTable& k, const NoiseTables& t, const Chunk3d& chunk, const GradientOut& out,
                              std::size_t row_stride, std::size_t slice_stride, const FillOptions& options) noexcept;

// [S 19] Graphs (points.cpp, fills.cpp): a graph whose dimension count is not the call's is refused.
Status evaluate_graph(const KernelTable& k, const GraphData& d, int dims, const float* const* coords, float* out,
                      std::size_t count) noexcept;
Status fill_graph_grid_2d(const KernelTable& k, const GraphData& d, const Grid2d& grid, float* out,
                          std::size_t row_stride, const FillOptions& options) noexcept;
Status fill_graph_grid_3d(const KernelTable& k, const GraphData& d, const Grid3d& grid, float* out,
                          std::size_t row_stride, std::size_t slice_stride, const FillOptions& options) noexcept;
// [S 19.6] With gradients; a graph with a node that has none: invalid_argument.
Status evaluate_graph_gradient(const KernelTable& k, const GraphData& d, int dims, const float* const* coords,
                               const GradientOut& out, std::size_t count) noexcept;
Status fill_graph_grid_gradient_2d(const KernelTable& k, const GraphData& d, const Grid2d& grid, const GradientOut& out,
                                   std::size_t row_stride, const FillOptions& options) noexcept;
Status fill_graph_grid_gradient_3d(const KernelTable& k, const GraphData& d, const Grid3d& grid, const GradientOut& out,
                                   std::size_t row_stride, std::size_t slice_stride, const FillOptions& options) noexcept;
// [S 19.8] Chunks of a graph (fills.cpp).
Status fill_graph_chunk_2d(const KernelTable& k, const GraphData& d, const Chunk2d& chunk, float* out,
                           std::size_t row_stride, const FillOptions& options) noexcept;
Status fill_graph_chunk_3d(const KernelTable& k, const GraphData& d, const Chunk3d& chunk, float* out,
                           std::size_t row_stride, std::size_t slice_stride, const FillOptions& options) noexcept;
Status fill_graph_chunk_gradient_2d(const KernelTable& k, const GraphData& d, const Chunk2d& chunk, const GradientOut& out,
                                    std::size_t row_stride, const FillOptions& options) noexcept;
Status fill_graph_chunk_gradient_3d(const KernelTable& k, const GraphData& d, const Chunk3d& chunk, const GradientOut& out,
                                    std::size_t row_stride, std::size_t slice_stride, const FillOptions& options) noexcept;

}  // namespace gradnoise::detail

#endif
