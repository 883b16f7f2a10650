// The simplex families: src/kernels/simplex.hpp, src/reference/simplex.cpp and simplex_smooth.cpp,
// docs/spec.md section 16. The reference equals K.jpg's Java reference at the published sample
// (tests/data/opensimplex2_sample.txt, values made by his code, not ours) bit for bit; every ISA
// equals the reference bit for bit on >= 10^7 points per family and dimension (random, near the
// lattices' decision boundaries, huge, negative, non-finite); fractals, warps, grids and chunks; the mix
// variant (spec 16.7). Their analytic gradients: tests/test_simplex_gradient.cpp; their periods:
// tests/test_simplex_tiling.cpp.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <algorithm>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "reference/reference.hpp"
#include "reference/simplex_common.hpp"
#include "tables/simplex_constants.hpp"
#include "tables/splitmix64.hpp"
#include "test_support.hpp"

using gradnoise::Basis;
using gradnoise::Fractal;
using gradnoise::Noise;
using gradnoise::NoiseDesc;
using gradnoise::Orientation2;
using gradnoise::Orientation3;
using gradnoise::Orientation4;

namespace {

using testing::make;
using testing::simplex_desc;

struct SampleLine {
    std::string variant, function;
    std::int64_t seed;
    std::vector<double> coords;
    double value;
};

std::vector<SampleLine> sample_lines() {
    std::vector<SampleLine> lines;
    for (const std::string& text : testing::data_lines(GRADNOISE_TEST_DATA_DIR "/opensimplex2_sample.txt")) {
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
      for (bool mix : {false, true}) {  // [S 16.7] K.jpg's arithmetic and the mix variant's
        const char* family = smooth ? (mix ? "opensimplex2s mix" : "opensimplex2s") : (mix ? "opensimplex2 mix" : "opensimplex2");
        for (int dims : {2, 3, 4}) {
            const int orientations = dims == 2 ? 3 : dims == 3 ? 3 : 5;
            for (int o = 0; o < orientations; ++o) {
                NoiseDesc d = simplex_desc(smooth, o % 2 ? 0x8000000000000001ull : 1337u);
                d.hash = mix ? gradnoise::Hash::mix : gradnoise::Hash::permutation;
                d.simplex.orientation2 = static_cast<Orientation2>(o % 3);
                d.simplex.orientation3 = static_cast<Orientation3>(o % 3);
                d.simplex.orientation4 = static_cast<Orientation4>(o);
                const Noise n = make(d);
                const std::size_t count = per_dim / static_cast<std::size_t>(orientations) + 1;
                const std::string what = std::string(family) + " orientation " + std::to_string(o);
                testing::check_points(n, testing::random_points(count * 3 / 4, -300.0f, 300.0f, 71 + o), what.c_str(), {dims});
                testing::check_points(n, testing::random_points(count / 8, -1e5f, 1e5f, 73 + o), what.c_str(), {dims});
                testing::check_points(n, testing::simplex_boundary_points(dims == 2 ? 2 : 3, count / 8, 79 + o), what.c_str(), {dims});
                testing::check_points(n, awkward, what.c_str(), {dims});
                testing::check_points(n, patterns, what.c_str(), {dims});
                testing::check_points(n, nonfinite, what.c_str(), {dims});
            }
        }
      }
    }
}

namespace {

// [S 16.4] 3D fast's points where the second lattice's mirrored offsets tie only by rounding:
// ax > ay on the first lattice (both below 0.25, az the largest there), float(0.5 - ax) ==
// float(0.5 - ay) on the second, whose tie his order of tests gives to x, and the second lattice's
// next vertex inside its radius (b > 1 before b -= 1). One set of compares for both lattices (the
// Kuhn tetrahedron's walk: the second lattice's order as the first's, reversed) would take y at
// each. Found by stepping the inputs by ulps around lattice offsets (+-m, +-m, +-0.4) in the
// fallback orientation, the offsets computed as spec 16.1 / 16.7 say (T: double for K.jpg's
// arithmetic, float for the mix variant's).
template <class T>
testing::Points rounded_tie_points(std::size_t wanted) {
    namespace rs = gradnoise::reference::simplex;
    auto step = [](float v, int n) {  // v moved by n ulps
        for (int s = 0; s < (n < 0 ? -n : n); ++s) {
            v = std::nextafter(v, n < 0 ? -INFINITY : INFINITY);
        }
        return v;
    };
    testing::Points found;
    for (int base = 0; base < 64 && found.size() < wanted; ++base) {
        // Lattice offsets (+-m, +-m, +-0.4) near the origin's cells, where the inputs' ulps are
        // fine; the fallback rotation is its own inverse: these are the inputs that reach them.
        const double m = 0.07 + 0.02 * (base / 8);
        const double l[3] = {base & 1 ? -m : m, base & 2 ? -m : m, base & 4 ? 0.4 : -0.4};
        const double sum = l[0] + l[1] + l[2];
        const double r = 2.0 / 3.0 * sum;
        const float start[3] = {static_cast<float>(r - l[0]), static_cast<float>(r - l[1]), static_cast<float>(r - l[2])};
        for (int i = -12; i <= 12 && found.size() < wanted; ++i) {
            for (int j = -12; j <= 12 && found.size() < wanted; ++j) {
                for (int k = -4; k <= 4 && found.size() < wanted; ++k) {
                    const float p[3] = {step(start[0], i), step(start[1], j), step(start[2], k)};
                    T o[3];
                    rs::orient3<T>(Orientation3::fallback, gradnoise::detail::opensimplex2_orientation, T(p[0]), T(p[1]),
                                   T(p[2]), o);
                    float off[3], ax[3], half[3];
                    for (int c = 0; c < 3; ++c) {
                        off[c] = rs::cell_offset(o[c], rs::round_cell(o[c]));
                        ax[c] = static_cast<float>(static_cast<int>(-1.0f - off[c]) | 1) * -off[c];
                        half[c] = 0.5f - ax[c];
                    }
                    if (!(ax[0] > ax[1] && ax[1] < 0.25f && ax[2] > ax[0] && half[0] == half[1] && half[2] < half[0])) {
                        continue;
                    }
                    const float a = (0.6f - off[0] * off[0]) - (off[1] * off[1] + off[2] * off[2]);
                    const float a2 = a + ((0.75f - half[0]) - (half[1] + half[2]));
                    if (a2 + half[0] + half[0] > 1.0f) {
                        found.add(p[0], p[1], p[2]);
                    }
                }
            }
        }
    }
    return found;
}

}  // namespace

TEST_CASE("OpenSimplex2 3D where the second lattice's offsets tie by rounding: every ISA == the reference") {
    for (bool mix : {false, true}) {
        const testing::Points p = mix ? rounded_tie_points<float>(200) : rounded_tie_points<double>(200);
        INFO((mix ? "mix" : "K.jpg's arithmetic") << ": " << p.size() << " points found");
        CHECK(p.size() == 200);  // the search is deterministic; far fewer would mean it lost its target
        NoiseDesc d = simplex_desc(false, 1337u);
        d.hash = mix ? gradnoise::Hash::mix : gradnoise::Hash::permutation;
        d.simplex.orientation3 = Orientation3::fallback;
        const Noise n = make(d);
        testing::check_points(n, p, mix ? "opensimplex2 mix, rounded ties" : "opensimplex2, rounded ties", {3});
        // The gradient kernels choose the same vertices (with_gradient instantiations).
        std::vector<float> ref(p.size() * 4);
        for (std::size_t i = 0; i < p.size(); ++i) {
            const gradnoise::Gradient3 g = n.gradient3(p.x[i], p.y[i], p.z[i]);
            ref[i] = g.value, ref[p.size() + i] = g.dx, ref[2 * p.size() + i] = g.dy, ref[3 * p.size() + i] = g.dz;
        }
        for (const testing::IsaPath& path : testing::isa_paths()) {
            std::vector<float> got(p.size() * 4, 12345.0f);
            gradnoise::GradientOut out;
            out.value = got.data();
            out.dx = got.data() + p.size();
            out.dy = got.data() + 2 * p.size();
            out.dz = got.data() + 3 * p.size();
            const gradnoise::Status s = path.evaluate_gradient_3d(n, p.x.data(), p.y.data(), p.z.data(), out, p.size());
            REQUIRE_MESSAGE(s.ok(), s.message());
            INFO("gradient, isa " << path.name());
            CHECK(testing::first_bit_difference(ref, got) == -1);
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

TEST_CASE("plain 2D simplex grids (per-cell gradient tables) equal the scalar path's points at every sample") {
    // Fine steps put most batches inside one cell (the table path, kept across batches and rows);
    // coarse ones, negative and huge origins (lanes past the 2^27 extent) and tails take the
    // per-lane path in between. Both families, both hashes, both orientations.
    const gradnoise::Grid2d grids[] = {{0.3f, 0.7f, 0.01f, 0.01f, 203, 7},
                                       {-40.37f, -3.1f, 0.0173f, 0.031f, 131, 5},
                                       {-2.2f, 5.9f, 0.61f, 0.37f, 29, 4},
                                       {134217727.0f - 64.0f, -0.5f, 8.0f, 0.01f, 21, 3}};
    for (bool smooth : {false, true}) {
        for (gradnoise::Hash hash : {gradnoise::Hash::permutation, gradnoise::Hash::mix}) {
            for (Orientation2 o : {Orientation2::standard, Orientation2::improve_x}) {
                NoiseDesc d = simplex_desc(smooth, 1337);
                d.hash = hash;
                d.simplex.orientation2 = o;
                const Noise n = make(d);
                const testing::IsaPath scalar = testing::isa_path(gradnoise::Isa::scalar);
                for (const gradnoise::Grid2d& g : grids) {
                    const testing::Points p = testing::grid_points(g);
                    std::vector<float> expected(p.size());
                    REQUIRE(scalar.evaluate_2d(n, p.x.data(), p.y.data(), expected.data(), p.size()).ok());
                    for (const testing::IsaPath& path : testing::isa_paths()) {
                        std::vector<float> out(expected.size());
                        REQUIRE(path.fill_grid_2d(n, g, out.data()).ok());
                        for (std::size_t s = 0; s < out.size(); ++s) {
                            INFO(path.name() << (smooth ? " 2S" : " 2") << (hash == gradnoise::Hash::mix ? " mix" : "")
                                             << " orientation " << static_cast<int>(o) << " origin " << g.origin_x
                                             << " sample " << s);
                            REQUIRE(testing::bits(out[s]) == testing::bits(expected[s]));
                        }
                    }
                }
            }
        }
    }
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
        const gradnoise::Grid3d g{-3.25f, 7.5f, 1.0f, 0.07f, 0.11f, 0.3f, 37, 5, 3};
        const testing::Points at = testing::grid_points(g);
        for (const testing::IsaPath& path : testing::isa_paths()) {
            std::vector<float> grid(at.size());
            REQUIRE(path.fill_grid_3d(n, g, grid.data()).ok());
            for (std::size_t s = 0; s < at.size(); ++s) {
                INFO(what << " isa " << path.name() << " at sample " << s);
                REQUIRE(testing::bits(grid[s]) == testing::bits(n.noise3(at.x[s], at.y[s], at.z[s])));
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
            NoiseDesc mix = simplex_desc(smooth, 3);
            mix.hash = gradnoise::Hash::mix;
            bounds.push_back({smooth ? "opensimplex2s mix" : "opensimplex2 mix", mix, dims, -1.0f, 1.0f});
        }
    }
    testing::check_ranges(p, bounds);
}

TEST_CASE("the mix variant's gradient tables hold K.jpg's directions, each once, in the order spec 16.7 writes") {
    for (bool smooth : {false, true}) {
        const auto& g = gradnoise::detail::simplex_gradients(smooth);
        // (a zero component's sign aside: the mix order gives -0 where its bit is set)
        auto key = [](std::vector<float> v) {
            std::vector<std::uint32_t> k;
            for (float f : v) {
                k.push_back(f == 0.0f ? 0u : testing::bits(f));
            }
            return k;
        };
        std::vector<std::vector<std::uint32_t>> kjpg2, mix2, kjpg3, mix3;
        for (int n = 0; n < 24; ++n) {
            kjpg2.push_back(key({g.g2x[n], g.g2y[n]}));
            mix2.push_back(key({g.g2mx[n], g.g2my[n]}));
        }
        for (int n = 0; n < 48; ++n) {
            kjpg3.push_back(key({g.g3x[n], g.g3y[n], g.g3z[n]}));
            mix3.push_back(key({g.g3mx[n], g.g3my[n], g.g3mz[n]}));
        }
        for (auto* v : {&kjpg2, &mix2, &kjpg3, &mix3}) {
            std::sort(v->begin(), v->end());
        }
        CHECK(kjpg2 == mix2);
        CHECK(kjpg3 == mix3);
        CHECK(std::adjacent_find(mix2.begin(), mix2.end()) == mix2.end());
        CHECK(std::adjacent_find(mix3.begin(), mix3.end()) == mix3.end());
        // Spec 16.7's order, spelled out independently: n = 8 m + s.
        const double n2 = smooth ? 0.05481866495625118 : 0.01001634121365712;
        const double n3 = smooth ? 0.2781926117527186 : 0.07969837668935331;
        const float pairs[3][2] = {{0.38268343236509f, 0.923879532511287f},
                                   {0.130526192220052f, 0.99144486137381f},
                                   {0.608761429008721f, 0.793353340291235f}};
        auto norm = [](float v, double by) { return static_cast<float>(static_cast<double>(v) / by); };
        for (int n = 0; n < 24; ++n) {
            const int m = n / 8, s = n % 8;
            float x = norm(pairs[m][s & 1 ? 1 : 0], n2), y = norm(pairs[m][s & 1 ? 0 : 1], n2);
            if (s & 2) x = -x;
            if (s & 4) y = -y;
            CHECK(testing::bits(g.g2mx[n]) == testing::bits(x));
            CHECK(testing::bits(g.g2my[n]) == testing::bits(y));
        }
        for (int n = 0; n < 48; ++n) {
            const int m = n / 8, s = n % 8;
            float v[3];
            for (int c = 0; c < 3; ++c) {
                if (m < 3) {
                    v[c] = norm(c == m ? 1.0f : 2.22474487139f, n3);
                } else {
                    const int z = m - 3, order = (s >> z) & 1;
                    const bool first = c == (z + 1) % 3;
                    v[c] = c == z ? 0.0f : norm((first != (order == 1)) ? 3.0862664687972017f : 1.1721513422464978f, n3);
                }
                if ((s >> c) & 1) v[c] = -v[c];
            }
            CHECK(testing::bits(g.g3mx[n]) == testing::bits(v[0]));
            CHECK(testing::bits(g.g3my[n]) == testing::bits(v[1]));
            CHECK(testing::bits(g.g3mz[n]) == testing::bits(v[2]));
        }
    }
}

namespace {

// [S 16.7] The mix variant written again from the spec's text in binary64, brute force: every
// lattice vertex near the point (2D: the skewed lattice; 3D: both cubic lattices of the rotated
// frame, the second half a cell off and hashed with the flipped seed), each contributing
// (r^2 - |d|^2)^4 (g . d) inside its radius. The float orientation is the variant's own.
double brute_mix(bool smooth, int dims, std::uint32_t key, const float* p) {
    const auto& g = gradnoise::detail::simplex_gradients(smooth);
    auto index = [](std::uint32_t h, std::uint32_t count) {
        return static_cast<int>((((h * 0x27D4EB2Du) >> 8) * count) >> 24);
    };
    const std::uint32_t px = 0x9E3779B1u, py = 0x85EBCA77u, pz = 0xC2B2AE3Du;
    double sum = 0;
    if (dims == 2) {
        const double r2 = smooth ? 2.0 / 3.0 : 0.5, u = -0.21132486540518713;
        const float s = static_cast<float>(0.366025403784439) * (p[0] + p[1]);
        const float xs = p[0] + s, ys = p[1] + s;  // the variant's float skew
        for (int i = static_cast<int>(std::floor(xs)) - 2; i <= static_cast<int>(std::floor(xs)) + 3; ++i) {
            for (int j = static_cast<int>(std::floor(ys)) - 2; j <= static_cast<int>(std::floor(ys)) + 3; ++j) {
                const double ox = static_cast<double>(xs) - i, oy = static_cast<double>(ys) - j;
                const double dx = ox + (ox + oy) * u, dy = oy + (ox + oy) * u;
                const double a = r2 - dx * dx - dy * dy;
                if (a > 0) {
                    const int n = index(key ^ (static_cast<std::uint32_t>(i) * px) ^ (static_cast<std::uint32_t>(j) * py), 24);
                    sum += a * a * a * a * (g.g2mx[n] * dx + g.g2my[n] * dy);
                }
            }
        }
        return sum;
    }
    // 3D ImproveXY in float, then both lattices.
    const float xy = p[0] + p[1];
    const float s2 = xy * static_cast<float>(-0.21132486540518713);
    const float zz = p[2] * static_cast<float>(0.577350269189626);
    const float r[3] = {p[0] + s2 + zz, p[1] + s2 + zz, xy * static_cast<float>(-0.577350269189626) + zz};
    const double r2 = smooth ? 0.75 : 0.6;
    for (int lattice = 0; lattice < 2; ++lattice) {
        const double shift = lattice ? 0.5 : 0.0;  // lattice 1: vertex c - 0.5 hashed as cell c
        const std::uint32_t seed = lattice ? key ^ 0x169129D7u : key;
        const int base[3] = {static_cast<int>(std::floor(r[0])), static_cast<int>(std::floor(r[1])),
                             static_cast<int>(std::floor(r[2]))};
        for (int i = base[0] - 1; i <= base[0] + 2; ++i) {
            for (int j = base[1] - 1; j <= base[1] + 2; ++j) {
                for (int k = base[2] - 1; k <= base[2] + 2; ++k) {
                    const double d[3] = {static_cast<double>(r[0]) - (i - shift), static_cast<double>(r[1]) - (j - shift),
                                         static_cast<double>(r[2]) - (k - shift)};
                    const double a = r2 - d[0] * d[0] - d[1] * d[1] - d[2] * d[2];
                    if (a > 0) {
                        const std::uint32_t h = (seed ^ (static_cast<std::uint32_t>(i) * px)) ^
                                                ((static_cast<std::uint32_t>(j) * py) ^ (static_cast<std::uint32_t>(k) * pz));
                        const int n = index(h, 48);
                        sum += a * a * a * a * (g.g3mx[n] * d[0] + g.g3my[n] * d[1] + g.g3mz[n] * d[2]);
                    }
                }
            }
        }
    }
    return sum;
}

}  // namespace

TEST_CASE("the mix variant against a brute-force sum over every lattice vertex, written from spec 16.7") {
    // 2D: every vertex inside its radius is summed by both families' kernels (K.jpg's 2D lattices
    // miss none), so the variant equals the brute force up to float rounding. 3D: K.jpg's
    // algorithms drop some vertices whose falloff is still positive (tests/test_simplex_gradient.cpp)
    // -- the variant inherits that, so there the brute force bounds the difference by the largest
    // dropped contribution and counts how often.
    const std::uint64_t seed = 77;
    const auto key = static_cast<std::uint32_t>(gradnoise::detail::SplitMix64(seed).next());
    const testing::Points pts = testing::random_points(std::min<std::size_t>(200000, testing::random_point_count() / 20 + 2000),
                                                       -200.0f, 200.0f, 151);
    for (bool smooth : {false, true}) {
        for (int dims : {2, 3}) {
            NoiseDesc d = simplex_desc(smooth, seed);
            d.hash = gradnoise::Hash::mix;
            const Noise n = make(d);
            double worst = 0;
            std::size_t beyond = 0;
            for (std::size_t i = 0; i < pts.size(); ++i) {
                const float p[3] = {pts.x[i], pts.y[i], pts.z[i]};
                const double got = dims == 2 ? n.noise2(p[0], p[1]) : n.noise3(p[0], p[1], p[2]);
                const double diff = std::fabs(got - brute_mix(smooth, dims, key, p));
                worst = std::fmax(worst, diff);
                beyond += diff > 1e-5;
            }
            const std::string name = std::string(smooth ? "opensimplex2s" : "opensimplex2") + " mix " + std::to_string(dims) + "D";
            INFO(name << ": worst |difference| " << worst << ", " << beyond << " of " << pts.size() << " beyond 1e-5");
            if (dims == 2) {
                CHECK(worst < 1e-5);
            } else {
                // (a wrong hash, direction or vertex errs by ~0.1-1 at most points)
                CHECK(worst < 6e-3);
                CHECK(static_cast<double>(beyond) < 0.15 * static_cast<double>(pts.size()));
            }
            MESSAGE(name << " vs brute force: worst " << worst << ", " << beyond << " of " << pts.size() << " beyond 1e-5");
        }
    }
}

TEST_CASE("descriptors: periods other than the fallback lattice's are refused, naming them; orientations are checked") {
    NoiseDesc d = simplex_desc(false, 1);
    d.period_x = 16;  // (test_simplex_tiling.cpp: the periods that tile)
    gradnoise::Status s = Noise::validate(d);
    CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
    CHECK(std::string(s.message()).find("period_x") != std::string::npos);
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
          testing::bits(gradnoise::reference::opensimplex2_2d({&g, -1}, Orientation2::standard, 1.3f, 2.7f)));
}

}  // TEST_SUITE
