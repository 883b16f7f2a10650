// [S 19] Graphs, their values and gradients: every ISA equals the scalar reference (node by node) bit
// for bit on points, grids, threads and chunks; the nodes' values against independent computations
// (the fields' own calls and the spec's formulas written out here); folding and the single-field
// path against the built-in fields; the gradients against the built-in fractals' and central
// differences. The file, its reader and its front ends: tests/test_graph_file.cpp.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "api/dispatch.hpp"
#include "api/entry.hpp"
#include "gradnoise/graph.hpp"
#include "graph_support.hpp"
#include "test_support.hpp"

TEST_SUITE_BEGIN("graph");

using namespace gradnoise;
using namespace graph_testing;

namespace {

testing::Points mixed_points() {
    testing::Points p = testing::random_points(3000, -40.0f, 40.0f, 77);
    const testing::Points odd[] = {testing::awkward_points(), testing::nonfinite_points(),
                                   testing::random_bit_patterns(500, 3)};
    for (const testing::Points& o : odd) {
        for (std::size_t i = 0; i < o.size(); ++i) {
            p.add(o.x[i], o.y[i], o.z[i]);
        }
    }
    return p;
}

// Values and gradients of a graph on one ISA: planes [value, d0, .., d(dims-1)] of p.size() each.
std::vector<std::vector<float>> run_gradient(const kernels::KernelTable& k, const Graph& g, const testing::Points& p) {
    const std::size_t n = p.size();
    const int dims = g.dimensions();
    const std::vector<float> w = testing::w_of(p);
    const float* coords[4] = {p.x.data(), p.y.data(), p.z.data(), w.data()};
    std::vector<std::vector<float>> planes(static_cast<std::size_t>(dims + 1), std::vector<float>(n, -9.0f));
    GradientOut out{planes[0].data(), planes[1].data(), planes[2].data(), dims > 2 ? planes[3].data() : nullptr,
                    dims > 3 ? planes[4].data() : nullptr};
    REQUIRE(detail::evaluate_graph_gradient(k, g.data(), dims, coords, out, n).ok());
    return planes;
}

void check_same_planes(const std::vector<std::vector<float>>& a, const std::vector<std::vector<float>>& b,
                       const std::string& what) {
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        check_same(a[i], b[i], what + (i == 0 ? " value" : " d" + std::to_string(i - 1)));
    }
}

}  // namespace

TEST_CASE("graph: every ISA equals the reference, node by node, on points") {
    const testing::Points p = mixed_points();
    for (const std::string& text : {arithmetic_2d, coordinates_2d, volume_3d, loop_4d, shaping_2d, erode_2d, erode_3d}) {
        const Graph g = load(text);
        const std::vector<float> reference = run_points(*testing::isa_path(Isa::scalar).table, g, p);
        // The reference's own single-sample call agrees with its table.
        for (std::size_t i = 0; i < 50; ++i) {
            const float v = g.dimensions() == 2   ? g.sample2(p.x[i], p.y[i])
                            : g.dimensions() == 3 ? g.sample3(p.x[i], p.y[i], p.z[i])
                                                  : g.sample4(p.x[i], p.y[i], p.z[i], p.z[(7 * i + 3) % p.size()]);
            CHECK(testing::bits(v) == testing::bits(reference[i]));
        }
        for (const testing::IsaPath& path : testing::isa_paths()) {
            check_same(run_points(*path.table, g, p), reference, path.name() + " " + std::to_string(g.dimensions()) + "D");
        }
    }
}

