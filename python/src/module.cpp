// gradnoise._gradnoise: the numpy binding's native half (pybind11). The Python half
// (python/gradnoise/__init__.py) names and checks the arguments; this file moves samples.
//
// Arrays reach the library without copies where the library can take them as they are
// (contiguous inputs of the evaluation's dtype, outputs whose rows are contiguous); anything
// else -- broadcast views, other strides, float64 coordinates for a float32 evaluation -- goes
// through fixed-size blocks on the stack, converted on the way (a gather and a scatter per
// block, never a copy of the whole array).
//
// Every evaluation runs on the calling thread with the GIL released, taking it back every 50 ms
// for Python's signal handlers (Ctrl-C) and the progress callback (see Run below).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "../../src/parallel/parallel.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "gradnoise/gradnoise.hpp"
#include "gradnoise/shader.hpp"

namespace py = pybind11;

namespace {

using gradnoise::ErrorCode;
using gradnoise::Status;

struct CancelledError : std::exception {
    const char* what() const noexcept override {
        return "the progress callback returned False: the evaluation stopped (rows reported done are complete)";
    }
};

[[noreturn]] void raise(const Status& s) {
    switch (s.code()) {
        case ErrorCode::cancelled: throw CancelledError();
        case ErrorCode::out_of_memory: throw std::bad_alloc();
        case ErrorCode::invalid_argument:
        case ErrorCode::size_overflow:
        case ErrorCode::null_pointer:
        case ErrorCode::isa_unsupported: throw py::value_error(s.message());
        default: throw std::runtime_error(s.message());
    }
}

// ---- what one call evaluates ----
enum class Kind { value, gradient, curl };

Kind parse_kind(const std::string& k) {
    if (k == "value") return Kind::value;
    if (k == "gradient") return Kind::gradient;
    if (k == "curl") return Kind::curl;
    throw py::value_error("kind must be value, gradient or curl");
}

// Output planes per kind: the value (1), value + dims partials, or dims curl components.
std::size_t planes_for(Kind kind, int dims) {
    return kind == Kind::value ? 1 : kind == Kind::gradient ? std::size_t(dims) + 1 : std::size_t(dims);
}

// ---- one run: cancel flag and progress, shared by the threads of one evaluation ----
// The work runs on the calling thread with the GIL released (oneTBB's workers join it for
// threads != 1). Every 50 ms, at the next library progress report or finished block that lands
// on the calling thread, it takes the GIL back for a moment: Python's signal handlers run
// (Ctrl-C raises KeyboardInterrupt there) and the progress callback is called. An exception
// from either sets the cancel flag, which the library's progress hook and the block loop obey,
// and is raised when the work has stopped. (A worker thread per call, watched from here, cost
// 0.2-0.35 ms per call: bench/python_bench.py --thread-probe.)
struct Run {
    std::atomic<bool> cancel{false};
    std::atomic<std::uint64_t> done{0};
    std::uint64_t total = 0;
    std::uint64_t row = 1;  // samples per library progress row
    std::thread::id caller;
    const py::object* progress = nullptr;  // the Python callback, or null
    std::chrono::steady_clock::time_point next_poll;
    std::uint64_t reported = ~std::uint64_t(0);
    std::optional<py::error_already_set> python_error;  // written on the calling thread only
};

constexpr std::chrono::milliseconds poll_interval(50);

// Called after each piece of work; false = stop. Only the calling thread touches Python.
bool poll(Run& run) {
    if (run.cancel.load(std::memory_order_relaxed)) return false;
    if (std::this_thread::get_id() != run.caller) return true;
    const auto now = std::chrono::steady_clock::now();
    if (now < run.next_poll) return true;
    run.next_poll = now + poll_interval;
    py::gil_scoped_acquire acquire;
    try {
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
        const std::uint64_t done = run.done.load(std::memory_order_relaxed);
        if (run.progress && done != run.reported) {
            run.reported = done;
            py::object keep_going = (*run.progress)(done, run.total);
            // None (a callback without a return) goes on; False, 0 or any false value stops.
            if (!keep_going.is_none()) {
                const int truth = PyObject_IsTrue(keep_going.ptr());
                if (truth < 0) throw py::error_already_set();
                if (truth == 0) run.cancel.store(true);
            }
        }
    } catch (py::error_already_set& e) {
        run.python_error.emplace(std::move(e));
        run.cancel.store(true);
    }
    return !run.cancel.load(std::memory_order_relaxed);
}

bool library_progress(void* user, std::size_t rows_done, std::size_t /*rows_total*/) {
    auto* run = static_cast<Run*>(user);
    run->done.store(std::uint64_t(rows_done) * run->row, std::memory_order_relaxed);
    return poll(*run);
}

gradnoise::FillOptions fill_options(Run& run, unsigned threads) {
    gradnoise::FillOptions o;
    o.threads = threads;
    o.progress = &library_progress;
    o.user = &run;
    return o;
}

// Runs work(run) -> Status with the GIL released, as the comment above Run says.
template <class Work>
void run_released(Run& run, const py::object& progress, Work&& work) {
    run.caller = std::this_thread::get_id();
    run.progress = progress.is_none() ? nullptr : &progress;
    run.next_poll = std::chrono::steady_clock::now() + poll_interval;
    Status status;
    std::exception_ptr error;
    {
        py::gil_scoped_release release;
        try {
            status = work(run);
        } catch (...) {
            error = std::current_exception();
        }
    }
    if (run.python_error) throw std::move(*run.python_error);
    if (error) std::rethrow_exception(error);
    if (!status.ok()) raise(status);
    if (run.progress && run.reported != run.total) {
        py::object ignored = progress(run.total, run.total);
        (void)ignored;
    }
}

// ---- strided arrays, coalesced ----
struct View {
    char* data = nullptr;
    std::vector<std::ptrdiff_t> strides;  // bytes, per dimension of the shared (coalesced) shape
    bool f64 = false;
};

struct Shaped {
    std::vector<std::ptrdiff_t> shape;
    std::vector<View> inputs, outputs;
    std::uint64_t count = 1;
};

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

// Drops unit dimensions and merges neighbours every array walks as one (a C-contiguous block
// becomes one dimension), so the common cases run as one flat loop.
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
template <class Run>
void for_each_stretch(const Shaped& s, const View& v, std::uint64_t first, std::size_t n, Run&& run) {
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

// The library's point functions over one block of contiguous arrays.
Status evaluate_block(const gradnoise::Noise& noise, Kind kind, int dims, const float* const* in, float* const* out,
                      std::size_t n) {
    switch (kind) {
        case Kind::value:
            if (dims == 2) return noise.evaluate_2d(in[0], in[1], out[0], n);
            if (dims == 3) return noise.evaluate_3d(in[0], in[1], in[2], out[0], n);
            return noise.evaluate_4d(in[0], in[1], in[2], in[3], out[0], n);
        case Kind::gradient: {
            gradnoise::GradientOut g;
            g.value = out[0];
            g.dx = out[1];
            g.dy = out[2];
            if (dims >= 3) g.dz = out[3];
            if (dims == 4) g.dw = out[4];
            if (dims == 2) return noise.evaluate_gradient_2d(in[0], in[1], g, n);
            if (dims == 3) return noise.evaluate_gradient_3d(in[0], in[1], in[2], g, n);
            return noise.evaluate_gradient_4d(in[0], in[1], in[2], in[3], g, n);
        }
        case Kind::curl:
            if (dims == 2) return noise.evaluate_curl_2d(in[0], in[1], out[0], out[1], n);
            return noise.evaluate_curl_3d(in[0], in[1], in[2], out[0], out[1], out[2], n);
    }
    return Status(ErrorCode::invalid_argument, "kind");
}

Status evaluate_block(const gradnoise::Noise& noise, Kind, int dims, const double* const* in, double* const* out,
                      std::size_t n) {
    if (dims == 2) return noise.evaluate_2d_f64(in[0], in[1], out[0], n);
    return noise.evaluate_3d_f64(in[0], in[1], in[2], out[0], n);
}

// Points: blocks of `block` samples, each direct where its arrays allow and gathered otherwise,
// spread over threads when asked; the cancel flag is read between blocks.
// [Issue 29] A graph's points: values, or values with gradients, in float32 (no binary64 path, no curl).
Status evaluate_block(const gradnoise::Graph& graph, Kind kind, int dims, const float* const* in, float* const* out,
                      std::size_t n) {
    if (kind == Kind::gradient) {
        const gradnoise::GradientOut g{out[0], out[1], out[2], dims >= 3 ? out[3] : nullptr, dims == 4 ? out[4] : nullptr};
        if (dims == 2) return graph.evaluate_gradient_2d(in[0], in[1], g, n);
        if (dims == 3) return graph.evaluate_gradient_3d(in[0], in[1], in[2], g, n);
        return graph.evaluate_gradient_4d(in[0], in[1], in[2], in[3], g, n);
    }
    if (kind != Kind::value) return Status(ErrorCode::invalid_argument, "graphs have no curl");
    if (dims == 2) return graph.evaluate_2d(in[0], in[1], out[0], n);
    if (dims == 3) return graph.evaluate_3d(in[0], in[1], in[2], out[0], n);
    return graph.evaluate_4d(in[0], in[1], in[2], in[3], out[0], n);
}

template <class T, class FieldT>
Status evaluate_points(const FieldT& noise, Kind kind, int dims, const Shaped& s, unsigned threads, Run& run) {
    const bool flat = s.shape.size() == 1;
    auto direct = [&](const View& v) { return flat && v.f64 == std::is_same_v<T, double> && v.strides[0] == std::ptrdiff_t(sizeof(T)); };
    // Gathered blocks stay in L1/L2 (4096 samples); arrays the library reads in place go in
    // blocks of 2^16, long enough that the per-call entry costs vanish and short enough for a
    // prompt cancel.
    bool all_direct = true;
    for (const auto& v : s.inputs) all_direct = all_direct && direct(v);
    for (const auto& v : s.outputs) all_direct = all_direct && direct(v);
    const std::size_t block = all_direct ? std::size_t(1) << 16 : 4096;
    const std::uint64_t blocks = (s.count + block - 1) / block;
    std::atomic<int> failed{-1};
    std::atomic<const char*> failed_message{nullptr};

    auto do_blocks = [&](std::uint64_t b0, std::uint64_t b1) {
        std::vector<T> scratch;
        for (std::uint64_t b = b0; b < b1; ++b) {
            if (run.cancel.load(std::memory_order_relaxed) || failed.load(std::memory_order_relaxed) >= 0) return;
            const std::uint64_t first = b * block;
            const std::size_t n = std::size_t(std::min<std::uint64_t>(block, s.count - first));
            std::array<const T*, 4> in{};
            std::array<T*, 5> out{};
            std::size_t used = 0;
            const std::size_t need = all_direct ? 0 : (s.inputs.size() + s.outputs.size()) * block;
            if (scratch.size() < need) scratch.resize(need);
            for (std::size_t k = 0; k < s.inputs.size(); ++k) {
                const View& v = s.inputs[k];
                if (direct(v)) {
                    in[k] = reinterpret_cast<const T*>(v.data) + first;
                } else {
                    T* buf = scratch.data() + block * used++;
                    gather(s, v, first, n, buf);
                    in[k] = buf;
                }
            }
            for (std::size_t k = 0; k < s.outputs.size(); ++k)
                out[k] = direct(s.outputs[k]) ? reinterpret_cast<T*>(s.outputs[k].data) + first : scratch.data() + block * used++;
            const Status st = evaluate_block(noise, kind, dims, in.data(), out.data(), n);
            if (!st.ok()) {
                int expected = -1;
                if (failed.compare_exchange_strong(expected, int(st.code()))) failed_message.store(st.message());
                return;
            }
            for (std::size_t k = 0; k < s.outputs.size(); ++k)
                if (!direct(s.outputs[k])) scatter(s, s.outputs[k], first, n, out[k]);
            run.done.fetch_add(n, std::memory_order_relaxed);
            if (!poll(run)) return;
        }
    };

    if (threads == 1 || blocks < 2) {
        do_blocks(0, blocks);
    } else {
        try {
            gradnoise::parallel::for_blocks(blocks, 4, threads,
                                            [&](std::size_t first, std::size_t last) { do_blocks(first, last); });
        } catch (const std::bad_alloc&) {
            return Status(ErrorCode::out_of_memory, "evaluation: out of memory");
        } catch (...) {
            return Status(ErrorCode::thread_pool, "evaluation: the thread pool could not run the threads");
        }
    }
    if (failed.load() >= 0) return Status(ErrorCode(failed.load()), failed_message.load());
    if (run.cancel.load()) return Status(ErrorCode::cancelled, "cancelled");
    return Status::success();
}

// ---- the field object ----
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
        Shaped s;
        for (py::ssize_t d = 0; d < outputs[0].ndim(); ++d) s.shape.push_back(outputs[0].shape(d));
        for (const auto& a : inputs) {
            if (a.ndim() != py::ssize_t(s.shape.size())) throw py::value_error("internal: inputs not broadcast");
            for (std::size_t d = 0; d < s.shape.size(); ++d)
                if (a.shape(py::ssize_t(d)) != s.shape[d]) throw py::value_error("internal: inputs not broadcast");
            s.inputs.push_back(view_of(a, false));
        }
        for (const auto& a : outputs) {
            View v = view_of(a, true);
            if (v.f64 != f64) throw py::value_error("internal: output dtype");
            s.outputs.push_back(v);
        }
        for (auto e : s.shape) s.count *= std::uint64_t(e);
        if (s.count == 0) return;
        coalesce(s);
        Run run;
        run.total = s.count;
        run_released(run, progress, [&](Run& r) {
            return f64 ? evaluate_points<double>(noise_, kind, dims, s, threads, r)
                       : evaluate_points<float>(noise_, kind, dims, s, threads, r);
        });
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
        std::ptrdiff_t row = 0, slice = 0;
        for (const auto& a : outputs) {
            View v = view_of(a, true);
            if (v.f64) throw py::value_error("internal: grid planes are float32");
            if (a.ndim() != dims) throw py::value_error("internal: plane shapes");
            for (int d = 0; d < dims; ++d)
                if (a.shape(d) != o.shape(d) || a.strides(d) != o.strides(d)) throw py::value_error("internal: plane strides");
            if (a.strides(dims - 1) != 4) throw py::value_error("internal: rows must be contiguous");
        }
        row = o.strides(dims - 2);
        slice = dims == 3 ? o.strides(0) : 0;
        if (row <= 0 || row % 4 != 0 || slice < 0 || slice % 4 != 0) throw py::value_error("internal: strides");
        const std::size_t row_stride = std::size_t(row / 4);
        const std::size_t slice_stride = std::size_t(slice / 4);
        std::array<float*, 5> p{};
        for (std::size_t k = 0; k < outputs.size(); ++k) p[k] = reinterpret_cast<float*>(view_of(outputs[k], true).data);
        const std::uint64_t total = std::uint64_t(size[0]) * size[1] * std::max<std::size_t>(size[2], 1);
        if (total == 0) return;
        if (size[0] > 1 && row_stride < size[0]) throw py::value_error("internal: row stride");
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
                    gradnoise::Grid2d grid;
                    grid.origin_x = float(origin[0]);
                    grid.origin_y = float(origin[1]);
                    grid.step_x = float(step[0]);
                    grid.step_y = float(step[1]);
                    grid.size_x = size[0];
                    grid.size_y = size[1];
                    return kind == Kind::value ? noise_.fill_grid_2d(grid, p[0], row_stride, opt)
                                               : noise_.fill_grid_gradient_2d(grid, g, row_stride, opt);
                }
                gradnoise::Grid3d grid;
                grid.origin_x = float(origin[0]);
                grid.origin_y = float(origin[1]);
                grid.origin_z = float(origin[2]);
                grid.step_x = float(step[0]);
                grid.step_y = float(step[1]);
                grid.step_z = float(step[2]);
                grid.size_x = size[0];
                grid.size_y = size[1];
                grid.size_z = size[2];
                return kind == Kind::value ? noise_.fill_grid_3d(grid, p[0], row_stride, slice_stride, opt)
                                           : noise_.fill_grid_gradient_3d(grid, g, row_stride, slice_stride, opt);
            }
            if (dims == 2) {
                gradnoise::Chunk2d c;
                c.first_x = first[0];
                c.first_y = first[1];
                c.size_x = size[0];
                c.size_y = size[1];
                c.spacing = float(spacing);
                c.level = level;
                return kind == Kind::value ? noise_.fill_chunk_2d(c, p[0], row_stride, opt)
                                           : noise_.fill_chunk_gradient_2d(c, g, row_stride, opt);
            }
            gradnoise::Chunk3d c;
            c.first_x = first[0];
            c.first_y = first[1];
            c.first_z = first[2];
            c.size_x = size[0];
            c.size_y = size[1];
            c.size_z = size[2];
            c.spacing = float(spacing);
            c.level = level;
            return kind == Kind::value ? noise_.fill_chunk_3d(c, p[0], row_stride, slice_stride, opt)
                                       : noise_.fill_chunk_gradient_3d(c, g, row_stride, slice_stride, opt);
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
        gradnoise::ShaderOptions options;
        options.dimensions = dims;
        options.function_name = name.c_str();
        options.gradient = gradient;
        std::string text;
        const Status st = gradnoise::shader_source(noise_.desc(), options, &text);
        if (!st.ok()) raise(st);
        return text;
    }

    // A chunk axis' octave coordinates, (octaves, count): float32, or float64 for the simplex bases.
    py::array chunk_octave_coordinates(int axis, std::int64_t first, std::size_t count, double spacing) const {
        const gradnoise::FractalParams& f = noise_.desc().fractal;
        const std::size_t octaves = f.kind == gradnoise::Fractal::none ? 1 : std::size_t(f.octaves);
        if (gradnoise::basis_family(noise_.desc().basis) == gradnoise::BasisFamily::simplex) {
            py::array_t<double> out({octaves, count});
            const Status st = gradnoise::chunk_octave_coordinates(noise_, axis, first, count, float(spacing), out.mutable_data());
            if (!st.ok()) raise(st);
            return out;
        }
        py::array_t<float> out({octaves, count});
        const Status st = gradnoise::chunk_octave_coordinates(noise_, axis, first, count, float(spacing), out.mutable_data());
        if (!st.ok()) raise(st);
        return out;
    }

