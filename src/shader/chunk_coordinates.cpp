// [S 13, 21.3] The CPU's half of a chunk on the GPU: the exact octave coordinates of chunk samples,
// made by the routines every chunk fill uses (reference::chunk_coordinates, and the erosion filter's
// reference::erosion_chunk_coordinates), for a shader's <name>_octaves (glsl_octaves.cpp,
// glsl_erosion.cpp).
#include <cmath>
#include <cstdint>

#include "gradnoise/shader.hpp"
#include "reference/reference.hpp"

namespace gradnoise {
namespace {

// The refusals, per function (fixed texts: a Status holds its message's pointer).
struct Messages {
    const char *null, *axis, *spacing, *overflow;
};
constexpr Messages octave_messages{
    "chunk_octave_coordinates: out is null", "chunk_octave_coordinates: axis must be 0, 1 or 2",
    "chunk_octave_coordinates: spacing must be finite and > 0, and spacing * each octave's frequency finite",
    "chunk_octave_coordinates: first + count exceeds the 64-bit sample numbers"};
constexpr Messages erosion_messages{
    "chunk_erosion_coordinates: out is null", "",
    "chunk_erosion_coordinates: spacing must be finite and > 0, and spacing * each octave's frequency finite",
    "chunk_erosion_coordinates: first + count exceeds the 64-bit sample numbers"};

// What every request checks: the axis, the spacing, the sample numbers.
Status check_request(const Noise& noise, int axis, std::int64_t first, std::size_t count, float spacing,
                     const void* out, const Messages& m = octave_messages) noexcept {
    if (out == nullptr && count > 0) {
        return Status(ErrorCode::null_pointer, m.null);
    }
    if (axis < 0 || axis > 2) {
        return Status(ErrorCode::invalid_argument, m.axis);
    }
    if (!std::isfinite(spacing) || !(spacing > 0.0f) || !reference::chunk_steps_finite(noise.desc(), spacing)) {
        return Status(ErrorCode::invalid_argument, m.spacing);
    }
    if (count > static_cast<std::size_t>(INT64_MAX) || first > INT64_MAX - static_cast<std::int64_t>(count)) {
        return Status(ErrorCode::size_overflow, m.overflow);
    }
    return Status();
}

}  // namespace

int erosion_octave_count(const Noise& noise) noexcept { return noise.tables().erosion.octaves; }

Status chunk_erosion_coordinates(const Noise& noise, std::int64_t first, std::size_t count, float spacing,
                                 float* out) noexcept {
    if (Status s = check_request(noise, 0, first, count, spacing, out, erosion_messages); !s) {
        return s;
    }
    reference::erosion_chunk_coordinates(noise.tables(), spacing, first, count, out);
    return Status();
}

Status chunk_octave_coordinates(const Noise& noise, int axis, std::int64_t first, std::size_t count, float spacing,
                                float* out) noexcept {
    if (Status s = check_request(noise, axis, first, count, spacing, out); !s) {
        return s;
    }
    if (reference::chunk_in_binary64(noise.tables())) {
        return Status(ErrorCode::invalid_argument,
                      "chunk_octave_coordinates: the simplex bases' chunk coordinates are binary64 (docs/spec.md section "
                      "13.4): pass a double* out");
    }
    reference::chunk_coordinates(noise.tables(), spacing, axis, first, count, out, true);
    return Status();
}

Status chunk_octave_coordinates(const Noise& noise, int axis, std::int64_t first, std::size_t count, float spacing,
                                double* out) noexcept {
    if (Status s = check_request(noise, axis, first, count, spacing, out); !s) {
        return s;
    }
    if (!reference::chunk_in_binary64(noise.tables())) {
        return Status(ErrorCode::invalid_argument,
                      "chunk_octave_coordinates: the lattice and cellular bases' chunk coordinates are float (docs/spec.md "
                      "section 13): pass a float* out");
    }
    reference::chunk_coordinates_f64(noise.tables(), spacing, axis, first, count, out, true);
    return Status();
}

}  // namespace gradnoise
