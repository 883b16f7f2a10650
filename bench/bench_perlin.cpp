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
//
// This file is the suite: which workload runs on which field and ISA, under which name, in the
// order they are listed. The workloads are bench_workloads.hpp, the benchmarks bench_grids.hpp and
// bench_points.hpp, the other libraries bench_peers.hpp, the graphs bench_graph.hpp.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <fstream>
#include <string>
#include <thread>
#include <tuple>
#include <utility>

#include "bench_graph.hpp"
#include "bench_grids.hpp"
#include "bench_peers.hpp"
#include "bench_points.hpp"
#include "bench_workloads.hpp"
#include "gradnoise/gradnoise.hpp"
#ifdef GRADNOISE_BENCH_FASTNOISE2
#include "fastnoise2_peer.hpp"
#endif

namespace {

using namespace bench;

using Fill = void (*)(benchmark::State&, Config);


// gradnoise's benchmarks for one ISA (its name n).
void register_isa_benchmarks(gradnoise::Isa isa) {
    const std::string n = gradnoise::isa_name(isa);
    // perlin*: Perlin's permutation hash (the default, the workloads);
    // perlin*-mix: the same workloads with Hash::mix (no table lookups).
    for (auto [suffix, noise] : {std::pair<std::string, const gradnoise::Noise*>{"", &perlin_noise()},
                                 std::pair<std::string, const gradnoise::Noise*>{"-mix", &mix_noise()}}) {
        Config c{isa, noise};
        register_in_ms("perlin2" + suffix + "/grid1024/" + n, grid2, c);
        register_in_ms("perlin3" + suffix + "/grid128x128x64/" + n, grid3, c);
        register_in_ms("perlin2" + suffix + "/points1M/" + n, points2, c);
        register_in_ms("perlin3" + suffix + "/points1M/" + n, points3, c);
        benchmark::RegisterBenchmark(("perlin2" + suffix + "/points16K-in-cache/" + n).c_str(), points2_resident, c);
        benchmark::RegisterBenchmark(("perlin3" + suffix + "/points16K-in-cache/" + n).c_str(), points3_resident, c);
    }
    register_graph_benchmarks(isa);
    const Config fbm{isa, &fractal_noise(gradnoise::Fractal::fbm)};
    const Config turbulence{isa, &fractal_noise(gradnoise::Fractal::turbulence)};
    const Config simplex{isa, &family_noise("simplex")};
    const Config smooth{isa, &family_noise("opensimplex2s")};
    const Config cellular{isa, &family_noise("cellular")};
    register_in_ms("fbm2_6oct/grid1024/" + n, grid2, fbm);
    register_in_ms("fbm3_6oct/grid128x128x64/" + n, grid3, fbm);
    register_in_ms("fbm3_6oct/points1M/" + n, points3, fbm);
    register_in_ms("turbulence3_6oct/grid128x128x64/" + n, grid3, turbulence);
    register_in_ms("perlin4/points1M/" + n, points4, Config{isa, &perlin_noise()});
    register_in_ms("warp2/grid1024/" + n, grid2, Config{isa, &warp_noise()});
    register_in_ms("perlin3-f64/points1M/" + n, points3_f64, isa);
    // Issue 13's families.
    register_in_ms("simplex2/grid1024/" + n, grid2, simplex);
    register_in_ms("simplex2/points1M/" + n, points2, simplex);
    register_in_ms("simplex3/points1M/" + n, points3, simplex);
    register_in_ms("simplex3/grid128x128x64/" + n, grid3, simplex);
    register_in_ms("opensimplex2s2/grid1024/" + n, grid2, smooth);
    // Issue 26: the workloads of the leader table not registered above -- each family's fast
    // variant (-mix: Hash::mix) and the reference variant's remaining grids and points.
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
        register_in_ms(name + n, fill, Config{isa, noise});
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
        register_in_ms(name + n, fill, Config{isa, noise}, 2u)->UseRealTime();
    }
    register_fastnoise2_benchmarks(isa);
    register_in_ms("fbm2_6oct-simplex/grid1024/" + n, grid2, Config{isa, &family_noise("fbm")});
    register_in_ms("cellular2/grid1024/" + n, grid2, cellular);
    register_in_ms("cellular3/grid128x128x64/" + n, grid3, cellular);
    register_in_ms("isotropic2/grid1024/" + n, grid2, Config{isa, &family_noise("isotropic")});
    register_in_ms("perlin2/grid1024-as-points/" + n, grid2_as_points, isa);
    register_in_ms("perlin3/grid128x128x64-as-points/" + n, grid3_as_points, isa);
    // Issue 14: value + gradient on the value workloads' points, grids and Noise objects, and the
    // finite-difference alternative. Curl and finite differences are not registered for the
    // scalar path (about 4 s of the CI smoke run's points1M filter; no target reads them).
    const Config perlin{isa, &perlin_noise()};
    const std::pair<const char*, Fill> perlin_gradient[] = {{"perlin2-grad/points1M/", points2_gradient},
                                                            {"perlin3-grad/points1M/", points3_gradient},
                                                            {"perlin2-grad/grid1024/", grid2_gradient},
                                                            {"perlin3-grad/grid128x128x64/", grid3_gradient}};
    for (const auto& [name, fn] : perlin_gradient) {
        register_in_ms(name + n, fn, perlin);
    }
    const std::pair<const char*, Fill> simd_only[] = {{"curl3/points1M/", curl3_points},
                                                      {"perlin2-fd/points1M/", points_fd_forward<2>},
                                                      {"perlin3-fd/points1M/", points_fd_forward<3>},
                                                      {"perlin2-fd-central/points1M/", points2_fd_central}};
    for (const auto& [name, fn] : simd_only) {
        if (isa != gradnoise::Isa::scalar) {
            register_in_ms(name + n, fn, perlin);
        }
    }
    for (std::size_t side : {std::size_t(64), std::size_t(256)}) {
        const std::string size = std::to_string(side) + "x" + std::to_string(side);
        benchmark::RegisterBenchmark(("chunk_fbm8/" + size + "/" + n).c_str(), chunk_budget, isa, side, false)
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark(("chunk_fbm8-grad/" + size + "/" + n).c_str(), chunk_budget, isa, side, true)
            ->Unit(benchmark::kMicrosecond);
    }
    register_in_ms("fbm2_6oct-grad/grid1024/" + n, grid2_gradient, fbm);
    register_in_ms("simplex2-grad/grid1024/" + n, grid2_gradient, simplex);
    register_in_ms("opensimplex2s2-grad/grid1024/" + n, grid2_gradient, smooth);
    register_in_ms("cellular2-grad/grid1024/" + n, grid2_gradient, cellular);
    register_in_ms("cellular3-grad/grid128x128x64/" + n, grid3_gradient, cellular);
}

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
    register_yardstick_benchmarks();
    for (int i = 0; i < gradnoise::isa_count; ++i) {
        auto isa = static_cast<gradnoise::Isa>(i);
        if (gradnoise::isa_supported(isa)) {
            register_isa_benchmarks(isa);
        }
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
