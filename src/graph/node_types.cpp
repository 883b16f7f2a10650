// Every graph node type and parameter, declared once: names, kinds, ranges, defaults and one line
// of help each (node_types.hpp says who reads them). The field node's parameters are the library's
// table (parameters.cpp).
#include "graph/node_types.hpp"

#include <cfloat>
#include <cstring>
#include <vector>

namespace gradnoise::graph {
namespace {

// The graph's fractal node sums fbm, turbulence, ridged or billow (the damped kind needs the
// octaves' gradients, which a subgraph need not have): Fractal's names from fbm to billow.
const char* const* fractal_kind_names() {
    static const char* const* all = find_parameter("fractal")->choices;
    static const char* const names[] = {all[static_cast<int>(Fractal::fbm)], all[static_cast<int>(Fractal::turbulence)],
                                        all[static_cast<int>(Fractal::ridged)], all[static_cast<int>(Fractal::billow)],
                                        nullptr};
    return names;
}

const char* const axis_names[] = {"x", "y", "z", "w", nullptr};
const char* const plane_names[] = {"xy", "xz", "yz", "xw", "yw", "zw", nullptr};

constexpr double inf = DBL_MAX;

ParamSpec number(const char* name, double lo, double hi, double def, const char* help, bool lo_open = false) {
    return ParamSpec{name, ParamKind::number, lo, hi, lo_open, false, def, nullptr, help};
}
ParamSpec integer(const char* name, double lo, double hi, double def, const char* help) {
    return ParamSpec{name, ParamKind::integer, lo, hi, false, false, def, nullptr, help};
}
ParamSpec choice(const char* name, const char* const* choices, int def, const char* help) {
    return ParamSpec{name, ParamKind::choice, 0, 0, false, false, static_cast<double>(def), choices, help};
}
ParamSpec per_axis(const char* name, double def, const char* help) {
    return ParamSpec{name, ParamKind::per_axis, -inf, inf, false, false, def, nullptr, help};
}

InputSpec one(const char* name, const char* help) { return InputSpec{name, 1, 1, false, help}; }

std::vector<NodeSpec> make_specs() {
    std::vector<NodeSpec> s;
    auto node = [&](NodeType type, const char* name, const char* group, const char* help,
                    std::initializer_list<InputSpec> inputs, std::initializer_list<ParamSpec> params) {
        NodeSpec n{};
        n.type = type;
        n.name = name;
        n.group = group;
        n.help = help;
        for (const InputSpec& i : inputs) {
            n.inputs[n.input_count++] = i;
        }
        for (const ParamSpec& p : params) {
            n.params[n.param_count++] = p;
        }
        s.push_back(n);
    };
    const InputSpec input = one("input", "the node whose value is shaped (or whose coordinates are transformed)");
    const InputSpec list{"inputs", 2, max_list_inputs, false, "the nodes, combined left to right"};
    node(NodeType::constant, "constant", "source", "the same value everywhere", {},
         {number("value", -inf, inf, 0, "the value")});
    node(NodeType::coordinate, "coordinate", "source", "one coordinate of the sample point, as it reaches this node", {},
         {choice("axis", axis_names, 0, "which coordinate (an axis of the graph)")});
    node(NodeType::field, "field", "source",
         "a built-in field: a basis with its options, fractal, warp and pattern (the field parameters below)", {}, {});
    node(NodeType::add, "add", "arithmetic", "the sum of its inputs", {list}, {});
    node(NodeType::subtract, "subtract", "arithmetic", "a - b", {one("a", "the minuend"), one("b", "the subtrahend")},
         {});
    node(NodeType::multiply, "multiply", "arithmetic", "the product of its inputs", {list}, {});
    node(NodeType::min, "min", "arithmetic", "the smallest input", {list}, {});
    node(NodeType::max, "max", "arithmetic", "the largest input", {list}, {});
    node(NodeType::abs, "abs", "arithmetic", "|input|", {input}, {});
    node(NodeType::negate, "negate", "arithmetic", "-input", {input}, {});
    node(NodeType::lerp, "lerp", "shaping", "blend: a + (b - a) * t",
         {one("a", "the value at t = 0"), one("b", "the value at t = 1"), one("t", "the blend factor")}, {});
    node(NodeType::select, "select", "shaping",
         "a where control is below threshold, b above it, blended smoothly across threshold +- falloff",
         {one("a", "the value below"), one("b", "the value above"), one("control", "the field compared")},
         {number("threshold", -inf, inf, 0, "where the choice switches"),
          number("falloff", 0, inf, 0, "half the width of the smooth transition (0: a hard edge)")});
    node(NodeType::remap, "remap", "shaping", "maps [from] linearly onto [to] (not clamped)", {input},
         {ParamSpec{"from", ParamKind::range, 0, 0, false, false, 0, nullptr, "[lo, hi]: the input range, lo != hi"},
          ParamSpec{"to", ParamKind::range, 0, 0, false, false, 0, nullptr, "[lo, hi]: the output range, lo != hi"}});
    node(NodeType::clamp, "clamp", "shaping", "the input limited to [min, max]", {input},
         {number("min", -inf, inf, -1, "the lower limit"), number("max", -inf, inf, 1, "the upper limit (>= min)")});
    node(NodeType::power, "power", "shaping", "input ^ exponent, by repeated multiplication", {input},
         {integer("exponent", 1, 16, 2, "the exponent")});
    node(NodeType::sqrt, "sqrt", "shaping", "the square root of the input, +0 for a negative input", {input}, {});
    node(NodeType::terrace, "terrace", "shaping",
         "steps: the input's range cut into flat terraces joined by risers", {input},
         {integer("steps", 1, 256, 8, "terraces per unit of input"),
          number("smoothness", 0, 1, 0.2, "the risers' share of each step (0: vertical cliffs, 1: no terraces)")});
    node(NodeType::curve, "curve", "shaping",
         "a piecewise-linear curve through control points, flat beyond the first and last", {input},
         {ParamSpec{"points", ParamKind::pairs, -inf, inf, false, false, 0, nullptr,
                    "2..32 [x, y] pairs, x strictly increasing"}});
    node(NodeType::scale, "scale", "coordinates", "input sampled at p * factor (per axis)", {input},
         {per_axis("factor", 1, "the factor, or one per axis")});
    node(NodeType::translate, "translate", "coordinates", "input sampled at p + offset (per axis)", {input},
         {per_axis("offset", 0, "the offset, or one per axis")});
    node(NodeType::rotate, "rotate", "coordinates", "input sampled at p rotated in one coordinate plane", {input},
         {number("degrees", -inf, inf, 0, "the angle, counter-clockwise from the plane's first axis to its second"),
          choice("plane", plane_names, 0, "the plane of rotation (axes of the graph)")});
    node(NodeType::warp, "warp", "coordinates",
         "input sampled at p + strength * d, d's component a from `by` at p * frequency (+ the spec's offsets)",
         {input, InputSpec{"by", 1, 4, false,
                           "one node (sampled per axis at the spec's offsets) or one node per axis"}},
         {number("strength", -inf, inf, 1, "the displacement per unit of `by`"),
          number("frequency", 0, inf, 1, "the frequency at which `by` is sampled", true)});
    node(NodeType::fractal, "fractal", "coordinates",
         "a sum of octaves of its input: octave k at p * f_k + k * (the spec's offsets)", {input},
         {choice("kind", fractal_kind_names(), 0, "how octaves combine"),
          integer("octaves", 1, max_octaves, 6, "the number of octaves"),
          number("frequency", 0, inf, 1, "octave 0's frequency", true),
          number("lacunarity", 0, inf, 2, "the frequency ratio between octaves", true),
          number("persistence", 0, 8, 0.5, "the amplitude ratio between octaves", true)});
    // [S 19.9] The erosion filter over any input: its parameters are the field table's erosion ones.
    ParamSpec erosion[max_params];
    int count = 0;
    {
        std::size_t n = 0;
        const Parameter* table = parameters(&n);
        const NoiseDesc defaults;
        for (std::size_t i = 0; i < n; ++i) {
            const Parameter& p = table[i];
            if (std::strncmp(p.member, "erosion.", 8) != 0) continue;
            const bool octaves = std::strcmp(p.name, "erosion") == 0;
            // (the node without octaves would do nothing: 1..8, default 4)
            erosion[count++] = ParamSpec{octaves ? "octaves" : p.name + 8, octaves ? ParamKind::integer : ParamKind::number,
                                         octaves ? 1.0 : p.lo, p.hi, p.lo_open, false,
                                         octaves ? 4.0 : p.get(defaults), nullptr,
                                         octaves ? "octaves of gullies, each half as wide as the last" : p.help};
        }
    }
    node(NodeType::erode, "erode", "terrain",
         "the erosion filter (docs/erosion.md): gullies laid downhill by the input's gradient, at the coordinates "
         "as they reach this node; the input must have a gradient",
         {input},
         {erosion[0], erosion[1], erosion[2], erosion[3], erosion[4], erosion[5],
          number("frequency", 0, inf, 1, "the input's first feature frequency: the first gullies' cells are "
                 "scale / frequency wide", true),
          integer("seed", 0, 4294967295.0, 0, "the gully cells' seed")});
    return s;
}

}  // namespace

NoiseDesc erode_desc(const std::vector<double>* values) {
    NoiseDesc d;
    std::size_t n = 0;
    const Parameter* table = parameters(&n);
    int k = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (std::strncmp(table[i].member, "erosion.", 8) == 0) {
            table[i].set(d, values[k++][0]);
        }
    }
    d.fractal.kind = Fractal::fbm;
    d.fractal.octaves = 1;
    d.fractal.frequency = static_cast<float>(values[erode_frequency_param][0]);
    d.seed = static_cast<std::uint64_t>(values[erode_seed_param][0]);
    d.has_seed = true;
    return d;
}

const NodeSpec& node_spec(NodeType type) noexcept {
    static const std::vector<NodeSpec> specs = make_specs();
    return specs[static_cast<std::size_t>(type)];
}

const NodeSpec* find_node_spec(const char* name) noexcept {
    for (int i = 0; i < node_type_count; ++i) {
        const NodeSpec& s = node_spec(static_cast<NodeType>(i));
        if (std::strcmp(s.name, name) == 0) {
            return &s;
        }
    }
    return nullptr;
}

}  // namespace gradnoise::graph
