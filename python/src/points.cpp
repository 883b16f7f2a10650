// gradnoise._gradnoise: points in blocks (points.hpp).
#include "points.hpp"

#include "../../src/parallel/parallel.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <new>
#include <type_traits>

#include "run.hpp"
#include "strided.hpp"

namespace gradnoise_python {

using gradnoise::ErrorCode;
using gradnoise::Status;

Kind parse_kind(const std::string& k) {
    if (k == "value") return Kind::value;
    if (k == "gradient") return Kind::gradient;
    if (k == "curl") return Kind::curl;
    throw py::value_error("kind must be value, gradient or curl");
}

std::size_t planes_for(Kind kind, int dims) {
    return kind == Kind::value ? 1 : kind == Kind::gradient ? std::size_t(dims) + 1 : std::size_t(dims);
}

namespace {

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

// Blocks of `block` samples, each direct where its arrays allow and gathered otherwise, spread
// over threads when asked; the cancel flag is read between blocks.
template <class T, class FieldT>
Status evaluate_blocks(const FieldT& noise, Kind kind, int dims, const Shaped& s, unsigned threads, Run& run) {
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

// The arrays of one point call, checked (the Python half broadcast them) and coalesced, then
// evaluated with the GIL released.
template <class FieldT>
void run_points(const FieldT& field, Kind kind, const std::vector<py::array>& inputs,
                const std::vector<py::array>& outputs, bool f64, unsigned threads, const py::object& progress) {
    const int dims = int(inputs.size());
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
        if constexpr (std::is_same_v<FieldT, gradnoise::Noise>) {
            if (f64) return evaluate_blocks<double>(field, kind, dims, s, threads, r);
        }
        return evaluate_blocks<float>(field, kind, dims, s, threads, r);
    });
}

}  // namespace

void evaluate_points(const gradnoise::Noise& noise, Kind kind, const std::vector<py::array>& inputs,
                     const std::vector<py::array>& outputs, bool f64, unsigned threads, const py::object& progress) {
    run_points(noise, kind, inputs, outputs, f64, threads, progress);
}

void evaluate_points(const gradnoise::Graph& graph, Kind kind, const std::vector<py::array>& inputs,
                     const std::vector<py::array>& outputs, unsigned threads, const py::object& progress) {
    run_points(graph, kind, inputs, outputs, false, threads, progress);
}

}  // namespace gradnoise_python
