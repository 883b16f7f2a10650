// gradnoise bench — the machine a report describes (CPU, cores, OS, compiler, ISAs), and the
// instructions per sample where Linux perf events count them.
#ifndef GRADNOISE_CLI_BENCH_MACHINE_HPP
#define GRADNOISE_CLI_BENCH_MACHINE_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gradnoise/gradnoise.hpp"

namespace gradnoise::cli {

struct Machine {
    std::string cpu_model = "unknown", os = "unknown", compiler;
    unsigned logical_cpus = 1, physical_cores = 0;  // 0: not known
    std::vector<Isa> isas;
    Isa best = Isa::scalar;
};

Machine describe_machine();

// Counts this thread's user-space instructions between start() and stop(); unavailable where the
// kernel or a VM does not count them.
class InstructionCounter {
public:
    InstructionCounter();
    ~InstructionCounter();
    InstructionCounter(const InstructionCounter&) = delete;
    InstructionCounter& operator=(const InstructionCounter&) = delete;

    bool available() const { return fd_ >= 0; }
    void start();
    std::optional<std::uint64_t> stop();

private:
    int fd_ = -1;
};

}  // namespace gradnoise::cli

#endif
