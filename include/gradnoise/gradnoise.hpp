// gradnoise — bit-exact gradient noise on every CPU. Umbrella header.
#ifndef GRADNOISE_GRADNOISE_HPP
#define GRADNOISE_GRADNOISE_HPP

#include "gradnoise/export.hpp"

#define GRADNOISE_VERSION_MAJOR 0
#define GRADNOISE_VERSION_MINOR 1
#define GRADNOISE_VERSION_PATCH 0

#include "gradnoise/isa.hpp"
#include "gradnoise/noise.hpp"
#include "gradnoise/status.hpp"

namespace gradnoise {
// "0.1.0"
GRADNOISE_API const char* version_string() noexcept;
}  // namespace gradnoise

#endif
