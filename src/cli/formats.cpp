#include "formats.hpp"

#include <gif_lib.h>
#include <png.h>
#include <zlib.h>

#include <tbb/parallel_for.h>

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfIO.h>
#include <ImfInputFile.h>
#include <ImfOutputFile.h>
#include <ImfStringAttribute.h>

#include <array>
#include <bit>
#include <cerrno>
#include <csetjmp>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <limits>
#include <memory>
#include <new>
#include <string_view>

namespace gradnoise::cli {
namespace {

constexpr const char* sink_failed_message = "output write failed";

bool fail(std::string* error, std::string_view format, std::string_view message) {
    if (error != nullptr) {
        *error = std::string(format) + ": " + std::string(message);
    }
    return false;
}

std::string size_text(std::uint32_t width, std::uint32_t height) {
    return std::to_string(width) + "x" + std::to_string(height);
}

// Checks a width*height image of bytes_per_pixel bytes at `data`, each side at most max_side.
bool check_image(std::string_view format, std::uint32_t width, std::uint32_t height, const void* data,
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
bool is_utf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t extra;
        std::uint32_t cp, min;
        if (c < 0x80) {
            ++i;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            extra = 1, cp = c & 0x1Fu, min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            extra = 2, cp = c & 0x0Fu, min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            extra = 3, cp = c & 0x07u, min = 0x10000;
        } else {
            return false;
        }
        if (s.size() - i <= extra) {
            return false;
        }
        for (std::size_t k = 1; k <= extra; ++k) {
            const auto cc = static_cast<unsigned char>(s[i + k]);
            if ((cc & 0xC0) != 0x80) {
                return false;
            }
            cp = (cp << 6) | (cc & 0x3Fu);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            return false;
        }
        i += extra + 1;
    }
    return true;
}

bool is_ascii(std::string_view s) {
    for (char c : s) {
        if (static_cast<unsigned char>(c) >= 0x80) {
            return false;
        }
    }
    return true;
}

// PNG keyword rules (PNG spec 11.3.4.2); libpng would otherwise rewrite or reject them with a vaguer message.
const char* png_keyword_problem(std::string_view keyword) {
    if (keyword.empty() || keyword.size() > 79) {
        return "must be 1 to 79 characters long";
    }
    if (keyword.front() == ' ' || keyword.back() == ' ') {
        return "must not start or end with a space";
    }
    char previous = 0;
    for (char ch : keyword) {
        const auto c = static_cast<unsigned char>(ch);
        if (!((c >= 32 && c <= 126) || c >= 161)) {
            return "must be printable Latin-1 characters";
        }
        if (ch == ' ' && previous == ' ') {
            return "must not contain consecutive spaces";
        }
        previous = ch;
    }
    return nullptr;
}

// ---- PNG (libpng) ----

// libpng reports errors by longjmp. Everything with a destructor lives in the callers of the functions
// that call setjmp, and those functions hold only trivially destructible locals, so no jump skips a
// destructor; the callbacks copy messages into a fixed buffer for the same reason.
struct PngContext {
    ByteSink* sink = nullptr;
    bool sink_failed = false;
    char message[256] = {};
};

void png_on_error(png_structp png, png_const_charp message) {
    auto* context = static_cast<PngContext*>(png_get_error_ptr(png));
    std::snprintf(context->message, sizeof context->message, "%s", message != nullptr ? message : "unknown error");
    png_longjmp(png, 1);
}

void png_on_warning(png_structp, png_const_charp) {}  // warnings do not fail a write; errors do

void png_on_write(png_structp png, png_bytep data, std::size_t size) {
    auto* context = static_cast<PngContext*>(png_get_io_ptr(png));
    if (!context->sink->write(data, size)) {
        context->sink_failed = true;
        png_error(png, sink_failed_message);
    }
}

void png_on_flush(png_structp) {}  // the sink flushes when it commits

struct PngJob {
    std::uint32_t width = 0, height = 0;
    int color_type = 0, bit_depth = 0, zlib_level = 0;
    const std::uint8_t* pixels = nullptr;
    std::size_t row_bytes = 0;
    png_textp text = nullptr;
    int text_count = 0;
};

// Large images: the rows are filtered (Sub) here and deflated in bands of 64 rows on all cores,
// each band a raw deflate stream ended by a sync flush (byte-aligned, not final) except the last;
// concatenated behind one zlib header with the Adler-32s combined, they are one valid zlib stream
// (pigz's construction). The band split is fixed, so the bytes do not depend on the thread count.
// libpng still writes the signature, IHDR and text chunks; the IDATs and IEND go through
// png_write_chunk. Returns false with *message set when zlib fails.
constexpr std::size_t parallel_png_bytes = std::size_t(4) << 20;

bool png_write_parallel_idat(png_structp png, const PngJob& job, std::string* message) {
    const std::size_t bpp = std::size_t(job.color_type == PNG_COLOR_TYPE_RGB ? 3 : 1) * (job.bit_depth / 8);
    const std::size_t stride = job.row_bytes + 1;
    constexpr std::uint32_t band_rows = 64;
    const std::uint32_t bands = (job.height + band_rows - 1) / band_rows;
    struct Band {
        std::vector<std::uint8_t> deflated;
        uLong adler = 1;
        std::size_t raw = 0;
        bool ok = true;
    };
    std::vector<Band> out(bands);
    const bool swap16 = job.bit_depth == 16 && std::endian::native == std::endian::little;
    tbb::parallel_for(std::uint32_t(0), bands, [&](std::uint32_t b) {
        const std::uint32_t y0 = b * band_rows, y1 = std::min(job.height, y0 + band_rows);
        std::vector<std::uint8_t> raw(std::size_t(y1 - y0) * stride);
        std::vector<std::uint8_t> row(job.row_bytes);
        for (std::uint32_t y = y0; y < y1; ++y) {
            const std::uint8_t* src = job.pixels + std::size_t(y) * job.row_bytes;
            if (swap16) {
                for (std::size_t i = 0; i < job.row_bytes; i += 2) {
                    row[i] = src[i + 1];
                    row[i + 1] = src[i];
                }
                src = row.data();
            }
            std::uint8_t* dst = raw.data() + std::size_t(y - y0) * stride;
            dst[0] = 1;  // PNG filter type 1: Sub
            for (std::size_t i = 0; i < job.row_bytes; ++i) {
                dst[1 + i] = static_cast<std::uint8_t>(src[i] - (i >= bpp ? src[i - bpp] : 0));
            }
        }
        Band& band = out[b];
        band.raw = raw.size();
        band.adler = adler32(1L, raw.data(), static_cast<uInt>(raw.size()));
        z_stream z{};
        if (deflateInit2(&z, job.zlib_level, Z_DEFLATED, -15, 8, Z_FILTERED) != Z_OK) {
            band.ok = false;
            return;
        }
        band.deflated.resize(deflateBound(&z, raw.size()) + 16);
        z.next_in = raw.data();
        z.avail_in = static_cast<uInt>(raw.size());
        z.next_out = band.deflated.data();
        z.avail_out = static_cast<uInt>(band.deflated.size());
        int flush = b + 1 == bands ? Z_FINISH : Z_SYNC_FLUSH;
        int rc = deflate(&z, flush);
        band.ok = (flush == Z_FINISH ? rc == Z_STREAM_END : rc == Z_OK) && z.avail_in == 0;
        band.deflated.resize(band.deflated.size() - z.avail_out);
        deflateEnd(&z);
    });
    // One IDAT per band (any split of the zlib stream into IDATs is valid), no concatenated copy.
    uLong adler = 1;
    for (const Band& band : out) {
        if (!band.ok) {
            *message = "PNG: zlib failed to compress a band of rows";
            return false;
        }
        adler = adler32_combine(adler, band.adler, static_cast<z_off_t>(band.raw));
    }
    const std::uint8_t header[2] = {0x78, 0x01};  // zlib header: deflate, 32K window, no dictionary
    png_write_chunk(png, reinterpret_cast<png_const_bytep>("IDAT"), header, 2);
    for (Band& band : out) {
        if (!band.deflated.empty()) {
            png_write_chunk(png, reinterpret_cast<png_const_bytep>("IDAT"), band.deflated.data(), band.deflated.size());
        }
        std::vector<std::uint8_t>().swap(band.deflated);
    }
    std::uint8_t trailer[4];
    for (int k = 0; k < 4; ++k) {
        trailer[k] = static_cast<std::uint8_t>(adler >> (24 - 8 * k));
    }
    png_write_chunk(png, reinterpret_cast<png_const_bytep>("IDAT"), trailer, 4);
    png_write_chunk(png, reinterpret_cast<png_const_bytep>("IEND"), nullptr, 0);
    return true;
}

bool png_encode(png_structp png, png_infop info, PngContext* context, const PngJob& job) {
    if (setjmp(png_jmpbuf(png))) {
        return false;
    }
    png_set_write_fn(png, context, png_on_write, png_on_flush);
    // The default 1,000,000 per side guards readers against hostile files; our own images may use PNG's range.
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_IHDR(png, info, job.width, job.height, job.bit_depth, job.color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, job.zlib_level);
    if (job.zlib_level <= 3) {
        // Fast bakes: one cheap filter (Sub) instead of trying all five per row, and zlib's
        // filtered strategy; at level 1 this halves the PNG time of a 16-bit heightmap.
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
        png_set_compression_strategy(png, Z_FILTERED);
    }
    if (job.text_count > 0) {
        png_set_text(png, info, job.text, job.text_count);
    }
    png_write_info(png, info);
    if (std::size_t(job.height) * job.row_bytes >= parallel_png_bytes && job.zlib_level > 0) {
        std::string message;
        if (!png_write_parallel_idat(png, job, &message)) {
            png_error(png, message.c_str());
        }
        return true;
    }
    if (job.bit_depth == 16 && std::endian::native == std::endian::little) {
        png_set_swap(png);  // libpng copies each row before swapping, so the caller's pixels stay untouched
    }
    for (std::uint32_t y = 0; y < job.height; ++y) {
        png_write_row(png, job.pixels + std::size_t(y) * job.row_bytes);
    }
    png_write_end(png, nullptr);
    return true;
}

bool write_png_image(ByteSink& out, std::uint32_t width, std::uint32_t height, int channels, int bit_depth,
                     const void* pixels, const std::vector<PngText>& text, int zlib_level, std::string* error) {
    const std::size_t bytes_per_pixel = std::size_t(channels) * (bit_depth / 8);
    if (!check_image("PNG", width, height, pixels, PNG_UINT_31_MAX, bytes_per_pixel, error)) {
        return false;
    }
    if (zlib_level < 0 || zlib_level > 9) {
        return fail(error, "PNG", "zlib level must be 0 to 9, got " + std::to_string(zlib_level));
    }
    std::vector<png_text> chunks(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const PngText& t = text[i];
        if (const char* problem = png_keyword_problem(t.keyword)) {
            return fail(error, "PNG", "text keyword \"" + t.keyword + "\" " + problem);
        }
        if (t.text.find('\0') != std::string::npos) {
            return fail(error, "PNG", "text \"" + t.keyword + "\" contains a NUL byte");
        }
        const bool ascii = is_ascii(t.text);
        if (!ascii && !is_utf8(t.text)) {
            return fail(error, "PNG", "text \"" + t.keyword + "\" is neither ASCII nor valid UTF-8");
        }
        // libpng copies keys and texts in png_set_text and never writes through these pointers.
        png_text& c = chunks[i];
        c.compression = ascii ? PNG_TEXT_COMPRESSION_NONE : PNG_ITXT_COMPRESSION_NONE;
        c.key = const_cast<char*>(t.keyword.c_str());
        c.text = const_cast<char*>(t.text.c_str());
        c.text_length = ascii ? t.text.size() : 0;
        c.itxt_length = ascii ? 0 : t.text.size();
    }
    PngJob job;
    job.width = width;
    job.height = height;
    job.color_type = channels == 3 ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_GRAY;
    job.bit_depth = bit_depth;
    job.zlib_level = zlib_level;
    job.pixels = static_cast<const std::uint8_t*>(pixels);
    job.row_bytes = std::size_t(width) * bytes_per_pixel;
    job.text = chunks.data();
    job.text_count = static_cast<int>(chunks.size());

    PngContext context;
    context.sink = &out;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, png_on_error, png_on_warning);
    if (png == nullptr) {
        return fail(error, "PNG", "cannot create the libpng write structure");
    }
    png_infop info = png_create_info_struct(png);
    if (info == nullptr) {
        png_destroy_write_struct(&png, nullptr);
        return fail(error, "PNG", "cannot create the libpng info structure");
    }
    const bool ok = png_encode(png, info, &context, job);
    png_destroy_write_struct(&png, &info);
    if (!ok) {
        return fail(error, "PNG", context.sink_failed ? sink_failed_message : context.message);
    }
    return true;
}

