// The avx512 instantiation of the kernels. Built with this ISA's flags only (CMakeLists.txt).
// xsimd's avx512dq arch, not avx512bw: the kernels use 32- and 64-bit lanes only, and xsimd 8.1's
// avx512bw select (its byte/word blends, dead code for them) does not compile at -O0 with GCC 12.
// The unit is still built with -mavx512bw etc., so the compiler's and ops.hpp's instructions are
// unchanged; xsimd's int32 ops are avx512f's either way.
#define GRADNOISE_KERNEL_ARCH xsimd::avx512dq
#define GRADNOISE_KERNEL_NS avx512
#define GRADNOISE_KERNEL_ISA ::gradnoise::Isa::avx512
#include "kernels/kernels.inl"
