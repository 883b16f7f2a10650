// The avx2 instantiation of the kernels. Built with this ISA's flags only (CMakeLists.txt).
#define GRADNOISE_KERNEL_ARCH xsimd::avx2
#define GRADNOISE_KERNEL_NS avx2
#define GRADNOISE_KERNEL_ISA ::gradnoise::Isa::avx2
#include "kernels/kernels.inl"
