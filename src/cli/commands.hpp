// gradnoise CLI — the subcommands. Each returns the exit status or throws CliError.
#ifndef GRADNOISE_CLI_COMMANDS_HPP
#define GRADNOISE_CLI_COMMANDS_HPP

#include <cstdio>

#include "options.hpp"

namespace gradnoise::cli {

int run_eval(ArgReader& args);
void print_eval_help(std::FILE* out);

int run_heightmap(ArgReader& args);
void print_heightmap_help(std::FILE* out);

int run_bake(ArgReader& args);
void print_bake_help(std::FILE* out);

int run_bench(ArgReader& args);
void print_bench_help(std::FILE* out);

}  // namespace gradnoise::cli

#endif
