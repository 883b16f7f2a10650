// gradnoise: the command-line tool. Subcommand dispatch, --help and --version.
#include <cstdio>
#include <exception>
#include <new>
#include <string_view>

#include "commands.hpp"

namespace {

using namespace gradnoise::cli;

void print_help(std::FILE* out) {
    std::fprintf(out,
                 "gradnoise %s - bit-exact improved Perlin noise (the same bits on every CPU and ISA)\n"
                 "\n"
                 "Usage: gradnoise <command> [options]\n"
                 "\n"
                 "Commands:\n"
                 "  eval        evaluate noise at points read from standard input, one value per line\n"
                 "  heightmap   write a 2D noise picture as an 8-bit greyscale PNG or PGM\n"
                 "  bake        heightmaps, textures, animations and tile sets from presets (terrain,\n"
                 "              marble, wood, clouds, fire, noise): PNG 8/16-bit/RGB, RAW16, EXR, PFM, GIF\n"
                 "  bench       measure this CPU: samples/s per kernel and ISA, 1 and all threads, against\n"
                 "              the scalar path and stb_perlin; --json reports, --compare two of them\n"
                 "  help [CMD]  show this help, or the options of a command\n"
                 "\n"
                 "Options:\n"
                 "  -h, --help  show this help\n"
                 "  --version   print the version\n"
                 "\n"
                 "Examples:\n"
                 "  printf '0.5 0.25 0.125\\n' | gradnoise eval\n"
                 "  printf '0.5 0.25\\n' | gradnoise eval --dims 2 --format hex --seed 42\n"
                 "  gradnoise eval --isa scalar --print-isa < points.txt > values.txt\n"
                 "  gradnoise heightmap -o terrain.png --size 1024x1024 --scale 16\n"
                 "  gradnoise heightmap -o tile.pgm --origin 100,-20 --fade cubic\n"
                 "  gradnoise bench --quick --json this-machine.json\n"
                 "\n"
                 "Environment: GRADNOISE_ISA=auto|scalar|sse2|avx2|avx512|neon picks the instruction set\n"
                 "when --isa is not given. Exit status: 0 ok, 1 bad input or I/O error, 2 usage error.\n"
                 "Run 'gradnoise <command> --help' for the options of a command.\n",
                 gradnoise::version_string());
}

struct Command {
    const char* name;
    int (*run)(ArgReader&);
    void (*help)(std::FILE*);
};

constexpr Command commands[] = {
    {"eval", run_eval, print_eval_help},
    {"heightmap", run_heightmap, print_heightmap_help},
    {"bench", run_bench, print_bench_help},
#if defined(GRADNOISE_HAVE_BAKE)
    {"bake", run_bake, print_bake_help},
#endif
};

const Command* find_command(std::string_view name) {
    for (const Command& c : commands) {
        if (name == c.name) {
            return &c;
        }
    }
    return nullptr;
}

int unknown_command(std::string_view name) {
    std::fprintf(stderr, "gradnoise: unknown command '%.*s' (commands: eval, heightmap, bake, bench; see 'gradnoise --help')\n",
                 static_cast<int>(name.size()), name.data());
    return exit_usage;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        print_help(stderr);
        return exit_usage;
    }
    const std::string_view first = argv[1];
    if (first == "--help" || first == "-h" || first == "help") {
        if (first == "help" && argc > 2) {
            const Command* c = find_command(argv[2]);
            if (c == nullptr) {
                return unknown_command(argv[2]);
            }
            c->help(stdout);
        } else {
            print_help(stdout);
        }
        return exit_success;
    }
    if (first == "--version") {
        std::printf("gradnoise %s\n", gradnoise::version_string());
        return exit_success;
    }
    const Command* command = find_command(first);
    if (command == nullptr) {
        return unknown_command(first);
    }
    try {
        ArgReader args(command->name, argc - 2, argv + 2);
        return command->run(args);
    } catch (const CliError& e) {
        std::fprintf(stderr, "gradnoise %s: %s\n", command->name, e.what());
        return e.exit_code();
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "gradnoise %s: out of memory\n", command->name);
        return exit_failure;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "gradnoise %s: %s\n", command->name, e.what());
        return exit_failure;
    }
}