TEST_CASE("graph: grids on every ISA and thread count equal the points at the grid's coordinates") {
    for (const std::string& text : {arithmetic_2d, coordinates_2d, shaping_2d}) {
        const Graph g = load(text);
        const Grid2d grid{-3.3f, 1.7f, 0.173f, -0.061f, 301, 23};
        const testing::Points p = testing::grid_points(grid);
        const std::vector<float> reference = run_points(*testing::isa_path(Isa::scalar).table, g, p);
        for (const testing::IsaPath& path : testing::isa_paths()) {
            for (unsigned threads : {1u, 3u}) {
                FillOptions o;
                o.threads = threads;
                std::vector<float> out(grid.size_x * grid.size_y, -5.0f);
                REQUIRE(detail::fill_graph_grid_2d(*path.table, g.data(), grid, out.data(), 0, o).ok());
                check_same(out, reference, path.name() + " grid, threads " + std::to_string(threads));
            }
        }
    }
    const Graph g = load(volume_3d);
    const Grid3d grid{0.5f, -2.0f, 0.0f, 0.31f, 0.27f, 0.09f, 37, 5, 11};
    const testing::Points p = testing::grid_points(grid);
    const std::vector<float> reference = run_points(*testing::isa_path(Isa::scalar).table, g, p);
    for (const testing::IsaPath& path : testing::isa_paths()) {
        std::vector<float> out(p.size(), -5.0f);
        FillOptions o;
        o.threads = 2;
        REQUIRE(detail::fill_graph_grid_3d(*path.table, g.data(), grid, out.data(), 0, 0, o).ok());
        check_same(out, reference, path.name() + " 3D grid");
    }
}

