// Analytic gradients on every ISA (suite gradient): src/kernels/gradient.hpp and the gradient members
// of perlin.hpp, lattice.hpp, cellular.hpp and fractal.hpp against the scalar reference
// (src/reference/gradient.cpp), docs/spec.md section 18. Every kernel, fractal kind and warp level:
// each ISA's value and gradient planes equal the scalar path's bit for bit, the value plane the value
// calls'; an octave frequency that overflows gives +0 derivatives; grids and chunks give the points'
// bits, chunks seamless far out. The gradients' values: tests/test_gradient.cpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "reference/common.hpp"
#include "tables/noise_tables.hpp"
#include "test_support.hpp"

using namespace gradnoise;

namespace {

using testing::label;
using testing::lattice_desc;
using testing::make;

// Every ISA's value+gradient planes equal the scalar path's bit for bit, and their value plane
// equals the value functions' on the same ISA.
void check_gradient_points(const Noise& noise, const testing::Points& p, const std::string& what,
                           std::initializer_list<int> dims_list) {
    const std::size_t n = p.size();
    const std::vector<float> w = testing::w_of(p);
    for (int dims : dims_list) {
        std::vector<std::vector<float>> expected;
        for (const testing::IsaPath& path : testing::isa_paths()) {
            std::vector<std::vector<float>> planes(dims + 1, std::vector<float>(n));
            GradientOut out{planes[0].data(), planes[1].data(), planes[2].data(),
                            dims > 2 ? planes[3].data() : nullptr, dims > 3 ? planes[4].data() : nullptr};
            gradnoise::Status s = dims == 2   ? path.evaluate_gradient_2d(noise, p.x.data(), p.y.data(), out, n)
                                  : dims == 3 ? path.evaluate_gradient_3d(noise, p.x.data(), p.y.data(), p.z.data(), out, n)
                                              : path.evaluate_gradient_4d(noise, p.x.data(), p.y.data(), p.z.data(),
                                                                          w.data(), out, n);
            REQUIRE_MESSAGE(s.ok(), s.message());
            const std::vector<float> values = testing::eval(noise, path, dims, p);
            const long v = testing::first_bit_difference(values, planes[0]);
            CHECK_MESSAGE(v < 0, what << " " << dims << "D on " << path.name() << ": the gradient call's value differs "
                                      << "from the value call at point " << v);
            if (expected.empty()) {
                expected = planes;  // the scalar path comes first
                continue;
            }
            for (int a = 0; a <= dims; ++a) {
                const long i = testing::first_bit_difference(expected[a], planes[a]);
                CHECK_MESSAGE(i < 0, what << " " << dims << "D on " << path.name() << ": plane " << a
                                          << " differs from the scalar reference at point " << i << " ("
                                          << testing::describe(p.x[i < 0 ? 0 : i]) << ", "
                                          << testing::describe(p.y[i < 0 ? 0 : i]) << "): "
                                          << testing::describe(expected[a][i < 0 ? 0 : i]) << " vs "
                                          << testing::describe(planes[a][i < 0 ? 0 : i]));
            }
        }
    }
}

// A gradient grid (2D: g's x and y axes) against the point path on the same ISA at the grid's points,
// every plane bit for bit; returns the samples compared. (The callers' INFO names the grid.)
long check_grid_equals_points(const testing::IsaPath& path, const Noise& noise, const gradnoise::Grid3d& g, int dims) {
    const gradnoise::Grid2d g2{g.origin_x, g.origin_y, g.step_x, g.step_y, g.size_x, g.size_y};
    const testing::Points p = dims == 2 ? testing::grid_points(g2) : testing::grid_points(g);
    const std::size_t size = p.x.size();
    std::vector<std::vector<float>> points(4, std::vector<float>(size)), grid = points;
    const GradientOut pout{points[0].data(), points[1].data(), points[2].data(), points[3].data()};
    const GradientOut gout{grid[0].data(), grid[1].data(), grid[2].data(), grid[3].data()};
    if (dims == 2) {
        REQUIRE(path.evaluate_gradient_2d(noise, p.x.data(), p.y.data(), pout, size).ok());
        REQUIRE(path.fill_grid_gradient_2d(noise, g2, gout).ok());
    } else {
        REQUIRE(path.evaluate_gradient_3d(noise, p.x.data(), p.y.data(), p.z.data(), pout, size).ok());
        REQUIRE(path.fill_grid_gradient_3d(noise, g, gout).ok());
    }
    for (int plane = 0; plane <= dims; ++plane) {
        const long at = testing::first_bit_difference(points[plane], grid[plane]);
        CHECK_MESSAGE(at < 0, path.name(), " ", dims, "D plane ", plane, " sample ", at);
    }
    return static_cast<long>(size);
}

}  // namespace

