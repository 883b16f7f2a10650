// gradnoise — bit-exact gradient noise on every CPU. Umbrella header.
#ifndef GRADNOISE_GRADNOISE_HPP
#define GRADNOISE_GRADNOISE_HPP

#include "gradnoise/export.hpp"

#include "gradnoise/version.h"

#include "gradnoise/isa.hpp"
#include "gradnoise/noise.hpp"
#include "gradnoise/graph.hpp"
#include "gradnoise/parameters.hpp"
#include "gradnoise/shader.hpp"
#include "gradnoise/status.hpp"

namespace gradnoise {
// "MAJOR.MINOR.PATCH" of the library that is running (gradnoise/version.h has the headers')
GRADNOISE_API const char* version_string() noexcept;
}  // namespace gradnoise

#endif
