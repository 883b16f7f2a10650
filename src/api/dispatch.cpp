#include "api/dispatch.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "api/cpu_features.hpp"
#include "gradnoise/isa.hpp"

namespace gradnoise {
namespace {

#define GRADNOISE_ISA_ONE(name) +1
static_assert(0 GRADNOISE_ISA_LIST(GRADNOISE_ISA_ONE) == isa_count, "kernel_list.hpp's ISA list is Isa's");
#undef GRADNOISE_ISA_ONE

// "auto, scalar, sse2, ...": what GRADNOISE_ISA may say.
#define GRADNOISE_ISA_WORD(name) ", " #name
#define GRADNOISE_ISA_CHOICES "auto" GRADNOISE_ISA_LIST(GRADNOISE_ISA_WORD)

// Compiled in? (CMake defines GRADNOISE_HAVE_<ISA> for the kernel TUs it builds.)
const kernels::KernelTable* compiled_table(Isa isa) noexcept {
    switch (isa) {
        case Isa::scalar: return &kernels::scalar::kernel_table();
#if defined(GRADNOISE_HAVE_SSE2)
        case Isa::sse2: return &kernels::sse2::kernel_table();
#endif
#if defined(GRADNOISE_HAVE_AVX2)
        case Isa::avx2: return &kernels::avx2::kernel_table();
#endif
#if defined(GRADNOISE_HAVE_AVX512)
        case Isa::avx512: return &kernels::avx512::kernel_table();
#endif
#if defined(GRADNOISE_HAVE_NEON)
        case Isa::neon: return &kernels::neon::kernel_table();
#endif
#if defined(GRADNOISE_HAVE_SIMD128)
        case Isa::simd128: return &kernels::simd128::kernel_table();
#endif
        default: return nullptr;
    }
}

// Can this CPU and OS run it? On x86, CPUID and XGETBV (cpu_features.cpp: the OS must save the
// AVX/AVX-512 register state too), the same on every compiler.
bool cpu_runs(Isa isa) noexcept {
    static const detail::X86Features x86 = detail::x86_features();
    switch (isa) {
        case Isa::scalar: return true;
        case Isa::sse2: return x86.sse2;
        case Isa::avx2: return x86.avx2;
        case Isa::avx512: return x86.avx512;
#if defined(__aarch64__) || defined(_M_ARM64)
        case Isa::neon: return true;  // Advanced SIMD is mandatory on AArch64
#endif
#if defined(GRADNOISE_HAVE_SIMD128)
        // WebAssembly cannot ask at run time: only the SIMD module has this unit, and a module with
        // SIMD instructions only loads where the engine has them (the loader, web/gradnoise.js, picks).
        case Isa::simd128: return true;
#endif
        default: return false;
    }
}

std::atomic<const kernels::KernelTable*> g_active{nullptr};

const kernels::KernelTable* best_table() noexcept {
    const Isa order[] = {Isa::avx512, Isa::avx2, Isa::sse2, Isa::neon, Isa::simd128, Isa::scalar};
    for (Isa isa : order) {
        if (const kernels::KernelTable* t = detail::kernels_for(isa)) {
            return t;
        }
    }
    return &kernels::scalar::kernel_table();
}

// What GRADNOISE_ISA asked for, read exactly once per process (a function-local static: its
// initialisation is thread-safe), independently of force_isa()/reset_isa(). A bad value is
// reported through environment_isa_status() -- a tool checks it first and refuses to run -- and,
// if the library then falls back to the automatic choice (rather than abort its host), once on
// stderr when it does (active_kernels()): a host that refused never prints "using ...".
struct EnvironmentChoice {
    const kernels::KernelTable* table = nullptr;  // null: no usable override
    int error = 0;                                // 0 none, 1 unknown name, 2 unsupported ISA
    char value[32] = {};                          // GRADNOISE_ISA's text (a copy: the host may change it)
};

const EnvironmentChoice& environment_choice() noexcept {
    static const EnvironmentChoice choice = [] {
        EnvironmentChoice c;
        const char* env = std::getenv("GRADNOISE_ISA");
        if (env == nullptr || *env == '\0' || std::strcmp(env, "auto") == 0) {
            return c;
        }
        std::snprintf(c.value, sizeof c.value, "%s", env);  // (truncated past 31 characters)
        Isa isa{};
        if (!parse_isa(env, &isa)) {
            c.error = 1;
        } else if ((c.table = detail::kernels_for(isa)) == nullptr) {
            c.error = 2;
        }
        return c;
    }();
    return choice;
}

void warn_of_fallback(const EnvironmentChoice& c, const kernels::KernelTable* chosen) noexcept {
    if (c.error != 0) {
        std::fprintf(stderr, "gradnoise: GRADNOISE_ISA=%s %s; using %s\n", c.value,
                     c.error == 1 ? "is not one of " GRADNOISE_ISA_CHOICES : "is not supported by this CPU or build",
                     isa_name(chosen->isa));
    }
}

}  // namespace

namespace detail {

const kernels::KernelTable* kernels_for(Isa isa) noexcept {
    return cpu_runs(isa) ? compiled_table(isa) : nullptr;
}

const kernels::KernelTable& active_kernels() noexcept {
    const kernels::KernelTable* t = g_active.load(std::memory_order_acquire);
    if (t == nullptr) {
        const kernels::KernelTable* expected = nullptr;
        const EnvironmentChoice& env = environment_choice();
        const kernels::KernelTable* chosen = env.table != nullptr ? env.table : best_table();
        // First resolver wins (and alone warns of a bad GRADNOISE_ISA); a concurrent force_isa() is
        // never overwritten.
        if (g_active.compare_exchange_strong(expected, chosen, std::memory_order_acq_rel)) {
            warn_of_fallback(env, chosen);
        }
        t = g_active.load(std::memory_order_acquire);
    }
    return *t;
}

}  // namespace detail

const char* isa_name(Isa isa) noexcept {
    switch (isa) {
#define GRADNOISE_ISA_NAME(name) \
    case Isa::name: return #name;
        GRADNOISE_ISA_LIST(GRADNOISE_ISA_NAME)
#undef GRADNOISE_ISA_NAME
    }
    return "unknown";
}

bool parse_isa(const char* name, Isa* out) noexcept {
    if (name == nullptr || out == nullptr) {
        return false;
    }
    for (int i = 0; i < isa_count; ++i) {
        Isa isa = static_cast<Isa>(i);
        if (std::strcmp(name, isa_name(isa)) == 0) {
            *out = isa;
            return true;
        }
    }
    return false;
}

bool isa_supported(Isa isa) noexcept { return detail::kernels_for(isa) != nullptr; }

Isa best_isa() noexcept { return best_table()->isa; }

Isa active_isa() noexcept { return detail::active_kernels().isa; }

Status force_isa(Isa isa) noexcept {
    const kernels::KernelTable* t = detail::kernels_for(isa);
    if (t == nullptr) {
        return Status(ErrorCode::isa_unsupported,
                      "force_isa: isa is not supported by this CPU or build (see isa_supported)");
    }
    g_active.store(t, std::memory_order_release);
    return Status::success();
}

void reset_isa() noexcept { g_active.store(best_table(), std::memory_order_release); }

Status environment_isa_status() noexcept {
    switch (environment_choice().error) {
        case 1:
            return Status(ErrorCode::invalid_argument,
                          "GRADNOISE_ISA must be one of " GRADNOISE_ISA_CHOICES);
        case 2:
            return Status(ErrorCode::isa_unsupported, "GRADNOISE_ISA names an ISA this CPU or build does not support");
        default:
            return Status::success();
    }
}

}  // namespace gradnoise
