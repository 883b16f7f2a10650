// gradnoise gpu-check: does this machine's GPU give gradnoise's bits? The known-answer set
// (gradnoise/gpu.hpp), or one field or graph, through OpenGL and Vulkan; per case "exact" or what
// differs; --json for a report; exit 1 on any difference.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "atomic_file.hpp"
#include "commands.hpp"
#include "field_source.hpp"
#include "gradnoise/gpu.hpp"

namespace gradnoise::cli {
namespace {

using Json = nlohmann::ordered_json;

struct CheckSettings {
    NoiseOptions noise;
    std::string api = "both";
    std::size_t points = 2048;
    std::string graph;
    int dims = 0;
    std::string json;
    bool verbose = false;
};

std::string thousands(std::size_t v) {
    std::string s = std::to_string(v);
    for (int at = static_cast<int>(s.size()) - 3; at > 0; at -= 3) s.insert(static_cast<std::size_t>(at), ",");
    return s;
}

const char* api_text(GpuApi api) { return api == GpuApi::opengl ? "OpenGL" : "Vulkan"; }

Json report_json(const std::vector<GpuCheckReport>& reports, const std::string& subject, bool exact) {
    Json j;
    j["gradnoise"] = version_string();
    j["subject"] = subject;
    Json apis = Json::array();
    for (const GpuCheckReport& r : reports) {
        Json a;
        a["api"] = api_text(r.api);
        a["renderer"] = r.renderer;
        a["float_controls"] = r.float_controls;
        a["software"] = r.software;
        a["error"] = r.error;
        a["seconds"] = r.seconds;
        a["exact"] = r.exact();
        Json cases = Json::array();
        for (const GpuCaseResult& c : r.cases) {
            cases.push_back({{"name", c.name},
                             {"exact", c.exact()},
                             {"compared", c.compared},
                             {"differ", c.differ},
                             {"worst_ulps", c.worst_ulps},
                             {"example", c.example},
                             {"error", c.error}});
        }
        a["cases"] = cases;
        apis.push_back(a);
    }
    j["apis"] = apis;
    j["exact"] = exact;
    return j;
}

int run_check(const CheckSettings& s) {
    GpuCheckOptions options;
    options.opengl = s.api != "vulkan";
    options.vulkan = s.api != "opengl";
    options.points = s.points;
    std::vector<GpuCheckReport> reports;
    std::string subject = "the known-answer set: every basis, fade, hash, period, fractal, band limit, warp and pattern, "
                          "in value, gradient and chunk form, and graphs";
    Status st;
    if (!s.graph.empty()) {
        refuse_noise_options_with_graph(s.noise);
        if (s.dims != 0) usage_error("--dims: a graph has its own dimension count (" + s.graph + ")");
        const Graph graph = load_graph_file(s.graph);
        subject = "the graph " + s.graph;
        st = gpu_check(graph, options, &reports);
    } else if (!s.noise.given.empty() || s.dims != 0) {
        const NoiseDesc desc = s.noise.desc();
        (void)make_noise(desc);  // (a usage error naming the option of a bad value)
        subject = "the field " + field_text(desc);
        st = gpu_check(desc, s.dims, options, &reports);
    } else {
        st = gpu_check(options, &reports);
    }
    if (!st) fail(st.message());
    std::printf("gradnoise gpu-check: %s; %s random points per case and the awkward ones (+-0, subnormals, 2^24, 2^31, "
                "+-3e38, NaN, infinity)\n",
                subject.c_str(), thousands(s.points).c_str());
    int opened = 0;
    bool all_exact = true;
    for (const GpuCheckReport& r : reports) {
        if (!r.error.empty()) {
            std::printf("%s: not available: %s\n", api_text(r.api), r.error.c_str());
            // (asked for by name: that is a failure; with both, the other one decides)
            if (s.api != "both") all_exact = false;
            continue;
        }
        ++opened;
        std::printf("%s: %s%s\n  float controls: %s\n", api_text(r.api), r.renderer.c_str(),
                    r.software ? " [a software renderer: this checks Mesa, not a GPU]" : "", r.float_controls.c_str());
        std::size_t exact = 0, differ = 0, not_run = 0, words = 0;
        for (const GpuCaseResult& c : r.cases) {
            words += c.compared;
            if (c.exact()) {
                ++exact;
                if (s.verbose) std::printf("  exact    %s (%s outputs)\n", c.name.c_str(), thousands(c.compared).c_str());
            } else if (!c.error.empty()) {
                ++not_run;
                std::printf("  NOT RUN  %s: %s\n", c.name.c_str(), c.error.c_str());
            } else {
                ++differ;
                std::printf("  DIFFERS  %s: %s of %s outputs, the largest by %lld ulps; %s\n", c.name.c_str(),
                            thousands(c.differ).c_str(), thousands(c.compared).c_str(), static_cast<long long>(c.worst_ulps),
                            c.example.c_str());
            }
        }
        std::printf("  %s: %zu cases exact, %zu differ, %zu not run; %s outputs compared in %.1f s%s\n", api_text(r.api), exact, differ,
                    not_run, thousands(words).c_str(), r.seconds, r.exact() ? ": the CPU's bits" : "");
        all_exact = all_exact && r.exact();
    }
    if (opened == 0) all_exact = false;
    if (!s.json.empty()) {
        const std::string text = report_json(reports, subject, all_exact).dump(2) + "\n";
        if (s.json == "-") {
            std::fwrite(text.data(), 1, text.size(), stdout);
        } else {
            AtomicFile file(s.json);
            if (!file.open() || !file.write(text.data(), text.size()) || !file.commit()) fail(file.error());
        }
    }
    std::fflush(stdout);
    return all_exact ? exit_success : exit_failure;
}

}  // namespace

Run add_gpu_check(CLI::App& app) {
    auto s = std::make_shared<CheckSettings>();
    CLI::App* cmd = add_command(app, "gpu-check", "check that this machine's GPU gives gradnoise's bits (OpenGL and Vulkan)");
    cmd->add_option("--api", s->api, "opengl, vulkan or both (default both)")->check(CLI::IsMember({"opengl", "vulkan", "both"}));
    cmd->add_option("--points", s->points, "random points per case, 1..10000000 (default 2048; the awkward ones are added)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{10000000}));
    cmd->add_option("--graph", s->graph, "check the graph in FILE instead of the known-answer set")->type_name("FILE");
    cmd->add_option("--dims", s->dims, "with noise options: this dimension count only (default: every one the field has)")
        ->type_name("2|3|4")
        ->check(CLI::IsMember({2, 3, 4}));
    cmd->add_option("--json", s->json, "also write the report as JSON to FILE (- for standard output)")->type_name("FILE");
    cmd->add_flag("-v,--verbose", s->verbose, "list every exact case too");
    add_noise_options(*cmd, &s->noise);
    cmd->footer(
        "Runs the generated GLSL (gradnoise shader) on this machine's GPU through OpenGL (EGL, no window)\n"
        "and Vulkan, and compares every output with the CPU's bits: the known-answer set of every field\n"
        "family, form and a few graphs by default, or the field of the noise options or --graph. Exit\n"
        "status 0 when every case is exact, 1 when any differs or does not run (docs/gpu.md).\n"
        "Environment: GRADNOISE_EGL_PLATFORM=device|surfaceless, GRADNOISE_VULKAN_DEVICE=gpu|cpu pick the device.");
    return [s] { return run_check(*s); };
}

}  // namespace gradnoise::cli
