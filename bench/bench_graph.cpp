// Issue 29: graphs against the built-in field they may equal, and against the same composition
// written by hand as several whole-array calls (evaluate_2d into full-size temporaries, then loops),
// which is what a user without graphs writes. Each hand version is checked once, before the first run, to
// give the graph's bits exactly: the comparison is between two ways of computing the same numbers.
#include "bench_graph.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"

namespace {

constexpr std::size_t kSide = 1024;
const gradnoise::Grid2d kGrid{0.3f, 0.7f, 0.01f, 0.01f, kSide, kSide};

gradnoise::Graph load(const std::string& text) {
    gradnoise::Graph g;
    std::string error;
    if (!gradnoise::Graph::from_json(text, &g, &error).ok()) {
        std::fprintf(stderr, "bench_graph: %s\n", error.c_str());
        std::abort();
    }
    return g;
}

// The grid's coordinates as point arrays (x_i = origin + float(i) * step, as the spec's grids).
struct GridPoints {
    std::vector<float> x, y;
};
const GridPoints& grid_points() {
    static const GridPoints p = [] {
        GridPoints g;
        g.x.resize(kSide * kSide);
        g.y.resize(kSide * kSide);
        for (std::size_t j = 0; j < kSide; ++j) {
            for (std::size_t i = 0; i < kSide; ++i) {
                g.x[j * kSide + i] = kGrid.origin_x + static_cast<float>(i) * kGrid.step_x;
                g.y[j * kSide + i] = kGrid.origin_y + static_cast<float>(j) * kGrid.step_y;
            }
        }
        return g;
    }();
    return p;
}

const char* const kFbmSingle = R"({"gradnoise_graph": 1, "output": {"type": "fractal", "kind": "fbm", "octaves": 6,
  "input": {"type": "field"}}})";
// Times one: not a plain field, so the graph's own octave loop runs (the same bits as the built-in fBm).
const char* const kFbmUnrolled = R"({"gradnoise_graph": 1, "output": {"type": "fractal", "kind": "fbm", "octaves": 6,
  "input": {"type": "multiply", "inputs": [{"type": "field"}, 1]}}})";
// A continent mask times warped ridged mountains, terraced, plus hills (examples/graphs/continent.json
// is the gallery's larger version).
const char* const kTerrain = R"({"gradnoise_graph": 1, "output": "terrain", "nodes": {
  "continent": {"type": "field", "seed": 1, "fractal": "fbm", "octaves": 3, "frequency": 0.35},
  "mask": {"type": "clamp", "input": {"type": "remap", "input": "continent", "from": [-0.1, 0.25], "to": [0, 1]}, "min": 0, "max": 1},
  "ridges": {"type": "fractal", "kind": "ridged", "octaves": 5, "frequency": 0.8,
             "input": {"type": "warp", "input": {"type": "field", "seed": 2}, "by": {"type": "field", "basis": "opensimplex2", "seed": 3, "hash": "mix"}, "strength": 0.4}},
  "hills": {"type": "field", "basis": "opensimplex2s", "seed": 4, "hash": "mix", "fractal": "fbm", "octaves": 4, "frequency": 2},
  "terrain": {"type": "multiply", "inputs": ["mask", {"type": "add", "inputs": [{"type": "multiply", "inputs": [{"type": "terrace", "input": "ridges", "steps": 6, "smoothness": 0.35}, 0.6]}, {"type": "multiply", "inputs": ["hills", 0.25]}]}]}}})";

gradnoise::Noise field(gradnoise::NoiseDesc d) {
    gradnoise::Noise n;
    if (!gradnoise::Noise::create(d, &n).ok()) std::abort();
    return n;
}

