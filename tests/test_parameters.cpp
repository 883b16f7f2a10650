// The parameter table (gradnoise/parameters.hpp) and the enumerations generated from
// enumerations.h: the values the C ABI has always had, set_parameter's reading and refusals, and
// the texts front ends show. Expected values are written out here, not read from the table.
#include <doctest/doctest.h>

#include <cfloat>
#include <cstdint>
#include <cstring>
#include <string>

#include "gradnoise/gradnoise.h"
#include "gradnoise/gradnoise.hpp"

TEST_SUITE_BEGIN("parameters");

using namespace gradnoise;

namespace {

// Member by member (not memcmp: padding bytes are indeterminate).
bool same(const NoiseDesc& a, const NoiseDesc& b) {
    return a.has_seed == b.has_seed && a.seed == b.seed && a.fade == b.fade && a.hash == b.hash && a.basis == b.basis &&
           a.fractal.kind == b.fractal.kind && a.fractal.octaves == b.fractal.octaves &&
           a.fractal.frequency == b.fractal.frequency && a.fractal.lacunarity == b.fractal.lacunarity &&
           a.fractal.persistence == b.fractal.persistence && a.period_x == b.period_x && a.period_y == b.period_y &&
           a.period_z == b.period_z && a.period_w == b.period_w && a.warp.levels == b.warp.levels &&
           a.warp.strength == b.warp.strength && a.warp.frequency == b.warp.frequency &&
           a.pattern.kind == b.pattern.kind && a.pattern.frequency == b.pattern.frequency &&
           a.pattern.strength == b.pattern.strength && a.simplex.orientation2 == b.simplex.orientation2 &&
           a.simplex.orientation3 == b.simplex.orientation3 && a.simplex.orientation4 == b.simplex.orientation4 &&
           a.cellular.distance == b.cellular.distance && a.cellular.output == b.cellular.output &&
           a.cellular.jitter == b.cellular.jitter;
}

}  // namespace

// The C constants are ABI: the values of the 0.6.0 header, written out.
static_assert(GRADNOISE_FADE_QUINTIC == 0 && GRADNOISE_FADE_CUBIC == 1 && GRADNOISE_FADE_COUNT == 2);
static_assert(GRADNOISE_HASH_PERMUTATION == 0 && GRADNOISE_HASH_MIX == 1 && GRADNOISE_HASH_COUNT == 2);
static_assert(GRADNOISE_BASIS_PERLIN == 0 && GRADNOISE_BASIS_CLASSIC == 1 && GRADNOISE_BASIS_VALUE == 2 &&
              GRADNOISE_BASIS_ISOTROPIC == 3 && GRADNOISE_BASIS_OPENSIMPLEX2 == 4 && GRADNOISE_BASIS_OPENSIMPLEX2S == 5 &&
              GRADNOISE_BASIS_CELLULAR == 6 && GRADNOISE_BASIS_COUNT == 7);
static_assert(GRADNOISE_ORIENTATION2_STANDARD == 0 && GRADNOISE_ORIENTATION2_IMPROVE_X == 1);
static_assert(GRADNOISE_ORIENTATION3_IMPROVE_XY == 0 && GRADNOISE_ORIENTATION3_IMPROVE_XZ == 1 &&
              GRADNOISE_ORIENTATION3_FALLBACK == 2);
static_assert(GRADNOISE_ORIENTATION4_IMPROVE_XYZ_IMPROVE_XY == 0 && GRADNOISE_ORIENTATION4_IMPROVE_XYZ_IMPROVE_XZ == 1 &&
              GRADNOISE_ORIENTATION4_IMPROVE_XYZ == 2 && GRADNOISE_ORIENTATION4_IMPROVE_XY_IMPROVE_ZW == 3 &&
              GRADNOISE_ORIENTATION4_FALLBACK == 4);
static_assert(GRADNOISE_CELLULAR_EUCLIDEAN == 0 && GRADNOISE_CELLULAR_EUCLIDEAN_SQUARED == 1 &&
              GRADNOISE_CELLULAR_MANHATTAN == 2 && GRADNOISE_CELLULAR_CHEBYSHEV == 3);
