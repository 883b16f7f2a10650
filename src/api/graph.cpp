// Graph: reading (graph_json.cpp), each field node's tables once, compiling (compile.cpp), and the
// calls, which run the active ISA's graph kernels through entry.hpp (points.cpp, fills.cpp) or, for
// one point, the reference under the spec's floating-point environment.
#include <cmath>

#include "api/dispatch.hpp"
#include "api/entry.hpp"
#include "api/fp_environment.hpp"
#include "api/refusals.hpp"
#include "gradnoise/graph.hpp"
#include "graph/program.hpp"
#include "reference/reference.hpp"

namespace gradnoise {
namespace {

// Builds a GraphData from a read graph: tables for each field node, then the program.
Status build(graph::GraphDesc desc, std::string* error, std::shared_ptr<const detail::GraphData>* made) {
    auto data = std::make_shared<detail::GraphData>();
    data->desc = std::move(desc);
    data->fields.resize(data->desc.nodes.size());
    for (std::size_t i = 0; i < data->desc.nodes.size(); ++i) {
        const graph::Node& n = data->desc.nodes[i];
        if (n.type == graph::NodeType::field || n.type == graph::NodeType::erode) {
            const NoiseDesc d = n.type == graph::NodeType::field ? n.field : graph::erode_desc(n.values);
            if (Status s = Noise::create(d, &data->fields[i]); !s) {
                *error = s.message();  // (validate_graph has checked it: not reached)
                return Status(ErrorCode::invalid_argument, "Graph: invalid graph (see the error text)");
            }
        }
    }
    if (!graph::compile(*data, error)) {
        return Status(ErrorCode::size_overflow, "Graph: the graph exceeds a limit (see the error text)");
    }
    // [S 19.6] Gradients exist when every field the program evaluates has one.
    for (const graph::Instr& in : data->program.code) {
        if (in.op != graph::Op::field) {
            continue;
        }
        const std::size_t f = static_cast<std::size_t>(in.index);
        if (const char* why = detail::gradient_refusal(data->fields[f].desc(), data->desc.dims,
                                                       GRADNOISE_GRADIENT_REFUSALS(""))) {
            data->no_gradient = "graph node '" + data->field_names[f] + "' (field) has no gradient" + why;
            break;
        }
    }
    // [S 19.9] An erode node steers by its input's gradient, so the whole program runs with gradients.
    if (data->needs_gradient && !data->no_gradient.empty()) {
        for (const graph::Node& n : data->desc.nodes) {
            if (n.type == graph::NodeType::erode) {
                *error = "graph node '" + n.name + "' (erode) steers by its input's gradient, so the graph is "
                         "evaluated with gradients, which it has not: " + data->no_gradient;
                break;
            }
        }
        return Status(ErrorCode::invalid_argument, "Graph: invalid graph (see the error text)");
    }
    *made = std::move(data);
    return Status::success();
}

Status finish(graph::GraphDesc desc, std::string* error_out, std::shared_ptr<const detail::GraphData>* made) {
    std::string error;
    Status s = build(std::move(desc), &error, made);
    if (!s && error_out != nullptr) {
        *error_out = error;
    }
    return s;
}

}  // namespace

Graph::Graph() {
    static const std::shared_ptr<const detail::GraphData> plain = [] {
        graph::GraphDesc g;
        graph::Node n;
        n.type = graph::NodeType::field;
        n.name = "field";
        n.named = true;
        g.nodes.push_back(n);
        std::shared_ptr<const detail::GraphData> made;
        std::string error;
        (void)finish(g, &error, &made);
        return made;
    }();
    data_ = plain;
}

Status Graph::from_json(std::string_view text, Graph* out, std::string* error) {
    if (out == nullptr) {
        return Status(ErrorCode::null_pointer, "Graph::from_json: out must be non-null");
    }
    graph::GraphDesc desc;
    std::string message;
    bool limit = false;
    if (!graph::read_graph(text, &desc, &message, &limit)) {
        if (error != nullptr) {
            *error = message;
        }
        return limit ? Status(ErrorCode::size_overflow, "Graph::from_json: the graph exceeds a limit (see the error text)")
                     : Status(ErrorCode::invalid_argument, "Graph::from_json: invalid graph (see the error text)");
    }
    std::shared_ptr<const detail::GraphData> made;
    if (Status s = finish(std::move(desc), error, &made); !s) {
        return s;
    }
    *out = Graph(std::move(made));
    return Status::success();
}

Status Graph::from_field(const NoiseDesc& field, int dimensions, Graph* out, std::string* error) {
    if (out == nullptr) {
        return Status(ErrorCode::null_pointer, "Graph::from_field: out must be non-null");
    }
    graph::GraphDesc g;
    g.dims = dimensions;
    graph::Node n;
    n.type = graph::NodeType::field;
    n.name = "field";
    n.named = true;
    n.field = field;
    g.nodes.push_back(n);
    std::string message;
    if (dimensions < 2 || dimensions > 4) {
        message = "Graph::from_field: dimensions must be 2, 3 or 4";
    } else if (bool limit = false; !graph::validate_graph(g, &message, &limit)) {
        // (message says what)
    } else {
        std::shared_ptr<const detail::GraphData> made;
        if (Status s = finish(std::move(g), error, &made); !s) {
            return s;
        }
        *out = Graph(std::move(made));
        return Status::success();
    }
    if (error != nullptr) {
        *error = message;
    }
    return Status(ErrorCode::invalid_argument, "Graph::from_field: invalid field (see the error text)");
}

std::string Graph::to_json() const { return graph::write_graph(data_->desc); }
int Graph::dimensions() const noexcept { return data_->desc.dims; }
std::size_t Graph::program_size() const noexcept { return data_->program.code.size(); }
bool Graph::is_single_field() const noexcept { return data_->single_field >= 0; }

namespace {
float sample(const detail::GraphData& d, int dims, const float* p) {
    if (d.desc.dims != dims) {
        return NAN;
    }
    detail::SpecFpEnvironment fp;
    return reference::graph_sample(d, p);
}
}  // namespace

float Graph::sample2(float x, float y) const noexcept {
    const float p[2] = {x, y};
    return sample(*data_, 2, p);
}
float Graph::sample3(float x, float y, float z) const noexcept {
    const float p[3] = {x, y, z};
    return sample(*data_, 3, p);
}
float Graph::sample4(float x, float y, float z, float w) const noexcept {
    const float p[4] = {x, y, z, w};
    return sample(*data_, 4, p);
}

Status Graph::evaluate_2d(const float* x, const float* y, float* out, std::size_t count) const noexcept {
    const float* coords[2] = {x, y};
    return detail::evaluate_graph(detail::active_kernels(), *data_, 2, coords, out, count);
}
Status Graph::evaluate_3d(const float* x, const float* y, const float* z, float* out, std::size_t count) const noexcept {
    const float* coords[3] = {x, y, z};
    return detail::evaluate_graph(detail::active_kernels(), *data_, 3, coords, out, count);
}
Status Graph::evaluate_4d(const float* x, const float* y, const float* z, const float* w, float* out,
                          std::size_t count) const noexcept {
    const float* coords[4] = {x, y, z, w};
    return detail::evaluate_graph(detail::active_kernels(), *data_, 4, coords, out, count);
}
Status Graph::fill_grid_2d(const Grid2d& grid, float* out, std::size_t row_stride,
                           const FillOptions& options) const noexcept {
    return detail::fill_graph_grid_2d(detail::active_kernels(), *data_, grid, out, row_stride, options);
}
Status Graph::fill_grid_3d(const Grid3d& grid, float* out, std::size_t row_stride, std::size_t slice_stride,
                           const FillOptions& options) const noexcept {
    return detail::fill_graph_grid_3d(detail::active_kernels(), *data_, grid, out, row_stride, slice_stride, options);
}

const std::string& Graph::gradient_refusal() const noexcept { return data_->no_gradient; }

namespace {
// One point's value and gradient through the reference; NaN when the graph has no gradient or other dimensions.
void sample_gradient(const detail::GraphData& d, int dims, const float* p, float* r) {
    if (d.desc.dims != dims || !d.no_gradient.empty()) {
        for (int a = 0; a <= dims; ++a) {
            r[a] = NAN;
        }
        return;
    }
    detail::SpecFpEnvironment fp;
    reference::graph_sample_gradient(d, p, r);
}
}  // namespace

Gradient2 Graph::gradient2(float x, float y) const noexcept {
    const float p[2] = {x, y};
    float r[3];
    sample_gradient(*data_, 2, p, r);
    return Gradient2{r[0], r[1], r[2]};
}
Gradient3 Graph::gradient3(float x, float y, float z) const noexcept {
    const float p[3] = {x, y, z};
    float r[4];
    sample_gradient(*data_, 3, p, r);
    return Gradient3{r[0], r[1], r[2], r[3]};
}
Gradient4 Graph::gradient4(float x, float y, float z, float w) const noexcept {
    const float p[4] = {x, y, z, w};
    float r[5];
    sample_gradient(*data_, 4, p, r);
    return Gradient4{r[0], r[1], r[2], r[3], r[4]};
}
Status Graph::evaluate_gradient_2d(const float* x, const float* y, const GradientOut& out,
                                   std::size_t count) const noexcept {
    const float* coords[2] = {x, y};
    return detail::evaluate_graph_gradient(detail::active_kernels(), *data_, 2, coords, out, count);
}
Status Graph::evaluate_gradient_3d(const float* x, const float* y, const float* z, const GradientOut& out,
                                   std::size_t count) const noexcept {
    const float* coords[3] = {x, y, z};
    return detail::evaluate_graph_gradient(detail::active_kernels(), *data_, 3, coords, out, count);
}
Status Graph::evaluate_gradient_4d(const float* x, const float* y, const float* z, const float* w,
                                   const GradientOut& out, std::size_t count) const noexcept {
    const float* coords[4] = {x, y, z, w};
    return detail::evaluate_graph_gradient(detail::active_kernels(), *data_, 4, coords, out, count);
}
Status Graph::fill_grid_gradient_2d(const Grid2d& grid, const GradientOut& out, std::size_t row_stride,
                                    const FillOptions& options) const noexcept {
    return detail::fill_graph_grid_gradient_2d(detail::active_kernels(), *data_, grid, out, row_stride, options);
}
Status Graph::fill_grid_gradient_3d(const Grid3d& grid, const GradientOut& out, std::size_t row_stride,
                                    std::size_t slice_stride, const FillOptions& options) const noexcept {
    return detail::fill_graph_grid_gradient_3d(detail::active_kernels(), *data_, grid, out, row_stride, slice_stride,
                                               options);
}

Status Graph::fill_chunk_2d(const Chunk2d& chunk, float* out, std::size_t row_stride,
                            const FillOptions& options) const noexcept {
    return detail::fill_graph_chunk_2d(detail::active_kernels(), *data_, chunk, out, row_stride, options);
}
Status Graph::fill_chunk_3d(const Chunk3d& chunk, float* out, std::size_t row_stride, std::size_t slice_stride,
                            const FillOptions& options) const noexcept {
    return detail::fill_graph_chunk_3d(detail::active_kernels(), *data_, chunk, out, row_stride, slice_stride, options);
}
Status Graph::fill_chunk_gradient_2d(const Chunk2d& chunk, const GradientOut& out, std::size_t row_stride,
                                     const FillOptions& options) const noexcept {
    return detail::fill_graph_chunk_gradient_2d(detail::active_kernels(), *data_, chunk, out, row_stride, options);
}
Status Graph::fill_chunk_gradient_3d(const Chunk3d& chunk, const GradientOut& out, std::size_t row_stride,
                                     std::size_t slice_stride, const FillOptions& options) const noexcept {
    return detail::fill_graph_chunk_gradient_3d(detail::active_kernels(), *data_, chunk, out, row_stride, slice_stride,
                                                options);
}

}  // namespace gradnoise