struct PngHeader {
    png_uint_32 width = 0, height = 0;
    int channels = 0, bit_depth = 0;
    std::size_t row_bytes = 0;
};

bool png_decode_header(png_structp png, png_infop info, std::FILE* file, PngHeader* header) {
    if (setjmp(png_jmpbuf(png))) {
        return false;
    }
    png_init_io(png, file);
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_read_info(png, info);
    const int color_type = png_get_color_type(png, info);
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_palette_to_rgb(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY && png_get_bit_depth(png, info) < 8) {
        png_set_expand_gray_1_2_4_to_8(png);
    }
    if (png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_tRNS_to_alpha(png);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->channels = png_get_channels(png, info);
    header->bit_depth = png_get_bit_depth(png, info);
    header->row_bytes = png_get_rowbytes(png, info);
    return true;
}

bool png_decode_pixels(png_structp png, png_infop info, png_bytepp rows) {
    if (setjmp(png_jmpbuf(png))) {
        return false;
    }
    png_read_image(png, rows);
    png_read_end(png, info);  // text chunks after IDAT join those before it in `info`
    return true;
}

bool read_png_file(std::FILE* file, png_structp png, png_infop info, PngContext& context, DecodedPng* result,
                   std::string* error) {
    PngHeader header;
    if (!png_decode_header(png, info, file, &header)) {
        return fail(error, "PNG", context.message);
    }
    std::vector<std::uint8_t> bytes(header.row_bytes * header.height);
    std::vector<png_bytep> rows(header.height);
    for (png_uint_32 y = 0; y < header.height; ++y) {
        rows[y] = bytes.data() + std::size_t(y) * header.row_bytes;
    }
    if (!png_decode_pixels(png, info, rows.data())) {
        return fail(error, "PNG", context.message);
    }
    DecodedPng png_out;
    png_out.width = header.width;
    png_out.height = header.height;
    png_out.channels = header.channels;
    png_out.bit_depth = header.bit_depth;
    const std::size_t count = std::size_t(header.width) * header.height * header.channels;
    png_out.samples.resize(count);
    for (png_uint_32 y = 0; y < header.height; ++y) {
        const std::uint8_t* row = rows[y];
        const std::size_t per_row = std::size_t(header.width) * header.channels;
        for (std::size_t i = 0; i < per_row; ++i) {
            png_out.samples[y * per_row + i] =
                header.bit_depth == 16 ? std::uint16_t(row[2 * i] << 8 | row[2 * i + 1]) : row[i];
        }
    }
    png_textp text = nullptr;
    const int text_count = png_get_text(png, info, &text, nullptr);
    for (int i = 0; i < text_count; ++i) {
        const std::size_t length = text[i].compression >= PNG_ITXT_COMPRESSION_NONE ? text[i].itxt_length
                                                                                    : text[i].text_length;
        png_out.text.push_back({text[i].key, std::string(text[i].text != nullptr ? text[i].text : "", length)});
    }
    if (result != nullptr) {
        *result = std::move(png_out);
    }
    return true;
}

// ---- OpenEXR ----

// The whole file in memory: OutputFile seeks back to fill the line offset table after the pixels.
class MemoryOStream final : public Imf::OStream {
public:
    MemoryOStream() : Imf::OStream("<memory>") {}

    void write(const char c[], int n) override {
        if (n <= 0) {
            return;
        }
        const std::uint64_t end = position_ + std::uint64_t(n);
        if (end > bytes_.size()) {
            bytes_.resize(static_cast<std::size_t>(end));
        }
        std::memcpy(bytes_.data() + position_, c, static_cast<std::size_t>(n));
        position_ = end;
    }
    std::uint64_t tellp() override { return position_; }
    void seekp(std::uint64_t position) override { position_ = position; }  // a write past the end extends

    const std::vector<char>& bytes() const { return bytes_; }

private:
    std::vector<char> bytes_;
    std::uint64_t position_ = 0;
};

// ---- GIF (giflib) ----

// RGB palette: a 6x7x6 colour cube, index r*42 + g*6 + b, channel levels round(i*255/(n-1)); green gets the
// seventh level because the eye resolves green best. Entries 252..255 are black and never chosen. The cube is
// separable, so the nearest entry in RGB distance is the nearest level in each channel, taken from a table
// (ties go to the darker level). Deterministic: no dithering, no adaptive palette.
constexpr int cube_red = 6, cube_green = 7, cube_blue = 6;

constexpr std::uint8_t cube_level(int i, int levels) {
    return static_cast<std::uint8_t>((i * 510 + (levels - 1)) / (2 * (levels - 1)));  // rounds halves up
}

constexpr std::array<std::uint8_t, 256> make_nearest_level(int levels) {
    std::array<std::uint8_t, 256> nearest{};
    for (int v = 0; v < 256; ++v) {
        int best = 0;
        for (int i = 1; i < levels; ++i) {
            const int d = v - cube_level(i, levels), best_d = v - cube_level(best, levels);
            if (d * d < best_d * best_d) {
                best = i;
            }
        }
        nearest[v] = static_cast<std::uint8_t>(best);
    }
    return nearest;
}

constexpr std::array<std::uint8_t, 256> nearest_red = make_nearest_level(cube_red);
constexpr std::array<std::uint8_t, 256> nearest_green = make_nearest_level(cube_green);
constexpr std::array<std::uint8_t, 256> nearest_blue = make_nearest_level(cube_blue);

std::array<GifColorType, 256> make_palette(int channels) {
    std::array<GifColorType, 256> palette{};
    if (channels == 1) {
        for (int i = 0; i < 256; ++i) {
            const auto v = static_cast<GifByteType>(i);
            palette[i] = {v, v, v};
        }
        return palette;
    }
    for (int r = 0; r < cube_red; ++r) {
        for (int g = 0; g < cube_green; ++g) {
            for (int b = 0; b < cube_blue; ++b) {
                palette[(r * cube_green + g) * cube_blue + b] = {cube_level(r, cube_red), cube_level(g, cube_green),
                                                                 cube_level(b, cube_blue)};
            }
        }
    }
    return palette;
}

struct GifContext {
    ByteSink* sink = nullptr;
    bool sink_failed = false;
};

int gif_on_write(GifFileType* file, const GifByteType* data, int size) {
    auto* context = static_cast<GifContext*>(file->UserData);
    if (context->sink_failed || size < 0 || !context->sink->write(data, static_cast<std::size_t>(size))) {
        context->sink_failed = true;
        return 0;  // giflib sees a short write
    }
    return size;
}

const char* gif_message(int code) {
    const char* message = GifErrorString(code);
    return message != nullptr ? message : "unknown error";
}

// Writes everything but the trailer; on failure file->Error says why.
bool gif_encode(GifFileType* file, const GifFrames& gif, const ColorMapObject* palette,
                std::vector<GifPixelType>& row) {
    const int width = static_cast<int>(gif.width), height = static_cast<int>(gif.height);
    EGifSetGifVersion(file, true);  // GIF89a: needed for the delay and the loop extension
    if (EGifPutScreenDesc(file, width, height, 8, 0, palette) == GIF_ERROR) {
        return false;
    }
    if (gif.loop) {
        static const GifByteType loop_forever[3] = {1, 0, 0};  // sub-block 1, loop count 0 = forever
        if (EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
            EGifPutExtensionBlock(file, 11, "NETSCAPE2.0") == GIF_ERROR ||
            EGifPutExtensionBlock(file, 3, loop_forever) == GIF_ERROR ||
            EGifPutExtensionTrailer(file) == GIF_ERROR) {
            return false;
        }
    }
    GraphicsControlBlock control{};
    control.DisposalMode = DISPOSAL_UNSPECIFIED;  // every frame covers the whole screen
    control.UserInputFlag = false;
    control.DelayTime = gif.delay_cs;
    control.TransparentColor = NO_TRANSPARENT_COLOR;
    GifByteType control_bytes[4];
    const int control_size = static_cast<int>(EGifGCBToExtension(&control, control_bytes));
    for (const std::vector<std::uint8_t>& frame : gif.frames) {
        if (EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, control_size, control_bytes) == GIF_ERROR ||
            EGifPutImageDesc(file, 0, 0, width, height, false, nullptr) == GIF_ERROR) {
            return false;
        }
        for (int y = 0; y < height; ++y) {
            // EGifPutLine masks the row in place, so it gets a copy.
            const std::uint8_t* src = frame.data() + std::size_t(y) * width * gif.channels;
            if (gif.channels == 1) {
                std::memcpy(row.data(), src, row.size());
            } else {
                for (int x = 0; x < width; ++x, src += 3) {
                    row[x] = static_cast<GifPixelType>(
                        (nearest_red[src[0]] * cube_green + nearest_green[src[1]]) * cube_blue + nearest_blue[src[2]]);
                }
            }
            if (EGifPutLine(file, row.data(), width) == GIF_ERROR) {
                return false;
            }
        }
    }
    return true;
}

