// The check (check.hpp, gradnoise/gpu.hpp): cases batched into programs, run, every word compared.
#include "gpu/check.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

namespace gradnoise::gpu {
namespace {

std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08X", static_cast<unsigned>(v));
    return buf;
}

std::string float_text(std::uint32_t v) {
    float f;
    std::memcpy(&f, &v, sizeof f);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(f));
    return buf;
}

// Compares one case's output with the CPU's: counts, the largest distance, the first difference.
void compare(const Case& c, const Prepared& p, const std::vector<std::uint32_t>& gpu, GpuCaseResult* r) {
    r->compared = p.expected.size();
    for (std::size_t k = 0; k < p.expected.size(); ++k) {
        if (p.expected[k] == gpu[k]) continue;
        const std::int64_t d = ulps_between(p.expected[k], gpu[k]);
        r->worst_ulps = d > r->worst_ulps ? d : r->worst_ulps;
        if (r->differ++ == 0) {
            const std::size_t item = k / p.per_item;
            std::string where = "item " + std::to_string(item);
            if (c.form != Form::chunk) {
                where = "(";
                for (int a = 0; a < c.dims; ++a) {
                    where += (a ? ", " : "") + float_text(p.payload[item * static_cast<std::size_t>(c.dims) + static_cast<std::size_t>(a)]);
                }
                where += ")";
            }
            r->example = "at " + where + ", output " + std::to_string(k % p.per_item) + ": the CPU gives " +
                         float_text(p.expected[k]) + " (" + hex(p.expected[k]) + "), the GPU " + float_text(gpu[k]) + " (" +
                         hex(gpu[k]) + ")";
        }
    }
}

// The cases of one subject and dimension count: one text (named gn_g<index>) for all their forms.
struct Group {
    std::size_t first = 0, last = 0;
    bool gradient = false;
};

// A program of the groups `members`: each group's text once, each case's run function gn_c<k>_run,
// and main's switch on parameter 1 (the case).
struct Program {
    std::string functions, body;
};
Program program_text(const std::vector<Prepared>& prepared, const std::vector<Group>& groups, const std::vector<std::size_t>& members,
                     const std::vector<GpuCaseResult>& results) {
    Program b;
    b.body = "    switch (data[1]) {\n";
    for (const std::size_t g : members) {
        bool text = false;
        for (std::size_t k = groups[g].first; k < groups[g].last; ++k) {
            if (!results[k].error.empty()) continue;
            if (!text) b.functions += prepared[k].functions;
            text = true;
            const std::string run = "gn_c" + std::to_string(k) + "_run";
            b.functions += "void " + run + "(uint i) {\n" + prepared[k].run_body + "}\n";
            b.body += "        case " + std::to_string(k) + "u: " + run + "(i); break;\n";
        }
    }
    b.body += "    }\n";
    return b;
}

bool trace() { return std::getenv("GRADNOISE_GPU_TRACE") != nullptr; }  // (which programs a driver takes long over)

}  // namespace

std::int64_t ulps_between(std::uint32_t a, std::uint32_t b) {
    auto ordered = [](std::uint32_t v) {
        const std::int64_t m = v & 0x7FFFFFFFu;
        return (v & 0x80000000u) ? -m : m;
    };
    const std::int64_t d = ordered(a) - ordered(b);
    return d < 0 ? -d : d;
}

