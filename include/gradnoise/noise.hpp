// gradnoise — improved Perlin noise (Ken Perlin 2002) in 2D, 3D and 4D, float32, with the classic
// random-gradient, value-noise and isotropic variants, K.jpg's OpenSimplex2 / OpenSimplex2S, cellular
// (Worley) noise, fractals, domain warping, tiling, marble and wood.
//
// Values: the exact bits are defined by docs/spec.md and are the same on every CPU and every ISA
// (scalar, SSE2, AVX2, AVX-512, NEON). Range: noise2 lies in [-1, 1]; noise3 in [-1.0364, 1.0364]
// with the quintic fade and [-1.0450, 1.0450] with the cubic one (bounds over every gradient
// choice; 10^7 random samples reach about +-0.998 and +-1.006); noise4 in [-3, 3] (observed
// +-1.17: clamp if a consumer needs [-1, 1]). Other bases, warps and patterns: docs/spec.md
// sections 10-12 and 15-17 (OpenSimplex2/2S about [-1, 1]; cellular distances >= 0). Integer lattice points give +-0 (gradient bases; value noise gives the corner value).
// Non-finite coordinates (NaN, +-inf) give +0.0f. Coordinates of any finite magnitude are valid;
// the field repeats every 256 units on each axis, and for |x| >= 2^23 every float is an integer,
// so the value there is that of a lattice plane.
//
// Cost: construction builds ~0.5 MiB of lookup tables (a few hundred microseconds); copies share
// them. Evaluation allocates nothing, throws nothing, takes no lock (after the first call into
// the library, which resolves the ISA), and is safe to call from any number of threads on the
// same Noise object at once. Each call runs in the spec's floating-point environment (round to
// nearest, no flush-to-zero) whatever the caller's, and restores the caller's on return.
// Out-of-range Fade or Hash values passed to a constructor are treated as the defaults.
#ifndef GRADNOISE_NOISE_HPP
#define GRADNOISE_NOISE_HPP

#include "gradnoise/export.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>

#include "gradnoise/enumerations.h"
#include "gradnoise/isa.hpp"
#include "gradnoise/status.hpp"

namespace gradnoise {

// The enums below come from enumerations.h, where each value is declared once with its name and help.
#define GRADNOISE_ENUMERATOR(name, NAME, family, help) name,

// The 256-entry permutation that hashes lattice coordinates (Perlin's p[]).
class GRADNOISE_API PermutationTable {
public:
    // Ken Perlin's own table from his 2002 reference code: 151, 160, 137, 91, 90, 15, ...
    static PermutationTable reference() noexcept;
    // A permutation from a 64-bit seed: SplitMix64 driving a Fisher-Yates shuffle of 0..255,
    // exactly as docs/spec.md section 2 writes it. Identical on every platform.
    static PermutationTable from_seed(std::uint64_t seed) noexcept;

