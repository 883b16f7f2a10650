// gradnoise vs stb_perlin, libnoise and glm::perlin, single thread, samples per second (items_per_second).
// Names: <workload>/<isa> for gradnoise, stb/<workload>, libnoise/<workload> and glm/<workload> for the
// yardsticks (each in its own TU, -O3 -march=native); scripts (report.py, plot_report.py) pair them.
// Workloads named perlin2-mix/..., perlin3-mix/... run the same grids and points with Hash::mix.
// Workloads (issue #2): perlin2/grid1024, perlin3/grid128x128x64 (x = 0.3 + 0.01 i, y = 0.7 + 0.01 j,
// z = 0.5 + 0.01 k) and perlin2/points1M, perlin3/points1M (2^20 uniform points in [-500, 500]).
// Issue #3: fbm*/turbulence* (6 octaves, lacunarity 2, persistence 0.5) on the same grids and
// points, perlin4/points1M (w = a fourth uniform coordinate), warp2/grid1024 (2D, one warp level,
// strength 1, warp frequency 1, over plain noise: 3 noise2 per sample). Yardsticks: stb_perlin
// (stb/...) and libnoise's noise::module::Perlin with 6 octaves (libnoise/...).
// Issue #6: glm::perlin (GLM's classic Perlin noise, Debian libglm-dev; glm/...) on perlin2/grid1024,
// perlin3/grid128x128x64, perlin{2,3,4}/points1M (the same x, y, z, w arrays), fbm2_6oct/grid1024
// and fbm3_6oct/points1M (6 octaves, lacunarity 2, persistence 0.5, sum a_k n(p f_k) / sum a_k, the
// loop in bench/glm_yardstick.cpp). The scalar reference path of gradnoise is the .../scalar
// variant of every workload (the ISA loop registers Isa::scalar like the SIMD ISAs).
// Issue #14 (analytic gradients): <workload>-grad/... is the value and its gradient from one call
// (evaluate_gradient_*d, fill_grid_gradient_*d) on the value workload's grid or points, with the
// same Noise, so "-grad" over the plain name is like for like; curl3/points1M is evaluate_curl_3d
// on perlin3's points (three decorrelated gradients per sample). The finite-difference alternative
// (what users do today): perlin2-fd/points1M and perlin3-fd/points1M, forward differences -- the
// value at p and one more value at p + h e_a per axis (3 and 4 evaluate_*d per sample, h = 2^-8),
// and perlin2-fd-central/points1M, central differences in 2D -- the values at p +- h e_x and
// p +- h e_y (4 evaluations; the gradient only, no value: what a normal map needs). All three run
// in blocks of 2048 points (the shifted coordinates and the differences stay in L1), items = samples;
// they and curl3 have no .../scalar variant.
#include "bench_graph.hpp"
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "glm_yardstick.hpp"
#include "gradnoise/gradnoise.hpp"
#include "libnoise_yardstick.hpp"
#include "stb_yardstick.hpp"
#ifdef GRADNOISE_BENCH_FASTNOISE2
#include "fastnoise2_peer.hpp"
#endif