std::vector<GpuCaseResult> run_cases(Device& device, const std::vector<Case>& cases, const RunOptions& options) {
    std::vector<GpuCaseResult> results(cases.size());
    std::vector<Prepared> prepared(cases.size());
    std::vector<Group> groups;
    for (std::size_t k = 0; k < cases.size(); ++k) {
        const bool same = k > 0 && cases[k].dims == cases[k - 1].dims && cases[k].subject.name == cases[k - 1].subject.name &&
                          cases[k].subject.graph == cases[k - 1].subject.graph;
        if (!same) groups.push_back({k, k, false});
        groups.back().last = k + 1;
        groups.back().gradient = groups.back().gradient || needs_gradient(cases[k]);
    }
    for (std::size_t g = 0; g < groups.size(); ++g) {
        for (std::size_t k = groups[g].first; k < groups[g].last; ++k) {
            results[k].name = cases[k].name();
            prepared[k] = prepare(cases[k], "gn_g" + std::to_string(g), options.random, groups[g].gradient);
            if (!prepared[k].error.empty()) {
                results[k].error = "not prepared: " + prepared[k].error;
            } else if (prepared[k].binary64 && !device.float64()) {
                results[k].error = "not run: the device has no binary64 (K.jpg's simplex variant needs it)";
            }
        }
    }
    auto run_one = [&](std::size_t k, int program) {
        const Prepared& p = prepared[k];
        for (std::size_t pass = 0; pass < options.passes; ++pass) {
            std::vector<std::uint32_t> input(parameter_words + p.payload.size());
            input[1] = static_cast<std::uint32_t>(k);
            input[pass_word] = static_cast<std::uint32_t>(pass);
            std::copy(p.payload.begin(), p.payload.end(), input.begin() + parameter_words);
            // (filled with a pattern no case writes, so an output the program never wrote differs)
            std::vector<std::uint32_t> gpu(p.items * p.per_item, 0xDEADBEEFu);
            std::string error;
            const auto t0 = std::chrono::steady_clock::now();
            const bool ran = device.run(program, input, p.items, gpu.data(), gpu.size(), &error);
            if (trace()) {
                std::fprintf(stderr, "gradnoise_gpu: %s: ran [%s] pass %zu in %.2f s (a first run includes a lazy compile)\n",
                             api_name(device.api()), results[k].name.c_str(), pass,
                             std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            }
            if (!ran) {
                results[k].error = error;
                return;
            }
            GpuCaseResult one;
            compare(cases[k], p, gpu, &one);
            GpuCaseResult& r = results[k];
            if (r.differ == 0 && one.differ != 0) {
                r.example = one.example + (options.passes > 1 ? " (run " + std::to_string(pass) + ")" : std::string());
            }
            r.compared += one.compared;
            r.differ += one.differ;
            r.worst_ulps = one.worst_ulps > r.worst_ulps ? one.worst_ulps : r.worst_ulps;
        }
    };
    auto run_groups = [&](const std::vector<std::size_t>& members, int program) {
        for (const std::size_t g : members) {
            for (std::size_t k = groups[g].first; k < groups[g].last; ++k) {
                if (results[k].error.empty()) run_one(k, program);
            }
        }
    };
    auto fail_group = [&](std::size_t g, const std::string& error) {
        for (std::size_t k = groups[g].first; k < groups[g].last; ++k) {
            if (results[k].error.empty()) results[k].error = error;
        }
    };
    // Software renderers compile one field at a time (LLVM's time grows faster than the program); GPU
    // drivers take several fields to a program, so the compiles stay few.
    const std::size_t batch = options.batch != 0 ? options.batch : device.software() ? 1 : 4;
    for (std::size_t first = 0; first < groups.size(); first += batch) {
        std::vector<std::size_t> members;
        for (std::size_t g = first; g < groups.size() && g < first + batch; ++g) {
            bool any = false;
            for (std::size_t k = groups[g].first; k < groups[g].last; ++k) any = any || results[k].error.empty();
            if (any) members.push_back(g);
        }
        if (members.empty()) continue;
        const Program text = program_text(prepared, groups, members, results);
        std::string error;
        const auto t0 = std::chrono::steady_clock::now();
        const int program = device.compile(options.prefix, text.functions, text.body, &error);
        if (trace()) {
            std::fprintf(stderr, "gradnoise_gpu: %s: compiled %zu fields in %.2f s, from [%s]\n", api_name(device.api()), members.size(),
                         std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
                         results[groups[members[0]].first].name.c_str());
        }
        if (program >= 0) {
            run_groups(members, program);
            device.release(program);
            continue;
        }
        if (members.size() == 1) {
            fail_group(members[0], error);
            continue;
        }
        for (const std::size_t g : members) {  // one by one, so each failure names its field
            std::string why;
            const Program one = program_text(prepared, groups, {g}, results);
            const int alone = device.compile(options.prefix, one.functions, one.body, &why);
            if (alone < 0) {
                fail_group(g, why);
            } else {
                run_groups({g}, alone);
                device.release(alone);
            }
        }
    }
    return results;
}

std::unique_ptr<Device> open(GpuApi api, std::string* why) {
#if defined(GRADNOISE_GPU_OPENGL)
    if (api == GpuApi::opengl) return open_opengl(why);
#endif
#if defined(GRADNOISE_GPU_VULKAN)
    if (api == GpuApi::vulkan) return open_vulkan(why);
#endif
    *why = std::string("this build of gradnoise_gpu has no ") + (api == GpuApi::opengl ? "OpenGL (EGL)" : "Vulkan (glslang)");
    return nullptr;
}

}  // namespace gradnoise::gpu