    const std::array<std::uint8_t, 256>& values() const noexcept { return values_; }
    std::uint8_t operator[](std::size_t i) const noexcept { return values_[i & 255u]; }
    friend bool operator==(const PermutationTable& a, const PermutationTable& b) noexcept {
        return a.values_ == b.values_;
    }
    friend bool operator!=(const PermutationTable& a, const PermutationTable& b) noexcept { return !(a == b); }

private:
    std::array<std::uint8_t, 256> values_{};
};

// How the distance inside a cell is eased before interpolation.
enum class Fade : int { GRADNOISE_FADES(GRADNOISE_ENUMERATOR) };

GRADNOISE_API const char* fade_name(Fade fade) noexcept;  // "quintic", "cubic"

// How a lattice corner picks its gradient (docs/spec.md section 3) -- each family's reference
// variant or its fast one. For Basis::opensimplex2 / opensimplex2s: permutation is K.jpg's
// arithmetic (his 64-bit hash and binary64 skew: his values bit for bit), mix the fast variant
// (his algorithms in float32 with 32-bit hashes, about 2x faster; spec 16.7). Cellular noise
// always mixes (the choice is ignored there).
enum class Hash : int { GRADNOISE_HASHES(GRADNOISE_ENUMERATOR) };

GRADNOISE_API const char* hash_name(Hash hash) noexcept;  // "permutation", "mix"

// A uniform 2D grid of sample positions: x_i = origin_x + float(i) * step_x (float32, no FMA),
// y_j likewise, for 0 <= i < size_x, 0 <= j < size_y. Each size is at most 2^24 (so float(i) is
// exact). Steps must be finite and non-zero; origins finite.
struct Grid2d {
    float origin_x = 0.0f, origin_y = 0.0f;
    float step_x = 1.0f, step_y = 1.0f;
    std::size_t size_x = 0, size_y = 0;
};

// A uniform 3D grid; z_k = origin_z + float(k) * step_z.
struct Grid3d {
    float origin_x = 0.0f, origin_y = 0.0f, origin_z = 0.0f;
    float step_x = 1.0f, step_y = 1.0f, step_z = 1.0f;
    std::size_t size_x = 0, size_y = 0, size_z = 0;
};

inline constexpr std::size_t max_grid_side = std::size_t(1) << 24;

// A chunk of an unbounded world sampled on a regular lattice (docs/spec.md section 13). The
// world's samples are numbered by 64-bit integers; sample (sx, sy) lies at noise coordinates
// (sx * spacing, sy * spacing), reduced modulo the noise's period *exactly* (in integers) before
// anything is rounded to float, so a chunk 60 million units from the origin is as smooth as one
// at the origin, and chunks that share a world (the same spacing) join without seams: their
// samples depend only on the sample numbers, not on how the world is cut into chunks.
struct Chunk2d {
    std::int64_t first_x = 0, first_y = 0;  // the sample numbers of out[0]
    std::size_t size_x = 0, size_y = 0;     // samples per side, each at most 2^24
    float spacing = 1.0f;                   // noise units between samples: finite, > 0
    // The level of detail, 0..max_chunk_level: samples 2^level * spacing apart (sample s of level L
    // lies where sample s * 2^L of level 0 does), and a band-limited field's footprint times
    // 2^level (docs/spec.md section 13.5): the chunks of a LOD pyramid.
    int level = 0;
};

struct Chunk3d {
    std::int64_t first_x = 0, first_y = 0, first_z = 0;
    std::size_t size_x = 0, size_y = 0, size_z = 0;
    float spacing = 1.0f;
    int level = 0;
};

inline constexpr int max_chunk_level = 62;

// How a grid fill uses threads and reports progress. The values (bits) never depend on these.
struct FillOptions {
    // 1 (the default): the calling thread only -- no thread is started and nothing is allocated.
    // N > 1: up to min(N, hardware threads), the caller's included: a oneTBB arena made for the call,
    // or std::threads started for it in a build without oneTBB (GRADNOISE_WITH_TBB=OFF). 0: every
    // hardware thread (oneTBB: the caller's arena). At most 1024.
    unsigned threads = 1;
    // Run inside an existing oneTBB arena instead (a tbb::task_arena*, as void*: no TBB header here):
    // engines that own their threads pass theirs and are never oversubscribed; `threads` is then
    // ignored. A build without oneTBB refuses it (ErrorCode::invalid_argument).
    void* tbb_arena = nullptr;
    // Called after each finished block of rows (calls are serialised, from whichever thread
    // finished the block) with the rows done so far and the total (3D: size_y * size_z rows).
    // Return false to stop: blocks already running finish, the others are not written, and the
    // fill returns ErrorCode::cancelled. Rows reported done are complete.
    bool (*progress)(void* user, std::size_t rows_done, std::size_t rows_total) = nullptr;
    void* user = nullptr;
};

// Sums of octaves (docs/spec.md section 8). Octave k samples the base noise at
// (x * f_k + 17.3125 k, y * f_k + 29.8125 k, z * f_k + 41.4375 k), f_0 = frequency,
// f_k = f_{k-1} * lacunarity, with amplitude a_0 = 1, a_k = a_{k-1} * persistence; the offsets
// keep the octaves' lattices from lining up. Every kind divides by the sum of the amplitudes, so
// it stays in the base noise's range:
enum class Fractal : int { GRADNOISE_FRACTALS(GRADNOISE_ENUMERATOR) };

GRADNOISE_API const char* fractal_name(Fractal fractal) noexcept;  // "none", "fbm", "turbulence", "ridged", "billow",
                                                                   // "damped"

struct FractalParams {
    Fractal kind = Fractal::none;
    int octaves = 6;            // 1 .. 32
    float frequency = 1.0f;     // finite, > 0
    float lacunarity = 2.0f;    // finite, > 0 (frequency ratio between octaves)
    float persistence = 0.5f;   // (0, 8] (amplitude ratio between octaves, "gain")
    // The band limit (docs/spec.md section 8.1): the distance between the samples the field will be
    // taken at, in input units; octaves too fine for it fade out smoothly to their mean, so a
    // coarse grid does not alias. 0 (the default): no band limit. Otherwise finite, > 0, and the
    // lacunarity must be >= 1.
    float footprint = 0.0f;
};

inline constexpr int max_octaves = 32;

// What the field is made of (docs/spec.md sections 10, 15-17). The first four are lattice noises
// (fades, hashes and periods apply); for the simplex families Fade does not apply, Hash picks
// K.jpg's arithmetic or the fast mix variant, and periods apply on the fallback lattices only
// (spec 16.8); cellular noise is lattice-based (periods apply; it always hashes by mixing, keyed by
// the seed).
enum class Basis : int { GRADNOISE_BASES(GRADNOISE_ENUMERATOR) };

// OpenSimplex2's lattice orientation per dimension (K.jpg's noise2 / noise2_ImproveX, noise3_*,
// noise4_* functions). 3D: improve_xy suits terrain where z is up and 2D slices animated in z.
enum class Orientation2 : int { GRADNOISE_ORIENTATIONS2(GRADNOISE_ENUMERATOR) };
enum class Orientation3 : int { GRADNOISE_ORIENTATIONS3(GRADNOISE_ENUMERATOR) };
enum class Orientation4 : int { GRADNOISE_ORIENTATIONS4(GRADNOISE_ENUMERATOR) };

struct SimplexParams {
    Orientation2 orientation2 = Orientation2::standard;
    Orientation3 orientation3 = Orientation3::improve_xy;
    Orientation4 orientation4 = Orientation4::improve_xyz_improve_xy;
};

// Cellular noise (docs/spec.md section 17): one feature point per unit cell, displaced from the
// cell's centre by up to jitter * R per axis, where R is the largest displacement for which the
// 3x3 (3x3x3) cell search provably finds the two nearest points for that distance (2D: 21/64
// Euclidean, 63/256 Manhattan, 63/128 Chebyshev; 3D: 63/256, 21/128, 63/128).
enum class CellularDistance : int { GRADNOISE_CELLULAR_DISTANCES(GRADNOISE_ENUMERATOR) };
enum class CellularOutput : int { GRADNOISE_CELLULAR_OUTPUTS(GRADNOISE_ENUMERATOR) };

struct CellularParams {
    CellularDistance distance = CellularDistance::euclidean;
    CellularOutput output = CellularOutput::f1;
    float jitter = 1.0f;  // [0, 1]: 0 = a regular grid of points
};

GRADNOISE_API const char* orientation2_name(Orientation2 o) noexcept;  // "standard", "improve_x"
GRADNOISE_API const char* orientation3_name(Orientation3 o) noexcept;  // "improve_xy", "improve_xz", "fallback"
GRADNOISE_API const char* orientation4_name(Orientation4 o) noexcept;  // "improve_xyz_improve_xy", ...
GRADNOISE_API const char* cellular_distance_name(CellularDistance d) noexcept;  // "euclidean", ...
GRADNOISE_API const char* cellular_output_name(CellularOutput o) noexcept;      // "f1", "f2", "f2_minus_f1", "cell_value"

GRADNOISE_API const char* basis_name(Basis basis) noexcept;  // "perlin", "classic", "value", "isotropic",
                                                             // "opensimplex2", "opensimplex2s", "cellular"

// Domain warping (docs/spec.md section 11): the field is sampled at p + strength * d(p), where
// component a of d is the field itself (fractal included) at p * frequency + c_a (c_a a fixed
// offset per component). Two levels warp the warp: d2 is sampled at p + strength * d1(p). Each
// level costs (dimensions) extra field evaluations per sample.
struct WarpParams {
    int levels = 0;            // 0 (off), 1 or 2
    float strength = 1.0f;     // finite
    float frequency = 1.0f;    // finite, > 0
};

// Patterns (docs/spec.md section 12) map the field to a value in [0, 1] that a colour ramp takes.
enum class Pattern : int { GRADNOISE_PATTERNS(GRADNOISE_ENUMERATOR) };

GRADNOISE_API const char* pattern_name(Pattern pattern) noexcept;  // "none", "marble", "wood"

struct PatternParams {
    Pattern kind = Pattern::none;
    float frequency = 1.0f;  // finite, > 0 (marble: radians per unit of x; wood: rings per unit)
    float strength = 4.0f;   // finite (marble recipe: 4 with turbulence; wood recipe: 0.2)
};

// The erosion filter (docs/spec.md section 21, docs/erosion.md): branching gullies and sharp
// ridges carved into a height field along its downhill direction, evaluated per point from the
// field's value and analytic gradient (so it tiles, chunks and runs on the GPU like the rest).
// It acts in the (x, y) plane; further axes are parameters (a 3D field is eroded per z slice).
// Octave k's cells are scale / (frequency * 2^k) wide and its gullies strength * scale *
// detail^k deep; a field with a pattern, or a damped fractal of a basis without second
// derivatives, has no gradient and takes no erosion.
struct ErosionParams {
    int octaves = 0;               // 0 (off) .. 8: gully octaves, each half the last one's width
    float strength = 0.15f;        // (0, 16]: the largest gullies' depth, relative to their width
    float scale = 0.125f;          // [1/256, 1]: the largest gullies' cell, per the field's first cell
    float detail = 0.5f;           // (0, 1]: the depth ratio from one gully octave to the next
    float ridge_rounding = 0.1f;   // [0, 1]: how round the ridges between gullies are
    float crease_rounding = 0.0f;  // [0, 1]: how round the gullies' floors are
};

// Everything that defines a field, validated once by Noise::create (and shared by the grid
// functions and the command-line tool).
struct NoiseDesc {
    // Unset: Ken Perlin's table (Hash::permutation) or the key of seed 0 (Hash::mix).
    bool has_seed = false;
    std::uint64_t seed = 0;
    Fade fade = Fade::quintic;
    Hash hash = Hash::permutation;
    FractalParams fractal;
    Basis basis = Basis::perlin;
    // Tiling (docs/spec.md sections 10.3, 16.8): 0 = none, else a power of two in 1..256 (lattice
    // bases, cellular) or three times one in 3..768 (simplex families: with orientation2 and
    // orientation3 fallback, the one lattice that tiles; no period_w, and then no 4D form). The field at
    // x and x + period / frequency is the same (bit for bit wherever both coordinates are exact, e.g.
    // on dyadic grids). With a fractal, octave k wraps at period * lacunarity^k (capped at 256, or
    // 768), so lacunarity must then be a power of two.
    int period_x = 0, period_y = 0, period_z = 0, period_w = 0;
    WarpParams warp;
    PatternParams pattern;
    SimplexParams simplex;    // Basis::opensimplex2 / opensimplex2s; their seed is `seed` as a
                              // two's-complement 64-bit integer (0 when unset), as K.jpg's `long`
    CellularParams cellular;  // Basis::cellular
    ErosionParams erosion;    // after the warp, instead of a pattern
};

// A parameter of `desc` changed from `base` that the rest of `desc` ignores -- octaves without a
// fractal, a jitter without the cellular basis, a fade for a simplex basis -- so that a front end can
// refuse it instead of silently giving the field without it. `field` is its NoiseDesc member (e.g.
// "fractal.octaves"), `needs` what would make it count ("a fractal (fbm, ...)"); both are null when
// every changed parameter has an effect. Noise::create accepts such descriptions (an editor that
// switches the fractal off keeps its octaves); the command-line tool, its --config files and the
// Python package refuse them through this one rule. Static strings; no allocation.
struct IgnoredParameter {
    const char* field = nullptr;
    const char* needs = nullptr;
    explicit operator bool() const noexcept { return field != nullptr; }
};
GRADNOISE_API IgnoredParameter ignored_parameter(const NoiseDesc& desc, const NoiseDesc& base = NoiseDesc{}) noexcept;

// [S 18] A value with its analytic gradient: the partial derivatives of the field with respect to
// its coordinates (per noise unit), from one evaluation.
struct Gradient2 {
    float value, dx, dy;
};
struct Gradient3 {
    float value, dx, dy, dz;
};
struct Gradient4 {
    float value, dx, dy, dz, dw;
};

// Where a value+gradient fill writes, structure of arrays: value[i], dx[i], dy[i] (, dz[i], dw[i])
// for sample i, each array laid out like a value fill's output (the same strides). dz is needed
// in 3D and 4D, dw in 4D; unused members are ignored. The arrays must not overlap one another.
struct GradientOut {
    float* value = nullptr;
    float* dx = nullptr;
    float* dy = nullptr;
    float* dz = nullptr;
    float* dw = nullptr;
};

// Divergence-free 2D and 3D vectors (spec 18.5): particles advected along them do not bunch up.
struct Curl2 {
    float vx, vy;
};
struct Curl3 {
    float vx, vy, vz;
};

namespace detail {
struct NoiseTables;
}

// An immutable noise field: a permutation and a fade. Cheap to copy (shared tables).
class GRADNOISE_API Noise {
public:
    // Perlin's reference table, quintic fade.
    Noise();
    explicit Noise(const PermutationTable& permutation, Fade fade = Fade::quintic);
    // Hash::permutation: the permutation PermutationTable::from_seed(seed).
    // Hash::mix: the mixing key of docs/spec.md section 3.2, derived from seed.
    explicit Noise(std::uint64_t seed, Fade fade = Fade::quintic, Hash hash = Hash::permutation);