// True when `blocks` hold a NETSCAPE2.0 (or ANIMEXTS1.0) extension with loop count 0.
bool loops_forever(const ExtensionBlock* blocks, int count) {
    for (int i = 0; i + 1 < count; ++i) {
        const ExtensionBlock& app = blocks[i];
        const ExtensionBlock& data = blocks[i + 1];
        if (app.Function == APPLICATION_EXT_FUNC_CODE && app.ByteCount == 11 &&
            (std::memcmp(app.Bytes, "NETSCAPE2.0", 11) == 0 || std::memcmp(app.Bytes, "ANIMEXTS1.0", 11) == 0) &&
            data.Function == CONTINUE_EXT_FUNC_CODE && data.ByteCount == 3 && data.Bytes[0] == 1) {
            return data.Bytes[1] == 0 && data.Bytes[2] == 0;
        }
    }
    return false;
}

}  // namespace

bool write_png8(ByteSink& out, std::uint32_t width, std::uint32_t height, int channels, const std::uint8_t* pixels,
                const std::vector<PngText>& text, int zlib_level, std::string* error) {
    if (channels != 1 && channels != 3) {
        return fail(error, "PNG", "channels must be 1 or 3, got " + std::to_string(channels));
    }
    try {
        return write_png_image(out, width, height, channels, 8, pixels, text, zlib_level, error);
    } catch (const std::bad_alloc&) {
        return fail(error, "PNG", "out of memory");
    }
}

