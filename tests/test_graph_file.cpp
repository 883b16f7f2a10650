// [S 19] Graph files (suite graph): the reader's refusals and limits, the round trip through the
// canonical text, the node and parameter tables, the C API's graphs and by-name setter, and the
// golden corpus's digests on every ISA (the format's compatibility promise). Their values:
// tests/test_graph.cpp.
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
#include "c_api_support.hpp"
#include "gradnoise/gradnoise.h"
#include "gradnoise/graph.hpp"
#include "graph/node_types.hpp"
#include "graph/program.hpp"
#include "graph_support.hpp"
#include "test_support.hpp"

TEST_SUITE_BEGIN("graph");

using namespace gradnoise;
using namespace graph_testing;

namespace {

std::string refusal(const std::string& text) {
    Graph g;
    std::string error;
    Status s = Graph::from_json(text, &g, &error);
    CHECK_FALSE(s.ok());
    return error;
}

// [Issue 29] The golden digest of a graph on one ISA: FNV-1a 64 over the bits of a grid (2D 64 x 48,
// 3D 24 x 16 x 8; none in 4D) and of 4096 points from a fixed generator (every 64th a NaN or an
// infinity in one coordinate). Written here, not in test_support, so nothing else can move it.
std::uint64_t golden_digest(const kernels::KernelTable& k, const Graph& g) {
    std::uint64_t h = 14695981039346656037ull;
    auto add = [&](const std::vector<float>& v) {
        for (float f : v) {
            std::uint32_t b = 0;
            std::memcpy(&b, &f, 4);
            for (int i = 0; i < 4; ++i) {
                h = (h ^ ((b >> (8 * i)) & 0xffu)) * 1099511628211ull;
            }
        }
    };
    const int dims = g.dimensions();
    if (dims == 2) {
        std::vector<float> out(64 * 48);
        REQUIRE(detail::fill_graph_grid_2d(k, g.data(), Grid2d{-3.1f, 2.7f, 0.37f, 0.29f, 64, 48}, out.data(), 0,
                                           FillOptions{})
                    .ok());
        add(out);
    } else if (dims == 3) {
        std::vector<float> out(24 * 16 * 8);
        REQUIRE(detail::fill_graph_grid_3d(k, g.data(), Grid3d{-3.1f, 2.7f, 0.5f, 0.37f, 0.29f, 0.41f, 24, 16, 8},
                                           out.data(), 0, 0, FillOptions{})
                    .ok());
        add(out);
    }
    std::uint64_t state = 29;
    auto next = [&] {  // SplitMix64 -> [-60, 60)
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        return static_cast<float>(static_cast<double>(z >> 40) / 16777216.0 * 120.0 - 60.0);
    };
    const std::size_t n = 4096;
    std::vector<float> c[4];
    for (std::size_t i = 0; i < n; ++i) {
        for (int a = 0; a < 4; ++a) {
            c[a].push_back(next());
        }
        if (i % 64 == 63) {
            c[i / 64 % 4][i] = (i / 256) % 2 ? NAN : -INFINITY;
        }
    }
    const float* coords[4] = {c[0].data(), c[1].data(), c[2].data(), c[3].data()};
    std::vector<float> out(n);
    REQUIRE(detail::evaluate_graph(k, g.data(), dims, coords, out.data(), n).ok());
    add(out);
    return h;
}

}  // namespace

TEST_CASE("graph: the canonical text reads back to the same graph and bits") {
    const testing::Points p = testing::random_points(500, -10.0f, 10.0f, 1);
    for (const std::string& text : {arithmetic_2d, coordinates_2d, volume_3d, loop_4d}) {
        const Graph g = load(text);
        const std::string canonical = g.to_json();
        const Graph back = load(canonical);
        CHECK(back.to_json() == canonical);
        check_same(run_points(detail::active_kernels(), back, p),
                   run_points(detail::active_kernels(), g, p), "round trip");
    }
}