namespace {

constexpr std::size_t kPoints = 1u << 20;

struct PointSet {
    std::vector<float> x, y, z, w;
};

const PointSet& random_points() {
    static const PointSet set = [] {
        PointSet p;
        std::uint64_t s = 0x9E3779B97F4A7C15ull;
        auto next = [&] {  // xorshift64*: any fixed sequence will do for a benchmark
            s ^= s >> 12;
            s ^= s << 25;
            s ^= s >> 27;
            std::uint64_t r = s * 0x2545F4914F6CDD1Dull;
            return -500.0f + 1000.0f * (static_cast<float>(r >> 40) * (1.0f / 16777216.0f));
        };
        for (std::size_t i = 0; i < kPoints; ++i) {
            p.x.push_back(next());
            p.y.push_back(next());
            p.z.push_back(next());
        }
        for (std::size_t i = 0; i < kPoints; ++i) {
            p.w.push_back(next());
        }
        return p;
    }();
    return set;
}

const gradnoise::Noise& perlin_noise() {
    static const gradnoise::Noise n;  // Perlin's table, quintic: what stb computes too
    return n;
}

const gradnoise::Noise& mix_noise() {
    static const gradnoise::Noise n(0u, gradnoise::Fade::quintic, gradnoise::Hash::mix);
    return n;
}

// Six octaves, lacunarity 2, persistence 0.5: the fractal workloads of issue #3.
const gradnoise::Noise& fractal_noise(gradnoise::Fractal kind) {
    auto make = [](gradnoise::Fractal k) {
        gradnoise::NoiseDesc d;
        d.fractal = {k, 6, 1.0f, 2.0f, 0.5f};
        gradnoise::Noise n;
        if (!gradnoise::Noise::create(d, &n).ok()) std::abort();
        return n;
    };
    static const gradnoise::Noise fbm = make(gradnoise::Fractal::fbm);
    static const gradnoise::Noise turbulence = make(gradnoise::Fractal::turbulence);
    return kind == gradnoise::Fractal::fbm ? fbm : turbulence;
}

const gradnoise::Noise& warp_noise() {
    static const gradnoise::Noise n = [] {
        gradnoise::NoiseDesc d;
        d.warp = {1, 1.0f, 1.0f};
        gradnoise::Noise noise;
        if (!gradnoise::Noise::create(d, &noise).ok()) std::abort();
        return noise;
    }();
    return n;
}

// The issue-13 families: OpenSimplex2 (2D standard, 3D ImproveXY), OpenSimplex2S, cellular F1
// (Euclidean, jitter 1), and six-octave fBm of OpenSimplex2 -- seed 1337 for the simplex ones.
// Hash::mix gives each family's fast bit-exact variant (issue 26; spec 16.7).
const gradnoise::Noise& family_noise(const std::string& which, gradnoise::Hash hash = gradnoise::Hash::permutation) {
    auto make = [](gradnoise::Basis basis, gradnoise::Fractal fractal, gradnoise::Hash h) {
        gradnoise::NoiseDesc d;
        d.basis = basis;
        d.has_seed = true;
        d.seed = 1337;
        d.hash = h;
        d.fractal = {fractal, 6, 1.0f, 2.0f, 0.5f};
        gradnoise::Noise n;
        if (!gradnoise::Noise::create(d, &n).ok()) std::abort();
        return n;
    };
    const bool mix = hash == gradnoise::Hash::mix;
    static const gradnoise::Noise simplex[2] = {make(gradnoise::Basis::opensimplex2, gradnoise::Fractal::none, gradnoise::Hash::permutation),
                                                make(gradnoise::Basis::opensimplex2, gradnoise::Fractal::none, gradnoise::Hash::mix)};
    static const gradnoise::Noise smooth[2] = {make(gradnoise::Basis::opensimplex2s, gradnoise::Fractal::none, gradnoise::Hash::permutation),
                                               make(gradnoise::Basis::opensimplex2s, gradnoise::Fractal::none, gradnoise::Hash::mix)};
    static const gradnoise::Noise cellular = make(gradnoise::Basis::cellular, gradnoise::Fractal::none, gradnoise::Hash::permutation);
    static const gradnoise::Noise isotropic = make(gradnoise::Basis::isotropic, gradnoise::Fractal::none, gradnoise::Hash::permutation);
    static const gradnoise::Noise simplex_fbm = make(gradnoise::Basis::opensimplex2, gradnoise::Fractal::fbm, gradnoise::Hash::permutation);
    if (which == "opensimplex2s") return smooth[mix];
    if (which == "cellular") return cellular;
    if (which == "isotropic") return isotropic;
    if (which == "fbm") return simplex_fbm;
    return simplex[mix];
}

// Six-octave fBm of Perlin noise with Hash::mix (issue 26's fast variant of fbm2_6oct/fbm3_6oct).
const gradnoise::Noise& fbm_mix_noise() {
    static const gradnoise::Noise n = [] {
        gradnoise::NoiseDesc d;
        d.hash = gradnoise::Hash::mix;
        d.fractal = {gradnoise::Fractal::fbm, 6, 1.0f, 2.0f, 0.5f};
        gradnoise::Noise noise;
        if (!gradnoise::Noise::create(d, &noise).ok()) std::abort();
        return noise;
    }();
    return n;
}

struct Config {
    gradnoise::Isa isa;
    const gradnoise::Noise* noise;
};

// The loop every benchmark below shares: each iteration fills `samples` outputs (the fill's own result
// checked through DoNotOptimize where it has one), and samples/s is what Google Benchmark reports.
template <class Fill>
void fill_loop(benchmark::State& state, std::size_t samples, Fill fill) {
    std::vector<float> out(samples);
    for (auto _ : state) {
        fill(out.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(samples));
}

void use_isa(benchmark::State& state, gradnoise::Isa isa) {
    if (!gradnoise::force_isa(isa).ok()) {
        state.SkipWithError("ISA not supported");
    }
}

// The first kResident points of the same set, over and over: 16 Ki points (256 KiB in and out) stay
// in L2, so this is the kernel's compute rate; points1M streams 12-16 MiB from memory per pass.
constexpr std::size_t kResident = 1u << 14;

void points2_resident(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const PointSet& p = random_points();
    fill_loop(state, kResident, [&](float* out) {
        benchmark::DoNotOptimize(c.noise->evaluate_2d(p.x.data(), p.y.data(), out, kResident).ok());
    });
}

void points3_resident(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const PointSet& p = random_points();
    fill_loop(state, kResident, [&](float* out) {
        benchmark::DoNotOptimize(c.noise->evaluate_3d(p.x.data(), p.y.data(), p.z.data(), out, kResident).ok());
    });
}

void grid2(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    const gradnoise::Grid2d g{0.3f, 0.7f, 0.01f, 0.01f, 1024, 1024};
    fill_loop(state, 1024 * 1024, [&](float* out) {
        benchmark::DoNotOptimize(noise.fill_grid_2d(g, out).ok());
    });
}

// Issue 26: the grids on 2 threads (FillOptions), against FastNoise2 on 2 std::threads. Real time.
void grid2_threads(benchmark::State& state, Config c, unsigned threads) {
    use_isa(state, c.isa);
    const gradnoise::Grid2d g{0.3f, 0.7f, 0.01f, 0.01f, 1024, 1024};
    gradnoise::FillOptions o;
    o.threads = threads;
    fill_loop(state, 1024 * 1024, [&](float* out) {
        benchmark::DoNotOptimize(c.noise->fill_grid_2d(g, out, 0, o).ok());
    });
}

void grid3_threads(benchmark::State& state, Config c, unsigned threads) {
    use_isa(state, c.isa);
    const gradnoise::Grid3d g{0.3f, 0.7f, 0.5f, 0.01f, 0.01f, 0.01f, 128, 128, 64};
    gradnoise::FillOptions o;
    o.threads = threads;
    fill_loop(state, 128 * 128 * 64, [&](float* out) {
        benchmark::DoNotOptimize(c.noise->fill_grid_3d(g, out, 0, 0, o).ok());
    });
}

// Issue 17's frame budget: one side x side chunk of fBm-8 (the realtime viewer's terrain, spacing
// 1/256) per iteration, walking east so every chunk is new; value only, or value + gradient (the
// viewer's fill: normals from the analytic gradient). Counter chunks_per_ms: chunks one core fills in
// one millisecond of a frame.
void chunk_budget(benchmark::State& state, gradnoise::Isa isa, std::size_t side, bool gradient) {
    use_isa(state, isa);
    static const gradnoise::Noise terrain = [] {
        gradnoise::NoiseDesc d;
        d.fractal = {gradnoise::Fractal::fbm, 8, 1.0f, 2.0f, 0.5f};
        gradnoise::Noise n;
        if (!gradnoise::Noise::create(d, &n).ok()) std::abort();
        return n;
    }();
    std::vector<float> value(side * side), dx(side * side), dy(side * side);
    std::int64_t x = 0;
    for (auto _ : state) {
        const gradnoise::Chunk2d c{x, 1000, side, side, 1.0f / 256.0f};
        x += static_cast<std::int64_t>(side);
        benchmark::DoNotOptimize(gradient ? terrain.fill_chunk_gradient_2d(c, {value.data(), dx.data(), dy.data()}).ok()
                                          : terrain.fill_chunk_2d(c, value.data()).ok());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * side * side));
    state.counters["chunks_per_ms"] = benchmark::Counter(static_cast<double>(state.iterations()) / 1000.0,
                                                         benchmark::Counter::kIsRate);
}

void grid3(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    const gradnoise::Grid3d g{0.3f, 0.7f, 0.5f, 0.01f, 0.01f, 0.01f, 128, 128, 64};
    fill_loop(state, 128 * 128 * 64, [&](float* out) {
        benchmark::DoNotOptimize(noise.fill_grid_3d(g, out).ok());
    });
}

void points2(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        benchmark::DoNotOptimize(noise.evaluate_2d(p.x.data(), p.y.data(), out, kPoints).ok());
    });
}

