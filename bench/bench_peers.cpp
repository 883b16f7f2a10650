// The other libraries on the suite's workloads (bench_peers.hpp): the same grids (origins and steps)
// and the same point arrays as gradnoise's benchmarks, through each library's own functions.
#include "bench_peers.hpp"

#include <benchmark/benchmark.h>

#include <cstddef>
#include <memory>
#include <string>
#include <tuple>

#include "bench_workloads.hpp"
#include "glm_yardstick.hpp"
#include "libnoise_yardstick.hpp"
#include "stb_yardstick.hpp"
#ifdef GRADNOISE_BENCH_FASTNOISE2
#include "fastnoise2_peer.hpp"
#endif

namespace bench {

namespace {

// A library's functions in the signatures the yardsticks and the FastNoise2 peer share: grids
// fn(origin, step, sizes, out) and points fn(x, y[, z[, w]], out, n).
using Grid2Fn = void (*)(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out);
using Grid3Fn = void (*)(float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny, std::size_t nz,
                         float* out);
using Points2Fn = void (*)(const float* x, const float* y, float* out, std::size_t n);
using Points3Fn = void (*)(const float* x, const float* y, const float* z, float* out, std::size_t n);
using Points4Fn = void (*)(const float* x, const float* y, const float* z, const float* w, float* out, std::size_t n);

// The workloads (grid1024, grid128x128x64, points1M) through such a function.
template <class Fn>
void on_grid2(benchmark::State& state, Fn fn) {
    fill_loop(state, kGrid2Samples, [&](float* out) {
        fn(kGrid2.origin_x, kGrid2.origin_y, kGrid2.step_x, kGrid2.size_x, kGrid2.size_y, out);
    });
}

template <class Fn>
void on_grid3(benchmark::State& state, Fn fn) {
    fill_loop(state, kGrid3Samples, [&](float* out) {
        fn(kGrid3.origin_x, kGrid3.origin_y, kGrid3.origin_z, kGrid3.step_x, kGrid3.size_x, kGrid3.size_y,
           kGrid3.size_z, out);
    });
}

template <class Fn>
void on_points2(benchmark::State& state, Fn fn) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) { fn(p.x.data(), p.y.data(), out, kPoints); });
}

template <class Fn>
void on_points3(benchmark::State& state, Fn fn) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) { fn(p.x.data(), p.y.data(), p.z.data(), out, kPoints); });
}

template <class Fn>
void on_points4(benchmark::State& state, Fn fn) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) { fn(p.x.data(), p.y.data(), p.z.data(), p.w.data(), out, kPoints); });
}

void grid2_of(const char* name, Grid2Fn fn) { register_in_ms(name, on_grid2<Grid2Fn>, fn); }
void grid3_of(const char* name, Grid3Fn fn) { register_in_ms(name, on_grid3<Grid3Fn>, fn); }
void points2_of(const char* name, Points2Fn fn) { register_in_ms(name, on_points2<Points2Fn>, fn); }
void points3_of(const char* name, Points3Fn fn) { register_in_ms(name, on_points3<Points3Fn>, fn); }
void points4_of(const char* name, Points4Fn fn) { register_in_ms(name, on_points4<Points4Fn>, fn); }

// stb_perlin's grid rows (all of them) and points, plain or fractal, in those signatures.
template <yardstick::Fractal kind>
void stb_grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out) {
    yardstick::stb_grid_rows(kind, {2, ox, oy, 0.0f, step, nx, ny, 0, ny}, out);
}

template <yardstick::Fractal kind>
void stb_grid3(float ox, float oy, float oz, float step, std::size_t nx, std::size_t ny, std::size_t nz, float* out) {
    yardstick::stb_grid_rows(kind, {3, ox, oy, oz, step, nx, ny, 0, ny * nz}, out);
}

template <yardstick::Fractal kind>
void stb_points3(const float* x, const float* y, const float* z, float* out, std::size_t n) {
    yardstick::stb_points3(kind, x, y, z, out, n);
}

// libnoise's fBm on the 2D grid: its 3D grid at z = 0, one slice.
void libnoise_fbm_grid2(float ox, float oy, float step, std::size_t nx, std::size_t ny, float* out) {
    yardstick::libnoise_fbm_grid3(ox, oy, 0.0f, step, nx, ny, 1, out);
}

}  // namespace

void register_yardstick_benchmarks() {
    using yardstick::Fractal;
    grid2_of("stb/perlin2/grid1024", stb_grid2<Fractal::none>);
    grid3_of("stb/perlin3/grid128x128x64", stb_grid3<Fractal::none>);
    points2_of("stb/perlin2/points1M", yardstick::stb_points2);
    points3_of("stb/perlin3/points1M", stb_points3<Fractal::none>);
    grid2_of("stb/fbm2_6oct/grid1024", stb_grid2<Fractal::fbm>);
    grid3_of("stb/fbm3_6oct/grid128x128x64", stb_grid3<Fractal::fbm>);
    points3_of("stb/fbm3_6oct/points1M", stb_points3<Fractal::fbm>);
    grid3_of("stb/turbulence3_6oct/grid128x128x64", stb_grid3<Fractal::turbulence>);
    grid2_of("stb/warp2/grid1024", yardstick::stb_warp_grid2);
    grid2_of("libnoise/fbm2_6oct/grid1024", libnoise_fbm_grid2);
    grid3_of("libnoise/fbm3_6oct/grid128x128x64", yardstick::libnoise_fbm_grid3);
    points3_of("libnoise/fbm3_6oct/points1M", yardstick::libnoise_fbm_points3);
    // glm::perlin on the same grids (same origins and steps) and the same point arrays.
    grid2_of("glm/perlin2/grid1024", yardstick::glm_grid2);
    grid3_of("glm/perlin3/grid128x128x64", yardstick::glm_grid3);
    points2_of("glm/perlin2/points1M", yardstick::glm_points2);
    points3_of("glm/perlin3/points1M", yardstick::glm_points3);
    points4_of("glm/perlin4/points1M", yardstick::glm_points4);
    grid2_of("glm/fbm2_6oct/grid1024", yardstick::glm_fbm_grid2);
    points3_of("glm/fbm3_6oct/points1M", yardstick::glm_fbm_points3);
    grid2_of("glm/simplex2/grid1024", yardstick::glm_simplex_grid2);
    points3_of("glm/simplex3/points1M", yardstick::glm_simplex_points3);
}

