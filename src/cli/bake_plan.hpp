// gradnoise bake — what a bake will write, checked before it starts: the tile range, the number of
// files and bytes, and whether they fit the free space of the output's file system.
#ifndef GRADNOISE_CLI_BAKE_PLAN_HPP
#define GRADNOISE_CLI_BAKE_PLAN_HPP

#include <cstdint>
#include <optional>
#include <string>

namespace gradnoise::cli {

enum class OutputFormat { png, raw16, exr, pfm, gif };

// --tile-size: the side of a square tile in pixels, as an image side may be.
inline constexpr std::uint32_t max_tile_size = 65536;
// --tiles: indices 0..65535 per axis, and at most 65536 tiles per bake (a 256 x 256 grid: 65536 files and a
// manifest in one directory is already more than most file browsers and engines' importers like).
inline constexpr long max_tile_index = 65535;
inline constexpr std::uint64_t max_tiles = 65536;
// Pixel indices stay exact in float (spec section 6: x = origin + float(i) * step).
inline constexpr std::uint64_t max_pixel_index = std::uint64_t(1) << 24;

struct TileRange {
    long x0 = 0, x1 = 0, y0 = 0, y1 = 0;  // inclusive
    std::uint64_t count() const { return std::uint64_t(x1 - x0 + 1) * std::uint64_t(y1 - y0 + 1); }
};

// "X0..X1,Y0..Y1" with 0 <= X0 <= X1 <= 65535 (and Y), at most max_tiles tiles; else nullopt and *error
// says what is wrong with the value (without the option's name).
std::optional<TileRange> parse_tiles(const std::string& text, std::string* error);
// The tile side: an integer in 1..max_tile_size; else nullopt and *error.
std::optional<std::uint32_t> parse_tile_size(const std::string& text, std::string* error);

// The most bytes one file of this format can take: the exact size of RAW16 and PFM, and for the
// compressed formats (PNG, EXR, GIF) the uncompressed size with the worst-case growth of their coders and
// room for headers and metadata. channels 1 or 3, bits 8 or 16 (PNG); frames: a GIF's.
std::uint64_t file_bytes_at_most(OutputFormat format, std::uint32_t width, std::uint32_t height, int channels,
                                 int bits, int frames);

struct OutputPlan {
    std::uint64_t files = 0;
    std::uint64_t bytes = 0;  // at most
};
// Bakes this large say what they will write before they start (unless --quiet).
inline constexpr std::uint64_t notice_files = 1000;
inline constexpr std::uint64_t notice_bytes = std::uint64_t(1) << 30;
bool worth_a_notice(const OutputPlan& plan);

// "123 bytes", "1.5 KiB", "2.0 GiB", "4.0 TiB".
std::string byte_text(std::uint64_t bytes);

// Bytes an unprivileged process may still write in the file system holding `dir` (statvfs f_bavail *
// f_frsize); nullopt when it cannot be told (no such directory: the write itself then fails, naming it).
std::optional<std::uint64_t> free_bytes(const std::string& dir);
// nullopt when `plan` fits in `free` bytes; else the reason ("writes up to ..."), naming both sizes and `dir`.
std::optional<std::string> disk_space_problem(const OutputPlan& plan, std::uint64_t free, const std::string& dir);
// File entries (inodes) an unprivileged process may still create there (statvfs f_favail); nullopt when
// it cannot be told, or the file system has no fixed number (f_files == 0: btrfs, some network ones).
std::optional<std::uint64_t> free_files(const std::string& dir);
// nullopt when `files` new entries fit in `free`; else the reason ("creates up to ..."), with both numbers.
std::optional<std::string> file_count_problem(std::uint64_t files, std::uint64_t free, const std::string& dir);

}  // namespace gradnoise::cli

#endif
