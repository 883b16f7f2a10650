// The graph compiler: a validated graph -> one straight-line program (program.hpp). Each node is
// compiled once per coordinate set that reaches it (a shared subgraph at the same coordinates runs
// once); coordinate nodes become operations on coordinate slots; fractals unroll their octaves with
// the constants of spec section 8, computed here by its recurrences; a fractal of a plain field
// becomes that field's own fractal (the same bits: spec 19.5), so a graph that is one built-in
// field runs that field's kernels. Then slots are reused once their last reader has run.
#include <array>
#include <map>
#include <string>
#include <tuple>

#include "gradnoise/graph.hpp"
#include "graph/program.hpp"
#include "tables/noise_tables.hpp"

namespace gradnoise::graph {
namespace {

using Coords = std::array<int, 4>;

// The maps' keys are types of this unnamed namespace, so the std::map code instantiated for them has
// internal linkage: a shared libgradnoise exports only the public API (scripts/test.sh checks).
struct MemoKey {
    int node;
    Coords coords;
    bool operator<(const MemoKey& o) const { return node != o.node ? node < o.node : coords < o.coords; }
};
struct SlotKey {
    int slot;
    bool operator<(const SlotKey& o) const { return slot < o.slot; }
};
struct Diagonal {
    int axis;
    float c;
};

const float octave_offsets[4] = {detail::octave_offset_x, detail::octave_offset_y, detail::octave_offset_z,
                                 detail::octave_offset_w};

class Compiler {
public:
    Compiler(detail::GraphData& data, std::string* error) : d_(data), g_(data.desc), error_(error) {}

    bool run() {
        const Coords root = {0, 1, 2, 3};
        next_ = g_.dims;
        for (int a = 0; a < g_.dims; ++a) {
            diagonal_[SlotKey{a}] = Diagonal{a, 1.0f};  // [S 19.6] dp_a / dp = e_a
        }
        d_.field_names.resize(d_.fields.size());
        for (std::size_t i = 0; i < g_.nodes.size() && i < d_.fields.size(); ++i) {
            d_.field_names[i] = g_.nodes[i].name;
        }
        const int out = value(g_.output, root);
        if (out < 0) {
            return false;
        }
        d_.program.dims = g_.dims;
        if (d_.program.code.size() == 1 && d_.program.code[0].op == Op::field && is_root(d_.program.code[0])) {
            d_.single_field = d_.program.code[0].index;
        }
        return allocate(out);
    }

private:
    bool is_root(const Instr& in) const {
        for (int a = 0; a < g_.dims; ++a) {
            if (in.in[a] != static_cast<std::uint32_t>(a)) {
                return false;
            }
        }
        return true;
    }

    int emit(Instr in, int outputs = 1) {
        if (d_.program.code.size() >= static_cast<std::size_t>(max_graph_program)) {
            *error_ = "graph: the compiled program exceeds " + decimal(max_graph_program) +
                      " operations (a fractal repeats its input once per octave: fewer octaves or a smaller "
                      "input)";
            return -1;
        }
        in.out = static_cast<std::uint32_t>(next_++);
        if (outputs == 2) {
            in.out2 = static_cast<std::uint32_t>(next_++);
        }
        d_.program.code.push_back(in);
        return in.out;
    }

    static Instr op(Op o, std::initializer_list<int> inputs = {}, std::initializer_list<float> k = {}) {
        Instr in;
        in.op = o;
        int i = 0;
        for (int v : inputs) {
            in.in[i++] = static_cast<std::uint32_t>(v);
        }
        i = 0;
        for (float v : k) {
            in.k[i++] = v;
        }
        return in;
    }

    int value(int node, const Coords& c) {
        const Node& n = g_.nodes[static_cast<std::size_t>(node)];
        // A constant does not depend on where it is sampled: one slot for every coordinate set.
        const Coords key = n.type == NodeType::constant ? Coords{-1, -1, -1, -1} : c;
        auto found = memo_.find(MemoKey{node, key});
        if (found != memo_.end()) {
            return found->second;
        }
        const int v = compute(n, c);
        if (v >= 0) {
            memo_[MemoKey{node, key}] = v;
        }
        return v;
    }

    // Folds a left-to-right chain of binary operations.
    int chain(const Node& n, Op o, const Coords& c) {
        int r = value(n.inputs[0][0], c);
        for (std::size_t i = 1; i < n.inputs[0].size() && r >= 0; ++i) {
            const int v = value(n.inputs[0][i], c);
            r = v < 0 ? -1 : emit(op(o, {r, v}));
        }
        return r;
    }

