// Internal: the parameter table's refusal for Noise::validate, "NoiseDesc: <member> must be
// <allowed>", made once with the table (parameters.cpp) because a Status's message is static text.
#ifndef GRADNOISE_SRC_API_PARAMETER_REFUSALS_HPP
#define GRADNOISE_SRC_API_PARAMETER_REFUSALS_HPP

#include "gradnoise/parameters.hpp"

namespace gradnoise {

const char* validate_refusal(const Parameter& p) noexcept;

}  // namespace gradnoise

#endif
