// The simplex families: src/kernels/simplex.hpp, src/reference/simplex.cpp and simplex_smooth.cpp,
// docs/spec.md section 16. The reference equals K.jpg's Java reference at the published sample
// (tests/data/opensimplex2_sample.txt, values made by his code, not ours) bit for bit; every ISA
// equals the reference bit for bit on >= 10^7 points per family and dimension (random, near the
// lattices' decision boundaries, huge, negative, non-finite); fractals, warps, grids and chunks.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "reference/reference.hpp"
#include "simplex_tables.hpp"
#include "splitmix64.hpp"
#include "test_support.hpp"

using gradnoise::Basis;
using gradnoise::Fractal;
using gradnoise::Noise;
using gradnoise::NoiseDesc;
using gradnoise::Orientation2;
using gradnoise::Orientation3;
using gradnoise::Orientation4;

namespace {

Noise make(const NoiseDesc& d) {
    Noise n;
    gradnoise::Status s = Noise::create(d, &n);
    REQUIRE_MESSAGE(s.ok(), s.message());
    return n;
}

NoiseDesc simplex_desc(bool smooth, std::uint64_t seed) {
    NoiseDesc d;
    d.basis = smooth ? Basis::opensimplex2s : Basis::opensimplex2;
    d.has_seed = true;
    d.seed = seed;
    return d;
}

struct SampleLine {
    std::string variant, function;
    std::int64_t seed;
    std::vector<double> coords;
    double value;
};

std::vector<SampleLine> sample_lines() {
    std::ifstream in(GRADNOISE_TEST_DATA_DIR "/opensimplex2_sample.txt");
    REQUIRE_MESSAGE(in.good(), "tests/data/opensimplex2_sample.txt must be readable");
    std::vector<SampleLine> lines;
    std::string text;
    while (std::getline(in, text)) {
        if (text.empty() || text[0] == '#') {
            continue;
        }
        std::istringstream ss(text);
        SampleLine l;
        std::string seed;
        ss >> l.variant >> l.function >> seed;
        l.seed = std::strtoll(seed.c_str(), nullptr, 10);
        std::vector<double> v;
        std::string tok;
        while (ss >> tok) {
            v.push_back(std::strtod(tok.c_str(), nullptr));
        }
        l.value = v.back();
        v.pop_back();
        l.coords = v;
        lines.push_back(l);
    }
    return lines;
}

// The sample's function names as orientations.
bool orientation_of(const std::string& f, NoiseDesc& d) {
    const std::pair<const char*, Orientation2> two[] = {{"noise2", Orientation2::standard},
                                                        {"noise2_ImproveX", Orientation2::improve_x}};
    const std::pair<const char*, Orientation3> three[] = {{"noise3_ImproveXY", Orientation3::improve_xy},
                                                          {"noise3_ImproveXZ", Orientation3::improve_xz},
                                                          {"noise3_Fallback", Orientation3::fallback}};
    const std::pair<const char*, Orientation4> four[] = {
        {"noise4_ImproveXYZ_ImproveXY", Orientation4::improve_xyz_improve_xy},
        {"noise4_ImproveXYZ_ImproveXZ", Orientation4::improve_xyz_improve_xz},
        {"noise4_ImproveXYZ", Orientation4::improve_xyz},
        {"noise4_ImproveXY_ImproveZW", Orientation4::improve_xy_improve_zw},
        {"noise4_Fallback", Orientation4::fallback}};
    for (auto& [name, o] : two) {
        if (f == name) return d.simplex.orientation2 = o, true;
    }
    for (auto& [name, o] : three) {
        if (f == name) return d.simplex.orientation3 = o, true;
    }
    for (auto& [name, o] : four) {
        if (f == name) return d.simplex.orientation4 = o, true;
    }
    return false;
}

// Points whose rotated (3D) or skewed (2D) coordinates sit on or a few ulps beside the lattices'
// decision boundaries: integers and half-integers there, mapped back with the inverse transform
// in binary64 and rounded to float, then nudged by 0..2 ulps either way.
testing::Points boundary_points(int dims, std::size_t n, std::uint64_t seed) {
    gradnoise::detail::SplitMix64 rng(seed);
    auto unit = [&] { return static_cast<double>(rng.next() >> 11) * 0x1p-53; };
    const double r3 = 0.577350269189626, u2 = -0.21132486540518713;
    testing::Points p;
    for (std::size_t i = 0; i < n; ++i) {
        double s[3];
        for (double& v : s) {
            const double cell = std::floor(unit() * 600.0 - 300.0);
            const int kind = static_cast<int>(rng.next() % 4);
            v = kind == 0 ? cell : kind == 1 ? cell + 0.5 : kind == 2 ? cell + unit() : cell + 0.25;
        }
        double x, y, z = s[2];
        if (dims == 2) {
            // Inverse of the standard skew: x = xs + (xs + ys) * unskew.
            const double t = (s[0] + s[1]) * u2;
            x = s[0] + t;
            y = s[1] + t;
        } else {
            // Transpose of ImproveXY's orthonormal rotation (rows (1+u, u, 1/sqrt3), (u, 1+u, 1/sqrt3),
            // (-1/sqrt3, -1/sqrt3, 1/sqrt3), u = -0.2113...).
            x = (1 + u2) * s[0] + u2 * s[1] - r3 * s[2];
            y = u2 * s[0] + (1 + u2) * s[1] - r3 * s[2];
            z = r3 * (s[0] + s[1] + s[2]);
        }
        auto nudge = [&](double v) {
            float f = static_cast<float>(v);
            const int k = static_cast<int>(rng.next() % 5) - 2;
            for (int j = 0; j < (k < 0 ? -k : k); ++j) {
                f = std::nextafter(f, k < 0 ? -INFINITY : INFINITY);
            }
            return f;
        };
        p.add(nudge(x), nudge(y), nudge(z));
    }
    return p;
}

}  // namespace

