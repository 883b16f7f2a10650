// Internal: the one place that knows which ISAs exist and which one runs.
#ifndef GRADNOISE_SRC_API_DISPATCH_HPP
#define GRADNOISE_SRC_API_DISPATCH_HPP

#include "kernels/kernel_list.hpp"

namespace gradnoise::detail {

// The table of the active ISA (first call resolves GRADNOISE_ISA / CPU features).
const kernels::KernelTable& active_kernels() noexcept;

// The table of `isa` when compiled in and supported by this CPU, else nullptr.
const kernels::KernelTable* kernels_for(Isa isa) noexcept;

}  // namespace gradnoise::detail

#endif