TEST_CASE("graph: nodes against the fields' own values and the spec's formulas written out") {
    const testing::Points p = testing::random_points(2000, -20.0f, 20.0f, 5);
    const std::size_t n = p.size();
    NoiseDesc da;
    da.has_seed = true;
    da.seed = 3;
    NoiseDesc db;
    db.basis = Basis::opensimplex2s;
    Noise a, b;
    REQUIRE(Noise::create(da, &a).ok());
    REQUIRE(Noise::create(db, &b).ok());
    std::vector<float> va(n), vb(n);
    REQUIRE(a.evaluate_2d(p.x.data(), p.y.data(), va.data(), n).ok());
    REQUIRE(b.evaluate_2d(p.x.data(), p.y.data(), vb.data(), n).ok());
    const std::string fields = R"("a": {"type": "field", "seed": 3}, "b": {"type": "field", "basis": "opensimplex2s"})";
    auto eval = [&](const std::string& output) {
        const Graph g = load(graph_text(2, output, fields));
        std::vector<float> out(n);
        REQUIRE(g.evaluate_2d(p.x.data(), p.y.data(), out.data(), n).ok());
        return out;
    };
    auto expect = [&](const std::string& output, auto formula) {
        const std::vector<float> got = eval(output);
        std::vector<float> want(n);
        for (std::size_t i = 0; i < n; ++i) {
            want[i] = formula(va[i], vb[i], p.x[i]);
        }
        check_same(got, want, output);
    };
    expect(R"({"type": "add", "inputs": ["a", "b", 0.25]})", [](float x, float y, float) { return (x + y) + 0.25f; });
    expect(R"({"type": "subtract", "a": "a", "b": "b"})", [](float x, float y, float) { return x - y; });
    expect(R"({"type": "multiply", "inputs": ["a", "b"]})", [](float x, float y, float) { return x * y; });
    expect(R"({"type": "min", "inputs": ["a", "b"]})", [](float x, float y, float) { return y < x ? y : x; });
    expect(R"({"type": "max", "inputs": ["a", "b"]})", [](float x, float y, float) { return x < y ? y : x; });
    expect(R"({"type": "abs", "input": "a"})", [](float x, float, float) { return std::fabs(x); });
    expect(R"({"type": "negate", "input": "a"})", [](float x, float, float) { return -x; });
    expect(R"({"type": "lerp", "a": "a", "b": "b", "t": {"type": "coordinate", "axis": "x"}})",
           [](float x, float y, float t) { return x + (y - x) * t; });
    expect(R"({"type": "select", "a": "a", "b": "b", "control": "a", "threshold": 0.1})",
           [](float x, float y, float) { return x < 0.1f ? x : y; });
    expect(R"({"type": "select", "a": 0, "b": 1, "control": "a", "threshold": 0.25, "falloff": 0.125})",
           [](float x, float, float) {
               // smoothstep from 0.125 to 0.375
               float u = (x - 0.125f) * 4.0f;
               u = u < 0.0f ? 0.0f : (u > 1.0f ? 1.0f : u);
               return 0.0f + (1.0f - 0.0f) * ((u * u) * (3.0f - 2.0f * u));
           });
    expect(R"({"type": "remap", "input": "a", "from": [-1, 1], "to": [0, 255]})",
           [](float x, float, float) { return (x - -1.0f) * 127.5f + 0.0f; });
    expect(R"({"type": "clamp", "input": "a", "min": -0.25, "max": 0.5})",
           [](float x, float, float) {
               const float r = x < -0.25f ? -0.25f : x;
               return 0.5f < r ? 0.5f : r;
           });
    expect(R"({"type": "power", "input": "a", "exponent": 4})", [](float x, float, float) { return ((x * x) * x) * x; });
    expect(R"({"type": "sqrt", "input": "a"})", [](float x, float, float) { return std::sqrt(x < 0.0f ? 0.0f : x); });
    expect(R"({"type": "terrace", "input": "a", "steps": 4, "smoothness": 0.5})", [](float x, float, float) {
        const float t = x * 4.0f, f = std::floor(t);
        float g = (t - f - 0.5f) * 2.0f;
        g = g < 0.0f ? 0.0f : (g > 1.0f ? 1.0f : g);
        return (f + g) / 4.0f;
    });
    expect(R"({"type": "terrace", "input": "a", "steps": 5, "smoothness": 0})",
           [](float x, float, float) { return std::floor(x * 5.0f) / 5.0f; });
    expect(R"({"type": "curve", "input": "a", "points": [[-0.5, 1], [0, 0], [0.5, 2]]})", [](float x, float, float) {
        if (x <= -0.5f) return 1.0f;
        if (x >= 0.5f) return 2.0f;
        if (x < 0.0f) return 1.0f + (x - -0.5f) * -2.0f;
        return 0.0f + (x - 0.0f) * 4.0f;
    });
    // Coordinate nodes move where the field is sampled: compare with the field at the moved points.
    auto moved = [&](const std::string& output, auto move) {
        const std::vector<float> got = eval(output);
        std::vector<float> mx(n), my(n), want(n);
        for (std::size_t i = 0; i < n; ++i) {
            move(p.x[i], p.y[i], &mx[i], &my[i]);
        }
        REQUIRE(a.evaluate_2d(mx.data(), my.data(), want.data(), n).ok());
        check_same(got, want, output);
    };
    moved(R"({"type": "scale", "input": "a", "factor": [3, -0.5]})", [](float x, float y, float* u, float* v) {
        *u = x * 3.0f;
        *v = y * -0.5f;
    });
    moved(R"({"type": "translate", "input": "a", "offset": [10.5, -2]})", [](float x, float y, float* u, float* v) {
        *u = x + 10.5f;
        *v = y + -2.0f;
    });
    moved(R"({"type": "rotate", "input": "a", "degrees": 90})", [](float x, float y, float* u, float* v) {
        *u = -y;  // (x, y) turned a quarter: (-y, x), exactly (cos 90 = 0, sin 90 = 1)
        *v = x;
    });
    moved(R"({"type": "rotate", "input": "a", "degrees": -540})", [](float x, float y, float* u, float* v) {
        *u = -x;
        *v = -y;
    });
}

