// Fuzz target: a --config file (TOML) applied to `gradnoise bake`'s options, as the tool does. A
// setting it cannot take must be refused with CliError; any other exception, crash, or undefined
// behaviour is a bug.
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "parsers.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    CLI::App app;
    (void)gradnoise::cli::add_bake(app);
    CLI::App* bake = app.get_subcommand("bake");
    try {
        gradnoise::cli::apply_config_text(*bake, text, "--config fuzz.toml");
    } catch (const gradnoise::cli::CliError&) {
    }
    return 0;
}
