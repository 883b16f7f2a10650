// The graph format's schema (Graph::schema): every node type with its inputs and parameters, and
// every field parameter, as JSON from node_types.cpp's tables and the library's parameter table.
#include <cstddef>
#include <string>

#include "gradnoise/graph.hpp"
#include "graph/graph_json.hpp"

namespace gradnoise::graph {
namespace {

Json schema_json() {
    auto choices = [](const char* const* names) {
        Json list = Json::array();
        for (int i = 0; names[i] != nullptr; ++i) {
            list.push_back(names[i]);
        }
        return list;
    };
    Json nodes = Json::array();
    for (int t = 0; t < node_type_count; ++t) {
        const NodeSpec& spec = node_spec(static_cast<NodeType>(t));
        Json node{{"type", spec.name}, {"group", spec.group}, {"help", spec.help}};
        Json inputs = Json::array();
        for (int i = 0; i < spec.input_count; ++i) {
            const InputSpec& in = spec.inputs[i];
            inputs.push_back({{"name", in.name}, {"min", in.min_count}, {"max", in.max_count}, {"help", in.help}});
        }
        node["inputs"] = inputs;
        Json params = Json::array();
        for (int p = 0; p < spec.param_count; ++p) {
            const ParamSpec& ps = spec.params[p];
            static const char* const kinds[] = {"number", "integer", "choice", "per_axis", "pairs", "range"};
            Json param{{"name", ps.name}, {"kind", kinds[static_cast<int>(ps.kind)]}, {"help", ps.help}};
            switch (ps.kind) {
                case ParamKind::choice:
                    param["choices"] = choices(ps.choices);
                    param["default"] = ps.choices[static_cast<int>(ps.default_value)];
                    break;
                case ParamKind::number:
                case ParamKind::integer:
                case ParamKind::per_axis:
                    param["allowed"] = range_text(ps);
                    param["default"] = ps.kind == ParamKind::integer ? Json(static_cast<long long>(ps.default_value))
                                                                     : Json(ps.default_value);
                    break;
                case ParamKind::range: param["default"] = Json::array({0.0, 1.0}); break;
                case ParamKind::pairs: param["default"] = Json::array({Json::array({0.0, 0.0}), Json::array({1.0, 1.0})}); break;
            }
            params.push_back(param);
        }
        node["params"] = params;
        nodes.push_back(node);
    }
    Json fields = Json::array();
    std::size_t count = 0;
    const Parameter* f = parameters(&count);
    const NoiseDesc base;
    for (std::size_t i = 0; i < count; ++i) {
        static const char* const kinds[] = {"choice", "integer", "number", "seed"};
        Json param{{"name", f[i].name}, {"member", f[i].member}, {"kind", kinds[static_cast<int>(f[i].kind)]},
                   {"help", f[i].help}};
        if (f[i].kind == ParameterKind::choice) {
            param["choices"] = choices(f[i].choices);
            param["choice_help"] = choices(f[i].choice_help);
            param["default"] = f[i].choices[static_cast<int>(f[i].get(base))];
        } else if (f[i].kind == ParameterKind::seed) {
            param["default"] = nullptr;
            param["allowed"] = f[i].allowed;
        } else {
            param["default"] = f[i].kind == ParameterKind::integer ? Json(static_cast<long long>(f[i].get(base)))
                                                               : Json(f[i].get(base));
            param["allowed"] = f[i].allowed;
            param["min"] = f[i].lo;
            param["max"] = f[i].hi;
        }
        param["expects"] = f[i].expects;
        param["needs"] = f[i].needs != nullptr ? Json(f[i].needs) : Json(nullptr);
        param["axis_of"] = f[i].axis_of != nullptr ? Json(f[i].axis_of) : Json(nullptr);
        fields.push_back(param);
    }
    return Json{{"format_version", graph_format_version}, {"nodes", nodes}, {"field_parameters", fields}};
}

}  // namespace
}  // namespace gradnoise::graph

namespace gradnoise {
std::string Graph::schema() { return graph::schema_json().dump(1) + "\n"; }
}  // namespace gradnoise
