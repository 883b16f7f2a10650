// Internal: what a Noise owns. The permutation and fade define the field (docs/spec.md); the
// tables below are derived from the permutation once, at construction, so the SIMD kernels can
// fetch several corner hashes at once (one gather instead of chaining 10 (2D) or 14 (3D)
// dependent lookups) and test one bit per gradient choice. They encode exactly the integers the
// spec's hash chain produces, so using them changes speed only, never a bit.
#ifndef GRADNOISE_SRC_TABLES_NOISE_TABLES_HPP
#define GRADNOISE_SRC_TABLES_NOISE_TABLES_HPP

#include <cstdint>
#include <memory>
#include <vector>

#include "gradnoise/noise.hpp"
#include "tables/erosion.hpp"
#include "tables/mix_hash.hpp"
#include "tables/simplex_constants.hpp"
#include "tables/simplex_tiling.hpp"

namespace gradnoise::detail {

// The selection code of a hash h (only h & 15 matters): the answers to the questions Perlin's
// grad() asks, one bit each, so a SIMD kernel tests one bit per blend (kernels/perlin.hpp: grad).
//   bit 0: h & 1 (negate a)   bit 1: h & 2 (negate b)   bit 2: h >= 8 (a = y, else x)
//   bit 3: h < 4 (b = y)      bit 4: h == 12 || h == 14 (b = x; neither: b = z)
constexpr std::uint8_t gradient_code(int hash) noexcept {
    int h = hash & 15;
    return static_cast<std::uint8_t>((h & 1) | (h & 2) | (h >= 8 ? 4 : 0) | (h < 4 ? 8 : 0) |
                                     (h == 12 || h == 14 ? 16 : 0));
}

// [S 8] The per-octave constants of a fractal, computed once by the spec's recurrences (the
// reference recomputes them itself; tests compare the two paths bit for bit). T = float for the
// float32 field, double for binary64 (spec section 14.3: the recurrences run in double there).
template <class T>
struct OctaveConstants {
    Fractal kind = Fractal::none;
    int octaves = 1;
    T frequency[max_octaves];
    T amplitude[max_octaves];
    T offset[4][max_octaves];  // [axis][k]: k * the axis's octave offset
    T amplitude_sum = 1;
    // [S 8.1] With a band limit, amplitude[k] is a_k * w_k, `octaves` counts the octaves evaluated
    // (those of weight > 0, at least one), amplitude_sum stays the unlimited sum, and the octave sum
    // starts at bias[dims] (the faded octaves' share of the mean) instead of +0.
    T bias[5] = {0, 0, 0, 0, 0};
};

struct OctaveTable : OctaveConstants<float> {
    // [S 10.3] octave k's corner-index masks per axis (period - 1; 255 without a period).
    std::int32_t mask[max_octaves][4];
};

// [S 3.1] Perlin's chain, precomputed per permutation so the SIMD kernels fetch several corner
// hashes at once; the same integers the chain gives (about 0.5 MiB).
struct PermutationChainTables {
    // index_p[n] = p[n] & 15; index_pp[n] = p[p[n]] & 15 (the last two levels of the 2D chain in one
    // lookup, since Z = 0 there): the gradient index, whose selection code is one byte shuffle away.
    alignas(64) std::uint8_t index_p[256];
    alignas(64) std::uint8_t index_pp[256];
    // Both tables below are indexed chain_index(X, Y) = (Y << 8) | X, X and Y the lattice cell
    // (0..255): consecutive cells of a row lie side by side, so a grid row loads several as one
    // window (kernels/grid_rows.hpp).
    static constexpr int chain_index(int X, int Y) noexcept { return (Y << 8) | X; }
    // Bytes, low to high: the codes of the 2D corners (X,Y), (X+1,Y), (X,Y+1), (X+1,Y+1), i.e. of
    // p[p[p[X+i]+Y+j]] (spec section 5).
    alignas(64) std::int32_t corner_code_2d[65536];
    // Bytes, low to high: p[p[X]+Y], p[p[X+1]+Y], p[p[X]+Y+1], p[p[X+1]+Y+1], the first two levels
    // of the 3D hash chain for the four (i, j) column corners.
    alignas(64) std::int32_t hash_xy[65536];
    // Index n (0..255). Byte 0: code of p[n]; byte 1: code of p[n+1]; the last level, k = 0, 1.
    alignas(64) std::int32_t code_z[256];
};

struct NoiseTables {
    PermutationTable permutation;
    Fade fade = Fade::quintic;
    Hash hash = Hash::permutation;
    std::uint32_t mix_key = 0;  // Hash::mix only
    NoiseDesc desc;            // validated; desc.fade and desc.hash equal the two fields above
    FractalParams fractal;     // desc.fractal
    OctaveTable octaves;
    OctaveConstants<double> octaves_f64;  // binary64 (the perlin basis only)
    // The general kernel path (any basis, periods, 4D) instead of the specialised perlin tables.
    bool general_path = false;

