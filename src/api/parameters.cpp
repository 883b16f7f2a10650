// The parameter table (include/gradnoise/parameters.hpp): every NoiseDesc member once, with its
// range, the part of the field it needs and one line of help; the enumerations' names and help
// come from enumerations.h. Range and "needs" texts are derived here, so messages cannot drift
// from the checks.
#include "gradnoise/parameters.hpp"

#include "api/parameter_refusals.hpp"
#include "tables/simplex_tiling.hpp"

#include <cerrno>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string_view>
#include <system_error>
#include <vector>

namespace gradnoise {
namespace {

#define GRADNOISE_NAME_TEXT(name, NAME, family, help) #name,
#define GRADNOISE_HELP_TEXT(name, NAME, family, help) help,
#define GRADNOISE_NAMES_OF(list) \
    {list(GRADNOISE_NAME_TEXT) nullptr}, { list(GRADNOISE_HELP_TEXT) nullptr }

struct EnumText {  // (room for 15 values per enumeration: a longer list fails to compile)
    const char* const names[16];
    const char* const help[16];
};
const EnumText basis_text = {GRADNOISE_NAMES_OF(GRADNOISE_BASES)};
const EnumText fade_text = {GRADNOISE_NAMES_OF(GRADNOISE_FADES)};
const EnumText hash_text = {GRADNOISE_NAMES_OF(GRADNOISE_HASHES)};
const EnumText fractal_text = {GRADNOISE_NAMES_OF(GRADNOISE_FRACTALS)};
const EnumText pattern_text = {GRADNOISE_NAMES_OF(GRADNOISE_PATTERNS)};
const EnumText orientation2_text = {GRADNOISE_NAMES_OF(GRADNOISE_ORIENTATIONS2)};
const EnumText orientation3_text = {GRADNOISE_NAMES_OF(GRADNOISE_ORIENTATIONS3)};
const EnumText orientation4_text = {GRADNOISE_NAMES_OF(GRADNOISE_ORIENTATIONS4)};
const EnumText distance_text = {GRADNOISE_NAMES_OF(GRADNOISE_CELLULAR_DISTANCES)};
const EnumText output_text = {GRADNOISE_NAMES_OF(GRADNOISE_CELLULAR_OUTPUTS)};

#define GRADNOISE_FAMILY(name, NAME, family, help) BasisFamily::family,
constexpr BasisFamily families[] = {GRADNOISE_BASES(GRADNOISE_FAMILY)};
#undef GRADNOISE_FAMILY

constexpr double finite_max = FLT_MAX;

// "a, b or c"
std::string joined(const std::vector<std::string>& items) {
    std::string s;
    for (std::size_t i = 0; i < items.size(); ++i) {
        s += (i == 0 ? "" : i + 1 == items.size() ? " or " : ", ") + items[i];
    }
    return s;
}

std::vector<std::string> all_names(const EnumText& e, int skip = -1) {
    std::vector<std::string> v;
    for (int i = 0; e.names[i] != nullptr; ++i) {
        if (i != skip) {
            v.emplace_back(e.names[i]);
        }
    }
    return v;
}

std::vector<std::string> bases_of(BasisFamily family) {
    std::vector<std::string> v;
    for (int i = 0; basis_text.names[i] != nullptr; ++i) {
        if (families[i] == family) {
            v.emplace_back(basis_text.names[i]);
        }
    }
    return v;
}

// The shortest text that reads back to v: std::to_chars; where the standard library lacks its
// floating-point overloads (Emscripten 3.1's libc++), the shortest %.*g that reads back to v.
template <class T>
std::string number_text(T v) {
    char buf[40];
#if defined(__cpp_lib_to_chars)
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : std::string("?");
#else
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(v));
        // (a float read as set_parameter reads it: strtof, one rounding)
        const T back = sizeof(T) == sizeof(float) ? T(std::strtof(buf, nullptr)) : T(std::strtod(buf, nullptr));
        if (back == v) {
            break;
        }
    }
    return buf;
#endif
}

// The parts of a field that other parameters need, with the words messages use for them.
enum class Part { always, fractal, warp, pattern, cellular, simplex, lattice, hashed, erosion };

