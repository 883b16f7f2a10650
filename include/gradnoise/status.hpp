// gradnoise — error reporting without exceptions.
//
// Every fallible call returns a Status. A failed Status carries a code and a message in static
// storage that names the offending parameter and its allowed range, e.g.
//   "fill_grid_2d: step_x must be finite and non-zero"
// Messages never allocate, so a Status may be created and inspected on a real-time thread.
#ifndef GRADNOISE_STATUS_HPP
#define GRADNOISE_STATUS_HPP

namespace gradnoise {

enum class ErrorCode : int {
    ok = 0,
    null_pointer = 1,      // a buffer is null while its count is non-zero
    invalid_argument = 2,  // a value outside its documented range (step, origin)
    size_overflow = 3,     // a size or stride whose product does not fit, or exceeds a limit
    isa_unsupported = 4,   // the requested instruction set is not available on this CPU/build
    cancelled = 5,         // a progress callback asked a fill to stop
    thread_pool = 6,       // oneTBB could not run the parallel fill (e.g. out of memory)
    out_of_memory = 7,     // an allocation failed (the C API's create functions; C++ throws bad_alloc)
};

class [[nodiscard]] Status {
public:
    constexpr Status() noexcept = default;
    constexpr Status(ErrorCode code, const char* message) noexcept : code_(code), message_(message) {}

    static constexpr Status success() noexcept { return Status(); }

    constexpr bool ok() const noexcept { return code_ == ErrorCode::ok; }
    constexpr explicit operator bool() const noexcept { return ok(); }
    constexpr ErrorCode code() const noexcept { return code_; }
    // Never null; "ok" for a successful Status. Static storage: valid for the program's lifetime.
    constexpr const char* message() const noexcept { return message_; }

private:
    ErrorCode code_ = ErrorCode::ok;
    const char* message_ = "ok";
};

}  // namespace gradnoise

#endif
