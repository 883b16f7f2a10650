// gradnoise — every parameter of a field's description (NoiseDesc), declared once: its name, kind,
// allowed values, default and one line of help. Noise::validate and ignored_parameter check against
// this table; the graph format's field keys, the C API's gradnoise_desc_set_parameter, the
// command-line tool's options, their help and the --config keys, Python's Field keywords and stubs
// and docs/graph-reference.md are all derived from it. An editor can build its panel from it too.
#ifndef GRADNOISE_PARAMETERS_HPP
#define GRADNOISE_PARAMETERS_HPP

#include "gradnoise/export.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

#include "gradnoise/noise.hpp"
#include "gradnoise/status.hpp"

namespace gradnoise {

enum class ParameterKind : std::uint8_t {
    choice,   // one of `choices` (an enumeration's names, in its order); its value is the index
    integer,  // an integer in [lo, hi]; with period_values, one of the periods (allowed says which)
    number,   // a float32 in [lo, hi] (lo excluded when lo_open); the bounds +-FLT_MAX mean "finite"
    seed,     // a 64-bit seed, or none (Ken Perlin's own permutation)
};

struct Parameter {
    const char* name;    // snake_case: graph files, Python keywords, the C API's by-name setter;
                         // the command-line option is "--" + name with '-' for '_'
    const char* member;  // NoiseDesc's member ("fractal.octaves"), as Noise::validate's messages name it
    ParameterKind kind;
    const char* const* choices;      // choice: the names, null-terminated
    const char* const* choice_help;  // choice: one line of help per name
    double lo, hi;
    bool lo_open;
    bool period_values;  // a period: 0, a power of two up to 256, or three times one up to hi
    const char* allowed;  // the allowed values in words, as Noise::validate says them: "in 1..32"
    const char* expects;  // what set_parameter reads, in words: "an integer in 1..32"
    const char* help;     // one line
    const char* needs;    // what must be in the field for the parameter to take effect ("a fractal
                          // (fbm, ...)"), or null: always
    const char* axis_of;  // "period" for period_x..period_w (front ends may take them as one list), or null
    // The value as a double (a choice: its index), and back (the value must be allowed). Null for
    // the seed, which does not fit a double: has_seed and seed.
    double (*get)(const NoiseDesc&);
    void (*set)(NoiseDesc&, double);
};

// The table, in NoiseDesc's order. Static storage: the pointers live as long as the program.
GRADNOISE_API const Parameter* parameters(std::size_t* count) noexcept;
GRADNOISE_API const Parameter* find_parameter(const char* name) noexcept;  // null when unknown

// Whether `value` is allowed (the table's range; a choice: a valid index). Not for the seed.
GRADNOISE_API bool parameter_allows(const Parameter& p, double value) noexcept;
// Whether the parameter takes effect in `desc` (see `needs`).
GRADNOISE_API bool parameter_in_effect(const Parameter& p, const NoiseDesc& desc) noexcept;

// Sets one parameter from text: a choice's name, a decimal integer, a number (read as a float32,
// correctly rounded), or a seed ("reference" for none, a decimal in -2^63..2^64-1 -- a negative one
// is its two's complement, as OpenSimplex2's long seeds -- or 0x hex). On failure desc is unchanged
// and the status says "<name> must be <expects>".
GRADNOISE_API Status set_parameter(NoiseDesc& desc, const char* name, const char* text) noexcept;
// The parameter's value as text that set_parameter reads back to the same value (a number: its
// shortest decimal; the seed: "reference" or its decimal).
GRADNOISE_API std::string parameter_text(const NoiseDesc& desc, const Parameter& p);

// The strength a pattern's recipe uses (marble 4, wood 0.2; none: PatternParams' default): what the command-line tool
// and Python give a pattern named without a strength.
GRADNOISE_API float pattern_recipe_strength(Pattern pattern) noexcept;

// The family a basis belongs to (enumerations.h): which options apply (spec sections 10, 15-17).
enum class BasisFamily : int { lattice, simplex, cellular };
GRADNOISE_API BasisFamily basis_family(Basis basis) noexcept;

}  // namespace gradnoise

#endif
