#include "field_source.hpp"

#include <utility>

#include "input_limits.hpp"

namespace gradnoise::cli {

Status FieldSource::evaluate_2d(const float* x, const float* y, float* out, std::size_t n) const {
    return graph_ ? graph_->evaluate_2d(x, y, out, n) : noise_->evaluate_2d(x, y, out, n);
}
Status FieldSource::evaluate_3d(const float* x, const float* y, const float* z, float* out, std::size_t n) const {
    return graph_ ? graph_->evaluate_3d(x, y, z, out, n) : noise_->evaluate_3d(x, y, z, out, n);
}
Status FieldSource::evaluate_4d(const float* x, const float* y, const float* z, const float* w, float* out,
                                std::size_t n) const {
    return graph_ ? graph_->evaluate_4d(x, y, z, w, out, n) : noise_->evaluate_4d(x, y, z, w, out, n);
}
Status FieldSource::fill_grid_2d(const Grid2d& g, float* out, std::size_t row_stride, const FillOptions& o) const {
    return graph_ ? graph_->fill_grid_2d(g, out, row_stride, o) : noise_->fill_grid_2d(g, out, row_stride, o);
}
Status FieldSource::fill_grid_3d(const Grid3d& g, float* out, std::size_t row_stride, std::size_t slice_stride,
                                 const FillOptions& o) const {
    return graph_ ? graph_->fill_grid_3d(g, out, row_stride, slice_stride, o)
                  : noise_->fill_grid_3d(g, out, row_stride, slice_stride, o);
}
Status FieldSource::evaluate_gradient_2d(const float* x, const float* y, const GradientOut& g, std::size_t n) const {
    return graph_ ? graph_->evaluate_gradient_2d(x, y, g, n) : noise_->evaluate_gradient_2d(x, y, g, n);
}
Status FieldSource::evaluate_gradient_3d(const float* x, const float* y, const float* z, const GradientOut& g,
                                         std::size_t n) const {
    return graph_ ? graph_->evaluate_gradient_3d(x, y, z, g, n) : noise_->evaluate_gradient_3d(x, y, z, g, n);
}
Status FieldSource::evaluate_gradient_4d(const float* x, const float* y, const float* z, const float* w,
                                         const GradientOut& g, std::size_t n) const {
    return graph_ ? graph_->evaluate_gradient_4d(x, y, z, w, g, n) : noise_->evaluate_gradient_4d(x, y, z, w, g, n);
}
Status FieldSource::fill_grid_gradient_2d(const Grid2d& g, const GradientOut& out, std::size_t row_stride,
                                          const FillOptions& o) const {
    return graph_ ? graph_->fill_grid_gradient_2d(g, out, row_stride, o) : noise_->fill_grid_gradient_2d(g, out, row_stride, o);
}
Status FieldSource::fill_grid_gradient_3d(const Grid3d& g, const GradientOut& out, std::size_t row_stride,
                                          std::size_t slice_stride, const FillOptions& o) const {
    return graph_ ? graph_->fill_grid_gradient_3d(g, out, row_stride, slice_stride, o)
                  : noise_->fill_grid_gradient_3d(g, out, row_stride, slice_stride, o);
}

std::string FieldSource::shader(int dims, bool gradient, const char* name) const {
    ShaderOptions options;
    options.dimensions = dims;
    options.gradient = gradient;
    options.function_name = name;
    std::string text, error;
    const Status st = graph_ ? shader_source(*graph_, options, &text, &error) : shader_source(noise_->desc(), options, &text);
    if (!st) {
        fail(error.empty() ? std::string(st.message()) : error);
    }
    return text;
}

Graph load_graph_file(const std::string& path) {
    std::string text, error;
    if (!read_bounded_file(path, max_graph_text, "a graph file", &text, &error)) {
        usage_error("--graph " + error);
    }
    Graph g;
    if (!Graph::from_json(text, &g, &error)) {
        usage_error("--graph " + path + ": " + error);
    }
    return g;
}

void refuse_noise_options_with_graph(const NoiseOptions& o) {
    if (!o.given.empty()) {
        usage_error(o.first_given() + " has no effect with --graph (the graph file defines the field)");
    }
}

}  // namespace gradnoise::cli
