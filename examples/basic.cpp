// The library's first example (docs/embedding.md) as a program: compiled as C++17 (the public headers' promise) and
// run by ctest, so the documented usage cannot rot.
#include <gradnoise/gradnoise.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
    gradnoise::Noise noise;                        // Ken Perlin's permutation, quintic fade
    gradnoise::Noise seeded(42u);                  // SplitMix64 + Fisher-Yates permutation of seed 42
    gradnoise::Noise fast(42u, gradnoise::Fade::quintic, gradnoise::Hash::mix);  // table-free hash
    float v = noise.noise3(1.5f, 2.25f, 0.75f);    // one point, scalar reference path

    const std::size_t n = 1000;
    std::vector<float> x(n), y(n), z(n), out(n);   // structure of arrays, any count and alignment
    for (std::size_t i = 0; i < n; ++i) {
        x[i] = 0.37f * static_cast<float>(i);
        y[i] = -0.11f * static_cast<float>(i);
        z[i] = 1.5f;
    }
    gradnoise::Status s = noise.evaluate_3d(x.data(), y.data(), z.data(), out.data(), n);
    if (!s) {
        std::fprintf(stderr, "%s\n", s.message());
        return 1;
    }

    std::vector<float> height(1024 * 1024);        // x_i = 0.3 + i * 0.01, y_j = 0.7 + j * 0.01
    s = noise.fill_grid_2d({0.3f, 0.7f, 0.01f, 0.01f, 1024, 1024}, height.data());
    if (!s) {
        std::fprintf(stderr, "%s\n", s.message());
        return 1;
    }

    gradnoise::NoiseDesc desc;                     // one descriptor for every field option
    desc.fractal = {gradnoise::Fractal::fbm, 6, 1.0f, 2.0f, 0.5f};  // kind, octaves, frequency, lacunarity, persistence
    gradnoise::Noise terrain;
    s = gradnoise::Noise::create(desc, &terrain);
    if (!s) {
        std::fprintf(stderr, "%s\n", s.message());
        return 1;
    }
    desc.warp = {1, 0.8f, 1.0f};                   // domain warp: levels (0..2), strength, frequency
    desc.period_x = desc.period_y = 8;             // tileable: lattice period per axis (power of two)
    gradnoise::Noise tiled;
    s = gradnoise::Noise::create(desc, &tiled);
    if (!s) {
        std::fprintf(stderr, "%s\n", s.message());
        return 1;
    }

    gradnoise::NoiseDesc marble;                   // Perlin 1985: 0.5 + 0.5 sin(x + 4 turbulence(p))
    marble.fractal = {gradnoise::Fractal::turbulence, 6, 1.0f, 2.0f, 0.5f};
    marble.pattern = {gradnoise::Pattern::marble, 1.0f, 4.0f};  // kind, frequency, strength; values in [0, 1]
    gradnoise::NoiseDesc value;
    value.basis = gradnoise::Basis::value;         // or Basis::classic: 256 random unit gradients
    gradnoise::Noise marble_noise, value_noise;
    if (!gradnoise::Noise::create(marble, &marble_noise) || !gradnoise::Noise::create(value, &value_noise)) {
        return 1;
    }
    const float t = 0.25f;
    float w = noise.noise4(0.5f, 0.5f, 1.5f * std::cos(t), 1.5f * std::sin(t));  // 4D: loops in t

    std::vector<float> big(4096 * 4096), chunk(64 * 64);
    gradnoise::FillOptions threads;                // row blocks over oneTBB threads, same bits for any count
    threads.threads = 0;                           // 0 = all hardware threads; or a tbb::task_arena* of yours
    s = terrain.fill_grid_2d({0, 0, 1.0f / 512, 1.0f / 512, 4096, 4096}, big.data(), 0, threads);
    gradnoise::Status big_ok = s;

    // Chunks of an unbounded world: 64-bit sample numbers, reduced exactly (spec section 13).
    s = terrain.fill_chunk_2d({(std::int64_t(1) << 40) + 64, -128, 64, 64, 1.0f / 64}, chunk.data());
    gradnoise::Status chunk_ok = s;
    double d = noise.noise3_f64(1.5, 2.25, 0.75);  // binary64: Ken Perlin's reference, bit for bit

    desc.fractal.octaves = 40;
    gradnoise::Status too_many = gradnoise::Noise::create(desc, &terrain);

    // A bad argument comes back as a Status naming the parameter.
    gradnoise::Status bad = noise.fill_grid_2d({0.0f, 0.0f, 0.0f, 1.0f, 4, 4}, height.data());

    int failures = 0;
    failures += out[10] != noise.noise3(x[10], y[10], z[10]);          // SIMD == reference
    failures += height[1024 + 2] != noise.noise2(0.3f + 2.0f * 0.01f, 0.7f + 1.0f * 0.01f);
    failures += bad.ok();
    failures += seeded.noise3(1.5f, 2.25f, 0.75f) == v;                // seeds differ
    failures += fast.noise3(1.5f, 2.25f, 0.75f) == seeded.noise3(1.5f, 2.25f, 0.75f);
    failures += too_many.ok() || terrain.fractal().octaves != 6;          // rejected, terrain kept
    // period 8 (warped, so up to the rounding of p + strength * d; unwarped: bit for bit)
    failures += !(std::fabs(tiled.noise2(0.5f, 0.25f) - tiled.noise2(8.5f, 0.25f)) < 1e-5f);
    float m = marble_noise.noise2(0.3f, 0.6f);
    failures += !(m >= 0.0f && m <= 1.0f);
    failures += value_noise.noise2(3.0f, 4.0f) == 0.0f;                 // value noise: not 0 at lattice
    failures += !(std::fabs(w) < 1.5f);
    failures += !big_ok.ok() || !chunk_ok.ok();
    failures += chunk[0] != terrain.chunk_sample_2d((std::int64_t(1) << 40) + 64, -128, 1.0f / 64);
    failures += !(std::fabs(d - v) < 1e-6);                            // binary64 ~ float32
    std::printf("noise3(1.5, 2.25, 0.75) = %.9g on %s; bad grid: %s\n", static_cast<double>(v),
                gradnoise::isa_name(gradnoise::active_isa()), bad.message());
    std::printf("%d passed, %d failed\n", 13 - failures, failures);
    return failures == 0 ? 0 : 1;
}
