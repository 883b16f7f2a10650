// The scalar reference: docs/spec.md written as plain C++, one point at a time, with no speed
// tricks by design. Read it next to the spec and Ken Perlin's 2002 paper. One file per family,
// named like its kernel header (src/kernels/) and its test (tests/):
//   hash.cpp        [S 3]      the corner hashes (Perlin's chain, the mixing hash)
//   common.hpp      [S 4, 8]   the building blocks over float and binary64 (fade, lerp, grad,
//                              the octave term and loop), and the spec's shared declarations
//   perlin.cpp      [S 4, 5, 14]  improved Perlin noise, 2D and 3D, float and binary64
//   lattice.cpp     [S 10]     classic and value bases, periods, 4D
//   fractal.cpp     [S 8, 11, 12, 14.3]  octave sums, domain warp, patterns: the whole field
//                              (and the binary64 one)
//   chunk.cpp       [S 13]     chunks addressed by 64-bit sample numbers
//   simplex.cpp     [S 16]     OpenSimplex2 (fast), 2D/3D/4D, every orientation
//   simplex_smooth.cpp [S 16]  OpenSimplex2S (smooth), 2D/3D/4D
//   cellular.cpp    [S 17]     cellular (Worley) noise, 2D/3D
//   gradient.cpp    [S 18]     analytic gradients, the damped fractal, curl
//   graph.cpp       [S 19]     graphs of nodes, evaluated node by node
#ifndef GRADNOISE_SRC_REFERENCE_REFERENCE_HPP
#define GRADNOISE_SRC_REFERENCE_REFERENCE_HPP

#include <cstddef>
#include <cstdint>

#include "gradnoise/noise.hpp"
#include "tables/simplex_constants.hpp"
#include "tables/noise_tables.hpp"

namespace gradnoise::detail {
struct GraphData;
}

namespace gradnoise::reference {

// [S 19] A compiled graph's value at p (p[0 .. dims - 1]), node by node (graph.cpp).
float graph_sample(const detail::GraphData& graph, const float* p) noexcept;
// [S 19.6] Its value (out[0], bit for bit graph_sample's) and gradient (out[1 .. dims]); the graph's
// fields must have gradients (GraphData::no_gradient empty).
void graph_sample_gradient(const detail::GraphData& graph, const float* p, float* out) noexcept;

// [S 3, 10] The lattice of one octave: how corners hash, what sits at them, and how the corner
// indices wrap (mask = period - 1, or 255 without a period).
struct Lattice {
    Hash kind = Hash::permutation;
    const PermutationTable* permutation = nullptr;  // Hash::permutation
    std::uint32_t key = 0;                          // Hash::mix
    Basis basis = Basis::perlin;
    const detail::NoiseTables* tables = nullptr;    // classic gradients and corner values
    int mask[4] = {255, 255, 255, 255};

    // The corner hash (0..255) of corner (X, Y, Z[, W]); each index is wrapped by its mask.
    int hash(int X, int Y, int Z) const noexcept;
    int hash(int X, int Y, int Z, int W) const noexcept;

