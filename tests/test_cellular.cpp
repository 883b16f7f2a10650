// Cellular (Worley) noise: src/kernels/cellular.hpp, src/reference/cellular.cpp, docs/spec.md
// section 17. Every ISA equals the reference bit for bit (>= 10^7 points per dimension over the
// distances and outputs); F1, F2 and the cell value equal an independent brute-force search in
// binary64 over a 7x7 (7x7x7) neighbourhood, written here from the spec's text.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

using gradnoise::Basis;
using gradnoise::CellularDistance;
using gradnoise::CellularOutput;
using gradnoise::Fractal;
using gradnoise::Noise;
using gradnoise::NoiseDesc;

namespace {

using testing::make;

NoiseDesc cellular_desc(CellularDistance distance, CellularOutput output, float jitter = 1.0f, std::uint64_t seed = 11) {
    NoiseDesc d;
    d.basis = Basis::cellular;
    d.has_seed = true;
    d.seed = seed;
    d.cellular = {distance, output, jitter};
    return d;
}

const CellularDistance kDistances[] = {CellularDistance::euclidean, CellularDistance::euclidean_squared,
                                       CellularDistance::manhattan, CellularDistance::chebyshev};
const CellularOutput kOutputs[] = {CellularOutput::f1,        CellularOutput::f2,        CellularOutput::f2_minus_f1,
                                   CellularOutput::cell_value, CellularOutput::cell_id,   CellularOutput::feature_x,
                                   CellularOutput::feature_y,  CellularOutput::feature_z, CellularOutput::edge};

// The outputs a distance has: the cell edges are Euclidean only.
bool takes(CellularDistance distance, CellularOutput output) {
    return output != CellularOutput::edge || distance == CellularDistance::euclidean ||
           distance == CellularDistance::euclidean_squared;
}

// ---- spec section 17, written again in binary64 ----

// SplitMix64 -> the mixing key (spec 3.2), as the library derives it from the seed.
std::uint32_t key_of(std::uint64_t seed) {
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return static_cast<std::uint32_t>(z ^ (z >> 31));
}

std::uint32_t hash_of(std::uint32_t key, int dims, const long* cell) {
    const std::uint32_t primes[3] = {0x9E3779B1u, 0x85EBCA77u, 0xC2B2AE3Du};
    std::uint32_t h = key;
    for (int a = 0; a < dims; ++a) {
        h ^= static_cast<std::uint32_t>(cell[a] & 255) * primes[a];
    }
    h *= 0x27D4EB2Du;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 13;
    return h;
}

struct Brute {
    double f1, f2, value;
    long id;              // the nearest cell's X + 256 Y + 65536 Z (cells mod 256)
    double position[3];   // its feature point
};

// Spec 17.1 in binary64: the feature point of a cell (unwrapped) with hash h, on axis a.
double feature_at(std::uint32_t h, int a, double reach, const long* cell) {
    const double offset = (static_cast<double>((h >> (10 * a)) & 1023u) + 0.5) / 512.0 - 1.0;
    return static_cast<double>(cell[a]) + 0.5 + reach * offset;
}

// The two nearest feature points over a 7^dims neighbourhood (far more than the search needs).
Brute brute_force(std::uint32_t key, int dims, CellularDistance dist, double reach, const double* p) {
    // The two nearest in visiting order (strict <: the first of equals stays nearest).
    Brute b{INFINITY, INFINITY, 0.0, 0, {0.0, 0.0, 0.0}};
    long base[3] = {static_cast<long>(std::floor(p[0])), static_cast<long>(std::floor(p[1])),
                    dims == 3 ? static_cast<long>(std::floor(p[2])) : 0};
    const int kz = dims == 3 ? 3 : 0;
    for (int dz = -kz; dz <= kz; ++dz) {
        for (int dy = -3; dy <= 3; ++dy) {
            for (int dx = -3; dx <= 3; ++dx) {
                const long cell[3] = {base[0] + dx, base[1] + dy, base[2] + dz};
                const std::uint32_t h = hash_of(key, dims, cell);
                double d[3] = {0, 0, 0}, at[3] = {0, 0, 0};
                for (int a = 0; a < dims; ++a) {
                    at[a] = feature_at(h, a, reach, cell);
                    d[a] = at[a] - p[a];
                }
                double r;
                switch (dist) {
                    case CellularDistance::manhattan: r = std::fabs(d[0]) + std::fabs(d[1]) + std::fabs(d[2]); break;
                    case CellularDistance::chebyshev: r = std::max({std::fabs(d[0]), std::fabs(d[1]), std::fabs(d[2])}); break;
                    case CellularDistance::euclidean_squared: r = d[0] * d[0] + d[1] * d[1] + d[2] * d[2]; break;
                    default: r = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]); break;
                }
                const std::uint32_t v = (h ^ (h >> 16)) * 0x297A2D39u;
                if (r < b.f1) {
                    b.f2 = b.f1;
                    b.f1 = r;
                    b.value = static_cast<double>(v >> 8) / 8388608.0 - 1.0;
                    b.id = (cell[0] & 255) + 256 * (cell[1] & 255) + 65536 * (dims == 3 ? cell[2] & 255 : 0);
                    std::copy(at, at + 3, b.position);
                } else if (r < b.f2) {
                    b.f2 = r;
                }
            }
        }
    }
    return b;
}