TEST_CASE("graph: a fractal or warp of a plain field equals the built-in field with it, bit for bit") {
    const testing::Points p = mixed_points();
    const char* const kinds[] = {"fbm", "turbulence", "ridged", "billow"};
    const Fractal fractals[] = {Fractal::fbm, Fractal::turbulence, Fractal::ridged, Fractal::billow};
    for (int k = 0; k < 4; ++k) {
        for (const char* basis : {"perlin", "opensimplex2", "cellular"}) {
            NoiseDesc d;
            d.basis = std::string(basis) == "perlin" ? Basis::perlin
                      : std::string(basis) == "cellular" ? Basis::cellular : Basis::opensimplex2;
            d.fractal = FractalParams{fractals[k], 5, 0.75f, 2.25f, 0.6f};
            Noise built_in;
            REQUIRE(Noise::create(d, &built_in).ok());
            const std::string params = std::string(R"("kind": ")") + kinds[k] +
                                       R"(", "octaves": 5, "frequency": 0.75, "lacunarity": 2.25, "persistence": 0.6)";
            const std::string field = std::string(R"({"type": "field", "basis": ")") + basis + "\"}";
            // Folded into the field's own fractal: the single-field path.
            const Graph folded = load(graph_text(3, R"({"type": "fractal", "input": )" + field + ", " + params + "}", ""));
            CHECK(folded.is_single_field());
            // Unrolled (the input times one is not a plain field): the graph's own octave loop.
            const Graph unrolled = load(graph_text(
                3, R"({"type": "fractal", "input": {"type": "multiply", "inputs": [)" + field + ", 1]}, " + params + "}", ""));
            CHECK_FALSE(unrolled.is_single_field());
            for (const testing::IsaPath& path : testing::isa_paths()) {
                const std::vector<float> want = testing::eval(built_in, path, 3, p);
                check_same(run_points(*path.table, folded, p), want, path.name() + " folded " + kinds[k] + " " + basis);
                check_same(run_points(*path.table, unrolled, p), want, path.name() + " unrolled " + kinds[k] + " " + basis);
            }
        }
    }
    // A warp by the field itself is the built-in one-level warp.
    NoiseDesc d;
    d.fractal = FractalParams{Fractal::fbm, 3, 1.0f, 2.0f, 0.5f};
    d.warp = WarpParams{1, 0.8f, 0.3f};
    Noise built_in;
    REQUIRE(Noise::create(d, &built_in).ok());
    const Graph warp = load(graph_text(
        2, R"({"type": "warp", "input": "f", "by": "f", "strength": 0.8, "frequency": 0.3})",
        R"("f": {"type": "field", "fractal": "fbm", "octaves": 3})"));
    for (const testing::IsaPath& path : testing::isa_paths()) {
        check_same(run_points(*path.table, warp, p), testing::eval(built_in, path, 2, p), path.name() + " warp");
    }
}

TEST_CASE("graph: one field is that field, at its speed path") {
    const Graph g = load(graph_text(2, "\"field\"", R"("field": {"type": "field", "basis": "perlin", "seed": 8, "fractal": "ridged"})"));
    CHECK(g.is_single_field());
    CHECK(g.program_size() == 1);
    NoiseDesc d;
    d.has_seed = true;
    d.seed = 8;
    d.fractal.kind = Fractal::ridged;
    Noise f;
    REQUIRE(Noise::create(d, &f).ok());
    std::vector<float> a(64 * 32), b(64 * 32);
    const Grid2d grid{0.0f, 0.0f, 0.1f, 0.1f, 64, 32};
    REQUIRE(g.fill_grid_2d(grid, a.data()).ok());
    REQUIRE(f.fill_grid_2d(grid, b.data()).ok());
    check_same(a, b, "single field grid");
    Graph from;
    REQUIRE(Graph::from_field(d, 2, &from).ok());
    CHECK(from.is_single_field());
    CHECK(from.to_json() == g.to_json());
}

