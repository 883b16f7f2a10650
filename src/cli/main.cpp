// gradnoise: the command-line tool. One CLI11 App: the subcommands, --help, help CMD and --version.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <map>
#include <new>
#include <string>

#include "commands.hpp"

namespace {

using namespace gradnoise::cli;

const char* const examples =
    "Examples:\n"
    "  printf '0.5 0.25 0.125\\n' | gradnoise eval\n"
    "  printf '0.5 0.25\\n' | gradnoise eval --dims 2 --format hex --seed 42\n"
    "  gradnoise eval --isa scalar --print-isa < points.txt > values.txt\n"
    "  gradnoise heightmap -o terrain.png --size 1024x1024 --scale 16\n"
    "  gradnoise heightmap -o tile.pgm --origin 100,-20 --fade cubic\n"
    "  gradnoise bake terrain --grey --depth 16 --size 4096x4096 -o height.png\n"
    "  gradnoise bench --quick --json this-machine.json\n"
    "  gradnoise shader --dims 2 --seed 7 > noise.glsl\n"
    "  gradnoise gpu-check --json gpu.json\n"
    "\n"
    "Environment: GRADNOISE_ISA=NAME (a name --isa takes) picks the instruction set\n"
    "when --isa is not given. Exit status: 0 ok, 1 bad input or I/O error, 2 usage error.\n"
    "Run 'gradnoise <command> --help' for the options of a command.";

std::string top_help(const CLI::App& app) {
    // The formatter directly: App::help() would describe the subcommand parsed (e.g. "help").
    return app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal);
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{std::string("gradnoise ") + gradnoise::version_string() +
                     " - bit-exact improved Perlin noise (the same bits on every CPU and ISA)",
                 "gradnoise"};
    app.get_formatter()->column_width(30);
    app.set_help_flag("-h,--help", "show this help");
    bool version = false;
    app.add_flag("--version", version, "print the version");
    app.footer(examples);

    std::map<const CLI::App*, Run> commands;
    const auto add = [&](Run (*make)(CLI::App&)) {
        const std::size_t before = app.get_subcommands({}).size();
        Run run = make(app);
        commands[app.get_subcommands({}).at(before)] = std::move(run);
    };
    add(add_eval);
    add(add_heightmap);
#if defined(GRADNOISE_HAVE_BAKE)
    add(add_bake);
#endif
    add(add_bench);
    add(add_shader);
#if defined(GRADNOISE_HAVE_BAKE)
    add(add_verify);
#endif
#if defined(GRADNOISE_HAVE_GPU)
    add(add_gpu_check);
#endif
    CLI::App* help = app.add_subcommand("help", "show this help, or the options of a command");
    std::string topic;
    help->add_option("command", topic, "a command")->type_name("COMMAND");

    std::string commands_list;
    for (const CLI::App* sub : app.get_subcommands({})) {
        if (sub != help) {
            commands_list += (commands_list.empty() ? "" : ", ") + sub->get_name();
        }
    }
    const CLI::App* command = nullptr;
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        std::fputs(app.help().c_str(), stdout);  // the help of the command asked about
        return exit_success;
    } catch (const CLI::ParseError& e) {
        const std::vector<CLI::App*> parsed = app.get_subcommands();
        if (parsed.empty()) {
            if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr && argc > 1 && argv[1][0] != '-') {
                std::fprintf(stderr, "gradnoise: unknown command '%s' (commands: %s; see 'gradnoise --help')\n",
                             argv[1], commands_list.c_str());
            } else {
                std::fprintf(stderr, "gradnoise: %s (see 'gradnoise --help')\n", e.what());
            }
            return exit_usage;
        }
        const std::string name = parsed.back()->get_name();
        // Our own value checks say what is wrong already; CLI11's other messages get a pointer to the help.
        const bool ours = dynamic_cast<const CLI::ValidationError*>(&e) != nullptr;
        std::fprintf(stderr, "gradnoise %s: %s%s\n", name.c_str(), e.what(),
                     ours ? "" : (" (see 'gradnoise " + name + " --help')").c_str());
        return exit_usage;
    } catch (const CliError& e) {  // thrown by an option's callback
        const std::vector<CLI::App*> parsed = app.get_subcommands();
        std::fprintf(stderr, "gradnoise%s%s: %s\n", parsed.empty() ? "" : " ",
                     parsed.empty() ? "" : parsed.back()->get_name().c_str(), e.what());
        return e.exit_code();
    }

    if (version) {
        std::printf("gradnoise %s\n", gradnoise::version_string());
        return exit_success;
    }
    const std::vector<CLI::App*> parsed = app.get_subcommands();
    if (parsed.empty()) {
        std::fputs(top_help(app).c_str(), stderr);
        return exit_usage;
    }
    command = parsed.front();
    if (command == help) {
        if (topic.empty() && parsed.size() > 1) {
            topic = parsed[1]->get_name();  // CLI11 parses "help bake" as the help command, then bake
        }
        if (topic.empty()) {
            std::fputs(top_help(app).c_str(), stdout);
            return exit_success;
        }
        for (const auto& [sub, run] : commands) {
            if (sub->get_name() == topic) {
                std::fputs(sub->help("gradnoise").c_str(), stdout);
                return exit_success;
            }
        }
        std::fprintf(stderr, "gradnoise: unknown command '%s' (commands: %s; see 'gradnoise --help')\n", topic.c_str(),
                     commands_list.c_str());
        return exit_usage;
    }
    const std::string name = command->get_name();
    try {
        return commands.at(command)();
    } catch (const CliError& e) {
        std::fprintf(stderr, "gradnoise %s: %s\n", name.c_str(), e.what());
        return e.exit_code();
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "gradnoise %s: out of memory\n", name.c_str());
        return exit_failure;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "gradnoise %s: %s\n", name.c_str(), e.what());
        return exit_failure;
    }
}