// Hand-written fBm: per octave the coordinates, one evaluate_2d over the whole grid, the sum.
void hand_fbm(float* out) {
    static const gradnoise::Noise perlin = field(gradnoise::NoiseDesc{});
    const GridPoints& p = grid_points();
    const std::size_t n = p.x.size();
    static std::vector<float> qx(n), qy(n), v(n);
    std::fill(out, out + n, 0.0f);
    float frequency = 1.0f, amplitude = 1.0f, amplitude_sum = 0.0f;
    for (int k = 0; k < 6; ++k) {
        const float ox = static_cast<float>(k) * 17.3125f, oy = static_cast<float>(k) * 29.8125f;
        for (std::size_t i = 0; i < n; ++i) {
            qx[i] = p.x[i] * frequency + ox;
            qy[i] = p.y[i] * frequency + oy;
        }
        (void)perlin.evaluate_2d(qx.data(), qy.data(), v.data(), n);
        for (std::size_t i = 0; i < n; ++i) {
            out[i] = out[i] + amplitude * v[i];
        }
        amplitude_sum = amplitude_sum + amplitude;
        frequency = frequency * 2.0f;
        amplitude = amplitude * 0.5f;
    }
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = out[i] / amplitude_sum;  // (every grid coordinate is finite)
    }
}

// Hand-written terrain: each source once over the whole grid (the built-in fields' own grid fills
// where they sample the grid itself), the warped ridged octaves by evaluate_2d, then the arithmetic.
void hand_terrain(float* out) {
    auto desc = [](gradnoise::Basis b, std::uint64_t seed, gradnoise::Hash h, gradnoise::FractalParams f) {
        gradnoise::NoiseDesc d;
        d.basis = b;
        d.has_seed = true;
        d.seed = seed;
        d.hash = h;
        d.fractal = f;
        return d;
    };
    using gradnoise::Basis;
    using gradnoise::Fractal;
    using gradnoise::Hash;
    static const gradnoise::Noise continent =
        field(desc(Basis::perlin, 1, Hash::permutation, {Fractal::fbm, 3, 0.35f, 2.0f, 0.5f}));
    static const gradnoise::Noise base = field(desc(Basis::perlin, 2, Hash::permutation, {}));
    static const gradnoise::Noise by = field(desc(Basis::opensimplex2, 3, Hash::mix, {}));
    static const gradnoise::Noise hills =
        field(desc(Basis::opensimplex2s, 4, Hash::mix, {Fractal::fbm, 4, 2.0f, 2.0f, 0.5f}));
    const GridPoints& p = grid_points();
    const std::size_t n = p.x.size();
    static std::vector<float> c(n), h(n), qx(n), qy(n), wx(n), wy(n), dx(n), dy(n), v(n), ridges(n), weight(n);
    (void)continent.fill_grid_2d(kGrid, c.data());
    (void)hills.fill_grid_2d(kGrid, h.data());
    std::fill(ridges.begin(), ridges.end(), 0.0f);
    std::fill(weight.begin(), weight.end(), 1.0f);
    float frequency = 0.8f, amplitude = 1.0f, amplitude_sum = 0.0f;
    for (int k = 0; k < 5; ++k) {
        const float ox = static_cast<float>(k) * 17.3125f, oy = static_cast<float>(k) * 29.8125f;
        for (std::size_t i = 0; i < n; ++i) {
            qx[i] = p.x[i] * frequency + ox;
            qy[i] = p.y[i] * frequency + oy;
        }
        // warp: d_a = by(q * 1 + offset_a), at = q + 0.4 * d
        for (int a = 0; a < 2; ++a) {
            const float off = a == 0 ? 5.25f : 9.75f;
            for (std::size_t i = 0; i < n; ++i) {
                wx[i] = qx[i] * 1.0f + off;
                wy[i] = qy[i] * 1.0f + off;
            }
            (void)by.evaluate_2d(wx.data(), wy.data(), a == 0 ? dx.data() : dy.data(), n);
        }
        for (std::size_t i = 0; i < n; ++i) {
            wx[i] = qx[i] + 0.4f * dx[i];
            wy[i] = qy[i] + 0.4f * dy[i];
        }
        (void)base.evaluate_2d(wx.data(), wy.data(), v.data(), n);
        for (std::size_t i = 0; i < n; ++i) {
            float s = 1.0f - std::fabs(v[i]);
            s = s * s;
            s = s * weight[i];
            const float w = s * 2.0f;
            weight[i] = w < 0.0f ? 0.0f : (w > 1.0f ? 1.0f : w);
            ridges[i] = ridges[i] + amplitude * s;
        }
        amplitude_sum = amplitude_sum + amplitude;
        frequency = frequency * 2.0f;
        amplitude = amplitude * 0.5f;
    }
    const float remap_k = (1.0f - 0.0f) / (0.25f - -0.1f);
    for (std::size_t i = 0; i < n; ++i) {
        const float r = ridges[i] / amplitude_sum;
        const float t = r * 6.0f, f = std::floor(t);
        float g = (t - f - (1.0f - 0.35f)) * (1.0f / 0.35f);
        g = g < 0.0f ? 0.0f : (1.0f < g ? 1.0f : g);
        const float terrace = (f + g) / 6.0f;
        float m = (c[i] - -0.1f) * remap_k + 0.0f;
        m = m < 0.0f ? 0.0f : m;
        m = 1.0f < m ? 1.0f : m;
        out[i] = m * (terrace * 0.6f + h[i] * 0.25f);
    }
}

