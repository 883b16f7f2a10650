// NEON instructions per sample under qemu-aarch64 (bench/count_neon.sh): fills a 4096-sample workload
// `reps` times, so the difference of a 3-fill and a 1-fill run is two fills' instructions, set-up
// cancelled.
//   count_neon WORKLOAD REPS
// WORKLOAD: FAMILY DIMS [-mix] /points or /grid, as gradnoise_bench names them: FAMILY perlin, fbm
// (6 octaves), simplex (OpenSimplex2), opensimplex2s, cellular (F1); DIMS 2 or 3; -mix Hash::mix (e.g.
// simplex3-mix/points, cellular3/grid). Points are uniform in [-500, 500); grids 64^2 or 16^3 at
// step 0.01. The names before the slash form (0.19.0) keep their workloads: perlin2, fbm2 and
// cellular2 are grids, simplex2, simplex2-mix and perlin2-mix-points points (now drawn per axis).
#include <gradnoise/gradnoise.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: count_neon WORKLOAD REPS\n");
        return 1;
    }
    std::string w = argv[1];
    const int reps = std::atoi(argv[2]);
    if (w == "perlin2" || w == "fbm2" || w == "cellular2") {
        w += "/grid";
    } else if (w == "simplex2" || w == "simplex2-mix") {
        w += "/points";
    } else if (w == "perlin2-mix-points") {
        w = "perlin2-mix/points";
    }
    const std::size_t slash = w.find('/');
    if (slash == std::string::npos || slash < 2) {
        std::fprintf(stderr, "count_neon: unknown workload %s\n", argv[1]);
        return 1;
    }
    const bool points = w.compare(slash, std::string::npos, "/points") == 0;
    const bool mix = w.compare(slash - 4, 4, "-mix") == 0;
    const std::size_t dims_at = mix ? slash - 5 : slash - 1;
    const int dims = w[dims_at] - '0';
    const std::string family = w.substr(0, dims_at);
    if ((!points && w.compare(slash, std::string::npos, "/grid") != 0) || (dims != 2 && dims != 3)) {
        std::fprintf(stderr, "count_neon: unknown workload %s\n", argv[1]);
        return 1;
    }
    gradnoise::NoiseDesc d;
    d.has_seed = true;
    d.seed = 1337;
    if (family == "fbm") {
        d.fractal = {gradnoise::Fractal::fbm, 6, 1.0f, 2.0f, 0.5f};
    } else if (family == "cellular") {
        d.basis = gradnoise::Basis::cellular;
    } else if (family == "simplex") {
        d.basis = gradnoise::Basis::opensimplex2;
    } else if (family == "opensimplex2s") {
        d.basis = gradnoise::Basis::opensimplex2s;
    } else if (family != "perlin") {
        std::fprintf(stderr, "count_neon: unknown family %s\n", family.c_str());
        return 1;
    }
    if (mix) {
        d.hash = gradnoise::Hash::mix;
    }
    gradnoise::Noise n;
    if (!gradnoise::Noise::create(d, &n).ok()) {
        return 1;
    }
    const std::size_t count = 4096;
    std::vector<float> out(count), x(count), y(count), z(count);
    std::uint64_t s = 0x9E3779B97F4A7C15ull;
    auto next = [&] {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return -500.0f + 1000.0f * static_cast<float>((s * 0x2545F4914F6CDD1Dull) >> 40) * (1.0f / 16777216.0f);
    };
    for (std::size_t i = 0; i < count; ++i) {
        x[i] = next();
        y[i] = next();
        z[i] = next();
    }
    const gradnoise::Grid2d g2{0.3f, 0.7f, 0.01f, 0.01f, 64, 64};
    const gradnoise::Grid3d g3{0.3f, 0.7f, 0.5f, 0.01f, 0.01f, 0.01f, 16, 16, 16};
    for (int r = 0; r < reps; ++r) {
        const gradnoise::Status st = points ? (dims == 2 ? n.evaluate_2d(x.data(), y.data(), out.data(), count)
                                                         : n.evaluate_3d(x.data(), y.data(), z.data(), out.data(), count))
                                            : (dims == 2 ? n.fill_grid_2d(g2, out.data()) : n.fill_grid_3d(g3, out.data()));
        if (!st.ok()) {
            return 2;
        }
    }
    std::printf("%g\n", out[count / 2]);
}