    int unary(const Node& n, Op o, const Coords& c, std::initializer_list<float> k = {}) {
        const int v = value(n.inputs[0][0], c);
        return v < 0 ? -1 : emit(op(o, {v}, k));
    }

    int compute(const Node& n, const Coords& c) {
        switch (n.type) {
            case NodeType::constant: return emit(op(Op::constant, {}, {static_cast<float>(n.value(0))}));
            case NodeType::coordinate: return c[static_cast<std::size_t>(n.value(0))];
            case NodeType::field: return field(static_cast<int>(&n - g_.nodes.data()), c);
            case NodeType::add: return chain(n, Op::add, c);
            case NodeType::multiply: return chain(n, Op::multiply, c);
            case NodeType::min: return chain(n, Op::min, c);
            case NodeType::max: return chain(n, Op::max, c);
            case NodeType::subtract: {
                const int a = value(n.inputs[0][0], c), b = a < 0 ? -1 : value(n.inputs[1][0], c);
                return b < 0 ? -1 : emit(op(Op::subtract, {a, b}));
            }
            case NodeType::abs: return unary(n, Op::abs, c);
            case NodeType::negate: return unary(n, Op::negate, c);
            case NodeType::lerp:
            case NodeType::select: {
                const int a = value(n.inputs[0][0], c), b = a < 0 ? -1 : value(n.inputs[1][0], c),
                          t = b < 0 ? -1 : value(n.inputs[2][0], c);
                if (t < 0) {
                    return -1;
                }
                if (n.type == NodeType::lerp) {
                    return emit(op(Op::lerp, {a, b, t}));
                }
                // [S 19.3] lo = threshold - falloff, inv = 1 / (2 * falloff), in float.
                const float threshold = static_cast<float>(n.value(0)), falloff = static_cast<float>(n.value(1));
                if (falloff == 0.0f) {
                    return emit(op(Op::select_hard, {a, b, t}, {threshold}));
                }
                const float lo = threshold - falloff, inv = 1.0f / (2.0f * falloff);
                return emit(op(Op::select_soft, {a, b, t}, {lo, inv}));
            }
            case NodeType::remap: {
                const float in_lo = static_cast<float>(n.values[0][0]), in_hi = static_cast<float>(n.values[0][1]);
                const float out_lo = static_cast<float>(n.values[1][0]), out_hi = static_cast<float>(n.values[1][1]);
                const float k = (out_hi - out_lo) / (in_hi - in_lo);
                return unary(n, Op::remap, c, {in_lo, k, out_lo});
            }
            case NodeType::clamp:
                return unary(n, Op::clamp, c, {static_cast<float>(n.value(0)), static_cast<float>(n.value(1))});
            case NodeType::power: {
                const int v = value(n.inputs[0][0], c);
                if (v < 0) {
                    return -1;
                }
                Instr in = op(Op::power, {v});
                in.count = static_cast<std::uint8_t>(n.value(0));
                return emit(in);
            }
            case NodeType::sqrt: return unary(n, Op::sqrt, c);
            case NodeType::terrace: {
                const float steps = static_cast<float>(n.value(0)), w = static_cast<float>(n.value(1));
                return unary(n, Op::terrace, c, {steps, w, 1.0f - w, w == 0.0f ? 0.0f : 1.0f / w});
            }
            case NodeType::curve: {
                const int v = value(n.inputs[0][0], c);
                if (v < 0) {
                    return -1;
                }
                d_.program.curves.push_back(curve_table(n.values[0]));
                Instr in = op(Op::curve, {v});
                in.index = static_cast<std::int32_t>(d_.program.curves.size() - 1);
                return emit(in);
            }
            case NodeType::scale: {
                Coords q = c;
                for (int a = 0; a < g_.dims; ++a) {
                    const float f = static_cast<float>(n.values[0][static_cast<std::size_t>(a)]);
                    if (f != 1.0f) {  // p * 1 is p, bit for bit (NaN, -0 and infinities included)
                        q[a] = emit(op(Op::scale, {c[a]}, {f}));
                        if (q[a] < 0) {
                            return -1;
                        }
                        scaled(c[a], q[a], f);
                    }
                }
                return value(n.inputs[0][0], q);
            }
            case NodeType::translate: {
                Coords q = c;
                for (int a = 0; a < g_.dims; ++a) {
                    q[a] = emit(op(Op::translate, {c[a]}, {static_cast<float>(n.values[0][static_cast<std::size_t>(a)])}));
                    if (q[a] < 0) {
                        return -1;
                    }
                    scaled(c[a], q[a], 1.0f, false);
                }
                return value(n.inputs[0][0], q);
            }
            case NodeType::rotate: {
                float cs = 0, sn = 0;
                rotation_cos_sin(n.value(0), &cs, &sn);
                int a = 0, b = 0;
                plane_axes(static_cast<int>(n.value(1)), &a, &b);
                const int r = emit(op(Op::rotate, {c[a], c[b]}, {cs, sn}), 2);
                if (r < 0) {
                    return -1;
                }
                Coords q = c;
                q[a] = r;
                q[b] = r + 1;
                return value(n.inputs[0][0], q);
            }
            case NodeType::warp: return warp(n, c);
            case NodeType::fractal: return fractal(n, c);
            case NodeType::erode: return erode(static_cast<int>(&n - g_.nodes.data()), n, c);
        }
        return -1;
    }

