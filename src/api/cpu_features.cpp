// CPUID and XGETBV, the compiler's way (cpuid.h and inline asm for GCC and clang, intrin.h for MSVC
// and clang-cl), and the bits Intel's SDM (vol. 2A, CPUID) gives for each feature. A feature counts
// only when the OS also saves its registers (XCR0): a CPU with AVX-512 under an OS without it must not
// run the AVX-512 unit. tests/test_api.cpp compares the result with GCC's __builtin_cpu_supports.
#include "api/cpu_features.hpp"

#include <cstdint>

#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64) || defined(_M_IX86)
#define GRADNOISE_X86 1
#if defined(_MSC_VER)
#include <intrin.h>
#else
#include <cpuid.h>
#endif
#endif

namespace gradnoise::detail {

#if defined(GRADNOISE_X86)
namespace {

struct Registers {
    std::uint32_t eax = 0, ebx = 0, ecx = 0, edx = 0;
};

Registers cpuid(std::uint32_t leaf, std::uint32_t subleaf) noexcept {
    Registers r;
#if defined(_MSC_VER)
    int v[4] = {};
    __cpuidex(v, static_cast<int>(leaf), static_cast<int>(subleaf));
    r = {static_cast<std::uint32_t>(v[0]), static_cast<std::uint32_t>(v[1]), static_cast<std::uint32_t>(v[2]),
         static_cast<std::uint32_t>(v[3])};
#else
    __cpuid_count(leaf, subleaf, r.eax, r.ebx, r.ecx, r.edx);
#endif
    return r;
}

// XCR0: which register states the OS saves on a context switch (only when CPUID says OSXSAVE).
std::uint64_t xcr0() noexcept {
#if defined(_MSC_VER)
    return _xgetbv(0);
#else
    std::uint32_t lo = 0, hi = 0;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (static_cast<std::uint64_t>(hi) << 32) | lo;
#endif
}

bool bit(std::uint32_t reg, int n) noexcept { return ((reg >> n) & 1u) != 0; }

}  // namespace

X86Features x86_features() noexcept {
    X86Features f;
    const std::uint32_t max_leaf = cpuid(0, 0).eax;
    if (max_leaf < 1) {
        return f;
    }
    const Registers l1 = cpuid(1, 0);
    f.sse2 = bit(l1.edx, 26);
    const bool osxsave = bit(l1.ecx, 27), avx = bit(l1.ecx, 28);
    const std::uint64_t xcr = osxsave ? xcr0() : 0;
    const bool os_ymm = (xcr & 0x6) == 0x6;        // XMM and YMM state
    const bool os_zmm = (xcr & 0xE6) == 0xE6;      // and opmask, ZMM0-15 upper halves, ZMM16-31
    if (max_leaf < 7 || !avx || !os_ymm) {
        return f;
    }
    const Registers l7 = cpuid(7, 0);
    f.avx2 = bit(l7.ebx, 5) && bit(l1.ecx, 12) /* FMA: the unit is built with -mfma */;
    f.avx512 = os_zmm && bit(l7.ebx, 16) /* F */ && bit(l7.ebx, 28) /* CD */ && bit(l7.ebx, 17) /* DQ */ &&
               bit(l7.ebx, 30) /* BW */ && bit(l7.ebx, 31) /* VL */ && bit(l7.ecx, 1) /* VBMI */;
    return f;
}
#else
X86Features x86_features() noexcept { return {}; }
#endif

}  // namespace gradnoise::detail
