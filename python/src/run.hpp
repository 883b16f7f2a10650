// gradnoise._gradnoise: one call into the library from Python -- the GIL released, the progress
// callback and Ctrl-C polled from the calling thread, cancellation, and the library's Status raised
// as a Python exception.
#ifndef GRADNOISE_PYTHON_RUN_HPP
#define GRADNOISE_PYTHON_RUN_HPP

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <optional>
#include <thread>
#include <utility>

#include "gradnoise/gradnoise.hpp"

namespace gradnoise_python {

namespace py = pybind11;

// Raised (as gradnoise.CancelledError) when the progress callback returns a false value.
struct CancelledError : std::exception {
    const char* what() const noexcept override;
};

// The library's refusal as the Python exception that says it: CancelledError, MemoryError,
// ValueError for bad arguments, RuntimeError otherwise.
[[noreturn]] void raise(const gradnoise::Status& s);

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

inline constexpr std::chrono::milliseconds poll_interval(50);

// Called after each piece of work; false = stop. Only the calling thread touches Python.
bool poll(Run& run);

// The library's fill options for `run`: its progress hook reports rows and polls.
gradnoise::FillOptions fill_options(Run& run, unsigned threads);

// Runs work(run) -> Status with the GIL released, as the comment above Run says.
template <class Work>
void run_released(Run& run, const py::object& progress, Work&& work) {
    run.caller = std::this_thread::get_id();
    run.progress = progress.is_none() ? nullptr : &progress;
    run.next_poll = std::chrono::steady_clock::now() + poll_interval;
    gradnoise::Status status;
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

}  // namespace gradnoise_python

#endif
