// gradnoise._gradnoise: polling Python from a call that runs with the GIL released (run.hpp).
#include "run.hpp"

#include <new>
#include <stdexcept>

namespace gradnoise_python {

using gradnoise::ErrorCode;
using gradnoise::Status;

const char* CancelledError::what() const noexcept {
    return "the progress callback returned False: the evaluation stopped (rows reported done are complete)";
}

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

namespace {

bool library_progress(void* user, std::size_t rows_done, std::size_t /*rows_total*/) {
    auto* run = static_cast<Run*>(user);
    run->done.store(std::uint64_t(rows_done) * run->row, std::memory_order_relaxed);
    return poll(*run);
}

}  // namespace

gradnoise::FillOptions fill_options(Run& run, unsigned threads) {
    gradnoise::FillOptions o;
    o.threads = threads;
    o.progress = &library_progress;
    o.user = &run;
    return o;
}

}  // namespace gradnoise_python