    // The field a descriptor names. Errors (out is left unchanged): invalid_argument naming the
    // field and its range, e.g. "NoiseDesc: fractal.octaves must be in 1..32".
    static Status create(const NoiseDesc& desc, Noise* out);
    static Status validate(const NoiseDesc& desc) noexcept;

    const PermutationTable& permutation() const noexcept;
    Fade fade() const noexcept;
    Hash hash() const noexcept;
    const FractalParams& fractal() const noexcept;
    const NoiseDesc& desc() const noexcept;  // the descriptor this field was made from

    // One point, through the scalar reference path (the executable spec). For bulk work use the
    // array functions below, which run the active SIMD path and give the same bits. These and
    // the array/grid functions evaluate the whole field: with a fractal, the sum of octaves.
    float noise2(float x, float y) const noexcept;
    float noise3(float x, float y, float z) const noexcept;
    // 4D (16 corners): loops in time without a seam by walking a circle in (z, w).
    float noise4(float x, float y, float z, float w) const noexcept;

    // Arbitrary points, structure of arrays: out[i] = noise(x[i], y[i] (, z[i])) for i < count.
    // Any count, any alignment; inputs and output may not overlap partially (out may equal an
    // input array exactly). Errors: null_pointer when count > 0 and a pointer is null.
    Status evaluate_2d(const float* x, const float* y, float* out, std::size_t count) const noexcept;
    Status evaluate_3d(const float* x, const float* y, const float* z, float* out,
                       std::size_t count) const noexcept;
    Status evaluate_4d(const float* x, const float* y, const float* z, const float* w, float* out,
                       std::size_t count) const noexcept;

