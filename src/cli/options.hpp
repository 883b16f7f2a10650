// gradnoise CLI — exit codes, errors, and the options every subcommand that makes a field shares
// (--seed, --fade, --hash, the fractal, basis, period, warp and pattern options, --isa), declared
// once on a CLI11 subcommand.
#ifndef GRADNOISE_CLI_OPTIONS_HPP
#define GRADNOISE_CLI_OPTIONS_HPP

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gradnoise/gradnoise.hpp"

namespace CLI {
class App;
}

namespace gradnoise::cli {

inline constexpr int exit_success = 0;
inline constexpr int exit_failure = 1;  // bad input data, I/O errors
inline constexpr int exit_usage = 2;    // bad command line or GRADNOISE_ISA

// Thrown by the subcommands; main() prints "gradnoise <command>: <message>" and exits with code.
class CliError : public std::runtime_error {
public:
    CliError(int exit_code, const std::string& message) : std::runtime_error(message), code_(exit_code) {}
    int exit_code() const noexcept { return code_; }

private:
    int code_;
};

[[noreturn]] void usage_error(const std::string& message);  // exit_usage
[[noreturn]] void fail(const std::string& message);         // exit_failure

// A bad option value found while CLI11 parses (an option callback or a --config file value):
// throws CLI::ValidationError "NAME: MESSAGE", which main() reports with exit_usage.
[[noreturn]] void bad_value(const std::string& name, const std::string& message);

// The noise field options as given, one per parameter of the library's table
// (gradnoise/parameters.hpp): `--octaves` for "octaves", `--warp-strength` for "warp_strength", and
// one `--period` for period_x..period_w. A parameter not given keeps the base field's value (the
// defaults for eval and heightmap, the preset's for bake), so the same declarations serve all three.
struct NoiseOptions {
    // (parameter, text) in the order given; the text has been checked by set_parameter.
    std::vector<std::pair<const Parameter*, std::string>> given;
    bool one_period = false;  // the last --period gave one value for every axis
    enum class IsaChoice { environment, automatic, forced } isa_choice = IsaChoice::environment;
    Isa isa = Isa::scalar;  // with IsaChoice::forced

    // `base` with the options given applied. A pattern named without --pattern-strength gets its
    // recipe's strength (pattern_recipe_strength).
    NoiseDesc desc(const NoiseDesc& base = NoiseDesc{}) const;
    // The first option given ("--octaves"), or empty.
    std::string first_given() const;
    // Applies the ISA choice. An ISA this CPU or build lacks, or a bad GRADNOISE_ISA, is a usage
    // error, never a silent fallback.
    void select_isa() const;
};

// Every ISA's name (isa_name) in Isa's order, joined by `separator`: "scalar, sse2, ..., simd128".
std::string isa_names(const char* separator = ", ");

// "--warp-strength" for "warp_strength"; "--period" for "period_x".
std::string option_name(const Parameter& p);

// Declares the noise options on `app` (group "Noise field"), writing into *options as CLI11
// parses them; a bad value is a CLI11 validation error naming the option and what it accepts.
void add_noise_options(CLI::App& app, NoiseOptions* options);

// The field; parameters outside their ranges are a usage error naming the option.
Noise make_noise(const NoiseDesc& desc);
std::string seed_text(const NoiseDesc& desc);  // "reference", or the seed in decimal
// "--seed S --fade F --hash H [--fractal K --octaves N ...]": the options that reproduce it.
std::string field_text(const NoiseDesc& desc);

// Whole-string parsers (no surrounding spaces). parse_float rejects values out of float range.
std::optional<float> parse_float(std::string_view text);
std::optional<std::uint64_t> parse_u64(std::string_view text);  // decimal or 0x hex

// The shortest decimal text that reads back as the same value (std::to_chars): every float the
// tool prints -- eval's values, file metadata, configurations, JSON -- goes through these.
std::string shortest(float v);
std::string shortest(double v);

}  // namespace gradnoise::cli

#endif
