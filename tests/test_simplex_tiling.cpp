// The simplex families' periods (docs/spec.md section 16.8): the fallback lattice's label wrap
// against its definition, seams bit for bit on every ISA (values and gradients), the reference on
// every ISA, the untiled field inside the tile, the statistics of a tile, and the refusals.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "reference/simplex_common.hpp"
#include "tables/simplex_tiling.hpp"
#include "tables/splitmix64.hpp"
#include "test_support.hpp"

using gradnoise::Basis;
using gradnoise::Fractal;
using gradnoise::Hash;
using gradnoise::Noise;
using gradnoise::NoiseDesc;
using gradnoise::Orientation2;
using gradnoise::Orientation3;

namespace {

using testing::make;

NoiseDesc tiled_desc(bool smooth, bool mix, int px, int py, int pz) {
    NoiseDesc d;
    d.basis = smooth ? Basis::opensimplex2s : Basis::opensimplex2;
    d.hash = mix ? Hash::mix : Hash::permutation;
    d.has_seed = true;
    d.seed = smooth ? 0x8000000000000001ull : 1337u;
    d.simplex.orientation2 = Orientation2::fallback;
    d.simplex.orientation3 = Orientation3::fallback;
    d.period_x = px, d.period_y = py, d.period_z = pz;
    return d;
}

std::string family(const NoiseDesc& d) {
    return std::string(gradnoise::basis_name(d.basis)) + (d.hash == Hash::mix ? " mix" : "") + " P=(" +
           std::to_string(d.period_x) + ", " + std::to_string(d.period_y) + ", " + std::to_string(d.period_z) + ")" +
           (d.fractal.kind == Fractal::none ? "" : " fbm");
}

// Values and gradients (value, d/dx, ...) of `dims` on one path at p.
std::vector<std::vector<float>> evaluate_all(const Noise& n, const testing::IsaPath& path, int dims,
                                             const testing::Points& p) {
    const std::size_t size = p.size();
    std::vector<std::vector<float>> got(static_cast<std::size_t>(dims) + 2, std::vector<float>(size, 12345.0f));
    got[0] = testing::eval(n, path, dims, p);
    gradnoise::GradientOut out;
    out.value = got[1].data();
    out.dx = got[2].data();
    out.dy = got[3].data();
    out.dz = dims > 2 ? got[4].data() : nullptr;
    const gradnoise::Status s = dims == 2 ? path.evaluate_gradient_2d(n, p.x.data(), p.y.data(), out, size)
                                          : path.evaluate_gradient_3d(n, p.x.data(), p.y.data(), p.z.data(), out, size);
    REQUIRE_MESSAGE(s.ok(), s.message());
    return got;
}

std::vector<NoiseDesc> tiled_cases() {
    std::vector<NoiseDesc> cases;
    for (bool smooth : {false, true}) {
        for (bool mix : {false, true}) {
            cases.push_back(tiled_desc(smooth, mix, 6, 12, 3));
            NoiseDesc d = tiled_desc(smooth, mix, 12, 3, 24);
            d.fractal = {Fractal::fbm, 4, 0.5f, 2.0f, 0.5f};  // octave periods 12, 24, 48, 96 (tile 24)
            cases.push_back(d);
        }
    }
    return cases;
}

}  // namespace

