// gradnoise CLI — RAW16, PFM, OpenEXR and animated GIF (src/cli/formats.hpp); PNG is in png_codec.cpp.
#include "formats.hpp"

#include <gif_lib.h>
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
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <limits>
#include <memory>
#include <new>
#include <string_view>

#include "format_util.hpp"

namespace gradnoise::cli {
namespace {

using namespace format_util;

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