// The true distance to the nearest Voronoi edge (Euclidean), in binary64: the nearest feature point over
// 9^dims cells, then the least distance to its bisector with any other point of those cells; and that
// bisector's unit normal away from the nearest point (the gradient is minus it).
struct BruteEdge {
    double distance, normal[3];
};
BruteEdge brute_edge(std::uint32_t key, int dims, double reach, const double* p) {
    std::vector<std::array<double, 3>> points;
    long base[3] = {static_cast<long>(std::floor(p[0])), static_cast<long>(std::floor(p[1])),
                    dims == 3 ? static_cast<long>(std::floor(p[2])) : 0};
    const int kz = dims == 3 ? 4 : 0;
    for (int dz = -kz; dz <= kz; ++dz) {
        for (int dy = -4; dy <= 4; ++dy) {
            for (int dx = -4; dx <= 4; ++dx) {
                const long cell[3] = {base[0] + dx, base[1] + dy, base[2] + dz};
                const std::uint32_t h = hash_of(key, dims, cell);
                std::array<double, 3> d{0, 0, 0};
                for (int a = 0; a < dims; ++a) {
                    d[a] = feature_at(h, a, reach, cell) - p[a];
                }
                points.push_back(d);
            }
        }
    }
    auto norm2 = [](const std::array<double, 3>& d) { return d[0] * d[0] + d[1] * d[1] + d[2] * d[2]; };
    std::size_t nearest = 0;
    for (std::size_t i = 1; i < points.size(); ++i) {
        if (norm2(points[i]) < norm2(points[nearest])) nearest = i;
    }
    BruteEdge best{INFINITY, {0, 0, 0}};
    for (std::size_t j = 0; j < points.size(); ++j) {
        if (j == nearest) continue;
        std::array<double, 3> e;
        for (int a = 0; a < 3; ++a) e[a] = points[j][a] - points[nearest][a];
        const double length = std::sqrt(norm2(e));
        const double b = (norm2(points[j]) - norm2(points[nearest])) / (2 * length);
        if (b < best.distance) {
            best.distance = b;
            for (int a = 0; a < 3; ++a) best.normal[a] = e[a] / length;
        }
    }
    return best;
}

}  // namespace