TEST_CASE("graph gradients: every ISA equals the reference, points and grids; the values are the value path's") {
    const testing::Points p = mixed_points();
    for (const std::string& text : {arithmetic_2d, coordinates_2d, volume_3d, loop_4d, shaping_2d, erode_2d, erode_3d}) {
        const Graph g = load(text);
        REQUIRE_MESSAGE(g.gradient_refusal().empty(), g.gradient_refusal());
        const auto reference = run_gradient(*testing::isa_path(Isa::scalar).table, g, p);
        check_same(reference[0], run_points(*testing::isa_path(Isa::scalar).table, g, p), "gradient's value plane");
        for (std::size_t i = 0; i < 20; ++i) {
            if (g.dimensions() == 2) {
                const Gradient2 r = g.gradient2(p.x[i], p.y[i]);
                CHECK(testing::bits(r.dx) == testing::bits(reference[1][i]));
                CHECK(testing::bits(r.dy) == testing::bits(reference[2][i]));
            }
        }
        for (const testing::IsaPath& path : testing::isa_paths()) {
            check_same_planes(run_gradient(*path.table, g, p), reference,
                              path.name() + " " + std::to_string(g.dimensions()) + "D gradient");
        }
    }
    const Graph g = load(coordinates_2d);
    const Grid2d grid{-1.3f, 2.1f, 0.173f, -0.061f, 77, 9};
    std::vector<std::vector<float>> want(3, std::vector<float>(77 * 9)), got = want;
    REQUIRE(detail::fill_graph_grid_gradient_2d(*testing::isa_path(Isa::scalar).table, g.data(), grid,
                                                GradientOut{want[0].data(), want[1].data(), want[2].data()}, 0,
                                                FillOptions{})
                .ok());
    for (const testing::IsaPath& path : testing::isa_paths()) {
        FillOptions o;
        o.threads = 2;
        REQUIRE(detail::fill_graph_grid_gradient_2d(*path.table, g.data(), grid,
                                                    GradientOut{got[0].data(), got[1].data(), got[2].data()}, 0, o)
                    .ok());
        check_same_planes(got, want, path.name() + " gradient grid");
    }
}

TEST_CASE("graph gradients: a fractal of a field is the built-in fractal's gradient, bit for bit") {
    const testing::Points mixed = mixed_points();
    const testing::Points random = testing::random_points(3000, -40.0f, 40.0f, 8);
    const char* const kinds[] = {"fbm", "turbulence", "ridged", "billow"};
    const Fractal fractals[] = {Fractal::fbm, Fractal::turbulence, Fractal::ridged, Fractal::billow};
    for (int k = 0; k < 4; ++k) {
        NoiseDesc d;
        d.basis = Basis::opensimplex2s;
        d.fractal = FractalParams{fractals[k], 4, 0.75f, 2.25f, 0.6f};
        Noise built_in;
        REQUIRE(Noise::create(d, &built_in).ok());
        const std::string params = std::string(R"("kind": ")") + kinds[k] +
                                   R"(", "octaves": 4, "frequency": 0.75, "lacunarity": 2.25, "persistence": 0.6)";
        const std::string field = R"({"type": "field", "basis": "opensimplex2s"})";
        const Graph folded = load(graph_text(2, R"({"type": "fractal", "input": )" + field + ", " + params + "}", ""));
        // The graph's own octave loop (an add of zero keeps every product: no -0 meets a +0 term).
        const Graph unrolled =
            load(graph_text(2, R"({"type": "fractal", "input": {"type": "translate", "offset": 0, "input": )" + field +
                                   "}, " + params + "}",
                            ""));
        CHECK(folded.is_single_field());
        CHECK_FALSE(unrolled.is_single_field());
        for (const testing::IsaPath& path : testing::isa_paths()) {
            for (const testing::Points* p : {&mixed, &random}) {
                const std::size_t n = p->size();
                std::vector<std::vector<float>> want(3, std::vector<float>(n));
                REQUIRE(path.evaluate_gradient_2d(built_in, p->x.data(), p->y.data(),
                                                  GradientOut{want[0].data(), want[1].data(), want[2].data()}, n)
                            .ok());
                check_same_planes(run_gradient(*path.table, folded, *p), want, path.name() + " folded " + kinds[k]);
                if (p == &random) {  // (translate by +0 turns a -0 coordinate into +0: random points have none)
                    check_same_planes(run_gradient(*path.table, unrolled, *p), want, path.name() + " unrolled " + kinds[k]);
                }
            }
        }
    }
}

