// Internal to gradnoise_gpu: running known-answer cases on a device and comparing every output word
// with the CPU's (the public face is gradnoise/gpu.hpp; the tests call run_cases directly, with the
// adversary's prefix).
#ifndef GRADNOISE_SRC_GPU_CHECK_HPP
#define GRADNOISE_SRC_GPU_CHECK_HPP

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "gpu/device.hpp"
#include "gpu/known_answers.hpp"
#include "gradnoise/gpu.hpp"

namespace gradnoise::gpu {

struct RunOptions {
    std::size_t random = 2048;  // random points per value and gradient case
    std::string prefix;         // GLSL before the generated text (the tests' adversary)
    std::size_t batch = 0;      // fields per program (0: 1 on a software renderer, 4 on a GPU)
    // Runs of each program: run p sets parameter word `pass_word` to p, so one compile serves several
    // modes (the tests' adversary reads it); a case is exact when every run is.
    std::size_t passes = 1;
};
constexpr std::size_t pass_word = parameter_words - 1;

// Each case's result, in order. Cases share programs `batch` at a time; a program that does not compile
// or link is tried case by case, so a failing case names itself and never reads a stale buffer.
std::vector<GpuCaseResult> run_cases(Device& device, const std::vector<Case>& cases, const RunOptions& options);

// The device of an API (null, with *why, where there is none: not built in, or no driver).
std::unique_ptr<Device> open(GpuApi api, std::string* why);

// The ordered distance between two floats' bits, in ulps (+-0 are 0 apart).
std::int64_t ulps_between(std::uint32_t a, std::uint32_t b);

}  // namespace gradnoise::gpu

#endif