bool write_png16(ByteSink& out, std::uint32_t width, std::uint32_t height, const std::uint16_t* grey,
                 const std::vector<PngText>& text, int zlib_level, std::string* error) {
    try {
        return write_png_image(out, width, height, 1, 16, grey, text, zlib_level, error);
    } catch (const std::bad_alloc&) {
        return fail(error, "PNG", "out of memory");
    }
}

bool write_raw16(ByteSink& out, std::uint32_t width, std::uint32_t height, const std::uint16_t* grey,
                 std::string* error) {
    if (!check_image("RAW16", width, height, grey, std::numeric_limits<std::uint32_t>::max(), 2, error)) {
        return false;
    }
    try {
        // Bytes assembled explicitly: the same code on any host byte order.
        std::vector<std::uint8_t> row(std::size_t(width) * 2);
        for (std::uint32_t y = 0; y < height; ++y) {
            const std::uint16_t* src = grey + std::size_t(y) * width;
            for (std::uint32_t x = 0; x < width; ++x) {
                row[2 * std::size_t(x)] = static_cast<std::uint8_t>(src[x] & 0xFF);
                row[2 * std::size_t(x) + 1] = static_cast<std::uint8_t>(src[x] >> 8);
            }
            if (!out.write(row.data(), row.size())) {
                return fail(error, "RAW16", sink_failed_message);
            }
        }
        return true;
    } catch (const std::bad_alloc&) {
        return fail(error, "RAW16", "out of memory");
    }
}