TEST_CASE("graph gradients: the chain rule against central differences of the values") {
    // Smooth nodes over the lattice bases (no kinks near the sample points; the simplex families' 3D
    // values have their own small jumps there): the analytic gradient must match the
    // slope of the graph's own values, an independent check of every node's derivative rule.
    const Graph g = load(graph_text(3, "\"out\"", R"(
      "a": {"type": "field", "seed": 4},
      "b": {"type": "field", "basis": "classic", "seed": 5},
      "moved": {"type": "rotate", "degrees": 33, "plane": "xz", "input": {"type": "scale", "factor": [1.5, 0.75, 2], "input": "b"}},
      "bent": {"type": "warp", "strength": 0.3, "frequency": 0.7, "by": "a", "input": "moved"},
      "mix": {"type": "lerp", "a": "bent", "b": {"type": "power", "exponent": 3, "input": "a"}, "t": {"type": "coordinate", "axis": "y"}},
      "soft": {"type": "select", "a": "mix", "b": {"type": "multiply", "inputs": ["a", "b"]}, "control": "b", "threshold": 0, "falloff": 2},
      "out": {"type": "add", "inputs": [{"type": "remap", "input": "soft", "from": [-1, 1], "to": [0, 3]},
              {"type": "sqrt", "input": {"type": "add", "inputs": [2, "a"]}},
              {"type": "fractal", "kind": "fbm", "octaves": 3, "input": "bent"}]})"));
    const testing::Points p = testing::random_points(400, -5.0f, 5.0f, 21);
    const auto planes = run_gradient(detail::active_kernels(), g, p);
    const double h = 1.0 / 1024;
    int checked = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        for (int a = 0; a < 3; ++a) {
            float lo[3] = {p.x[i], p.y[i], p.z[i]}, hi[3] = {p.x[i], p.y[i], p.z[i]};
            lo[a] = static_cast<float>(lo[a] - h);
            hi[a] = static_cast<float>(hi[a] + h);
            const double slope = (double(g.sample3(hi[0], hi[1], hi[2])) - double(g.sample3(lo[0], lo[1], lo[2]))) /
                                 (double(hi[a]) - double(lo[a]));
            const double analytic = planes[1 + static_cast<std::size_t>(a)][i];
            INFO("point " << i << " axis " << a << ": analytic " << analytic << ", differences " << slope);
            CHECK(std::fabs(analytic - slope) <= 2e-2 * (1.0 + std::fabs(slope)));
            ++checked;
        }
    }
    CHECK(checked == 1200);
}

