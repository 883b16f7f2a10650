// The sse2 instantiation of the kernels. Built with this ISA's flags only (CMakeLists.txt).
#define GRADNOISE_KERNEL_ARCH xsimd::sse2
#define GRADNOISE_KERNEL_NS sse2
#define GRADNOISE_KERNEL_ISA ::gradnoise::Isa::sse2
#include "kernels/kernels.inl"
