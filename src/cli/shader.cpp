// gradnoise shader: the GLSL of a field (gradnoise/shader.hpp), to standard output or a file.
#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "atomic_file.hpp"
#include "commands.hpp"
#include "field_source.hpp"
#include "gradnoise/shader.hpp"

namespace gradnoise::cli {
namespace {

struct ShaderSettings {
    NoiseOptions noise;
    int dims = 0;  // --dims; unset: the graph's, else 3
    std::string graph;
    bool gradient = false;
    std::string name = "gn_field";
    std::string output;
};

int run_shader(const ShaderSettings& s) {
    ShaderOptions options;
    options.dimensions = s.dims == 0 ? 3 : s.dims;
    options.function_name = s.name.c_str();
    options.gradient = s.gradient;
    std::string source;
    if (!s.graph.empty()) {
        refuse_noise_options_with_graph(s.noise);
        const Graph graph = load_graph_file(s.graph);
        if (s.dims != 0 && s.dims != graph.dimensions()) {
            usage_error("--graph " + s.graph + " has " + std::to_string(graph.dimensions()) +
                        " dimensions; --dims is " + std::to_string(s.dims) + " (give --dims " +
                        std::to_string(graph.dimensions()) + ")");
        }
        options.dimensions = graph.dimensions();
        std::string error;
        if (Status st = shader_source(graph, options, &source, &error); !st) {
            fail(error.empty() ? std::string(st.message()) : error);
        }
    } else if (Status st = shader_source(s.noise.desc(), options, &source); !st) {
        fail(st.message());
    }
    if (s.output.empty()) {
        std::fwrite(source.data(), 1, source.size(), stdout);
        return std::fflush(stdout) == 0 ? 0 : 1;
    }
    AtomicFile file(s.output);
    if (!file.open() || !file.write(source.data(), source.size()) || !file.commit()) {
        fail(file.error());
    }
    return 0;
}

}  // namespace

Run add_shader(CLI::App& app) {
    auto s = std::make_shared<ShaderSettings>();
    CLI::App* cmd = add_command(app, "shader", "write the GLSL of a field: the CPU's values on the GPU, bit for bit");
    cmd->add_option("--dims", s->dims,
                    "the function's coordinates: 2 (vec2), 3 (vec3; default) or 4 (vec4); with --graph, the graph's")
        ->type_name("2|3|4")
        ->check(CLI::IsMember({2, 3, 4}));
    cmd->add_flag("--gradient", s->gradient, "also write NAME_gradient(p, out d): the value and its gradient");
    cmd->add_option("--graph", s->graph, "write the graph in FILE (docs/graphs.md) instead of a field of the noise options")
        ->type_name("FILE");
    cmd->add_option("--name", s->name, "the GLSL function's name (default gn_field); its helpers are named after it")
        ->type_name("NAME");
    cmd->add_option("-o,--output", s->output, "write to FILE (replaced atomically) instead of standard output")
        ->type_name("FILE");
    add_noise_options(*cmd, &s->noise);
    cmd->footer(help_footer(
        "Writes GLSL 4.30 (docs/gpu.md): constants, helpers and float NAME(vec2|vec3|vec4 p), which returns\n"
        "what 'gradnoise eval' prints for the same field and point, bit for bit (every float expression\n"
        "precise, hashes in uint); with --gradient also NAME_gradient; and NAME_octaves for chunks. Covers\n"
        "every basis with its fades, hashes, seeds, periods, fractals, warps and patterns, in 2D, 3D and\n"
        "4D, and graphs (--graph: 'gradnoise eval --graph' prints the same values).",
        {"gradnoise shader --dims 2 --seed 7 > noise.glsl",
         "gradnoise shader --basis classic --period 8,8,8 --name clouds -o clouds.glsl",
         "gradnoise shader --dims 2 --fractal fbm --octaves 8 --gradient --name terrain",
         "gradnoise shader --graph examples/graphs/continent.json --gradient -o continent.glsl"}));
    return [s] { return run_shader(*s); };
}

}  // namespace gradnoise::cli