void points3(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        benchmark::DoNotOptimize(
            noise.evaluate_3d(p.x.data(), p.y.data(), p.z.data(), out, kPoints).ok());
    });
}

void points4(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        benchmark::DoNotOptimize(
            noise.evaluate_4d(p.x.data(), p.y.data(), p.z.data(), p.w.data(), out, kPoints).ok());
    });
}

// Issue #4: a 4096 x 4096 fBm heightmap (8 octaves, lacunarity 2, persistence 0.5) on the best
// ISA with `threads` threads (FillOptions), and the speed-up over one thread in the same run.
void heightmap_threads(benchmark::State& state, unsigned threads) {
    static const gradnoise::Noise noise = [] {
        gradnoise::NoiseDesc d;
        d.fractal = {gradnoise::Fractal::fbm, 8, 1.0f, 2.0f, 0.5f};
        gradnoise::Noise n;
        if (!gradnoise::Noise::create(d, &n).ok()) std::abort();
        return n;
    }();
    gradnoise::reset_isa();
    std::vector<float> out(std::size_t(4096) * 4096);
    const gradnoise::Grid2d g{0.3f, 0.7f, 1.0f / 512.0f, 1.0f / 512.0f, 4096, 4096};
    gradnoise::FillOptions o;
    o.threads = threads;
    for (auto _ : state) {
        benchmark::DoNotOptimize(noise.fill_grid_2d(g, out.data(), 0, o).ok());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 4096 * 4096);
    state.counters["threads"] = threads;
}

// Issue #4: perlin3/points1M in binary64 (the same points, as doubles).
void points3_f64(benchmark::State& state, gradnoise::Isa isa) {
    use_isa(state, isa);
    const PointSet& p = random_points();
    static const std::vector<double> x(p.x.begin(), p.x.end()), y(p.y.begin(), p.y.end()), z(p.z.begin(), p.z.end());
    std::vector<double> out(kPoints);
    for (auto _ : state) {
        benchmark::DoNotOptimize(perlin_noise().evaluate_3d_f64(x.data(), y.data(), z.data(), out.data(), kPoints).ok());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kPoints));
}

