// gradnoise._gradnoise: Core, the native half of gradnoise.Field -- a gradnoise::Noise made from
// the package's checked parameters; points, grids and chunks, the scalar reference, the
// permutation, the GLSL and a chunk's octave coordinates.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
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

// The field's description from the package's dict of native values (gradnoise/__init__.py builds it):
// one entry per parameter of the library's table (gradnoise/parameters.hpp) under its name -- a
// choice as its index, a number as a Python float (rounded to float32 as the C++ API stores it),
// the seed as None or its 64-bit pattern.
gradnoise::NoiseDesc desc_of(const py::dict& d) {
    gradnoise::NoiseDesc desc;
    std::size_t count = 0;
    const gradnoise::Parameter* table = gradnoise::parameters(&count);
    for (std::size_t i = 0; i < count; ++i) {
        const gradnoise::Parameter& p = table[i];
        const py::object v = d[p.name];
        if (p.kind == gradnoise::ParameterKind::seed) {
            desc.has_seed = !v.is_none();
            desc.seed = v.is_none() ? 0 : v.cast<std::uint64_t>();
        } else if (p.kind == gradnoise::ParameterKind::number) {
            p.set(desc, static_cast<double>(v.cast<float>()));
        } else {
            p.set(desc, static_cast<double>(v.cast<long long>()));
        }
    }
    return desc;
}

class Core {
public:
    explicit Core(const py::dict& d) {
        const Status st = gradnoise::Noise::create(desc_of(d), &noise_);
        if (!st.ok()) raise(st);
    }

    // Points: inputs already broadcast to one shape (any strides), float32 or float64 each;
    // outputs the planes, of that shape, of the evaluation's dtype.
    void evaluate(const std::vector<py::array>& inputs, const std::vector<py::array>& outputs, const std::string& kind_name,
                  bool f64, unsigned threads, const py::object& progress) const {
        const Kind kind = parse_kind(kind_name);
        const int dims = int(inputs.size());
        if (dims < 2 || dims > 4) throw py::value_error("internal: 2 to 4 coordinate arrays");
        if (outputs.size() != planes_for(kind, dims)) throw py::value_error("internal: output planes");
        evaluate_points(noise_, kind, inputs, outputs, f64, threads, progress);
    }

    // Grids and chunks (float32): planes of shape (ny, nx) or (nz, ny, nx), last axis contiguous,
    // the same strides for every plane (checked by the Python half, again here).
    void fill(bool chunk, const std::vector<double>& origin, const std::vector<double>& step,
              const std::vector<std::int64_t>& first, double spacing, int level, const std::vector<py::array>& outputs,
              const std::string& kind_name, unsigned threads, const py::object& progress) const {
        const Kind kind = parse_kind(kind_name);
        if (kind == Kind::curl) throw py::value_error("internal: no curl grids");
        const py::array& o = outputs.at(0);
        const int dims = int(o.ndim());
        if (dims != 2 && dims != 3) throw py::value_error("internal: grid planes are 2D or 3D");
        if (outputs.size() != planes_for(kind, dims)) throw py::value_error("internal: output planes");
        std::size_t size[3] = {0, 0, 0};  // x, y, z
        for (int d = 0; d < dims; ++d) size[d] = std::size_t(o.shape(dims - 1 - d));
        for (const auto& a : outputs) {
            View v = view_of(a, true);
            if (v.f64) throw py::value_error("internal: grid planes are float32");
            if (a.ndim() != dims) throw py::value_error("internal: plane shapes");
            check_same_layout(a, o, dims);
            if (a.strides(dims - 1) != 4) throw py::value_error("internal: rows must be contiguous");
        }
        const GridStrides strides = grid_strides(o, dims);
        std::array<float*, 5> p{};
        for (std::size_t k = 0; k < outputs.size(); ++k) p[k] = reinterpret_cast<float*>(view_of(outputs[k], true).data);
        const std::uint64_t total = std::uint64_t(size[0]) * size[1] * std::max<std::size_t>(size[2], 1);
        if (total == 0) return;
        if (size[0] > 1 && strides.row < size[0]) throw py::value_error("internal: row stride");
        gradnoise::GradientOut g;
        g.value = p[0];
        g.dx = p[1];
        g.dy = p[2];
        g.dz = dims == 3 ? p[3] : nullptr;

        Run run;
        run.total = total;
        run.row = size[0];
        run_released(run, progress, [&](Run& r) -> Status {
            const gradnoise::FillOptions opt = fill_options(r, threads);
            if (!chunk) {
                if (dims == 2) {
                    const gradnoise::Grid2d grid = grid2_of(origin, step, size);
                    return kind == Kind::value ? noise_.fill_grid_2d(grid, p[0], strides.row, opt)
                                               : noise_.fill_grid_gradient_2d(grid, g, strides.row, opt);
                }
                const gradnoise::Grid3d grid = grid3_of(origin, step, size);
                return kind == Kind::value ? noise_.fill_grid_3d(grid, p[0], strides.row, strides.slice, opt)
                                           : noise_.fill_grid_gradient_3d(grid, g, strides.row, strides.slice, opt);
            }
            if (dims == 2) {
                const gradnoise::Chunk2d c = chunk2_of(first, size, spacing, level);
                return kind == Kind::value ? noise_.fill_chunk_2d(c, p[0], strides.row, opt)
                                           : noise_.fill_chunk_gradient_2d(c, g, strides.row, opt);
            }
            const gradnoise::Chunk3d c = chunk3_of(first, size, spacing, level);
            return kind == Kind::value ? noise_.fill_chunk_3d(c, p[0], strides.row, strides.slice, opt)
                                       : noise_.fill_chunk_gradient_3d(c, g, strides.row, strides.slice, opt);
        });
    }