static_assert(GRADNOISE_CELLULAR_F1 == 0 && GRADNOISE_CELLULAR_F2 == 1 && GRADNOISE_CELLULAR_F2_MINUS_F1 == 2 &&
              GRADNOISE_CELLULAR_CELL_VALUE == 3);
static_assert(GRADNOISE_FRACTAL_NONE == 0 && GRADNOISE_FRACTAL_FBM == 1 && GRADNOISE_FRACTAL_TURBULENCE == 2 &&
              GRADNOISE_FRACTAL_RIDGED == 3 && GRADNOISE_FRACTAL_BILLOW == 4 && GRADNOISE_FRACTAL_DAMPED == 5);
static_assert(GRADNOISE_PATTERN_NONE == 0 && GRADNOISE_PATTERN_MARBLE == 1 && GRADNOISE_PATTERN_WOOD == 2);
// ... and equal the C++ enumerators.
static_assert(static_cast<int>(Basis::cellular) == GRADNOISE_BASIS_CELLULAR);
static_assert(static_cast<int>(Orientation4::fallback) == GRADNOISE_ORIENTATION4_FALLBACK);
static_assert(static_cast<int>(CellularOutput::cell_value) == GRADNOISE_CELLULAR_CELL_VALUE);

TEST_CASE("enumerations: names and families from the one list") {
    CHECK(std::string(basis_name(Basis::perlin)) == "perlin");
    CHECK(std::string(basis_name(Basis::opensimplex2s)) == "opensimplex2s");
    CHECK(std::string(basis_name(static_cast<Basis>(7))) == "unknown");
    CHECK(std::string(basis_name(static_cast<Basis>(-1))) == "unknown");
    CHECK(std::string(fade_name(Fade::cubic)) == "cubic");
    CHECK(std::string(hash_name(Hash::mix)) == "mix");
    CHECK(std::string(fractal_name(Fractal::damped)) == "damped");
    CHECK(std::string(pattern_name(Pattern::wood)) == "wood");
    CHECK(std::string(orientation4_name(Orientation4::improve_xy_improve_zw)) == "improve_xy_improve_zw");
    CHECK(std::string(cellular_distance_name(CellularDistance::chebyshev)) == "chebyshev");
    CHECK(std::string(cellular_output_name(CellularOutput::f2_minus_f1)) == "f2_minus_f1");
    CHECK(std::string(cellular_output_name(CellularOutput::edge)) == "edge");
    CHECK(std::string(cellular_output_name(static_cast<CellularOutput>(9))) == "unknown");
    CHECK(basis_family(Basis::isotropic) == BasisFamily::lattice);
    CHECK(basis_family(Basis::opensimplex2) == BasisFamily::simplex);
    CHECK(basis_family(Basis::cellular) == BasisFamily::cellular);
}

TEST_CASE("parameters: one entry per NoiseDesc member, found by name") {
    std::size_t count = 0;
    const Parameter* table = parameters(&count);
    REQUIRE(count == 32);
    CHECK(std::string(table[0].name) == "basis");
    const Parameter* octaves = find_parameter("octaves");
    REQUIRE(octaves != nullptr);
    CHECK(std::string(octaves->member) == "fractal.octaves");
    CHECK(std::string(octaves->allowed) == "in 1..32");
    CHECK(std::string(octaves->expects) == "an integer in 1..32");
    CHECK(std::string(octaves->needs) == "a fractal (fbm, turbulence, ridged, billow or damped)");
    CHECK(std::string(find_parameter("warp")->allowed) == "0, 1 or 2");
    CHECK(std::string(find_parameter("jitter")->allowed) == "in [0, 1]");
    CHECK(std::string(find_parameter("jitter")->needs) == "the cellular basis");
    CHECK(std::string(find_parameter("fade")->needs).rfind("a lattice basis (perlin, classic, value or isotropic", 0) == 0);
    CHECK(std::string(find_parameter("orientation3")->needs) == "a simplex basis (opensimplex2 or opensimplex2s)");
    CHECK(std::string(find_parameter("persistence")->allowed) == "in (0, 8]");
    CHECK(std::string(find_parameter("footprint")->member) == "fractal.footprint");
    CHECK(std::string(find_parameter("footprint")->allowed) == "finite and >= 0");
    CHECK(std::string(find_parameter("warp_strength")->allowed) == "finite");
    CHECK(std::string(find_parameter("period_z")->axis_of) == "period");
    CHECK(find_parameter("basis")->needs == nullptr);
    CHECK(find_parameter("octave") == nullptr);
    CHECK(find_parameter(nullptr) == nullptr);
    // Every name is unique, and every choice has a line of help.
    for (std::size_t i = 0; i < count; ++i) {
        CHECK(find_parameter(table[i].name) == &table[i]);
        for (int c = 0; table[i].kind == ParameterKind::choice && table[i].choices[c] != nullptr; ++c) {
            CHECK(table[i].choice_help[c] != nullptr);
        }
    }
}

