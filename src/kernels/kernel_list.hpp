// Internal: the kernels each ISA exports, listed once, and the table of function pointers built
// from the list (src/kernels/kernels.inl fills it for the SIMD ISAs, isa_scalar.cpp for the
// reference). api/dispatch.cpp is the only place that chooses one; api/entry.hpp wraps each kernel
// with the public API's checks.
#ifndef GRADNOISE_SRC_KERNELS_KERNEL_LIST_HPP
#define GRADNOISE_SRC_KERNELS_KERNEL_LIST_HPP

#include <cstddef>

#include "gradnoise/isa.hpp"
#include "gradnoise/noise.hpp"

namespace gradnoise::detail {
struct NoiseTables;
struct GraphData;
}

// Every kernel an ISA provides, declared once: X(name, parameters after the field's tables). The
// function types, KernelTable's members, each ISA's declarations (kernels.inl, isa_scalar.cpp: a
// definition that differs from its line here does not compile) and each ISA's table are derived
// from this list.
//
// points_*: out[i] = field(x[i], y[i] (, z[i], w[i])) for i < n. No alignment requirements.
// grid_*: rows [first, last) of a validated grid. 2D: row r is y_r, written to out + r * row_stride.
//   3D: row r is (j, k) = (r mod size_y, r / size_y), written to out + k * slice_stride +
//   j * row_stride. Samples are bit-identical to the point functions at the grid's coordinates.
// chunk_*: rows [first, last) of a validated chunk (spec section 13), numbered as the grids'. The
//   octave coordinates are reduced from the 64-bit sample numbers inside the kernel; samples are
//   bit-identical to Noise::chunk_sample_2d/3d. No warp, no pattern (the fill rejects them).
// *_f64: binary64 (spec section 14), Perlin noise or its fractal, permutation hash. Null where the
//   ISA has no binary64 kernel (SSE2): the scalar table's run instead.
// *_gradient_*: [S 18] values with gradients, writing out.value and out.dx, dy (, dz, dw) for the
//   field's dimensions. No pattern (the entry rejects them).
#define GRADNOISE_KERNEL_LIST(X)                                                                                 \
    X(points_2d, const float* x, const float* y, float* out, std::size_t n)                                      \
    X(points_3d, const float* x, const float* y, const float* z, float* out, std::size_t n)                      \
    X(points_4d, const float* x, const float* y, const float* z, const float* w, float* out, std::size_t n)      \
    X(grid_2d, const Grid2d& grid, std::size_t first, std::size_t last, float* out, std::size_t row_stride)     \
    X(grid_3d, const Grid3d& grid, std::size_t first, std::size_t last, float* out, std::size_t row_stride,     \
      std::size_t slice_stride)                                                                                  \
    X(chunk_2d, const Chunk2d& chunk, std::size_t first, std::size_t last, float* out, std::size_t row_stride) \
    X(chunk_3d, const Chunk3d& chunk, std::size_t first, std::size_t last, float* out, std::size_t row_stride, \
      std::size_t slice_stride)                                                                                  \
    X(points_2d_f64, const double* x, const double* y, double* out, std::size_t n)                               \
    X(points_3d_f64, const double* x, const double* y, const double* z, double* out, std::size_t n)              \
    X(points_gradient_2d, const float* x, const float* y, const GradientOut& out, std::size_t n)                 \
    X(points_gradient_3d, const float* x, const float* y, const float* z, const GradientOut& out, std::size_t n) \
    X(points_gradient_4d, const float* x, const float* y, const float* z, const float* w, const GradientOut& out, \
      std::size_t n)                                                                                             \
    X(grid_gradient_2d, const Grid2d& grid, std::size_t first, std::size_t last, const GradientOut& out,         \
      std::size_t row_stride)                                                                                    \
    X(grid_gradient_3d, const Grid3d& grid, std::size_t first, std::size_t last, const GradientOut& out,         \
      std::size_t row_stride, std::size_t slice_stride)                                                          \
    X(chunk_gradient_2d, const Chunk2d& chunk, std::size_t first, std::size_t last, const GradientOut& out,      \
      std::size_t row_stride)                                                                                    \
    X(chunk_gradient_3d, const Chunk3d& chunk, std::size_t first, std::size_t last, const GradientOut& out,      \
      std::size_t row_stride, std::size_t slice_stride)