    // One point through the scalar reference (Noise::noise2 ... and the f64 twins): the spec's own path.
    py::tuple reference(const std::vector<double>& p, const std::string& kind_name, bool f64) const {
        const Kind kind = parse_kind(kind_name);
        const std::size_t dims = p.size();
        py::gil_scoped_release release;
        std::array<double, 5> r{};
        std::size_t n = 1;
        if (f64) {
            r[0] = dims == 2 ? noise_.noise2_f64(p[0], p[1]) : noise_.noise3_f64(p[0], p[1], p[2]);
        } else {
            const float x = float(p[0]), y = float(p[1]), z = dims > 2 ? float(p[2]) : 0.0f, w = dims > 3 ? float(p[3]) : 0.0f;
            if (kind == Kind::value) {
                r[0] = dims == 2 ? noise_.noise2(x, y) : dims == 3 ? noise_.noise3(x, y, z) : noise_.noise4(x, y, z, w);
            } else if (kind == Kind::gradient) {
                n = dims + 1;
                if (dims == 2) {
                    auto g = noise_.gradient2(x, y);
                    r = {g.value, g.dx, g.dy, 0, 0};
                } else if (dims == 3) {
                    auto g = noise_.gradient3(x, y, z);
                    r = {g.value, g.dx, g.dy, g.dz, 0};
                } else {
                    auto g = noise_.gradient4(x, y, z, w);
                    r = {g.value, g.dx, g.dy, g.dz, g.dw};
                }
            } else {
                n = dims;
                if (dims == 2) {
                    auto c = noise_.curl2(x, y);
                    r = {c.vx, c.vy, 0, 0, 0};
                } else {
                    auto c = noise_.curl3(x, y, z);
                    r = {c.vx, c.vy, c.vz, 0, 0};
                }
            }
        }
        py::gil_scoped_acquire acquire;
        py::tuple t(n);
        for (std::size_t i = 0; i < n; ++i) t[i] = f64 ? py::float_(r[i]) : py::float_(double(float(r[i])));
        return t;
    }

    py::bytes permutation() const {
        const auto& v = noise_.permutation().values();
        return py::bytes(reinterpret_cast<const char*>(v.data()), v.size());
    }

    // GLSL of the field (gradnoise/shader.hpp).
    std::string shader_source(int dims, const std::string& name, bool gradient) const {
        std::string text;
        const Status st = gradnoise::shader_source(noise_.desc(), shader_options(dims, name, gradient), &text);
        if (!st.ok()) raise(st);
        return text;
    }

    // A chunk axis' octave coordinates, (octaves, count): float32, or float64 for the simplex bases.
    py::array chunk_octave_coordinates(int axis, std::int64_t first, std::size_t count, double spacing) const {
        const gradnoise::FractalParams& f = noise_.desc().fractal;
        const std::size_t octaves = f.kind == gradnoise::Fractal::none ? 1 : std::size_t(f.octaves);
        if (gradnoise::basis_family(noise_.desc().basis) == gradnoise::BasisFamily::simplex)
            return octave_coordinates<double>(axis, first, count, spacing, octaves);
        return octave_coordinates<float>(axis, first, count, spacing, octaves);
    }

    // The erosion filter's cell coordinates of a chunk axis, (M, count) float32 (M: its gully octaves).
    py::array chunk_erosion_coordinates(std::int64_t first, std::size_t count, double spacing) const {
        py::array_t<float> out({std::size_t(gradnoise::erosion_octave_count(noise_)), count});
        const Status st = gradnoise::chunk_erosion_coordinates(noise_, first, count, float(spacing), out.mutable_data());
        if (!st.ok()) raise(st);
        return out;
    }

private:
    template <class T>
    py::array octave_coordinates(int axis, std::int64_t first, std::size_t count, double spacing,
                                 std::size_t octaves) const {
        py::array_t<T> out({octaves, count});
        const Status st =
            gradnoise::chunk_octave_coordinates(noise_, axis, first, count, float(spacing), out.mutable_data());
        if (!st.ok()) raise(st);
        return out;
    }

    gradnoise::Noise noise_;
};

}  // namespace

void bind_field(py::module_& m) {
    py::class_<Core>(m, "Core")
        .def(py::init<const py::dict&>())
        .def("evaluate", &Core::evaluate)
        .def("fill", &Core::fill)
        .def("reference", &Core::reference)
        .def("permutation", &Core::permutation)
        .def("shader_source", &Core::shader_source)
        .def("chunk_octave_coordinates", &Core::chunk_octave_coordinates)
        .def("chunk_erosion_coordinates", &Core::chunk_erosion_coordinates);
    // (field, needs) of a parameter the field ignores (gradnoise::ignored_parameter against the
    // defaults), or None.
    m.def("ignored_parameter", [](const py::dict& d) -> py::object {
        const gradnoise::IgnoredParameter ignored = gradnoise::ignored_parameter(desc_of(d));
        if (!ignored) return py::none();
        return py::make_tuple(ignored.field, ignored.needs);
    });
}

}  // namespace gradnoise_python