bool write_pfm(ByteSink& out, std::uint32_t width, std::uint32_t height, const float* values, std::string* error) {
    static_assert(sizeof(float) == 4 && std::numeric_limits<float>::is_iec559);
    if (!check_image("PFM", width, height, values, std::numeric_limits<std::uint32_t>::max(), 4, error)) {
        return false;
    }
    try {
        const std::string header = "Pf\n" + std::to_string(width) + " " + std::to_string(height) + "\n-1.0\n";
        if (!out.write(header.data(), header.size())) {
            return fail(error, "PFM", sink_failed_message);
        }
        std::vector<std::uint8_t> row(std::size_t(width) * 4);
        for (std::uint32_t y = height; y-- > 0;) {  // PFM stores the bottom row first
            const float* src = values + std::size_t(y) * width;
            for (std::uint32_t x = 0; x < width; ++x) {
                const auto bits = std::bit_cast<std::uint32_t>(src[x]);
                for (int k = 0; k < 4; ++k) {
                    row[4 * std::size_t(x) + k] = static_cast<std::uint8_t>(bits >> (8 * k));
                }
            }
            if (!out.write(row.data(), row.size())) {
                return fail(error, "PFM", sink_failed_message);
            }
        }
        return true;
    } catch (const std::bad_alloc&) {
        return fail(error, "PFM", "out of memory");
    }
}