    // Grids, row-major: sample (i, j) goes to out[j * row_stride + i]; (i, j, k) to
    // out[k * slice_stride + j * row_stride + i]. A stride of 0 means "packed" (size_x, and
    // size_y * row_stride). Strides are in floats. Errors: null_pointer, invalid_argument
    // (non-finite origin, zero or non-finite step), size_overflow (a side over max_grid_side,
    // a stride smaller than the data it must hold, or a buffer extent that overflows size_t).
    // With FillOptions: row blocks spread over threads (the same bits for any thread count), and
    // progress/cancellation. More errors: invalid_argument (a bad arena/thread choice), cancelled,
    // thread_pool (oneTBB failed to start or allocate; nothing is guaranteed written).
    Status fill_grid_2d(const Grid2d& grid, float* out, std::size_t row_stride = 0) const noexcept;
    Status fill_grid_3d(const Grid3d& grid, float* out, std::size_t row_stride = 0,
                        std::size_t slice_stride = 0) const noexcept;
    Status fill_grid_2d(const Grid2d& grid, float* out, std::size_t row_stride,
                        const FillOptions& options) const noexcept;
    Status fill_grid_3d(const Grid3d& grid, float* out, std::size_t row_stride, std::size_t slice_stride,
                        const FillOptions& options) const noexcept;

