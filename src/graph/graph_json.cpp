// The graph file format (docs/graphs.md), read: the limits checked while reading, every node
// against node_types.cpp's tables. Messages name the node, its type and the parameter. (The
// canonical writer: graph_writer.cpp; the schema: graph_schema.cpp.)
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include "gradnoise/graph.hpp"
#include "graph/graph_desc.hpp"
#include "graph/graph_json.hpp"

namespace gradnoise::graph {
namespace {

// A node's name as a map key: a type of this unnamed namespace, so the map's code has internal
// linkage (a shared libgradnoise exports only the public API).
struct NodeName {
    std::string text;
    bool operator<(const NodeName& o) const { return text < o.text; }
};

std::string describe_number(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string shown(const Json& j) {
    std::string s = j.dump();
    return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

std::string list_of(const char* const* names) {
    std::string s;
    for (int i = 0; names[i] != nullptr; ++i) {
        if (i > 0) {
            s += names[i + 1] == nullptr ? " or " : ", ";
        }
        s += names[i];
    }
    return s;
}

int index_of(const char* const* names, const std::string& v) {
    for (int i = 0; names[i] != nullptr; ++i) {
        if (v == names[i]) {
            return i;
        }
    }
    return -1;
}

// The largest JSON nesting in text (outside strings), counted before parsing.
int nesting_of(std::string_view text) {
    int depth = 0, deepest = 0;
    bool in_string = false, escaped = false;
    for (char c : text) {
        if (in_string) {
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                in_string = false;
            }
            continue;
        }
        if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

bool in_range(const ParamSpec& p, double v) {
    if (!std::isfinite(v) || std::fabs(v) > FLT_MAX) {
        return false;  // every parameter is a float32 (finite once rounded)
    }
    if (p.lo_open ? !(v > p.lo) : !(v >= p.lo)) {
        return false;
    }
    if (p.hi_open ? !(v < p.hi) : !(v <= p.hi)) {
        return false;
    }
    return p.kind != ParamKind::integer || v == std::floor(v);
}

class Reader {
public:
    explicit Reader(GraphDesc& g) : g_(g) {}

    bool fail(const std::string& message) {
        if (error_.empty()) {
            error_ = message;
        }
        return false;
    }
    const std::string& error() const { return error_; }
    bool over_node_limit() const { return over_node_limit_; }

    std::string where(int node) const {
        const Node& n = g_.nodes[static_cast<std::size_t>(node)];
        return "graph node '" + n.name + "' (" + node_spec(n.type).name + "): ";
    }

    bool read(const Json& root) {
        if (!root.is_object()) {
            return fail("graph: the file must hold a JSON object");
        }
        if (!root.contains("gradnoise_graph")) {
            return fail("graph: \"gradnoise_graph\" (the format version) is missing");
        }
        const Json& version = root["gradnoise_graph"];
        if (!version.is_number_integer() || version.get<long long>() < 1 ||
            version.get<long long>() > graph_format_version) {
            return fail("graph: \"gradnoise_graph\" must be a format version in 1.." +
                        decimal(graph_format_version) + " (got " + shown(version) +
                        "); a newer gradnoise reads newer files");
        }
        g_.version = static_cast<int>(version.get<long long>());
        for (const auto& [key, value] : root.items()) {
            if (key != "gradnoise_graph" && key != "dimensions" && key != "output" && key != "nodes" &&
                key != "description") {
                return fail("graph: unknown key \"" + key +
                            "\" (the keys are gradnoise_graph, dimensions, output, nodes, description)");
            }
        }
        const Json dims = root.value("dimensions", Json(2));
        if (!dims.is_number_integer() || dims.get<long long>() < 2 || dims.get<long long>() > 4) {
            return fail("graph: \"dimensions\" must be 2, 3 or 4 (got " + shown(dims) + ")");
        }
        g_.dims = static_cast<int>(dims.get<long long>());
        if (root.contains("description")) {
            if (!root["description"].is_string()) {
                return fail("graph: \"description\" must be a string");
            }
            g_.description = root["description"].get<std::string>();
        }
        const Json nodes = root.value("nodes", Json::object());
        if (!nodes.is_object()) {
            return fail("graph: \"nodes\" must be an object of named nodes");
        }
        if (nodes.size() > static_cast<std::size_t>(max_graph_nodes)) {
            over_node_limit_ = true;
            return fail("graph: more than " + decimal(max_graph_nodes) + " nodes");
        }
        // Names first, so nodes may refer to ones defined later in the file.
        for (const auto& [name, value] : nodes.items()) {
            if (name.empty()) {
                return fail("graph: a node's name must not be empty");
            }
            Node n;
            n.name = name;
            n.named = true;
            names_[NodeName{name}] = static_cast<int>(g_.nodes.size());
            g_.nodes.push_back(std::move(n));
        }
        int i = 0;
        for (const auto& [name, value] : nodes.items()) {
            if (!read_node(value, i++)) {
                return false;
            }
        }
        if (!root.contains("output")) {
            return fail("graph: \"output\" (the node the graph's value is) is missing");
        }
        int out = -1;
        if (!read_input(root["output"], "output", &out)) {
            return false;
        }
        g_.output = out;
        return true;
    }

private:
    int add_inline(const std::string& name) {
        if (static_cast<int>(g_.nodes.size()) >= max_graph_nodes) {
            over_node_limit_ = true;
            return -1;
        }
        Node n;
        n.name = name;
        g_.nodes.push_back(std::move(n));
        return static_cast<int>(g_.nodes.size()) - 1;
    }

    // An input: a node's name, a number (a constant), or an inline node.
    bool read_input(const Json& j, const std::string& at, int* out) {
        if (j.is_string()) {
            auto it = names_.find(NodeName{j.get<std::string>()});
            if (it == names_.end()) {
                return fail("graph: " + at + " names node '" + j.get<std::string>() + "', which the file does not define");
            }
            *out = it->second;
            return true;
        }
        if (j.is_number()) {
            const int c = add_inline(at);
            if (c < 0) {
                return fail("graph: more than " + decimal(max_graph_nodes) + " nodes");
            }
            Node& n = g_.nodes[static_cast<std::size_t>(c)];
            n.type = NodeType::constant;
            const double v = j.get<double>();
            if (!in_range(node_spec(NodeType::constant).params[0], v)) {
                return fail("graph: " + at + " must be a finite float32 number (got " + shown(j) + ")");
            }
            n.values[0] = {v};
            *out = c;
            return true;
        }
        if (j.is_object()) {
            const int c = add_inline(at);
            if (c < 0) {
                return fail("graph: more than " + decimal(max_graph_nodes) + " nodes");
            }
            *out = c;
            return read_node(j, c);
        }
        return fail("graph: " + at + " must be a node's name, a number or a node object (got " + shown(j) + ")");
    }

    bool read_node(const Json& j, int index) {
        const std::string name = g_.nodes[static_cast<std::size_t>(index)].name;
        if (!j.is_object()) {
            return fail("graph node '" + name + "': a node must be a JSON object (got " + shown(j) + ")");
        }
        if (!j.contains("type") || !j["type"].is_string()) {
            return fail("graph node '" + name + "': \"type\" (a string) is missing");
        }
        const std::string type = j["type"].get<std::string>();
        const NodeSpec* spec = find_node_spec(type.c_str());
        if (spec == nullptr) {
            std::string all;
            for (int t = 0; t < node_type_count; ++t) {
                all += (t ? ", " : "") + std::string(node_spec(static_cast<NodeType>(t)).name);
            }
            return fail("graph node '" + name + "': unknown type '" + type + "' (the types are " + all + ")");
        }
        g_.nodes[static_cast<std::size_t>(index)].type = spec->type;
        // Defaults first.
        for (int p = 0; p < spec->param_count; ++p) {
            g_.nodes[static_cast<std::size_t>(index)].values[p] = default_values(spec->params[p]);
        }
        bool has_input[max_inputs] = {};
        for (const auto& [key, value] : j.items()) {
            if (key == "type") {
                continue;
            }
            int found = -1;
            for (int i = 0; i < spec->input_count; ++i) {
                if (key == spec->inputs[i].name) {
                    found = i;
                }
            }
            if (found >= 0) {
                has_input[found] = true;
                if (!read_inputs(value, index, spec->inputs[found], found)) {
                    return false;
                }
                continue;
            }
            for (int p = 0; p < spec->param_count; ++p) {
                if (key == spec->params[p].name) {
                    found = p;
                }
            }
            if (found >= 0) {
                if (!read_param(value, index, spec->params[found], found)) {
                    return false;
                }
                continue;
            }
            if (spec->type == NodeType::field && find_parameter(key.c_str()) != nullptr) {
                if (!read_field_param(value, index, *find_parameter(key.c_str()))) {
                    return false;
                }
                continue;
            }
            return fail(where(index) + "unknown parameter '" + key + "' (" + known_keys(*spec) + ")");
        }
        for (int i = 0; i < spec->input_count; ++i) {
            if (!has_input[i] && !spec->inputs[i].optional) {
                return fail(where(index) + "input '" + spec->inputs[i].name + "' is missing");
            }
        }
        return true;
    }

    static std::string known_keys(const NodeSpec& spec) {
        std::string s;
        auto add = [&](const char* k) { s += (s.empty() ? "" : ", ") + std::string(k); };
        for (int i = 0; i < spec.input_count; ++i) {
            add(spec.inputs[i].name);
        }
        for (int p = 0; p < spec.param_count; ++p) {
            add(spec.params[p].name);
        }
        if (spec.type == NodeType::field) {
            std::size_t n = 0;
            const Parameter* f = parameters(&n);
            for (std::size_t i = 0; i < n; ++i) {
                add(f[i].name);
            }
        }
        return s.empty() ? "it has no parameters" : "its keys are " + s;
    }

    std::vector<double> default_values(const ParamSpec& p) const {
        switch (p.kind) {
            case ParamKind::per_axis: return std::vector<double>(static_cast<std::size_t>(g_.dims), p.default_value);
            case ParamKind::range: return {0.0, 1.0};
            case ParamKind::pairs: return {0.0, 0.0, 1.0, 1.0};
            default: return {p.default_value};
        }
    }

    bool read_inputs(const Json& j, int index, const InputSpec& spec, int slot) {
        const std::string at = g_.nodes[static_cast<std::size_t>(index)].name + "." + spec.name;
        std::vector<int> found;
        if (spec.max_count == 1 || !j.is_array()) {
            if (spec.min_count > 1) {
                return fail(where(index) + "input '" + spec.name + "' must be an array of " +
                            decimal(spec.min_count) + ".." + decimal(spec.max_count) + " nodes");
            }
            int c = -1;
            if (!read_input(j, at, &c)) {
                return false;
            }
            found.push_back(c);
        } else {
            if (j.size() < static_cast<std::size_t>(spec.min_count) || j.size() > static_cast<std::size_t>(spec.max_count)) {
                return fail(where(index) + "input '" + spec.name + "' must hold " + decimal(spec.min_count) +
                            ".." + decimal(spec.max_count) + " nodes (got " + decimal(j.size()) + ")");
            }
            for (std::size_t i = 0; i < j.size(); ++i) {
                int c = -1;
                if (!read_input(j[i], at + "[" + decimal(i) + "]", &c)) {
                    return false;
                }
                found.push_back(c);
            }
        }
        g_.nodes[static_cast<std::size_t>(index)].inputs[slot] = std::move(found);
        return true;
    }

    bool number_in(const Json& j, const ParamSpec& p, double* v) {
        if (!j.is_number()) {
            return false;
        }
        *v = j.get<double>();
        return in_range(p, *v);
    }

    bool read_param(const Json& j, int index, const ParamSpec& p, int slot) {
        std::vector<double>& out = g_.nodes[static_cast<std::size_t>(index)].values[slot];
        const std::string bad = where(index) + p.name + " must be ";
        switch (p.kind) {
            case ParamKind::number:
            case ParamKind::integer: {
                double v = 0;
                if (!number_in(j, p, &v)) {
                    return fail(bad + range_text(p) + " (got " + shown(j) + ")");
                }
                out = {v};
                return true;
            }
            case ParamKind::choice: {
                const int c = j.is_string() ? index_of(p.choices, j.get<std::string>()) : -1;
                if (c < 0) {
                    return fail(bad + "one of " + list_of(p.choices) + " (got " + shown(j) + ")");
                }
                out = {static_cast<double>(c)};
                return true;
            }
            case ParamKind::per_axis: {
                const std::string what = range_text(p) + ", or an array of " + decimal(g_.dims) +
                                         " (one per axis)";
                double v = 0;
                if (j.is_number()) {
                    if (!number_in(j, p, &v)) {
                        return fail(bad + what + " (got " + shown(j) + ")");
                    }
                    out.assign(static_cast<std::size_t>(g_.dims), v);
                    return true;
                }
                if (!j.is_array() || j.size() != static_cast<std::size_t>(g_.dims)) {
                    return fail(bad + what + " (got " + shown(j) + ")");
                }
                out.clear();
                for (const Json& e : j) {
                    if (!number_in(e, p, &v)) {
                        return fail(bad + what + " (got " + shown(j) + ")");
                    }
                    out.push_back(v);
                }
                return true;
            }
            case ParamKind::range: {
                const ParamSpec any = ParamSpec{p.name, ParamKind::number, -DBL_MAX, DBL_MAX, false, false, 0, nullptr, ""};
                double lo = 0, hi = 0;
                if (!j.is_array() || j.size() != 2 || !number_in(j[0], any, &lo) || !number_in(j[1], any, &hi) ||
                    static_cast<float>(lo) == static_cast<float>(hi)) {
                    return fail(bad + "[lo, hi]: two finite numbers that differ as float32 (got " + shown(j) + ")");
                }
                out = {lo, hi};
                return true;
            }
            case ParamKind::pairs: {
                const ParamSpec any = ParamSpec{p.name, ParamKind::number, -DBL_MAX, DBL_MAX, false, false, 0, nullptr, ""};
                const std::string what = "an array of 2..32 [x, y] pairs of finite numbers, x strictly increasing";
                if (!j.is_array() || j.size() < 2 || j.size() > 32) {
                    return fail(bad + what + " (got " + shown(j) + ")");
                }
                out.clear();
                for (const Json& e : j) {
                    double x = 0, y = 0;
                    if (!e.is_array() || e.size() != 2 || !number_in(e[0], any, &x) || !number_in(e[1], any, &y)) {
                        return fail(bad + what + " (got " + shown(e) + ")");
                    }
                    if (!out.empty() && !(static_cast<float>(x) > static_cast<float>(out[out.size() - 2]))) {
                        return fail(bad + what + " (x " + describe_number(x) + " does not exceed the one before)");
                    }
                    out.push_back(x);
                    out.push_back(y);
                }
                return true;
            }
        }
        return false;
    }

    bool read_field_param(const Json& j, int index, const Parameter& f) {
        NoiseDesc& d = g_.nodes[static_cast<std::size_t>(index)].field;
        const std::string bad = where(index) + f.name + " must be ";
        switch (f.kind) {
            case ParameterKind::seed:
                if (!j.is_number_integer() || (j.is_number_integer() && !j.is_number_unsigned() && j.get<long long>() < 0)) {
                    return fail(bad + f.allowed + " (got " + shown(j) + ")");
                }
                d.has_seed = true;
                d.seed = j.get<std::uint64_t>();
                return true;
            case ParameterKind::choice: {
                const int c = j.is_string() ? index_of(f.choices, j.get<std::string>()) : -1;
                if (c < 0) {
                    return fail(bad + "one of " + list_of(f.choices) + " (got " + shown(j) + ")");
                }
                f.set(d, c);
                return true;
            }
            case ParameterKind::integer:
                if (!j.is_number_integer() || std::fabs(j.get<double>()) > 1e9) {
                    return fail(bad + f.allowed + " (got " + shown(j) + ")");
                }
                f.set(d, j.get<double>());
                return true;
            case ParameterKind::number: {
                const double v = j.is_number() ? j.get<double>() : NAN;
                if (!std::isfinite(v) || std::fabs(v) > FLT_MAX) {
                    return fail(bad + f.allowed + " (got " + shown(j) + ")");
                }
                f.set(d, v);
                return true;
            }
        }
        return false;
    }

    GraphDesc& g_;
    std::map<NodeName, int> names_;
    std::string error_;
    bool over_node_limit_ = false;
};

}  // namespace

std::string range_text(const ParamSpec& p) {
    const bool low = p.lo > -DBL_MAX, high = p.hi < DBL_MAX;
    if (p.kind == ParamKind::integer) {
        return "an integer in " + describe_number(p.lo) + ".." + describe_number(p.hi);
    }
    if (!low && !high) {
        return "a finite number";
    }
    if (low && !high) {
        return std::string("a finite number ") + (p.lo_open ? "> " : ">= ") + describe_number(p.lo);
    }
    return std::string("a number in ") + (p.lo_open ? "(" : "[") + describe_number(p.lo) + ", " +
           describe_number(p.hi) + (p.hi_open ? ")" : "]");
}

std::string decimal(long long v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%lld", v);
    return buf;
}

bool read_graph(std::string_view text, GraphDesc* out, std::string* error, bool* limit) {
    *limit = true;  // (until the limits checked while reading have passed)
    if (text.size() > max_graph_text) {
        *error = "graph: the file is " + decimal(text.size()) + " bytes; the limit is " +
                 decimal(max_graph_text);
        return false;
    }
    if (nesting_of(text) > max_graph_nesting) {
        *error = "graph: JSON nested deeper than " + decimal(max_graph_nesting) + " levels";
        return false;
    }
    Json root;
    try {
        root = Json::parse(text.begin(), text.end());
    } catch (const Json::exception& e) {
        *error = std::string("graph: not valid JSON: ") + e.what();
        *limit = false;
        return false;
    }
    GraphDesc g;
    Reader reader(g);
    if (!reader.read(root)) {
        *error = reader.error();
        *limit = reader.over_node_limit();
        return false;
    }
    if (!validate_graph(g, error, limit)) {
        return false;
    }
    *limit = false;
    *out = std::move(g);
    return true;
}

}  // namespace gradnoise::graph
