// The avx512 instantiation of the kernels. Built with this ISA's flags only (CMakeLists.txt).
#define GRADNOISE_KERNEL_ARCH xsimd::avx512bw
#define GRADNOISE_KERNEL_NS avx512
#define GRADNOISE_KERNEL_ISA ::gradnoise::Isa::avx512
#include "kernels/kernels.inl"