bool in_effect(Part part, const NoiseDesc& d) {
    const BasisFamily family = basis_family(d.basis);
    switch (part) {
        case Part::always: return true;
        case Part::fractal: return d.fractal.kind != Fractal::none;
        case Part::warp: return d.warp.levels > 0;
        case Part::pattern: return d.pattern.kind != Pattern::none;
        case Part::cellular: return family == BasisFamily::cellular;
        case Part::simplex: return family == BasisFamily::simplex;
        case Part::lattice: return family == BasisFamily::lattice;
        case Part::hashed: return family != BasisFamily::cellular;
        case Part::erosion: return d.erosion.octaves > 0;
    }
    return true;
}

std::string needs_text(Part part) {
    switch (part) {
        case Part::always: return "";
        case Part::fractal: return "a fractal (" + joined(all_names(fractal_text, 0)) + ")";
        case Part::warp: return "a warp (1 or 2 levels)";
        case Part::pattern: return "a pattern (" + joined(all_names(pattern_text, 0)) + ")";
        case Part::cellular: {
            const std::vector<std::string> b = bases_of(BasisFamily::cellular);
            return b.size() == 1 ? "the " + b[0] + " basis" : "a cellular basis (" + joined(b) + ")";
        }
        case Part::simplex: return "a simplex basis (" + joined(bases_of(BasisFamily::simplex)) + ")";
        case Part::lattice:
            return "a lattice basis (" + joined(bases_of(BasisFamily::lattice)) +
                   ": the simplex families and cellular noise have no fade)";
        case Part::hashed: return "a lattice or simplex basis (cellular noise always hashes by mixing)";
        case Part::erosion: return "erosion (1..8 octaves)";
    }
    return "";
}

struct Table {
    std::deque<std::string> text;  // the derived texts (stable addresses)
    std::vector<Parameter> params;
    std::vector<Part> parts;
    std::vector<const char*> set_refusals;       // "octaves must be an integer in 1..32"
    std::vector<const char*> validate_refusals;  // "NoiseDesc: fractal.octaves must be in 1..32"
    const char* unknown = nullptr;               // "unknown parameter (the parameters: basis, ...)"

    const char* keep(std::string s) { return text.emplace_back(std::move(s)).c_str(); }

    std::string allowed(const Parameter& p) {
        switch (p.kind) {
            case ParameterKind::choice: {
                std::vector<std::string> v;
                for (int i = 0; p.choices[i] != nullptr; ++i) {
                    v.emplace_back(p.choices[i]);
                }
                return joined(v);
            }
            case ParameterKind::integer:
                if (p.period_values) {
                    return "0 (none), a power of two in 1..256 (the lattice bases, cellular) or three times one "
                           "in 3.." + number_text(p.hi) + " (the simplex families)";
                }
                if (p.hi - p.lo <= 2) {
                    std::vector<std::string> v;
                    for (double x = p.lo; x <= p.hi; ++x) {
                        v.push_back(number_text(x));
                    }
                    return joined(v);
                }
                return "in " + number_text(p.lo) + ".." + number_text(p.hi);
            case ParameterKind::number:
                if (p.lo == -finite_max && p.hi == finite_max) {
                    return "finite";
                }
                if (p.lo == 0 && p.hi == finite_max) {
                    return p.lo_open ? "finite and > 0" : "finite and >= 0";
                }
                return std::string("in ") + (p.lo_open ? "(" : "[") + number_text(p.lo) + ", " + number_text(p.hi) + "]";
            case ParameterKind::seed: return "an integer in 0..2^64-1 (absent: Perlin's own table)";
        }
        return "";
    }

    // What set_parameter reads, in words.
    static std::string expects(const Parameter& p, const std::string& allowed) {
        switch (p.kind) {
            case ParameterKind::seed:
                return "'reference' (Ken Perlin's own permutation) or a 64-bit integer (decimal, negative decimal or "
                       "0x hex)";
            case ParameterKind::choice: return "one of " + allowed;
            case ParameterKind::integer:
                return p.period_values ? allowed : p.hi - p.lo <= 2 ? "one of " + allowed : "an integer " + allowed;
            case ParameterKind::number:
                return allowed == "finite" ? "a finite number"
                       : allowed.compare(0, 3, "in ") == 0 ? "a number " + allowed
                                                           : "a number, " + allowed;
        }
        return allowed;
    }

