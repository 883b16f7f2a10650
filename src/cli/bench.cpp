// gradnoise bench: one command that measures this CPU. For every kernel (2D/3D/4D Perlin and
// 6-octave fBm, on points and on grids; OpenSimplex2/2S and cellular noise) and every ISA the CPU has, samples per second on one
// thread and on all threads, with the ratio to the scalar path and to stb_perlin measured in the
// same run; a JSON report (docs/bench-report.schema.json) and a side-by-side comparison of two.
// This file: the options, the run, the tables and the report; the kernels are bench_kernels.cpp's,
// the timing bench_measure.cpp's.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "atomic_file.hpp"
#include "bench_machine.hpp"
#include "bench_measure.hpp"
#include "bench_report.hpp"
#include "bench_kernels.hpp"
#include "commands.hpp"
#include "interrupt.hpp"
#include "progress.hpp"

namespace gradnoise::cli {
namespace {

// ---- settings ----

void apply_mode(BenchSettings* s, const std::string& mode) {
    s->mode = mode;
    if (mode == "quick") {
        s->samples = std::size_t(1) << 18;
        s->repetitions = 3;
        s->min_time = 0.03;
    } else if (mode == "full") {
        s->samples = std::size_t(1) << 20;
        s->repetitions = 11;
        s->min_time = 0.4;
    } else {
        s->samples = std::size_t(1) << 20;
        s->repetitions = 5;
        s->min_time = 0.1;
    }
}

// ---- printing ----

std::string number_text(double v, const char* format) {
    if (!std::isfinite(v)) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

void print_header_row(unsigned threads) {
    std::printf("%-18s %-11s %12s %9s %8s", "kernel", "path", "1 thread", "x scalar", "x stb");
    if (threads > 1) {
        std::printf(" %12s %9s %8s %8s", (std::to_string(threads) + " threads").c_str(), "x scalar", "x stb", "scaling");
    }
    std::printf(" %12s\n", "instr/sample");
}

void print_kernel(const KernelReport& kr, unsigned threads) {
    // One line per path: gradnoise's ISAs in order, then the peer.
    std::vector<std::string> paths;
    for (const Result& r : kr.results) {
        const std::string p = r.impl == "gradnoise" ? r.isa : r.impl;
        if (std::find(paths.begin(), paths.end(), p) == paths.end()) paths.push_back(p);
    }
    for (const std::string& p : paths) {
        const Result* one = nullptr;
        const Result* many = nullptr;
        for (const Result& r : kr.results) {
            if ((r.impl == "gradnoise" ? r.isa : r.impl) != p) continue;
            (r.threads == 1 ? one : many) = &r;
        }
        std::printf("%-18s %-11s %12s %9s %8s", kr.kernel->name.c_str(), p.c_str(), one ? rate_text(one->rate).c_str() : "-",
                    one ? ratio_text(one->ratio_scalar).c_str() : "-", one ? ratio_text(one->ratio_stb).c_str() : "-");
        if (threads > 1) {
            std::printf(" %12s %9s %8s %8s", many ? rate_text(many->rate).c_str() : "-",
                        many ? ratio_text(many->ratio_scalar).c_str() : "-",
                        many ? ratio_text(many->ratio_stb).c_str() : "-",
                        one && many ? ratio_text(many->rate / one->rate).c_str() : "-");
        }
        std::printf(" %12s\n", one ? number_text(one->instructions, "%.1f").c_str() : "-");
    }
    std::fflush(stdout);
}

// ---- the JSON report ----

std::string utc_now() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
#if defined(_WIN32)
    gmtime_s(&tm, &t);  // (Windows' argument order)
#else
    gmtime_r(&t, &tm);
#endif
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

// A measured figure, or null where there is none (NaN: not measured).
Json figure(double v) { return std::isfinite(v) ? Json(v) : Json(nullptr); }

std::string report_json(const Machine& m, const BenchSettings& s, unsigned threads, bool counted,
                        const std::vector<KernelReport>& reports, const std::string& date) {
    Json isas = Json::array();
    for (Isa isa : m.isas) isas.push_back(isa_name(isa));
    Json kernels = Json::array();
    for (const KernelReport& kr : reports) {
        Json results = Json::array();
        for (const Result& r : kr.results) {
            Json runs = Json::array();
            for (double v : r.runs) runs.push_back(figure(v));
            results.push_back(Json{{"impl", r.impl},
                                   {"isa", r.isa.empty() ? Json(nullptr) : Json(r.isa)},
                                   {"threads", r.threads},
                                   {"samples_per_second", figure(r.rate)},
                                   {"ratio_to_scalar", figure(r.ratio_scalar)},
                                   {"ratio_to_stb", figure(r.ratio_stb)},
                                   {"instructions_per_sample", figure(r.instructions)},
                                   {"runs", runs}});
        }
        kernels.push_back(Json{{"name", kr.kernel->name},
                               {"description", kr.kernel->description},
                               {"samples_per_call", kr.kernel->samples},
                               {"results", results}});
    }
    const Json report = {
        {"schema", report_schema},
        {"gradnoise_version", version_string()},
        {"date", date},
        {"machine",
         {{"cpu_model", m.cpu_model},
          {"logical_cpus", m.logical_cpus},
          {"physical_cores", m.physical_cores ? Json(m.physical_cores) : Json(nullptr)},
          {"os", m.os},
          {"compiler", m.compiler},
          {"isas", isas},
          {"best_isa", isa_name(m.best)}}},
        {"settings",
         {{"mode", s.mode},
          {"samples", s.samples},
          {"repetitions", s.repetitions},
          {"min_time_s", s.min_time},
          {"threads", threads},
          {"instructions_counted", counted},
          {"statistic", "median"}}},
        {"kernels", kernels}};
    // Invalid UTF-8 (a CPU model string, say) is replaced rather than failing the report.
    return report.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

void write_file(const std::string& path, const std::string& text) {
    AtomicFile f(path);
    if (!f.open() || !f.write(text.data(), text.size()) || !f.commit()) {
        fail(f.error());
    }
}

// ---- options ----

std::optional<long long> parse_int(std::string_view text, long long lo, long long hi) {
    if (text.empty() || text.size() > 18) return std::nullopt;
    long long v = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + (c - '0');
    }
    if (v < lo || v > hi) return std::nullopt;
    return v;
}

// An integer option's value in lo..hi, else CLI11's validation error "NAME must be an integer in
// LO..HI, got 'TEXT'".
long long integer_value(const char* name, const std::string& text, long long lo, long long hi) {
    const std::optional<long long> n = parse_int(text, lo, hi);
    if (!n) {
        throw CLI::ValidationError(std::string(name) + " must be an integer in " + std::to_string(lo) + ".." +
                                   std::to_string(hi) + ", got '" + text + "'");
    }
    return *n;
}

std::vector<std::string> split_list(std::string_view text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::size_t end = comma == std::string_view::npos ? text.size() : comma;
        out.emplace_back(text.substr(start, end - start));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return out;
}

// What the command line asked for (the mode's defaults apply to what it left out).
struct Request {
    BenchSettings s;
    bool quick = false, full = false;
    std::optional<std::size_t> samples;
    std::optional<int> repetitions;
    std::optional<double> min_time;
    std::vector<std::string> compare;
};

// The kernels --kernels names (all by default); usage_error on an unknown name.
std::vector<const Kernel*> chosen_kernels(const Workloads& w, const std::vector<std::string>& names) {
    for (const std::string& name : names) {
        auto it = std::find_if(w.kernels().begin(), w.kernels().end(), [&](const Kernel& k) { return k.name == name; });
        if (it == w.kernels().end()) {
            std::string all;
            for (const Kernel& k : w.kernels()) all += (all.empty() ? "" : ", ") + k.name;
            usage_error("--kernels: unknown kernel '" + name + "' (kernels: " + all + ")");
        }
    }
    std::vector<const Kernel*> kernels;
    for (const Kernel& k : w.kernels()) {
        if (names.empty() || std::find(names.begin(), names.end(), k.name) != names.end()) {
            kernels.push_back(&k);
        }
    }
    return kernels;
}

void print_preamble(const Machine& m, const BenchSettings& s, const std::string& date, bool counted) {
    std::printf("gradnoise %s bench, %s\n", version_string(), date.c_str());
    std::printf("CPU: %s\n", m.cpu_model.c_str());
    std::printf("Cores: %u logical CPUs", m.logical_cpus);
    if (m.physical_cores) std::printf(", %u physical cores", m.physical_cores);
    std::printf("; OS: %s\nISAs: ", m.os.c_str());
    for (Isa isa : m.isas) std::printf("%s ", isa_name(isa));
    std::printf("(best: %s)\n", isa_name(m.best));
    std::printf("Mode: %s: %zu samples per call, median of %d runs of >= %g s; instructions per sample: %s\n\n",
                s.mode.c_str(), s.samples, s.repetitions, s.min_time,
                counted ? "perf events" : "not available here (no perf events; see bench/count_instructions.sh)");
}

int run_bench(Request& q) {
    BenchSettings& s = q.s;
    if (q.quick && q.full) usage_error("--quick and --full exclude each other");
    if (!q.compare.empty()) {
        return run_compare(q.compare[0], q.compare[1]);
    }
    if (Status st = environment_isa_status(); !st) usage_error(st.message());
    apply_mode(&s, q.quick ? "quick" : q.full ? "full" : "default");
    if (q.samples) s.samples = *q.samples;
    if (q.repetitions) s.repetitions = *q.repetitions;
    if (q.min_time) s.min_time = *q.min_time;

    install_interrupt_handlers();
    const Machine m = describe_machine();
    const unsigned threads = s.threads ? s.threads : m.logical_cpus;
    std::vector<Isa> isas = {Isa::scalar};
    for (Isa isa : m.isas) {
        if (isa != Isa::scalar && (s.isas.empty() || std::find(s.isas.begin(), s.isas.end(), isa) != s.isas.end())) {
            isas.push_back(isa);
        }
    }
    Workloads w(s.samples);
    const std::vector<const Kernel*> kernels = chosen_kernels(w, s.kernels);
    InstructionCounter counter;
    const std::string date = utc_now();
    print_preamble(m, s, date, counter.available());
    print_header_row(threads);

    ProgressLine line(!s.quiet);
    const std::size_t total = kernels.size() * (isas.size() + 1) * (threads > 1 ? 2 : 1);
    std::size_t done = 0;
    std::vector<KernelReport> reports;
    for (const Kernel* k : kernels) {
        KernelReport kr = measure_kernel(*k, isas, threads, s, &counter, line, &done, total);
        line.erase();
        print_kernel(kr, threads);
        reports.push_back(std::move(kr));
    }
    reset_isa();
    std::printf("\nx scalar, x stb: against gradnoise's scalar path and stb_perlin at the same thread count; "
                "scaling: %u threads / 1 thread.\n"
                "stb_perlin here is built for the baseline ISA like this tool (no -march=native; default FP flags);\n"
                "built -O3 -march=native it is faster, so bench/gradnoise_bench's ratios are the lower ones.\n",
                threads);
    if (!s.json_path.empty()) {
        write_file(s.json_path, report_json(m, s, threads, counter.available(), reports, date));
        std::printf("report: %s\n", s.json_path.c_str());
    }
    return exit_success;
}

}  // namespace


Run add_bench(CLI::App& app) {
    CLI::App* cmd = add_command(app, "bench",
                                "measure this CPU: samples/s per kernel and ISA, 1 and all threads, against\n"
                                "the scalar path and stb_perlin; --json reports, --compare two of them");
    const std::string about = std::string(
        "Measures this CPU: the CPU model, cores and ISAs, then samples per second of each kernel\n"
        "(perlin2/3/4 and 6-octave fBm, on random points and on grids) on every ISA this CPU has,\n"
        "on one thread and on all threads, with the ratio to gradnoise's scalar path and to\n"
        "stb_perlin (measured in the same run, built like this tool: baseline ISA, no -march=native,\n"
        "with the compiler's default FP flags), and the\n"
        "instructions per sample where Linux perf events can count them. Each figure is the\n"
        "median of repeated runs. About a minute on defaults; every ISA gives the same bits.\n"
        "'gradnoise bench --compare A.json B.json' prints two reports side by side.");
    auto q = std::make_shared<Request>();
    cmd->add_flag("--quick", q->quick, "smaller problems, 3 runs of >= 0.03 s each (about 10 s)");
    cmd->add_flag("--full", q->full, "11 runs of >= 0.4 s each (several minutes; steadier medians)");
    cmd->add_option_function<std::string>(
           "--json",
           [q](const std::string& v) {
               if (v.empty()) bad_value("--json", "needs a file name");
               q->s.json_path = v;
           },
           "also write the report as JSON (docs/bench-report.schema.json),\nreplaced atomically")
        ->type_name("FILE");
    cmd->add_option("--compare", q->compare, "print two JSON reports side by side (two machines or versions)")
        ->expected(2)
        ->multi_option_policy(CLI::MultiOptionPolicy::Throw)
        ->type_name("A B");
    cmd->add_option_function<std::string>(
           "--threads",
           [q](const std::string& v) { q->s.threads = static_cast<unsigned>(integer_value("--threads", v, 1, 1024)); },
           "the multi-thread column's threads, 1..1024 (default: all hardware\n"
           "threads; 1 measures one thread only)")
        ->type_name("N");
    cmd->add_option_function<std::string>(
           "--isa",
           [q](const std::string& v) {
               q->s.isas.clear();
               for (const std::string& name : split_list(v)) {
                   Isa isa;
                   if (!parse_isa(name.c_str(), &isa)) {
                       throw CLI::ValidationError("--isa takes a comma list of " + isa_names() + "; got '" + name + "'");
                   }
                   if (!isa_supported(isa)) {
                       throw CLI::ValidationError("--isa " + name + ": this CPU or build cannot run it (best here: " +
                                              isa_name(best_isa()) + ")");
                   }
                   q->s.isas.push_back(isa);
               }
           },
           "measure only these ISAs (comma list of " + isa_names(",") + ";\n"
           "scalar is always measured, as the reference for the ratios)")
        ->type_name("LIST");
    cmd->add_option_function<std::string>(
           "--kernels", [q](const std::string& v) { q->s.kernels = split_list(v); },
           "measure only these kernels (comma list of the names printed)")
        ->type_name("LIST");
    cmd->add_option_function<std::string>(
           "--samples",
           [q](const std::string& v) {
               q->samples = static_cast<std::size_t>(integer_value("--samples", v, 1024, std::int64_t(1) << 26));
           },
           "samples per kernel call, 1024..67108864 (grids: the nearest shape;\n"
           "default 1048576, --quick 262144)")
        ->type_name("N");
    cmd->add_option_function<std::string>(
           "--repetitions",
           [q](const std::string& v) { q->repetitions = static_cast<int>(integer_value("--repetitions", v, 1, 1000)); },
           "timed runs per figure, 1..1000 (the median is reported)")
        ->type_name("N");
    cmd->add_option_function<std::string>(
           "--min-time",
           [q](const std::string& v) {
               std::optional<float> t = parse_float(v);
               if (!t || !(*t >= 0.0f && *t <= 60.0f)) {
                   throw CLI::ValidationError("--min-time must be a number of seconds in 0..60, got '" + v + "'");
               }
               q->min_time = static_cast<double>(*t);
           },
           "seconds per run, 0..60 (whole calls; at least one)")
        ->type_name("S");
    cmd->add_flag("--quiet", q->s.quiet, "no progress on stderr");
    cmd->footer(help_footer(about, {
        "gradnoise bench",
        "gradnoise bench --quick --json this-machine.json",
        "gradnoise bench --compare old-laptop.json this-machine.json",
        "gradnoise bench --kernels perlin3/points,fbm2_6oct/grid --isa avx2 --threads 4"}));
    return [q] { return run_bench(*q); };
}

}  // namespace gradnoise::cli
