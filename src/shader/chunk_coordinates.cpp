// [S 13] The CPU's half of a chunk on the GPU: the exact octave coordinates of chunk samples, made by
// the one routine every chunk fill uses (reference::chunk_coordinates), for a shader's
// <name>_octaves (glsl_octaves.cpp).
#include <cmath>
#include <cstdint>

#include "gradnoise/shader.hpp"
#include "reference/reference.hpp"

namespace gradnoise {
namespace {

// What both overloads check: the axis, the spacing, the sample numbers.
Status check_request(const Noise& noise, int axis, std::int64_t first, std::size_t count, float spacing,
                     const void* out) noexcept {
    if (out == nullptr && count > 0) {
        return Status(ErrorCode::null_pointer, "chunk_octave_coordinates: out is null");
    }
    if (axis < 0 || axis > 2) {
        return Status(ErrorCode::invalid_argument, "chunk_octave_coordinates: axis must be 0, 1 or 2");
    }
    if (!std::isfinite(spacing) || !(spacing > 0.0f) || !reference::chunk_steps_finite(noise.desc(), spacing)) {
        return Status(ErrorCode::invalid_argument,
                      "chunk_octave_coordinates: spacing must be finite and > 0, and spacing * each octave's frequency finite");
    }
    if (count > static_cast<std::size_t>(INT64_MAX) || first > INT64_MAX - static_cast<std::int64_t>(count)) {
        return Status(ErrorCode::size_overflow, "chunk_octave_coordinates: first + count exceeds the 64-bit sample numbers");
    }
    return Status();
}

}  // namespace

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
