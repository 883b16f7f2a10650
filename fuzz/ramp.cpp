// Fuzz target: the colour-ramp parser (--ramp, and ramps in --config files). Properties: a ramp
// that parses prints (ramp_text) as text that parses to the same stops, and colouring any value,
// NaN and infinities included, stays defined (UBSan checks the float-to-byte conversions).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>

#include "presets.hpp"

using namespace gradnoise::cli;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::string error;
    const std::optional<Ramp> ramp = parse_ramp(text, &error);
    if (!ramp) {
        if (error.empty()) std::abort();
        return 0;
    }
    const std::optional<Ramp> again = parse_ramp(ramp_text(*ramp), &error);
    if (!again || again->size() != ramp->size()) std::abort();
    for (std::size_t i = 0; i < ramp->size(); ++i) {
        // %g keeps 6 digits: positions come back within that, colours exactly.
        if (std::fabs((*again)[i].position - (*ramp)[i].position) > 1e-5f || (*again)[i].rgb != (*ramp)[i].rgb) std::abort();
    }
    const float probes[] = {-1.0f, 0.0f, 0.25f, 0.5f, 1.0f, 2.0f, std::numeric_limits<float>::quiet_NaN(),
                            std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::denorm_min()};
    unsigned sum = 0;
    for (float t : probes) {
        for (std::uint8_t c : ramp_colour(*ramp, t)) sum += c;
    }
    for (const RampStop& s : *ramp) {
        for (std::uint8_t c : ramp_colour(*ramp, s.position)) sum += c;
    }
    return sum == ~0u ? 1 : 0;
}
