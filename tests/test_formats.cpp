// File formats for `gradnoise bake` (src/cli/formats.hpp): each writer's output read back with the same
// library (or by hand, for the headerless and simple formats), and every writer failing cleanly when its
// sink refuses bytes at any point. What a bake checks before it starts: tests/test_bake_plan.cpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#if !defined(GRADNOISE_NO_TBB)
#include <tbb/global_control.h>
#endif

#include "atomic_file.hpp"
#include "format_support.hpp"
#include "formats.hpp"

namespace fs = std::filesystem;
using namespace gradnoise::cli;
using namespace format_testing;

namespace {

// Accepts `budget` bytes in all, then refuses every write, as a full disk would.
class FailingSink final : public ByteSink {
public:
    explicit FailingSink(std::size_t budget) : budget_(budget) {}
    bool write(const void* data, std::size_t size) override {
        if (failed_ || size > budget_ - written_) {
            failed_ = true;
            return false;
        }
        (void)data;
        written_ += size;
        return true;
    }

private:
    std::size_t budget_, written_ = 0;
    bool failed_ = false;
};

using Encoder = std::function<bool(ByteSink&, std::string*)>;

// Writes through AtomicFile the way `gradnoise bake` will.
void write_file(const std::string& path, const Encoder& encode) {
    AtomicFile file(path);
    REQUIRE_MESSAGE(file.open(), file.error());
    std::string error;
    REQUIRE_MESSAGE(encode(file, &error), error);
    CHECK(error.empty());
    REQUIRE_MESSAGE(file.commit(), file.error());
}

std::vector<std::uint8_t> read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool contains(const std::vector<std::uint8_t>& bytes, const std::string& needle) {
    return std::search(bytes.begin(), bytes.end(), needle.begin(), needle.end()) != bytes.end();
}

std::uint32_t le32(const std::uint8_t* p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

const std::string utf8_value = "\xCE\xA9 terrain";  // "Ω terrain"

const PngText* find_text(const std::vector<PngText>& text, const std::string& keyword) {
    for (const PngText& t : text) {
        if (t.keyword == keyword) {
            return &t;
        }
    }
    return nullptr;
}

// The PNG at path, REQUIRE-ing that it reads; CHECKs its size, channels and bit depth.
DecodedPng read_back_png(const std::string& path, std::uint32_t width, std::uint32_t height, int channels,
                         int bit_depth) {
    DecodedPng png;
    std::string error;
    REQUIRE_MESSAGE(read_png(path, &png, &error), error);
    CHECK(png.width == width);
    CHECK(png.height == height);
    CHECK(png.channels == channels);
    CHECK(png.bit_depth == bit_depth);
    return png;
}

// A refusal: ok is false and the message starts with the format's name (prefix, e.g. "PNG: "); the
// message is cleared for the next call.
void check_refused(bool ok, std::string& error, const std::string& prefix) {
    CHECK_FALSE(ok);
    CHECK(error.rfind(prefix, 0) == 0);
    error.clear();
}

// Every prefix length of the full output is a budget at which the writer must fail; the full length succeeds.
void check_fails_at_every_budget(const Encoder& encode) {
    MemorySink whole;
    std::string error;
    REQUIRE_MESSAGE(encode(whole, &error), error);
    const std::size_t size = whole.bytes.size();
    std::vector<std::size_t> budgets = {0, 1, 7, 8, 13, 33, 64, 100, 1000, size / 2, size - 1};
    for (std::size_t budget : budgets) {
        if (budget >= size) {
            continue;
        }
        CAPTURE(budget);
        FailingSink sink(budget);
        error.clear();
        CHECK_FALSE(encode(sink, &error));
        CHECK(error.find("output write failed") != std::string::npos);
    }
    FailingSink exact(size);
    error.clear();
    CHECK_MESSAGE(encode(exact, &error), error);
}

}  // namespace

TEST_SUITE("formats") {

TEST_CASE("8-bit grey PNG round-trips pixels and text at every zlib level") {
    TempDir dir;
    const std::uint32_t width = 5, height = 3;
    std::vector<std::uint8_t> pixels(width * height);
    for (std::size_t i = 0; i < pixels.size(); ++i) {
        pixels[i] = static_cast<std::uint8_t>(i * 17 + 3);
    }
    pixels[0] = 0;
    pixels.back() = 255;
    const std::vector<PngText> text = {{"Software", "gradnoise"}, {"Comment", utf8_value}};
    for (int level : {0, 1, 6, 9}) {
        CAPTURE(level);
        const std::string path = dir.file("grey" + std::to_string(level) + ".png");
        write_file(path, [&](ByteSink& out, std::string* error) {
            return write_png8(out, width, height, 1, pixels.data(), text, level, error);
        });
        const std::vector<std::uint8_t> bytes = read_bytes(path);
        CHECK(contains(bytes, "tEXtSoftware"));  // pure ASCII goes in tEXt
        CHECK(contains(bytes, "iTXtComment"));   // UTF-8 in iTXt

        const DecodedPng png = read_back_png(path, width, height, 1, 8);
        REQUIRE(png.samples.size() == pixels.size());
        CHECK(std::equal(pixels.begin(), pixels.end(), png.samples.begin()));
        CHECK(png.samples[0] == 0);
        CHECK(png.samples[1] == 20);
        CHECK(png.samples[14] == 255);
        REQUIRE(png.text.size() == 2);
        REQUIRE(find_text(png.text, "Software") != nullptr);
        CHECK(find_text(png.text, "Software")->text == "gradnoise");
        REQUIRE(find_text(png.text, "Comment") != nullptr);
        CHECK(find_text(png.text, "Comment")->text == utf8_value);
    }
}

TEST_CASE("RGB PNG keeps the R, G, B sample order") {
    TempDir dir;
    const std::uint32_t width = 4, height = 2;
    const std::vector<std::uint8_t> pixels = {
        255, 0,   0,  0,   255, 0,  0,  0,  255, 1,  2,  3,   // top row: red, green, blue, (1,2,3)
        10,  20,  30, 255, 255, 255, 0, 0,  0,   200, 100, 50,
    };
    const std::string path = dir.file("rgb.png");
    write_file(path, [&](ByteSink& out, std::string* error) {
        return write_png8(out, width, height, 3, pixels.data(), {}, 1, error);
    });
    const DecodedPng png = read_back_png(path, width, height, 3, 8);
    CHECK(png.text.empty());
    REQUIRE(png.samples.size() == pixels.size());
    CHECK(std::equal(pixels.begin(), pixels.end(), png.samples.begin()));
    CHECK(png.samples[0] == 255);  // red first
    CHECK(png.samples[1] == 0);
    CHECK(png.samples[4] == 255);  // green second
    CHECK(png.samples[8] == 255);  // blue third
    CHECK(png.samples[21] == 200);
    CHECK(png.samples[23] == 50);
}

TEST_CASE("16-bit PNG stores native samples exactly") {
    TempDir dir;
    const std::uint32_t width = 3, height = 3;
    const std::vector<std::uint16_t> grey = {0, 1, 256, 65535, 12345, 255, 0x0102, 0xFF00, 32768};
    for (int level : {0, 1, 9}) {
        CAPTURE(level);
        const std::string path = dir.file("grey16-" + std::to_string(level) + ".png");
        write_file(path, [&](ByteSink& out, std::string* error) {
            return write_png16(out, width, height, grey.data(), {{"Title", "height"}}, level, error);
        });
        const DecodedPng png = read_back_png(path, width, height, 1, 16);
        REQUIRE(png.samples.size() == grey.size());
        for (std::size_t i = 0; i < grey.size(); ++i) {
            CAPTURE(i);
            CHECK(png.samples[i] == grey[i]);
        }
        REQUIRE(png.text.size() == 1);
        CHECK(png.text[0].keyword == "Title");
        CHECK(png.text[0].text == "height");
    }
}

TEST_CASE("large PNGs (deflated in bands on all cores) decode, and their bytes do not depend on the thread count") {
    // 2048 x 1100 16-bit grey: 4.3 MiB of rows, over the 4 MiB at which bands are deflated in parallel.
    const std::uint32_t width = 2048, height = 1100;
    std::vector<std::uint16_t> grey(std::size_t(width) * height);
    std::uint32_t state = 12345;
    for (std::size_t i = 0; i < grey.size(); ++i) {
        state = state * 1664525u + 1013904223u;  // noisy low bits, smooth high bits: compressible, not trivially
        grey[i] = static_cast<std::uint16_t>((i % width) * 31 + (i / width) * 7 + (state >> 29));
    }
    const std::vector<PngText> text = {{"Software", "gradnoise"}};
    auto encode = [&](int threads, int level) {
#if defined(GRADNOISE_NO_TBB)
        (void)threads;  // std::threads: every hardware thread each time
#else
        tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
#endif
        MemorySink sink;
        std::string error;
        REQUIRE_MESSAGE(write_png16(sink, width, height, grey.data(), text, level, &error), error);
        return sink.bytes;
    };
    for (int level : {1, 6}) {
        CAPTURE(level);
        const std::vector<std::uint8_t> one = encode(1, level);
        const std::vector<std::uint8_t> all = encode(static_cast<int>(std::max(2u, std::thread::hardware_concurrency())), level);
        CHECK(one == all);
        CHECK(one.size() < grey.size() * 2);  // compressed
        TempDir dir;
        const std::string path = dir.file("large.png");
        {
            std::ofstream out(path, std::ios::binary);
            out.write(reinterpret_cast<const char*>(one.data()), static_cast<std::streamsize>(one.size()));
        }
        const DecodedPng png = read_back_png(path, width, height, 1, 16);
        REQUIRE(png.samples.size() == grey.size());
        CHECK(std::equal(grey.begin(), grey.end(), png.samples.begin()));
    }
}

TEST_CASE("PNG rejects bad arguments with a message") {
    MemorySink sink;
    const std::vector<std::uint8_t> pixels(16 * 3, 7);
    const std::vector<std::uint16_t> grey(16, 7);
    std::string error;
    auto rejects = [&](bool ok) { check_refused(ok, error, "PNG: "); };
    rejects(write_png8(sink, 4, 4, 2, pixels.data(), {}, 1, &error));
    rejects(write_png8(sink, 0, 4, 1, pixels.data(), {}, 1, &error));
    rejects(write_png8(sink, 4, 4, 1, nullptr, {}, 1, &error));
    rejects(write_png8(sink, 4, 4, 1, pixels.data(), {}, 10, &error));
    rejects(write_png8(sink, 4, 4, 1, pixels.data(), {}, -1, &error));
    rejects(write_png8(sink, 4, 4, 1, pixels.data(), {{"", "x"}}, 1, &error));
    rejects(write_png8(sink, 4, 4, 1, pixels.data(), {{std::string(80, 'k'), "x"}}, 1, &error));
    rejects(write_png8(sink, 4, 4, 1, pixels.data(), {{" Lead", "x"}}, 1, &error));
    rejects(write_png8(sink, 4, 4, 1, pixels.data(), {{"Two  spaces", "x"}}, 1, &error));
    rejects(write_png8(sink, 4, 4, 1, pixels.data(), {{"Tab\t", "x"}}, 1, &error));
    rejects(write_png8(sink, 4, 4, 1, pixels.data(), {{"Bad", "\xC3("}}, 1, &error));  // invalid UTF-8
    rejects(write_png8(sink, 4, 4, 1, pixels.data(), {{"Nul", std::string("a\0b", 3)}}, 1, &error));
    rejects(write_png16(sink, 4, 0, grey.data(), {}, 1, &error));
    CHECK(sink.bytes.empty());  // validation happens before any output
    std::string keyword79(79, 'k');
    CHECK(write_png8(sink, 4, 4, 1, pixels.data(), {{keyword79, "x"}}, 1, &error));
}

TEST_CASE("RAW16 is little-endian uint16, rows top to bottom, no header") {
    TempDir dir;
    const std::uint32_t width = 3, height = 2;
    const std::vector<std::uint16_t> grey = {0, 1, 256, 65535, 12345, 0xABCD};
    const std::string path = dir.file("height.r16");
    write_file(path, [&](ByteSink& out, std::string* error) {
        return write_raw16(out, width, height, grey.data(), error);
    });
    const std::vector<std::uint8_t> bytes = read_bytes(path);
    const std::vector<std::uint8_t> expected = {0x00, 0x00, 0x01, 0x00, 0x00, 0x01,
                                                0xFF, 0xFF, 0x39, 0x30, 0xCD, 0xAB};
    CHECK(bytes == expected);

    MemorySink sink;
    std::string error;
    check_refused(write_raw16(sink, 0, 1, grey.data(), &error), error, "RAW16: ");
}

TEST_CASE("PFM: header, bottom-to-top rows, little-endian float32") {
    TempDir dir;
    const std::uint32_t width = 3, height = 2;
    const std::vector<float> values = {0.0f, -1.5f, 1e-30f,  // top row
                                       3.25f, -0.0f, std::numeric_limits<float>::max()};
    const std::string path = dir.file("height.pfm");
    write_file(path, [&](ByteSink& out, std::string* error) {
        return write_pfm(out, width, height, values.data(), error);
    });
    const std::vector<std::uint8_t> bytes = read_bytes(path);
    const std::string header = "Pf\n3 2\n-1.0\n";
    REQUIRE(bytes.size() == header.size() + width * height * 4);
    CHECK(std::equal(header.begin(), header.end(), bytes.begin()));
    const std::uint8_t* data = bytes.data() + header.size();
    // File row 0 is the image's bottom row.
    for (std::uint32_t file_row = 0; file_row < height; ++file_row) {
        const std::uint32_t image_row = height - 1 - file_row;
        for (std::uint32_t x = 0; x < width; ++x) {
            CAPTURE(file_row);
            CAPTURE(x);
            const std::uint32_t bits = le32(data + 4 * (file_row * width + x));
            CHECK(bits == std::bit_cast<std::uint32_t>(values[image_row * width + x]));
        }
    }
    CHECK(le32(data) == 0x40500000u);  // 3.25f, written first
    CHECK(data[3] == 0x40);            // most significant byte last: little-endian
}

TEST_CASE("EXR round-trips floats bit-exactly and string attributes") {
    TempDir dir;
    const std::uint32_t width = 37, height = 50;  // several 16-line ZIP blocks, a ragged last one
    std::vector<float> values(width * height);
    for (std::size_t i = 0; i < values.size(); ++i) {
        values[i] = std::sin(float(i) * 0.37f) * float(i);
    }
    const std::vector<float> special = {-1.5f, 1e-30f, std::numeric_limits<float>::denorm_min(), 3.4e38f,
                                        -0.0f, 0.0f, -std::numeric_limits<float>::max(), 65504.0f, 1e-8f,
                                        std::numeric_limits<float>::infinity()};
    std::copy(special.begin(), special.end(), values.begin());
    values.back() = -123456.789f;
    const std::vector<PngText> text = {{"gradnoise:seed", "17"}, {"comments", utf8_value}};
    const std::string path = dir.file("height.exr");
    write_file(path, [&](ByteSink& out, std::string* error) {
        return write_exr(out, width, height, values.data(), text, error);
    });
    std::uint32_t w = 0, h = 0;
    std::vector<float> read;
    std::vector<PngText> attributes;
    std::string error;
    REQUIRE_MESSAGE(read_exr(path, &w, &h, &read, &attributes, &error), error);
    CHECK(w == width);
    CHECK(h == height);
    REQUIRE(read.size() == values.size());
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        mismatches += std::bit_cast<std::uint32_t>(read[i]) != std::bit_cast<std::uint32_t>(values[i]);
    }
    CHECK(mismatches == 0);
    CHECK(std::bit_cast<std::uint32_t>(read[4]) == 0x80000000u);  // -0.0 kept its sign
    CHECK(read[2] == std::numeric_limits<float>::denorm_min());
    CHECK(read.back() == -123456.789f);
    REQUIRE(find_text(attributes, "gradnoise:seed") != nullptr);
    CHECK(find_text(attributes, "gradnoise:seed")->text == "17");
    REQUIRE(find_text(attributes, "comments") != nullptr);
    CHECK(find_text(attributes, "comments")->text == utf8_value);
    CHECK(attributes.size() == 2);

    const std::vector<std::uint8_t> bytes = read_bytes(path);
    REQUIRE(bytes.size() > 4);
    CHECK(le32(bytes.data()) == 20000630u);  // OpenEXR magic number
}

TEST_CASE("EXR rejects attributes that clash with the header") {
    MemorySink sink;
    const std::vector<float> values(4, 1.0f);
    std::string error;
    check_refused(write_exr(sink, 2, 2, values.data(), {{"channels", "Y"}}, &error), error, "EXR: ");
    check_refused(write_exr(sink, 2, 2, values.data(), {{"a", "1"}, {"a", "2"}}, &error), error, "EXR: ");
    check_refused(write_exr(sink, 2, 2, values.data(), {{"", "1"}}, &error), error, "EXR: ");
    CHECK(sink.bytes.empty());

    check_refused(read_exr("/nonexistent/gradnoise.exr", nullptr, nullptr, nullptr, nullptr, &error), error, "EXR: ");
}

TEST_CASE("grey GIF: frames, size, exact indices, loop flag, delay") {
    TempDir dir;
    GifFrames gif{.width = 6, .height = 4, .channels = 1, .frames = {}, .delay_cs = 7};
    for (int f = 0; f < 3; ++f) {
        std::vector<std::uint8_t> frame(gif.width * gif.height);
        for (std::size_t i = 0; i < frame.size(); ++i) {
            frame[i] = static_cast<std::uint8_t>(i * 11 + f * 50);
        }
        gif.frames.push_back(frame);
    }
    gif.frames[0][0] = 0;
    gif.frames[0][1] = 255;
    for (bool loop : {true, false}) {
        CAPTURE(loop);
        gif.loop = loop;
        const std::string path = dir.file(loop ? "loop.gif" : "once.gif");
        write_file(path, [&](ByteSink& out, std::string* error) { return write_gif(out, gif, error); });

        std::uint32_t w = 0, h = 0;
        int frames = 0;
        std::vector<std::uint8_t> indices;
        bool loops = !loop;
        std::string error;
        REQUIRE_MESSAGE(read_gif(path, &w, &h, &frames, &indices, &loops, &error), error);
        CHECK(w == 6);
        CHECK(h == 4);
        CHECK(frames == 3);
        CHECK(loops == loop);
        CHECK(indices == gif.frames[0]);  // the grey palette maps each byte to itself

        const std::vector<std::uint8_t> bytes = read_bytes(path);
        REQUIRE(bytes.size() > 13);
        CHECK(std::string(bytes.begin(), bytes.begin() + 6) == "GIF89a");
        CHECK(contains(bytes, "NETSCAPE2.0") == loop);
        CHECK(bytes.back() == 0x3B);  // trailer
        // Graphic control extension: 21 F9 04 <flags> <delay lo> <delay hi> <transparent index> 00.
        const std::vector<std::uint8_t> gce = {0x21, 0xF9, 0x04};
        auto at = std::search(bytes.begin(), bytes.end(), gce.begin(), gce.end());
        REQUIRE(bytes.end() - at >= 8);
        CHECK(at[4] == 7);
        CHECK(at[5] == 0);
    }
}

TEST_CASE("RGB GIF maps to the nearest colour-cube entry") {
    TempDir dir;
    GifFrames gif{.width = 3, .height = 2, .channels = 3, .frames = {}};
    gif.frames.push_back({255, 0, 0, 0, 255, 0, 0, 0, 255,          // red, green, blue
                          255, 255, 255, 0, 0, 0, 128, 128, 128});  // white, black, mid grey
    gif.frames.push_back(std::vector<std::uint8_t>(3 * 2 * 3, 90));
    const std::string path = dir.file("rgb.gif");
    write_file(path, [&](ByteSink& out, std::string* error) { return write_gif(out, gif, error); });
    std::vector<std::uint8_t> indices;
    int frames = 0;
    std::string error;
    REQUIRE_MESSAGE(read_gif(path, nullptr, nullptr, &frames, &indices, nullptr, &error), error);
    CHECK(frames == 2);
    // index = r*42 + g*6 + b; levels r,b: 0 51 102 153 204 255, g: 0 43 85 128 170 213 255.
    // 128 is nearer 153 (level 3) than 102 in red and blue, and exactly level 3 in green.
    const std::vector<std::uint8_t> expected = {5 * 42, 6 * 6, 5, 5 * 42 + 6 * 6 + 5, 0, 3 * 42 + 3 * 6 + 3};
    CHECK(indices == expected);
}

TEST_CASE("GIF rejects bad arguments with a message") {
    MemorySink sink;
    std::string error;
    GifFrames gif{.width = 2, .height = 2, .channels = 1, .frames = {}};
    check_refused(write_gif(sink, gif, &error), error, "GIF: ");  // no frames
    gif.frames.push_back(std::vector<std::uint8_t>(3, 0));       // one byte short
    check_refused(write_gif(sink, gif, &error), error, "GIF: ");
    gif.frames[0].resize(4);
    gif.width = 70000;
    check_refused(write_gif(sink, gif, &error), error, "GIF: ");
    gif.width = 2;
    gif.channels = 4;
    check_refused(write_gif(sink, gif, &error), error, "GIF: ");
    CHECK(sink.bytes.empty());
}

TEST_CASE("every writer fails cleanly when the sink refuses bytes") {
    const std::uint32_t width = 40, height = 30;
    std::vector<std::uint8_t> grey8(width * height), rgb(width * height * 3);
    std::vector<std::uint16_t> grey16(width * height);
    std::vector<float> values(width * height);
    for (std::size_t i = 0; i < grey8.size(); ++i) {
        grey8[i] = static_cast<std::uint8_t>(i * 7);
        grey16[i] = static_cast<std::uint16_t>(i * 977);
        values[i] = float(i) * 0.25f - 100.0f;
        rgb[3 * i] = static_cast<std::uint8_t>(i);
        rgb[3 * i + 1] = static_cast<std::uint8_t>(i * 3);
        rgb[3 * i + 2] = static_cast<std::uint8_t>(i * 5);
    }
    const std::vector<PngText> text = {{"Software", "gradnoise"}, {"Comment", utf8_value}};
    const GifFrames gif{.width = width, .height = height, .channels = 3, .frames = {rgb, rgb}};

    SUBCASE("png8") {
        check_fails_at_every_budget([&](ByteSink& out, std::string* error) {
            return write_png8(out, width, height, 3, rgb.data(), text, 1, error);
        });
    }
    SUBCASE("png16") {
        check_fails_at_every_budget([&](ByteSink& out, std::string* error) {
            return write_png16(out, width, height, grey16.data(), text, 9, error);
        });
    }
    SUBCASE("raw16") {
        check_fails_at_every_budget([&](ByteSink& out, std::string* error) {
            return write_raw16(out, width, height, grey16.data(), error);
        });
    }
    SUBCASE("pfm") {
        check_fails_at_every_budget([&](ByteSink& out, std::string* error) {
            return write_pfm(out, width, height, values.data(), error);
        });
    }
    SUBCASE("exr") {
        check_fails_at_every_budget([&](ByteSink& out, std::string* error) {
            return write_exr(out, width, height, values.data(), text, error);
        });
    }
    SUBCASE("gif") {
        check_fails_at_every_budget([&](ByteSink& out, std::string* error) { return write_gif(out, gif, error); });
    }
}

TEST_CASE("a failed write through AtomicFile leaves no file behind") {
    TempDir dir;
    const std::string path = dir.file("never.png");
    const std::vector<std::uint8_t> pixels(4, 1);
    {
        AtomicFile file(path);
        REQUIRE(file.open());
        std::string error;
        CHECK_FALSE(write_png8(file, 2, 2, 5, pixels.data(), {}, 1, &error));
        CHECK_FALSE(error.empty());
    }  // destroyed without commit()
    CHECK_FALSE(fs::exists(path));
    CHECK(fs::is_empty(fs::path(path).parent_path()));
}

TEST_CASE("readers report missing and malformed files") {
    TempDir dir;
    std::string error;
    DecodedPng png;
    check_refused(read_png(dir.file("missing.png"), &png, &error), error, "PNG: ");

    const std::string junk = dir.file("junk.bin");
    std::ofstream(junk, std::ios::binary) << "this is not an image at all";
    check_refused(read_png(junk, &png, &error), error, "PNG: ");
    check_refused(read_gif(junk, nullptr, nullptr, nullptr, nullptr, nullptr, &error), error, "GIF: ");
    check_refused(read_exr(junk, nullptr, nullptr, nullptr, nullptr, &error), error, "EXR: ");
}

}  // TEST_SUITE("formats")