bool write_exr(ByteSink& out, std::uint32_t width, std::uint32_t height, const float* values,
               const std::vector<PngText>& text, std::string* error) {
    if (!check_image("EXR", width, height, values, std::numeric_limits<int>::max(), 4, error)) {
        return false;
    }
    try {
        Imf::Header header(static_cast<int>(width), static_cast<int>(height));
        header.compression() = Imf::ZIP_COMPRESSION;
        header.channels().insert("Y", Imf::Channel(Imf::FLOAT));
        for (const PngText& t : text) {
            // Inserting over a required attribute would change its type (an exception) or silently replace it.
            if (header.find(t.keyword) != header.end()) {
                return fail(error, "EXR", "attribute \"" + t.keyword + "\" is already in the header");
            }
            header.insert(t.keyword, Imf::StringAttribute(t.text));
        }
        MemoryOStream stream;
        {
            Imf::OutputFile file(stream, header);
            Imf::FrameBuffer frame_buffer;
            frame_buffer.insert("Y", Imf::Slice::Make(Imf::FLOAT, values, header.dataWindow()));
            file.setFrameBuffer(frame_buffer);
            file.writePixels(static_cast<int>(height));
        }  // the destructor writes the line offset table
        const std::vector<char>& bytes = stream.bytes();
        if (!out.write(bytes.data(), bytes.size())) {
            return fail(error, "EXR", sink_failed_message);
        }
        return true;
    } catch (const std::exception& e) {
        return fail(error, "EXR", e.what());
    } catch (...) {
        return fail(error, "EXR", "unknown error");
    }
}

