// gradnoise CLI — file formats for `gradnoise bake`: PNG (png_codec.hpp), 16-bit RAW, PFM, OpenEXR, animated
// GIF (giflib), and readers for the tests.
//
// Every function returns false on failure and then sets *error (when error is not null) to one line such as
// "PNG: <libpng message>", "EXR: <what()>" or "GIF: <GifErrorString>". Nothing throws. A sink that refuses bytes
// fails the call with "<FORMAT>: output write failed"; the sink keeps its own reason (AtomicFile::error()).
// All images are rows top to bottom (PFM reverses them on output, as the format requires).
#ifndef GRADNOISE_CLI_FORMATS_HPP
#define GRADNOISE_CLI_FORMATS_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "png_codec.hpp"

namespace gradnoise::cli {

// RAW16: width*height little-endian uint16, no header (what Unity/Unreal import as .r16/.raw).
bool write_raw16(ByteSink& out, std::uint32_t width, std::uint32_t height, const std::uint16_t* grey,
                 std::string* error);

// PFM greyscale: "Pf\n<w> <h>\n-1.0\n" (negative scale: little-endian), then float32 rows bottom to top.
bool write_pfm(ByteSink& out, std::uint32_t width, std::uint32_t height, const float* values, std::string* error);

// OpenEXR scanline file, one FLOAT channel "Y", ZIP compression, each `text` entry as a string attribute
// (keyword -> value; a keyword may not name one of the header's required attributes such as "channels").
// The file is assembled in memory (the writer seeks back to fill its offset table), then sent to `out`.
// Compression uses Imf::globalThreadCount() threads.
bool write_exr(ByteSink& out, std::uint32_t width, std::uint32_t height, const float* values,
               const std::vector<PngText>& text, std::string* error);

// Animated GIF89a through giflib: full frames, one global 256-entry palette, no transparency.
// Grey frames use the 256 grey levels, so indices equal the input bytes. RGB frames use a 6x7x6 colour cube
// (see formats.cpp) with exact nearest-colour mapping, no dithering: the output depends only on the input.
struct GifFrames {
    std::uint32_t width = 0, height = 0;            // 1..65535 each
    int channels = 1;                               // 1 or 3
    std::vector<std::vector<std::uint8_t>> frames;  // at least one; each width*height*channels
    int delay_cs = 4;                               // frame delay in 1/100 s, 0..65535
    bool loop = true;                               // NETSCAPE2.0 extension, loop forever
};
bool write_gif(ByteSink& out, const GifFrames& gif, std::string* error);

// ---- readers, for tests: decode files with the same libraries. Null output pointers are skipped. ----

// Reads channel "Y" as float, rows top to bottom; attributes receives the header's string attributes.
bool read_exr(const std::string& path, std::uint32_t* width, std::uint32_t* height, std::vector<float>* values,
              std::vector<PngText>* attributes, std::string* error);

// Logical screen size, number of images, the first image's palette indices, and whether a NETSCAPE2.0
// extension asks to loop forever.
bool read_gif(const std::string& path, std::uint32_t* width, std::uint32_t* height, int* frame_count,
              std::vector<std::uint8_t>* first_frame_indices, bool* loops, std::string* error);

}  // namespace gradnoise::cli

#endif