    // [S 10.1] classic basis: unit gradients per dimension, component-major ([axis][hash]).
    alignas(64) float classic2[2][256];
    alignas(64) float classic3[3][256];
    alignas(64) float classic4[4][256];
    // [S 10.2] value basis: the corner values, in [-1, 1).
    alignas(64) float values[256];
    // The permutation as 32-bit lanes, for gathers in the general path.
    alignas(64) std::int32_t perm32[256];

    // [S 16] the simplex families: the seed as K.jpg's `long`, and the variant's gradients.
    std::int64_t simplex_seed = 0;
    const SimplexGradients* simplex = nullptr;
    // [S 16.8] the simplex families' periods, per octave (simplex_tiling.hpp); untiled: none.
    SimplexTiling simplex_tiling[max_octaves];
    // [S 17.1] cellular: jitter * R(dims = 2), jitter * R(dims = 3) for the descriptor's distance.
    float cellular_reach[2] = {0.0f, 0.0f};
    // [S 21] the erosion filter's octaves (none: octaves == 0).
    ErosionTable erosion;

    // [S 8.1] The band limit: the mean of the octave term over the base noise, per dimension count
    // (index 2..4; computed by reference::band_mean); 0 without a band limit.
    float band_mean[5] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    // [S 13.5] A band-limited fractal's chunk levels 1, 2, ...: these tables with the footprint
    // times 2^level, up to the first level whose every octave has faded (higher levels equal it).
    // Empty without a band limit: every level is these tables at a wider spacing.
    std::vector<std::shared_ptr<const NoiseTables>> levels;
    const NoiseTables& at_level(int level) const noexcept {
        if (level <= 0 || levels.empty()) {
            return *this;
        }
        const std::size_t i = static_cast<std::size_t>(level) - 1;
        return *levels[i < levels.size() ? i : levels.size() - 1];
    }

