// The field a command evaluates: the noise options' Noise, or a graph file's Graph (--graph). One
// set of calls for both, so eval and bake evaluate either without knowing which.
#ifndef GRADNOISE_CLI_FIELD_SOURCE_HPP
#define GRADNOISE_CLI_FIELD_SOURCE_HPP

#include <optional>
#include <string>

#include "gradnoise/gradnoise.hpp"
#include "gradnoise/shader.hpp"
#include "options.hpp"

namespace gradnoise::cli {

class FieldSource {
public:
    explicit FieldSource(Noise noise) : noise_(std::move(noise)) {}
    explicit FieldSource(Graph graph) : graph_(std::move(graph)) {}

    bool is_graph() const { return graph_.has_value(); }
    const Graph& graph() const { return *graph_; }
    const Noise& noise() const { return *noise_; }
    // Its GLSL (gradnoise/shader.hpp): fails with the library's message (a graph's names the node).
    std::string shader(int dims, bool gradient, const char* name) const;

    Status evaluate_2d(const float* x, const float* y, float* out, std::size_t n) const;
    Status evaluate_3d(const float* x, const float* y, const float* z, float* out, std::size_t n) const;
    Status evaluate_4d(const float* x, const float* y, const float* z, const float* w, float* out, std::size_t n) const;
    Status fill_grid_2d(const Grid2d& g, float* out, std::size_t row_stride, const FillOptions& o) const;
    Status fill_grid_3d(const Grid3d& g, float* out, std::size_t row_stride, std::size_t slice_stride,
                        const FillOptions& o) const;
    // Gradients: the Noise's or the graph's (a graph without one is refused before work starts).
    Status evaluate_gradient_2d(const float* x, const float* y, const GradientOut& g, std::size_t n) const;
    Status evaluate_gradient_3d(const float* x, const float* y, const float* z, const GradientOut& g,
                                std::size_t n) const;
    Status evaluate_gradient_4d(const float* x, const float* y, const float* z, const float* w, const GradientOut& g,
                                std::size_t n) const;
    Status fill_grid_gradient_2d(const Grid2d& g, const GradientOut& out, std::size_t row_stride,
                                 const FillOptions& o) const;
    Status fill_grid_gradient_3d(const Grid3d& g, const GradientOut& out, std::size_t row_stride,
                                 std::size_t slice_stride, const FillOptions& o) const;

private:
    std::optional<Noise> noise_;
    std::optional<Graph> graph_;
};

// Reads a graph file (--graph): a usage error names the file and says what is wrong in it.
Graph load_graph_file(const std::string& path);
// With --graph the file defines the field: a noise option given as well would do nothing, so it is
// refused ("gradnoise bake: --octaves has no effect with --graph (the graph file defines the field)").
void refuse_noise_options_with_graph(const NoiseOptions& options);

}  // namespace gradnoise::cli

#endif