    void add(Parameter p, Part part) {
        const std::string a = allowed(p);
        p.allowed = keep(a);
        p.expects = keep(expects(p, a));
        p.needs = part == Part::always ? nullptr : keep(needs_text(part));
        params.push_back(p);
        parts.push_back(part);
        set_refusals.push_back(keep(std::string(p.name) + " must be " + p.expects));
        validate_refusals.push_back(keep(std::string("NoiseDesc: ") + p.member + " must be " + a));
    }
};

Parameter choice(const char* name, const char* member, const EnumText& e, const char* help) {
    Parameter p{};
    p.name = name;
    p.member = member;
    p.kind = ParameterKind::choice;
    p.choices = e.names;
    p.choice_help = e.help;
    p.help = help;
    return p;
}
Parameter integer(const char* name, const char* member, double lo, double hi, const char* help) {
    Parameter p{};
    p.name = name;
    p.member = member;
    p.kind = ParameterKind::integer;
    p.lo = lo;
    p.hi = hi;
    p.help = help;
    return p;
}
Parameter number(const char* name, const char* member, double lo, bool lo_open, double hi, const char* help) {
    Parameter p = integer(name, member, lo, hi, help);
    p.kind = ParameterKind::number;
    p.lo_open = lo_open;
    return p;
}
Parameter period(const char* name, const char* member, const char* help) {
    Parameter p = integer(name, member, 0, detail::simplex_max_period, help);
    p.period_values = true;
    p.axis_of = "period";
    return p;
}
template <class Get, class Set>
Parameter with(Parameter p, Get get, Set set) {
    p.get = get;
    p.set = set;
    return p;
}

// A NoiseDesc member as a double and back (choices by index).
#define GRADNOISE_ACCESS(member, type)                                     \
    [](const NoiseDesc& d) -> double { return static_cast<double>(d.member); }, \
        [](NoiseDesc& d, double v) { d.member = static_cast<type>(v); }