TEST_CASE("graph: refusals name the node, its type and the parameter") {
    auto with = [](const std::string& nodes, const std::string& output = "\"out\"") {
        return refusal(graph_text(2, output, nodes));
    };
    CHECK(with(R"("out": {"type": "fractal", "input": 1, "octaves": 40})") ==
          "graph node 'out' (fractal): octaves must be an integer in 1..32 (got 40)");
    CHECK(with(R"("out": {"type": "field", "octaves": 4})") ==
          "graph node 'out' (field): octaves has no effect without a fractal (fbm, turbulence, ridged, billow or damped)");
    CHECK(with(R"("out": {"type": "field", "jitter": 2, "basis": "cellular"})") ==
          "graph node 'out' (field): jitter must be in [0, 1]");
    CHECK(with(R"("out": {"type": "field", "basis": "simplex"})").find("basis must be one of perlin, classic") !=
          std::string::npos);
    CHECK(with(R"("out": {"type": "blur", "input": 1})").find("unknown type 'blur'") != std::string::npos);
    CHECK(with(R"("out": {"type": "abs", "input": 1, "amount": 2})") ==
          "graph node 'out' (abs): unknown parameter 'amount' (its keys are input)");
    CHECK(with(R"("out": {"type": "abs"})") == "graph node 'out' (abs): input 'input' is missing");
    CHECK(with(R"("out": {"type": "abs", "input": "nowhere"})") ==
          "graph: out.input names node 'nowhere', which the file does not define");
    CHECK(with(R"("out": {"type": "add", "inputs": ["b", 1]}, "b": {"type": "abs", "input": "out"})") ==
          "graph node 'out' (add): is its own input (a cycle)");
    CHECK(with(R"("out": {"type": "coordinate", "axis": "z"})") ==
          "graph node 'out' (coordinate): axis must be one of the graph's 2 axes");
    CHECK(with(R"("out": {"type": "clamp", "input": 1, "min": 2, "max": 1})") ==
          "graph node 'out' (clamp): min must not exceed max");
    CHECK(with(R"("out": {"type": "curve", "input": 1, "points": [[0, 0], [0, 1]]})").find("x strictly increasing") !=
          std::string::npos);
    CHECK(with(R"("out": {"type": "scale", "input": 1, "factor": [1, 2, 3]})").find("an array of 2 (one per axis)") !=
          std::string::npos);
    CHECK(refusal(graph_text(4, "\"out\"", R"("out": {"type": "field", "basis": "cellular"})")) ==
          "graph node 'out' (field): basis cellular has 2 and 3 dimensions, not 4");
    CHECK(refusal(R"({"gradnoise_graph": 4, "output": 1})") ==
          "graph: \"gradnoise_graph\" must be a format version in 1..3 (got 4); a newer gradnoise reads newer files");
    // [S 19.7] Version 2 adds the field node's erosion; a version-1 file with it is refused.
    CHECK(refusal(R"({"gradnoise_graph": 1, "dimensions": 2, "output": "out", "nodes": {"out": {"type": "field", "erosion": 3}}})") ==
          "graph node 'out' (field): erosion needs format version 2 (\"gradnoise_graph\": 2; version 1 has no erosion filter)");
    CHECK(refusal(R"({"output": 1})") == "graph: \"gradnoise_graph\" (the format version) is missing");
    CHECK(refusal("{\"gradnoise_graph\": 1,").find("not valid JSON") != std::string::npos);
}