TEST_SUITE("simplex") {

TEST_CASE("tiling: the wrap sends labels a whole number of periods apart to one label, inside the tile") {
    namespace s = gradnoise::reference::simplex;
    using U64 = std::uint64_t;
    const U64 primes[3] = {gradnoise::detail::simplex_prime_x, gradnoise::detail::simplex_prime_y,
                           gradnoise::detail::simplex_prime_z};
    gradnoise::detail::SplitMix64 rng(5);
    auto draw = [&](int lo, int hi) { return lo + static_cast<int>(rng.next() % static_cast<U64>(hi - lo + 1)); };
    for (int trial = 0; trial < 20000; ++trial) {
        int period[3];
        for (int& p : period) {
            p = draw(0, 3) == 0 ? 0 : 3 << draw(0, 8);
        }
        // A label near the tile (as the vertices a reduced sample reaches are), and the same label moved
        // by whole periods: the input shift P e_a is the lattice shift (P / 3)(2, 2, 2) - P e_a.
        std::int64_t l[3], moved[3];
        for (int b = 0; b < 3; ++b) {
            l[b] = draw(-4, 2 * 768 + 4);
            moved[b] = l[b];
        }
        for (int a = 0; a < 3; ++a) {
            const int times = period[a] == 0 ? 0 : draw(-3, 3);
            for (int b = 0; b < 3; ++b) {
                moved[b] += static_cast<std::int64_t>(times) * (2 * (period[a] / 3) - (a == b ? period[a] : 0));
            }
        }
        U64 p1[3], p2[3];
        for (int b = 0; b < 3; ++b) {
            p1[b] = static_cast<U64>(l[b]) * primes[b];
            p2[b] = static_cast<U64>(moved[b]) * primes[b];
        }
        s::wrap_label(period, gradnoise::detail::simplex_prime_inverse, primes, p1);
        s::wrap_label(period, gradnoise::detail::simplex_prime_inverse, primes, p2);
        INFO("trial " << trial << ": periods " << period[0] << " " << period[1] << " " << period[2]);
        for (int b = 0; b < 3; ++b) {
            CHECK(p1[b] == p2[b]);
        }
        // The wrapped label lies in the tile: 0 <= 2 (l_x + l_y + l_z) - 3 l_a < 3 P_a on each periodic axis.
        std::int64_t w[3];
        for (int b = 0; b < 3; ++b) {
            w[b] = static_cast<std::int32_t>(static_cast<std::uint32_t>(p1[b]) *
                                             gradnoise::detail::simplex_prime_inverse[b]);
        }
        for (int a = 0; a < 3; ++a) {
            if (period[a] != 0) {
                const std::int64_t u = 2 * (w[0] + w[1] + w[2]) - 3 * w[a];
                CHECK(u >= 0);
                CHECK(u < 3 * period[a]);
            }
        }
    }
}

TEST_CASE("tiling: the field at x and at x + period / frequency is bit-identical, values and gradients, every ISA") {
    for (const NoiseDesc& d : tiled_cases()) {
        const Noise n = make(d);
        const int periods[3] = {d.period_x, d.period_y, d.period_z};
        const float frequency = d.fractal.kind == Fractal::none ? 1.0f : d.fractal.frequency;
        for (const testing::IsaPath& path : testing::isa_paths()) {
            for (int dims : {2, 3}) {
                for (int axis = 0; axis < dims; ++axis) {
                    // Dyadic coordinates (multiples of 1/64): x and x + tile are both exact.
                    const float tile = static_cast<float>(periods[axis]) / frequency;
                    testing::Points a, b;
                    for (int i = 0; i < 600; ++i) {
                        float q[3] = {static_cast<float>((i * 37) % 4480 - 2240) / 64.0f,
                                      static_cast<float>((i * 53) % 5120 - 2560) / 64.0f,
                                      static_cast<float>((i * 29) % 3584 - 1792) / 64.0f};
                        a.add(q[0], q[1], q[2]);
                        q[axis] += tile * static_cast<float>(1 + i % 3) * (i % 2 ? -1.0f : 1.0f);
                        b.add(q[0], q[1], q[2]);
                    }
                    const auto va = evaluate_all(n, path, dims, a), vb = evaluate_all(n, path, dims, b);
                    INFO(family(d) << " " << testing::name(path) << " " << dims << "D axis " << axis);
                    for (std::size_t c = 0; c < va.size(); ++c) {
                        INFO("output " << c << " (0 value, 1 the gradient's value, 2.. d/dx ..)");
                        CHECK(testing::first_bit_difference(va[c], vb[c]) == -1);
                    }
                    bool varies = false;
                    for (float v : va[0]) {
                        varies = varies || v != va[0][0];
                    }
                    CHECK(varies);
                }
            }
        }
    }
}

TEST_CASE("tiling: scalar == every ISA, bit for bit: points, gradients, grids and chunks") {
    const std::size_t count = testing::random_point_count() / 40 + 1000;
    const std::vector<testing::IsaPath> paths = testing::isa_paths();
    for (const NoiseDesc& d : tiled_cases()) {
        const Noise n = make(d);
        const std::string what = family(d);
        for (int dims : {2, 3}) {
            const std::vector<testing::Points> sets = {testing::random_points(count, -100.0f, 100.0f, 211),
                                                       testing::random_points(count / 8, -1e7f, 1e7f, 223),
                                                       testing::awkward_points(), testing::nonfinite_points(),
                                                       testing::random_bit_patterns(2000, 227)};
            for (const testing::Points& p : sets) {
                testing::check_points(n, p, what.c_str(), {dims});
                const auto ref = evaluate_all(n, paths[0], dims, p);
                for (const testing::IsaPath& path : paths) {
                    const auto got = evaluate_all(n, path, dims, p);
                    for (std::size_t c = 0; c < ref.size(); ++c) {
                        const long at = testing::first_bit_difference(ref[c], got[c]);
                        INFO(what << " " << dims << "D, isa " << path.name() << ", output " << c);
                        if (at >= 0) {
                            INFO("first difference at (" << testing::describe(p.x[at]) << ", "
                                                         << testing::describe(p.y[at]) << ", "
                                                         << testing::describe(p.z[at]) << "): "
                                                         << testing::describe(ref[c][at]) << " vs "
                                                         << testing::describe(got[c][at]));
                            CHECK(at == -1);
                        }
                    }
                    // The gradient's value is the value.
                    CHECK(testing::first_bit_difference(got[0], got[1]) == -1);
                }
            }
        }
        // Grids equal the points at their coordinates; chunks equal the scalar path's.
        gradnoise::Grid2d g;
        g.origin_x = -7.25f, g.origin_y = 3.5f, g.step_x = 0.375f, g.step_y = 0.5f, g.size_x = 67, g.size_y = 9;
        testing::Points at;
        for (std::size_t j = 0; j < g.size_y; ++j) {
            for (std::size_t i = 0; i < g.size_x; ++i) {
                at.add(g.origin_x + static_cast<float>(i) * g.step_x, g.origin_y + static_cast<float>(j) * g.step_y, 0.0f);
            }
        }
        gradnoise::Chunk2d c;
        c.first_x = -40, c.first_y = 1000003, c.size_x = 45, c.size_y = 7, c.spacing = 0.25f;
        std::vector<float> chunk_ref(c.size_x * c.size_y);
        REQUIRE(paths[0].fill_chunk_2d(n, c, chunk_ref.data()).ok());
        for (const testing::IsaPath& path : paths) {
            std::vector<float> grid(g.size_x * g.size_y), chunk(c.size_x * c.size_y);
            REQUIRE(path.fill_grid_2d(n, g, grid.data()).ok());
            REQUIRE(path.fill_chunk_2d(n, c, chunk.data()).ok());
            INFO(what << " isa " << path.name());
            CHECK(testing::first_bit_difference(grid, testing::eval(n, path, 2, at)) == -1);
            CHECK(testing::first_bit_difference(chunk, chunk_ref) == -1);
        }
    }
}

TEST_CASE("tiling: inside the tile, away from its faces, the field is the untiled fallback field bit for bit") {
    for (bool smooth : {false, true}) {
        for (bool mix : {false, true}) {
            const NoiseDesc tiled = tiled_desc(smooth, mix, 24, 24, 24);
            NoiseDesc untiled = tiled;
            untiled.period_x = untiled.period_y = untiled.period_z = 0;
            const Noise a = make(tiled), b = make(untiled);
            // Every vertex a sample reaches lies within 3 units of it (the rotation is orthonormal),
            // so samples 4 units inside the faces reach no wrapped label.
            const testing::Points p = testing::random_points(20000, 4.0f, 20.0f, 17);
            std::size_t differ3 = 0, differ2 = 0, slice = 0, edge = 0;
            for (std::size_t i = 0; i < p.size(); ++i) {
                differ3 += testing::bits(a.noise3(p.x[i], p.y[i], p.z[i])) != testing::bits(b.noise3(p.x[i], p.y[i], p.z[i]));
                differ2 += testing::bits(a.noise2(p.x[i], p.y[i])) != testing::bits(b.noise2(p.x[i], p.y[i]));
                // 2D fallback is the 3D fallback's z = 0 slice, tiled or not.
                slice += testing::bits(b.noise2(p.x[i], p.y[i])) != testing::bits(b.noise3(p.x[i], p.y[i], 0.0f));
                // Near the faces the wrapped labels do change the field.
                edge += a.noise3(p.x[i] - 4.0f, p.y[i], p.z[i]) != b.noise3(p.x[i] - 4.0f, p.y[i], p.z[i]);
            }
            INFO(family(tiled));
            CHECK(differ3 == 0);
            CHECK(differ2 == 0);
            CHECK(slice == 0);
            CHECK(edge > 100);
        }
    }
}

TEST_CASE("tiling: a tile's statistics -- range, spread and spectrum -- match the untiled field's") {
    // 2D, 256 x 256 samples of one tile (P = 12) against the same-sized window of the untiled
    // field far from the origin: range and standard deviation within 10 %, and the row spectra's
    // share of power in each octave band within 0.05.
    for (bool smooth : {false, true}) {
        const NoiseDesc tiled = tiled_desc(smooth, false, 12, 12, 0);
        NoiseDesc untiled = tiled;
        untiled.period_x = untiled.period_y = 0;
        struct Stats {
            double lo = 1e9, hi = -1e9, mean = 0, sd = 0;
            std::vector<double> band;  // power share of DFT bins [2^b, 2^(b+1)) along rows
        };
        auto measure = [](const Noise& n, float origin) {
            const int size = 256;
            const float step = 12.0f / static_cast<float>(size);
            std::vector<float> v(static_cast<std::size_t>(size) * size);
            gradnoise::Grid2d g;
            g.origin_x = origin, g.origin_y = origin, g.step_x = step, g.step_y = step, g.size_x = size, g.size_y = size;
            REQUIRE(n.fill_grid_2d(g, v.data()).ok());
            Stats s;
            for (float x : v) {
                s.lo = std::fmin(s.lo, x), s.hi = std::fmax(s.hi, x), s.mean += x;
            }
            s.mean /= static_cast<double>(v.size());
            for (float x : v) {
                s.sd += (x - s.mean) * (x - s.mean);
            }
            s.sd = std::sqrt(s.sd / static_cast<double>(v.size()));
            s.band.assign(7, 0.0);
            double total = 0;
            for (int r = 0; r < size; r += 4) {
                for (int k = 1; k < 128; ++k) {
                    double re = 0, im = 0;
                    for (int i = 0; i < size; ++i) {
                        const double angle = -2 * 3.14159265358979323846 * k * i / size;
                        re += v[static_cast<std::size_t>(r) * size + i] * std::cos(angle);
                        im += v[static_cast<std::size_t>(r) * size + i] * std::sin(angle);
                    }
                    s.band[static_cast<std::size_t>(std::log2(k))] += re * re + im * im;
                    total += re * re + im * im;
                }
            }
            for (double& b : s.band) {
                b /= total;
            }
            return s;
        };
        const Stats t = measure(make(tiled), 0.0f), u = measure(make(untiled), 1000.0f);
        INFO(gradnoise::basis_name(tiled.basis) << ": tiled range [" << t.lo << ", " << t.hi << "] sd " << t.sd
                                                << "; untiled [" << u.lo << ", " << u.hi << "] sd " << u.sd);
        CHECK(std::fabs(t.sd - u.sd) < 0.1 * u.sd);
        CHECK(std::fabs((t.hi - t.lo) - (u.hi - u.lo)) < 0.1 * (u.hi - u.lo));
        for (std::size_t b = 0; b < t.band.size(); ++b) {
            INFO("band " << b << ": tiled " << t.band[b] << ", untiled " << u.band[b]);
            CHECK(std::fabs(t.band[b] - u.band[b]) < 0.05);
        }
    }
}

TEST_CASE("tiling: descriptors -- which periods and orientations tile, each refusal naming the member") {
    auto refusal = [](const NoiseDesc& d) { return std::string(Noise::validate(d).message()); };
    CHECK(Noise::validate(tiled_desc(false, false, 3, 768, 0)).ok());
    CHECK(refusal(tiled_desc(false, false, 8, 0, 0)).find("period_x must be 0 or three times a power of two") !=
          std::string::npos);
    CHECK(refusal(tiled_desc(true, false, 0, 9, 0)).find("period_y") != std::string::npos);
    CHECK(refusal(tiled_desc(true, false, 0, 0, 1536)).find("period_z") != std::string::npos);
    NoiseDesc d = tiled_desc(false, true, 6, 6, 0);
    d.period_w = 6;
    CHECK(refusal(d).find("period_w must be 0 for the simplex families") != std::string::npos);
    d = tiled_desc(false, false, 6, 6, 0);
    d.simplex.orientation3 = Orientation3::improve_xy;
    CHECK(refusal(d).find("simplex.orientation2 and simplex.orientation3 = fallback") != std::string::npos);
    d = tiled_desc(true, false, 6, 6, 0);
    d.simplex.orientation2 = Orientation2::standard;
    CHECK(refusal(d).find("= fallback") != std::string::npos);
    // Octave periods must stay multiples of the period: a power-of-two lacunarity.
    d = tiled_desc(false, false, 6, 6, 0);
    d.fractal = {Fractal::fbm, 3, 1.0f, 3.0f, 0.5f};
    CHECK(refusal(d).find("fractal.lacunarity must be a power of two") != std::string::npos);
    // No 4D form: refused by name, NaN from the scalar call (as cellular noise's).
    const Noise n = make(tiled_desc(true, false, 6, 6, 0));
    const float x = 0.5f;
    float out = 0.0f;
    const gradnoise::Status s4 = n.evaluate_4d(&x, &x, &x, &x, &out, 1);
    CHECK(s4.code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(std::string(s4.message()) ==
          "evaluate_4d: a simplex field with periods is 2D and 3D only (no 4D simplex lattice tiles: docs/spec.md "
          "section 16.8)");
    CHECK(std::isnan(n.noise4(x, x, x, x)));
    CHECK(std::isnan(n.gradient4(x, x, x, x).value));
    // The lattice bases keep their powers of two.
    NoiseDesc lattice;
    lattice.period_x = 12;
    CHECK(refusal(lattice).find("period_x must be 0 or a power of two in 1..256") != std::string::npos);
}

}  // TEST_SUITE