Table make_table() {
    Table t;
    const double big = finite_max;
    t.add(with(choice("basis", "basis", basis_text, "the noise family"), GRADNOISE_ACCESS(basis, Basis)), Part::always);
    {
        Parameter seed{};
        seed.name = "seed";
        seed.member = "seed";
        seed.kind = ParameterKind::seed;
        seed.help = "the seed of the permutation, mixing key or simplex hash";
        t.add(seed, Part::always);
    }
    t.add(with(choice("fade", "fade", fade_text, "the lattice bases' fade curve"), GRADNOISE_ACCESS(fade, Fade)),
          Part::lattice);
    t.add(with(choice("hash", "hash", hash_text, "how a lattice corner or simplex vertex picks its gradient"),
               GRADNOISE_ACCESS(hash, Hash)),
          Part::hashed);
    t.add(with(choice("fractal", "fractal.kind", fractal_text, "the field's own sum of octaves"),
               GRADNOISE_ACCESS(fractal.kind, Fractal)),
          Part::always);
    t.add(with(integer("octaves", "fractal.octaves", 1, max_octaves, "octaves of the fractal"),
               GRADNOISE_ACCESS(fractal.octaves, int)),
          Part::fractal);
    t.add(with(number("frequency", "fractal.frequency", 0, true, big, "the first octave's frequency"),
               GRADNOISE_ACCESS(fractal.frequency, float)),
          Part::fractal);
    t.add(with(number("lacunarity", "fractal.lacunarity", 0, true, big, "the frequency ratio between octaves"),
               GRADNOISE_ACCESS(fractal.lacunarity, float)),
          Part::fractal);
    t.add(with(number("persistence", "fractal.persistence", 0, true, 8, "the amplitude ratio between octaves"),
               GRADNOISE_ACCESS(fractal.persistence, float)),
          Part::fractal);
    t.add(with(number("footprint", "fractal.footprint", 0, false, big,
                      "the band limit: the distance between the samples the field will be taken at; finer octaves "
                      "fade to their mean (0: none)"),
               GRADNOISE_ACCESS(fractal.footprint, float)),
          Part::fractal);
    t.add(with(period("period_x", "period_x", "the lattice period along x"),
               GRADNOISE_ACCESS(period_x, int)),
          Part::always);
    t.add(with(period("period_y", "period_y", "the lattice period along y"), GRADNOISE_ACCESS(period_y, int)),
          Part::always);
    t.add(with(period("period_z", "period_z", "the lattice period along z"), GRADNOISE_ACCESS(period_z, int)),
          Part::always);
    t.add(with(period("period_w", "period_w", "the lattice period along w"), GRADNOISE_ACCESS(period_w, int)),
          Part::always);
    t.add(with(integer("warp", "warp.levels", 0, 2, "levels of domain warping (2: a warp of the warp)"),
               GRADNOISE_ACCESS(warp.levels, int)),
          Part::always);
    t.add(with(number("warp_strength", "warp.strength", -big, false, big, "the warp's displacement scale"),
               GRADNOISE_ACCESS(warp.strength, float)),
          Part::warp);
    t.add(with(number("warp_frequency", "warp.frequency", 0, true, big, "the displacement field's frequency"),
               GRADNOISE_ACCESS(warp.frequency, float)),
          Part::warp);
    t.add(with(choice("pattern", "pattern.kind", pattern_text, "a pattern over the field, in [0, 1]"),
               GRADNOISE_ACCESS(pattern.kind, Pattern)),
          Part::always);
    t.add(with(number("pattern_frequency", "pattern.frequency", 0, true, big,
                      "marble: radians per unit x; wood: rings per unit"),
               GRADNOISE_ACCESS(pattern.frequency, float)),
          Part::pattern);
    t.add(with(number("pattern_strength", "pattern.strength", -big, false, big,
                      "how much the field bends the pattern"),
               GRADNOISE_ACCESS(pattern.strength, float)),
          Part::pattern);
    t.add(with(choice("orientation2", "simplex.orientation2", orientation2_text, "the 2D simplex lattice's orientation"),
               GRADNOISE_ACCESS(simplex.orientation2, Orientation2)),
          Part::simplex);
    t.add(with(choice("orientation3", "simplex.orientation3", orientation3_text, "the 3D simplex lattice's orientation"),
               GRADNOISE_ACCESS(simplex.orientation3, Orientation3)),
          Part::simplex);
    t.add(with(choice("orientation4", "simplex.orientation4", orientation4_text, "the 4D simplex lattice's orientation"),
               GRADNOISE_ACCESS(simplex.orientation4, Orientation4)),
          Part::simplex);
    t.add(with(choice("cellular_distance", "cellular.distance", distance_text, "the cellular distance metric"),
               GRADNOISE_ACCESS(cellular.distance, CellularDistance)),
          Part::cellular);
    t.add(with(choice("cellular_output", "cellular.output", output_text, "what cellular noise returns"),
               GRADNOISE_ACCESS(cellular.output, CellularOutput)),
          Part::cellular);
    t.add(with(number("jitter", "cellular.jitter", 0, false, 1, "the feature points' irregularity (0: a regular grid)"),
               GRADNOISE_ACCESS(cellular.jitter, float)),
          Part::cellular);
    // [S 21] The erosion filter.
    t.add(with(integer("erosion", "erosion.octaves", 0, 8, "octaves of the erosion filter's gullies (0: off)"),
               GRADNOISE_ACCESS(erosion.octaves, int)),
          Part::always);
    t.add(with(number("erosion_strength", "erosion.strength", 0, true, 16,
                      "the largest gullies' depth, relative to their width"),
               GRADNOISE_ACCESS(erosion.strength, float)),
          Part::erosion);
    t.add(with(number("erosion_scale", "erosion.scale", 1.0 / 256.0, false, 1,
                      "the largest gullies' cell, as a fraction of the field's first cell (with a period: a power "
                      "of two)"),
               GRADNOISE_ACCESS(erosion.scale, float)),
          Part::erosion);
    t.add(with(number("erosion_detail", "erosion.detail", 0, true, 1, "the depth ratio from one gully octave to the next"),
               GRADNOISE_ACCESS(erosion.detail, float)),
          Part::erosion);
    t.add(with(number("erosion_ridge_rounding", "erosion.ridge_rounding", 0, false, 1,
                      "how round the ridges between gullies are"),
               GRADNOISE_ACCESS(erosion.ridge_rounding, float)),
          Part::erosion);
    t.add(with(number("erosion_crease_rounding", "erosion.crease_rounding", 0, false, 1,
                      "how round the gullies' floors are"),
               GRADNOISE_ACCESS(erosion.crease_rounding, float)),
          Part::erosion);
    std::string names;
    for (const Parameter& p : t.params) {
        names += (names.empty() ? "" : ", ") + std::string(p.name);
    }
    t.unknown = t.keep("unknown parameter (the parameters: " + names + ")");
    return t;
}
#undef GRADNOISE_ACCESS