    // Binary64 (docs/spec.md section 14): Ken Perlin's reference in double, bit for bit (his
    // published values, signed zeros included), plain or fractal (octave constants in double),
    // SIMD on AVX2 (4 lanes), AVX-512 (8) and NEON (2x2), scalar elsewhere; every path the same
    // bits. Covers the perlin basis with Hash::permutation, without periods, warps or patterns:
    // for other descriptors the evaluate functions return invalid_argument and noise*_f64 NaN.
    double noise2_f64(double x, double y) const noexcept;
    double noise3_f64(double x, double y, double z) const noexcept;
    Status evaluate_2d_f64(const double* x, const double* y, double* out, std::size_t count) const noexcept;
    Status evaluate_3d_f64(const double* x, const double* y, const double* z, double* out,
                           std::size_t count) const noexcept;

    // Chunks (docs/spec.md section 13): plain noise or fractals of any basis and period (octave k
    // steps by spacing * f_k, reduced exactly). Warps and patterns depend on absolute
    // coordinates and are rejected (invalid_argument). Layout, strides and errors as the grids.
    Status fill_chunk_2d(const Chunk2d& chunk, float* out, std::size_t row_stride = 0,
                         const FillOptions& options = FillOptions{}) const noexcept;
    Status fill_chunk_3d(const Chunk3d& chunk, float* out, std::size_t row_stride = 0, std::size_t slice_stride = 0,
                         const FillOptions& options = FillOptions{}) const noexcept;
    // One chunk sample through the scalar reference (the executable spec of section 13).
    float chunk_sample_2d(std::int64_t sx, std::int64_t sy, float spacing) const noexcept;
    float chunk_sample_3d(std::int64_t sx, std::int64_t sy, std::int64_t sz, float spacing) const noexcept;

