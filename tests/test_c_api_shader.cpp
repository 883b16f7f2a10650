// The C API's GPU form (suite c_api): gradnoise_shader_source and gradnoise_graph_shader_source give
// the C++ texts (include/gradnoise/shader.hpp), sized and copied, and name their refusals.
#include <doctest/doctest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "c_api_support.hpp"
#include "gradnoise/gradnoise.h"
#include "gradnoise/gradnoise.hpp"
#include "test_support.hpp"

using namespace c_api_testing;

TEST_SUITE("c_api") {

TEST_CASE("gradnoise_shader_source: the C++ text, sized and copied; refusals named") {
    gradnoise_desc* desc = nullptr;
    REQUIRE(gradnoise_desc_create(&desc) == GRADNOISE_OK);
    set_parameters(desc, {{"basis", "classic"}, {"seed", "11"}});
    std::size_t length = 0;
    REQUIRE(gradnoise_shader_source(desc, 2, "terrain", nullptr, 0, &length) == GRADNOISE_OK);
    std::vector<char> text(length + 1);
    CHECK(gradnoise_shader_source(desc, 2, "terrain", text.data(), length, &length) == GRADNOISE_SIZE_OVERFLOW);
    CHECK(last() == "gradnoise_shader_source: capacity must exceed *length");
    REQUIRE(gradnoise_shader_source(desc, 2, "terrain", text.data(), text.size(), &length) == GRADNOISE_OK);
    gradnoise::NoiseDesc d;
    d.basis = gradnoise::Basis::classic;
    d.has_seed = true;
    d.seed = 11;
    gradnoise::ShaderOptions options;
    options.dimensions = 2;
    options.function_name = "terrain";
    std::string expected;
    REQUIRE(gradnoise::shader_source(d, options, &expected).ok());
    CHECK(std::string(text.data()) == expected);
    CHECK(expected.find("float terrain(vec2 p) {") != std::string::npos);
    // With the gradient form: the C++ text with options.gradient.
    REQUIRE(gradnoise_shader_gradient_source(desc, 4, "terrain", nullptr, 0, &length) == GRADNOISE_OK);
    text.assign(length + 1, '\0');
    REQUIRE(gradnoise_shader_gradient_source(desc, 4, "terrain", text.data(), text.size(), &length) == GRADNOISE_OK);
    options.dimensions = 4;
    options.gradient = true;
    REQUIRE(gradnoise::shader_source(d, options, &expected).ok());
    CHECK(std::string(text.data()) == expected);
    CHECK(expected.find("float terrain_gradient(vec4 p, out vec4 d) {") != std::string::npos);
    CHECK(gradnoise_shader_source(desc, 5, nullptr, nullptr, 0, &length) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last() == "shader_source: options.dimensions must be 2, 3 or 4");
    REQUIRE(gradnoise_desc_set_parameter(desc, "pattern", "wood") == GRADNOISE_OK);
    CHECK(gradnoise_shader_gradient_source(desc, 2, nullptr, nullptr, 0, &length) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last() == "shader_source: options.gradient: a pattern has no gradient (docs/spec.md section 18)");
    set_parameters(desc, {{"pattern", "none"}, {"basis", "cellular"}});
    CHECK(gradnoise_shader_source(desc, 4, nullptr, nullptr, 0, &length) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(last() == "shader_source: cellular noise has no 4D (docs/spec.md section 17)");
    CHECK(gradnoise_shader_source(nullptr, 3, nullptr, nullptr, 0, &length) == GRADNOISE_NULL_POINTER);
    gradnoise_desc_destroy(desc);
}

TEST_CASE("gradnoise_graph_shader_source: the C++ text of a graph, in its dimensions; a missing gradient refused") {
    const std::string json = R"({"gradnoise_graph": 1, "dimensions": 3, "output": "o", "nodes": {
        "o": {"type": "multiply", "inputs": [{"type": "field", "basis": "value"}, 0.5]}}})";
    gradnoise_graph* graph = nullptr;
    REQUIRE(gradnoise_graph_create_from_json(json.data(), json.size(), &graph, nullptr, 0) == GRADNOISE_OK);
    std::size_t length = 0;
    REQUIRE(gradnoise_graph_shader_source(graph, 1, "rocks", nullptr, 0, &length) == GRADNOISE_OK);
    std::vector<char> text(length + 1);
    CHECK(gradnoise_graph_shader_source(graph, 1, "rocks", text.data(), length, &length) == GRADNOISE_SIZE_OVERFLOW);
    REQUIRE(gradnoise_graph_shader_source(graph, 1, "rocks", text.data(), text.size(), &length) == GRADNOISE_OK);
    gradnoise::Graph g;
    REQUIRE(gradnoise::Graph::from_json(json, &g).ok());
    gradnoise::ShaderOptions options;
    options.dimensions = 3;
    options.function_name = "rocks";
    options.gradient = true;
    std::string expected;
    REQUIRE(gradnoise::shader_source(g, options, &expected).ok());
    CHECK(std::string(text.data()) == expected);
    CHECK(expected.find("float rocks_gradient(vec3 p, out vec3 d) {") != std::string::npos);
    CHECK(gradnoise_graph_shader_source(nullptr, 0, nullptr, nullptr, 0, &length) == GRADNOISE_NULL_POINTER);
    gradnoise_graph_destroy(graph);
    const std::string marble = R"({"gradnoise_graph": 1, "dimensions": 2, "output": "m", "nodes": {
        "m": {"type": "field", "pattern": "marble"}}})";
    REQUIRE(gradnoise_graph_create_from_json(marble.data(), marble.size(), &graph, nullptr, 0) == GRADNOISE_OK);
    CHECK(gradnoise_graph_shader_source(graph, 1, nullptr, nullptr, 0, &length) == GRADNOISE_INVALID_ARGUMENT);
    CHECK(std::string(gradnoise_last_error_message()) == "shader_source: options.gradient: the graph has no gradient");
    CHECK(gradnoise_graph_shader_source(graph, 0, nullptr, nullptr, 0, &length) == GRADNOISE_OK);
    gradnoise_graph_destroy(graph);
}

}  // TEST_SUITE
