// gradnoise._gradnoise: GraphCore, the native half of gradnoise.graph.Graph [issue 29] -- a
// gradnoise::Graph read from its JSON; points and grids, float32 values (and gradients), through
// the same blocks, threads, progress and cancellation as a field's.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "gradnoise/gradnoise.hpp"
#include "gradnoise/shader.hpp"
#include "points.hpp"
#include "run.hpp"
#include "strided.hpp"

namespace gradnoise_python {

namespace {

using gradnoise::Status;

class GraphCore {
public:
    explicit GraphCore(const std::string& json) {
        std::string error;
        if (!gradnoise::Graph::from_json(json, &graph_, &error)) throw py::value_error(error);
    }

    // Points: outputs = [values] or [values, d/dx, d/dy (, d/dz, d/dw)] (gradient).
    void evaluate(const std::vector<py::array>& inputs, const std::vector<py::array>& outputs, bool gradient,
                  unsigned threads, const py::object& progress) const {
        const int dims = int(inputs.size());
        if (dims != graph_.dimensions()) throw py::value_error("internal: coordinate count");
        if (outputs.size() != (gradient ? std::size_t(dims + 1) : 1u)) throw py::value_error("internal: output planes");
        evaluate_points(graph_, gradient ? Kind::gradient : Kind::value, inputs, outputs, threads, progress);
    }

    // A grid (chunk: first is not empty) of shape (ny, nx) or (nz, ny, nx), rows contiguous (checked by
    // the Python half, again here): planes = [values] or [values, d/dx, d/dy (, d/dz)], of one shape and
    // strides.
    void fill(const std::vector<double>& origin, const std::vector<double>& step, const std::vector<std::int64_t>& first,
              double spacing, const std::vector<py::array>& planes, unsigned threads,
              const py::object& progress) const {
        const py::array& o = planes.at(0);
        const int dims = int(o.ndim());
        if (dims != graph_.dimensions() || (dims != 2 && dims != 3)) throw py::value_error("internal: grid dimensions");
        if (planes.size() != 1 && planes.size() != std::size_t(dims + 1)) throw py::value_error("internal: grid planes");
        std::array<float*, 4> p{};
        for (std::size_t k = 0; k < planes.size(); ++k) {
            const py::array& a = planes[k];
            View pv = view_of(a, true);
            if (pv.f64 || a.ndim() != dims) throw py::value_error("internal: plane shapes");
            check_same_layout(a, o, dims);
            p[k] = reinterpret_cast<float*>(pv.data);
        }
        View v = view_of(o, true);
        if (v.f64 || o.strides(dims - 1) != 4) throw py::value_error("internal: grid rows must be contiguous float32");
        const GridStrides strides = grid_strides(o, dims);
        const std::size_t rs = strides.row, ss = strides.slice;
        std::size_t size[3] = {0, 0, 1};
        for (int d = 0; d < dims; ++d) size[d] = std::size_t(o.shape(dims - 1 - d));
        const std::uint64_t total = std::uint64_t(size[0]) * size[1] * size[2];
        if (total == 0) return;
        float* out = p[0];
        const bool gradient = planes.size() > 1;
        const gradnoise::GradientOut planes_out{p[0], p[1], p[2], p[3], nullptr};
        Run run;
        run.total = total;
        run.row = size[0];
        run_released(run, progress, [&](Run& r) -> Status {
            const gradnoise::FillOptions opt = fill_options(r, threads);
            if (!first.empty() && dims == 2) {
                const gradnoise::Chunk2d c = chunk2_of(first, size, spacing, 0);
                return gradient ? graph_.fill_chunk_gradient_2d(c, planes_out, rs, opt) : graph_.fill_chunk_2d(c, out, rs, opt);
            }
            if (!first.empty()) {
                const gradnoise::Chunk3d c = chunk3_of(first, size, spacing, 0);
                return gradient ? graph_.fill_chunk_gradient_3d(c, planes_out, rs, ss, opt)
                                : graph_.fill_chunk_3d(c, out, rs, ss, opt);
            }
            if (dims == 2) {
                const gradnoise::Grid2d g = grid2_of(origin, step, size);
                return gradient ? graph_.fill_grid_gradient_2d(g, planes_out, rs, opt) : graph_.fill_grid_2d(g, out, rs, opt);
            }
            const gradnoise::Grid3d g = grid3_of(origin, step, size);
            return gradient ? graph_.fill_grid_gradient_3d(g, planes_out, rs, ss, opt)
                            : graph_.fill_grid_3d(g, out, rs, ss, opt);
        });
    }

    std::string gradient_refusal() const { return graph_.gradient_refusal(); }

    // GLSL of the graph (gradnoise/shader.hpp), in its dimensions.
    std::string shader_source(const std::string& name, bool gradient) const {
        std::string text, error;
        const Status st = gradnoise::shader_source(graph_, shader_options(graph_.dimensions(), name, gradient), &text, &error);
        if (!st.ok()) throw py::value_error(error.empty() ? st.message() : error);
        return text;
    }

    double reference(const std::vector<double>& p) const {
        const float x = float(p.at(0)), y = float(p.at(1)), z = p.size() > 2 ? float(p[2]) : 0.0f,
                    w = p.size() > 3 ? float(p[3]) : 0.0f;
        return p.size() == 2 ? graph_.sample2(x, y) : p.size() == 3 ? graph_.sample3(x, y, z) : graph_.sample4(x, y, z, w);
    }

    std::string to_json() const { return graph_.to_json(); }
    int dimensions() const { return graph_.dimensions(); }
    std::size_t program_size() const { return graph_.program_size(); }
    bool is_single_field() const { return graph_.is_single_field(); }

private:
    gradnoise::Graph graph_;
};

}  // namespace

void bind_graph(py::module_& m) {
    py::class_<GraphCore>(m, "GraphCore")
        .def(py::init<const std::string&>())
        .def("evaluate", &GraphCore::evaluate)
        .def("fill", &GraphCore::fill)
        .def("reference", &GraphCore::reference)
        .def("to_json", &GraphCore::to_json)
        .def("shader_source", &GraphCore::shader_source)
        .def("dimensions", &GraphCore::dimensions)
        .def("program_size", &GraphCore::program_size)
        .def("is_single_field", &GraphCore::is_single_field)
        .def("gradient_refusal", &GraphCore::gradient_refusal);
    m.attr("graph_format_version") = gradnoise::graph_format_version;
    m.def("graph_schema", [] { return gradnoise::Graph::schema(); });
}

}  // namespace gradnoise_python
