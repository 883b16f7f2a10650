// gradnoise bench — the kernels it measures: each (Perlin 2D/3D/4D and 6-octave fBm on points and on
// grids; OpenSimplex2/2S and cellular noise) as one call over all its samples on a given number of
// threads, and stb_perlin's call on the same samples where it has one.
#ifndef GRADNOISE_CLI_BENCH_KERNELS_HPP
#define GRADNOISE_CLI_BENCH_KERNELS_HPP

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace gradnoise::cli {

enum class Impl { gradnoise, stb };

// One call of a kernel over all its samples, on `threads` threads.
using KernelCall = std::function<void(Impl, unsigned threads)>;

struct Kernel {
    std::string name, description;
    std::size_t samples;
    bool has_stb;
    KernelCall call;
};

// Every kernel, in the order the tables and the report list them, each over `samples` samples per
// call (grids: the nearest grid shape). The fields, points and output buffer they run on live as
// long as this object.
class Workloads {
public:
    explicit Workloads(std::size_t samples);
    ~Workloads();
    Workloads(const Workloads&) = delete;
    Workloads& operator=(const Workloads&) = delete;

    const std::vector<Kernel>& kernels() const;

private:
    struct Data;
    std::unique_ptr<Data> data_;
};

}  // namespace gradnoise::cli

#endif
