// gradnoise CLI — PNG through libpng and zlib (src/cli/png_codec.hpp).
#include "png_codec.hpp"

#include <png.h>
#include <zlib.h>

#include "../parallel/parallel.hpp"

#include "interrupt.hpp"

#include <algorithm>
#include <bit>
#include <csetjmp>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <string_view>

#include "format_util.hpp"

namespace gradnoise::cli {
namespace {

using namespace format_util;

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
    // Set while png_write_parallel_idat, which owns vectors, writes chunks: a failed write is then
    // recorded here instead of jumping over their destructors, and that function reports it.
    bool defer_sink_errors = false;
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
        if (!context->defer_sink_errors) {
            png_error(png, sink_failed_message);
        }
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
// png_write_chunk. Returns false with *message set when zlib fails, a signal stops it or the sink
// fails (never by libpng's longjmp while its vectors are alive: PngContext::defer_sink_errors).
constexpr std::size_t parallel_png_bytes = std::size_t(4) << 20;

bool png_write_parallel_idat(png_structp png, const PngJob& job, const char** message) {
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
    parallel::for_blocks(bands, 1, 0, [&](std::size_t first, std::size_t) {
        const auto b = static_cast<std::uint32_t>(first);
        if (interrupted_signal() != 0) {  // Ctrl-C, SIGTERM: the remaining bands are not compressed
            out[b].ok = false;
            return;
        }
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
            *message = interrupted_signal() != 0 ? "PNG: interrupted" : "PNG: zlib failed to compress a band of rows";
            return false;
        }
        adler = adler32_combine(adler, band.adler, static_cast<z_off_t>(band.raw));
    }
    auto* context = static_cast<PngContext*>(png_get_io_ptr(png));
    context->defer_sink_errors = true;
    const std::uint8_t header[2] = {0x78, 0x01};  // zlib header: deflate, 32K window, no dictionary
    png_write_chunk(png, reinterpret_cast<png_const_bytep>("IDAT"), header, 2);
    for (Band& band : out) {
        if (!band.deflated.empty() && !context->sink_failed) {
            png_write_chunk(png, reinterpret_cast<png_const_bytep>("IDAT"), band.deflated.data(), band.deflated.size());
        }
        std::vector<std::uint8_t>().swap(band.deflated);
    }
    std::uint8_t trailer[4];
    for (int k = 0; k < 4; ++k) {
        trailer[k] = static_cast<std::uint8_t>(adler >> (24 - 8 * k));
    }
    if (!context->sink_failed) {
        png_write_chunk(png, reinterpret_cast<png_const_bytep>("IDAT"), trailer, 4);
        png_write_chunk(png, reinterpret_cast<png_const_bytep>("IEND"), nullptr, 0);
    }
    context->defer_sink_errors = false;
    if (context->sink_failed) {
        *message = sink_failed_message;
        return false;
    }
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
        const char* message = nullptr;  // (a literal: png_error jumps, so nothing here may need a destructor)
        if (!png_write_parallel_idat(png, job, &message)) {
            png_error(png, message);
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

bool write_png16_rgb(ByteSink& out, std::uint32_t width, std::uint32_t height, const std::uint16_t* rgb,
                     const std::vector<PngText>& text, int zlib_level, std::string* error) {
    try {
        return write_png_image(out, width, height, 3, 16, rgb, text, zlib_level, error);
    } catch (const std::bad_alloc&) {
        return fail(error, "PNG", "out of memory");
    }
}

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

}  // namespace gradnoise::cli
