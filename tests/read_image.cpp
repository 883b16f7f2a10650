// Test helper for tests/bake_test.sh: decodes a PNG, EXR or GIF with the same libraries that wrote
// it and prints what a test needs to check.
//   read_image FILE [X Y ...]
//   read_image FILE all          (every pixel, row by row from the top)
// PNG: "png W H CHANNELS BITS", then per requested pixel its samples, then "text KEY" lines.
// EXR: "exr W H", then per pixel the float (%a). GIF: "gif W H FRAMES LOOP", then first-frame indices.
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "formats.hpp"

using namespace gradnoise::cli;

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: read_image FILE [X Y ...]\n");
        return 2;
    }
    std::string path = argv[1], error;
    std::string ext = path.substr(path.find_last_of('.') + 1);
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));  // a.PNG
    std::vector<std::pair<unsigned, unsigned>> at;
    const bool all = argc == 3 && std::string(argv[2]) == "all";
    for (int i = 2; !all && i + 1 < argc; i += 2) {
        at.emplace_back(static_cast<unsigned>(std::atoi(argv[i])), static_cast<unsigned>(std::atoi(argv[i + 1])));
    }
    auto every_pixel = [&](std::uint32_t w, std::uint32_t h) {
        if (all) {
            for (std::uint32_t y = 0; y < h; ++y) {
                for (std::uint32_t x = 0; x < w; ++x) {
                    at.emplace_back(x, y);
                }
            }
        }
    };
    if (ext == "png") {
        DecodedPng png;
        if (!read_png(path, &png, &error)) {
            std::fprintf(stderr, "%s\n", error.c_str());
            return 1;
        }
        std::printf("png %u %u %d %d\n", png.width, png.height, png.channels, png.bit_depth);
        every_pixel(png.width, png.height);
        for (auto [x, y] : at) {
            for (int c = 0; c < png.channels; ++c) {
                std::printf("%s%u", c ? " " : "", png.samples[(std::size_t(y) * png.width + x) * png.channels + c]);
            }
            std::printf("\n");
        }
        for (const PngText& t : png.text) {
            std::printf("text %s %s\n", t.keyword.c_str(), t.text.c_str());
        }
    } else if (ext == "exr") {
        std::uint32_t w = 0, h = 0;
        std::vector<float> v;
        if (!read_exr(path, &w, &h, &v, nullptr, &error)) {
            std::fprintf(stderr, "%s\n", error.c_str());
            return 1;
        }
        std::printf("exr %u %u\n", w, h);
        every_pixel(w, h);
        for (auto [x, y] : at) {
            std::printf("%a\n", static_cast<double>(v[std::size_t(y) * w + x]));
        }
    } else if (ext == "gif") {
        std::uint32_t w = 0, h = 0;
        int frames = 0;
        bool loops = false;
        std::vector<std::uint8_t> first;
        if (!read_gif(path, &w, &h, &frames, &first, &loops, &error)) {
            std::fprintf(stderr, "%s\n", error.c_str());
            return 1;
        }
        std::printf("gif %u %u %d %d\n", w, h, frames, loops ? 1 : 0);
        every_pixel(w, h);
        for (auto [x, y] : at) {
            std::printf("%u\n", first[std::size_t(y) * w + x]);
        }
    } else {
        std::fprintf(stderr, "read_image: unknown extension '%s'\n", ext.c_str());
        return 2;
    }
    return 0;
}
