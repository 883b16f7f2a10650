// [S 13] Chunks of an unbounded world: sample numbers are 64-bit integers, and octave k's
// coordinate on an axis is chunk_coordinate(s, spacing * f_k) + k * offset -- the spec's exact
// integer reduction mod 256, made by reference::chunk_coordinates (out of line, built for the
// baseline ISA: integer arithmetic, the same on every path). Per tile of columns the x
// coordinates of every octave are reduced once; per row the y (z) ones; then the octave sum runs
// over batches of columns.
// Mirrors src/reference/chunk.cpp; tests/test_chunk.cpp.
#pragma once

#include "kernels/grid.hpp"
#include "kernels/loops.hpp"
#include "kernels/select.hpp"
#include "reference/reference.hpp"

namespace gradnoise::kernels::GRADNOISE_KERNEL_NS {
namespace {

template <int dims>
using ChunkOf = std::conditional_t<dims == 2, Chunk2d, Chunk3d>;

inline GridRow chunk_row(const Chunk2d&, std::size_t r) noexcept { return {r, 0}; }
inline GridRow chunk_row(const Chunk3d& c, std::size_t r) noexcept { return {r % c.size_y, r / c.size_y}; }
inline std::int64_t chunk_first_z(const Chunk2d&) noexcept { return 0; }
inline std::int64_t chunk_first_z(const Chunk3d& c) noexcept { return c.first_z; }

template <int dims>
void chunk(const detail::NoiseTables& t, const ChunkOf<dims>& c, std::size_t first, std::size_t last, float* out,
           std::size_t row_stride, std::size_t slice_stride) noexcept {
    constexpr std::size_t tile = 256;  // columns per tile: 32 octaves x 256 floats = 32 KiB of stack
    const detail::OctaveTable& o = t.octaves;
    with_base<dims>(t, [&](const auto& base) {
        alignas(64) float x[max_octaves * tile];
        float y[max_octaves], z[max_octaves] = {};
        for (std::size_t x0 = 0; x0 < c.size_x; x0 += tile) {
            const std::size_t n = c.size_x - x0 < tile ? c.size_x - x0 : tile;
            reference::chunk_coordinates(t, c.spacing, 0, c.first_x + static_cast<std::int64_t>(x0), n, x);
            for (std::size_t r = first; r < last; ++r) {
                const GridRow row = chunk_row(c, r);
                reference::chunk_coordinates(t, c.spacing, 1, c.first_y + static_cast<std::int64_t>(row.j), 1, y);
                if constexpr (dims == 3) {
                    reference::chunk_coordinates(t, c.spacing, 2, chunk_first_z(c) + static_cast<std::int64_t>(row.k), 1, z);
                }
                for_each_batch<F>(out + row.k * slice_stride + row.j * row_stride + x0, n,
                                  [&](std::size_t i, std::size_t m) GRADNOISE_KERNEL_LAMBDA_INLINE {
                                      return octave_sum<F>(o, [&](int k) GRADNOISE_KERNEL_LAMBDA_INLINE {
                                          const F q[3] = {load_part<F>(x + static_cast<std::size_t>(k) * n, i, m),
                                                          F(y[k]), F(z[k])};
                                          return base(k, q);
                                      });
                                  });
            }
        }
    });
}

}  // namespace
}  // namespace gradnoise::kernels::GRADNOISE_KERNEL_NS
