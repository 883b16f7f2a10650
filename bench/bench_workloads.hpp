// The Google Benchmark suite's workloads (bench_perlin.cpp): the 2^20 points, the grids, the fields
// every library is timed on, and the loop every benchmark shares. Items are samples.
#ifndef GRADNOISE_BENCH_BENCH_WORKLOADS_HPP
#define GRADNOISE_BENCH_BENCH_WORKLOADS_HPP

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "gradnoise/gradnoise.hpp"

namespace bench {

// points1M: 2^20 uniform points in [-500, 500] (x, y, z, and w for 4D), one fixed sequence.
constexpr std::size_t kPoints = 1u << 20;

struct PointSet {
    std::vector<float> x, y, z, w;
};

const PointSet& random_points();

// The first kResident points of the same set, over and over: 16 Ki points (256 KiB in and out) stay
// in L2, so this is the kernel's compute rate; points1M streams 12-16 MiB from memory per pass.
constexpr std::size_t kResident = 1u << 14;

// grid1024: x = 0.3 + 0.01 i, y = 0.7 + 0.01 j; grid128x128x64 adds z = 0.5 + 0.01 k.
constexpr gradnoise::Grid2d kGrid2{0.3f, 0.7f, 0.01f, 0.01f, 1024, 1024};
constexpr gradnoise::Grid3d kGrid3{0.3f, 0.7f, 0.5f, 0.01f, 0.01f, 0.01f, 128, 128, 64};
constexpr std::size_t kGrid2Samples = 1024 * 1024;
constexpr std::size_t kGrid3Samples = 128 * 128 * 64;

// The fields. Perlin's table, quintic: what stb computes too.
const gradnoise::Noise& perlin_noise();
// The same with Hash::mix (no table lookups).
const gradnoise::Noise& mix_noise();
// Six octaves, lacunarity 2, persistence 0.5 (fbm or turbulence): the fractal workloads of issue #3.
const gradnoise::Noise& fractal_noise(gradnoise::Fractal kind);
// One warp level, strength 1, warp frequency 1, over plain noise.
const gradnoise::Noise& warp_noise();
// The issue-13 families: "simplex" (OpenSimplex2: 2D standard, 3D ImproveXY), "opensimplex2s",
// "cellular" (F1, Euclidean, jitter 1), "isotropic" and "fbm" (six-octave fBm of OpenSimplex2) --
// seed 1337. Hash::mix gives each family's fast bit-exact variant (issue 26; spec 16.7).
const gradnoise::Noise& family_noise(const std::string& which, gradnoise::Hash hash = gradnoise::Hash::permutation);
// Six-octave fBm of Perlin noise with Hash::mix (issue 26's fast variant of fbm2_6oct/fbm3_6oct).
const gradnoise::Noise& fbm_mix_noise();
// Eight-octave fBm (lacunarity 2, persistence 0.5): the terrain of the heightmap and chunk budgets.
const gradnoise::Noise& fbm8_noise();

// A gradnoise benchmark's ISA and field.
struct Config {
    gradnoise::Isa isa;
    const gradnoise::Noise* noise;
};

// The coordinates of a grid's samples in the fill's order (x fastest): the grid as points.
PointSet grid_points(const gradnoise::Grid2d& g);
PointSet grid_points(const gradnoise::Grid3d& g);

// Issue #14: the planes of one value+gradient output (value, dx, dy, dz).
struct GradientPlanes {
    explicit GradientPlanes(std::size_t n) : value(n), dx(n), dy(n), dz(n) {}
    gradnoise::GradientOut out() { return {value.data(), dx.data(), dy.data(), dz.data(), nullptr}; }
    std::vector<float> value, dx, dy, dz;
};

// Forces `isa` for the benchmark, or marks it skipped ("ISA not supported").
void use_isa(benchmark::State& state, gradnoise::Isa isa);

// The loop every benchmark shares: each iteration runs pass() over `samples` samples (its result, if
// it has one, kept through DoNotOptimize), and samples/s is what Google Benchmark reports.
template <class Pass>
void sample_loop(benchmark::State& state, std::size_t samples, Pass pass) {
    for (auto _ : state) {
        if constexpr (std::is_void_v<decltype(pass())>) {
            pass();
        } else {
            benchmark::DoNotOptimize(pass());
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(samples));
}

// The same with one output array of `samples` floats, written by fill(out) each iteration.
template <class Fill>
void fill_loop(benchmark::State& state, std::size_t samples, Fill fill) {
    std::vector<float> out(samples);
    sample_loop(state, samples, [&] { return fill(out.data()); });
}

// A benchmark timed in milliseconds (as most are): RegisterBenchmark(name, fn, args...) in ms.
template <class... Args>
auto* register_in_ms(const std::string& name, Args&&... args) {
    return benchmark::RegisterBenchmark(name.c_str(), std::forward<Args>(args)...)->Unit(benchmark::kMillisecond);
}

}  // namespace bench

#endif