namespace gradnoise {
namespace {

Status run_check(const std::vector<gpu::Subject>& subjects, const GpuCheckOptions& options, std::vector<GpuCheckReport>* reports,
                 int only_dims = 0) {
    if (reports == nullptr) return Status(ErrorCode::null_pointer, "gpu_check: reports is null");
    if (options.points < 1 || options.points > 10000000) {
        return Status(ErrorCode::invalid_argument, "gpu_check: options.points must be in 1..10000000");
    }
    if (!options.opengl && !options.vulkan) {
        return Status(ErrorCode::invalid_argument, "gpu_check: options.opengl or options.vulkan must be true");
    }
    try {
        std::vector<gpu::Case> cases = gpu::cases_of(subjects, true, true, true);
        if (only_dims != 0) {
            std::vector<gpu::Case> kept;
            for (const gpu::Case& c : cases) {
                if (c.dims == only_dims) kept.push_back(c);
            }
            cases = kept;
        }
        reports->clear();
        for (const GpuApi api : {GpuApi::opengl, GpuApi::vulkan}) {
            if ((api == GpuApi::opengl && !options.opengl) || (api == GpuApi::vulkan && !options.vulkan)) continue;
            GpuCheckReport report;
            report.api = api;
            const auto t0 = std::chrono::steady_clock::now();
            std::unique_ptr<gpu::Device> device = gpu::open(api, &report.error);
            if (device != nullptr) {
                report.renderer = device->renderer();
                report.float_controls = device->float_controls();
                report.software = device->software();
                gpu::RunOptions run;
                run.random = options.points;
                report.cases = gpu::run_cases(*device, cases, run);
            }
            report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            reports->push_back(std::move(report));
        }
    } catch (const std::bad_alloc&) {
        return Status(ErrorCode::out_of_memory, "gpu_check: out of memory");
    }
    return Status();
}

}  // namespace

Status gpu_check(const GpuCheckOptions& options, std::vector<GpuCheckReport>* reports) {
    std::vector<gpu::Subject> subjects = gpu::fields();
    for (gpu::Subject& g : gpu::graphs()) subjects.push_back(std::move(g));
    return run_check(subjects, options, reports);
}

Status gpu_check(const NoiseDesc& field, int dimensions, const GpuCheckOptions& options, std::vector<GpuCheckReport>* reports) {
    if (dimensions != 0 && (dimensions < 2 || dimensions > 4)) {
        return Status(ErrorCode::invalid_argument, "gpu_check: dimensions must be 0 (all), 2, 3 or 4");
    }
    if (const Status st = Noise::validate(field); !st) return st;
    return run_check({gpu::Subject{"the field", field, {}}}, options, reports, dimensions);
}

Status gpu_check(const Graph& graph, const GpuCheckOptions& options, std::vector<GpuCheckReport>* reports) {
    return run_check({gpu::Subject{"the graph", NoiseDesc{}, graph.to_json()}}, options, reports);
}

}  // namespace gradnoise