TEST_CASE("graph: limits are checked while reading, before any work") {
    Graph g;
    std::string error;
    // Nesting.
    std::string deep = "{\"gradnoise_graph\": 1, \"output\": ";
    for (int i = 0; i < 70; ++i) {
        deep += "{\"type\": \"abs\", \"input\": ";
    }
    deep += "1" + std::string(70, '}') + "}";
    CHECK(Graph::from_json(deep, &g, &error).code() == ErrorCode::size_overflow);
    CHECK(error.find("nested deeper than 64") != std::string::npos);
    // Size.
    CHECK(Graph::from_json(std::string(max_graph_text + 1, ' '), &g, &error).code() == ErrorCode::size_overflow);
    // Depth through named nodes.
    std::string chain;
    for (int i = 0; i < 300; ++i) {
        chain += "\"n" + std::to_string(i) + "\": {\"type\": \"abs\", \"input\": " +
                 (i == 299 ? std::string("1") : "\"n" + std::to_string(i + 1) + "\"") + "},";
    }
    chain.pop_back();
    CHECK(Graph::from_json(graph_text(2, "\"n0\"", chain), &g, &error).code() == ErrorCode::size_overflow);
    CHECK(error.find("input chains longer than 256") != std::string::npos);
    // The program's size: fractals of fractals multiply.
    const std::string f = R"({"type": "fractal", "octaves": 32, "input": )";
    CHECK(Graph::from_json(graph_text(2, f + f + f + R"({"type": "abs", "input": {"type": "coordinate"}}}}})", ""), &g,
                           &error)
              .code() == ErrorCode::size_overflow);
    INFO(error);
    CHECK(error.find("exceeds 65536 operations") != std::string::npos);
    // The reference's cost: 24 nodes, each using the one before twice, is 2^24 evaluations node by node
    // (a program of 24 operations once shared).
    std::string doubling = R"("n0": {"type": "coordinate"})";
    for (int i = 1; i < 24; ++i) {
        doubling += ", \"n" + std::to_string(i) + "\": {\"type\": \"add\", \"inputs\": [\"n" + std::to_string(i - 1) +
                    "\", \"n" + std::to_string(i - 1) + "\"]}";
    }
    CHECK(Graph::from_json(graph_text(2, "\"n23\"", doubling), &g, &error).code() == ErrorCode::size_overflow);
    CHECK(error.find("more than 1048576 node evaluations per sample") != std::string::npos);
    CHECK(Graph::from_json(graph_text(2, "\"n15\"", doubling), &g, &error).ok());  // 2^16: fine
    CHECK(g.program_size() == 15);
    // Live values: 80 fields summed in fives of 16, then again in the opposite order, keep all 80
    // alive between their two uses -- more than the 64 slots a block has.
    std::string fields, first, second;
    for (int i = 0; i < 80; ++i) {
        fields += "\"f" + std::to_string(i) + "\": {\"type\": \"field\", \"seed\": " + std::to_string(i) + "}, ";
    }
    for (int group = 0; group < 5; ++group) {
        std::string a, b;
        for (int i = 0; i < 16; ++i) {
            a += (i ? ", \"f" : "\"f") + std::to_string(group * 16 + i) + "\"";
            b += (i ? ", \"f" : "\"f") + std::to_string(79 - (group * 16 + i)) + "\"";
        }
        first += std::string(group ? ", " : "") + "{\"type\": \"add\", \"inputs\": [" + a + "]}";
        second += std::string(group ? ", " : "") + "{\"type\": \"add\", \"inputs\": [" + b + "]}";
    }
    fields += "\"out\": {\"type\": \"subtract\", \"a\": {\"type\": \"add\", \"inputs\": [" + first +
              "]}, \"b\": {\"type\": \"add\", \"inputs\": [" + second + "]}}";
    CHECK(Graph::from_json(graph_text(2, "\"out\"", fields), &g, &error).code() == ErrorCode::size_overflow);
    CHECK(error.find("more than 64 values are needed at once") != std::string::npos);
}

TEST_CASE("graph: the node table is in NodeType's order and every name is unique") {
    for (int i = 0; i < graph::node_type_count; ++i) {
        const graph::NodeSpec& s = graph::node_spec(static_cast<graph::NodeType>(i));
        CHECK(static_cast<int>(s.type) == i);
        CHECK(graph::find_node_spec(s.name) == &s);
    }
}

