// gradnoise's grid benchmarks (bench_grids.hpp).
#include "bench_grids.hpp"

#include <cstdint>
#include <vector>

namespace bench {

void grid2(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    fill_loop(state, kGrid2Samples, [&](float* out) { return noise.fill_grid_2d(kGrid2, out).ok(); });
}

void grid3(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    const gradnoise::Noise& noise = *c.noise;
    fill_loop(state, kGrid3Samples, [&](float* out) { return noise.fill_grid_3d(kGrid3, out).ok(); });
}

void grid2_threads(benchmark::State& state, Config c, unsigned threads) {
    use_isa(state, c.isa);
    gradnoise::FillOptions o;
    o.threads = threads;
    fill_loop(state, kGrid2Samples, [&](float* out) { return c.noise->fill_grid_2d(kGrid2, out, 0, o).ok(); });
}

void grid3_threads(benchmark::State& state, Config c, unsigned threads) {
    use_isa(state, c.isa);
    gradnoise::FillOptions o;
    o.threads = threads;
    fill_loop(state, kGrid3Samples, [&](float* out) { return c.noise->fill_grid_3d(kGrid3, out, 0, 0, o).ok(); });
}

void grid2_gradient(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    GradientPlanes o(kGrid2Samples);
    sample_loop(state, kGrid2Samples, [&] { return c.noise->fill_grid_gradient_2d(kGrid2, o.out()).ok(); });
}

void grid3_gradient(benchmark::State& state, Config c) {
    use_isa(state, c.isa);
    GradientPlanes o(kGrid3Samples);
    sample_loop(state, kGrid3Samples, [&] { return c.noise->fill_grid_gradient_3d(kGrid3, o.out()).ok(); });
}

void grid2_as_points(benchmark::State& state, gradnoise::Isa isa) {
    use_isa(state, isa);
    static const PointSet g = grid_points(kGrid2);
    std::vector<float> out(g.x.size());
    sample_loop(state, kGrid2Samples, [&] {
        return perlin_noise().evaluate_2d(g.x.data(), g.y.data(), out.data(), out.size()).ok();
    });
}

void grid3_as_points(benchmark::State& state, gradnoise::Isa isa) {
    use_isa(state, isa);
    static const PointSet g = grid_points(kGrid3);
    std::vector<float> out(g.x.size());
    sample_loop(state, kGrid3Samples, [&] {
        return perlin_noise().evaluate_3d(g.x.data(), g.y.data(), g.z.data(), out.data(), out.size()).ok();
    });
}

void heightmap_threads(benchmark::State& state, unsigned threads) {
    const gradnoise::Noise& noise = fbm8_noise();
    gradnoise::reset_isa();
    const gradnoise::Grid2d g{0.3f, 0.7f, 1.0f / 512.0f, 1.0f / 512.0f, 4096, 4096};
    gradnoise::FillOptions o;
    o.threads = threads;
    fill_loop(state, std::size_t(4096) * 4096, [&](float* out) { return noise.fill_grid_2d(g, out, 0, o).ok(); });
    state.counters["threads"] = threads;
}

// The realtime viewer's terrain (spacing 1/256), walking east so every chunk is new; value + gradient
// is the viewer's fill (normals from the analytic gradient). chunks_per_ms: chunks one core fills in
// one millisecond of a frame.
void chunk_budget(benchmark::State& state, gradnoise::Isa isa, std::size_t side, bool gradient) {
    use_isa(state, isa);
    const gradnoise::Noise& terrain = fbm8_noise();
    std::vector<float> value(side * side), dx(side * side), dy(side * side);
    std::int64_t x = 0;
    sample_loop(state, side * side, [&] {
        const gradnoise::Chunk2d c{x, 1000, side, side, 1.0f / 256.0f};
        x += static_cast<std::int64_t>(side);
        return gradient ? terrain.fill_chunk_gradient_2d(c, {value.data(), dx.data(), dy.data()}).ok()
                        : terrain.fill_chunk_2d(c, value.data()).ok();
    });
    state.counters["chunks_per_ms"] = benchmark::Counter(static_cast<double>(state.iterations()) / 1000.0,
                                                         benchmark::Counter::kIsRate);
}

}  // namespace bench