    // [S 19.9] The input at the node's coordinates taken as the independent variables (the graph's own
    // where they are the root), eroded by the node's table, its gradient chained as a field's.
    int erode(int index, const Node& n, const Coords& c) {
        d_.needs_gradient = true;
        Coords local = c;
        if (!is_root_coords(c)) {
            for (int a = 0; a < g_.dims; ++a) {
                Instr in = op(Op::local, {c[a]});
                in.count = static_cast<std::uint8_t>(a);
                local[a] = emit(in);
                if (local[a] < 0) {
                    return -1;
                }
                diagonal_[SlotKey{local[a]}] = Diagonal{a, 1.0f};
            }
        }
        const int input = value(n.inputs[0][0], local);
        if (input < 0) {
            return -1;
        }
        // [S 21.6] The input's curvature: along each local axis b, the input at q_b + delta and
        // q_b - delta (translates: the derivatives stay the identity), differenced.
        const float delta = d_.fields[static_cast<std::size_t>(index)].tables().erosion.curvature_step;
        int columns[4] = {0, 0, 0, 0};
        for (int b = 0; b < g_.dims; ++b) {
            Coords above = local, below = local;
            above[b] = emit(op(Op::translate, {local[b]}, {delta}));
            below[b] = above[b] < 0 ? -1 : emit(op(Op::translate, {local[b]}, {-delta}));
            if (below[b] < 0) {
                return -1;
            }
            scaled(local[b], above[b], 1.0f, false);
            scaled(local[b], below[b], 1.0f, false);
            const int up = value(n.inputs[0][0], above), down = up < 0 ? -1 : value(n.inputs[0][0], below);
            columns[b] = down < 0 ? -1 : emit(op(Op::curvature, {up, down, above[b], below[b]}));
            if (columns[b] < 0) {
                return -1;
            }
        }
        Instr in = field_like(Op::erode, index, c);
        in.in[g_.dims] = static_cast<std::uint32_t>(input);
        for (int b = 0; b < g_.dims; ++b) {
            in.in[g_.dims + 1 + b] = static_cast<std::uint32_t>(columns[b]);
        }
        return emit(in);
    }

    bool is_root_coords(const Coords& c) const {
        for (int a = 0; a < g_.dims; ++a) {
            if (c[a] != a) {
                return false;
            }
        }
        return true;
    }

    int field(int index, const Coords& c) { return emit(field_like(Op::field, index, c)); }

    // A field or erode operation at c: its coordinates, its table, and how its gradient chains.
    Instr field_like(Op o, int index, const Coords& c) {
        Instr in = op(o, {c[0], c[1], c[2], c[3]});
        in.index = index;
        // [S 19.6] Diagonal coordinates (each q_b a constant times p_b): the chain rule is one product.
        bool diagonal = true;
        for (int b = 0; b < g_.dims; ++b) {
            auto it = diagonal_.find(SlotKey{c[b]});
            diagonal = diagonal && it != diagonal_.end() && it->second.axis == b;
            if (diagonal) {
                in.k[b] = it->second.c;
            }
        }
        in.count = diagonal ? 1 : 0;
        return in;
    }

    static CurveTable curve_table(const std::vector<double>& v) {
        CurveTable t;
        t.count = static_cast<int>(v.size() / 2);
        for (int i = 0; i < t.count; ++i) {
            t.x[i] = static_cast<float>(v[2 * static_cast<std::size_t>(i)]);
            t.y[i] = static_cast<float>(v[2 * static_cast<std::size_t>(i) + 1]);
        }
        for (int i = 0; i + 1 < t.count; ++i) {
            t.slope[i] = (t.y[i + 1] - t.y[i]) / (t.x[i + 1] - t.x[i]);
        }
        t.slope[t.count - 1] = 0.0f;
        return t;
    }