TEST_SUITE("gradient") {

TEST_CASE("every kernel: scalar == every ISA, bit for bit, values equal to the value calls") {
    // The default field's 2D and 3D kernels (Perlin's permutation hasher: the targets) on
    // testing::random_point_count() points (10^7 unless CI lowers it); every other kernel -- the
    // mix hasher, 4D, the general lattice of each basis, fade and period, cellular -- on a tenth,
    // and on every awkward, non-finite and random-bit coordinate.
    const std::size_t count = testing::random_point_count();
    const testing::Points random = testing::random_points(count, -300.0f, 300.0f, 806);
    const testing::Points tenth = testing::random_points(count / 10 + 5, -300.0f, 300.0f, 812);
    const testing::Points few = testing::random_points(count / 100 + 5, -300.0f, 300.0f, 807);
    const testing::Points awkward = testing::awkward_points();
    const testing::Points nonfinite = testing::nonfinite_points();
    const testing::Points bits = testing::random_bit_patterns(20000, 808);
    for (Hash hash : {Hash::permutation, Hash::mix}) {
        const NoiseDesc d = lattice_desc(Basis::perlin, Fade::quintic, hash);
        const Noise n = make(d);
        if (hash == Hash::permutation) {
            check_gradient_points(n, random, label(d), {2, 3});
            check_gradient_points(n, tenth, label(d), {4});
        } else {
            check_gradient_points(n, tenth, label(d), {2, 3, 4});
        }
        for (const testing::Points* s : {&awkward, &nonfinite, &bits}) {
            check_gradient_points(n, *s, label(d), {2, 3, 4});
        }
    }
    for (Basis basis : {Basis::perlin, Basis::classic, Basis::value, Basis::isotropic}) {
        for (Fade fade : {Fade::quintic, Fade::cubic}) {
            for (int period : {0, 16}) {
                const NoiseDesc d = lattice_desc(basis, fade, Hash::permutation, period);
                const Noise n = make(d);
                check_gradient_points(n, basis == Basis::classic && fade == Fade::quintic && period ? tenth : few,
                                      label(d), {2, 3, 4});
                if (fade == Fade::quintic) {
                    check_gradient_points(n, awkward, label(d), {2, 3, 4});
                }
            }
        }
    }
    for (CellularDistance distance : {CellularDistance::euclidean, CellularDistance::euclidean_squared,
                                      CellularDistance::manhattan, CellularDistance::chebyshev}) {
        for (CellularOutput output : {CellularOutput::f1, CellularOutput::f2, CellularOutput::f2_minus_f1,
                                      CellularOutput::cell_value, CellularOutput::cell_id, CellularOutput::feature_y,
                                      CellularOutput::edge}) {
            if (output == CellularOutput::edge && (distance == CellularDistance::manhattan ||
                                                   distance == CellularDistance::chebyshev)) {
                continue;  // (the edges are Euclidean)
            }
            NoiseDesc d;
            d.basis = Basis::cellular;
            d.cellular = {distance, output, 0.75f};
            const Noise n = make(d);
            const bool full = distance == CellularDistance::euclidean && output == CellularOutput::f1;
            check_gradient_points(n, full ? tenth : few, std::string("cellular/") +
                                  gradnoise::cellular_distance_name(distance) + "/" +
                                  gradnoise::cellular_output_name(output), {2, 3});
            if (full) {
                check_gradient_points(n, awkward, "cellular", {2, 3});
            }
        }
    }
}

TEST_CASE("every fractal kind and warp level: scalar == every ISA, bit for bit") {
    // The octave loop and the warp's Jacobian around the kernels above (45 fields x 2-3
    // dimensions): 1/500 of the kernels' points without a warp, 1/2000 with one (each warp level
    // is 2-3 more fractal evaluations), and the awkward coordinates through plain fBm.
    const std::size_t count = testing::random_point_count();
    const testing::Points random = testing::random_points(count / 500 + 5, -300.0f, 300.0f, 809);
    const testing::Points fewer = testing::random_points(count / 2000 + 5, -300.0f, 300.0f, 811);
    const testing::Points awkward = testing::awkward_points();
    for (Fractal kind : {Fractal::fbm, Fractal::turbulence, Fractal::ridged, Fractal::billow, Fractal::damped}) {
        for (int levels : {0, 1, 2}) {
            for (Basis basis : {Basis::perlin, Basis::value, Basis::cellular}) {
                NoiseDesc d;
                d.basis = basis;
                d.fractal = {kind, 4, 1.5f, 2.0f, 0.5f};
                d.warp = {levels, 0.8f, 0.25f};
                const Noise n = make(d);
                const std::initializer_list<int> two_three = {2, 3}, all = {2, 3, 4};
                const auto& dims = basis == Basis::cellular ? two_three : all;
                if (kind == Fractal::damped && basis == Basis::cellular) {
                    // Its gradient needs Hessians, which cellular noise has not: refused, by name.
                    float x = 1, y = 2, v, gx, gy;
                    const gradnoise::Status s = n.evaluate_gradient_2d(&x, &y, GradientOut{&v, &gx, &gy}, 1);
                    CHECK(s.code() == gradnoise::ErrorCode::invalid_argument);
                    CHECK(std::string(s.message()).find("damped") != std::string::npos);
                    continue;
                }
                check_gradient_points(n, levels == 0 ? random : fewer, label(d), dims);
                if (kind == Fractal::fbm && levels == 0) {
                    check_gradient_points(n, awkward, label(d), dims);
                }
            }
        }
    }
}

TEST_CASE("an octave frequency that overflows: +0 derivatives, never NaN, on every ISA (spec 18.3)") {
    // Lacunarity 1e10: octave 4's frequency is 1e40, beyond float -- that octave samples the base at
    // infinity (value +0) and f_k * +0 is NaN, which the spec turns into +0 (issue #28).
    const testing::Points random = testing::random_points(257, -3.0f, 3.0f, 887);
    for (Fractal kind : {Fractal::fbm, Fractal::turbulence, Fractal::ridged, Fractal::billow, Fractal::damped}) {
        for (Basis basis : {Basis::perlin, Basis::opensimplex2s, Basis::cellular}) {
            if (kind == Fractal::damped && basis != Basis::perlin) {
                continue;  // (no Hessians: refused, above)
            }
            NoiseDesc d;
            d.basis = basis;
            d.fractal = {kind, 5, 1.0f, 1e10f, 0.5f};
            const Noise n = make(d);
            const gradnoise::Gradient3 g = n.gradient3(0.3f, 0.7f, 0.1f);
            CHECK(std::isfinite(g.value));
            CHECK(std::isfinite(g.dx));
            CHECK(std::isfinite(g.dy));
            CHECK(std::isfinite(g.dz));
            check_gradient_points(n, random, label(d), {2, 3});
            std::vector<float> v(random.x.size()), dx(v.size()), dy(v.size());
            REQUIRE(n.evaluate_gradient_2d(random.x.data(), random.y.data(), GradientOut{v.data(), dx.data(), dy.data()},
                                           v.size())
                        .ok());
            for (std::size_t i = 0; i < v.size(); ++i) {
                CHECK_MESSAGE((std::isfinite(dx[i]) && std::isfinite(dy[i])), label(d), " at ", i);
            }
        }
    }
}

TEST_CASE("Perlin gradient grids (the row tables) give the points' bits on every ISA: plain and fractal") {
    // Steps that put whole batches in one cell (uniform), a batch across a few cells (a window of the
    // table), and more cells than the table takes (hashed per lane); origins near cell 255's wrap, far
    // out and negative; widths with tails; every fractal kind the fast path takes, one band-limited.
    // The points are the point path's on the same ISA.
    const float origins[] = {0.0f, -3.5f, 255.75f, -256.0001f, 1000000.5f};
    const float steps[] = {0.01f, 0.21f, 0.999f, 3.7f, -0.013f};
    const std::size_t widths[] = {7, 17, 530};
    std::vector<Noise> noises = {Noise(), Noise(5u, Fade::cubic), Noise(9u, Fade::quintic, Hash::mix)};
    const std::size_t plain = noises.size();
    const FractalParams fractals[] = {{Fractal::fbm, 6, 0.5f, 2.0f, 0.5f},
                                      {Fractal::ridged, 5, 0.3f, 2.1f, 0.6f},
                                      {Fractal::billow, 3, 1.5f, 1.9f, 0.5f},
                                      {Fractal::turbulence, 4, 0.7f, 2.0f, 0.45f, 0.05f}};
    for (const FractalParams& f : fractals) {
        NoiseDesc d;
        d.fractal = f;
        d.hash = f.kind == Fractal::ridged ? Hash::mix : Hash::permutation;
        noises.push_back(make(d));
    }
    long compared = 0;
    for (std::size_t which = 0; which < noises.size(); ++which) {
        const Noise& noise = noises[which];
        for (const testing::IsaPath& path : testing::isa_paths()) {
            for (float ox : origins) {
                for (float step : steps) {
                    if (which >= plain && (ox == 0.0f || ox == -256.0001f || step == 0.999f || step == -0.013f)) {
                        continue;  // (fractals: fewer grids, each octave its own grid already)
                    }
                    for (std::size_t w : widths) {
                        const gradnoise::Grid3d g{ox, -ox * 0.5f + 0.3f, 0.7f, step, step * 0.75f + 0.002f, 0.37f, w, 3, 2};
                        INFO("noise " << which << " origin " << ox << " step " << step << " width " << w);
                        for (int dims = 2; dims <= 3; ++dims) {
                            compared += check_grid_equals_points(path, noise, g, dims);
                        }
                    }
                }
            }
        }
    }
    MESSAGE(compared, " samples compared, each with its gradient");
}

TEST_CASE("2D simplex gradient grids (the cells' vertex tables) give the points' bits on every ISA") {
    // OpenSimplex2 and 2S, K.jpg's hash and the mix variant, both 2D orientations: batches in one cell
    // (step 0.01), across cells (0.3), and rows and columns leaving the lattice's extent (2^27).
    const float origins[] = {-3.5f, 1000.25f, 134217000.0f};
    const float steps[] = {0.01f, 0.3f, 250.0f};
    long compared = 0;
    for (Basis basis : {Basis::opensimplex2, Basis::opensimplex2s}) {
        for (Hash hash : {Hash::permutation, Hash::mix}) {
            for (Orientation2 orientation : {Orientation2::standard, Orientation2::improve_x}) {
                NoiseDesc d;
                d.basis = basis;
                d.hash = hash;
                d.simplex.orientation2 = orientation;
                const Noise noise = make(d);
                for (const testing::IsaPath& path : testing::isa_paths()) {
                    for (float ox : origins) {
                        for (float step : steps) {
                            const gradnoise::Grid3d g{ox, -0.5f * ox + 0.3f, 0.0f, step, step * 0.75f + 0.002f, 0.0f, 37, 4, 1};
                            INFO(label(d) << " origin " << ox << " step " << step);
                            compared += check_grid_equals_points(path, noise, g, 2);
                        }
                    }
                }
            }
        }
    }
    MESSAGE(compared, " samples compared, each with its gradient");
}

TEST_CASE("cellular gradient grids (the rows' feature tables) give the points' bits on every ISA") {
    // Every output the tables serve and every distance, 2D and 3D: batches in one cell (step 0.01), over
    // a few cells (0.3) and over many (3.7, the point path), negative and far origins, tails.
    const CellularOutput outputs[] = {CellularOutput::f1, CellularOutput::f2, CellularOutput::f2_minus_f1,
                                      CellularOutput::cell_value};
    const CellularDistance distances[] = {CellularDistance::euclidean, CellularDistance::euclidean_squared,
                                          CellularDistance::manhattan, CellularDistance::chebyshev};
    long compared = 0;
    for (CellularOutput output : outputs) {
        for (CellularDistance distance : distances) {
            NoiseDesc d;
            d.basis = Basis::cellular;
            d.cellular.output = output;
            d.cellular.distance = distance;
            d.cellular.jitter = output == CellularOutput::f2 ? 0.6f : 1.0f;
            const Noise noise = make(d);
            for (const testing::IsaPath& path : testing::isa_paths()) {
                for (float ox : {-3.5f, 100000.25f}) {
                    for (float step : {0.01f, 0.3f, 3.7f}) {
                        const gradnoise::Grid3d g{ox, -0.5f * ox + 0.3f, 0.7f, step, step * 0.75f + 0.002f, 0.41f, 37, 3, 2};
                        INFO(label(d) << " origin " << ox << " step " << step);
                        for (int dims = 2; dims <= 3; ++dims) {
                            compared += check_grid_equals_points(path, noise, g, dims);
                        }
                    }
                }
            }
        }
    }
    MESSAGE(compared, " samples compared, each with its gradient");
}

TEST_CASE("grids and chunks: the same bits as the points, on every ISA; chunks seamless far out") {
    NoiseDesc d;
    d.fractal = {Fractal::ridged, 5, 0.03f, 2.0f, 0.5f};
    for (Basis basis : {Basis::perlin, Basis::classic, Basis::cellular}) {
        d.basis = basis;
        const Noise n = make(d);
        const gradnoise::Grid3d g{-3.25f, 7.5f, 1.0f, 0.37f, 0.53f, 0.71f, 37, 5, 3};
        const std::size_t size = g.size_x * g.size_y * g.size_z;
        const testing::Points p = testing::grid_points(g);
        for (const testing::IsaPath& path : testing::isa_paths()) {
            std::vector<float> pv(size), px(size), py(size), pz(size), gv(size), gx(size), gy(size), gz(size);
            REQUIRE(path.evaluate_gradient_3d(n, p.x.data(), p.y.data(), p.z.data(),
                                              GradientOut{pv.data(), px.data(), py.data(), pz.data()}, size).ok());
            gradnoise::FillOptions threads;
            threads.threads = 2;
            REQUIRE(path.fill_grid_gradient_3d(n, g, GradientOut{gv.data(), gx.data(), gy.data(), gz.data()}, 0, 0,
                                               threads).ok());
            CHECK(testing::first_bit_difference(pv, gv) < 0);
            CHECK(testing::first_bit_difference(px, gx) < 0);
            CHECK(testing::first_bit_difference(py, gy) < 0);
            CHECK(testing::first_bit_difference(pz, gz) < 0);
            // 2D grid rows with a stride.
            const gradnoise::Grid2d g2{-3.25f, 7.5f, 0.37f, 0.53f, 37, 5};
            const std::size_t stride = 40;
            std::vector<float> v2(stride * 5), x2(stride * 5), y2(stride * 5);
            REQUIRE(path.fill_grid_gradient_2d(n, g2, GradientOut{v2.data(), x2.data(), y2.data()}, stride).ok());
            for (std::size_t j = 0; j < 5; ++j) {
                for (std::size_t i = 0; i < 37; ++i) {
                    const gradnoise::Gradient2 r = n.gradient2(g2.origin_x + float(i) * g2.step_x,
                                                               g2.origin_y + float(j) * g2.step_y);
                    CHECK(testing::bits(r.value) == testing::bits(v2[j * stride + i]));
                    CHECK(testing::bits(r.dx) == testing::bits(x2[j * stride + i]));
                    CHECK(testing::bits(r.dy) == testing::bits(y2[j * stride + i]));
                }
            }
        }
        // Chunks: every ISA equals the reference's chunk sample; two chunks side by side join.
        const std::int64_t far = 60000000000LL;
        const gradnoise::Chunk2d c{far, -far, 33, 9, 0.25f};
        std::vector<std::vector<float>> expected;
        for (const testing::IsaPath& path : testing::isa_paths()) {
            std::vector<std::vector<float>> planes(3, std::vector<float>(33 * 9));
            REQUIRE(path.fill_chunk_gradient_2d(n, c, GradientOut{planes[0].data(), planes[1].data(), planes[2].data()})
                        .ok());
            std::vector<float> values(33 * 9);
            REQUIRE(path.fill_chunk_2d(n, c, values.data()).ok());
            CHECK(testing::first_bit_difference(values, planes[0]) < 0);
            if (expected.empty()) {
                expected = planes;
                for (std::size_t j = 0; j < 9; ++j) {
                    for (std::size_t i = 0; i < 33; ++i) {
                        const std::int64_t s[2] = {c.first_x + std::int64_t(i), c.first_y + std::int64_t(j)};
                        const gradnoise::reference::Gradient r = gradnoise::reference::chunk_gradient(n.tables(), 2, s, c.spacing);
                        CHECK(testing::bits(r.value) == testing::bits(planes[0][j * 33 + i]));
                        CHECK(testing::bits(r.d[0]) == testing::bits(planes[1][j * 33 + i]));
                    }
                }
                continue;
            }
            for (int a = 0; a < 3; ++a) {
                CHECK_MESSAGE(testing::first_bit_difference(expected[a], planes[a]) < 0, path.name() << " plane " << a);
            }
            const gradnoise::Chunk2d right{far + 20, -far, 13, 9, 0.25f};
            std::vector<float> rv(13 * 9), rx(13 * 9), ry(13 * 9);
            REQUIRE(path.fill_chunk_gradient_2d(n, right, GradientOut{rv.data(), rx.data(), ry.data()}).ok());
            for (std::size_t j = 0; j < 9; ++j) {
                for (std::size_t i = 0; i < 13; ++i) {
                    CHECK(testing::bits(rx[j * 13 + i]) == testing::bits(planes[1][j * 33 + 20 + i]));
                }
            }
        }
        // Far out the chunk gradient is as detailed as at the origin: compare with central
        // differences of the chunk's own values along x (samples 1/4 apart, so a loose bound).
        double worst = 0;
        for (std::size_t j = 0; j < 9; ++j) {
            for (std::size_t i = 1; i + 1 < 33; ++i) {
                const double difference = (expected[0][j * 33 + i + 1] - expected[0][j * 33 + i - 1]) / (2 * 0.25);
                worst = std::max(worst, std::fabs(difference - expected[1][j * 33 + i]));
            }
        }
        MESSAGE(std::string(gradnoise::basis_name(basis)) << " chunk 6e10 samples out: worst |dx - difference| " << worst);
        CHECK(worst < (basis == Basis::cellular ? 0.5 : 0.05));
    }
}

}  // TEST_SUITE