const Table& table() {
    static const Table t = make_table();
    return t;
}

std::size_t index_of(const Parameter& p) { return static_cast<std::size_t>(&p - table().params.data()); }

// [S 10.3, 16.8] A period either family allows (validate.cpp then checks it against the basis).
bool is_period(double v) {
    const int i = static_cast<int>(v);
    return detail::lattice_period_allowed(i) || detail::simplex_period_allowed(i);
}

// Whole-string readers.
bool read_u64(std::string_view s, std::uint64_t* v) {
    int base = 10;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s.remove_prefix(2);
    }
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), *v, base);
    return !s.empty() && ec == std::errc() && ptr == s.data() + s.size();
}

// (Static text: a Status never allocates.)
Status refused(const Parameter& p) { return Status(ErrorCode::invalid_argument, table().set_refusals[index_of(p)]); }

}  // namespace

const char* basis_name(Basis basis) noexcept {
    const int i = static_cast<int>(basis);
    return i >= 0 && i < static_cast<int>(std::size(families)) ? basis_text.names[i] : "unknown";
}

BasisFamily basis_family(Basis basis) noexcept {
    const int i = static_cast<int>(basis);
    return i >= 0 && i < static_cast<int>(std::size(families)) ? families[i] : BasisFamily::lattice;
}

#define GRADNOISE_NAME_FUNCTION(function, Enum, text)                             \
    const char* function(Enum v) noexcept {                                       \
        const int i = static_cast<int>(v);                                        \
        for (int k = 0; text.names[k] != nullptr; ++k) {                          \
            if (k == i) {                                                         \
                return text.names[k];                                             \
            }                                                                     \
        }                                                                         \
        return "unknown";                                                         \
    }
GRADNOISE_NAME_FUNCTION(fade_name, Fade, fade_text)
GRADNOISE_NAME_FUNCTION(hash_name, Hash, hash_text)
GRADNOISE_NAME_FUNCTION(fractal_name, Fractal, fractal_text)
GRADNOISE_NAME_FUNCTION(pattern_name, Pattern, pattern_text)
GRADNOISE_NAME_FUNCTION(orientation2_name, Orientation2, orientation2_text)
GRADNOISE_NAME_FUNCTION(orientation3_name, Orientation3, orientation3_text)
GRADNOISE_NAME_FUNCTION(orientation4_name, Orientation4, orientation4_text)
GRADNOISE_NAME_FUNCTION(cellular_distance_name, CellularDistance, distance_text)
GRADNOISE_NAME_FUNCTION(cellular_output_name, CellularOutput, output_text)
#undef GRADNOISE_NAME_FUNCTION

float pattern_recipe_strength(Pattern pattern) noexcept {
    switch (pattern) {
        case Pattern::marble: return 4.0f;  // Perlin 1985, 9.3, with turbulence
        case Pattern::wood: return 0.2f;
        default: return PatternParams{}.strength;
    }
}

