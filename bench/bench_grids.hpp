// gradnoise's grid benchmarks (bench_grids.cpp): grids and chunks through the library's fills --
// values, gradients, on threads -- and the grids through the point path, for comparison.
// Registered per ISA by bench_perlin.cpp's main.
#ifndef GRADNOISE_BENCH_BENCH_GRIDS_HPP
#define GRADNOISE_BENCH_BENCH_GRIDS_HPP

#include <benchmark/benchmark.h>

#include <cstddef>

#include "bench_workloads.hpp"

namespace bench {

// grid1024 and grid128x128x64 of c.noise (fill_grid_2d / fill_grid_3d).
void grid2(benchmark::State& state, Config c);
void grid3(benchmark::State& state, Config c);

// Issue 26: the grids on `threads` threads (FillOptions), against FastNoise2 on std::threads. Real time.
void grid2_threads(benchmark::State& state, Config c, unsigned threads);
void grid3_threads(benchmark::State& state, Config c, unsigned threads);

// Issue #14: value + gradient on the same grids (fill_grid_gradient_*d).
void grid2_gradient(benchmark::State& state, Config c);
void grid3_gradient(benchmark::State& state, Config c);

// Issue #4: the grid workloads of perlin_noise() through the per-point path (evaluate_*d on the
// grid's coordinates), to compare with the grid fast path.
void grid2_as_points(benchmark::State& state, gradnoise::Isa isa);
void grid3_as_points(benchmark::State& state, gradnoise::Isa isa);

// Issue #4: a 4096 x 4096 fBm-8 heightmap on the best ISA with `threads` threads, and the speed-up
// over one thread in the same run.
void heightmap_threads(benchmark::State& state, unsigned threads);

// Issue 17's frame budget: one side x side chunk of fBm-8 per iteration, value only or value +
// gradient; counter chunks_per_ms.
void chunk_budget(benchmark::State& state, gradnoise::Isa isa, std::size_t side, bool gradient);

}  // namespace bench

#endif
