// Internal: every graph node type and every parameter, declared once (node_types.cpp). The reader
// and writer (graph_json.cpp, graph_writer.cpp), validation and its messages, the compiler, the reference and the
// generated reference page (docs/graph-reference.md, tests/graph_reference.cpp) all read these
// tables; adding a node is a line in NodeType, an entry in node_specs, its operation in the
// reference, the compiler and the kernel, and its test.
#ifndef GRADNOISE_SRC_GRAPH_NODE_TYPES_HPP
#define GRADNOISE_SRC_GRAPH_NODE_TYPES_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

#include "gradnoise/noise.hpp"
#include "gradnoise/parameters.hpp"

namespace gradnoise::graph {

// The node types, in the order of node_specs (docs/spec.md section 19 has one subsection each).
enum class NodeType : std::uint8_t {
    constant,
    coordinate,
    field,
    add,
    subtract,
    multiply,
    min,
    max,
    abs,
    negate,
    lerp,
    select,
    remap,
    clamp,
    power,
    sqrt,
    terrace,
    curve,
    scale,
    translate,
    rotate,
    warp,
    fractal,
    erode,
};
inline constexpr int node_type_count = static_cast<int>(NodeType::erode) + 1;

// How a parameter's JSON value reads.
enum class ParamKind : std::uint8_t {
    number,    // a finite JSON number in [lo, hi] (open at an end when lo_open / hi_open)
    integer,   // an integer in [lo, hi]
    choice,    // one of `choices` (a string); stored as its index
    per_axis,  // a number, or an array of one number per axis of the graph, each in [lo, hi]
    pairs,     // an array of 2..32 [x, y] pairs, x strictly increasing (the curve's points)
    range,     // an array [lo, hi] of two finite numbers, lo != hi
};

struct ParamSpec {
    const char* name;
    ParamKind kind;
    double lo, hi;
    bool lo_open, hi_open;
    double default_value;              // number/integer/per_axis; choice: the index
    const char* const* choices;        // null-terminated (choice)
    const char* help;
};

// An input: one node (count 1), or an array of min..max nodes. A JSON input is a node's name (a
// string), a number (a constant node), or an inline node object.
struct InputSpec {
    const char* name;
    int min_count, max_count;
    bool optional;
    const char* help;
};

inline constexpr int max_params = 8;
inline constexpr int max_inputs = 3;
inline constexpr int max_list_inputs = 16;

struct NodeSpec {
    NodeType type;
    const char* name;
    const char* group;  // "source", "arithmetic", "shaping", "coordinates", "terrain"
    const char* help;
    int input_count;
    InputSpec inputs[max_inputs];
    int param_count;
    ParamSpec params[max_params];
};

const NodeSpec& node_spec(NodeType type) noexcept;
const NodeSpec* find_node_spec(const char* name) noexcept;  // null when unknown

// The field node's parameters are the library's parameter table (gradnoise/parameters.hpp):
// NoiseDesc's members under the names the CLI and Python use (octaves, warp_strength, ...). The
// erode node's are the table's erosion parameters without the "erosion_" prefix (the table's
// `erosion`, its octave count, as `octaves`), then `frequency` and `seed`, in that order
// (erode_desc reads them).
inline constexpr int erode_frequency_param = 6;
inline constexpr int erode_seed_param = 7;
// [S 19.9] The erode node's filter as a field's: desc.erosion from the node's parameters, its
// octaves' frequency E_0 = frequency / scale (desc.fractal: one fbm octave at `frequency`), the
// node's seed (node_types.cpp).
NoiseDesc erode_desc(const std::vector<double>* values);

}  // namespace gradnoise::graph

#endif
