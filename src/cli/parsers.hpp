// gradnoise CLI — the readers of untrusted text, callable on a string: what the commands read from
// files and standard input goes through these, and so do the fuzz targets (fuzz/). Limits on sizes
// and nesting: input_limits.hpp.
#ifndef GRADNOISE_CLI_PARSERS_HPP
#define GRADNOISE_CLI_PARSERS_HPP

#include <string>

#include "options.hpp"

namespace gradnoise::cli {

// One line of `gradnoise eval` input: `dims` coordinates (decimal or hex floats) separated by
// spaces or tabs; blank lines and '#' comments are skipped. bad: *error says what is wrong.
enum class PointLine { skip, point, bad };
PointLine parse_point_line(const std::string& line, int dims, float* xyz, std::string* error);

// `gradnoise bench --compare`, on two reports' texts (labels "A" and "B"): prints the table to
// standard output and returns the exit status, or throws CliError for a report it cannot read.
int compare_report_texts(const std::string& a, const std::string& b);

// A --config file's TOML text applied to the bake subcommand `bake` (from add_bake): the settings
// the command line left unset, through the options' own checks. Throws CliError (exit_usage) naming
// `where` and the setting.
void apply_config_text(CLI::App& bake, const std::string& text, const std::string& where);

}  // namespace gradnoise::cli

#endif