    // [S 19.4] p + strength * d, d_a from `by` at p * frequency (+ warp_offset[0][a] with one node).
    int warp(const Node& n, const Coords& c) {
        const float strength = static_cast<float>(n.value(0)), frequency = static_cast<float>(n.value(1));
        const bool one = n.inputs[1].size() == 1;
        Coords at = c;
        int d[4] = {0, 0, 0, 0};
        for (int a = 0; a < g_.dims; ++a) {
            Coords q = c;
            for (int b = 0; b < g_.dims; ++b) {
                q[b] = one ? emit(op(Op::affine, {c[b]}, {frequency, detail::warp_offset[0][a]}))
                           : emit(op(Op::scale, {c[b]}, {frequency}));
                if (q[b] < 0) {
                    return -1;
                }
                scaled(c[b], q[b], frequency);
            }
            d[a] = value(n.inputs[1][one ? 0 : static_cast<std::size_t>(a)], q);
            if (d[a] < 0) {
                return -1;
            }
        }
        for (int a = 0; a < g_.dims; ++a) {
            at[a] = emit(op(Op::axpy, {c[a], d[a]}, {strength}));
            if (at[a] < 0) {
                return -1;
            }
        }
        return value(n.inputs[0][0], at);
    }

    // [S 19.6] q = p * f (+ a constant): diagonal when p is, its constant c * f (translate: c).
    void scaled(int from, int to, float f, bool multiply = true) {
        auto it = diagonal_.find(SlotKey{from});
        if (it != diagonal_.end()) {
            diagonal_[SlotKey{to}] = Diagonal{it->second.axis, multiply ? it->second.c * f : it->second.c};
        }
    }

    // Coordinates whose derivative is the identity (the graph's own, or only translated): there the
    // built-in fractal's gradient is the graph fractal's bit for bit (spec 19.6), so it may fold.
    bool unit_diagonal(const Coords& c) const {
        for (int a = 0; a < g_.dims; ++a) {
            auto it = diagonal_.find(SlotKey{c[a]});
            if (it == diagonal_.end() || it->second.axis != a || it->second.c != 1.0f) {
                return false;
            }
        }
        return true;
    }

    static bool plain_field(const Node& n) {
        const NoiseDesc& d = n.field;
        return n.type == NodeType::field && d.fractal.kind == Fractal::none && d.warp.levels == 0 &&
               d.pattern.kind == Pattern::none && d.period_x == 0 && d.period_y == 0 && d.period_z == 0 &&
               d.period_w == 0;
    }

    // [S 19.5] The octave loop of spec section 8 over the input, unrolled.
    int fractal(const Node& n, const Coords& c) {
        FractalParams f;
        f.kind = static_cast<Fractal>(static_cast<int>(Fractal::fbm) + static_cast<int>(n.value(0)));
        f.octaves = static_cast<int>(n.value(1));
        f.frequency = static_cast<float>(n.value(2));
        f.lacunarity = static_cast<float>(n.value(3));
        f.persistence = static_cast<float>(n.value(4));
        const Node& input = g_.nodes[static_cast<std::size_t>(n.inputs[0][0])];
        if (plain_field(input) && unit_diagonal(c)) {
            // The field's own fractal: the same operations (spec 8 = 19.5 over a field), its kernels.
            NoiseDesc desc = input.field;
            desc.fractal = f;
            Noise made;
            if (!Noise::create(desc, &made)) {
                *error_ = "graph: internal error folding a fractal";
                return -1;
            }
            d_.fields.push_back(made);
            d_.field_names.push_back(n.name);
            return field(static_cast<int>(d_.fields.size() - 1), c);
        }
        const int zero = emit(op(Op::constant, {}, {0.0f}));
        int sum = zero, weight = -1;
        if (f.kind == Fractal::ridged) {
            weight = emit(op(Op::constant, {}, {1.0f}));
        }
        float frequency = f.frequency, amplitude = 1.0f, amplitude_sum = 0.0f;
        for (int k = 0; k < f.octaves && sum >= 0; ++k) {
            const float kf = static_cast<float>(k);
            Coords q = c;
            for (int a = 0; a < g_.dims; ++a) {
                q[a] = emit(op(Op::affine, {c[a]}, {frequency, kf * octave_offsets[a]}));
                if (q[a] < 0) {
                    return -1;
                }
                scaled(c[a], q[a], frequency);
            }
            const int v = value(n.inputs[0][0], q);
            if (v < 0) {
                return -1;
            }
            if (f.kind == Fractal::ridged) {
                sum = emit(op(Op::accumulate_ridged, {sum, weight, v}, {amplitude}), 2);
                weight = sum + 1;
            } else {
                Instr in = op(Op::accumulate, {sum, v}, {amplitude});
                in.count = static_cast<std::uint8_t>(f.kind);
                sum = emit(in);
            }
            amplitude_sum = amplitude_sum + amplitude;
            frequency = frequency * f.lacunarity;
            amplitude = amplitude * f.persistence;
        }
        if (sum < 0) {
            return -1;
        }
        return emit(op(Op::fractal_end, {sum, c[0], c[1], c[2], c[3]}, {amplitude_sum}));
    }

