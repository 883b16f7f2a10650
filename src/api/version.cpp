// The version string. (The enumerations' names come from enumerations.h, through the parameter
// table: parameters.cpp.)
#include "gradnoise/gradnoise.hpp"

namespace gradnoise {

#define GRADNOISE_STR2(x) #x
#define GRADNOISE_STR(x) GRADNOISE_STR2(x)
const char* version_string() noexcept {
    return GRADNOISE_STR(GRADNOISE_VERSION_MAJOR) "." GRADNOISE_STR(GRADNOISE_VERSION_MINOR) "." GRADNOISE_STR(
        GRADNOISE_VERSION_PATCH);
}

}  // namespace gradnoise