// Issue #4: the grid workloads through the per-point path (evaluate_*d on the grid's coordinates),
// to compare with the grid fast path (perlin2/grid1024, perlin3/grid128x128x64).
void grid2_as_points(benchmark::State& state, gradnoise::Isa isa) {
    use_isa(state, isa);
    static const PointSet g = [] {
        PointSet p;
        for (std::size_t j = 0; j < 1024; ++j) {
            for (std::size_t i = 0; i < 1024; ++i) {
                p.x.push_back(0.3f + static_cast<float>(i) * 0.01f);
                p.y.push_back(0.7f + static_cast<float>(j) * 0.01f);
            }
        }
        return p;
    }();
    std::vector<float> out(g.x.size());
    for (auto _ : state) {
        benchmark::DoNotOptimize(perlin_noise().evaluate_2d(g.x.data(), g.y.data(), out.data(), out.size()).ok());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 1024 * 1024);
}

void grid3_as_points(benchmark::State& state, gradnoise::Isa isa) {
    use_isa(state, isa);
    static const PointSet g = [] {
        PointSet p;
        for (std::size_t k = 0; k < 64; ++k) {
            for (std::size_t j = 0; j < 128; ++j) {
                for (std::size_t i = 0; i < 128; ++i) {
                    p.x.push_back(0.3f + static_cast<float>(i) * 0.01f);
                    p.y.push_back(0.7f + static_cast<float>(j) * 0.01f);
                    p.z.push_back(0.5f + static_cast<float>(k) * 0.01f);
                }
            }
        }
        return p;
    }();
    std::vector<float> out(g.x.size());
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            perlin_noise().evaluate_3d(g.x.data(), g.y.data(), g.z.data(), out.data(), out.size()).ok());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 128 * 128 * 64);
}

// Issue #14: value + gradient. The planes of one value+gradient output (value, dx, dy, dz).
struct GradientPlanes {
    explicit GradientPlanes(std::size_t n) : value(n), dx(n), dy(n), dz(n) {}
    gradnoise::GradientOut out() { return {value.data(), dx.data(), dy.data(), dz.data(), nullptr}; }
    std::vector<float> value, dx, dy, dz;
};

void points2_gradient(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const PointSet& p = random_points();
    GradientPlanes o(kPoints);
    for (auto _ : state) {
        benchmark::DoNotOptimize(c.noise->evaluate_gradient_2d(p.x.data(), p.y.data(), o.out(), kPoints).ok());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kPoints));
}

void points3_gradient(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const PointSet& p = random_points();
    GradientPlanes o(kPoints);
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            c.noise->evaluate_gradient_3d(p.x.data(), p.y.data(), p.z.data(), o.out(), kPoints).ok());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kPoints));
}

void grid2_gradient(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    GradientPlanes o(1024 * 1024);
    const gradnoise::Grid2d g{0.3f, 0.7f, 0.01f, 0.01f, 1024, 1024};
    for (auto _ : state) {
        benchmark::DoNotOptimize(c.noise->fill_grid_gradient_2d(g, o.out()).ok());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 1024 * 1024);
}

void grid3_gradient(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    GradientPlanes o(128 * 128 * 64);
    const gradnoise::Grid3d g{0.3f, 0.7f, 0.5f, 0.01f, 0.01f, 0.01f, 128, 128, 64};
    for (auto _ : state) {
        benchmark::DoNotOptimize(c.noise->fill_grid_gradient_3d(g, o.out()).ok());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 128 * 128 * 64);
}

void curl3_points(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const PointSet& p = random_points();
    std::vector<float> vx(kPoints), vy(kPoints), vz(kPoints);
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            c.noise->evaluate_curl_3d(p.x.data(), p.y.data(), p.z.data(), vx.data(), vy.data(), vz.data(), kPoints)
                .ok());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kPoints));
}

// The finite-difference alternative, done as well as a user would: blocks of kFdBlock points, the
// shifted coordinates and the shifted values in L1-resident scratch, the differences written to
// the same planes as the analytic workloads. h = 2^-8: |p| <= 500, so p + h is exact in float.
constexpr std::size_t kFdBlock = 2048;
constexpr float kFdStep = 1.0f / 256.0f;

// Forward differences in `dims` dimensions: value at p, then p + h e_a per axis (1 + dims evaluations).
template <int dims>
void points_fd_forward(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    const PointSet& p = random_points();
    GradientPlanes o(kPoints);
    float* d[3] = {o.dx.data(), o.dy.data(), o.dz.data()};
    std::vector<float> shifted(kFdBlock), f(kFdBlock);
    const float inv_h = 1.0f / kFdStep;
    for (auto _ : state) {
        bool ok = true;
        for (std::size_t i = 0; i < kPoints; i += kFdBlock) {
            const std::size_t n = kPoints - i < kFdBlock ? kPoints - i : kFdBlock;
            const float* q[3] = {p.x.data() + i, p.y.data() + i, p.z.data() + i};
            float* v = o.value.data() + i;
            ok &= (dims == 2 ? noise.evaluate_2d(q[0], q[1], v, n) : noise.evaluate_3d(q[0], q[1], q[2], v, n)).ok();
            for (int a = 0; a < dims; ++a) {
                for (std::size_t j = 0; j < n; ++j) shifted[j] = q[a][j] + kFdStep;
                const float* s[3] = {q[0], q[1], q[2]};
                s[a] = shifted.data();
                ok &= (dims == 2 ? noise.evaluate_2d(s[0], s[1], f.data(), n)
                                 : noise.evaluate_3d(s[0], s[1], s[2], f.data(), n))
                          .ok();
                for (std::size_t j = 0; j < n; ++j) d[a][i + j] = (f[j] - v[j]) * inv_h;
            }
        }
        benchmark::DoNotOptimize(ok);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kPoints));
}

