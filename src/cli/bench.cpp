// gradnoise bench: one command that measures this CPU. For every kernel (2D/3D/4D Perlin and
// 6-octave fBm, on points and on grids; OpenSimplex2/2S and cellular noise) and every ISA the CPU has, samples per second on one
// thread and on all threads, with the ratio to the scalar path and to stb_perlin measured in the
// same run; a JSON report (docs/bench-report.schema.json) and a side-by-side comparison of two.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include "../parallel/parallel.hpp"

#include "bench_machine.hpp"
#include "bench_report.hpp"
#include "commands.hpp"
#include "atomic_file.hpp"
#include "interrupt.hpp"
#include "progress.hpp"
#include "stb_yardstick.hpp"

namespace gradnoise::cli {
namespace {

// ---- settings ----

struct Settings {
    std::string mode = "default";
    std::size_t samples = std::size_t(1) << 20;  // per kernel call (grids: the nearest grid shape)
    int repetitions = 5;                         // timed runs per measurement; the median is reported
    double min_time = 0.1;                       // seconds per run (whole calls, at least one)
    unsigned threads = 0;                        // the "all threads" column; 0 = hardware threads
    std::vector<Isa> isas;                       // empty = every supported ISA
    std::vector<std::string> kernels;            // empty = all
    std::string json_path;
    bool quiet = false;
};

void apply_mode(Settings* s, const std::string& mode) {
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

// ---- workloads ----

// 2^k uniform points in [-500, 500)^4 from a fixed xorshift64* sequence (the benchmark suite's).
struct PointSet {
    std::vector<float> x, y, z, w;
    explicit PointSet(std::size_t n) {
        std::uint64_t s = 0x9E3779B97F4A7C15ull;
        auto next = [&] {
            s ^= s >> 12;
            s ^= s << 25;
            s ^= s >> 27;
            const std::uint64_t r = s * 0x2545F4914F6CDD1Dull;
            return -500.0f + 1000.0f * (static_cast<float>(r >> 40) * (1.0f / 16777216.0f));
        };
        for (std::vector<float>* v : {&x, &y, &z, &w}) {
            v->resize(n);
            for (float& f : *v) f = next();
        }
    }
};

enum class Impl { gradnoise, stb };

// One call of a kernel over all its samples, on `threads` threads.
using KernelCall = std::function<void(Impl, unsigned threads)>;

struct Kernel {
    std::string name, description;
    std::size_t samples;
    bool has_stb;
    KernelCall call;
};

// Runs part(first, last) over [0, n) split into `threads` contiguous parts on the threads the
// library's fills use (parallel.hpp). With oneTBB, in an arena of that many threads made once per count
// (its start-up is not what is measured); without it, on std::threads started per call, as the fills do.
class Splitter {
public:
    void operator()(std::size_t n, unsigned threads, const std::function<void(std::size_t, std::size_t)>& part) {
        if (threads <= 1 || n < 2) {
            part(0, n);
            return;
        }
        const std::size_t t = std::min<std::size_t>(threads, n);
        auto each = [&](std::size_t first, std::size_t last) {
            for (std::size_t i = first; i < last; ++i) {
                part(n * i / t, n * (i + 1) / t);
            }
        };
#if defined(GRADNOISE_NO_TBB)
        parallel::for_blocks(t, 1, static_cast<unsigned>(t), each);
#else
        auto& arena = arenas_[t];
        if (!arena) {
            arena = std::make_unique<tbb::task_arena>(static_cast<int>(t));
        }
        parallel::for_blocks(t, 1, static_cast<unsigned>(t), each, arena.get());
#endif
    }

private:
#if !defined(GRADNOISE_NO_TBB)
    std::map<std::size_t, std::unique_ptr<tbb::task_arena>> arenas_;
#endif
};

void check(Status s, const char* what) {
    if (!s) fail(std::string(what) + ": " + s.message());
}

struct Workloads {
    Noise perlin, fbm, simplex, smooth, cellular;
    PointSet points;
    std::vector<float> out;
    std::size_t side2, side3;  // grids: side2^2 and (2 side3) x (2 side3) x side3
    std::vector<Kernel> kernels;
    Splitter split;

    explicit Workloads(std::size_t samples) : points(samples) {
        NoiseDesc d;
        d.fractal = {Fractal::fbm, 6, 1.0f, 2.0f, 0.5f};
        check(Noise::create(d, &fbm), "fbm");
        // Issue 13's families: OpenSimplex2 (2D standard, 3D ImproveXY) and OpenSimplex2S with
        // seed 1337, cellular F1 (Euclidean, jitter 1).
        NoiseDesc family;
        family.has_seed = true;
        family.seed = 1337;
        family.basis = Basis::opensimplex2;
        check(Noise::create(family, &simplex), "opensimplex2");
        family.basis = Basis::opensimplex2s;
        check(Noise::create(family, &smooth), "opensimplex2s");
        family.basis = Basis::cellular;
        check(Noise::create(family, &cellular), "cellular");
        side2 = std::max<std::size_t>(8, static_cast<std::size_t>(std::sqrt(static_cast<double>(samples))));
        side3 = std::max<std::size_t>(4, static_cast<std::size_t>(std::cbrt(static_cast<double>(samples) / 4.0) + 1e-9));
        const std::size_t n = samples, n2 = side2 * side2, n3 = 4 * side3 * side3 * side3;
        out.resize(std::max({n, n2, n3}));
        const std::string pts = std::to_string(n) + " uniform random points in [-500, 500)";
        const std::string g2 = std::to_string(side2) + "x" + std::to_string(side2) + " grid, origin (0.3, 0.7), step 0.01";
        const std::string g3 = std::to_string(2 * side3) + "x" + std::to_string(2 * side3) + "x" + std::to_string(side3) +
                               " grid, origin (0.3, 0.7, 0.5), step 0.01";
        kernels.push_back({"perlin2/points", "noise2 at " + pts, n, true, [this, n](Impl impl, unsigned t) {
                               split(n, t, [&](std::size_t a, std::size_t b) {
                                   if (impl == Impl::stb) {
                                       yardstick::stb_points2(&points.x[a], &points.y[a], &out[a], b - a);
                                   } else {
                                       (void)perlin.evaluate_2d(&points.x[a], &points.y[a], &out[a], b - a);
                                   }
                               });
                           }});
        kernels.push_back({"perlin3/points", "noise3 at " + pts, n, true, [this, n](Impl impl, unsigned t) {
                               split(n, t, [&](std::size_t a, std::size_t b) {
                                   if (impl == Impl::stb) {
                                       yardstick::stb_points3(yardstick::Fractal::none, &points.x[a], &points.y[a], &points.z[a],
                                                              &out[a], b - a);
                                   } else {
                                       (void)perlin.evaluate_3d(&points.x[a], &points.y[a], &points.z[a], &out[a], b - a);
                                   }
                               });
                           }});
        kernels.push_back({"perlin4/points", "noise4 at " + pts + " (stb_perlin has no 4D)", n, false,
                           [this, n](Impl, unsigned t) {
                               split(n, t, [&](std::size_t a, std::size_t b) {
                                   (void)perlin.evaluate_4d(&points.x[a], &points.y[a], &points.z[a], &points.w[a],
                                                            &out[a], b - a);
                               });
                           }});
        kernels.push_back({"fbm3_6oct/points",
                           "fBm, 6 octaves, lacunarity 2, persistence 0.5, 3D, at " + pts +
                               " (stb: stb_perlin_fbm_noise3, same octaves)",
                           n, true, [this, n](Impl impl, unsigned t) {
                               split(n, t, [&](std::size_t a, std::size_t b) {
                                   if (impl == Impl::stb) {
                                       yardstick::stb_points3(yardstick::Fractal::fbm, &points.x[a], &points.y[a], &points.z[a],
                                                              &out[a], b - a);
                                   } else {
                                       (void)fbm.evaluate_3d(&points.x[a], &points.y[a], &points.z[a], &out[a], b - a);
                                   }
                               });
                           }});
        // The stb_perlin peer of a grid: plain noise, or fBm for the fractal workloads.
        auto stb_kind = [](bool fbm_peer) { return fbm_peer ? yardstick::Fractal::fbm : yardstick::Fractal::none; };
        auto grid2 = [this, stb_kind](const Noise& noise, bool fbm_peer) {
            return [this, &noise, fbm_peer, stb_kind](Impl impl, unsigned t) {
                if (impl == Impl::stb) {
                    split(side2, t, [&](std::size_t a, std::size_t b) {
                        yardstick::stb_grid_rows(stb_kind(fbm_peer), {2, 0.3f, 0.7f, 0.0f, 0.01f, side2, side2, a, b}, out.data());
                    });
                    return;
                }
                FillOptions o;
                o.threads = t;
                (void)noise.fill_grid_2d({0.3f, 0.7f, 0.01f, 0.01f, side2, side2}, out.data(), 0, o);
            };
        };
        auto grid3 = [this, stb_kind](const Noise& noise, bool fbm_peer) {
            return [this, &noise, fbm_peer, stb_kind](Impl impl, unsigned t) {
                const std::size_t nx = 2 * side3, ny = 2 * side3, nz = side3;
                if (impl == Impl::stb) {
                    split(ny * nz, t, [&](std::size_t a, std::size_t b) {
                        yardstick::stb_grid_rows(stb_kind(fbm_peer), {3, 0.3f, 0.7f, 0.5f, 0.01f, nx, ny, a, b}, out.data());
                    });
                    return;
                }
                FillOptions o;
                o.threads = t;
                (void)noise.fill_grid_3d({0.3f, 0.7f, 0.5f, 0.01f, 0.01f, 0.01f, nx, ny, nz}, out.data(), 0, 0, o);
            };
        };
        kernels.push_back({"perlin2/grid", "noise2 on a " + g2, n2, true, grid2(perlin, false)});
        kernels.push_back({"perlin3/grid", "noise3 on a " + g3, n3, true, grid3(perlin, false)});
        kernels.push_back({"fbm2_6oct/grid", "fBm, 6 octaves, 2D, on a " + g2 + " (stb: fbm_noise3 at z = 0)", n2,
                           true, grid2(fbm, true)});
        kernels.push_back({"fbm3_6oct/grid", "fBm, 6 octaves, 3D, on a " + g3, n3, true, grid3(fbm, true)});
        // The other families; stb_perlin's Perlin noise on the same samples is their yardstick.
        kernels.push_back({"simplex2/grid", "OpenSimplex2 2D on a " + g2 + " (stb: perlin noise, same grid)", n2, true,
                           grid2(simplex, false)});
        kernels.push_back({"simplex3/points", "OpenSimplex2 3D (ImproveXY) at " + pts + " (stb: perlin noise3)", n, true,
                           [this, n](Impl impl, unsigned t) {
                               split(n, t, [&](std::size_t a, std::size_t b) {
                                   if (impl == Impl::stb) {
                                       yardstick::stb_points3(yardstick::Fractal::none, &points.x[a], &points.y[a], &points.z[a],
                                                              &out[a], b - a);
                                   } else {
                                       (void)simplex.evaluate_3d(&points.x[a], &points.y[a], &points.z[a], &out[a], b - a);
                                   }
                               });
                           }});
        kernels.push_back({"opensimplex2s2/grid", "OpenSimplex2S 2D on a " + g2 + " (stb: perlin noise, same grid)", n2,
                           true, grid2(smooth, false)});
        kernels.push_back({"cellular2/grid", "cellular F1, Euclidean, 2D on a " + g2 + " (stb: perlin noise, same grid)",
                           n2, true, grid2(cellular, false)});
        kernels.push_back({"cellular3/grid", "cellular F1, Euclidean, 3D on a " + g3 + " (stb: perlin noise3, same grid)",
                           n3, true, grid3(cellular, false)});
    }
};

// ---- measuring ----

struct Result {
    std::string impl;  // "gradnoise" or "stb_perlin"
    std::string isa;   // gradnoise's ISA; "" for a peer
    unsigned threads = 1;
    double rate = 0.0;           // median samples per second
    std::vector<double> runs;    // samples per second of each run
    double ratio_scalar = NAN;   // rate / gradnoise scalar's rate, same thread count
    double ratio_stb = NAN;      // rate / stb_perlin's rate, same thread count
    double instructions = NAN;   // per sample (one thread, where perf events work)
};

struct KernelReport {
    const Kernel* kernel;
    std::vector<Result> results;
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

Result measure(const Kernel& k, Impl impl, unsigned threads, const Settings& s, InstructionCounter* counter) {
    using clock = std::chrono::steady_clock;
    Result r;
    r.impl = impl == Impl::stb ? "stb_perlin" : "gradnoise";
    r.isa = impl == Impl::stb ? "" : isa_name(active_isa());
    r.threads = threads;
    if (threads == 1 && counter != nullptr && counter->available()) {
        counter->start();
        k.call(impl, 1);
        if (std::optional<std::uint64_t> c = counter->stop()) {
            r.instructions = static_cast<double>(*c) / static_cast<double>(k.samples);
        }
    } else {
        k.call(impl, threads);  // warm-up: caches, pages, the thread pool
    }
    for (int rep = 0; rep < s.repetitions; ++rep) {
        std::size_t calls = 0;
        const auto start = clock::now();
        double elapsed = 0.0;
        do {
            k.call(impl, threads);
            ++calls;
            elapsed = std::chrono::duration<double>(clock::now() - start).count();
        } while (elapsed < s.min_time && interrupted_signal() == 0);  // a signal ends it within one call
        if (interrupted_signal() != 0) return r;  // incomplete: the caller stops and drops it
        r.runs.push_back(static_cast<double>(calls) * static_cast<double>(k.samples) / elapsed);
    }
    r.rate = median(r.runs);
    return r;
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

std::string report_json(const Machine& m, const Settings& s, unsigned threads, bool counted,
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

// Ctrl-C / SIGTERM between two measurements (each stops within one kernel call): the kernels
// printed so far are complete; the one being measured is dropped, and no --json report is written,
// so an existing report at that path stays as it was.
void stop_measuring_if_interrupted(ProgressLine& line, const Settings& s) {
    if (interrupted_signal() == 0) return;
    reset_isa();
    line.erase();
    std::fflush(stdout);
    stop_if_interrupted(s.json_path.empty() ? "the kernels printed above are complete"
                                            : "the kernels printed above are complete; no report written");
}

// What the command line asked for (the mode's defaults apply to what it left out).
struct Request {
    Settings s;
    bool quick = false, full = false;
    std::optional<std::size_t> samples;
    std::optional<int> repetitions;
    std::optional<double> min_time;
    std::vector<std::string> compare;
};

// The kernels --kernels names (all by default); usage_error on an unknown name.
std::vector<const Kernel*> chosen_kernels(const Workloads& w, const std::vector<std::string>& names) {
    for (const std::string& name : names) {
        auto it = std::find_if(w.kernels.begin(), w.kernels.end(), [&](const Kernel& k) { return k.name == name; });
        if (it == w.kernels.end()) {
            std::string all;
            for (const Kernel& k : w.kernels) all += (all.empty() ? "" : ", ") + k.name;
            usage_error("--kernels: unknown kernel '" + name + "' (kernels: " + all + ")");
        }
    }
    std::vector<const Kernel*> kernels;
    for (const Kernel& k : w.kernels) {
        if (names.empty() || std::find(names.begin(), names.end(), k.name) != names.end()) {
            kernels.push_back(&k);
        }
    }
    return kernels;
}

void print_preamble(const Machine& m, const Settings& s, const std::string& date, bool counted) {
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

// One kernel on every ISA and stb_perlin, on 1 thread and on `threads`, with its ratios.
KernelReport measure_kernel(const Kernel& k, const std::vector<Isa>& isas, unsigned threads, const Settings& s,
                            InstructionCounter* counter, ProgressLine& line, std::size_t* done, std::size_t total) {
    KernelReport kr{&k, {}};
    std::vector<unsigned> thread_counts = {1};
    if (threads > 1) thread_counts.push_back(threads);
    auto step = [&](const std::string& what) {
        line.show("[" + std::to_string(++*done) + "/" + std::to_string(total) + "] " + k.name + " " + what);
    };
    for (unsigned t : thread_counts) {
        for (Isa isa : isas) {
            step(std::string(isa_name(isa)) + " " + std::to_string(t) + (t == 1 ? " thread" : " threads"));
            check(force_isa(isa), "force_isa");
            kr.results.push_back(measure(k, Impl::gradnoise, t, s, counter));
            stop_measuring_if_interrupted(line, s);
        }
        reset_isa();
        if (k.has_stb) {
            step("stb_perlin " + std::to_string(t));
            kr.results.push_back(measure(k, Impl::stb, t, s, counter));
            stop_measuring_if_interrupted(line, s);
        } else {
            ++*done;
        }
    }
    for (Result& r : kr.results) {
        for (const Result& o : kr.results) {
            if (o.threads != r.threads) continue;
            if (o.impl == "gradnoise" && o.isa == "scalar") r.ratio_scalar = r.rate / o.rate;
            if (o.impl == "stb_perlin") r.ratio_stb = r.rate / o.rate;
        }
    }
    return kr;  // rows in the order scalar.., isas.., stb; 1-thread results first, then N-thread
}

int run_bench(Request& q) {
    Settings& s = q.s;
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
           [q](const std::string& v) {
               auto n = parse_int(v, 1, 1024);
               if (!n) throw CLI::ValidationError("--threads must be an integer in 1..1024, got '" + v + "'");
               q->s.threads = static_cast<unsigned>(*n);
           },
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
               auto n = parse_int(v, 1024, std::int64_t(1) << 26);
               if (!n) throw CLI::ValidationError("--samples must be an integer in 1024..67108864, got '" + v + "'");
               q->samples = static_cast<std::size_t>(*n);
           },
           "samples per kernel call, 1024..67108864 (grids: the nearest shape;\n"
           "default 1048576, --quick 262144)")
        ->type_name("N");
    cmd->add_option_function<std::string>(
           "--repetitions",
           [q](const std::string& v) {
               auto n = parse_int(v, 1, 1000);
               if (!n) throw CLI::ValidationError("--repetitions must be an integer in 1..1000, got '" + v + "'");
               q->repetitions = static_cast<int>(*n);
           },
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
    cmd->footer(about + "\n\n"
        "Examples:\n"
        "  gradnoise bench\n"
        "  gradnoise bench --quick --json this-machine.json\n"
        "  gradnoise bench --compare old-laptop.json this-machine.json\n"
        "  gradnoise bench --kernels perlin3/points,fbm2_6oct/grid --isa avx2 --threads 4");
    return [q] { return run_bench(*q); };
}

}  // namespace gradnoise::cli