private:
    gradnoise::Noise noise_;
};

// [Issue 29] A graph (gradnoise::Graph) for the Python package's Graph: points and grids, float32
// values, through the same blocks, threads, progress and cancellation as a field's.
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
        Shaped s;
        for (py::ssize_t d = 0; d < outputs[0].ndim(); ++d) s.shape.push_back(outputs[0].shape(d));
        for (const auto& a : inputs) {
            if (a.ndim() != py::ssize_t(s.shape.size())) throw py::value_error("internal: inputs not broadcast");
            for (std::size_t d = 0; d < s.shape.size(); ++d)
                if (a.shape(py::ssize_t(d)) != s.shape[d]) throw py::value_error("internal: inputs not broadcast");
            s.inputs.push_back(view_of(a, false));
        }
        for (const auto& a : outputs) {
            s.outputs.push_back(view_of(a, true));
            if (s.outputs.back().f64) throw py::value_error("internal: output dtype");
        }
        for (auto e : s.shape) s.count *= std::uint64_t(e);
        if (s.count == 0) return;
        coalesce(s);
        Run run;
        run.total = s.count;
        const Kind kind = gradient ? Kind::gradient : Kind::value;
        run_released(run, progress, [&](Run& r) { return evaluate_points<float>(graph_, kind, dims, s, threads, r); });
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
            for (int d = 0; d < dims; ++d)
                if (a.shape(d) != o.shape(d) || a.strides(d) != o.strides(d)) throw py::value_error("internal: plane strides");
            p[k] = reinterpret_cast<float*>(pv.data);
        }
        View v = view_of(o, true);
        if (v.f64 || o.strides(dims - 1) != 4) throw py::value_error("internal: grid rows must be contiguous float32");
        const std::ptrdiff_t row = o.strides(dims - 2), slice = dims == 3 ? o.strides(0) : 0;
        if (row <= 0 || row % 4 != 0 || slice < 0 || slice % 4 != 0) throw py::value_error("internal: strides");
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
            const std::size_t rs = std::size_t(row / 4), ss = std::size_t(slice / 4);
            if (!first.empty() && dims == 2) {
                const gradnoise::Chunk2d c{first[0], first[1], size[0], size[1], float(spacing)};
                return gradient ? graph_.fill_chunk_gradient_2d(c, planes_out, rs, opt) : graph_.fill_chunk_2d(c, out, rs, opt);
            }
            if (!first.empty()) {
                const gradnoise::Chunk3d c{first[0], first[1], first[2], size[0], size[1], size[2], float(spacing)};
                return gradient ? graph_.fill_chunk_gradient_3d(c, planes_out, rs, ss, opt)
                                : graph_.fill_chunk_3d(c, out, rs, ss, opt);
            }
            if (dims == 2) {
                const gradnoise::Grid2d g{float(origin[0]), float(origin[1]), float(step[0]), float(step[1]), size[0], size[1]};
                return gradient ? graph_.fill_grid_gradient_2d(g, planes_out, std::size_t(row / 4), opt)
                                : graph_.fill_grid_2d(g, out, std::size_t(row / 4), opt);
            }
            const gradnoise::Grid3d g{float(origin[0]), float(origin[1]), float(origin[2]), float(step[0]), float(step[1]),
                                      float(step[2]), size[0], size[1], size[2]};
            return gradient ? graph_.fill_grid_gradient_3d(g, planes_out, std::size_t(row / 4), std::size_t(slice / 4), opt)
                            : graph_.fill_grid_3d(g, out, std::size_t(row / 4), std::size_t(slice / 4), opt);
        });
    }

    std::string gradient_refusal() const { return graph_.gradient_refusal(); }

    // GLSL of the graph (gradnoise/shader.hpp), in its dimensions.
    std::string shader_source(const std::string& name, bool gradient) const {
        gradnoise::ShaderOptions options;
        options.dimensions = graph_.dimensions();
        options.function_name = name.c_str();
        options.gradient = gradient;
        std::string text, error;
        const Status st = gradnoise::shader_source(graph_, options, &text, &error);
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

// Every ISA's name, in Isa's order (gradnoise.ISAS).
std::vector<std::string> isa_names() {
    std::vector<std::string> names;
    for (int i = 0; i < gradnoise::isa_count; ++i) names.emplace_back(gradnoise::isa_name(static_cast<gradnoise::Isa>(i)));
    return names;
}

gradnoise::Isa isa_from(const std::string& name) {
    gradnoise::Isa isa;
    if (!gradnoise::parse_isa(name.c_str(), &isa)) {
        std::string list;
        for (const std::string& n : isa_names()) list += (list.empty() ? "'" : ", '") + n + "'";
        throw py::value_error("isa must be one of " + list + " (got '" + name + "')");
    }
    return isa;
}

}  // namespace

