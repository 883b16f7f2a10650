// Internal: a graph as read from its file (graph_json.cpp) and checked (validate.cpp), before it is
// compiled (compile.cpp): the nodes with their inputs and parameter values, in the units of
// node_types.hpp's tables. The reference (src/reference/graph.cpp) evaluates this form node by node.
#ifndef GRADNOISE_SRC_GRAPH_GRAPH_DESC_HPP
#define GRADNOISE_SRC_GRAPH_GRAPH_DESC_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "gradnoise/graph.hpp"
#include "gradnoise/noise.hpp"
#include "graph/node_types.hpp"

namespace gradnoise::graph {

struct Node {
    NodeType type = NodeType::constant;
    std::string name;  // a named node's name, or where an inline node sits ("terrain.inputs[1]")
    bool named = false;
    std::vector<int> inputs[max_inputs];  // per InputSpec of the type: node indices
    // Per ParamSpec of the type: number / integer / choice index (one value), per_axis (one per
    // axis of the graph), range (lo, hi), pairs (x0, y0, x1, y1, ...).
    std::vector<double> values[max_params];
    NoiseDesc field;  // NodeType::field

    double value(int param) const { return values[param][0]; }
};

struct GraphDesc {
    int version = graph_format_version;  // the semantics it was read or built for (a file's format version)
    int dims = 2;
    std::string description;
    std::vector<Node> nodes;
    int output = 0;  // the node whose value the graph is
};

// Reads a graph file (size and nesting limits first, then the JSON, then every node against the
// tables, then validate()). On failure: false, *error says what and where, and *limit whether a
// limit (size, nesting, nodes, depth, expansion) was what the file exceeded.
bool read_graph(std::string_view text, GraphDesc* out, std::string* error, bool* limit);
// The canonical text of a graph (graph_writer.cpp).
std::string write_graph(const GraphDesc& g);
// The checks that need the whole graph: cycles, depth, axes that the graph's dimensions have, the
// fields' descriptors (validate.cpp).
bool validate_graph(const GraphDesc& g, std::string* error, bool* limit);

// An integer in decimal for a message (snprintf: std::to_string's code would be a default-visibility
// template a shared libgradnoise exports).
std::string decimal(long long v);

// [S 19.4] The rotation's cosine and sine from its angle in degrees (the project's polynomial).
void rotation_cos_sin(double degrees, float* c, float* s) noexcept;
// [S 19.4] The plane's two axes.
void plane_axes(int plane, int* a, int* b) noexcept;
// [S 19.8] A graph chunk's coordinate: float(double(s) * double(spacing)).
float chunk_coordinate(std::int64_t s, float spacing) noexcept;

}  // namespace gradnoise::graph

#endif
