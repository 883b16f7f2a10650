// gradnoise CLI — PNG through libpng and zlib: 8-bit grey or RGB, 16-bit grey, text chunks; and a reader
// for the tests. Failures return false and set *error (when not null) to "PNG: <reason>"; nothing throws.
// A sink that refuses bytes fails the call with "PNG: output write failed".
#ifndef GRADNOISE_CLI_PNG_CODEC_HPP
#define GRADNOISE_CLI_PNG_CODEC_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "atomic_file.hpp"

namespace gradnoise::cli {

// A text entry: a PNG text chunk, an EXR string attribute.
struct PngText {
    std::string keyword;  // 1-79 Latin-1 characters, e.g. "Software"
    std::string text;
};

// channels 1 (grey) or 3 (RGB, bytes in R, G, B order), 8 bits per sample; zlib_level 0..9.
// Text chunks: keywords 1..79 printable Latin-1 characters without leading, trailing or double spaces; values
// without NUL bytes. A pure ASCII value goes in tEXt, any other (which must be valid UTF-8) in iTXt.
bool write_png8(ByteSink& out, std::uint32_t width, std::uint32_t height, int channels, const std::uint8_t* pixels,
                const std::vector<PngText>& text, int zlib_level, std::string* error);
// 16-bit greyscale PNG; samples in native byte order (written big-endian, as PNG requires).
bool write_png16(ByteSink& out, std::uint32_t width, std::uint32_t height, const std::uint16_t* grey,
                 const std::vector<PngText>& text, int zlib_level, std::string* error);
// 16-bit RGB PNG (normal maps), samples interleaved, native byte order.
bool write_png16_rgb(ByteSink& out, std::uint32_t width, std::uint32_t height, const std::uint16_t* rgb,
                     const std::vector<PngText>& text, int zlib_level, std::string* error);
// Zlib levels 1..3 filter every row with Sub (one cheap filter) and use zlib's filtered strategy. Images of
// 4 MiB of rows or more are deflated in fixed bands of 64 rows on all cores (zlib, one zlib stream; the bytes
// do not depend on the thread count); smaller ones row by row through libpng.

// The reader, for tests: decodes with libpng. Null output pointers are skipped.
struct DecodedPng {
    std::uint32_t width = 0, height = 0;
    int channels = 0, bit_depth = 0;     // bit depths below 8 and palettes are expanded to 8-bit samples
    std::vector<std::uint16_t> samples;  // width*height*channels, 8-bit values widened
    std::vector<PngText> text;           // tEXt/zTXt/iTXt chunks, in file order
};
bool read_png(const std::string& path, DecodedPng* png, std::string* error);

}  // namespace gradnoise::cli

#endif
