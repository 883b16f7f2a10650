// Internal: how every entry point says "refused: why". A message is "<function>: <reason>" in
// static storage (Status keeps the pointer, so a real-time thread may create and read one without
// allocating). Each reason is written once here, as a macro that joins a function's name to it at
// compile time; the entry points (points.cpp, fills.cpp) instantiate them for their own names.
#ifndef GRADNOISE_SRC_API_REFUSALS_HPP
#define GRADNOISE_SRC_API_REFUSALS_HPP

#include "gradnoise/noise.hpp"

// ---- the reasons, each once ----
#define GRADNOISE_PATTERN_NO_GRADIENT(fn) fn ": patterns have no gradient (pattern.kind must be none)"
#define GRADNOISE_CELLULAR_2D_3D(fn) fn ": cellular noise is 2D and 3D only"
#define GRADNOISE_TILED_SIMPLEX_2D_3D(fn) \
    fn ": a simplex field with periods is 2D and 3D only (no 4D simplex lattice tiles: docs/spec.md section 16.8)"
// Gradients exist for every field without a pattern (and for cellular noise in 2D and 3D); the damped
// fractal's needs its octaves' Hessians, which the lattice bases have.
#define GRADNOISE_DAMPED_NO_GRADIENT(fn)                                                                           \
    fn ": gradients of the damped fractal need second derivatives, which only the lattice bases (basis_family " \
       "lattice) provide: use one of those, or another fractal kind"

// Fills: the buffer layout ("buffer": what the function writes, "grid" or "chunk"; out: the plane
// checked for null, "out" or "out.value").
#define GRADNOISE_ROW_STRIDE(fn) fn ": row_stride must be 0 or at least size_x"
#define GRADNOISE_NULL_OUT(fn, out, buffer) fn ": " out " must be non-null for a non-empty " buffer
#define GRADNOISE_ROW_EXTENT(fn) fn ": (size_y - 1) * row_stride + size_x overflows size_t"
#define GRADNOISE_SLICE_ROWS(fn) fn ": size_y * row_stride overflows size_t"
#define GRADNOISE_SLICE_STRIDE(fn) fn ": slice_stride must be 0 or at least (size_y - 1) * row_stride + size_x"
#define GRADNOISE_EXTENT(fn) fn ": the buffer extent overflows size_t"
#define GRADNOISE_ROWS(fn) fn ": size_y * size_z overflows size_t"
#define GRADNOISE_PLANES_2D(fn, buffer) fn ": out.value, out.dx and out.dy must be non-null for a non-empty " buffer
#define GRADNOISE_PLANES_3D(fn, buffer) \
    fn ": out.value, out.dx, out.dy and out.dz must be non-null for a non-empty " buffer
// Fills: threads ("buffers": "buffer" or "buffers", what may be partly written).
#define GRADNOISE_CANCELLED(fn) \
    fn ": stopped by the progress callback; rows reported done are complete, later ones may be unwritten"
#define GRADNOISE_THREAD_POOL(fn, buffers) \
    fn ": the thread pool could not run the fill (out of memory?); the " buffers " may be partly written"
#define GRADNOISE_THREADS(fn) fn ": options.threads must be at most 1024"
#define GRADNOISE_ARENA_WITHOUT_TBB(fn) \
    fn ": options.tbb_arena needs a build with oneTBB (this one spreads fills over std::threads: use options.threads)"
// Fills: the grid's and the chunk's own parameters.
#define GRADNOISE_ORIGIN_2D(fn) fn ": origin_x and origin_y must be finite"
#define GRADNOISE_ORIGIN_3D(fn) fn ": origin_x, origin_y and origin_z must be finite"
#define GRADNOISE_STEP_2D(fn) fn ": step_x and step_y must be finite and non-zero"
#define GRADNOISE_STEP_3D(fn) fn ": step_x, step_y and step_z must be finite and non-zero"
#define GRADNOISE_SIZE_2D(fn) fn ": size_x and size_y must be at most 2^24 (16777216)"
#define GRADNOISE_SIZE_3D(fn) fn ": size_x, size_y and size_z must be at most 2^24 (16777216)"
#define GRADNOISE_CHUNK_FIELD(fn, grid_fn)                                                                      \
    fn ": warps and patterns depend on absolute coordinates; chunks take plain noise or fractals (use " grid_fn \
       ")"
#define GRADNOISE_CHUNK_SPACING(fn) \
    fn ": spacing must be finite, > 0 and small enough that spacing * f_k is finite for every octave"
#define GRADNOISE_CHUNK_LEVEL(fn) fn ": level must be in 0..62 (max_chunk_level)"
#define GRADNOISE_CHUNK_FIRST_2D(fn) fn ": first_x + size_x and first_y + size_y must fit in int64"
#define GRADNOISE_CHUNK_FIRST_3D(fn) fn ": first + size must fit in int64 on every axis"

namespace gradnoise::detail {

// Why a field has no gradient, in one function's words.
struct GradientRefusals {
    const char* pattern;
    const char* cellular_4d;
    const char* damped;
    const char* tiled_simplex_4d;
};
#define GRADNOISE_GRADIENT_REFUSALS(fn)                                                                 \
    ::gradnoise::detail::GradientRefusals {                                                              \
        GRADNOISE_PATTERN_NO_GRADIENT(fn), GRADNOISE_CELLULAR_2D_3D(fn), GRADNOISE_DAMPED_NO_GRADIENT(fn), \
            GRADNOISE_TILED_SIMPLEX_2D_3D(fn)                                                            \
    }

// The reason `desc` has no gradient in `dims` dimensions (one of m's), or null when it has one.
const char* gradient_refusal(const NoiseDesc& desc, int dims, const GradientRefusals& m) noexcept;

// Whether `out` has the value plane and one per axis of `dims` (dw in 4D only).
bool gradient_planes_present(const GradientOut& out, int dims) noexcept;

}  // namespace gradnoise::detail

#endif
