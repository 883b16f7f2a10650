// gradnoise CLI — 8-bit greyscale image files (PNG, binary PGM) and atomic file replacement.
#ifndef GRADNOISE_CLI_PNG_WRITER_HPP
#define GRADNOISE_CLI_PNG_WRITER_HPP

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace gradnoise::cli {

// Where encoded bytes go. write() returns false on failure; the sink keeps the reason.
class ByteSink {
public:
    virtual bool write(const void* data, std::size_t size) = 0;

protected:
    ~ByteSink() = default;
};

struct PngText {
    std::string keyword;  // 1-79 Latin-1 characters, e.g. "Software"
    std::string text;
};

// A greyscale image, one byte per pixel, rows top to bottom; pixels.size() == width * height.
struct GreyImage {
    std::uint32_t width = 0, height = 0;
    std::vector<std::uint8_t> pixels;
};

// PNG: 8-bit greyscale (colour type 0), filter 0 on every row, the zlib stream made of stored
// (uncompressed) deflate blocks, so no compression library is needed. tEXt chunks go before IDAT.
bool write_png(ByteSink& out, const GreyImage& image, const std::vector<PngText>& text);

// Binary PGM (P5), maxval 255.
bool write_pgm(ByteSink& out, const GreyImage& image);

// Replaces `path` all at once: bytes go to "<path>.tmp.<pid>" in the same directory, which
// commit() flushes, fsyncs and renames over `path`. Until then `path` is untouched; a file
// destroyed (or failing) before commit() removes its temporary file.
class AtomicFile final : public ByteSink {
public:
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    bool open();
    bool write(const void* data, std::size_t size) override;
    bool commit();
    // After a failure: "<path>: <strerror>" naming the file and the step that failed.
    const std::string& error() const noexcept { return error_; }

private:
    bool set_error(const char* what, int err);
    void discard() noexcept;

    std::string path_, temp_path_, error_;
    std::FILE* file_ = nullptr;
    bool temp_exists_ = false;
};

}  // namespace gradnoise::cli

#endif
