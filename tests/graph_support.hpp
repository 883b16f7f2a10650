// What the graph tests share (tests/test_graph*.cpp): reading a graph that must be valid, graph texts
// around given nodes, the node tests' corpus graphs (tests/graphs/), a graph's values on one ISA's
// kernels, and a bit comparison that names the first difference.
#ifndef GRADNOISE_TESTS_GRAPH_SUPPORT_HPP
#define GRADNOISE_TESTS_GRAPH_SUPPORT_HPP

#include <doctest/doctest.h>

#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "api/entry.hpp"
#include "gradnoise/graph.hpp"
#include "test_support.hpp"

namespace graph_testing {

// The graph of text, REQUIRE-ing that it reads (the reader's message says why not).
inline gradnoise::Graph load(const std::string& text) {
    gradnoise::Graph g;
    std::string error;
    const gradnoise::Status s = gradnoise::Graph::from_json(text, &g, &error);
    INFO(error);
    REQUIRE(s.ok());
    return g;
}

// A graph file's text: format version 1, `dims` dimensions, the output (a node's quoted name or an
// inline node) and the named nodes (JSON members, comma-separated).
inline std::string graph_text(int dims, const std::string& output, const std::string& nodes) {
    return "{\"gradnoise_graph\": 1, \"dimensions\": " + std::to_string(dims) + ", \"output\": " + output +
           ", \"nodes\": {" + nodes + "}}";
}

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);  // (a missing file reads as "": load() then fails naming it)
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Graphs that use every node type, 2D to 4D (tests/graphs/, part of the golden corpus).
inline std::string corpus(const char* name) {
    return read_text(std::string(GRADNOISE_TEST_GRAPH_DIR) + "/" + name + ".json");
}
inline const std::string arithmetic_2d = corpus("arithmetic_2d"), coordinates_2d = corpus("coordinates_2d"),
                         volume_3d = corpus("volume_3d"), loop_4d = corpus("loop_4d"), shaping_2d = corpus("shaping_2d"),
                         erode_2d = corpus("erode_2d"), erode_3d = corpus("erode_3d");

// The graph's values at p on one ISA's kernels (4D: w as testing::w_of).
inline std::vector<float> run_points(const gradnoise::kernels::KernelTable& k, const gradnoise::Graph& g,
                                     const testing::Points& p) {
    const std::size_t n = p.size();
    const std::vector<float> w = testing::w_of(p);
    const float* coords[4] = {p.x.data(), p.y.data(), p.z.data(), w.data()};
    std::vector<float> out(n, -7.0f);
    REQUIRE(gradnoise::detail::evaluate_graph(k, g.data(), g.dimensions(), coords, out.data(), n).ok());
    return out;
}

// CHECKs that a and b hold the same bits, naming the first difference.
inline void check_same(const std::vector<float>& a, const std::vector<float>& b, const std::string& what) {
    const long i = testing::first_bit_difference(a, b);
    INFO(what << ": first difference at " << i << ": "
              << (i >= 0 ? testing::describe(a[static_cast<std::size_t>(i)]) + " vs " +
                               testing::describe(b[static_cast<std::size_t>(i)])
                         : std::string()));
    CHECK(i == -1);
}

}  // namespace graph_testing

#endif
