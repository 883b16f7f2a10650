// gradnoise — instruction-set selection.
//
// Every path computes the same bits (docs/spec.md); the ISA only changes speed.
// At first use the library picks the best path this CPU and this build support
// (avx512 > avx2 > sse2 on x86-64, neon on aarch64, simd128 in WebAssembly's SIMD module, scalar
// anywhere). GRADNOISE_ISA=scalar|sse2|avx2|avx512|neon|simd128|auto (read once at first use) or
// force_isa() overrides that choice; forcing an ISA the CPU lacks is an error, never a fallback.
// The first call into the library resolves the choice (it reads the environment and may print one
// warning line); call active_isa() during start-up to keep that off a real-time thread.
#ifndef GRADNOISE_ISA_HPP
#define GRADNOISE_ISA_HPP

#include "gradnoise/export.hpp"

#include "gradnoise/status.hpp"

namespace gradnoise {

enum class Isa : int {
    scalar = 0,  // the reference path: plain C++, one point at a time
    sse2 = 1,    // x86-64 baseline: two 4-lane batches per step
    avx2 = 2,    // one 8-lane batch per step (hardware gathers)
    avx512 = 3,  // AVX-512 F+CD+DQ+BW+VL+VBMI (Ice Lake, Zen 4 and later): two 16-lane batches per step;
                 // older AVX-512 CPUs (Skylake-SP) run avx2
    neon = 4,    // aarch64 Advanced SIMD: two 4-lane batches per step
    simd128 = 5, // WebAssembly SIMD (the library's SIMD module for the web): two 4-lane batches per step
};

inline constexpr int isa_count = 6;

// "scalar", "sse2", "avx2", "avx512", "neon", "simd128"; "unknown" for values outside the enum.
GRADNOISE_API const char* isa_name(Isa isa) noexcept;

// Parses a name as printed by isa_name. Returns false (and leaves *out alone) for anything else.
GRADNOISE_API bool parse_isa(const char* name, Isa* out) noexcept;

// True when this build contains the path and this CPU (and OS) can run it.
GRADNOISE_API bool isa_supported(Isa isa) noexcept;

// The best supported ISA, ignoring any override.
GRADNOISE_API Isa best_isa() noexcept;

// The ISA every evaluation uses now (thread-safe; an atomic read).
GRADNOISE_API Isa active_isa() noexcept;

// Forces a path for all later calls in this process. Fails with isa_unsupported, and changes
// nothing, if isa_supported(isa) is false. Calls already running finish on the old path.
GRADNOISE_API Status force_isa(Isa isa) noexcept;

// Returns to the automatic choice (best_isa()), ignoring GRADNOISE_ISA.
GRADNOISE_API void reset_isa() noexcept;

// ok when GRADNOISE_ISA is unset, empty, "auto", or names a supported ISA. Otherwise the library runs
// best_isa(), and says so once on stderr when it first picks a path; tools that want a hard error
// check this before evaluating anything (and then nothing is printed but their own message).
GRADNOISE_API Status environment_isa_status() noexcept;

}  // namespace gradnoise

#endif
