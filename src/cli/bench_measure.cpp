// gradnoise bench — measuring one kernel: a warm-up call (or the instruction count), then timed runs
// of whole calls, their median; every path on 1 thread and on many; the ratios.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "bench_measure.hpp"
#include "interrupt.hpp"
#include "options.hpp"

namespace gradnoise::cli {
namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

Result measure(const Kernel& k, Impl impl, unsigned threads, const BenchSettings& s, InstructionCounter* counter) {
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

// Ctrl-C / SIGTERM between two measurements (each stops within one kernel call): the kernels
// printed so far are complete; the one being measured is dropped, and no --json report is written,
// so an existing report at that path stays as it was.
void stop_measuring_if_interrupted(ProgressLine& line, const BenchSettings& s) {
    if (interrupted_signal() == 0) return;
    reset_isa();
    line.erase();
    std::fflush(stdout);
    stop_if_interrupted(s.json_path.empty() ? "the kernels printed above are complete"
                                            : "the kernels printed above are complete; no report written");
}

}  // namespace

KernelReport measure_kernel(const Kernel& k, const std::vector<Isa>& isas, unsigned threads, const BenchSettings& s,
                            InstructionCounter* counter, ProgressLine& line, std::size_t* done, std::size_t total) {
    KernelReport kr{&k, {}};
    std::vector<unsigned> thread_counts = {1};
    if (threads > 1) thread_counts.push_back(threads);
    auto step = [&](const std::string& what) {
        // (The count first: GCC 12 warns on "[" + a temporary string, its -Wrestrict false positive, PR 105329.)
        const std::string count = std::to_string(++*done) + "/" + std::to_string(total);
        line.show("[" + count + "] " + k.name + " " + what);
    };
    for (unsigned t : thread_counts) {
        for (Isa isa : isas) {
            step(std::string(isa_name(isa)) + " " + std::to_string(t) + (t == 1 ? " thread" : " threads"));
            if (Status st = force_isa(isa); !st) fail(std::string("force_isa: ") + st.message());
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

}  // namespace gradnoise::cli