// Central differences in 2D: p +- h e_x, p +- h e_y (4 evaluations), the gradient only.
void points2_fd_central(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    const PointSet& p = random_points();
    GradientPlanes o(kPoints);
    float* d[2] = {o.dx.data(), o.dy.data()};
    std::vector<float> shifted(kFdBlock), plus(kFdBlock), minus(kFdBlock);
    const float inv_2h = 0.5f / kFdStep;
    for (auto _ : state) {
        bool ok = true;
        for (std::size_t i = 0; i < kPoints; i += kFdBlock) {
            const std::size_t n = kPoints - i < kFdBlock ? kPoints - i : kFdBlock;
            const float* q[2] = {p.x.data() + i, p.y.data() + i};
            for (int a = 0; a < 2; ++a) {
                const float* s[2] = {q[0], q[1]};
                s[a] = shifted.data();
                for (std::size_t j = 0; j < n; ++j) shifted[j] = q[a][j] + kFdStep;
                ok &= noise.evaluate_2d(s[0], s[1], plus.data(), n).ok();
                for (std::size_t j = 0; j < n; ++j) shifted[j] = q[a][j] - kFdStep;
                ok &= noise.evaluate_2d(s[0], s[1], minus.data(), n).ok();
                for (std::size_t j = 0; j < n; ++j) d[a][i + j] = (plus[j] - minus[j]) * inv_2h;
            }
        }
        benchmark::DoNotOptimize(ok);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kPoints));
}

void stb_warp_grid2(benchmark::State& state) {
    fill_loop(state, 1024 * 1024, [&](float* out) {
        yardstick::stb_warp_grid2(0.3f, 0.7f, 0.01f, 1024, 1024, out);
    });
}

void libnoise_fbm_grid3(benchmark::State& state) {
    fill_loop(state, 128 * 128 * 64, [&](float* out) {
        yardstick::libnoise_fbm_grid3(0.3f, 0.7f, 0.5f, 0.01f, 128, 128, 64, out);
    });
}

void libnoise_fbm_grid2(benchmark::State& state) {
    fill_loop(state, 1024 * 1024, [&](float* out) {
        yardstick::libnoise_fbm_grid3(0.3f, 0.7f, 0.0f, 0.01f, 1024, 1024, 1, out);
    });
}

void libnoise_fbm_points3(benchmark::State& state) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        yardstick::libnoise_fbm_points3(p.x.data(), p.y.data(), p.z.data(), out, kPoints);
    });
}

template <yardstick::Fractal kind>
void stb_fractal_grid3(benchmark::State& state) {
    fill_loop(state, 128 * 128 * 64, [&](float* out) {
        yardstick::stb_grid_rows(kind, {3, 0.3f, 0.7f, 0.5f, 0.01f, 128, 128, 0, 128 * 64}, out);
    });
}

void stb_fbm_grid2(benchmark::State& state) {
    fill_loop(state, 1024 * 1024, [&](float* out) {
        yardstick::stb_grid_rows(yardstick::Fractal::fbm, {2, 0.3f, 0.7f, 0.0f, 0.01f, 1024, 1024, 0, 1024}, out);
    });
}

void stb_fbm_points3(benchmark::State& state) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        yardstick::stb_points3(yardstick::Fractal::fbm, p.x.data(), p.y.data(), p.z.data(), out, kPoints);
    });
}

void stb_grid2(benchmark::State& state) {
    fill_loop(state, 1024 * 1024, [&](float* out) {
        yardstick::stb_grid_rows(yardstick::Fractal::none, {2, 0.3f, 0.7f, 0.0f, 0.01f, 1024, 1024, 0, 1024}, out);
    });
}

void stb_grid3(benchmark::State& state) {
    fill_loop(state, 128 * 128 * 64, [&](float* out) {
        yardstick::stb_grid_rows(yardstick::Fractal::none, {3, 0.3f, 0.7f, 0.5f, 0.01f, 128, 128, 0, 128 * 64}, out);
    });
}

void stb_points2(benchmark::State& state) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        yardstick::stb_points2(p.x.data(), p.y.data(), out, kPoints);
    });
}

void stb_points3(benchmark::State& state) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        yardstick::stb_points3(yardstick::Fractal::none, p.x.data(), p.y.data(), p.z.data(), out, kPoints);
    });
}

// glm::perlin on the same grids (same origins and steps) and the same point arrays.
void glm_grid2(benchmark::State& state) {
    fill_loop(state, 1024 * 1024, [&](float* out) {
        yardstick::glm_grid2(0.3f, 0.7f, 0.01f, 1024, 1024, out);
    });
}

void glm_grid3(benchmark::State& state) {
    fill_loop(state, 128 * 128 * 64, [&](float* out) {
        yardstick::glm_grid3(0.3f, 0.7f, 0.5f, 0.01f, 128, 128, 64, out);
    });
}

void glm_points2(benchmark::State& state) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        yardstick::glm_points2(p.x.data(), p.y.data(), out, kPoints);
    });
}

void glm_points3(benchmark::State& state) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        yardstick::glm_points3(p.x.data(), p.y.data(), p.z.data(), out, kPoints);
    });
}

