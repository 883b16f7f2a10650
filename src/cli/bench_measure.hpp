// gradnoise bench — measuring: a kernel's samples per second on each ISA and on stb_perlin, on
// one thread and on many (the median of timed runs of whole calls), its instructions per sample, and
// its ratios to gradnoise's scalar path and to stb_perlin at the same thread count.
#ifndef GRADNOISE_CLI_BENCH_MEASURE_HPP
#define GRADNOISE_CLI_BENCH_MEASURE_HPP

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"

#include "bench_machine.hpp"
#include "bench_kernels.hpp"
#include "progress.hpp"

namespace gradnoise::cli {

// What bench measures and how (the mode's defaults and the command line's choices).
struct BenchSettings {
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

// One kernel on every ISA of `isas` and on stb_perlin, on 1 thread and on `threads`, with its ratios;
// the progress line shows step *done (counted up) of total. A signal between two measurements ends
// the command (the kernels printed so far are complete; no --json report is written).
KernelReport measure_kernel(const Kernel& k, const std::vector<Isa>& isas, unsigned threads, const BenchSettings& s,
                            InstructionCounter* counter, ProgressLine& line, std::size_t* done, std::size_t total);

}  // namespace gradnoise::cli

#endif