TEST_CASE("graph gradients: a node without one is refused, naming it") {
    const Graph g = load(graph_text(2, "\"out\"", R"("stone": {"type": "field", "fractal": "turbulence", "pattern": "marble"},
      "out": {"type": "add", "inputs": ["stone", 1]})"));
    CHECK(g.gradient_refusal() ==
          "graph node 'stone' (field) has no gradient: patterns have no gradient (pattern.kind must be none)");
    float x = 0.5f, y = 0.25f, v = 0, dx = 0, dy = 0;
    CHECK(g.evaluate_gradient_2d(&x, &y, GradientOut{&v, &dx, &dy}, 1).code() == ErrorCode::invalid_argument);
    CHECK(std::isnan(g.gradient2(x, y).dx));
    CHECK(g.evaluate_2d(&x, &y, &v, 1).ok());  // values are fine
}

TEST_CASE("graph erode: over a field it is the field's own erosion filter, values and gradients, every ISA") {
    // [S 19.9] An erode node at the graph's coordinates over a field is that field with NoiseDesc::erosion
    // (the node's frequency the field's first octave's, its seed the field's): the same bits.
    const testing::Points p = mixed_points();
    struct Case {
        const char* field;  // the field node's keys
        const char* erode;  // the erode node's keys
        NoiseDesc desc;     // the field with the filter
    };
    std::vector<Case> cases;
    {
        NoiseDesc d;
        d.basis = Basis::opensimplex2s;
        d.fractal.kind = Fractal::fbm;
        d.fractal.octaves = 4;
        d.fractal.frequency = 0.5f;
        d.erosion.octaves = 4;
        cases.push_back({R"("basis": "opensimplex2s", "fractal": "fbm", "octaves": 4, "frequency": 0.5)",
                         R"("octaves": 4, "frequency": 0.5)", d});
    }
    {
        NoiseDesc d;
        d.basis = Basis::classic;
        d.seed = 31;
        d.has_seed = true;
        d.fractal.kind = Fractal::ridged;
        d.fractal.octaves = 3;
        d.erosion = ErosionParams{3, 0.6f, 0.25f, 0.7f, 0.3f, 0.2f};
        cases.push_back({R"("basis": "classic", "seed": 31, "fractal": "ridged", "octaves": 3)",
                         R"("octaves": 3, "strength": 0.6, "scale": 0.25, "detail": 0.7, "ridge_rounding": 0.3,
                            "crease_rounding": 0.2, "seed": 31)", d});
    }
    for (const Case& c : cases) {
        for (int dims : {2, 3, 4}) {
            const std::string text = R"({"gradnoise_graph": 3, "dimensions": )" + std::to_string(dims) +
                                     R"(, "output": "e", "nodes": {"f": {"type": "field", )" + c.field +
                                     R"(}, "e": {"type": "erode", "input": "f", )" + c.erode + "}}}";
            const Graph g = load(text);
            Noise n;
            REQUIRE(Noise::create(c.desc, &n).ok());
            const Graph field = [&] {
                Graph r;
                REQUIRE(Graph::from_field(c.desc, dims, &r).ok());
                return r;
            }();
            for (const testing::IsaPath& path : testing::isa_paths()) {
                const std::string what = path.name() + " " + std::to_string(dims) + "D " + c.field;
                check_same(run_points(*path.table, g, p), run_points(*path.table, field, p), what + " values");
                check_same_planes(run_gradient(*path.table, g, p), run_gradient(*path.table, field, p), what + " gradients");
            }
        }
    }
}

TEST_CASE("graph erode: its input must have a gradient; version 3; written as 3") {
    std::string error;
    Graph g;
    const std::string pattern = R"({"gradnoise_graph": 3, "dimensions": 2, "output": "e", "nodes": {"e": {"type": "erode",
        "input": {"type": "add", "inputs": [{"type": "field", "pattern": "wood"}, 0.5]}}}})";
    CHECK_FALSE(Graph::from_json(pattern, &g, &error).ok());
    CHECK(error.find("graph node 'e' (erode) steers by its input's gradient") != std::string::npos);
    CHECK(error.find("has no gradient") != std::string::npos);
    // A pattern anywhere in the graph: the graph runs with gradients, so it is refused too.
    const std::string beside = R"({"gradnoise_graph": 3, "dimensions": 2, "output": "s", "nodes": {"s": {"type": "add",
        "inputs": [{"type": "erode", "input": {"type": "field"}}, {"type": "field", "pattern": "marble"}]}}})";
    CHECK_FALSE(Graph::from_json(beside, &g, &error).ok());
    CHECK(error.find("(erode) steers by its input's gradient") != std::string::npos);
    const std::string old = R"({"gradnoise_graph": 2, "dimensions": 2, "output": "e", "nodes": {"e": {"type": "erode",
        "input": {"type": "field"}}}})";
    CHECK_FALSE(Graph::from_json(old, &g, &error).ok());
    CHECK(error == "graph node 'e' (erode): needs format version 3 (\"gradnoise_graph\": 3; version 2 has no erode node)");
    const std::string bad = R"({"gradnoise_graph": 3, "dimensions": 2, "output": "e", "nodes": {"e": {"type": "erode",
        "input": {"type": "field"}, "octaves": 0}}})";
    CHECK_FALSE(Graph::from_json(bad, &g, &error).ok());
    CHECK(error.find("octaves") != std::string::npos);
    const Graph e = load(erode_2d);
    CHECK(e.to_json().find("\"gradnoise_graph\": 3") != std::string::npos);
    CHECK(load(e.to_json()).to_json() == e.to_json());
}