void glm_points4(benchmark::State& state) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        yardstick::glm_points4(p.x.data(), p.y.data(), p.z.data(), p.w.data(), out, kPoints);
    });
}

void glm_simplex_grid2(benchmark::State& state) {
    fill_loop(state, 1024 * 1024, [&](float* out) {
        yardstick::glm_simplex_grid2(0.3f, 0.7f, 0.01f, 1024, 1024, out);
    });
}

void glm_simplex_points3(benchmark::State& state) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        yardstick::glm_simplex_points3(p.x.data(), p.y.data(), p.z.data(), out, kPoints);
    });
}

void glm_fbm_grid2(benchmark::State& state) {
    fill_loop(state, 1024 * 1024, [&](float* out) {
        yardstick::glm_fbm_grid2(0.3f, 0.7f, 0.01f, 1024, 1024, out);
    });
}

void glm_fbm_points3(benchmark::State& state) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        yardstick::glm_fbm_points3(p.x.data(), p.y.data(), p.z.data(), out, kPoints);
    });
}

#ifdef GRADNOISE_BENCH_FASTNOISE2
// Issue 26: FastNoise2 on the same grids and points (fn2/<workload>/<isa>).
using Fn2Ptr = std::shared_ptr<const peer::Fn2>;

void fn2_grid2(benchmark::State& state, Fn2Ptr f) {
    fill_loop(state, 1024 * 1024, [&](float* out) {
        f->grid2(0.3f, 0.7f, 0.01f, 1024, 1024, out);
    });
}

void fn2_grid3(benchmark::State& state, Fn2Ptr f) {
    fill_loop(state, 128 * 128 * 64, [&](float* out) {
        f->grid3(0.3f, 0.7f, 0.5f, 0.01f, 128, 128, 64, out);
    });
}

void fn2_points2(benchmark::State& state, Fn2Ptr f) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        f->points2(p.x.data(), p.y.data(), out, kPoints);
    });
}

void fn2_points3(benchmark::State& state, Fn2Ptr f) {
    const PointSet& p = random_points();
    fill_loop(state, kPoints, [&](float* out) {
        f->points3(p.x.data(), p.y.data(), p.z.data(), out, kPoints);
    });
}
#endif

#ifdef GRADNOISE_BENCH_FASTNOISE2
void fn2_grid2_threads(benchmark::State& state, Fn2Ptr f, unsigned threads) {
    fill_loop(state, 1024 * 1024, [&](float* out) {
        f->grid2_threads(0.3f, 0.7f, 0.01f, 1024, 1024, out, threads);
    });
}

