// The graph file's canonical writer (docs/graphs.md): the named nodes under "nodes", inline nodes
// and constants where they are used, a field node's parameters where they differ from NoiseDesc's
// defaults. Reading the text back (graph_json.cpp) gives the same graph.
#include <cstddef>
#include <string>
#include <vector>

#include "graph/graph_desc.hpp"
#include "graph/graph_json.hpp"

namespace gradnoise::graph {
namespace {

Json write_node(const GraphDesc& g, int index, bool top);

Json write_input(const GraphDesc& g, int index) {
    const Node& n = g.nodes[static_cast<std::size_t>(index)];
    if (n.named) {
        return n.name;
    }
    if (n.type == NodeType::constant) {
        return n.values[0][0];
    }
    return write_node(g, index, false);
}

Json write_node(const GraphDesc& g, int index, bool) {
    const Node& n = g.nodes[static_cast<std::size_t>(index)];
    const NodeSpec& spec = node_spec(n.type);
    Json j = Json::object();
    j["type"] = spec.name;
    for (int i = 0; i < spec.input_count; ++i) {
        const std::vector<int>& in = n.inputs[i];
        if (in.empty()) {
            continue;
        }
        if (spec.inputs[i].max_count == 1 || (in.size() == 1 && spec.inputs[i].min_count == 1)) {
            j[spec.inputs[i].name] = write_input(g, in[0]);
        } else {
            Json list = Json::array();
            for (int c : in) {
                list.push_back(write_input(g, c));
            }
            j[spec.inputs[i].name] = list;
        }
    }
    for (int p = 0; p < spec.param_count; ++p) {
        const ParamSpec& ps = spec.params[p];
        const std::vector<double>& v = n.values[p];
        switch (ps.kind) {
            case ParamKind::choice: j[ps.name] = ps.choices[static_cast<int>(v[0])]; break;
            case ParamKind::integer: j[ps.name] = static_cast<long long>(v[0]); break;
            case ParamKind::number: j[ps.name] = v[0]; break;
            case ParamKind::per_axis:
            case ParamKind::range: j[ps.name] = v; break;
            case ParamKind::pairs: {
                Json pairs = Json::array();
                for (std::size_t i = 0; i + 1 < v.size(); i += 2) {
                    pairs.push_back(Json::array({v[i], v[i + 1]}));
                }
                j[ps.name] = pairs;
                break;
            }
        }
    }
    if (n.type == NodeType::field) {
        // Only what differs from NoiseDesc's defaults: a parameter the rest of the field ignores is
        // refused on reading (ignored_parameter), so a default left out is never one that counts.
        const NoiseDesc base;
        std::size_t count = 0;
        const Parameter* f = parameters(&count);
        for (std::size_t i = 0; i < count; ++i) {
            if (f[i].kind == ParameterKind::seed) {
                if (n.field.has_seed) {
                    j["seed"] = n.field.seed;
                }
                continue;
            }
            const double v = f[i].get(n.field);
            if (v == f[i].get(base)) {
                continue;
            }
            if (f[i].kind == ParameterKind::choice) {
                j[f[i].name] = f[i].choices[static_cast<int>(v)];
            } else if (f[i].kind == ParameterKind::integer) {
                j[f[i].name] = static_cast<long long>(v);
            } else {
                j[f[i].name] = v;
            }
        }
    }
    return j;
}

}  // namespace

std::string write_graph(const GraphDesc& g) {
    Json root = Json::object();
    // The oldest format version that holds it (versions differ only by what they add): 3 where an
    // erode node is, 2 where a field node has erosion, else 1, which every release reads.
    int version = 1;
    for (const auto& n : g.nodes) {
        if (n.type == NodeType::field && n.field.erosion.octaves > 0 && version < 2) {
            version = 2;
        }
        if (n.type == NodeType::erode) {
            version = 3;
        }
    }
    root["gradnoise_graph"] = version;
    if (!g.description.empty()) {
        root["description"] = g.description;
    }
    root["dimensions"] = g.dims;
    Json nodes = Json::object();
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        if (g.nodes[i].named) {
            nodes[g.nodes[i].name] = write_node(g, static_cast<int>(i), true);
        }
    }
    root["nodes"] = nodes;
    root["output"] = write_input(g, g.output);
    return root.dump(2) + "\n";
}

}  // namespace gradnoise::graph
