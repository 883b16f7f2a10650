// Fuzz target: the bench report reader of `gradnoise bench --compare`: the input as report B beside
// a valid report A, and as both. A report it cannot read must be refused with CliError; any other
// exception, crash, or undefined behaviour is a bug.
#include <cstdint>
#include <cstdio>
#include <string>

#include "parsers.hpp"

namespace {
const char* const valid_report = R"({"schema": "gradnoise-bench/1", "gradnoise_version": "1.0.0",
  "date": "2026-12-02", "machine": {"cpu_model": "fuzz"}, "settings": {"mode": "quick", "threads": 2},
  "kernels": [{"name": "perlin3/points", "results": [
    {"impl": "gradnoise", "isa": "scalar", "threads": 1, "samples_per_second": 4.0e6},
    {"impl": "gradnoise", "isa": "avx2", "threads": 2, "samples_per_second": 2.0e8},
    {"impl": "stb_perlin", "threads": 1, "samples_per_second": 2.5e7}]}]})";
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    if (!std::freopen("/dev/null", "w", stdout)) return 1;  // the comparison table
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    for (int both = 0; both < 2; ++both) {
        try {
            (void)gradnoise::cli::compare_report_texts(both ? text : std::string(valid_report), text);
        } catch (const gradnoise::cli::CliError&) {
        }
    }
    return 0;
}