TEST_CASE("parameters: allows and in effect") {
    const Parameter& octaves = *find_parameter("octaves");
    CHECK(parameter_allows(octaves, 1));
    CHECK(parameter_allows(octaves, 32));
    CHECK_FALSE(parameter_allows(octaves, 0));
    CHECK_FALSE(parameter_allows(octaves, 33));
    CHECK_FALSE(parameter_allows(octaves, 2.5));
    const Parameter& period = *find_parameter("period_x");
    // Either family's periods (Noise::validate then holds each basis to its own): powers of two up to
    // 256, three times one up to 768.
    for (double ok : {0.0, 1.0, 2.0, 128.0, 256.0, 3.0, 6.0, 768.0}) {
        CHECK(parameter_allows(period, ok));
    }
    for (double bad : {5.0, 512.0, -2.0, 9.0, 1536.0, 12.5}) {
        CHECK_FALSE(parameter_allows(period, bad));
    }
    const Parameter& frequency = *find_parameter("frequency");
    CHECK_FALSE(parameter_allows(frequency, 0.0));
    CHECK(parameter_allows(frequency, FLT_MAX));
    CHECK_FALSE(parameter_allows(frequency, static_cast<double>(FLT_MAX) * 2));
    CHECK(parameter_allows(*find_parameter("basis"), 6));
    CHECK_FALSE(parameter_allows(*find_parameter("basis"), 7));
    NoiseDesc d;
    CHECK_FALSE(parameter_in_effect(octaves, d));
    d.fractal.kind = Fractal::ridged;
    CHECK(parameter_in_effect(octaves, d));
    CHECK(parameter_in_effect(*find_parameter("fade"), d));
    d.basis = Basis::cellular;
    CHECK_FALSE(parameter_in_effect(*find_parameter("fade"), d));
    CHECK_FALSE(parameter_in_effect(*find_parameter("hash"), d));
    CHECK(parameter_in_effect(*find_parameter("jitter"), d));
}

