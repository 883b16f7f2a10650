// The C API's GLSL (include/gradnoise/gradnoise.h, "the field on the GPU", and a graph's): the text of
// a descriptor's field or of a graph (gradnoise/shader.hpp), and the chunk coordinates the text's
// octave functions take.
#include <string>

#include "api/c_api_bridge.hpp"

using namespace gradnoise::c_api;

namespace {

// (Status keeps a message's pointer: each function's messages are literals.)
struct ShaderMessages {
    const char* null_pointer;
    const char* capacity;
    const char* out_of_memory;
};

constexpr ShaderMessages value_messages{"gradnoise_shader_source: desc and length must be non-null",
                                        "gradnoise_shader_source: capacity must exceed *length",
                                        "gradnoise_shader_source: out of memory"};
constexpr ShaderMessages gradient_messages{"gradnoise_shader_gradient_source: desc and length must be non-null",
                                           "gradnoise_shader_gradient_source: capacity must exceed *length",
                                           "gradnoise_shader_gradient_source: out of memory"};
constexpr ShaderMessages graph_messages{"gradnoise_graph_shader_source: graph and length must be non-null",
                                        "gradnoise_graph_shader_source: capacity must exceed *length",
                                        "gradnoise_graph_shader_source: out of memory"};

// The GLSL text of source (a NoiseDesc or a Graph; null: refused) into the caller's buffer.
template <class Source>
gradnoise_status shader_text(const ShaderMessages& m, const Source* source, int dimensions, const char* name,
                             bool gradient, char* buffer, size_t capacity, size_t* length) {
    if (source == nullptr || length == nullptr) {
        return null_handle(m.null_pointer);
    }
    try {
        gradnoise::ShaderOptions options;
        options.dimensions = dimensions;
        options.gradient = gradient;
        if (name != nullptr) {
            options.function_name = name;
        }
        std::string text;
        if (gradnoise::Status s = gradnoise::shader_source(*source, options, &text); !s) {
            return report(s);
        }
        return copy_text(text, buffer, capacity, length, m.capacity);
    } catch (...) {
        return fail(gradnoise::ErrorCode::out_of_memory, m.out_of_memory);
    }
}

}  // namespace

extern "C" {

gradnoise_status gradnoise_shader_source(const gradnoise_desc* desc, int dimensions, const char* name, char* buffer,
                                         size_t capacity, size_t* length) {
    return shader_text(value_messages, desc == nullptr ? nullptr : &desc->desc, dimensions, name, false, buffer,
                       capacity, length);
}

gradnoise_status gradnoise_shader_gradient_source(const gradnoise_desc* desc, int dimensions, const char* name,
                                                  char* buffer, size_t capacity, size_t* length) {
    return shader_text(gradient_messages, desc == nullptr ? nullptr : &desc->desc, dimensions, name, true, buffer,
                       capacity, length);
}

gradnoise_status gradnoise_graph_shader_source(const gradnoise_graph* graph, int gradient, const char* name,
                                               char* buffer, size_t capacity, size_t* length) {
    return shader_text(graph_messages, graph == nullptr ? nullptr : &graph->graph,
                       graph == nullptr ? 0 : graph->graph.dimensions(), name, gradient != 0, buffer, capacity, length);
}

gradnoise_status gradnoise_chunk_octave_coordinates(const gradnoise_noise* noise, int axis, int64_t first, size_t count,
                                                    float spacing, float* out) {
    if (noise == nullptr) {
        return null_handle("gradnoise_chunk_octave_coordinates: noise must be non-null");
    }
    return report(gradnoise::chunk_octave_coordinates(noise->noise, axis, first, count, spacing, out));
}

gradnoise_status gradnoise_chunk_octave_coordinates_f64(const gradnoise_noise* noise, int axis, int64_t first,
                                                        size_t count, float spacing, double* out) {
    if (noise == nullptr) {
        return null_handle("gradnoise_chunk_octave_coordinates_f64: noise must be non-null");
    }
    return report(gradnoise::chunk_octave_coordinates(noise->noise, axis, first, count, spacing, out));
}

int gradnoise_erosion_octave_count(const gradnoise_noise* noise) {
    return noise == nullptr ? 0 : gradnoise::erosion_octave_count(noise->noise);
}

gradnoise_status gradnoise_chunk_erosion_coordinates(const gradnoise_noise* noise, int64_t first, size_t count,
                                                     float spacing, float* out) {
    if (noise == nullptr) {
        return null_handle("gradnoise_chunk_erosion_coordinates: noise must be non-null");
    }
    return report(gradnoise::chunk_erosion_coordinates(noise->noise, first, count, spacing, out));
}

}  // extern "C"
