// gradnoise — which declarations the library exports. The library is built with hidden symbol
// visibility, so only what is marked GRADNOISE_API is visible from a shared libgradnoise; the
// kernels, tables and their inline helpers stay internal (no clashes with an engine's own SIMD code).
#ifndef GRADNOISE_EXPORT_HPP
#define GRADNOISE_EXPORT_HPP

// Windows: a DLL build exports (GRADNOISE_SHARED_BUILD, set by CMake while building it) and its users
// import (GRADNOISE_SHARED, which the CMake package passes on); a static library needs neither.
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(GRADNOISE_SHARED_BUILD)
#define GRADNOISE_API __declspec(dllexport)
#elif defined(GRADNOISE_SHARED)
#define GRADNOISE_API __declspec(dllimport)
#else
#define GRADNOISE_API
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define GRADNOISE_API __attribute__((visibility("default")))
#else
#define GRADNOISE_API
#endif

#endif
