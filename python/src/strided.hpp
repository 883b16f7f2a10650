// gradnoise._gradnoise: numpy arrays of any strides as the library's contiguous blocks. Arrays
// that share one shape are coalesced (unit dimensions dropped, neighbours every array walks as one
// merged), and a block of samples is gathered from or scattered to each, converted on the way.
#ifndef GRADNOISE_PYTHON_STRIDED_HPP
#define GRADNOISE_PYTHON_STRIDED_HPP

#include <pybind11/numpy.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gradnoise_python {

namespace py = pybind11;

// One array: its data, and its strides in bytes per dimension of the shared (coalesced) shape.
struct View {
    char* data = nullptr;
    std::vector<std::ptrdiff_t> strides;
    bool f64 = false;
};

// Arrays of one shape: the inputs read and the outputs written, `count` samples each.
struct Shaped {
    std::vector<std::ptrdiff_t> shape;
    std::vector<View> inputs, outputs;
    std::uint64_t count = 1;
};

// A float32 or float64 array as a View (TypeError otherwise; ValueError "out must be writable").
View view_of(const py::array& a, bool writable);

// Drops unit dimensions and merges neighbours every array walks as one (a C-contiguous block
// becomes one dimension), so the common cases run as one flat loop.
void coalesce(Shaped& s);

// A grid fill's planes: `a` must have `first`'s shape and strides in its `dims` dimensions
// (ValueError "internal: plane strides").
void check_same_layout(const py::array& a, const py::array& first, int dims);

// The row and slice strides, in floats, of grid planes shaped like `o` ((ny, nx) or (nz, ny, nx));
// positive whole floats (ValueError "internal: strides").
struct GridStrides {
    std::size_t row = 0, slice = 0;
};
GridStrides grid_strides(const py::array& o, int dims);

// Samples first .. first + n - 1 (flat C order of s.shape) of v into dst, converted to T.
template <class T>
void gather(const Shaped& s, const View& v, std::uint64_t first, std::size_t n, T* dst);

// src into samples first .. first + n - 1 of v, whose elements are T.
template <class T>
void scatter(const Shaped& s, const View& v, std::uint64_t first, std::size_t n, const T* src);

}  // namespace gradnoise_python

#endif