void fn2_grid3_threads(benchmark::State& state, Fn2Ptr f, unsigned threads) {
    fill_loop(state, 128 * 128 * 64, [&](float* out) {
        f->grid3_threads(0.3f, 0.7f, 0.5f, 0.01f, 128, 128, 64, out, threads);
    });
}
#endif

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            auto colon = line.find(':');
            return colon == std::string::npos ? line : line.substr(colon + 2);
        }
    }
    return "unknown";
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::RegisterBenchmark("stb/perlin2/grid1024", stb_grid2)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("stb/perlin3/grid128x128x64", stb_grid3)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("stb/perlin2/points1M", stb_points2)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("stb/perlin3/points1M", stb_points3)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("stb/fbm2_6oct/grid1024", stb_fbm_grid2)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("stb/fbm3_6oct/grid128x128x64", stb_fractal_grid3<yardstick::Fractal::fbm>)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("stb/fbm3_6oct/points1M", stb_fbm_points3)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("stb/turbulence3_6oct/grid128x128x64",
                                 stb_fractal_grid3<yardstick::Fractal::turbulence>)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("stb/warp2/grid1024", stb_warp_grid2)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("libnoise/fbm2_6oct/grid1024", libnoise_fbm_grid2)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("libnoise/fbm3_6oct/grid128x128x64", libnoise_fbm_grid3)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("libnoise/fbm3_6oct/points1M", libnoise_fbm_points3)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("glm/perlin2/grid1024", glm_grid2)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("glm/perlin3/grid128x128x64", glm_grid3)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("glm/perlin2/points1M", glm_points2)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("glm/perlin3/points1M", glm_points3)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("glm/perlin4/points1M", glm_points4)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("glm/fbm2_6oct/grid1024", glm_fbm_grid2)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("glm/fbm3_6oct/points1M", glm_fbm_points3)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("glm/simplex2/grid1024", glm_simplex_grid2)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("glm/simplex3/points1M", glm_simplex_points3)->Unit(benchmark::kMillisecond);
    for (int i = 0; i < gradnoise::isa_count; ++i) {
        auto isa = static_cast<gradnoise::Isa>(i);
        if (!gradnoise::isa_supported(isa)) {
            continue;
        }
        std::string n = gradnoise::isa_name(isa);
        // perlin*: Perlin's permutation hash (the default, the workloads);
        // perlin*-mix: the same workloads with Hash::mix (no table lookups).
        for (auto [suffix, noise] : {std::pair<std::string, const gradnoise::Noise*>{"", &perlin_noise()},
                                     std::pair<std::string, const gradnoise::Noise*>{"-mix", &mix_noise()}}) {
            Config c{isa, noise};
            benchmark::RegisterBenchmark(("perlin2" + suffix + "/grid1024/" + n).c_str(), grid2, c)
                ->Unit(benchmark::kMillisecond);
            benchmark::RegisterBenchmark(("perlin3" + suffix + "/grid128x128x64/" + n).c_str(), grid3, c)
                ->Unit(benchmark::kMillisecond);
            benchmark::RegisterBenchmark(("perlin2" + suffix + "/points1M/" + n).c_str(), points2, c)
                ->Unit(benchmark::kMillisecond);
            benchmark::RegisterBenchmark(("perlin3" + suffix + "/points1M/" + n).c_str(), points3, c)
                ->Unit(benchmark::kMillisecond);
            benchmark::RegisterBenchmark(("perlin2" + suffix + "/points16K-in-cache/" + n).c_str(), points2_resident, c);
            benchmark::RegisterBenchmark(("perlin3" + suffix + "/points16K-in-cache/" + n).c_str(), points3_resident, c);
        }
        register_graph_benchmarks(isa);
        const Config fbm{isa, &fractal_noise(gradnoise::Fractal::fbm)};
        const Config turbulence{isa, &fractal_noise(gradnoise::Fractal::turbulence)};
        benchmark::RegisterBenchmark(("fbm2_6oct/grid1024/" + n).c_str(), grid2, fbm)->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("fbm3_6oct/grid128x128x64/" + n).c_str(), grid3, fbm)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("fbm3_6oct/points1M/" + n).c_str(), points3, fbm)->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("turbulence3_6oct/grid128x128x64/" + n).c_str(), grid3, turbulence)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("perlin4/points1M/" + n).c_str(), points4, Config{isa, &perlin_noise()})
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("warp2/grid1024/" + n).c_str(), grid2, Config{isa, &warp_noise()})
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("perlin3-f64/points1M/" + n).c_str(), points3_f64, isa)
            ->Unit(benchmark::kMillisecond);
        // Issue 13's families.
        benchmark::RegisterBenchmark(("simplex2/grid1024/" + n).c_str(), grid2, Config{isa, &family_noise("simplex")})
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("simplex2/points1M/" + n).c_str(), points2, Config{isa, &family_noise("simplex")})
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("simplex3/points1M/" + n).c_str(), points3, Config{isa, &family_noise("simplex")})
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("simplex3/grid128x128x64/" + n).c_str(), grid3, Config{isa, &family_noise("simplex")})
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("opensimplex2s2/grid1024/" + n).c_str(), grid2,
                                     Config{isa, &family_noise("opensimplex2s")})
            ->Unit(benchmark::kMillisecond);
        // Issue 26: the workloads of the leader table not registered above -- each family's fast
        // variant (-mix: Hash::mix) and the reference variant's remaining grids and points.
        {
            using Fill = void (*)(benchmark::State&, Config);
            const auto mix = gradnoise::Hash::mix;
            const std::tuple<const char*, Fill, const gradnoise::Noise*> leader[] = {
                {"fbm2_6oct-mix/grid1024/", grid2, &fbm_mix_noise()},
                {"fbm3_6oct-mix/grid128x128x64/", grid3, &fbm_mix_noise()},
                {"simplex2-mix/grid1024/", grid2, &family_noise("simplex", mix)},
                {"simplex2-mix/points1M/", points2, &family_noise("simplex", mix)},
                {"simplex3-mix/grid128x128x64/", grid3, &family_noise("simplex", mix)},
                {"simplex3-mix/points1M/", points3, &family_noise("simplex", mix)},
                {"opensimplex2s2/points1M/", points2, &family_noise("opensimplex2s")},
                {"opensimplex2s3/grid128x128x64/", grid3, &family_noise("opensimplex2s")},
                {"opensimplex2s3/points1M/", points3, &family_noise("opensimplex2s")},
                {"opensimplex2s2-mix/grid1024/", grid2, &family_noise("opensimplex2s", mix)},
                {"opensimplex2s2-mix/points1M/", points2, &family_noise("opensimplex2s", mix)},
                {"opensimplex2s3-mix/grid128x128x64/", grid3, &family_noise("opensimplex2s", mix)},
                {"opensimplex2s3-mix/points1M/", points3, &family_noise("opensimplex2s", mix)},
                {"cellular2/points1M/", points2, &family_noise("cellular")},
                {"cellular3/points1M/", points3, &family_noise("cellular")},
            };
            for (const auto& [name, fill, noise] : leader) {
                benchmark::RegisterBenchmark((name + n).c_str(), fill, Config{isa, noise})->Unit(benchmark::kMillisecond);
            }
            // Thread scaling: the grids again on 2 threads (real time).
            using FillThreads = void (*)(benchmark::State&, Config, unsigned);
            const std::tuple<const char*, FillThreads, const gradnoise::Noise*> threaded[] = {
                {"perlin2-mix/grid1024-threads2/", grid2_threads, &mix_noise()},
                {"perlin3-mix/grid128x128x64-threads2/", grid3_threads, &mix_noise()},
                {"fbm2_6oct-mix/grid1024-threads2/", grid2_threads, &fbm_mix_noise()},
                {"simplex2-mix/grid1024-threads2/", grid2_threads, &family_noise("simplex", mix)},
                {"cellular2/grid1024-threads2/", grid2_threads, &family_noise("cellular")},
            };
            for (const auto& [name, fill, noise] : threaded) {
                benchmark::RegisterBenchmark((name + n).c_str(), fill, Config{isa, noise}, 2u)
                    ->Unit(benchmark::kMillisecond)
                    ->UseRealTime();
            }
        }
