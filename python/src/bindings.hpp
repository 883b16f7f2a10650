// gradnoise._gradnoise: the module's parts, each adding its classes and functions to the module
// (module.cpp calls them in this order).
#ifndef GRADNOISE_PYTHON_BINDINGS_HPP
#define GRADNOISE_PYTHON_BINDINGS_HPP

#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "gradnoise/shader.hpp"

namespace gradnoise_python {

// Core (a gradnoise.Field's native half) and ignored_parameter (field_core.cpp).
void bind_field(pybind11::module_& m);

// GraphCore (a gradnoise.graph.Graph's native half), graph_format_version, graph_schema (graph_core.cpp).
void bind_graph(pybind11::module_& m);

// The GLSL options both halves ask for: `name` must outlive them.
inline gradnoise::ShaderOptions shader_options(int dims, const std::string& name, bool gradient) {
    gradnoise::ShaderOptions options;
    options.dimensions = dims;
    options.function_name = name.c_str();
    options.gradient = gradient;
    return options;
}

// A fill's grid or chunk from the Python half's lists (coordinate order) and the planes' sizes
// x, y[, z], as both halves hand them to the library.
inline gradnoise::Grid2d grid2_of(const std::vector<double>& origin, const std::vector<double>& step,
                                  const std::size_t* size) {
    return {float(origin[0]), float(origin[1]), float(step[0]), float(step[1]), size[0], size[1]};
}

inline gradnoise::Grid3d grid3_of(const std::vector<double>& origin, const std::vector<double>& step,
                                  const std::size_t* size) {
    return {float(origin[0]), float(origin[1]), float(origin[2]),
            float(step[0]),   float(step[1]),   float(step[2]),
            size[0],          size[1],          size[2]};
}

inline gradnoise::Chunk2d chunk2_of(const std::vector<std::int64_t>& first, const std::size_t* size, double spacing,
                                    int level) {
    return {first[0], first[1], size[0], size[1], float(spacing), level};
}

inline gradnoise::Chunk3d chunk3_of(const std::vector<std::int64_t>& first, const std::size_t* size, double spacing,
                                    int level) {
    return {first[0], first[1], first[2], size[0], size[1], size[2], float(spacing), level};
}

}  // namespace gradnoise_python

#endif
