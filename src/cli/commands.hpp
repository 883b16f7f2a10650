// gradnoise CLI — the subcommands. Each add_* declares its CLI11 subcommand and options on the
// tool's App; the returned function runs the command once CLI11 has parsed the command line, and
// returns the exit status or throws CliError.
#ifndef GRADNOISE_CLI_COMMANDS_HPP
#define GRADNOISE_CLI_COMMANDS_HPP

#include <functional>
#include <initializer_list>
#include <string>

#include "options.hpp"

namespace gradnoise::cli {

using Run = std::function<int()>;

Run add_eval(CLI::App& app);
Run add_heightmap(CLI::App& app);
Run add_bench(CLI::App& app);
Run add_shader(CLI::App& app);
Run add_bake(CLI::App& app);       // builds with GRADNOISE_BUILD_BAKE only
Run add_gpu_check(CLI::App& app);  // builds with gradnoise_gpu only
Run add_verify(CLI::App& app);     // builds with GRADNOISE_BUILD_BAKE only (OpenSSL's SHA-256)

// The settings every subcommand starts from: options given twice take the last value (as they
// always have), and the help column is wide enough for "--pattern-frequency F".
CLI::App* add_command(CLI::App& app, const char* name, const char* summary);

// A subcommand's help footer: `about` (what it does, at more length than its summary; none when
// empty), then "Examples:" and the examples, one a line, indented by two spaces.
inline std::string help_footer(const std::string& about, std::initializer_list<const char*> examples) {
    std::string text = about.empty() ? "Examples:" : about + "\n\nExamples:";
    for (const char* example : examples) {
        text += std::string("\n  ") + example;
    }
    return text;
}

}  // namespace gradnoise::cli

#endif
