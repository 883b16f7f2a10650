// Internal: a compiled graph (compile.cpp makes it; src/kernels/graph.hpp runs it). The program is
// a straight line of operations over slots -- each slot one block of graph_block samples -- with
// fractals unrolled, shared subgraphs evaluated once per coordinate set, and slots reused once their
// last reader has run. Every operation is elementwise over the block's lanes, reads all its inputs
// of a batch before it writes its outputs (so an output may reuse an input's slot), and computes
// exactly the operations of docs/spec.md section 19 in their order.
#ifndef GRADNOISE_SRC_GRAPH_PROGRAM_HPP
#define GRADNOISE_SRC_GRAPH_PROGRAM_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "gradnoise/noise.hpp"
#include "graph/graph_desc.hpp"

namespace gradnoise::graph {

// Samples per block: a slot is 512 bytes, so the 64 slots a program may use stay in L1/L2. With
// gradients a slot holds the value and one plane per axis: blocks of 32 keep the same 40 KiB.
inline constexpr std::size_t graph_block = 128;
inline constexpr std::size_t graph_gradient_block = 32;
inline constexpr int max_graph_slots = 64;

enum class Op : std::uint8_t {
    field,         // out = fields[index] at (in[0], ..., in[dims - 1]); gradients: count == 1 when every
                   // in[b]'s derivative is diagonal, c_b = k[b] (spec 19.6), else the full chain rule
    constant,      // out = k0
    add,           // out = in0 + in1
    subtract,      // out = in0 - in1
    multiply,      // out = in0 * in1
    min,           // out = in1 < in0 ? in1 : in0
    max,           // out = in0 < in1 ? in1 : in0
    abs,           // out = |in0|
    negate,        // out = -in0
    lerp,          // out = in0 + (in1 - in0) * in2
    select_hard,   // out = in2 < k0 ? in0 : in1
    select_soft,   // u = clamp01((in2 - k0) * k1); s = (u * u) * (3 - 2 * u); out = in0 + (in1 - in0) * s
    remap,         // out = (in0 - k0) * k1 + k2
    clamp,         // r = in0 < k0 ? k0 : in0; out = k1 < r ? k1 : r
    power,         // r = in0; (count - 1) times r = r * in0
    sqrt,          // out = sqrt(in0 < 0 ? +0 : in0)
    terrace,       // t = in0 * k0; f = floor(t); g = k1 == 0 ? 0 : clamp01((t - f - k2) * k3); out = (f + g) * k1'
    curve,         // curves[index] at in0
    scale,         // out = in0 * k0
    translate,     // out = in0 + k0
    rotate,        // out = k0 * in0 - k1 * in1; out2 = k1 * in0 + k0 * in1
    affine,        // out = in0 * k0 + k1
    axpy,          // out = in0 + k0 * in1
    accumulate,    // out = in0 + k0 * term(in1), term by `count` (the Fractal kind: fbm, turbulence, billow)
    accumulate_ridged,  // s = (1 - |in2|)^2 * in1; out2 = clamp01(s * 2); out = in0 + k0 * s
    fractal_end,   // out = (in[1..dims] all finite) ? in0 / k0 : +0
    local,         // out = in0, its derivative e_count: a coordinate as the independent variable (erode's input)
    curvature,     // [S 21.6] h = in2 - in3; out' = (in0' - in1') / h (+0 where h <= 0), rows x and y; out = +0
    erode,         // out = the erosion filter (fields[index]'s table) of in[dims] (value, gradient along the
                   // local coordinates) at (in[0], ..., in[dims - 1]), in[dims + 1 + b] the input's
                   // curvature column b; its gradient chained as the field's
};

struct Instr {
    Op op = Op::constant;
    std::uint8_t count = 0;
    std::uint32_t out = 0, out2 = 0;
    std::uint32_t in[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};  // (an erode: 2 * dims + 1)
    std::int32_t index = -1;  // field: GraphData::fields; curve: Program::curves
    float k[4] = {0.0f, 0.0f, 0.0f, 0.0f};
};

// [S 19.3] A curve's segments: for x[i] <= v < x[i + 1], y[i] + (v - x[i]) * slope[i].
struct CurveTable {
    int count = 0;
    float x[32], y[32], slope[32];
};

struct Program {
    int dims = 2;  // the coordinates arrive in slots 0 .. dims - 1
    std::vector<Instr> code;
    std::vector<CurveTable> curves;
    int slots = 0;
    int output = 0;  // the slot holding the value after the last operation
};

}  // namespace gradnoise::graph

namespace gradnoise::detail {

// What a Graph owns: the graph as read, each field node's tables, and the program.
struct GraphData {
    graph::GraphDesc desc;
    std::vector<Noise> fields;  // desc's field (and erode) nodes by node index; then fields the compiler made
    std::vector<std::string> field_names;  // the node each field is (a folded fractal's for those made)
    graph::Program program;
    // The whole graph is fields[single_field] at the graph's own coordinates (its kernels run it).
    int single_field = -1;
    // Why the graph has no gradient ("graph node 'x' (field): ..."), or empty when it has one.
    std::string no_gradient;
    // [S 19.9] An erode node steers by its input's gradient: the program runs with gradients (the
    // value is their value plane) even where only values are asked for.
    bool needs_gradient = false;
};

}  // namespace gradnoise::detail

namespace gradnoise::graph {

// Compiles a validated graph: false (and *error) when the program exceeds max_graph_program
// operations or max_graph_slots live values.
bool compile(detail::GraphData& data, std::string* error);

}  // namespace gradnoise::graph

#endif