TEST_SUITE("simplex") {

TEST_CASE("K.jpg's reference values: every sample line bit for bit, on the scalar path and every ISA") {
    const std::vector<SampleLine> lines = sample_lines();
    REQUIRE(lines.size() == 1280);
    int exact = 0, checked = 0;
    double worst = 0;
    const std::vector<testing::IsaPath> paths = testing::isa_paths();
    std::map<std::string, Noise> fields;  // one per variant, function and seed
    for (const SampleLine& l : lines) {
        NoiseDesc d = simplex_desc(l.variant == "OpenSimplex2S", static_cast<std::uint64_t>(l.seed));
        REQUIRE_MESSAGE(orientation_of(l.function, d), l.function);
        REQUIRE((l.variant == "OpenSimplex2" || l.variant == "OpenSimplex2S"));
        const std::string key = l.variant + " " + l.function + " " + std::to_string(l.seed);
        if (fields.find(key) == fields.end()) {
            fields.emplace(key, make(d));
        }
        const Noise& n = fields.at(key);
        // Every sample coordinate is a float (the file's header says so).
        float q[4] = {0, 0, 0, 0};
        for (std::size_t a = 0; a < l.coords.size(); ++a) {
            q[a] = static_cast<float>(l.coords[a]);
            REQUIRE(static_cast<double>(q[a]) == l.coords[a]);
        }
        const int dims = static_cast<int>(l.coords.size());
        const float got = dims == 2 ? n.noise2(q[0], q[1]) : dims == 3 ? n.noise3(q[0], q[1], q[2])
                                                                       : n.noise4(q[0], q[1], q[2], q[3]);
        const float expect = static_cast<float>(l.value);
        REQUIRE(static_cast<double>(expect) == l.value);
        ++checked;
        exact += testing::bits(got) == testing::bits(expect);
        worst = std::fmax(worst, std::fabs(static_cast<double>(got) - l.value));
        INFO(l.variant << " " << l.function << " seed " << l.seed << " at " << testing::describe(q[0]) << " "
                       << testing::describe(q[1]) << ": " << testing::describe(got) << " vs " << testing::describe(expect));
        CHECK(testing::bits(got) == testing::bits(expect));
        for (const testing::IsaPath& path : paths) {
            testing::Points p;
            p.add(q[0], q[1], q[2]);
            p.w = {q[3]};
            const float simd = testing::eval(n, path, dims, p)[0];
            INFO("isa " << path.name());
            CHECK(testing::bits(simd) == testing::bits(expect));
        }
    }
    MESSAGE("OpenSimplex2/2S sample: " << exact << " of " << checked << " values bit-exact, largest |difference| "
                                       << worst);
}

TEST_CASE("every variant, orientation and dimension: scalar == every ISA, bit for bit") {
    // >= 10^7 random points per family and dimension, split over the orientations, plus points at
    // the decision boundaries, large coordinates, awkward values and arbitrary bit patterns.
    const std::size_t per_dim = testing::random_point_count();
    const testing::Points awkward = testing::awkward_points();
    const testing::Points patterns = testing::random_bit_patterns(std::min<std::size_t>(20000, per_dim / 100 + 1000), 61);
    const testing::Points nonfinite = testing::nonfinite_points();
    for (bool smooth : {false, true}) {
        const char* family = smooth ? "opensimplex2s" : "opensimplex2";
        for (int dims : {2, 3, 4}) {
            const int orientations = dims == 2 ? 2 : dims == 3 ? 3 : 5;
            for (int o = 0; o < orientations; ++o) {
                NoiseDesc d = simplex_desc(smooth, o % 2 ? 0x8000000000000001ull : 1337u);
                d.simplex.orientation2 = static_cast<Orientation2>(o % 2);
                d.simplex.orientation3 = static_cast<Orientation3>(o % 3);
                d.simplex.orientation4 = static_cast<Orientation4>(o);
                const Noise n = make(d);
                const std::size_t count = per_dim / static_cast<std::size_t>(orientations) + 1;
                const std::string what = std::string(family) + " orientation " + std::to_string(o);
                testing::check_points(n, testing::random_points(count * 3 / 4, -300.0f, 300.0f, 71 + o), what.c_str(), {dims});
                testing::check_points(n, testing::random_points(count / 8, -1e5f, 1e5f, 73 + o), what.c_str(), {dims});
                testing::check_points(n, boundary_points(dims == 2 ? 2 : 3, count / 8, 79 + o), what.c_str(), {dims});
                testing::check_points(n, awkward, what.c_str(), {dims});
                testing::check_points(n, patterns, what.c_str(), {dims});
                testing::check_points(n, nonfinite, what.c_str(), {dims});
            }
        }
    }
}

TEST_CASE("non-finite coordinates give +0, and so do points off the lattice (a coordinate beyond 2^27)") {
    for (bool smooth : {false, true}) {
        const Noise n = make(simplex_desc(smooth, 7));
        for (float bad : {NAN, INFINITY, -INFINITY}) {
            CHECK(testing::bits(n.noise2(bad, 1.5f)) == 0u);
            CHECK(testing::bits(n.noise3(0.25f, bad, 1.5f)) == 0u);
            CHECK(testing::bits(n.noise4(0.25f, 2.0f, 1.5f, bad)) == 0u);
        }
        CHECK(n.noise2(134217720.0f, 3.0f) != 0.0f);  // just inside
        for (float big : {134217728.0f, -134217728.0f, 1e10f, -1e10f, FLT_MAX, -FLT_MAX}) {
            CHECK(testing::bits(n.noise2(big, 3.0f)) == 0u);  // off the lattice (spec 16.1)
            CHECK(testing::bits(n.noise3(big, 3.0f, -big)) == 0u);
            CHECK(testing::bits(n.noise4(big, 3.0f, -big, 1.0f)) == 0u);
        }
    }
}

TEST_CASE("the kernels' exact float forms of the reference's double comparisons") {
    // 4D: (int)(s * 1.25) with the product in double == the count of thresholds s reaches.
    for (int n = 1; n <= 5; ++n) {
        const float t = gradnoise::detail::simplex_start_thresholds[n - 1];
        CHECK(static_cast<double>(t) * 1.25 >= n);
        CHECK(static_cast<double>(std::nextafter(t, 0.0f)) * 1.25 < n);
    }
    gradnoise::detail::SplitMix64 rng(5);
    for (int i = 0; i < 200000; ++i) {
        const float s = i == 0 ? 4.0f : static_cast<float>(rng.next() >> 40) * 0x1p-22f;  // [0, 4]
        int count = 0;
        for (float t : gradnoise::detail::simplex_start_thresholds) {
            count += s >= t;
        }
        CHECK(count == static_cast<int>(static_cast<double>(s) * 1.25));
    }
    // 2D gradients: g2[2n] = g2x[n mod 24], and n mod 24 = n - 24 ((n * 171) >> 12) for n < 128.
    for (bool smooth : {false, true}) {
        const auto& g = gradnoise::detail::simplex_gradients(smooth);
        for (int n = 0; n < 128; ++n) {
            CHECK(n - 24 * ((n * 171) >> 12) == n % 24);
            CHECK(testing::bits(g.g2[2 * n]) == testing::bits(g.g2x[n % 24]));
            CHECK(testing::bits(g.g2[2 * n + 1]) == testing::bits(g.g2y[n % 24]));
        }
        // 3D: g3[4n + c] = g3c[n mod 48], n mod 48 = n - 48 ((n * 171) >> 13) for n < 256.
        for (int n = 0; n < 256; ++n) {
            CHECK(n - 48 * ((n * 171) >> 13) == n % 48);
            CHECK(testing::bits(g.g3[4 * n]) == testing::bits(g.g3x[n % 48]));
            CHECK(testing::bits(g.g3[4 * n + 1]) == testing::bits(g.g3y[n % 48]));
            CHECK(testing::bits(g.g3[4 * n + 2]) == testing::bits(g.g3z[n % 48]));
        }
    }
    // 2D smooth: t < UNSKEW_2D (double) <=> t <= float(UNSKEW_2D), since the float rounds down.
    const double u = -0.21132486540518713;
    const float uf = static_cast<float>(u);
    CHECK(static_cast<double>(uf) < u);
    CHECK(static_cast<double>(std::nextafter(uf, 0.0f)) > u);
}

TEST_CASE("fractals, warps and patterns of the simplex families: scalar == every ISA; grids == points") {
    const testing::Points p =
        testing::random_points(std::min<std::size_t>(20000, testing::random_point_count() / 200 + 1000), -50.0f, 50.0f, 83);
    std::vector<NoiseDesc> descs;
    for (bool smooth : {false, true}) {
        NoiseDesc d = simplex_desc(smooth, 42);
        d.fractal = {Fractal::fbm, 6, 0.75f, 2.0f, 0.5f};
        descs.push_back(d);
        d.fractal = {Fractal::ridged, 4, 1.0f, 2.5f, 0.6f};
        d.warp = {2, 0.8f, 0.5f};
        descs.push_back(d);
        d.warp = {};
        d.fractal = {Fractal::turbulence, 5, 1.0f, 2.0f, 0.5f};
        d.pattern = {gradnoise::Pattern::marble, 1.0f, 4.0f};
        descs.push_back(d);
        d.pattern = {};
        d.fractal = {Fractal::billow, 3, 2.0f, 2.0f, 0.5f};
        descs.push_back(d);
    }
    for (std::size_t i = 0; i < descs.size(); ++i) {
        const Noise n = make(descs[i]);
        const std::string what = std::string(gradnoise::basis_name(descs[i].basis)) + " descriptor " + std::to_string(i);
        testing::check_points(n, p, what.c_str(), {2, 3, 4});
        // A grid equals the points at its coordinates.
        gradnoise::Grid3d g{-3.25f, 7.5f, 1.0f, 0.07f, 0.11f, 0.3f, 37, 5, 3};
        for (const testing::IsaPath& path : testing::isa_paths()) {
            std::vector<float> grid(37 * 5 * 3);
            REQUIRE(path.fill_grid_3d(n, g, grid.data()).ok());
            for (std::size_t k = 0; k < 3; ++k) {
                for (std::size_t j = 0; j < 5; ++j) {
                    for (std::size_t i2 = 0; i2 < 37; ++i2) {
                        const float x = g.origin_x + static_cast<float>(i2) * g.step_x;
                        const float y = g.origin_y + static_cast<float>(j) * g.step_y;
                        const float z = g.origin_z + static_cast<float>(k) * g.step_z;
                        INFO(what << " isa " << path.name() << " at " << i2 << "," << j << "," << k);
                        REQUIRE(testing::bits(grid[(k * 5 + j) * 37 + i2]) == testing::bits(n.noise3(x, y, z)));
                    }
                }
            }
        }
    }
}

TEST_CASE("chunks: binary64 coordinates from the sample numbers, every ISA == the reference, seamless far out") {
    for (bool smooth : {false, true}) {
        NoiseDesc d = simplex_desc(smooth, 9);
        d.fractal = {Fractal::fbm, 4, 0.5f, 2.0f, 0.5f};
        const Noise n = make(d);
        // 60 million units out (spacing 1/64): the chunk is as detailed as one at the origin.
        const std::int64_t far = std::int64_t(60000000) * 64;
        for (std::int64_t first : {std::int64_t(-300), far, -far}) {
            gradnoise::Chunk2d c{first, first + 17, 45, 6, 1.0f / 64.0f};
            gradnoise::Chunk3d c3{first, 5, -first, 21, 3, 2, 1.0f / 64.0f};
            std::vector<float> ref(45 * 6), ref3(21 * 3 * 2);
            for (std::size_t j = 0; j < 6; ++j) {
                for (std::size_t i = 0; i < 45; ++i) {
                    ref[j * 45 + i] = n.chunk_sample_2d(c.first_x + std::int64_t(i), c.first_y + std::int64_t(j), c.spacing);
                }
            }
            for (std::size_t r = 0; r < 6; ++r) {
                for (std::size_t i = 0; i < 21; ++i) {
                    ref3[r * 21 + i] = n.chunk_sample_3d(c3.first_x + std::int64_t(i), c3.first_y + std::int64_t(r % 3),
                                                         c3.first_z + std::int64_t(r / 3), c3.spacing);
                }
            }
            for (const testing::IsaPath& path : testing::isa_paths()) {
                std::vector<float> got(ref.size()), got3(ref3.size());
                REQUIRE(path.fill_chunk_2d(n, c, got.data()).ok());
                REQUIRE(path.fill_chunk_3d(n, c3, got3.data()).ok());
                INFO(gradnoise::basis_name(d.basis) << " isa " << path.name() << " first " << first);
                CHECK(testing::first_bit_difference(ref, got) == -1);
                CHECK(testing::first_bit_difference(ref3, got3) == -1);
            }
            // Smooth: neighbouring samples 1/64 apart differ by far less than the range.
            float largest_step = 0;
            for (std::size_t i = 1; i < 45; ++i) {
                largest_step = std::fmax(largest_step, std::fabs(ref[i] - ref[i - 1]));
            }
            INFO("first " << first);
            CHECK(largest_step < 0.2f);
            CHECK(largest_step > 0.0f);
        }
        // At the origin a chunk sample is the field at its coordinates (s * spacing exact there).
        for (int i = -40; i < 40; i += 3) {
            CHECK(testing::bits(n.chunk_sample_2d(i, 2 * i + 1, 0.125f)) ==
                  testing::bits(n.noise2(static_cast<float>(i) * 0.125f, static_cast<float>(2 * i + 1) * 0.125f)));
        }
    }
}

TEST_CASE("ranges: measured over 10^7 samples") {
    const testing::Points p = testing::random_points(testing::range_sample_count(), -500.0f, 500.0f, 89);
    std::vector<testing::RangeBound> bounds;
    for (bool smooth : {false, true}) {
        for (int dims : {2, 3, 4}) {
            bounds.push_back({smooth ? "opensimplex2s" : "opensimplex2", simplex_desc(smooth, 3), dims, -1.0f, 1.0f});
        }
    }
    testing::check_ranges(p, bounds);
}

TEST_CASE("descriptors: periods are refused with a message naming them; orientations are checked") {
    NoiseDesc d = simplex_desc(false, 1);
    d.period_x = 16;
    gradnoise::Status s = Noise::validate(d);
    CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(std::string(s.message()).find("periods") != std::string::npos);
    d = simplex_desc(true, 1);
    d.simplex.orientation3 = static_cast<Orientation3>(7);
    s = Noise::validate(d);
    CHECK(std::string(s.message()).find("simplex.orientation3") != std::string::npos);
    // An unset seed is seed 0; the seed is the reference's long (two's complement).
    NoiseDesc unset;
    unset.basis = Basis::opensimplex2;
    CHECK(testing::bits(make(unset).noise2(1.3f, 2.7f)) == testing::bits(make(simplex_desc(false, 0)).noise2(1.3f, 2.7f)));
    const auto& g = gradnoise::detail::simplex_gradients(false);
    CHECK(testing::bits(make(simplex_desc(false, ~0ull)).noise2(1.3f, 2.7f)) ==
          testing::bits(gradnoise::reference::opensimplex2_2d(g, -1, Orientation2::standard, 1.3f, 2.7f)));
}

}  // TEST_SUITE
