// gradnoise CLI — reading files and lines nobody vouches for (a --config, a --compare report, a tile
// manifest or journal, standard input): a size limit checked before anything is parsed, and JSON
// nesting bounded, so a hostile or broken file gets a message naming the limit, never an exhausted
// memory or stack.
#ifndef GRADNOISE_CLI_INPUT_LIMITS_HPP
#define GRADNOISE_CLI_INPUT_LIMITS_HPP

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace gradnoise::cli {

// A --config file: a few dozen settings; 1 MiB is a thousand times more.
inline constexpr std::uint64_t max_config_bytes = std::uint64_t(1) << 20;
// A bench report (--compare): tens of kilobytes for every kernel and ISA.
inline constexpr std::uint64_t max_report_bytes = std::uint64_t(16) << 20;
// A tile manifest or journal: at most 65536 tiles of ~200 bytes each.
inline constexpr std::uint64_t max_manifest_bytes = std::uint64_t(64) << 20;
// Objects and arrays inside one another: the files above nest 3 or 4 deep.
inline constexpr int max_json_depth = 64;
// One line of `gradnoise eval` input (four coordinates, whatever the spacing).
inline constexpr std::size_t max_point_line_bytes = 65536;
// Stops of a colour ramp (--ramp).
inline constexpr std::size_t max_ramp_stops = 256;

// The whole of `path` in *text when it holds at most `limit` bytes (checked while reading, so pipes
// and devices are bounded too). Else false and *error: "PATH: larger than LIMIT, the most a WHAT may
// be" or the system's reason.
bool read_bounded_file(const std::string& path, std::uint64_t limit, const char* what, std::string* text,
                       std::string* error);

// JSON text with its nesting at most max_json_depth deep; else nullopt and *error (the parser's
// position, or the depth). Parsing is iterative and a too-deep document is discarded as it is read.
std::optional<nlohmann::json> parse_bounded_json(const std::string& text, std::string* error);

}  // namespace gradnoise::cli

#endif