TEST_CASE("set_parameter: text in, the desc unchanged on a refusal") {
    NoiseDesc d;
    CHECK(set_parameter(d, "basis", "opensimplex2s"));
    CHECK(d.basis == Basis::opensimplex2s);
    CHECK(set_parameter(d, "octaves", "12"));
    CHECK(d.fractal.octaves == 12);
    CHECK(set_parameter(d, "lacunarity", "0.1"));
    CHECK(d.fractal.lacunarity == 0.1f);
    // A decimal is rounded to float32 once (strtof), not through a double: this one lies just
    // above the midpoint between 1 and the next float, but its nearest double is the midpoint,
    // which would round to even (1).
    CHECK(set_parameter(d, "warp_strength", "1.00000005960464477539062500000000001"));
    CHECK(d.warp.strength == 1.00000011920928955078125f);
    CHECK(set_parameter(d, "period_y", "64"));
    CHECK(d.period_y == 64);

    CHECK(set_parameter(d, "seed", "1337"));
    CHECK((d.has_seed && d.seed == 1337));
    CHECK(set_parameter(d, "seed", "-1"));
    CHECK(d.seed == UINT64_MAX);
    CHECK(set_parameter(d, "seed", "-9223372036854775808"));
    CHECK(d.seed == (std::uint64_t(1) << 63));
    CHECK(set_parameter(d, "seed", "0xff"));
    CHECK(d.seed == 255);
    CHECK(set_parameter(d, "seed", "reference"));
    CHECK_FALSE(d.has_seed);

    const NoiseDesc before = d;
    const struct {
        const char* name;
        const char* text;
        const char* message;
    } bad[] = {
        {"octaves", "33", "octaves must be an integer in 1..32"},
        {"octaves", "5.0", "octaves must be an integer in 1..32"},
        {"octaves", " 5", "octaves must be an integer in 1..32"},
        {"warp", "3", "warp must be one of 0, 1 or 2"},
        {"period_x", "5", "period_x must be 0 (none), a power of two in 1..256 (the lattice bases, cellular) or three "
                          "times one in 3..768 (the simplex families)"},
        {"frequency", "0", "frequency must be a number, finite and > 0"},
        {"frequency", "1e39", "frequency must be a number, finite and > 0"},
        {"persistence", "9", "persistence must be a number in (0, 8]"},
        {"warp_strength", "nan", "warp_strength must be a finite number"},
        {"warp_strength", "inf", "warp_strength must be a finite number"},
        {"warp_strength", "", "warp_strength must be a finite number"},
        {"basis", "simplex",
         "basis must be one of perlin, classic, value, isotropic, opensimplex2, opensimplex2s or cellular"},
        {"seed", "18446744073709551616",
         "seed must be 'reference' (Ken Perlin's own permutation) or a 64-bit integer (decimal, negative decimal or 0x "
         "hex)"},
        {"seed", "-9223372036854775809",
         "seed must be 'reference' (Ken Perlin's own permutation) or a 64-bit integer (decimal, negative decimal or 0x "
         "hex)"},
        {"seed", "--1",
         "seed must be 'reference' (Ken Perlin's own permutation) or a 64-bit integer (decimal, negative decimal or 0x "
         "hex)"},
    };
    for (const auto& b : bad) {
        INFO(b.name << " = '" << b.text << "'");
        const Status s = set_parameter(d, b.name, b.text);
        CHECK(s.code() == ErrorCode::invalid_argument);
        CHECK(std::string(s.message()) == b.message);
    }
    CHECK(same(d, before));
    const Status unknown = set_parameter(d, "octave", "5");
    CHECK(unknown.code() == ErrorCode::invalid_argument);
    CHECK(std::string(unknown.message()).rfind("unknown parameter (the parameters: basis, seed, fade,", 0) == 0);
}

TEST_CASE("parameter_text reads back as the same value, for every parameter") {
    NoiseDesc d;
    d.basis = Basis::cellular;
    d.has_seed = true;
    d.seed = UINT64_MAX;
    d.fractal = {Fractal::billow, 7, 0.3f, 2.25f, 0.61f};
    d.period_x = 16;
    d.warp = {2, -0.7f, 1.0f / 3.0f};
    d.pattern = {Pattern::wood, 0.1f, 0.2f};
    d.simplex.orientation4 = Orientation4::improve_xyz;
    d.cellular = {CellularDistance::manhattan, CellularOutput::cell_value, 0.55f};
    std::size_t count = 0;
    const Parameter* table = parameters(&count);
    NoiseDesc back;
    for (std::size_t i = 0; i < count; ++i) {
        const std::string text = parameter_text(d, table[i]);
        INFO(table[i].name << " = " << text);
        CHECK(set_parameter(back, table[i].name, text.c_str()));
    }
    CHECK(same(d, back));
    CHECK(parameter_text(d, *find_parameter("seed")) == "18446744073709551615");
    CHECK(parameter_text(d, *find_parameter("warp_frequency")) == "0.33333334");
    CHECK(parameter_text(NoiseDesc{}, *find_parameter("seed")) == "reference");
}

TEST_CASE("pattern_recipe_strength: the recipes' constants") {
    CHECK(pattern_recipe_strength(Pattern::marble) == 4.0f);
    CHECK(pattern_recipe_strength(Pattern::wood) == 0.2f);
    CHECK(pattern_recipe_strength(Pattern::none) == PatternParams{}.strength);
}

TEST_SUITE_END();