TEST_SUITE("cellular") {

TEST_CASE("every distance and output, 2D and 3D: scalar == every ISA, bit for bit") {
    const std::size_t per_dim = testing::random_point_count();
    const testing::Points awkward = testing::awkward_points();
    const testing::Points patterns = testing::random_bit_patterns(std::min<std::size_t>(20000, per_dim / 100 + 1000), 97);
    const testing::Points nonfinite = testing::nonfinite_points();
    int combination = 0;
    for (CellularDistance distance : kDistances) {
        for (CellularOutput output : kOutputs) {
            if (!takes(distance, output)) continue;
            const float jitter = combination % 3 == 0 ? 1.0f : combination % 3 == 1 ? 0.5f : 0.0f;
            const Noise n = make(cellular_desc(distance, output, jitter, 100 + combination));
            const std::string what = std::string(gradnoise::cellular_distance_name(distance)) + " " +
                                     gradnoise::cellular_output_name(output) + " jitter " + std::to_string(jitter);
            testing::check_points(n, testing::random_points(per_dim / 16 + 1, -300.0f, 300.0f, 200 + combination),
                                  what.c_str(), {2, 3});
            testing::check_points(n, awkward, what.c_str(), {2, 3});
            testing::check_points(n, patterns, what.c_str(), {2, 3});
            testing::check_points(n, nonfinite, what.c_str(), {2, 3});
            ++combination;
        }
    }
}

TEST_CASE("jitters whose reach / 512 rounds (subnormal) and odd ones: scalar == every ISA, bit for bit") {
    // The kernels compute reach * o_a as (float(k) - 511.5) * (reach / 512) (spec section 9): the same
    // product where reach / 512 is exact; below that both products vanish beside float(step) + 0.5.
    const testing::Points points = testing::random_points(testing::random_point_count() / 64 + 1, -300.0f, 300.0f, 71);
    const testing::Points awkward = testing::awkward_points();
    const float jitters[] = {1e-45f, 3e-41f, 1.5e-38f, 7.0e-36f, 0x1p-20f, 0x1.8p-26f, 0.37f, 0.9999999f};
    for (float jitter : jitters) {
        for (CellularOutput output : {CellularOutput::f1, CellularOutput::f2, CellularOutput::feature_x, CellularOutput::edge}) {
            const Noise n = make(cellular_desc(CellularDistance::euclidean, output, jitter, 5));
            const std::string what = std::string(gradnoise::cellular_output_name(output)) + " jitter " + std::to_string(jitter);
            testing::check_points(n, points, what.c_str(), {2, 3});
            testing::check_points(n, awkward, what.c_str(), {2, 3});
        }
    }
}

TEST_CASE("F1, F2 and the cell value equal a brute-force search in binary64 (jitter 1, every distance)") {
    const testing::Points p =
        testing::random_points(std::min<std::size_t>(5000, testing::random_point_count() / 100 + 500), -100.0f, 100.0f, 101);
    for (CellularDistance distance : kDistances) {
        for (int dims : {2, 3}) {
            const std::uint64_t seed = 77;
            const Noise f1 = make(cellular_desc(distance, CellularOutput::f1, 1.0f, seed));
            const Noise f2 = make(cellular_desc(distance, CellularOutput::f2, 1.0f, seed));
            const Noise value = make(cellular_desc(distance, CellularOutput::cell_value, 1.0f, seed));
            const double reach[2][4] = {{21.0 / 64, 21.0 / 64, 63.0 / 256, 63.0 / 128},
                                        {63.0 / 256, 63.0 / 256, 21.0 / 128, 63.0 / 128}};
            double worst1 = 0, worst2 = 0;
            int value_mismatch = 0;
            for (std::size_t i = 0; i < p.size(); ++i) {
                const double q[3] = {p.x[i], p.y[i], dims == 3 ? p.z[i] : 0.0};
                const Brute b = brute_force(key_of(seed), dims, distance, reach[dims - 2][static_cast<int>(distance)], q);
                const float a1 = dims == 2 ? f1.noise2(p.x[i], p.y[i]) : f1.noise3(p.x[i], p.y[i], p.z[i]);
                const float a2 = dims == 2 ? f2.noise2(p.x[i], p.y[i]) : f2.noise3(p.x[i], p.y[i], p.z[i]);
                const float v = dims == 2 ? value.noise2(p.x[i], p.y[i]) : value.noise3(p.x[i], p.y[i], p.z[i]);
                worst1 = std::fmax(worst1, std::fabs(a1 - b.f1));
                worst2 = std::fmax(worst2, std::fabs(a2 - b.f2));
                value_mismatch += static_cast<double>(v) != b.value && std::fabs(b.f1 - b.f2) > 1e-5;
            }
            MESSAGE(std::string(gradnoise::cellular_distance_name(distance)) << " " << dims << "D: largest |F1 - brute| = " << worst1
                                                            << ", |F2 - brute| = " << worst2);
            INFO(std::string(gradnoise::cellular_distance_name(distance)) << " " << dims << "D");
            CHECK(worst1 < 2e-5);  // float32 rounding of the offsets and distances only
            CHECK(worst2 < 2e-5);
            CHECK(value_mismatch == 0);
        }
    }
}

TEST_CASE("the edge distance equals the true Voronoi edge distance (binary64, 9^dims cells); its gradient the edge's normal") {
    // Jitter 1: the feature points at their widest; the search's 5x5 (5x5x5) cells against 9^dims.
    const testing::Points p =
        testing::random_points(std::min<std::size_t>(4000, testing::random_point_count() / 100 + 500), -60.0f, 60.0f, 105);
    for (CellularDistance distance : {CellularDistance::euclidean, CellularDistance::euclidean_squared}) {
        for (int dims : {2, 3}) {
            const std::uint64_t seed = 79;
            const Noise n = make(cellular_desc(distance, CellularOutput::edge, 1.0f, seed));
            const double reach = dims == 2 ? 21.0 / 64 : 63.0 / 256;
            double worst = 0, worst_normal = 0;
            std::size_t switched = 0, count = p.size() / (dims == 3 ? 4 : 1);
            for (std::size_t i = 0; i < count; ++i) {
                const double q[3] = {p.x[i], p.y[i], dims == 3 ? p.z[i] : 0.0};
                const BruteEdge b = brute_edge(key_of(seed), dims, reach, q);
                float value, g[3] = {0, 0, 0};
                if (dims == 2) {
                    const gradnoise::Gradient2 r = n.gradient2(p.x[i], p.y[i]);
                    value = r.value, g[0] = r.dx, g[1] = r.dy;
                    CHECK(testing::bits(value) == testing::bits(n.noise2(p.x[i], p.y[i])));
                } else {
                    const gradnoise::Gradient3 r = n.gradient3(p.x[i], p.y[i], p.z[i]);
                    value = r.value, g[0] = r.dx, g[1] = r.dy, g[2] = r.dz;
                    CHECK(testing::bits(value) == testing::bits(n.noise3(p.x[i], p.y[i], p.z[i])));
                }
                worst = std::fmax(worst, std::fabs(value - b.distance));
                // The gradient is minus the nearest edge's normal; where two edges are (nearly) as near,
                // float rounding may pick the other: rare, and counted.
                if (b.distance > 1e-3) {
                    double off = 0;
                    for (int a = 0; a < dims; ++a) off = std::fmax(off, std::fabs(g[a] + b.normal[a]));
                    if (off > 1e-3) {
                        ++switched;
                    } else {
                        worst_normal = std::fmax(worst_normal, off);
                    }
                }
            }
            MESSAGE(std::string(gradnoise::cellular_distance_name(distance)) << " " << dims << "D: largest |edge - brute| = " << worst);
            INFO(std::string(gradnoise::cellular_distance_name(distance)) << " " << dims << "D");
            CHECK(worst < 2e-5);  // float rounding only: the 5x5 (5x5x5) cells hold every edge that can be nearest
            CHECK(worst_normal < 1e-5);
            CHECK(switched <= count / 200);
        }
    }
    // Jitter 0: the regular grid of cell centres, whose edges are the cell centres' midlines.
    const Noise grid = make(cellular_desc(CellularDistance::euclidean, CellularOutput::edge, 0.0f));
    CHECK(grid.noise2(10.5f, 3.5f) == 0.5f);
    CHECK(grid.noise2(10.75f, 3.5f) == 0.25f);
    CHECK(grid.noise3(-4.5f, 7.875f, 0.5f) == 0.125f);
}

TEST_CASE("the nearest cell's id and feature point equal a brute-force search (exactly: both are exact in float)") {
    const testing::Points p =
        testing::random_points(std::min<std::size_t>(5000, testing::random_point_count() / 100 + 500), -100.0f, 100.0f, 103);
    for (CellularDistance distance : kDistances) {
        for (int dims : {2, 3}) {
            const std::uint64_t seed = 78;
            const double reach[2][4] = {{21.0 / 64, 21.0 / 64, 63.0 / 256, 63.0 / 128},
                                        {63.0 / 256, 63.0 / 256, 21.0 / 128, 63.0 / 128}};
            const Noise id = make(cellular_desc(distance, CellularOutput::cell_id, 1.0f, seed));
            const Noise feature[3] = {make(cellular_desc(distance, CellularOutput::feature_x, 1.0f, seed)),
                                      make(cellular_desc(distance, CellularOutput::feature_y, 1.0f, seed)),
                                      make(cellular_desc(distance, CellularOutput::feature_z, 1.0f, seed))};
            int mismatches = 0, ties = 0;
            for (std::size_t i = 0; i < p.size(); ++i) {
                const double q[3] = {p.x[i], p.y[i], dims == 3 ? p.z[i] : 0.0};
                const Brute b = brute_force(key_of(seed), dims, distance, reach[dims - 2][static_cast<int>(distance)], q);
                if (std::fabs(b.f1 - b.f2) <= 1e-5) {  // (a near tie: float rounding may pick either)
                    ++ties;
                    continue;
                }
                auto at = [&](const Noise& n) { return dims == 2 ? n.noise2(p.x[i], p.y[i]) : n.noise3(p.x[i], p.y[i], p.z[i]); };
                mismatches += at(id) != static_cast<float>(b.id);
                for (int a = 0; a < 3; ++a) {
                    const float want = a < dims ? static_cast<float>(b.position[a]) : 0.0f;
                    mismatches += testing::bits(at(feature[a])) != testing::bits(want);
                }
            }
            INFO(std::string(gradnoise::cellular_distance_name(distance)) << " " << dims << "D, " << ties << " near ties skipped");
            CHECK(mismatches == 0);
            CHECK(ties < static_cast<int>(p.size() / 100));
        }
    }
}

// Found by fuzz/isa_differential (fuzz/regressions/isa_differential/cellular-feature-point): at a
// feature point the offset d is +0, and the spec's euclidean gradient -d / f is -0 (section 18.6); the
// AVX-512 path gave +0, because xsimd 8.1 negates AVX-512 batches as 0 - v. Kernels now negate by
// flipping the sign bit (ops.hpp negate).
TEST_CASE("the gradient's signed zeros at a feature point are the spec's on every ISA") {
    gradnoise::NoiseDesc d;
    d.basis = gradnoise::Basis::cellular;
    d.cellular = {gradnoise::CellularDistance::euclidean, gradnoise::CellularOutput::f1, 0.0f};
    gradnoise::Noise n;
    REQUIRE(gradnoise::Noise::create(d, &n).ok());
    // Jitter 0: the feature points are the cell centres; x = 0.5 + k is on one, y is not.
    std::vector<float> x = {0.5f, -2.5f, -904290.5f, 7.5f}, y = {0.25f, 0.75f, 0x1.799492p-56f, 0.0f};
    x.resize(37, 1.5f), y.resize(37, 0.125f);  // a SIMD tail too
    for (gradnoise::Isa isa : testing::supported_isas()) {
        REQUIRE(gradnoise::force_isa(isa).ok());
        std::vector<float> v(x.size()), dx(x.size()), dy(x.size());
        REQUIRE(n.evaluate_gradient_2d(x.data(), y.data(), {v.data(), dx.data(), dy.data()}, x.size()).ok());
        for (std::size_t i = 0; i < x.size(); ++i) {
            INFO(gradnoise::isa_name(isa) << " point " << i);
            CHECK(testing::bits(dx[i]) == testing::bits(-0.0f));  // -(+0) / f
            CHECK(testing::bits(dx[i]) == testing::bits(n.gradient2(x[i], y[i]).dx));
        }
    }
    gradnoise::reset_isa();
}

TEST_CASE("jitter 0 is the regular grid of cell centres; periods tile; fractals and grids run every ISA") {
    const Noise grid = make(cellular_desc(CellularDistance::euclidean, CellularOutput::f1, 0.0f));
    CHECK(grid.noise2(3.5f, -7.5f) == 0.0f);   // a cell centre
    CHECK(grid.noise2(3.0f, -7.5f) == 0.5f);   // half way between two
    CHECK(grid.noise3(0.5f, 0.5f, 10.5f) == 0.0f);

    NoiseDesc tiled = cellular_desc(CellularDistance::euclidean, CellularOutput::f2_minus_f1);
    tiled.period_x = 8, tiled.period_y = 4;
    const Noise t = make(tiled);
    for (float x : {0.25f, 5.75f, -2.125f}) {
        CHECK(testing::bits(t.noise2(x, 1.5f)) == testing::bits(t.noise2(x + 8.0f, 1.5f + 4.0f)));
    }

    NoiseDesc fbm = cellular_desc(CellularDistance::manhattan, CellularOutput::f1);
    fbm.fractal = {Fractal::fbm, 5, 1.0f, 2.0f, 0.5f};
    fbm.warp = {1, 0.5f, 0.5f};
    testing::check_points(make(fbm),
                          testing::random_points(std::min<std::size_t>(30000, testing::random_point_count() / 100 + 1000),
                                                 -40.0f, 40.0f, 103),
                          "cellular fbm + warp", {2, 3});
    NoiseDesc chunked = cellular_desc(CellularDistance::euclidean, CellularOutput::f1);
    chunked.fractal = {Fractal::ridged, 3, 1.0f, 2.0f, 0.5f};
    const Noise c = make(chunked);
    gradnoise::Chunk2d ch{std::int64_t(1) << 40, -5, 33, 4, 0.1f};
    std::vector<float> ref(33 * 4);
    for (std::size_t j = 0; j < 4; ++j) {
        for (std::size_t i = 0; i < 33; ++i) {
            ref[j * 33 + i] = c.chunk_sample_2d(ch.first_x + std::int64_t(i), ch.first_y + std::int64_t(j), ch.spacing);
        }
    }
    for (const testing::IsaPath& path : testing::isa_paths()) {
        std::vector<float> got(ref.size());
        REQUIRE(path.fill_chunk_2d(c, ch, got.data()).ok());
        INFO("isa " << path.name());
        CHECK(testing::first_bit_difference(ref, got) == -1);
    }
}

TEST_CASE("grids (the row tables of kernels/cellular_grid.hpp) equal the points at their coordinates, every ISA") {
    // Every distance and output, jitter 1 and 0.37, a period; steps from many samples per cell (the
    // tables, uniform and straddling batches) to several cells per sample (the point path), negative
    // steps, cell edges, large and non-finite coordinates.
    struct Case {
        float ox, oy, oz, step;
        std::size_t nx, ny, nz;
    };
    const Case cases[] = {{0.3f, 0.7f, 0.5f, 0.01f, 203, 5, 3},   {-3.5f, 2.0f, -1.0f, 0.125f, 70, 4, 2},
                          {255.75f, -0.25f, 9.0f, -0.013f, 97, 3, 2}, {1e6f + 0.5f, 3.0f, 1.0f, 0.4f, 41, 3, 2},
                          {-7.0f, 5.0f, 2.0f, 3.7f, 33, 2, 2},      {16777216.0f, 0.5f, 0.5f, 1.0f, 19, 2, 2},
                          {1e38f, 0.5f, 0.5f, 1e38f, 7, 2, 2}};
    std::vector<NoiseDesc> descs;
    for (CellularDistance distance : kDistances) {
        for (CellularOutput output : kOutputs) {
            if (!takes(distance, output)) continue;
            descs.push_back(cellular_desc(distance, output, output == CellularOutput::f2 ? 0.37f : 1.0f));
        }
    }
    NoiseDesc tiled = cellular_desc(CellularDistance::euclidean, CellularOutput::f1);
    tiled.period_x = 4, tiled.period_y = 2, tiled.period_z = 8;
    descs.push_back(tiled);
    std::size_t compared = 0;
    for (const NoiseDesc& d : descs) {
        const Noise n = make(d);
        for (const Case& k : cases) {
            const gradnoise::Grid2d g2{k.ox, k.oy, k.step, k.step * 0.5f, k.nx, k.ny};
            const gradnoise::Grid3d g3{k.ox, k.oy, k.oz, k.step, k.step * 0.5f, k.step * 2.0f, k.nx, k.ny, k.nz};
            const testing::Points at = testing::grid_points(g3);  // (its first slice: g2's points)
            for (const testing::IsaPath& path : testing::isa_paths()) {
                std::vector<float> got2(k.nx * k.ny), got3(k.nx * k.ny * k.nz);
                REQUIRE(path.fill_grid_2d(n, g2, got2.data()).ok());
                REQUIRE(path.fill_grid_3d(n, g3, got3.data()).ok());
                for (std::size_t s = 0; s < at.size(); ++s) {
                    INFO(gradnoise::cellular_distance_name(d.cellular.distance) << " "
                         << gradnoise::cellular_output_name(d.cellular.output) << " isa " << path.name() << " step "
                         << k.step << " sample " << s % k.nx << "," << s / k.nx % k.ny << "," << s / (k.nx * k.ny));
                    if (s < got2.size()) {
                        REQUIRE(testing::bits(got2[s]) == testing::bits(n.noise2(at.x[s], at.y[s])));
                    }
                    REQUIRE(testing::bits(got3[s]) == testing::bits(n.noise3(at.x[s], at.y[s], at.z[s])));
                    compared += s < got2.size() ? 2 : 1;
                }
            }
        }
    }
    MESSAGE("cellular grids: " << compared << " samples compared with the points");
}

TEST_CASE("4D and bad parameters are refused with messages naming them") {
    const Noise n = make(cellular_desc(CellularDistance::euclidean, CellularOutput::f1));
    float x = 1, out = 0;
    CHECK(n.evaluate_4d(&x, &x, &x, &x, &out, 1).code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(std::isnan(n.noise4(1, 2, 3, 4)));
    NoiseDesc d = cellular_desc(CellularDistance::euclidean, CellularOutput::f1, 1.5f);
    CHECK(std::string(Noise::validate(d).message()).find("cellular.jitter") != std::string::npos);
    d = cellular_desc(static_cast<CellularDistance>(9), CellularOutput::f1);
    CHECK(std::string(Noise::validate(d).message()).find("cellular.distance") != std::string::npos);
    d = cellular_desc(CellularDistance::euclidean, static_cast<CellularOutput>(-1));
    CHECK(std::string(Noise::validate(d).message()).find("cellular.output") != std::string::npos);
    d = cellular_desc(CellularDistance::manhattan, CellularOutput::edge);
    CHECK(std::string(Noise::validate(d).message()) ==
          "NoiseDesc: cellular.output edge needs cellular.distance euclidean or euclidean_squared (the edges are the "
          "Euclidean cells' bisectors)");
}

TEST_CASE("ranges: measured over 10^7 samples") {
    const testing::Points p = testing::random_points(testing::range_sample_count(), -500.0f, 500.0f, 107);
    std::vector<testing::RangeBound> bounds;
    for (int dims : {2, 3}) {
        bounds.push_back({"F1 euclidean", cellular_desc(CellularDistance::euclidean, CellularOutput::f1), dims, 0.0f, 1.5f});
        bounds.push_back({"F2 euclidean", cellular_desc(CellularDistance::euclidean, CellularOutput::f2), dims, 0.0f, 2.0f});
        bounds.push_back({"F2-F1 euclidean", cellular_desc(CellularDistance::euclidean, CellularOutput::f2_minus_f1), dims, 0.0f, 2.0f});
        bounds.push_back({"cell value", cellular_desc(CellularDistance::euclidean, CellularOutput::cell_value), dims, -1.0f, 1.0f});
        bounds.push_back({"F1 manhattan", cellular_desc(CellularDistance::manhattan, CellularOutput::f1), dims, 0.0f, 2.0f});
        bounds.push_back({"F1 chebyshev", cellular_desc(CellularDistance::chebyshev, CellularOutput::f1), dims, 0.0f, 1.0f});
    }
    testing::check_ranges(p, bounds);
}

}  // TEST_SUITE