    // Virtual slots -> physical ones: a slot is free after its last reader (the output never is).
    bool allocate(int output) {
        std::vector<Instr>& code = d_.program.code;
        std::vector<int> last(static_cast<std::size_t>(next_), -1);
        auto inputs_of = [&](const Instr& in) {
            switch (in.op) {
                case Op::field: return g_.dims;
                case Op::constant: return 0;
                case Op::add:
                case Op::subtract:
                case Op::multiply:
                case Op::min:
                case Op::max:
                case Op::rotate:
                case Op::axpy:
                case Op::accumulate: return 2;
                case Op::lerp:
                case Op::select_hard:
                case Op::select_soft:
                case Op::accumulate_ridged: return 3;
                case Op::curvature: return 4;
                case Op::fractal_end: return 1 + g_.dims;
                case Op::erode: return 1 + 2 * g_.dims;
                default: return 1;
            }
        };
        for (std::size_t i = 0; i < code.size(); ++i) {
            for (int k = 0; k < inputs_of(code[i]); ++k) {
                last[code[i].in[k]] = static_cast<int>(i);
            }
        }
        last[static_cast<std::size_t>(output)] = static_cast<int>(code.size());
        std::vector<int> physical(static_cast<std::size_t>(next_), -1);
        std::vector<int> free;
        int used = g_.dims;
        for (int a = 0; a < g_.dims; ++a) {
            physical[static_cast<std::size_t>(a)] = a;
            if (last[static_cast<std::size_t>(a)] < 0) {
                free.push_back(a);  // a coordinate nothing reads
            }
        }
        auto take = [&]() {
            if (!free.empty()) {
                const int p = free.back();
                free.pop_back();
                return p;
            }
            return used++;
        };
        for (std::size_t i = 0; i < code.size(); ++i) {
            Instr& in = code[i];
            const int n_in = inputs_of(in);
            int virt_in[9];
            for (int k = 0; k < n_in; ++k) {
                virt_in[k] = in.in[k];
                in.in[k] = static_cast<std::uint32_t>(physical[in.in[k]]);
            }
            // Inputs read for the last time here free their slots first: outputs may reuse them
            // (every operation reads a batch's inputs before writing its outputs).
            for (int k = 0; k < n_in; ++k) {
                const int v = virt_in[k];
                bool seen = false;
                for (int j = 0; j < k; ++j) {
                    seen = seen || virt_in[j] == v;
                }
                if (!seen && last[static_cast<std::size_t>(v)] == static_cast<int>(i)) {
                    free.push_back(physical[static_cast<std::size_t>(v)]);
                }
            }
            const int outs = (in.op == Op::rotate || in.op == Op::accumulate_ridged) ? 2 : 1;
            const int o1 = in.out;
            physical[static_cast<std::size_t>(o1)] = take();
            in.out = static_cast<std::uint32_t>(physical[static_cast<std::size_t>(o1)]);
            if (outs == 2) {
                const int o2 = in.out2;
                physical[static_cast<std::size_t>(o2)] = take();
                in.out2 = static_cast<std::uint32_t>(physical[static_cast<std::size_t>(o2)]);
            }
            // An output nobody reads (a ridged fractal's last weight) is free at once.
            for (int o = 0; o < outs; ++o) {
                if (last[static_cast<std::size_t>(o1 + o)] < 0) {
                    free.push_back(physical[static_cast<std::size_t>(o1 + o)]);
                }
            }
            if (used > max_graph_slots) {
                *error_ = "graph: more than " + decimal(max_graph_slots) +
                          " values are needed at once (split the graph, or share fewer subgraphs across "
                          "distant nodes)";
                return false;
            }
        }
        d_.program.slots = used;
        d_.program.output = physical[static_cast<std::size_t>(output)];
        return true;
    }

    detail::GraphData& d_;
    const GraphDesc& g_;
    std::string* error_;
    std::map<MemoKey, int> memo_;
    std::map<SlotKey, Diagonal> diagonal_;  // coordinate slot -> its axis and its constant
    int next_ = 0;
};

}  // namespace

bool compile(detail::GraphData& data, std::string* error) {
    data.program = Program{};
    data.single_field = -1;
    Compiler c(data, error);
    return c.run();
}

}  // namespace gradnoise::graph