const Parameter* parameters(std::size_t* count) noexcept {
    *count = table().params.size();
    return table().params.data();
}

const Parameter* find_parameter(const char* name) noexcept {
    for (const Parameter& p : table().params) {
        if (name != nullptr && std::strcmp(p.name, name) == 0) {
            return &p;
        }
    }
    return nullptr;
}

bool parameter_allows(const Parameter& p, double v) noexcept {
    switch (p.kind) {
        case ParameterKind::choice: {
            int count = 0;
            while (p.choices[count] != nullptr) {
                ++count;
            }
            return v >= 0 && v < count && v == std::floor(v);
        }
        case ParameterKind::integer:
            if (!(v >= p.lo && v <= p.hi && v == std::floor(v))) {
                return false;
            }
            return !p.period_values || is_period(v);
        case ParameterKind::number: return (p.lo_open ? v > p.lo : v >= p.lo) && v <= p.hi;
        case ParameterKind::seed: return false;
    }
    return false;
}

bool parameter_in_effect(const Parameter& p, const NoiseDesc& desc) noexcept {
    return in_effect(table().parts[index_of(p)], desc);
}

Status set_parameter(NoiseDesc& desc, const char* name, const char* text) noexcept {
    const Parameter* p = find_parameter(name);
    if (p == nullptr) {
        return Status(ErrorCode::invalid_argument, table().unknown);
    }
    if (text == nullptr) {
        return refused(*p);
    }
    const std::string_view s(text);
    switch (p->kind) {
        case ParameterKind::seed: {
            std::uint64_t v = 0;
            if (s == "reference") {
                desc.has_seed = false;
                desc.seed = 0;
                return Status::success();
            }
            if (read_u64(s, &v)) {
                desc.has_seed = true;
                desc.seed = v;
                return Status::success();
            }
            if (s.size() > 1 && s[0] == '-' && s[1] != '-' && read_u64(s.substr(1), &v) && v <= (std::uint64_t(1) << 63)) {
                desc.has_seed = true;
                desc.seed = std::uint64_t(0) - v;  // a long seed's two's complement
                return Status::success();
            }
            return refused(*p);
        }
        case ParameterKind::choice:
            for (int i = 0; p->choices[i] != nullptr; ++i) {
                if (s == p->choices[i]) {
                    p->set(desc, i);
                    return Status::success();
                }
            }
            return refused(*p);
        case ParameterKind::integer: {
            long long v = 0;
            auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 10);
            if (s.empty() || ec != std::errc() || ptr != s.data() + s.size() ||
                !parameter_allows(*p, static_cast<double>(v))) {
                return refused(*p);
            }
            p->set(desc, static_cast<double>(v));
            return Status::success();
        }
        case ParameterKind::number: {
            // strtof: the decimal correctly rounded to float32 (not through a double first).
            const std::string copy(s);
            char* end = nullptr;
            errno = 0;
            const float v = copy.empty() || std::isspace(static_cast<unsigned char>(copy[0]))
                                ? NAN
                                : std::strtof(copy.c_str(), &end);
            if (copy.empty() || end != copy.c_str() + copy.size() || !parameter_allows(*p, static_cast<double>(v))) {
                return refused(*p);
            }
            p->set(desc, static_cast<double>(v));
            return Status::success();
        }
    }
    return Status(ErrorCode::invalid_argument, "unknown parameter");
}

const char* validate_refusal(const Parameter& p) noexcept { return table().validate_refusals[index_of(p)]; }


std::string parameter_text(const NoiseDesc& desc, const Parameter& p) {
    switch (p.kind) {
        case ParameterKind::seed: {
            if (!desc.has_seed) {
                return "reference";
            }
            char buf[24];
            auto [end, ec] = std::to_chars(buf, buf + sizeof buf, desc.seed);
            return std::string(buf, ec == std::errc() ? end : buf);
        }
        case ParameterKind::choice: return p.choices[static_cast<int>(p.get(desc))];
        case ParameterKind::integer: return number_text(p.get(desc));
        case ParameterKind::number: return number_text(static_cast<float>(p.get(desc)));
    }
    return "";
}

}  // namespace gradnoise
