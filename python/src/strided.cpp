// gradnoise._gradnoise: strided arrays, coalesced, gathered and scattered (strided.hpp).
#include "strided.hpp"

#include <algorithm>

namespace gradnoise_python {

View view_of(const py::array& a, bool writable) {
    View v;
    const char kind = a.dtype().kind();
    const auto size = a.dtype().itemsize();
    if (kind != 'f' || (size != 4 && size != 8))
        throw py::type_error("internal: arrays reach the native layer as float32 or float64");
    if (writable && !a.writeable()) throw py::value_error("out must be writable");
    v.f64 = size == 8;
    v.data = static_cast<char*>(const_cast<void*>(a.data()));
    for (py::ssize_t d = 0; d < a.ndim(); ++d) v.strides.push_back(a.strides(d));
    return v;
}

void coalesce(Shaped& s) {
    std::vector<View*> all;
    for (auto& v : s.inputs) all.push_back(&v);
    for (auto& v : s.outputs) all.push_back(&v);
    std::vector<std::ptrdiff_t> shape;
    std::vector<std::vector<std::ptrdiff_t>> strides(all.size());
    for (std::size_t d = 0; d < s.shape.size(); ++d) {
        if (s.shape[d] == 1) continue;
        bool merge = !shape.empty();
        for (std::size_t a = 0; merge && a < all.size(); ++a)
            merge = strides[a].back() == all[a]->strides[d] * s.shape[d];
        if (merge) {
            shape.back() *= s.shape[d];
            for (std::size_t a = 0; a < all.size(); ++a) strides[a].back() = all[a]->strides[d];
        } else {
            shape.push_back(s.shape[d]);
            for (std::size_t a = 0; a < all.size(); ++a) strides[a].push_back(all[a]->strides[d]);
        }
    }
    if (shape.empty()) {  // a scalar, or all ones
        shape.push_back(1);
        for (auto& st : strides) st.push_back(0);
    }
    s.shape = shape;
    for (std::size_t a = 0; a < all.size(); ++a) all[a]->strides = strides[a];
}

void check_same_layout(const py::array& a, const py::array& first, int dims) {
    for (int d = 0; d < dims; ++d)
        if (a.shape(d) != first.shape(d) || a.strides(d) != first.strides(d))
            throw py::value_error("internal: plane strides");
}

GridStrides grid_strides(const py::array& o, int dims) {
    const std::ptrdiff_t row = o.strides(dims - 2), slice = dims == 3 ? o.strides(0) : 0;
    if (row <= 0 || row % 4 != 0 || slice < 0 || slice % 4 != 0) throw py::value_error("internal: strides");
    return GridStrides{std::size_t(row / 4), std::size_t(slice / 4)};
}

namespace {

// Walks flat (C-order) indices of the coalesced shape, keeping one byte offset per array.
struct Cursor {
    const std::vector<std::ptrdiff_t>* shape;
    std::vector<std::ptrdiff_t> index;
    explicit Cursor(const std::vector<std::ptrdiff_t>& s, std::uint64_t flat) : shape(&s), index(s.size()) {
        for (std::size_t d = s.size(); d-- > 0;) {
            index[d] = std::ptrdiff_t(flat % std::uint64_t(s[d]));
            flat /= std::uint64_t(s[d]);
        }
    }
    std::ptrdiff_t offset(const View& v) const {
        std::ptrdiff_t o = 0;
        for (std::size_t d = 0; d < index.size(); ++d) o += index[d] * v.strides[d];
        return o;
    }
};

// Calls run(p, stride, i, len) for each stretch of samples first .. first + n - 1 along the last
// (coalesced) dimension: p the byte address of sample i of the block, stride the bytes between.
template <class Stretch>
void for_each_stretch(const Shaped& s, const View& v, std::uint64_t first, std::size_t n, Stretch&& run) {
    const std::size_t last = s.shape.size() - 1;
    Cursor c(s.shape, first);
    for (std::size_t i = 0; i < n;) {
        const std::size_t len = std::min<std::size_t>(n - i, std::size_t(s.shape[last] - c.index[last]));
        run(v.data + c.offset(v), v.strides[last], i, len);
        i += len;
        c.index[last] = s.shape[last];
        for (std::size_t d = last; d > 0 && c.index[d] >= s.shape[d]; --d) {
            c.index[d] = 0;
            ++c.index[d - 1];
        }
        if (c.index[0] >= s.shape[0]) break;
    }
}

}  // namespace

template <class T>
void gather(const Shaped& s, const View& v, std::uint64_t first, std::size_t n, T* dst) {
    for_each_stretch(s, v, first, n, [&](const char* p, std::ptrdiff_t st, std::size_t i, std::size_t len) {
        if (v.f64)
            for (std::size_t k = 0; k < len; ++k) dst[i + k] = static_cast<T>(*reinterpret_cast<const double*>(p + std::ptrdiff_t(k) * st));
        else
            for (std::size_t k = 0; k < len; ++k) dst[i + k] = static_cast<T>(*reinterpret_cast<const float*>(p + std::ptrdiff_t(k) * st));
    });
}

template <class T>
void scatter(const Shaped& s, const View& v, std::uint64_t first, std::size_t n, const T* src) {
    for_each_stretch(s, v, first, n, [&](char* p, std::ptrdiff_t st, std::size_t i, std::size_t len) {
        for (std::size_t k = 0; k < len; ++k) *reinterpret_cast<T*>(p + std::ptrdiff_t(k) * st) = src[i + k];
    });
}

// The evaluations' two dtypes.
template void gather<float>(const Shaped&, const View&, std::uint64_t, std::size_t, float*);
template void gather<double>(const Shaped&, const View&, std::uint64_t, std::size_t, double*);
template void scatter<float>(const Shaped&, const View&, std::uint64_t, std::size_t, const float*);
template void scatter<double>(const Shaped&, const View&, std::uint64_t, std::size_t, const double*);

}  // namespace gradnoise_python
