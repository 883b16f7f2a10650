// The simd128 instantiation of the kernels: WebAssembly SIMD, built only into the library's SIMD
// module for the web (Emscripten, -msimd128). xsimd 8 has no WebAssembly architecture, so the kernels
// run over its SSE2 batches, which Emscripten compiles to WebAssembly SIMD instructions (its
// emmintrin.h); ops.hpp takes the portable form wherever x86 semantics would not carry over.
#define GRADNOISE_KERNEL_ARCH xsimd::sse2
#define GRADNOISE_KERNEL_NS simd128
#define GRADNOISE_KERNEL_ISA ::gradnoise::Isa::simd128
#include "kernels/kernels.inl"