// The graph kernels (src/kernels/graph.hpp; the scalar table's: the reference, node by node), over a
// compiled graph (src/graph/graph_data.hpp) instead of one field's tables. graph_points: out[i] = the
// graph at (coords[0][i], ..., coords[dims - 1][i]); graph_grid_*: rows as grid_* above.
// *_gradient: [S 19.6] out[0] the value, out[1 + a] the partial derivative along axis a.
#define GRADNOISE_GRAPH_KERNEL_LIST(X)                                                                   \
    X(graph_points, const float* const* coords, float* out, std::size_t n)                               \
    X(graph_grid_2d, const Grid2d& grid, std::size_t first, std::size_t last, float* out,                \
      std::size_t row_stride)                                                                            \
    X(graph_grid_3d, const Grid3d& grid, std::size_t first, std::size_t last, float* out,                \
      std::size_t row_stride, std::size_t slice_stride)                                                  \
    X(graph_points_gradient, const float* const* coords, float* const* out, std::size_t n)               \
    X(graph_grid_gradient_2d, const Grid2d& grid, std::size_t first, std::size_t last, float* const* out, \
      std::size_t row_stride)                                                                            \
    X(graph_grid_gradient_3d, const Grid3d& grid, std::size_t first, std::size_t last, float* const* out, \
      std::size_t row_stride, std::size_t slice_stride)

namespace gradnoise::kernels {

// points_2d_fn, grid_3d_fn, ...: each kernel's function type.
#define GRADNOISE_KERNEL_TYPE(name, ...) using name##_fn = void(const detail::NoiseTables&, __VA_ARGS__) noexcept;
GRADNOISE_KERNEL_LIST(GRADNOISE_KERNEL_TYPE)
#undef GRADNOISE_KERNEL_TYPE
#define GRADNOISE_GRAPH_KERNEL_TYPE(name, ...) using name##_fn = void(const detail::GraphData&, __VA_ARGS__) noexcept;
GRADNOISE_GRAPH_KERNEL_LIST(GRADNOISE_GRAPH_KERNEL_TYPE)
#undef GRADNOISE_GRAPH_KERNEL_TYPE

struct KernelTable {
    Isa isa;
#define GRADNOISE_KERNEL_MEMBER(name, ...) name##_fn* name;
    GRADNOISE_KERNEL_LIST(GRADNOISE_KERNEL_MEMBER)
    GRADNOISE_GRAPH_KERNEL_LIST(GRADNOISE_KERNEL_MEMBER)
#undef GRADNOISE_KERNEL_MEMBER
};

// In an ISA's namespace: declares its kernels (`static`, with an unnamed namespace around the
// expansion), then GRADNOISE_KERNEL_TABLE(isa) is the table of the functions of those names.
#define GRADNOISE_KERNEL_DECLARE(name, ...) name##_fn name;
#define GRADNOISE_KERNEL_DECLARATIONS \
    GRADNOISE_KERNEL_LIST(GRADNOISE_KERNEL_DECLARE) GRADNOISE_GRAPH_KERNEL_LIST(GRADNOISE_KERNEL_DECLARE)
#define GRADNOISE_KERNEL_ADDRESS(name, ...) &name,
#define GRADNOISE_KERNEL_TABLE(isa) \
    ::gradnoise::kernels::KernelTable {                                      \
        isa, GRADNOISE_KERNEL_LIST(GRADNOISE_KERNEL_ADDRESS) GRADNOISE_GRAPH_KERNEL_LIST(GRADNOISE_KERNEL_ADDRESS) \
    }

// The ISAs with kernels, in Isa's order (include/gradnoise/isa.hpp). Each compiled into this build has
// one accessor, in its own translation unit: kernels::<isa>::kernel_table().
#define GRADNOISE_ISA_LIST(X) X(scalar) X(sse2) X(avx2) X(avx512) X(neon) X(simd128)
#define GRADNOISE_KERNEL_ACCESSOR(isa) \
    namespace isa {                    \
    const KernelTable& kernel_table() noexcept; \
    }
GRADNOISE_ISA_LIST(GRADNOISE_KERNEL_ACCESSOR)
#undef GRADNOISE_KERNEL_ACCESSOR

}  // namespace gradnoise::kernels

#endif