TEST_CASE("graph chunks: the graph at each sample's own coordinates, on every ISA; neighbours join") {
    const Graph g = load(coordinates_2d);
    const float spacing = 0.37f;
    const Chunk2d big{-4000000000LL, 17, 70, 6, spacing};
    testing::Points p;
    for (std::size_t j = 0; j < big.size_y; ++j) {
        for (std::size_t i = 0; i < big.size_x; ++i) {
            // [S 19.8] written out here: binary64 product, one rounding to float
            p.add(static_cast<float>(static_cast<double>(big.first_x + static_cast<std::int64_t>(i)) * double(spacing)),
                  static_cast<float>(static_cast<double>(big.first_y + static_cast<std::int64_t>(j)) * double(spacing)),
                  0.0f);
        }
    }
    const std::vector<float> want = run_points(*testing::isa_path(Isa::scalar).table, g, p);
    const auto want_gradient = run_gradient(*testing::isa_path(Isa::scalar).table, g, p);
    for (const testing::IsaPath& path : testing::isa_paths()) {
        std::vector<float> out(want.size());
        FillOptions o;
        o.threads = 2;
        REQUIRE(detail::fill_graph_chunk_2d(*path.table, g.data(), big, out.data(), 0, o).ok());
        check_same(out, want, path.name() + " chunk");
        // Two chunks side by side, written into one buffer through the stride, are the big one.
        std::vector<float> joined(want.size());
        const Chunk2d left{big.first_x, big.first_y, 33, 6, spacing}, right{big.first_x + 33, big.first_y, 37, 6, spacing};
        REQUIRE(detail::fill_graph_chunk_2d(*path.table, g.data(), left, joined.data(), 70, FillOptions{}).ok());
        REQUIRE(detail::fill_graph_chunk_2d(*path.table, g.data(), right, joined.data() + 33, 70, FillOptions{}).ok());
        check_same(joined, want, path.name() + " joined chunks");
        std::vector<std::vector<float>> planes(3, std::vector<float>(want.size()));
        REQUIRE(detail::fill_graph_chunk_gradient_2d(*path.table, g.data(), big,
                                                     GradientOut{planes[0].data(), planes[1].data(), planes[2].data()},
                                                     0, o)
                    .ok());
        check_same_planes(planes, want_gradient, path.name() + " gradient chunk");
    }
    const Graph volume = load(volume_3d);
    std::vector<float> v(4 * 3 * 2);
    CHECK(volume.fill_chunk_3d(Chunk3d{5, -6, 7, 4, 3, 2, 0.5f}, v.data()).ok());
    CHECK(testing::bits(v[23]) == testing::bits(volume.sample3(4.0f, -2.0f, 4.0f)));  // (8, -4, 8) * 0.5
    CHECK(g.fill_chunk_2d(Chunk2d{0, 0, 4, 4, 0.0f}, v.data()).code() == ErrorCode::invalid_argument);
    CHECK(g.fill_chunk_3d(Chunk3d{0, 0, 0, 1, 1, 1, 1.0f}, v.data()).code() == ErrorCode::invalid_argument);
}

TEST_SUITE_END();
