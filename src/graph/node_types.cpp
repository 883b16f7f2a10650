// Every graph node type and parameter, declared once: names, kinds, ranges, defaults and one line
// of help each (node_types.hpp says who reads them). The enumerations' names come from names.cpp.
#include "graph/node_types.hpp"

#include <cfloat>
#include <cstring>
#include <vector>

namespace gradnoise::graph {
namespace {

const char* name_of(Basis v) { return basis_name(v); }
const char* name_of(Fade v) { return fade_name(v); }
const char* name_of(Hash v) { return hash_name(v); }
const char* name_of(Fractal v) { return fractal_name(v); }
const char* name_of(Pattern v) { return pattern_name(v); }
const char* name_of(Orientation2 v) { return orientation2_name(v); }
const char* name_of(Orientation3 v) { return orientation3_name(v); }
const char* name_of(Orientation4 v) { return orientation4_name(v); }
const char* name_of(CellularDistance v) { return cellular_distance_name(v); }
const char* name_of(CellularOutput v) { return cellular_output_name(v); }

// The graph's fractal node sums fbm, turbulence, ridged or billow (the damped kind needs the
// octaves' gradients, which a subgraph need not have): Fractal's names from fbm to billow.
const char* const* fractal_kind_names() {
    static const char* const names[] = {fractal_name(Fractal::fbm), fractal_name(Fractal::turbulence),
                                        fractal_name(Fractal::ridged), fractal_name(Fractal::billow), nullptr};
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
    return s;
}

template <class Enum>
const char* const* make_enum_names() {
    static std::vector<const char*> names = [] {
        std::vector<const char*> v;
        for (int i = 0;; ++i) {
            const char* n = name_of(static_cast<Enum>(i));
            if (std::strcmp(n, "unknown") == 0) {
                break;
            }
            v.push_back(n);
        }
        v.push_back(nullptr);
        return v;
    }();
    return names.data();
}

// A NoiseDesc member as a double and back (choices by index).
#define GN_GET(expr) [](const NoiseDesc& d) -> double { return static_cast<double>(expr); }
#define GN_SET(lhs, type) [](NoiseDesc& d, double v) { lhs = static_cast<type>(v); }

std::vector<FieldParam> make_field_params() {
    return {
        {"basis", "basis", FieldKind::choice, enum_names<Basis>(), "", "the noise family",
         GN_GET(d.basis), GN_SET(d.basis, Basis)},
        {"seed", "seed", FieldKind::seed, nullptr, "an integer in 0..2^64-1 (absent: Perlin's own table)",
         "the seed of the permutation, mixing key or simplex hash", nullptr, nullptr},
        {"fade", "fade", FieldKind::choice, enum_names<Fade>(), "", "the lattice bases' fade curve",
         GN_GET(d.fade), GN_SET(d.fade, Fade)},
        {"hash", "hash", FieldKind::choice, enum_names<Hash>(), "", "the corner hash (simplex: K.jpg's or the mix variant)",
         GN_GET(d.hash), GN_SET(d.hash, Hash)},
        {"fractal", "fractal.kind", FieldKind::choice, enum_names<Fractal>(), "", "the field's own fractal",
         GN_GET(d.fractal.kind), GN_SET(d.fractal.kind, Fractal)},
        {"octaves", "fractal.octaves", FieldKind::integer, nullptr, "1..32", "octaves of the fractal",
         GN_GET(d.fractal.octaves), GN_SET(d.fractal.octaves, int)},
        {"frequency", "fractal.frequency", FieldKind::number, nullptr, "finite, > 0", "octave 0's frequency",
         GN_GET(d.fractal.frequency), GN_SET(d.fractal.frequency, float)},
        {"lacunarity", "fractal.lacunarity", FieldKind::number, nullptr, "finite, > 0",
         "the frequency ratio between octaves", GN_GET(d.fractal.lacunarity), GN_SET(d.fractal.lacunarity, float)},
        {"persistence", "fractal.persistence", FieldKind::number, nullptr, "(0, 8]",
         "the amplitude ratio between octaves", GN_GET(d.fractal.persistence), GN_SET(d.fractal.persistence, float)},
        {"period_x", "period_x", FieldKind::integer, nullptr, "0 (none) or a power of two in 1..256",
         "the lattice period along x", GN_GET(d.period_x), GN_SET(d.period_x, int)},
        {"period_y", "period_y", FieldKind::integer, nullptr, "0 (none) or a power of two in 1..256",
         "the lattice period along y", GN_GET(d.period_y), GN_SET(d.period_y, int)},
        {"period_z", "period_z", FieldKind::integer, nullptr, "0 (none) or a power of two in 1..256",
         "the lattice period along z", GN_GET(d.period_z), GN_SET(d.period_z, int)},
        {"period_w", "period_w", FieldKind::integer, nullptr, "0 (none) or a power of two in 1..256",
         "the lattice period along w", GN_GET(d.period_w), GN_SET(d.period_w, int)},
        {"warp", "warp.levels", FieldKind::integer, nullptr, "0, 1 or 2", "levels of the field's own domain warp",
         GN_GET(d.warp.levels), GN_SET(d.warp.levels, int)},
        {"warp_strength", "warp.strength", FieldKind::number, nullptr, "finite", "the warp's displacement",
         GN_GET(d.warp.strength), GN_SET(d.warp.strength, float)},
        {"warp_frequency", "warp.frequency", FieldKind::number, nullptr, "finite, > 0", "the warp's frequency",
         GN_GET(d.warp.frequency), GN_SET(d.warp.frequency, float)},
        {"pattern", "pattern.kind", FieldKind::choice, enum_names<Pattern>(), "", "marble or wood over the field",
         GN_GET(d.pattern.kind), GN_SET(d.pattern.kind, Pattern)},
        {"pattern_frequency", "pattern.frequency", FieldKind::number, nullptr, "finite, > 0",
         "the pattern's frequency", GN_GET(d.pattern.frequency), GN_SET(d.pattern.frequency, float)},
        {"pattern_strength", "pattern.strength", FieldKind::number, nullptr, "finite", "the pattern's strength",
         GN_GET(d.pattern.strength), GN_SET(d.pattern.strength, float)},
        {"orientation2", "simplex.orientation2", FieldKind::choice, enum_names<Orientation2>(), "",
         "the 2D simplex lattice's orientation", GN_GET(d.simplex.orientation2),
         GN_SET(d.simplex.orientation2, Orientation2)},
        {"orientation3", "simplex.orientation3", FieldKind::choice, enum_names<Orientation3>(), "",
         "the 3D simplex lattice's orientation", GN_GET(d.simplex.orientation3),
         GN_SET(d.simplex.orientation3, Orientation3)},
        {"orientation4", "simplex.orientation4", FieldKind::choice, enum_names<Orientation4>(), "",
         "the 4D simplex lattice's orientation", GN_GET(d.simplex.orientation4),
         GN_SET(d.simplex.orientation4, Orientation4)},
        {"cellular_distance", "cellular.distance", FieldKind::choice, enum_names<CellularDistance>(), "",
         "the cellular distance metric", GN_GET(d.cellular.distance), GN_SET(d.cellular.distance, CellularDistance)},
        {"cellular_output", "cellular.output", FieldKind::choice, enum_names<CellularOutput>(), "",
         "what cellular noise returns", GN_GET(d.cellular.output), GN_SET(d.cellular.output, CellularOutput)},
        {"jitter", "cellular.jitter", FieldKind::number, nullptr, "[0, 1]", "the feature points' displacement",
         GN_GET(d.cellular.jitter), GN_SET(d.cellular.jitter, float)},
    };
}
#undef GN_GET
#undef GN_SET

}  // namespace

template <class Enum>
const char* const* enum_names() noexcept {
    return make_enum_names<Enum>();
}
template const char* const* enum_names<Basis>() noexcept;
template const char* const* enum_names<Fade>() noexcept;
template const char* const* enum_names<Hash>() noexcept;
template const char* const* enum_names<Fractal>() noexcept;
template const char* const* enum_names<Pattern>() noexcept;
template const char* const* enum_names<Orientation2>() noexcept;
template const char* const* enum_names<Orientation3>() noexcept;
template const char* const* enum_names<Orientation4>() noexcept;
template const char* const* enum_names<CellularDistance>() noexcept;
template const char* const* enum_names<CellularOutput>() noexcept;

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

const FieldParam* field_params(std::size_t* count) noexcept {
    static const std::vector<FieldParam> params = make_field_params();
    *count = params.size();
    return params.data();
}

const FieldParam* find_field_param(const char* name) noexcept {
    std::size_t n = 0;
    const FieldParam* p = field_params(&n);
    for (std::size_t i = 0; i < n; ++i) {
        if (std::strcmp(p[i].name, name) == 0) {
            return &p[i];
        }
    }
    return nullptr;
}

}  // namespace gradnoise::graph
