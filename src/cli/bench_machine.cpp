#include "bench_machine.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <thread>
#include <utility>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>
#endif

namespace gradnoise::cli {

Machine describe_machine() {
    Machine m;
    m.logical_cpus = std::max(1u, std::thread::hardware_concurrency());
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    std::set<std::pair<std::string, std::string>> cores;
    std::string physical_id = "0", implementer, part;
    while (std::getline(in, line)) {
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) {
            continue;
        }
        std::string key = line.substr(0, colon);
        key.erase(key.find_last_not_of(" \t") + 1);
        std::string value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
        if (key == "model name" && m.cpu_model == "unknown") {
            m.cpu_model = value;
        } else if (key == "physical id") {
            physical_id = value;
        } else if (key == "core id") {
            cores.insert({physical_id, value});
        } else if (key == "CPU implementer" && implementer.empty()) {
            implementer = value;
        } else if (key == "CPU part" && part.empty()) {
            part = value;
        }
    }
    if (m.cpu_model == "unknown" && !implementer.empty()) {  // aarch64 Linux has no model name
        m.cpu_model = "implementer " + implementer + " part " + part;
    }
    m.physical_cores = static_cast<unsigned>(cores.size());
#if defined(__linux__)
    utsname u{};
    if (uname(&u) == 0) {
        m.os = std::string(u.sysname) + " " + u.release + " " + u.machine;
    }
#elif defined(_WIN32)
    m.os = "Windows";
#endif
#if defined(__clang__)
    m.compiler = std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
    m.compiler = std::string("GCC ") + __VERSION__;
#else
    m.compiler = "unknown";
#endif
    for (int i = 0; i < isa_count; ++i) {
        if (isa_supported(static_cast<Isa>(i))) {
            m.isas.push_back(static_cast<Isa>(i));
        }
    }
    m.best = best_isa();
    return m;
}

// ---- instruction counts (Linux perf events, where the kernel and the machine allow them) ----

InstructionCounter::InstructionCounter() {
#if defined(__linux__)
        perf_event_attr a{};
        a.type = PERF_TYPE_HARDWARE;
        a.size = sizeof a;
        a.config = PERF_COUNT_HW_INSTRUCTIONS;
        a.disabled = 1;
        a.exclude_kernel = 1;
        a.exclude_hv = 1;
        fd_ = static_cast<int>(syscall(__NR_perf_event_open, &a, 0, -1, -1, 0));
        if (fd_ >= 0) {  // some VMs open the event but never count: check that it counts
            start();
            volatile unsigned sink = 0;
            for (unsigned i = 0; i < 10000; ++i) sink = sink + i;
            if (stop().value_or(0) < 10000) {
                close(fd_);
                fd_ = -1;
            }
        }
#endif
    }
InstructionCounter::~InstructionCounter() {
#if defined(__linux__)
        if (fd_ >= 0) close(fd_);
#endif
    }
void InstructionCounter::start() {
#if defined(__linux__)
        if (fd_ >= 0) {
            ioctl(fd_, PERF_EVENT_IOC_RESET, 0);
            ioctl(fd_, PERF_EVENT_IOC_ENABLE, 0);
        }
#endif
    }
std::optional<std::uint64_t> InstructionCounter::stop() {
#if defined(__linux__)
        if (fd_ >= 0) {
            ioctl(fd_, PERF_EVENT_IOC_DISABLE, 0);
            std::uint64_t count = 0;
            if (read(fd_, &count, sizeof count) == static_cast<ssize_t>(sizeof count)) {
                return count;
            }
        }
#endif
        return std::nullopt;
    }

}  // namespace gradnoise::cli