TEST_CASE("the C API's by-name setter covers every field parameter of the table") {
    gradnoise_desc* d = nullptr;
    REQUIRE(gradnoise_desc_create(&d) == GRADNOISE_OK);
    c_api_testing::set_parameters(d, {{"basis", "opensimplex2s"}, {"seed", "1337"}, {"fractal", "ridged"}, {"octaves", "5"},
                                      {"lacunarity", "2.25"}, {"orientation3", "improve_xz"}});
    CHECK(gradnoise_desc_set_parameter(d, "octave", "5") == GRADNOISE_INVALID_ARGUMENT);
    CHECK(gradnoise_desc_set_parameter(d, "basis", "simplex") == GRADNOISE_INVALID_ARGUMENT);
    CHECK(gradnoise_desc_set_parameter(d, "octaves", "five") == GRADNOISE_INVALID_ARGUMENT);
    CHECK(gradnoise_desc_set_parameter(d, "frequency", "1e99") == GRADNOISE_INVALID_ARGUMENT);
    CHECK(gradnoise_desc_set_parameter(d, "seed", "1.5") == GRADNOISE_INVALID_ARGUMENT);
    gradnoise_noise* n = nullptr;
    REQUIRE(gradnoise_noise_create(d, &n) == GRADNOISE_OK);
    // The same field as the graph file with the same keys.
    const Graph g = load(graph_text(3, "\"f\"", R"("f": {"type": "field", "basis": "opensimplex2s", "seed": 1337,
        "fractal": "ridged", "octaves": 5, "lacunarity": 2.25, "orientation3": "improve_xz"})"));
    const testing::Points p = testing::random_points(300, -20.0f, 20.0f, 3);
    std::vector<float> a(p.size()), b(p.size());
    REQUIRE(gradnoise_evaluate_3d(n, p.x.data(), p.y.data(), p.z.data(), a.data(), p.size()) == GRADNOISE_OK);
    REQUIRE(g.evaluate_3d(p.x.data(), p.y.data(), p.z.data(), b.data(), p.size()).ok());
    check_same(a, b, "by-name setter");
    // Every parameter of the table has a value the setter accepts (its default, as the schema gives it).
    std::size_t count = 0;
    const Parameter* params = parameters(&count);
    for (std::size_t i = 0; i < count; ++i) {
        const std::string value = params[i].kind == ParameterKind::choice ? params[i].choices[0]
                                  : params[i].kind == ParameterKind::seed ? "7"
                                                                             : "1";
        INFO(params[i].name);
        CHECK(gradnoise_desc_set_parameter(d, params[i].name, value.c_str()) == GRADNOISE_OK);
    }
    gradnoise_noise_destroy(n);
    gradnoise_desc_destroy(d);
}

TEST_CASE("graph: the field parameters' ranges are Noise::validate's") {
    // Each documented range's ends are accepted and the values just outside refused.
    struct Probe {
        const char* name;
        double ok[2];
        double bad[2];
    };
    const Probe probes[] = {{"octaves", {1, 32}, {0, 33}},        {"persistence", {1e-6, 8}, {0, 8.01}},
                            {"jitter", {0, 1}, {-0.01, 1.01}},     {"warp", {0, 2}, {-1, 3}},
                            {"period_x", {0, 256}, {3, 512}},      {"frequency", {1e-6, 1e6}, {0, -1}}};
    for (const Probe& probe : probes) {
        const Parameter* f = find_parameter(probe.name);
        REQUIRE(f != nullptr);
        for (int i = 0; i < 2; ++i) {
            NoiseDesc d;
            d.basis = Basis::cellular;
            d.fractal.kind = Fractal::fbm;
            d.warp.levels = 1;
            f->set(d, probe.ok[i]);
            INFO(probe.name << " = " << probe.ok[i] << " (allowed: " << f->allowed << ")");
            CHECK(Noise::validate(d).ok());
            f->set(d, probe.bad[i]);
            CHECK_FALSE(Noise::validate(d).ok());
        }
    }
}