    // [S 18] Analytic gradients: the field's value (bit for bit what the value functions return)
    // and its partial derivatives, for every basis, fade, period, fractal kind and warp level, in
    // 2D, 3D and 4D as the values (cellular: F1 only; patterns have none: invalid_argument, and
    // the scalar functions return NaN; the damped fractal's gradient: lattice bases only). Non-finite
    // coordinates give +0 with a +0 gradient. Cost (docs/benchmarks.md, issue #14): a value and its
    // gradient take 1.7-2.4x a Perlin value's time (1.0-1.6x for the simplex and cellular families),
    // where finite differences take 4-6x and blur across cell borders. Thread safety and allocation
    // as the value functions.
    Gradient2 gradient2(float x, float y) const noexcept;  // the scalar reference path
    Gradient3 gradient3(float x, float y, float z) const noexcept;
    Gradient4 gradient4(float x, float y, float z, float w) const noexcept;
    Status evaluate_gradient_2d(const float* x, const float* y, const GradientOut& out, std::size_t count) const noexcept;
    Status evaluate_gradient_3d(const float* x, const float* y, const float* z, const GradientOut& out,
                                std::size_t count) const noexcept;
    Status evaluate_gradient_4d(const float* x, const float* y, const float* z, const float* w,
                                const GradientOut& out, std::size_t count) const noexcept;
    // Grids and chunks: the layouts, strides, threads and errors of fill_grid_2d / fill_chunk_2d,
    // once per output array. Chunk gradients are per noise unit, like the grids' (divide by
    // nothing; multiply by spacing for per-sample slopes).
    Status fill_grid_gradient_2d(const Grid2d& grid, const GradientOut& out, std::size_t row_stride = 0,
                                 const FillOptions& options = FillOptions{}) const noexcept;
    Status fill_grid_gradient_3d(const Grid3d& grid, const GradientOut& out, std::size_t row_stride = 0,
                                 std::size_t slice_stride = 0, const FillOptions& options = FillOptions{}) const noexcept;
    Status fill_chunk_gradient_2d(const Chunk2d& chunk, const GradientOut& out, std::size_t row_stride = 0,
                                  const FillOptions& options = FillOptions{}) const noexcept;
    Status fill_chunk_gradient_3d(const Chunk3d& chunk, const GradientOut& out, std::size_t row_stride = 0,
                                  std::size_t slice_stride = 0,
                                  const FillOptions& options = FillOptions{}) const noexcept;

    // [S 18.5] Curl noise. 2D: (d psi/dy, -d psi/dx) of this field psi. 3D: the curl of
    // (psi(p + c_0), psi(p + c_1), psi(p + c_2)), three decorrelated copies of the field (c_a
    // the spec's fixed offsets). Both are divergence-free. Errors as evaluate_gradient_*;
    // vx/vy/vz may not overlap the inputs.
    Curl2 curl2(float x, float y) const noexcept;
    Curl3 curl3(float x, float y, float z) const noexcept;
    Status evaluate_curl_2d(const float* x, const float* y, float* vx, float* vy, std::size_t count) const noexcept;
    Status evaluate_curl_3d(const float* x, const float* y, const float* z, float* vx, float* vy, float* vz,
                            std::size_t count) const noexcept;

    const detail::NoiseTables& tables() const noexcept { return *tables_; }

private:
    explicit Noise(std::shared_ptr<const detail::NoiseTables> tables) : tables_(std::move(tables)) {}
    std::shared_ptr<const detail::NoiseTables> tables_;
};

}  // namespace gradnoise

#endif