bool write_gif(ByteSink& out, const GifFrames& gif, std::string* error) {
    if (gif.channels != 1 && gif.channels != 3) {
        return fail(error, "GIF", "channels must be 1 or 3, got " + std::to_string(gif.channels));
    }
    if (gif.frames.empty()) {
        return fail(error, "GIF", "no frames");
    }
    const std::size_t frame_size = std::size_t(gif.width) * gif.height * gif.channels;
    if (!check_image("GIF", gif.width, gif.height, gif.frames.front().data(), 65535, gif.channels, error)) {
        return false;
    }
    for (std::size_t i = 0; i < gif.frames.size(); ++i) {
        if (gif.frames[i].size() != frame_size) {
            return fail(error, "GIF",
                        "frame " + std::to_string(i) + " has " + std::to_string(gif.frames[i].size()) +
                            " bytes, expected " + std::to_string(frame_size));
        }
    }
    if (gif.delay_cs < 0 || gif.delay_cs > 65535) {
        return fail(error, "GIF", "frame delay must be 0 to 65535 centiseconds, got " + std::to_string(gif.delay_cs));
    }
    try {
        std::vector<GifPixelType> row(gif.width);  // allocated before giflib holds anything
        std::array<GifColorType, 256> colours = make_palette(gif.channels);
        const std::unique_ptr<ColorMapObject, void (*)(ColorMapObject*)> palette(
            GifMakeMapObject(256, colours.data()), GifFreeMapObject);
        if (palette == nullptr) {
            return fail(error, "GIF", gif_message(E_GIF_ERR_NOT_ENOUGH_MEM));
        }
        GifContext context;
        context.sink = &out;
        int code = 0;
        GifFileType* file = EGifOpen(&context, gif_on_write, &code);
        if (file == nullptr) {
            return fail(error, "GIF", gif_message(code));
        }
        // From here on nothing throws, and EGifCloseFile frees `file` on every path.
        const bool encoded = gif_encode(file, gif, palette.get(), row);
        const int encode_code = file->Error;
        int close_code = 0;
        const bool closed = EGifCloseFile(file, &close_code) == GIF_OK;
        // giflib ignores a failure to write the trailer byte, so the sink's own flag decides.
        if (context.sink_failed) {
            return fail(error, "GIF", sink_failed_message);
        }
        if (!encoded) {
            return fail(error, "GIF", gif_message(encode_code));
        }
        if (!closed) {
            return fail(error, "GIF", gif_message(close_code));
        }
        return true;
    } catch (const std::bad_alloc&) {
        return fail(error, "GIF", "out of memory");
    }
}

// ---- readers ----

