// Internal: what the graph file's reader (graph_json.cpp), canonical writer (graph_writer.cpp) and
// schema (graph_schema.cpp) share.
#ifndef GRADNOISE_SRC_GRAPH_GRAPH_JSON_HPP
#define GRADNOISE_SRC_GRAPH_GRAPH_JSON_HPP

#include <string>

#include <nlohmann/json.hpp>

#include "graph/node_types.hpp"

namespace gradnoise::graph {

// JSON with its members in the order written (the canonical text's, the schema's).
using Json = nlohmann::ordered_json;

// A parameter's allowed values in words, as the reader's messages and the schema say them ("an
// integer in 1..16", "a number in [0, 1)").
std::string range_text(const ParamSpec& p);

}  // namespace gradnoise::graph

#endif
