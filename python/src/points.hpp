// gradnoise._gradnoise: what one call evaluates, and points -- coordinate arrays of any strides
// through the library's point functions in blocks, over threads when asked.
#ifndef GRADNOISE_PYTHON_POINTS_HPP
#define GRADNOISE_PYTHON_POINTS_HPP

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"

namespace gradnoise_python {

namespace py = pybind11;

enum class Kind { value, gradient, curl };

// "value", "gradient" or "curl" (ValueError otherwise).
Kind parse_kind(const std::string& k);

// Output planes per kind: the value (1), value + dims partials, or dims curl components.
std::size_t planes_for(Kind kind, int dims);

// Points: `inputs` (one per coordinate) already broadcast to the outputs' shape, any strides,
// float32 or float64 each; `outputs` the planes of that shape, float64 when `f64` (the binary64
// path: values only) and float32 otherwise. Contiguous arrays of the evaluation's dtype go to the
// library as they are; others through blocks of 4096 samples gathered and scattered on the way.
// Runs with the GIL released (run.hpp).
void evaluate_points(const gradnoise::Noise& noise, Kind kind, const std::vector<py::array>& inputs,
                     const std::vector<py::array>& outputs, bool f64, unsigned threads, const py::object& progress);

// [Issue 29] A graph's points: values, or values with gradients, in float32 (no binary64 path, no curl).
void evaluate_points(const gradnoise::Graph& graph, Kind kind, const std::vector<py::array>& inputs,
                     const std::vector<py::array>& outputs, unsigned threads, const py::object& progress);

}  // namespace gradnoise_python

#endif
