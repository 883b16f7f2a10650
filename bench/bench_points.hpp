// gradnoise's point benchmarks (bench_points.cpp): the 2^20 points through evaluate_*d -- values,
// binary64, gradients, curl -- and the finite-difference gradients users compute without the
// analytic ones. Registered per ISA by bench_perlin.cpp's main.
#ifndef GRADNOISE_BENCH_BENCH_POINTS_HPP
#define GRADNOISE_BENCH_BENCH_POINTS_HPP

#include <benchmark/benchmark.h>

#include "bench_workloads.hpp"

namespace bench {

// points1M of c.noise in 2D, 3D and 4D.
void points2(benchmark::State& state, Config c);
void points3(benchmark::State& state, Config c);
void points4(benchmark::State& state, Config c);

// points16K-in-cache: the first kResident points, over and over.
void points2_resident(benchmark::State& state, Config c);
void points3_resident(benchmark::State& state, Config c);

// Issue #4: perlin3/points1M in binary64 (the same points, as doubles).
void points3_f64(benchmark::State& state, gradnoise::Isa isa);

// Issue #14: value + gradient (evaluate_gradient_*d), and curl (evaluate_curl_3d: three decorrelated
// gradients per sample).
void points2_gradient(benchmark::State& state, Config c);
void points3_gradient(benchmark::State& state, Config c);
void curl3_points(benchmark::State& state, Config c);

// The finite-difference alternative in blocks of 2048 points, h = 2^-8: forward differences in
// `dims` dimensions (the value and one more per axis), and central differences in 2D (the
// gradient only: what a normal map needs).
template <int dims>
void points_fd_forward(benchmark::State& state, Config c);
extern template void points_fd_forward<2>(benchmark::State&, Config);
extern template void points_fd_forward<3>(benchmark::State&, Config);
void points2_fd_central(benchmark::State& state, Config c);

}  // namespace bench

#endif
