// FastNoise2 (Auburn/FastNoise2), the leading SIMD noise library, as an optional benchmark peer: built
// from its own source outside this repository and linked only when CMake is given its install prefix
// (-DGRADNOISE_FASTNOISE2_PREFIX=...; docs/benchmarks.md). Its fields are the nearest it has to each
// gradnoise workload: the same grids (origin, step, size) and points, frequency 1 (feature scale 1),
// seed 1337, its SIMD level capped at the ISA being compared.
#ifndef GRADNOISE_BENCH_FASTNOISE2_PEER_HPP
#define GRADNOISE_BENCH_FASTNOISE2_PEER_HPP

#include <cstddef>
#include <memory>

namespace peer {

enum class Fn2Field {
    perlin,        // FastNoise::Perlin
    fbm_perlin,    // FractalFBm over Perlin: 6 octaves, lacunarity 2, gain 0.5
    simplex,       // FastNoise::Simplex (OpenSimplex2-style)
    supersimplex,  // FastNoise::SuperSimplex (OpenSimplex2S)
    cellular_f1,   // CellularDistance, Euclidean, jitter 1, distance index 0 (F1)
};

// One FastNoise2 node tree.
class Fn2 {
public:
    virtual ~Fn2() = default;
    virtual void grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out) const = 0;
    virtual void grid3(float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny, std::size_t nz,
                       float* out) const = 0;
    virtual void points2(const float* x, const float* y, float* out, std::size_t n) const = 0;
    virtual void points3(const float* x, const float* y, const float* z, float* out, std::size_t n) const = 0;
    // The grids on `threads` std::threads, each a contiguous band of rows (slices in 3D), started
    // per call -- as an engine without a job system would spread FastNoise2 (it has no threads).
    void grid2_threads(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out, unsigned threads) const;
    void grid3_threads(float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny, std::size_t nz,
                       float* out, unsigned threads) const;
};

// `isa` is gradnoise's name ("sse2", "avx2", "avx512"); null where FastNoise2 has no such level or this
// CPU lacks it (the node would run a lower level: not a like-for-like pair).
std::unique_ptr<Fn2> make_fastnoise2(Fn2Field field, const char* isa);

const char* fastnoise2_version();

}  // namespace peer

#endif