    static Lattice of(const detail::NoiseTables& t) noexcept {
        Lattice l;
        l.kind = t.hash;
        l.permutation = &t.permutation;
        l.key = t.mix_key;
        l.basis = t.desc.basis;
        l.tables = &t;
        return l;
    }
};

// One octave of the base noise (no fractal, warp or pattern).
float noise2(const Lattice& lattice, Fade fade, float x, float y) noexcept;
float noise3(const Lattice& lattice, Fade fade, float x, float y, float z) noexcept;
float noise4(const Lattice& lattice, Fade fade, float x, float y, float z, float w) noexcept;

// The whole field of a Noise at a point: pattern(warp(fractal(base noise))), each stage only
// when the descriptor asks for it.
float field2(const detail::NoiseTables& t, float x, float y) noexcept;
float field3(const detail::NoiseTables& t, float x, float y, float z) noexcept;
float field4(const detail::NoiseTables& t, float x, float y, float z, float w) noexcept;

// [S 13] float((s * g) mod 256): the product of a sample number and an octave step, reduced
// exactly in integers, then rounded once to float. A g that is not finite gives NaN (and the
// sample +0, as every non-finite coordinate).
float chunk_coordinate(std::int64_t s, float g) noexcept;
// [S 13] Octave k's coordinates of the n samples first, first + 1, ... on axis `axis` (0 x, 1 y,
// 2 z): out[k * n + i] = chunk_coordinate(first + i, spacing * f_k) + k * offset_axis, for every
// octave k of the field (one for plain noise) that is evaluated -- [S 8.1]: not the octaves a band
// limit fades out, for which the kernels' buffers have no room -- or, with every_octave, for all of
// the fractal's octaves (chunk_octave_coordinates' layout). The one place chunk coordinates are
// made: the reference per sample, the kernels per tile of columns and per row.
void chunk_coordinates(const detail::NoiseTables& t, float spacing, int axis, std::int64_t first, std::size_t n,
                       float* out, bool every_octave = false) noexcept;
// [S 8, 13] The base noise (octave 0) or the fractal sum, octave k at (x[k * x_stride], y[k],
// z[k]) (z unused in 2D): the octave loop with its coordinates given.
float octave_sum(const detail::NoiseTables& t, int dims, const float* x, std::size_t x_stride, const float* y,
                 const float* z) noexcept;
// [S 13.4] The simplex families' chunk coordinates: no period to reduce by, so octave k's
// coordinate is the binary64 double(s) * double(spacing * f_k) + k * offset (a float, exact), and
// the octave sum takes them as they are (the families skew in binary64).
bool chunk_in_binary64(const detail::NoiseTables& t) noexcept;
void chunk_coordinates_f64(const detail::NoiseTables& t, float spacing, int axis, std::int64_t first, std::size_t n,
                           double* out, bool every_octave = false) noexcept;
float octave_sum(const detail::NoiseTables& t, int dims, const double* x, std::size_t x_stride, const double* y,
                 const double* z) noexcept;
// [S 13, 21] Whether spacing * f_k is finite for every octave k of the field, and spacing * E_k for
// every erosion octave (a huge spacing or frequency overflows it): chunk fills refuse a spacing for
// which it is not.
bool chunk_steps_finite(const NoiseDesc& desc, float spacing) noexcept;
// [S 13] The chunk sample (sx, sy[, sz]) of a world with this spacing.
float chunk2(const detail::NoiseTables& t, std::int64_t sx, std::int64_t sy, float spacing) noexcept;
float chunk3(const detail::NoiseTables& t, std::int64_t sx, std::int64_t sy, std::int64_t sz, float spacing) noexcept;

// [S 16] Which simplex field: the variant's gradient tables (simplex_gradients(smooth)), and
// K.jpg's arithmetic with his seed (the default, Hash::permutation) or the mix variant's (Hash::mix,
// spec 16.7) keyed by the seed's mix key.
struct SimplexVariant {
    const detail::SimplexGradients* g = nullptr;
    std::int64_t seed = 0;  // K.jpg's long
    bool mix = false;
    std::uint32_t key = 0;  // the mix variant's
    // [S 16.8] The octave's periods along x, y, z (0: none), on the fallback lattices only.
    int period[3] = {0, 0, 0};
};
// The variant of octave k (its periods: P * lacunarity^k, capped at 768).
SimplexVariant simplex_variant(const detail::NoiseTables& t, int k) noexcept;

// [S 16] K.jpg's OpenSimplex2 (fast) and OpenSimplex2S (smooth) at binary64 coordinates, as his
// Java reference computes them: the orientation's skew or rotation and the cell split in double,
// everything after in float, integers in wrapping 64-bit arithmetic. Cells: floor (or round) of the
// skewed coordinate, clamped to the int32 range (spec 16.1). The mix variant (16.7) rounds the
// coordinates to float first and computes in float and 32-bit integers throughout.
float opensimplex2_2d(const SimplexVariant& v, Orientation2 o, double x, double y) noexcept;
float opensimplex2_3d(const SimplexVariant& v, Orientation3 o, double x, double y, double z) noexcept;
float opensimplex2_4d(const SimplexVariant& v, Orientation4 o, double x, double y, double z, double w) noexcept;
float opensimplex2s_2d(const SimplexVariant& v, Orientation2 o, double x, double y) noexcept;
float opensimplex2s_3d(const SimplexVariant& v, Orientation3 o, double x, double y, double z) noexcept;
float opensimplex2s_4d(const SimplexVariant& v, Orientation4 o, double x, double y, double z, double w) noexcept;

// [S 18] A value and its analytic gradient: d[a] = the partial derivative along coordinate a
// (a < dims; the rest are 0). The value is bit for bit the plain value function's.
struct Gradient {
    float value = 0.0f;
    float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
};

// [S 18.2] One octave of a lattice basis with its gradient (perlin, classic, value, isotropic).
Gradient noise2_gradient(const Lattice& lattice, Fade fade, float x, float y) noexcept;
Gradient noise3_gradient(const Lattice& lattice, Fade fade, float x, float y, float z) noexcept;
Gradient noise4_gradient(const Lattice& lattice, Fade fade, float x, float y, float z, float w) noexcept;

// [S 18.4] The simplex families with their gradients with respect to (x, y[, z, w]) as given
// (through the orientation's skew or rotation). Value bits as the functions above.
Gradient opensimplex2_2d_gradient(const SimplexVariant& v, Orientation2 o, double x, double y) noexcept;
Gradient opensimplex2_3d_gradient(const SimplexVariant& v, Orientation3 o, double x, double y, double z) noexcept;
Gradient opensimplex2_4d_gradient(const SimplexVariant& v, Orientation4 o, double x, double y, double z,
                                  double w) noexcept;
Gradient opensimplex2s_2d_gradient(const SimplexVariant& v, Orientation2 o, double x, double y) noexcept;
Gradient opensimplex2s_3d_gradient(const SimplexVariant& v, Orientation3 o, double x, double y, double z) noexcept;
Gradient opensimplex2s_4d_gradient(const SimplexVariant& v, Orientation4 o, double x, double y, double z,
                                   double w) noexcept;

// [S 18.6] Cellular F1 with its gradient (the distance's gradient with respect to q).
Gradient cellular_gradient(const detail::NoiseTables& t, int dims, int k, const float* q) noexcept;

// The whole field with its gradient (fractal, warp; patterns have none: NaN value and gradient).
Gradient field_gradient(const detail::NoiseTables& t, int dims, const float* p) noexcept;
// [S 21] An eroded field's value (field_gradient's, without the curvature the gradient needs).
float field_eroded(const detail::NoiseTables& t, int dims, const float* p) noexcept;
// [S 18.5] Curl noise: v[0..dims-1].
void curl(const detail::NoiseTables& t, int dims, const float* p, float* v) noexcept;
// [S 13, 18] The chunk sample with its gradient (per noise unit).
Gradient chunk_gradient(const detail::NoiseTables& t, int dims, const std::int64_t* s, float spacing) noexcept;

// [S 17] Cellular noise, octave k (its periods), at q (dims = 2 or 3).
float cellular(const detail::NoiseTables& t, int dims, int k, const float* q) noexcept;

// [S 12.1] sin(t) by the project's own polynomial (the same on every platform; libm's is not).
// [S 8.1] The band limit's mean of the octave term over octave 0's base noise, in dims dimensions.
float band_mean(const detail::NoiseTables& t, int dims) noexcept;
float sine(float t) noexcept;
// [S 12.1] sin(2 pi r) of r in turns: sine(t) is sine_turns(t * (1 / (2 pi))).
float sine_turns(float r) noexcept;

// [S 21.6] The rows x and y of a field's Hessian at a point: h[a][b] = d g_a / d p_b (b < dims).
struct Curvature {
    float h[2][4] = {{0.0f, 0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f, 0.0f}};
};
// [S 21] The erosion filter: the field's value and gradient `in` at p (dims axes) eroded, with the
// partial derivatives of section 21.2 (the steering held; the value path's).
Gradient erode(const detail::NoiseTables& t, int dims, const float* p, const Gradient& in) noexcept;
// [S 21.6] The filter with its exact gradient: the steering differentiated too, through the
// field's curvature there (the value is erode()'s).
Gradient erode_exact(const detail::NoiseTables& t, int dims, const float* p, const Gradient& in,
                     const Curvature& curvature) noexcept;
// [S 13, 21] The same for the chunk sample s (its cells at chunk_coordinate(s_a, spacing * E_k)).
Gradient erode_chunk(const detail::NoiseTables& t, int dims, const std::int64_t* s, float spacing,
                     const Gradient& in) noexcept;
Gradient erode_chunk_exact(const detail::NoiseTables& t, int dims, const std::int64_t* s, float spacing,
                           const Gradient& in, const Curvature& curvature) noexcept;
// [S 13, 21] Erosion octave k's cell coordinate (either axis) of samples first .. first + n - 1:
// out[k * n + i] = chunk_coordinate(first + i, spacing * E_k), k < the table's evaluated octaves
// (E_k from the table, which the tests hold to the reference's own recurrence).
void erosion_chunk_coordinates(const detail::NoiseTables& t, float spacing, std::int64_t first, std::size_t n,
                               float* out) noexcept;

// [S 14] binary64 (Ken Perlin's Java ImprovedNoise, operation for operation in double).
double noise3_f64(const PermutationTable& p, Fade fade, double x, double y, double z) noexcept;
double noise2_f64(const PermutationTable& p, Fade fade, double x, double y) noexcept;
// The whole binary64 field of a Noise (base noise or fractal; spec 14.3).
double field2_f64(const detail::NoiseTables& t, double x, double y) noexcept;
double field3_f64(const detail::NoiseTables& t, double x, double y, double z) noexcept;

}  // namespace gradnoise::reference

#endif