#ifdef GRADNOISE_BENCH_FASTNOISE2
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
            if (Fn2Ptr f = peer::make_fastnoise2(field, n.c_str())) {
                benchmark::RegisterBenchmark(("fn2/" + std::string(name) + n).c_str(), fill, f)
                    ->Unit(benchmark::kMillisecond);
            }
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
            if (Fn2Ptr f = peer::make_fastnoise2(field, n.c_str())) {
                benchmark::RegisterBenchmark(("fn2/" + std::string(name) + n).c_str(), fill, f, 2u)
                    ->Unit(benchmark::kMillisecond)
                    ->UseRealTime();
            }
        }
#endif
        benchmark::RegisterBenchmark(("fbm2_6oct-simplex/grid1024/" + n).c_str(), grid2, Config{isa, &family_noise("fbm")})
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("cellular2/grid1024/" + n).c_str(), grid2, Config{isa, &family_noise("cellular")})
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("cellular3/grid128x128x64/" + n).c_str(), grid3,
                                     Config{isa, &family_noise("cellular")})
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("isotropic2/grid1024/" + n).c_str(), grid2, Config{isa, &family_noise("isotropic")})
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("perlin2/grid1024-as-points/" + n).c_str(), grid2_as_points, isa)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("perlin3/grid128x128x64-as-points/" + n).c_str(), grid3_as_points, isa)
            ->Unit(benchmark::kMillisecond);
        // Issue 14: value + gradient on the value workloads' points, grids and Noise objects, and the
        // finite-difference alternative. Curl and finite differences are not registered for the
        // scalar path (about 4 s of the CI smoke run's points1M filter; no target reads them).
        const Config perlin{isa, &perlin_noise()};
        const std::pair<const char*, void (*)(benchmark::State&, Config)> perlin_gradient[] = {
            {"perlin2-grad/points1M/", points2_gradient},
            {"perlin3-grad/points1M/", points3_gradient},
            {"perlin2-grad/grid1024/", grid2_gradient},
            {"perlin3-grad/grid128x128x64/", grid3_gradient}};
        for (const auto& [name, fn] : perlin_gradient) {
            benchmark::RegisterBenchmark((name + n).c_str(), fn, perlin)->Unit(benchmark::kMillisecond);
        }
        const std::pair<const char*, void (*)(benchmark::State&, Config)> simd_only[] = {
            {"curl3/points1M/", curl3_points},
            {"perlin2-fd/points1M/", points_fd_forward<2>},
            {"perlin3-fd/points1M/", points_fd_forward<3>},
            {"perlin2-fd-central/points1M/", points2_fd_central}};
        for (const auto& [name, fn] : simd_only) {
            if (isa != gradnoise::Isa::scalar) {
                benchmark::RegisterBenchmark((name + n).c_str(), fn, perlin)->Unit(benchmark::kMillisecond);
            }
        }
        for (std::size_t side : {std::size_t(64), std::size_t(256)}) {
            const std::string size = std::to_string(side) + "x" + std::to_string(side);
            benchmark::RegisterBenchmark(("chunk_fbm8/" + size + "/" + n).c_str(), chunk_budget, isa, side, false)
                ->Unit(benchmark::kMicrosecond);
            benchmark::RegisterBenchmark(("chunk_fbm8-grad/" + size + "/" + n).c_str(), chunk_budget, isa, side, true)
                ->Unit(benchmark::kMicrosecond);
        }
        benchmark::RegisterBenchmark(("fbm2_6oct-grad/grid1024/" + n).c_str(), grid2_gradient, fbm)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("simplex2-grad/grid1024/" + n).c_str(), grid2_gradient,
                                     Config{isa, &family_noise("simplex")})
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("opensimplex2s2-grad/grid1024/" + n).c_str(), grid2_gradient,
                                     Config{isa, &family_noise("opensimplex2s")})
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("cellular2-grad/grid1024/" + n).c_str(), grid2_gradient,
                                     Config{isa, &family_noise("cellular")})
            ->Unit(benchmark::kMillisecond);
    }
    const unsigned hardware = std::thread::hardware_concurrency();
    for (unsigned t = 1; t <= (hardware ? hardware : 1); t = t < 4 ? t + 1 : t * 2) {
        benchmark::RegisterBenchmark(("heightmap/fbm2_8oct/4096x4096/threads:" + std::to_string(t)).c_str(),
                                     heightmap_threads, t)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime()
            ->MeasureProcessCPUTime();
    }
    benchmark::AddCustomContext("cpu_model", cpu_model());
    benchmark::AddCustomContext("gradnoise_version", gradnoise::version_string());
    benchmark::AddCustomContext("gradnoise_best_isa", gradnoise::isa_name(gradnoise::best_isa()));
#ifdef GRADNOISE_BENCH_FASTNOISE2
    benchmark::AddCustomContext("fastnoise2_version", peer::fastnoise2_version());
#endif
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