PYBIND11_MODULE(_gradnoise, m) {
    m.doc() = "gradnoise's native layer; use the gradnoise package, not this module.";
    py::register_exception<CancelledError>(m, "CancelledError");
    m.attr("library_version") = gradnoise::version_string();
    m.attr("header_version") = GRADNOISE_VERSION_NUMBER;
    py::class_<Core>(m, "Core")
        .def(py::init<const py::dict&>())
        .def("evaluate", &Core::evaluate)
        .def("fill", &Core::fill)
        .def("reference", &Core::reference)
        .def("permutation", &Core::permutation)
        .def("shader_source", &Core::shader_source)
        .def("chunk_octave_coordinates", &Core::chunk_octave_coordinates);
    // (field, needs) of a parameter the field ignores (gradnoise::ignored_parameter against the
    // defaults), or None.
    m.def("ignored_parameter", [](const py::dict& d) -> py::object {
        const gradnoise::IgnoredParameter ignored = gradnoise::ignored_parameter(desc_of(d));
        if (!ignored) return py::none();
        return py::make_tuple(ignored.field, ignored.needs);
    });
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
    m.def("basis_family", [](int basis) { return int(gradnoise::basis_family(gradnoise::Basis(basis))); });
    m.def("pattern_recipe_strength",
          [](int pattern) { return gradnoise::pattern_recipe_strength(gradnoise::Pattern(pattern)); });
    m.def("isa_names", &isa_names);
    m.def("active_isa", [] { return std::string(gradnoise::isa_name(gradnoise::active_isa())); });
    m.def("best_isa", [] { return std::string(gradnoise::isa_name(gradnoise::best_isa())); });
    m.def("isa_supported", [](const std::string& name) { return gradnoise::isa_supported(isa_from(name)); });
    m.def("force_isa", [](const std::string& name) {
        const gradnoise::Isa isa = isa_from(name);
        const Status st = gradnoise::force_isa(isa);
        if (!st.ok()) throw py::value_error("isa '" + name + "' is not supported on this CPU or in this build");
    });
    m.def("reset_isa", [] { gradnoise::reset_isa(); });
    m.def("environment_isa_status", [] { return std::string(gradnoise::environment_isa_status().message()); });
    m.def("hardware_threads", [] { return int(gradnoise::parallel::hardware_threads()); });
}
