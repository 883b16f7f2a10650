// Writes an 8-bit RGB image as PNG with libpng: to path + ".tmp", then renamed, so a reader never
// sees a half-written file.
#ifndef GRADNOISE_VIEWER_PNG_WRITER_HPP
#define GRADNOISE_VIEWER_PNG_WRITER_HPP

#include <cstdint>
#include <string>

namespace viewer {

// rgb: height rows of width * 3 bytes, the top row first. Returns an empty string or an error.
std::string write_png_rgb(const std::string& path, const std::uint8_t* rgb, int width, int height);

}  // namespace viewer

#endif