bool read_png(const std::string& path, DecodedPng* png, std::string* error) {
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) {
        return fail(error, "PNG", "cannot open " + path + ": " + std::strerror(errno));
    }
    PngContext context;
    png_structp reader = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, png_on_error, png_on_warning);
    png_infop info = reader != nullptr ? png_create_info_struct(reader) : nullptr;
    bool ok;
    if (info == nullptr) {
        ok = fail(error, "PNG", "cannot create the libpng read structures");
    } else {
        try {
            ok = read_png_file(file, reader, info, context, png, error);
        } catch (const std::bad_alloc&) {
            ok = fail(error, "PNG", "out of memory");
        }
    }
    png_destroy_read_struct(&reader, &info, nullptr);  // both may be null
    std::fclose(file);
    if (!ok && error != nullptr) {
        *error += " (" + path + ")";
    }
    return ok;
}

bool read_exr(const std::string& path, std::uint32_t* width, std::uint32_t* height, std::vector<float>* values,
              std::vector<PngText>* attributes, std::string* error) {
    try {
        Imf::InputFile file(path.c_str());
        const Imf::Header& header = file.header();
        const Imath::Box2i window = header.dataWindow();
        const std::int64_t w = std::int64_t(window.max.x) - window.min.x + 1;
        const std::int64_t h = std::int64_t(window.max.y) - window.min.y + 1;
        if (header.channels().findChannel("Y") == nullptr) {
            return fail(error, "EXR", path + " has no channel \"Y\"");
        }
        std::vector<float> pixels(static_cast<std::size_t>(w * h));
        Imf::FrameBuffer frame_buffer;
        frame_buffer.insert("Y", Imf::Slice::Make(Imf::FLOAT, pixels.data(), window));
        file.setFrameBuffer(frame_buffer);
        file.readPixels(window.min.y, window.max.y);
        if (attributes != nullptr) {
            attributes->clear();
            for (auto it = header.begin(); it != header.end(); ++it) {
                if (const auto* s = dynamic_cast<const Imf::StringAttribute*>(&it.attribute())) {
                    attributes->push_back({it.name(), s->value()});
                }
            }
        }
        if (width != nullptr) {
            *width = static_cast<std::uint32_t>(w);
        }
        if (height != nullptr) {
            *height = static_cast<std::uint32_t>(h);
        }
        if (values != nullptr) {
            *values = std::move(pixels);
        }
        return true;
    } catch (const std::exception& e) {
        return fail(error, "EXR", e.what());
    } catch (...) {
        return fail(error, "EXR", "unknown error reading " + path);
    }
}

bool read_gif(const std::string& path, std::uint32_t* width, std::uint32_t* height, int* frame_count,
              std::vector<std::uint8_t>* first_frame_indices, bool* loops, std::string* error) {
    int code = 0;
    GifFileType* file = DGifOpenFileName(path.c_str(), &code);
    if (file == nullptr) {
        return fail(error, "GIF", std::string(gif_message(code)) + " (" + path + ")");
    }
    bool ok = true;
    try {
        if (DGifSlurp(file) == GIF_ERROR) {
            ok = fail(error, "GIF", std::string(gif_message(file->Error)) + " (" + path + ")");
        } else if (file->ImageCount < 1) {
            ok = fail(error, "GIF", path + " has no images");
        } else {
            const SavedImage& first = file->SavedImages[0];
            if (width != nullptr) {
                *width = static_cast<std::uint32_t>(file->SWidth);
            }
            if (height != nullptr) {
                *height = static_cast<std::uint32_t>(file->SHeight);
            }
            if (frame_count != nullptr) {
                *frame_count = file->ImageCount;
            }
            if (first_frame_indices != nullptr) {
                const std::size_t n = std::size_t(first.ImageDesc.Width) * std::size_t(first.ImageDesc.Height);
                first_frame_indices->assign(first.RasterBits, first.RasterBits + n);
            }
            if (loops != nullptr) {
                // giflib files extensions under the image they precede, or under the file when trailing.
                *loops = loops_forever(first.ExtensionBlocks, first.ExtensionBlockCount) ||
                         loops_forever(file->ExtensionBlocks, file->ExtensionBlockCount);
            }
        }
    } catch (const std::bad_alloc&) {
        ok = fail(error, "GIF", "out of memory");
    }
    DGifCloseFile(file, &code);
    return ok;
}

}  // namespace gradnoise::cli
