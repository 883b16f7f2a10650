// gradnoise CLI — what the file format writers share (internal to formats.cpp and png_codec.cpp).
#ifndef GRADNOISE_CLI_FORMAT_UTIL_HPP
#define GRADNOISE_CLI_FORMAT_UTIL_HPP

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace gradnoise::cli::format_util {

inline constexpr const char* sink_failed_message = "output write failed";

inline bool fail(std::string* error, std::string_view format, std::string_view message) {
    if (error != nullptr) {
        *error = std::string(format) + ": " + std::string(message);
    }
    return false;
}

inline std::string size_text(std::uint32_t width, std::uint32_t height) {
    return std::to_string(width) + "x" + std::to_string(height);
}

// Checks a width*height image of bytes_per_pixel bytes at `data`, each side at most max_side.
inline bool check_image(std::string_view format, std::uint32_t width, std::uint32_t height, const void* data,
                 std::uint64_t max_side, std::size_t bytes_per_pixel, std::string* error) {
    if (width == 0 || height == 0) {
        return fail(error, format, "image size must be at least 1x1, got " + size_text(width, height));
    }
    if (width > max_side || height > max_side) {
        return fail(error, format,
                    "image size " + size_text(width, height) + " exceeds the limit of " +
                        std::to_string(max_side) + " per side");
    }
    if (std::uint64_t(width) * height > std::numeric_limits<std::size_t>::max() / bytes_per_pixel) {
        return fail(error, format, "image size " + size_text(width, height) + " does not fit in memory");
    }
    if (data == nullptr) {
        return fail(error, format, "no pixel data");
    }
    return true;
}

// Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
}  // namespace gradnoise::cli::format_util

#endif
