// validate_graph: the checks that need the whole graph or the node's meaning, after every
// parameter has been read against its range (graph_json.cpp): cycles and depth, axes the graph
// has, the fields' descriptors (Noise::validate, in the file's words), and parameters that would
// do nothing.
#include <string>
#include <vector>

#include "gradnoise/graph.hpp"
#include "graph/graph_desc.hpp"
#include "tables/simplex_tiling.hpp"

namespace gradnoise::graph {
namespace {

std::string where(const GraphDesc& g, int i) {
    const Node& n = g.nodes[static_cast<std::size_t>(i)];
    return "graph node '" + n.name + "' (" + node_spec(n.type).name + "): ";
}

// Noise::validate's message in the file's words: NoiseDesc's member path -> the parameter's name.
std::string in_file_words(const char* message) {
    std::string m = message;
    const std::string prefix = "NoiseDesc: ";
    if (m.compare(0, prefix.size(), prefix) == 0) {
        m = m.substr(prefix.size());
    }
    std::size_t count = 0;
    const Parameter* f = parameters(&count);
    for (std::size_t i = 0; i < count; ++i) {
        const std::string member = f[i].member;
        if (m.compare(0, member.size() + 1, member + " ") == 0) {
            return f[i].name + m.substr(member.size());
        }
    }
    return m;
}

const char* ignored_name(const char* member) {
    std::size_t count = 0;
    const Parameter* f = parameters(&count);
    for (std::size_t i = 0; i < count; ++i) {
        if (std::string(f[i].member) == member) {
            return f[i].name;
        }
    }
    return member;
}

bool check_node(const GraphDesc& g, int i, std::string* error) {
    const Node& n = g.nodes[static_cast<std::size_t>(i)];
    switch (n.type) {
        case NodeType::coordinate:
            if (n.value(0) >= g.dims) {
                *error = where(g, i) + "axis must be one of the graph's " + decimal(g.dims) + " axes";
                return false;
            }
            return true;
        case NodeType::rotate: {
            int a = 0, b = 0;
            plane_axes(static_cast<int>(n.value(1)), &a, &b);
            if (b >= g.dims) {
                *error = where(g, i) + "plane must lie in the graph's " + decimal(g.dims) + " axes";
                return false;
            }
            return true;
        }
        case NodeType::clamp:
            if (!(static_cast<float>(n.value(0)) <= static_cast<float>(n.value(1)))) {
                *error = where(g, i) + "min must not exceed max";
                return false;
            }
            return true;
        case NodeType::warp:
            if (n.inputs[1].size() != 1 && n.inputs[1].size() != static_cast<std::size_t>(g.dims)) {
                *error = where(g, i) + "by must be one node or " + decimal(g.dims) + " (one per axis)";
                return false;
            }
            return true;
        case NodeType::field: {
            if (Status s = Noise::validate(n.field); !s) {
                *error = where(g, i) + in_file_words(s.message());
                return false;
            }
            if (!detail::has_4d(n.field) && g.dims > 3) {
                *error = where(g, i) + (n.field.basis == Basis::cellular ? "basis cellular" : "a tiled simplex field") +
                         " has 2 and 3 dimensions, not " + decimal(g.dims);
                return false;
            }
            if (n.field.erosion.octaves > 0 && g.version < 2) {
                *error = where(g, i) + "erosion needs format version 2 (\"gradnoise_graph\": 2; version " +
                         decimal(g.version) + " has no erosion filter)";
                return false;
            }
            if (IgnoredParameter ignored = ignored_parameter(n.field)) {
                *error = where(g, i) + ignored_name(ignored.field) + " has no effect without " + ignored.needs;
                return false;
            }
            return true;
        }
        case NodeType::erode: {
            if (g.version < 3) {
                *error = where(g, i) + "needs format version 3 (\"gradnoise_graph\": 3; version " + decimal(g.version) +
                         " has no erode node)";
                return false;
            }
            if (Status s = Noise::validate(erode_desc(n.values)); !s) {
                *error = where(g, i) + in_file_words(s.message());
                return false;
            }
            return true;
        }
        default: return true;
    }
}

// The longest input chain from node i (cycles refused); state: 0 unseen, 1 on the path, 2 done.
bool depth_of(const GraphDesc& g, int i, std::vector<int>& state, std::vector<int>& depth, std::string* error,
              int level = 1) {
    std::size_t k = static_cast<std::size_t>(i);
    if (level > max_graph_depth) {  // checked on the way down: the recursion stays this shallow
        *error = where(g, i) + "input chains longer than " + decimal(max_graph_depth) + " nodes";
        return false;
    }
    if (state[k] == 2) {
        return true;
    }
    if (state[k] == 1) {
        *error = where(g, i) + "is its own input (a cycle)";
        return false;
    }
    state[k] = 1;
    int deepest = 0;
    for (const std::vector<int>& in : g.nodes[k].inputs) {
        for (int c : in) {
            if (!depth_of(g, c, state, depth, error, level + 1)) {
                return false;
            }
            deepest = std::max(deepest, depth[static_cast<std::size_t>(c)]);
        }
    }
    depth[k] = deepest + 1;
    if (depth[k] > max_graph_depth) {
        *error = where(g, i) + "input chains longer than " + decimal(max_graph_depth) + " nodes";
        return false;
    }
    state[k] = 2;
    return true;
}

// [S 19] Node evaluations per sample when the graph is evaluated node by node, as the reference does:
// a shared node counts once per use, a fractal's input once per octave, a warp's `by` once per axis.
// (The compiled program shares them; the reference's cost is what a hostile file could blow up.)
double expansion(const GraphDesc& g, int i, std::vector<double>& memo) {
    double& m = memo[static_cast<std::size_t>(i)];
    if (m > 0) {
        return m;
    }
    const Node& n = g.nodes[static_cast<std::size_t>(i)];
    double total = 1;
    for (int slot = 0; slot < max_inputs; ++slot) {
        for (int c : n.inputs[slot]) {
            double times = 1;
            if (n.type == NodeType::fractal) {
                times = n.value(1);
            } else if (n.type == NodeType::warp && slot == 1 && n.inputs[1].size() == 1) {
                times = g.dims;
            }
            total += times * expansion(g, c, memo);
        }
    }
    m = total;
    return m;
}

}  // namespace

bool validate_graph(const GraphDesc& g, std::string* error, bool* limit) {
    *limit = false;
    if (g.nodes.size() > static_cast<std::size_t>(max_graph_nodes)) {
        *error = "graph: more than " + decimal(max_graph_nodes) + " nodes";
        *limit = true;
        return false;
    }
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        if (!check_node(g, static_cast<int>(i), error)) {
            return false;
        }
    }
    std::vector<int> state(g.nodes.size(), 0), depth(g.nodes.size(), 0);
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        if (!depth_of(g, static_cast<int>(i), state, depth, error)) {
            *limit = error->find("input chains longer than") != std::string::npos;
            return false;
        }
    }
    std::vector<double> memo(g.nodes.size(), 0.0);
    if (!g.nodes.empty() && expansion(g, g.output, memo) > max_graph_expansion) {
        *error = "graph: evaluated node by node (the reference, the scalar path) the graph takes more than " +
                 decimal(static_cast<long>(max_graph_expansion)) +
                 " node evaluations per sample (a node counts once per use, a fractal's input once per octave)";
        *limit = true;
        return false;
    }
    return true;
}

}  // namespace gradnoise::graph