    // The permutation chain's packed tables: only for Hash::permutation on the specialised perlin
    // paths (and binary64), else null -- a Hash::mix field builds no permutation tables. (Shared
    // with the chunk levels' tables.)
    std::shared_ptr<const PermutationChainTables> chain;
};

// [S 15] the isotropic basis: 16 gradients of length sqrt(2) at angles (k + 1/2) pi / 8,
// rounded to float from binary64 (x = sqrt 2 cos, y = sqrt 2 sin), indexed by hash & 15.
inline constexpr float isotropic_gradient_x[16] = {
    0x1.63150cp+0f,  0x1.2d062ep+0f,  0x1.92469cp-1f,  0x1.1a855ep-2f,  -0x1.1a855ep-2f, -0x1.92469cp-1f,
    -0x1.2d062ep+0f, -0x1.63150cp+0f, -0x1.63150cp+0f, -0x1.2d062ep+0f, -0x1.92469cp-1f, -0x1.1a855ep-2f,
    0x1.1a855ep-2f,  0x1.92469cp-1f,  0x1.2d062ep+0f,  0x1.63150cp+0f};
inline constexpr float isotropic_gradient_y[16] = {
    0x1.1a855ep-2f,  0x1.92469cp-1f,  0x1.2d062ep+0f,  0x1.63150cp+0f,  0x1.63150cp+0f,  0x1.2d062ep+0f,
    0x1.92469cp-1f,  0x1.1a855ep-2f,  -0x1.1a855ep-2f, -0x1.92469cp-1f, -0x1.2d062ep+0f, -0x1.63150cp+0f,
    -0x1.63150cp+0f, -0x1.2d062ep+0f, -0x1.92469cp-1f, -0x1.1a855ep-2f};

// [S 17.1] cellular noise's second and value multipliers (odd 32-bit constants), and R, the
// largest per-axis feature displacement for which the 3x3 (3x3x3) search provably finds the two
// nearest points, per distance (euclidean, squared, manhattan, chebyshev) and dimension (2, 3).
inline constexpr std::uint32_t cellular_multiplier = 0x2C1B3C6Du;
inline constexpr std::uint32_t cellular_value_multiplier = 0x297A2D39u;
// [S 17.2] The outputs that are a property of the nearest cell (its value, id, feature point):
// constant across the cell, so their gradient is zero (18.6).
inline constexpr bool cellular_output_per_cell(CellularOutput o) {
    return o == CellularOutput::cell_value || o == CellularOutput::cell_id || o == CellularOutput::feature_x ||
           o == CellularOutput::feature_y || o == CellularOutput::feature_z;
}
inline constexpr float cellular_reach_2d[4] = {0.328125f, 0.328125f, 0.24609375f, 0.4921875f};
inline constexpr float cellular_reach_3d[4] = {0.24609375f, 0.24609375f, 0.1640625f, 0.4921875f};

// [S 8] per-octave offsets (multiples of 1/16: k * offset is exact for every k < 32).
inline constexpr float octave_offset_x = 17.3125f;
inline constexpr float octave_offset_y = 29.8125f;
inline constexpr float octave_offset_z = 41.4375f;
inline constexpr float octave_offset_w = 53.6875f;

// [S 11] warp offsets c[level][component] (multiples of 1/8, added on every axis).
inline constexpr float warp_offset[2][4] = {{5.25f, 9.75f, 13.5f, 21.125f}, {1.625f, 27.375f, 33.875f, 45.5f}};

// [S 18.5] 3D curl noise: the offsets of its three decorrelated copies of the field (multiples of
// 1/16, none a multiple of the lattice's period on any axis).
inline constexpr float curl_offset[3][3] = {{0.0f, 0.0f, 0.0f}, {87.5625f, 61.1875f, 19.8125f}, {-43.25f, 125.9375f, -97.6875f}};

// [S 12.1] sin(2 pi u) = u * (c1 + u^2 (c3 + u^2 (c5 + u^2 (c7 + u^2 (c9 + u^2 c11))))) on
// |u| <= 1/4: (-1)^n (2 pi)^(2n+1) / (2n+1)! rounded to float; and 1 / (2 pi).
inline constexpr float sine_inv_two_pi = 0.159154937f;
inline constexpr float sine_c1 = 6.28318548f;
inline constexpr float sine_c3 = -41.3417015f;
inline constexpr float sine_c5 = 81.6052475f;
inline constexpr float sine_c7 = -76.7058563f;
inline constexpr float sine_c9 = 42.0586929f;
inline constexpr float sine_c11 = -15.0946426f;

// [S 10.1, 10.2] SplitMix64 streams of the classic gradients and the corner values: the seed
// xor these ("classic" and "value" in ASCII).
inline constexpr std::uint64_t classic_stream = 0x636C6173736963ull;
inline constexpr std::uint64_t value_stream = 0x76616C7565ull;

// The chain tables of a permutation; the octave table of tables.fractal; the lattice values
// (tables/noise_tables.cpp).
void build_chain_tables(const PermutationTable& p, PermutationChainTables& chain) noexcept;
void build_octaves(NoiseTables& tables) noexcept;
void build_lattice_values(NoiseTables& tables, std::uint64_t seed) noexcept;
// All of a Noise's tables for a validated descriptor (tables/noise_tables.cpp); mix_key: [S 3.2].
std::shared_ptr<const NoiseTables> make_tables(const NoiseDesc& desc, const PermutationTable& permutation,
                                               std::uint32_t mix_key);

}  // namespace gradnoise::detail

#endif
