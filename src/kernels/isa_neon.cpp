// The neon instantiation of the kernels. Built with this ISA's flags only (CMakeLists.txt).
#define GRADNOISE_KERNEL_ARCH xsimd::neon64
#define GRADNOISE_KERNEL_NS neon
#define GRADNOISE_KERNEL_ISA ::gradnoise::Isa::neon
#include "kernels/kernels.inl"
