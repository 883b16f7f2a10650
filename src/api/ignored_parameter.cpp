// ignored_parameter(): which changed parameters a field ignores, from the parameter table's "needs"
// (parameters.cpp), one rule for every front end.
#include "gradnoise/noise.hpp"
#include "gradnoise/parameters.hpp"

namespace gradnoise {

IgnoredParameter ignored_parameter(const NoiseDesc& desc, const NoiseDesc& base) noexcept {
    std::size_t count = 0;
    const Parameter* table = parameters(&count);
    for (std::size_t i = 0; i < count; ++i) {
        const Parameter& p = table[i];
        if (p.needs == nullptr || p.get == nullptr || parameter_in_effect(p, desc)) {
            continue;
        }
        if (p.get(desc) != p.get(base)) {
            return {p.member, p.needs};
        }
    }
    return {};
}

}  // namespace gradnoise
