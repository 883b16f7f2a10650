// Internal: which x86 SIMD units this CPU and its operating system can run, read with CPUID and
// XGETBV on every compiler (GCC, clang, MSVC, clang-cl): the dispatcher's only CPU question there.
#ifndef GRADNOISE_SRC_API_CPU_FEATURES_HPP
#define GRADNOISE_SRC_API_CPU_FEATURES_HPP

namespace gradnoise::detail {

struct X86Features {
    bool sse2 = false;
    bool avx2 = false;    // AVX2 and FMA, with the OS saving the YMM registers
    bool avx512 = false;  // F, CD, DQ, BW, VL and VBMI, with the OS saving the ZMM and mask registers
};

// All false on other architectures. Reads the CPU on each call (the dispatcher calls it once).
X86Features x86_features() noexcept;

}  // namespace gradnoise::detail

#endif