#ifdef GRADNOISE_BENCH_FASTNOISE2
namespace {

// Issue 26: FastNoise2 on the same grids and points (fn2/<workload>/<isa>), and the grids on
// `threads` std::threads (real time).
using Fn2Ptr = std::shared_ptr<const peer::Fn2>;

void fn2_grid2(benchmark::State& state, Fn2Ptr f) {
    on_grid2(state, [&](auto... a) { f->grid2(a...); });
}
void fn2_grid3(benchmark::State& state, Fn2Ptr f) {
    on_grid3(state, [&](auto... a) { f->grid3(a...); });
}
void fn2_points2(benchmark::State& state, Fn2Ptr f) {
    on_points2(state, [&](auto... a) { f->points2(a...); });
}
void fn2_points3(benchmark::State& state, Fn2Ptr f) {
    on_points3(state, [&](auto... a) { f->points3(a...); });
}
void fn2_grid2_threads(benchmark::State& state, Fn2Ptr f, unsigned threads) {
    on_grid2(state, [&](auto... a) { f->grid2_threads(a..., threads); });
}
void fn2_grid3_threads(benchmark::State& state, Fn2Ptr f, unsigned threads) {
    on_grid3(state, [&](auto... a) { f->grid3_threads(a..., threads); });
}

}  // namespace

void register_fastnoise2_benchmarks(gradnoise::Isa isa) {
    const std::string n = gradnoise::isa_name(isa);
    using peer::Fn2Field;
    using Fn2Fill = void (*)(benchmark::State&, Fn2Ptr);
    const std::tuple<const char*, Fn2Field, Fn2Fill> fn2_workloads[] = {
        {"perlin2/grid1024/", Fn2Field::perlin, fn2_grid2},
        {"perlin3/grid128x128x64/", Fn2Field::perlin, fn2_grid3},
        {"perlin2/points1M/", Fn2Field::perlin, fn2_points2},
        {"perlin3/points1M/", Fn2Field::perlin, fn2_points3},
        {"fbm2_6oct/grid1024/", Fn2Field::fbm_perlin, fn2_grid2},
        {"fbm3_6oct/grid128x128x64/", Fn2Field::fbm_perlin, fn2_grid3},
        {"simplex2/grid1024/", Fn2Field::simplex, fn2_grid2},
        {"simplex2/points1M/", Fn2Field::simplex, fn2_points2},
        {"simplex3/grid128x128x64/", Fn2Field::simplex, fn2_grid3},
        {"simplex3/points1M/", Fn2Field::simplex, fn2_points3},
        {"opensimplex2s2/grid1024/", Fn2Field::supersimplex, fn2_grid2},
        {"opensimplex2s2/points1M/", Fn2Field::supersimplex, fn2_points2},
        {"opensimplex2s3/grid128x128x64/", Fn2Field::supersimplex, fn2_grid3},
        {"opensimplex2s3/points1M/", Fn2Field::supersimplex, fn2_points3},
        {"cellular2/grid1024/", Fn2Field::cellular_f1, fn2_grid2},
        {"cellular3/grid128x128x64/", Fn2Field::cellular_f1, fn2_grid3},
        {"cellular2/points1M/", Fn2Field::cellular_f1, fn2_points2},
        {"cellular3/points1M/", Fn2Field::cellular_f1, fn2_points3},
    };
    for (const auto& [name, field, fill] : fn2_workloads) {
        if (Fn2Ptr f = peer::make_fastnoise2(field, n.c_str()))
            register_in_ms("fn2/" + std::string(name) + n, fill, f);
    }
    using Fn2Threads = void (*)(benchmark::State&, Fn2Ptr, unsigned);
    const std::tuple<const char*, Fn2Field, Fn2Threads> fn2_threaded[] = {
        {"perlin2/grid1024-threads2/", Fn2Field::perlin, fn2_grid2_threads},
        {"perlin3/grid128x128x64-threads2/", Fn2Field::perlin, fn2_grid3_threads},
        {"fbm2_6oct/grid1024-threads2/", Fn2Field::fbm_perlin, fn2_grid2_threads},
        {"simplex2/grid1024-threads2/", Fn2Field::simplex, fn2_grid2_threads},
        {"cellular2/grid1024-threads2/", Fn2Field::cellular_f1, fn2_grid2_threads},
    };
    for (const auto& [name, field, fill] : fn2_threaded) {
        if (Fn2Ptr f = peer::make_fastnoise2(field, n.c_str()))
            register_in_ms("fn2/" + std::string(name) + n, fill, f, 2u)->UseRealTime();
    }
}
#else
void register_fastnoise2_benchmarks(gradnoise::Isa) {}
#endif

}  // namespace bench
