// gradnoise — which declarations the library exports. The library is built with hidden symbol
// visibility, so only what is marked GRADNOISE_API is visible from a shared libgradnoise; the
// kernels, tables and their inline helpers stay internal (no clashes with an engine's own SIMD code).
#ifndef GRADNOISE_EXPORT_HPP
#define GRADNOISE_EXPORT_HPP

#if defined(__GNUC__) || defined(__clang__)
#define GRADNOISE_API __attribute__((visibility("default")))
#else
#define GRADNOISE_API
#endif

#endif
