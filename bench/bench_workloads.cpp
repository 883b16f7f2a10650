// The Google Benchmark suite's points and fields (bench_workloads.hpp).
#include "bench_workloads.hpp"

#include <cstdlib>

namespace bench {

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

namespace {

// A field the suite needs; a description the library refuses is a bug here.
gradnoise::Noise make_noise(const gradnoise::NoiseDesc& d) {
    gradnoise::Noise n;
    if (!gradnoise::Noise::create(d, &n).ok()) std::abort();
    return n;
}

gradnoise::NoiseDesc fractal_desc(gradnoise::Fractal kind, int octaves) {
    gradnoise::NoiseDesc d;
    d.fractal = {kind, octaves, 1.0f, 2.0f, 0.5f};
    return d;
}

}  // namespace

const gradnoise::Noise& perlin_noise() {
    static const gradnoise::Noise n;
    return n;
}

const gradnoise::Noise& mix_noise() {
    static const gradnoise::Noise n(0u, gradnoise::Fade::quintic, gradnoise::Hash::mix);
    return n;
}

const gradnoise::Noise& fractal_noise(gradnoise::Fractal kind) {
    static const gradnoise::Noise fbm = make_noise(fractal_desc(gradnoise::Fractal::fbm, 6));
    static const gradnoise::Noise turbulence = make_noise(fractal_desc(gradnoise::Fractal::turbulence, 6));
    return kind == gradnoise::Fractal::fbm ? fbm : turbulence;
}

const gradnoise::Noise& warp_noise() {
    static const gradnoise::Noise n = [] {
        gradnoise::NoiseDesc d;
        d.warp = {1, 1.0f, 1.0f};
        return make_noise(d);
    }();
    return n;
}

const gradnoise::Noise& family_noise(const std::string& which, gradnoise::Hash hash) {
    auto make = [](gradnoise::Basis basis, gradnoise::Fractal fractal, gradnoise::Hash h) {
        gradnoise::NoiseDesc d = fractal_desc(fractal, 6);
        d.basis = basis;
        d.has_seed = true;
        d.seed = 1337;
        d.hash = h;
        return make_noise(d);
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

const gradnoise::Noise& fbm_mix_noise() {
    static const gradnoise::Noise n = [] {
        gradnoise::NoiseDesc d = fractal_desc(gradnoise::Fractal::fbm, 6);
        d.hash = gradnoise::Hash::mix;
        return make_noise(d);
    }();
    return n;
}

const gradnoise::Noise& fbm8_noise() {
    static const gradnoise::Noise n = make_noise(fractal_desc(gradnoise::Fractal::fbm, 8));
    return n;
}

namespace {

PointSet grid_points(const gradnoise::Grid3d& g, int dims) {
    PointSet p;
    for (std::size_t k = 0; k < g.size_z; ++k) {
        for (std::size_t j = 0; j < g.size_y; ++j) {
            for (std::size_t i = 0; i < g.size_x; ++i) {
                p.x.push_back(g.origin_x + static_cast<float>(i) * g.step_x);
                p.y.push_back(g.origin_y + static_cast<float>(j) * g.step_y);
                if (dims == 3) p.z.push_back(g.origin_z + static_cast<float>(k) * g.step_z);
            }
        }
    }
    return p;
}

}  // namespace

PointSet grid_points(const gradnoise::Grid2d& g) {
    return grid_points({g.origin_x, g.origin_y, 0.0f, g.step_x, g.step_y, 1.0f, g.size_x, g.size_y, 1}, 2);
}

PointSet grid_points(const gradnoise::Grid3d& g) { return grid_points(g, 3); }

void use_isa(benchmark::State& state, gradnoise::Isa isa) {
    if (!gradnoise::force_isa(isa).ok()) {
        state.SkipWithError("ISA not supported");
    }
}

}  // namespace bench
