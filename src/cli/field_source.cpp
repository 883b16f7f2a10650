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

Graph load_graph_file(const std::string& path, const char* command) {
    std::string text, error;
    if (!read_bounded_file(path, max_graph_text, "a graph file", &text, &error)) {
        usage_error(std::string("gradnoise ") + command + ": --graph " + error);
    }
    Graph g;
    if (!Graph::from_json(text, &g, &error)) {
        usage_error(std::string("gradnoise ") + command + ": --graph " + path + ": " + error);
    }
    return g;
}

void refuse_noise_options_with_graph(const NoiseOptions& o, const char* command) {
    const std::pair<bool, const char*> given[] = {
        {o.seed.has_value(), "--seed"},
        {o.fade.has_value(), "--fade"},
        {o.hash.has_value(), "--hash"},
        {o.fractal.has_value(), "--fractal"},
        {o.octaves.has_value(), "--octaves"},
        {o.frequency.has_value(), "--frequency"},
        {o.lacunarity.has_value(), "--lacunarity"},
        {o.persistence.has_value(), "--persistence"},
        {o.basis.has_value(), "--basis"},
        {o.period.has_value(), "--period"},
        {o.warp.has_value(), "--warp"},
        {o.warp_strength.has_value(), "--warp-strength"},
        {o.warp_frequency.has_value(), "--warp-frequency"},
        {o.pattern.has_value(), "--pattern"},
        {o.pattern_frequency.has_value(), "--pattern-frequency"},
        {o.pattern_strength.has_value(), "--pattern-strength"},
        {o.orientation2.has_value(), "--orientation2"},
        {o.orientation3.has_value(), "--orientation3"},
        {o.orientation4.has_value(), "--orientation4"},
        {o.cellular_distance.has_value(), "--cellular-distance"},
        {o.cellular_output.has_value(), "--cellular-output"},
        {o.jitter.has_value(), "--jitter"},
    };
    for (const auto& [set, name] : given) {
        if (set) {
            usage_error(std::string("gradnoise ") + command + ": " + name +
                        " has no effect with --graph (the graph file defines the field)");
        }
    }
}

}  // namespace gradnoise::cli
