// ignored_parameter(): which changed parameters a field ignores, one table for every front end.
#include "gradnoise/noise.hpp"

namespace gradnoise {
namespace {

bool is_simplex(const NoiseDesc& d) { return d.basis == Basis::opensimplex2 || d.basis == Basis::opensimplex2s; }

// A rule: the parameters of one part of the field, whether that part is in effect, and what puts it
// there. `changed` lists, per parameter, whether desc differs from base there.
struct Rule {
    bool (*in_effect)(const NoiseDesc&);
    const char* needs;
    struct Parameter {
        const char* field;
        bool (*changed)(const NoiseDesc&, const NoiseDesc&);
    } parameters[4];
};

#define GRADNOISE_PARAMETER(member) \
    { #member, [](const NoiseDesc& a, const NoiseDesc& b) { return a.member != b.member; } }

const Rule rules[] = {
    {[](const NoiseDesc& d) { return d.fractal.kind != Fractal::none; },
     "a fractal (fbm, turbulence, ridged, billow or damped)",
     {GRADNOISE_PARAMETER(fractal.octaves), GRADNOISE_PARAMETER(fractal.frequency), GRADNOISE_PARAMETER(fractal.lacunarity),
      GRADNOISE_PARAMETER(fractal.persistence)}},
    {[](const NoiseDesc& d) { return d.warp.levels > 0; },
     "a warp (1 or 2 levels)",
     {GRADNOISE_PARAMETER(warp.strength), GRADNOISE_PARAMETER(warp.frequency)}},
    {[](const NoiseDesc& d) { return d.pattern.kind != Pattern::none; },
     "a pattern (marble or wood)",
     {GRADNOISE_PARAMETER(pattern.frequency), GRADNOISE_PARAMETER(pattern.strength)}},
    {[](const NoiseDesc& d) { return d.basis == Basis::cellular; },
     "the cellular basis",
     {GRADNOISE_PARAMETER(cellular.distance), GRADNOISE_PARAMETER(cellular.output), GRADNOISE_PARAMETER(cellular.jitter)}},
    {is_simplex,
     "an OpenSimplex2 basis (opensimplex2 or opensimplex2s)",
     {GRADNOISE_PARAMETER(simplex.orientation2), GRADNOISE_PARAMETER(simplex.orientation3),
      GRADNOISE_PARAMETER(simplex.orientation4)}},
    {[](const NoiseDesc& d) { return !is_simplex(d) && d.basis != Basis::cellular; },
     "a lattice basis (perlin, classic, value or isotropic: the simplex families and cellular noise have no fade)",
     {GRADNOISE_PARAMETER(fade)}},
    {[](const NoiseDesc& d) { return d.basis != Basis::cellular; },
     "a lattice or simplex basis (cellular noise always hashes by mixing)",
     {GRADNOISE_PARAMETER(hash)}},
};

#undef GRADNOISE_PARAMETER

}  // namespace

IgnoredParameter ignored_parameter(const NoiseDesc& desc, const NoiseDesc& base) noexcept {
    for (const Rule& rule : rules) {
        if (rule.in_effect(desc)) {
            continue;
        }
        for (const Rule::Parameter& p : rule.parameters) {
            if (p.field != nullptr && p.changed(desc, base)) {
                return {p.field, rule.needs};
            }
        }
    }
    return {};
}

}  // namespace gradnoise