// The graph's grid must equal the hand version's output (and the built-in's), bit for bit.
void check_equal(const gradnoise::Graph& g, void (*hand)(float*), const char* what) {
    std::vector<float> a(kSide * kSide), b(kSide * kSide);
    (void)g.fill_grid_2d(kGrid, a.data());
    hand(b.data());
    if (std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) != 0) {
        std::fprintf(stderr, "bench_graph: the graph and the hand-written %s differ\n", what);
        std::abort();
    }
}

// The checks run once, before the first graph or hand benchmark: not at registration, where every
// run of the binary would pay for them (and bench/count_instructions.sh would count them).
void (*hand_checks)() = nullptr;
void check_once() {
    static const bool checked = (hand_checks(), true);
    (void)checked;
}

void graph_grid(benchmark::State& state, gradnoise::Isa isa, const gradnoise::Graph* g) {
    if (!gradnoise::force_isa(isa).ok()) {
        state.SkipWithError("ISA not supported");
        return;
    }
    check_once();
    std::vector<float> out(kSide * kSide);
    for (auto _ : state) {
        benchmark::DoNotOptimize(g->fill_grid_2d(kGrid, out.data()).ok());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(out.size()));
}

void hand_grid(benchmark::State& state, gradnoise::Isa isa, void (*hand)(float*)) {
    if (!gradnoise::force_isa(isa).ok()) {
        state.SkipWithError("ISA not supported");
        return;
    }
    check_once();
    std::vector<float> out(kSide * kSide);
    for (auto _ : state) {
        hand(out.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(out.size()));
}

}  // namespace

void register_graph_benchmarks(gradnoise::Isa isa) {
    static const gradnoise::Graph single = load(kFbmSingle), unrolled = load(kFbmUnrolled), terrain = load(kTerrain);
    hand_checks = [] {
        check_equal(unrolled, hand_fbm, "fBm");
        check_equal(single, hand_fbm, "fBm");
        check_equal(terrain, hand_terrain, "terrain");
    };
    const std::string n = gradnoise::isa_name(isa);
    benchmark::RegisterBenchmark(("graph/fbm2_6oct-single/grid1024/" + n).c_str(), graph_grid, isa, &single)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("graph/fbm2_6oct-unrolled/grid1024/" + n).c_str(), graph_grid, isa, &unrolled)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("hand/fbm2_6oct/grid1024/" + n).c_str(), hand_grid, isa, hand_fbm)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("graph/terrain/grid1024/" + n).c_str(), graph_grid, isa, &terrain)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("hand/terrain/grid1024/" + n).c_str(), hand_grid, isa, hand_terrain)
        ->Unit(benchmark::kMillisecond);
}
