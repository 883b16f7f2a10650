// NEON instructions per sample under qemu-aarch64 (bench/count_neon.sh): fills a 64^2 workload `reps`
// times, so the difference of a 3-fill and a 1-fill run is two fills' instructions, set-up cancelled.
//   count_neon WORKLOAD REPS   WORKLOAD: perlin2, fbm2, cellular2 (grids), simplex2, simplex2-mix,
//                              perlin2-mix-points (points)
#include <gradnoise/gradnoise.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
int main(int argc, char** argv) {
    const char* w = argv[1];
    int reps = std::atoi(argv[2]);
    gradnoise::NoiseDesc d;
    bool points = false;
    if (!std::strcmp(w, "fbm2")) d.fractal = {gradnoise::Fractal::fbm, 6, 1.0f, 2.0f, 0.5f};
    if (!std::strcmp(w, "cellular2")) { d.basis = gradnoise::Basis::cellular; d.has_seed = true; d.seed = 1337; }
    if (!std::strncmp(w, "simplex2", 8)) { d.basis = gradnoise::Basis::opensimplex2; d.has_seed = true; d.seed = 1337; points = true; }
    if (!std::strcmp(w, "simplex2-mix")) d.hash = gradnoise::Hash::mix;
    if (!std::strcmp(w, "perlin2-mix-points")) { d.hash = gradnoise::Hash::mix; d.has_seed = true; points = true; }
    gradnoise::Noise n;
    if (!gradnoise::Noise::create(d, &n).ok()) return 1;
    const std::size_t side = 64, count = side * side;
    std::vector<float> out(count), x(count), y(count);
    std::uint64_t s = 0x9E3779B97F4A7C15ull;
    for (std::size_t i = 0; i < count; ++i) {
        s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
        x[i] = -500.0f + 1000.0f * (float)((s * 0x2545F4914F6CDD1Dull) >> 40) * (1.0f / 16777216.0f);
        y[i] = x[(i * 7) % (i + 1)] * 0.5f + 3.0f;
    }
    const gradnoise::Grid2d g{0.3f, 0.7f, 0.01f, 0.01f, side, side};
    for (int r = 0; r < reps; ++r) {
        gradnoise::Status st = points ? n.evaluate_2d(x.data(), y.data(), out.data(), count) : n.fill_grid_2d(g, out.data());
        if (!st.ok()) return 2;
    }
    std::printf("%g\n", out[count / 2]);
}
