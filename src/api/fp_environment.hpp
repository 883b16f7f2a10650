// Internal: the floating-point environment docs/spec.md section 1 assumes, for the length of one
// library call. Hosts may run with flush-to-zero / denormals-are-zero (common in game and audio
// engines), another rounding mode, or unmasked exceptions; any of those would change bits (or
// trap on the NaN lanes of non-finite inputs). The guard switches to round-to-nearest, no FTZ/DAZ,
// exceptions masked, and restores the caller's settings on the way out. When the caller already
// runs the default environment it costs one register read.
#ifndef GRADNOISE_SRC_API_FP_ENVIRONMENT_HPP
#define GRADNOISE_SRC_API_FP_ENVIRONMENT_HPP

#include <cstdint>

// Every x86-64 compiler: MSVC says SSE2 with _M_X64 rather than __SSE2__.
#if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
#define GRADNOISE_FP_MXCSR 1
#include <immintrin.h>
#endif

namespace gradnoise::detail {

class SpecFpEnvironment {
public:
#if defined(GRADNOISE_FP_MXCSR)
    SpecFpEnvironment() noexcept : saved_(_mm_getcsr()) {
        // MXCSR: bit 15 FTZ, bits 13-14 rounding, bits 7-12 exception masks, bit 6 DAZ.
        const unsigned wanted = (saved_ & ~(0x8000u | 0x6000u | 0x0040u)) | 0x1F80u;
        if (wanted != saved_) {
            _mm_setcsr(wanted);
            changed_ = true;
        }
    }
    ~SpecFpEnvironment() {
        if (changed_) {
            _mm_setcsr(saved_);
        }
    }

private:
    unsigned saved_;
#elif defined(__aarch64__)
    SpecFpEnvironment() noexcept {
        asm volatile("mrs %0, fpcr" : "=r"(saved_));
        // FPCR: bit 25 DN, bit 24 FZ, bits 22-23 RMode, bit 19 FZ16, bits 8-12 and 15 trap enables,
        // bits 0-1 FIZ/AH (FEAT_AFP). All zero is the IEEE default.
        const std::uint64_t clear = (1u << 25) | (1u << 24) | (3u << 22) | (1u << 19) | (0x1Fu << 8) | (1u << 15) | 3u;
        const std::uint64_t wanted = saved_ & ~clear;
        if (wanted != saved_) {
            asm volatile("msr fpcr, %0" : : "r"(wanted));
            changed_ = true;
        }
    }
    ~SpecFpEnvironment() {
        if (changed_) {
            asm volatile("msr fpcr, %0" : : "r"(saved_));
        }
    }

private:
    std::uint64_t saved_ = 0;
#else
    // Other targets (WebAssembly, ...): the caller's environment is used as it is (documented in
    // docs/spec.md). WebAssembly's is always IEEE round-to-nearest without flush-to-zero.
    SpecFpEnvironment() noexcept {}  // (not `= default`: a trivial guard would be an "unused variable")
#endif
    [[maybe_unused]] bool changed_ = false;

public:
    SpecFpEnvironment(const SpecFpEnvironment&) = delete;
    SpecFpEnvironment& operator=(const SpecFpEnvironment&) = delete;
};

}  // namespace gradnoise::detail

#endif
