#include "bake_plan.hpp"

#include <sys/statvfs.h>

#include <charconv>
#include <cstdio>
#include <string_view>
#include <system_error>

namespace gradnoise::cli {
namespace {

// A whole decimal number in [0, max]; nullopt otherwise (also for signs, spaces, overflow).
std::optional<std::uint64_t> whole_number(std::string_view text, std::uint64_t max) {
    std::uint64_t v = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (text.empty() || ec != std::errc() || ptr != end || v > max) {
        return std::nullopt;
    }
    return v;
}

// "A..B" -> (A, B), each a whole number; nullopt when malformed (range checks are the caller's).
std::optional<std::pair<std::uint64_t, std::uint64_t>> index_range(std::string_view text) {
    const std::size_t dots = text.find("..");
    if (dots == std::string_view::npos) {
        return std::nullopt;
    }
    constexpr std::uint64_t any = ~std::uint64_t(0);
    auto a = whole_number(text.substr(0, dots), any), b = whole_number(text.substr(dots + 2), any);
    if (!a || !b) {
        return std::nullopt;
    }
    return std::pair{*a, *b};
}

}  // namespace

std::optional<TileRange> parse_tiles(const std::string& text, std::string* error) {
    const std::string quoted = "'" + text + "'";
    const std::size_t comma = text.find(',');
    std::optional<std::pair<std::uint64_t, std::uint64_t>> x, y;
    if (comma != std::string::npos) {
        x = index_range(std::string_view(text).substr(0, comma));
        y = index_range(std::string_view(text).substr(comma + 1));
    }
    if (!x || !y) {
        *error = quoted + " is not X0..X1,Y0..Y1 (inclusive tile indices, e.g. 0..3,0..1)";
        return std::nullopt;
    }
    if (x->second > std::uint64_t(max_tile_index) || y->second > std::uint64_t(max_tile_index) ||
        x->first > std::uint64_t(max_tile_index) || y->first > std::uint64_t(max_tile_index)) {
        *error = quoted + ": tile indices must be in 0.." + std::to_string(max_tile_index);
        return std::nullopt;
    }
    if (x->second < x->first || y->second < y->first) {
        *error = quoted + ": each range runs from the lower index to the higher (X0 <= X1, Y0 <= Y1)";
        return std::nullopt;
    }
    TileRange r{long(x->first), long(x->second), long(y->first), long(y->second)};
    if (r.count() > max_tiles) {
        *error = quoted + " is " + std::to_string(r.count()) + " tiles (" + std::to_string(r.x1 - r.x0 + 1) + " x " +
                 std::to_string(r.y1 - r.y0 + 1) + "); one bake writes at most " + std::to_string(max_tiles) +
                 " tiles (e.g. 0..255,0..255): use a larger --tile-size, or bake the range in parts";
        return std::nullopt;
    }
    return r;
}

std::optional<std::uint32_t> parse_tile_size(const std::string& text, std::string* error) {
    auto v = whole_number(text, max_tile_size);
    if (!v || *v < 1) {
        *error = "'" + text + "' is not an integer in 1.." + std::to_string(max_tile_size) +
                 " (the side of a square tile in pixels)";
        return std::nullopt;
    }
    return static_cast<std::uint32_t>(*v);
}

std::uint64_t file_bytes_at_most(OutputFormat format, std::uint32_t width, std::uint32_t height, int channels,
                                 int bits, int frames) {
    const std::uint64_t pixels = std::uint64_t(width) * height;
    constexpr std::uint64_t headers = 4096;  // signatures, headers, the configuration text, trailers
    switch (format) {
        case OutputFormat::raw16: return pixels * 2;
        case OutputFormat::pfm: return pixels * 4 + 32;  // "Pf\n<w> <h>\n-1.0\n"
        case OutputFormat::png: {
            // Rows with their filter byte; deflate grows incompressible data by at most 5 bytes per stored block
            // of 16 KiB or more, and each IDAT chunk adds 12.
            const std::uint64_t raw = std::uint64_t(height) * (std::uint64_t(width) * channels * (bits / 8) + 1);
            return raw + raw / 1024 + headers;
        }
        case OutputFormat::exr: {
            // float32 scanlines in ZIP blocks of 16 lines, each with an 8-byte offset and its own header.
            const std::uint64_t raw = pixels * 4;
            return raw + raw / 1024 + (std::uint64_t(height) / 16 + 1) * 16 + headers;
        }
        case OutputFormat::gif: {
            // LZW codes of at most 12 bits per 8-bit index, in 255-byte sub-blocks.
            const std::uint64_t lzw = pixels + pixels / 2;
            return std::uint64_t(frames) * (lzw + lzw / 255 + 64) + headers;
        }
    }
    return 0;
}

bool worth_a_notice(const OutputPlan& plan) { return plan.files > notice_files || plan.bytes > notice_bytes; }

std::string byte_text(std::uint64_t bytes) {
    if (bytes < 1024) {
        return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
    }
    const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = static_cast<double>(bytes) / 1024.0;
    int unit = 0;
    while (v >= 1024.0 && unit < 5) {
        v /= 1024.0;
        ++unit;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %s", v, units[unit]);
    return buf;
}

std::optional<std::uint64_t> free_bytes(const std::string& dir) {
    struct statvfs fs {};
    if (::statvfs(dir.c_str(), &fs) != 0) {
        return std::nullopt;
    }
    return std::uint64_t(fs.f_bavail) * std::uint64_t(fs.f_frsize);
}

std::optional<std::string> disk_space_problem(const OutputPlan& plan, std::uint64_t free, const std::string& dir) {
    if (plan.bytes <= free) {
        return std::nullopt;
    }
    return "writes up to " + byte_text(plan.bytes) + " (" + std::to_string(plan.files) +
           (plan.files == 1 ? " file" : " files") + "), but " + dir + " has " + byte_text(free) +
           " free: write it elsewhere, or bake fewer or smaller pictures";
}

std::optional<std::uint64_t> free_files(const std::string& dir) {
    struct statvfs fs {};
    if (::statvfs(dir.c_str(), &fs) != 0 || fs.f_files == 0) {
        return std::nullopt;
    }
    return std::uint64_t(fs.f_favail);
}

std::optional<std::string> file_count_problem(std::uint64_t files, std::uint64_t free, const std::string& dir) {
    if (files <= free) {
        return std::nullopt;
    }
    return "creates up to " + std::to_string(files) + " files, but " + dir + " can hold only " + std::to_string(free) +
           " more (free inodes): write it elsewhere, or bake fewer, larger tiles";
}

}  // namespace gradnoise::cli