TEST_CASE("graph: the C API reads, evaluates, fills and writes graphs as the C++ API does") {
    const std::string text = coordinates_2d;
    gradnoise_graph* graph = nullptr;
    char error[256] = "untouched";
    REQUIRE(gradnoise_graph_create_from_json(text.data(), text.size(), &graph, error, sizeof error) == GRADNOISE_OK);
    CHECK(gradnoise_graph_dimensions(graph) == 2);
    const Graph cpp = load(text);
    const testing::Points p = testing::random_points(777, -9.0f, 9.0f, 2);
    std::vector<float> a(p.size()), b(p.size());
    REQUIRE(gradnoise_graph_evaluate_2d(graph, p.x.data(), p.y.data(), a.data(), p.size()) == GRADNOISE_OK);
    REQUIRE(cpp.evaluate_2d(p.x.data(), p.y.data(), b.data(), p.size()).ok());
    check_same(a, b, "C points");
    const gradnoise_grid_2d cg{0.5f, 0.25f, 0.125f, 0.0625f, 33, 9};
    std::vector<float> ga(33 * 9), gb(33 * 9);
    REQUIRE(gradnoise_graph_fill_grid_2d(graph, &cg, ga.data(), 0, nullptr) == GRADNOISE_OK);
    REQUIRE(cpp.fill_grid_2d(Grid2d{0.5f, 0.25f, 0.125f, 0.0625f, 33, 9}, gb.data()).ok());
    check_same(ga, gb, "C grid");
    CHECK(gradnoise_graph_evaluate_3d(graph, p.x.data(), p.y.data(), p.z.data(), a.data(), 1) ==
          GRADNOISE_INVALID_ARGUMENT);
    std::size_t length = 0;
    REQUIRE(gradnoise_graph_to_json(graph, nullptr, 0, &length) == GRADNOISE_OK);
    std::vector<char> json(length + 1);
    CHECK(gradnoise_graph_to_json(graph, json.data(), length, &length) == GRADNOISE_SIZE_OVERFLOW);
    REQUIRE(gradnoise_graph_to_json(graph, json.data(), json.size(), &length) == GRADNOISE_OK);
    CHECK(std::string(json.data()) == cpp.to_json());
    // Gradients through the C API equal the C++ ones.
    std::vector<float> v(p.size()), dx(p.size()), dy(p.size()), cv(p.size()), cdx(p.size()), cdy(p.size());
    const gradnoise_gradient_out cout_planes{cv.data(), cdx.data(), cdy.data(), nullptr, nullptr};
    REQUIRE(gradnoise_graph_evaluate_gradient_2d(graph, p.x.data(), p.y.data(), &cout_planes, p.size()) == GRADNOISE_OK);
    REQUIRE(cpp.evaluate_gradient_2d(p.x.data(), p.y.data(), GradientOut{v.data(), dx.data(), dy.data()}, p.size()).ok());
    check_same(cv, v, "C gradient value");
    check_same(cdx, dx, "C gradient dx");
    check_same(cdy, dy, "C gradient dy");
    REQUIRE(gradnoise_graph_fill_grid_gradient_2d(graph, &cg, &cout_planes, 0, nullptr) == GRADNOISE_OK);
    CHECK(std::memcmp(cv.data(), ga.data(), ga.size() * sizeof(float)) == 0);
    const gradnoise_chunk_2d cc{-7, 3, 11, 4, 0.5f, 0};
    std::vector<float> ca(11 * 4), cb(11 * 4);
    REQUIRE(gradnoise_graph_fill_chunk_2d(graph, &cc, ca.data(), 0, nullptr) == GRADNOISE_OK);
    REQUIRE(cpp.fill_chunk_2d(Chunk2d{-7, 3, 11, 4, 0.5f}, cb.data()).ok());
    check_same(ca, cb, "C chunk");
    gradnoise_graph_destroy(graph);

    const std::string bad = graph_text(2, R"({"type": "power", "input": 1, "exponent": 17})", "");
    graph = reinterpret_cast<gradnoise_graph*>(&error);
    CHECK(gradnoise_graph_create_from_json(bad.data(), bad.size(), &graph, error, 40) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(graph == nullptr);
    CHECK(std::string(error) == std::string("graph node 'output' (power): exponent m").substr(0, 39));
    CHECK(std::string(gradnoise_last_error_message()).find("invalid graph") != std::string::npos);
}

TEST_CASE("graph: the golden corpus gives its recorded digests on every ISA (the compatibility promise)") {
    int files = 0;
    for (const std::string& line : testing::data_lines(std::string(GRADNOISE_TEST_GRAPH_DIR) + "/golden.txt")) {
        std::istringstream fields(line);
        std::string path, digest_text;
        int version = 0;
        fields >> path >> version >> digest_text;
        const std::string text = read_text(std::string(GRADNOISE_PROJECT_DIR) + "/" + path);
        INFO(path);
        const Graph g = load(text);
        CHECK(g.data().desc.version == version);
        const std::uint64_t want = std::stoull(digest_text, nullptr, 16);
        if (std::getenv("GRADNOISE_GOLDEN_PRINT") != nullptr) {  // a new file's line (the reference's digest)
            std::printf("%s %d %016llx\n", path.c_str(), g.data().desc.version,
                        static_cast<unsigned long long>(golden_digest(*testing::isa_path(Isa::scalar).table, g)));
        }
        for (const testing::IsaPath& p : testing::isa_paths()) {
            const std::uint64_t got = golden_digest(*p.table, g);
            char shown[32];
            std::snprintf(shown, sizeof shown, "%016llx", static_cast<unsigned long long>(got));
            INFO(p.name() << " digest " << shown
                          << " -- a graph file of a released format version must keep its bits: a change that "
                             "alters them adds a new format version (docs/graphs.md)");
            CHECK(got == want);
        }
        ++files;
    }
    CHECK(files >= 15);
}

TEST_SUITE_END();
