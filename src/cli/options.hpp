// gradnoise CLI — argument reading and the options every subcommand shares (--seed, --fade, --isa).
#ifndef GRADNOISE_CLI_OPTIONS_HPP
#define GRADNOISE_CLI_OPTIONS_HPP

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "gradnoise/gradnoise.hpp"

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

// Walks the arguments after the subcommand name. A valued option is "--opt VALUE" or "--opt=VALUE".
class ArgReader {
public:
    ArgReader(const char* command, int argc, char** argv) : command_(command), argc_(argc), argv_(argv) {}

    bool done() const noexcept { return index_ >= argc_; }
    // The arguments not consumed yet (for subcommands with their own parser).
    int argc() const noexcept { return argc_ - index_; }
    char** argv() const noexcept { return argv_ + index_; }
    // Consumes the current argument if it is the flag `name`.
    bool flag(std::string_view name);
    // Consumes the current argument (and its value) if it is the option `name`; a missing
    // value is a usage error.
    bool option(std::string_view name, std::string_view* value);
    // Consumes "--opt A B" (two values) if the current argument is `name`.
    bool option_pair(std::string_view name, std::string_view* first, std::string_view* second);
    // Throws the usage error for the current argument, which no option matched.
    [[noreturn]] void unknown() const;

private:
    const char* command_;
    int argc_;
    char** argv_;
    int index_ = 0;
};

// The noise field and the instruction-set choice.
struct NoiseOptions {
    std::optional<std::uint64_t> seed;  // empty: Ken Perlin's reference permutation
    Fade fade = Fade::quintic;
    Hash hash = Hash::permutation;
    FractalParams fractal;  // kind none: the base noise
    Basis basis = Basis::perlin;
    int period[4] = {0, 0, 0, 0};
    WarpParams warp;
    PatternParams pattern;
    bool pattern_strength_set = false;  // else the recipe's: marble 4, wood 0.2
    enum class IsaChoice { environment, automatic, forced } isa_choice = IsaChoice::environment;
    Isa isa = Isa::scalar;  // with IsaChoice::forced

    // Consumes --seed, --fade, --hash, --isa, a fractal option (--fractal, --octaves,
    // --frequency, --lacunarity, --persistence), --basis, --period, a warp option (--warp,
    // --warp-strength, --warp-frequency) or a pattern option (--pattern, --pattern-frequency,
    // --pattern-strength) at the reader's position; false if it is none.
    bool parse(ArgReader& args);
    // Applies the ISA choice. An ISA this CPU or build lacks, or a bad GRADNOISE_ISA, is a usage
    // error, never a silent fallback.
    void select_isa() const;
    NoiseDesc desc() const;
    // The field; parameters outside their ranges are a usage error naming them.
    Noise make_noise() const;
    std::string seed_text() const;  // "reference", or the seed in decimal
    // "--seed S --fade F --hash H [--fractal K --octaves N ...]": the options that reproduce it.
    std::string field_text() const;
};

// Help lines for --seed, --fade, --hash and --isa.
extern const char* const noise_options_help;

// Whole-string parsers (no surrounding spaces). parse_float rejects values out of float range.
std::optional<float> parse_float(std::string_view text);
std::optional<std::uint64_t> parse_u64(std::string_view text);  // decimal or 0x hex

}  // namespace gradnoise::cli

#endif
