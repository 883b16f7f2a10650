// The C API's graphs (include/gradnoise/gradnoise.h, "graphs"): a Graph read from its file and
// written back, its samples, grids, chunks and gradients. (Its GLSL: c_api_shader.cpp.)
#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#include "api/c_api_bridge.hpp"

using namespace gradnoise::c_api;

static_assert(GRADNOISE_GRAPH_FORMAT_VERSION == gradnoise::graph_format_version);

extern "C" {

gradnoise_status gradnoise_graph_create_from_json(const char* json, size_t length, gradnoise_graph** out, char* error,
                                                  size_t error_capacity) {
    if (out == nullptr) {
        return null_handle("gradnoise_graph_create_from_json: out is null");
    }
    *out = nullptr;
    if (json == nullptr && length > 0) {
        return null_handle("gradnoise_graph_create_from_json: json is null");
    }
    try {
        gradnoise::Graph graph;
        std::string message;
        const gradnoise::Status s =
            gradnoise::Graph::from_json(std::string_view(json == nullptr ? "" : json, length), &graph, &message);
        if (!s) {
            if (error != nullptr && error_capacity > 0) {
                const std::size_t n = std::min(message.size(), error_capacity - 1);
                std::memcpy(error, message.data(), n);
                error[n] = '\0';
            }
            return report(s);
        }
        *out = new gradnoise_graph{std::move(graph)};
    } catch (...) {
        return fail(gradnoise::ErrorCode::out_of_memory, "gradnoise_graph_create_from_json: out of memory");
    }
    return ok();
}

void gradnoise_graph_destroy(gradnoise_graph* graph) { delete graph; }

int gradnoise_graph_dimensions(const gradnoise_graph* graph) { return graph == nullptr ? 0 : graph->graph.dimensions(); }

gradnoise_status gradnoise_graph_to_json(const gradnoise_graph* graph, char* buffer, size_t capacity, size_t* length) {
    if (graph == nullptr || length == nullptr) {
        return null_handle("gradnoise_graph_to_json: graph and length must be non-null");
    }
    try {
        return copy_text(graph->graph.to_json(), buffer, capacity, length,
                         "gradnoise_graph_to_json: capacity must exceed *length");
    } catch (...) {
        return fail(gradnoise::ErrorCode::out_of_memory, "gradnoise_graph_to_json: out of memory");
    }
}

gradnoise_status gradnoise_graph_evaluate_2d(const gradnoise_graph* graph, const float* x, const float* y, float* out,
                                             size_t count) {
    if (graph == nullptr) {
        return null_handle("gradnoise_graph_evaluate_2d: graph is null");
    }
    return report(graph->graph.evaluate_2d(x, y, out, count));
}

gradnoise_status gradnoise_graph_evaluate_3d(const gradnoise_graph* graph, const float* x, const float* y,
                                             const float* z, float* out, size_t count) {
    if (graph == nullptr) {
        return null_handle("gradnoise_graph_evaluate_3d: graph is null");
    }
    return report(graph->graph.evaluate_3d(x, y, z, out, count));
}

gradnoise_status gradnoise_graph_evaluate_4d(const gradnoise_graph* graph, const float* x, const float* y,
                                             const float* z, const float* w, float* out, size_t count) {
    if (graph == nullptr) {
        return null_handle("gradnoise_graph_evaluate_4d: graph is null");
    }
    return report(graph->graph.evaluate_4d(x, y, z, w, out, count));
}

gradnoise_status gradnoise_graph_fill_grid_2d(const gradnoise_graph* graph, const gradnoise_grid_2d* grid, float* out,
                                              size_t row_stride, const gradnoise_fill_options* options) {
    if (graph == nullptr || grid == nullptr) {
        return null_handle("gradnoise_graph_fill_grid_2d: graph and grid must be non-null");
    }
    return report(graph->graph.fill_grid_2d(cpp_form(*grid), out, row_stride, OptionsBridge(options).cpp));
}

gradnoise_status gradnoise_graph_fill_grid_3d(const gradnoise_graph* graph, const gradnoise_grid_3d* grid, float* out,
                                              size_t row_stride, size_t slice_stride,
                                              const gradnoise_fill_options* options) {
    if (graph == nullptr || grid == nullptr) {
        return null_handle("gradnoise_graph_fill_grid_3d: graph and grid must be non-null");
    }
    return report(graph->graph.fill_grid_3d(cpp_form(*grid), out, row_stride, slice_stride, OptionsBridge(options).cpp));
}

gradnoise_status gradnoise_graph_evaluate_gradient_2d(const gradnoise_graph* graph, const float* x, const float* y,
                                                      const gradnoise_gradient_out* out, size_t count) {
    if (graph == nullptr || (out == nullptr && count > 0)) {
        return null_handle("gradnoise_graph_evaluate_gradient_2d: graph and out must be non-null");
    }
    return report(graph->graph.evaluate_gradient_2d(x, y, planes(out), count));
}

gradnoise_status gradnoise_graph_evaluate_gradient_3d(const gradnoise_graph* graph, const float* x, const float* y,
                                                      const float* z, const gradnoise_gradient_out* out, size_t count) {
    if (graph == nullptr || (out == nullptr && count > 0)) {
        return null_handle("gradnoise_graph_evaluate_gradient_3d: graph and out must be non-null");
    }
    return report(graph->graph.evaluate_gradient_3d(x, y, z, planes(out), count));
}

gradnoise_status gradnoise_graph_evaluate_gradient_4d(const gradnoise_graph* graph, const float* x, const float* y,
                                                      const float* z, const float* w, const gradnoise_gradient_out* out,
                                                      size_t count) {
    if (graph == nullptr || (out == nullptr && count > 0)) {
        return null_handle("gradnoise_graph_evaluate_gradient_4d: graph and out must be non-null");
    }
    return report(graph->graph.evaluate_gradient_4d(x, y, z, w, planes(out), count));
}

gradnoise_status gradnoise_graph_fill_grid_gradient_2d(const gradnoise_graph* graph, const gradnoise_grid_2d* grid,
                                                       const gradnoise_gradient_out* out, size_t row_stride,
                                                       const gradnoise_fill_options* options) {
    if (graph == nullptr || grid == nullptr || out == nullptr) {
        return null_handle("gradnoise_graph_fill_grid_gradient_2d: graph, grid and out must be non-null");
    }
    return report(graph->graph.fill_grid_gradient_2d(cpp_form(*grid), planes(out), row_stride, OptionsBridge(options).cpp));
}

gradnoise_status gradnoise_graph_fill_grid_gradient_3d(const gradnoise_graph* graph, const gradnoise_grid_3d* grid,
                                                       const gradnoise_gradient_out* out, size_t row_stride,
                                                       size_t slice_stride, const gradnoise_fill_options* options) {
    if (graph == nullptr || grid == nullptr || out == nullptr) {
        return null_handle("gradnoise_graph_fill_grid_gradient_3d: graph, grid and out must be non-null");
    }
    return report(graph->graph.fill_grid_gradient_3d(cpp_form(*grid), planes(out), row_stride, slice_stride,
                                                     OptionsBridge(options).cpp));
}

gradnoise_status gradnoise_graph_fill_chunk_2d(const gradnoise_graph* graph, const gradnoise_chunk_2d* chunk, float* out,
                                               size_t row_stride, const gradnoise_fill_options* options) {
    if (graph == nullptr || chunk == nullptr) {
        return null_handle("gradnoise_graph_fill_chunk_2d: graph and chunk must be non-null");
    }
    return report(graph->graph.fill_chunk_2d(cpp_form(*chunk), out, row_stride, OptionsBridge(options).cpp));
}

gradnoise_status gradnoise_graph_fill_chunk_3d(const gradnoise_graph* graph, const gradnoise_chunk_3d* chunk, float* out,
                                               size_t row_stride, size_t slice_stride,
                                               const gradnoise_fill_options* options) {
    if (graph == nullptr || chunk == nullptr) {
        return null_handle("gradnoise_graph_fill_chunk_3d: graph and chunk must be non-null");
    }
    return report(graph->graph.fill_chunk_3d(cpp_form(*chunk), out, row_stride, slice_stride, OptionsBridge(options).cpp));
}

}  // extern "C"
