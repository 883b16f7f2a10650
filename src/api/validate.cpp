// Noise::validate: every NoiseDesc member checked against the parameter table (parameters.cpp)
// before tables are built, each refusal naming the member and the table's allowed values
// ("NoiseDesc: <member> must be <allowed>"); then the rules between members.
#include "gradnoise/noise.hpp"
#include "gradnoise/parameters.hpp"

#include "api/parameter_refusals.hpp"
#include "tables/simplex_tiling.hpp"


namespace gradnoise {
namespace {

bool power_of_two_up_to_256(int v) { return v >= 1 && v <= 256 && (v & (v - 1)) == 0; }

}  // namespace

Status Noise::validate(const NoiseDesc& d) noexcept {
    // [S 3-17] Each member in its range. An enumeration's value is checked always (an unknown one
    // is never usable); a number only where it takes effect (a fractal's octaves without a fractal
    // are unused, and ignored_parameter reports them to front ends that set them).
    std::size_t count = 0;
    const Parameter* table = parameters(&count);
    for (std::size_t i = 0; i < count; ++i) {
        const Parameter& p = table[i];
        if (p.kind == ParameterKind::seed) {
            continue;
        }
        if ((p.kind == ParameterKind::choice || parameter_in_effect(p, d)) && !parameter_allows(p, p.get(d))) {
            return Status(ErrorCode::invalid_argument, validate_refusal(p));
        }
    }
    // [S 17.2] The cell edges are the Euclidean Voronoi diagram's (its bisector planes).
    if (d.basis == Basis::cellular && d.cellular.output == CellularOutput::edge &&
        d.cellular.distance != CellularDistance::euclidean && d.cellular.distance != CellularDistance::euclidean_squared) {
        return Status(ErrorCode::invalid_argument,
                      "NoiseDesc: cellular.output edge needs cellular.distance euclidean or euclidean_squared (the "
                      "edges are the Euclidean cells' bisectors)");
    }
    // [S 8.1] The band limit fades the last octaves: their frequencies must not fall.
    if (d.fractal.kind != Fractal::none && d.fractal.footprint != 0.0f && !(d.fractal.lacunarity >= 1.0f)) {
        return Status(ErrorCode::invalid_argument,
                      "NoiseDesc: fractal.lacunarity must be >= 1 when a footprint is set (the band limit fades "
                      "the finest octaves, which must be the last)");
    }
    const int periods[4] = {d.period_x, d.period_y, d.period_z, d.period_w};
    const bool any_period = d.period_x != 0 || d.period_y != 0 || d.period_z != 0 || d.period_w != 0;
    if (any_period && basis_family(d.basis) == BasisFamily::simplex) {
        // [S 16.8] Only the 3D fallback lattice tiles (and its z = 0 slice, 2D fallback), with
        // periods of three times a power of two; no 4D orientation tiles.
#define GRADNOISE_SIMPLEX_PERIOD(axis)                                                                         \
    "NoiseDesc: period_" axis " must be 0 or three times a power of two in 3..768 for the simplex families (their " \
    "tiling lattice repeats every 3 units)"
        static const char* const refusals[3] = {GRADNOISE_SIMPLEX_PERIOD("x"), GRADNOISE_SIMPLEX_PERIOD("y"),
                                                GRADNOISE_SIMPLEX_PERIOD("z")};
#undef GRADNOISE_SIMPLEX_PERIOD
        for (int a = 0; a < 3; ++a) {
            if (!detail::simplex_period_allowed(periods[a])) {
                return Status(ErrorCode::invalid_argument, refusals[a]);
            }
        }
        if (d.period_w != 0) {
            return Status(ErrorCode::invalid_argument,
                          "NoiseDesc: period_w must be 0 for the simplex families (no 4D simplex lattice has an "
                          "axis-aligned period: the A4 lattice's skew is irrational); 4D periods need a lattice "
                          "basis or cellular noise");
        }
        if (d.simplex.orientation2 != Orientation2::fallback || d.simplex.orientation3 != Orientation3::fallback) {
            return Status(ErrorCode::invalid_argument,
                          "NoiseDesc: periods on a simplex basis need simplex.orientation2 and "
                          "simplex.orientation3 = fallback (the one lattice orientation with axis-aligned "
                          "periods)");
        }
    } else if (any_period) {
#define GRADNOISE_LATTICE_PERIOD(axis) \
    "NoiseDesc: period_" axis " must be 0 or a power of two in 1..256 for the lattice bases and cellular noise"
        static const char* const refusals[4] = {GRADNOISE_LATTICE_PERIOD("x"), GRADNOISE_LATTICE_PERIOD("y"),
                                                GRADNOISE_LATTICE_PERIOD("z"), GRADNOISE_LATTICE_PERIOD("w")};
#undef GRADNOISE_LATTICE_PERIOD
        for (int a = 0; a < 4; ++a) {
            if (!detail::lattice_period_allowed(periods[a])) {
                return Status(ErrorCode::invalid_argument, refusals[a]);
            }
        }
    }
    // [S 10.3] With a period, every octave must repeat with it: a power-of-two lacunarity. (The
    // range test comes first: converting a float beyond int's range is undefined.)
    const float l = d.fractal.lacunarity;
    if (any_period && d.fractal.kind != Fractal::none &&
        !(l >= 1.0f && l <= 256.0f && l == static_cast<float>(static_cast<int>(l)) &&
          power_of_two_up_to_256(static_cast<int>(l)))) {
        return Status(ErrorCode::invalid_argument,
                      "NoiseDesc: fractal.lacunarity must be a power of two in 1..256 when a period is set");
    }
    // [S 21] The erosion filter steers by the field's gradient, and its cells repeat with a period
    // only when they are a power of two finer than the field's first octave.
    if (d.erosion.octaves > 0) {
        if (d.pattern.kind != Pattern::none) {
            return Status(ErrorCode::invalid_argument,
                          "NoiseDesc: erosion needs pattern none (the filter steers by the field's gradient, and "
                          "a pattern has none)");
        }
        if (d.fractal.kind == Fractal::damped && basis_family(d.basis) != BasisFamily::lattice) {
            return Status(ErrorCode::invalid_argument,
                          "NoiseDesc: erosion over a damped fractal needs a lattice basis (perlin, classic, value, "
                          "isotropic: the simplex and cellular damped sums have no gradient)");
        }
        if (d.period_x != 0 || d.period_y != 0) {
            if (basis_family(d.basis) == BasisFamily::simplex) {
                return Status(ErrorCode::invalid_argument,
                              "NoiseDesc: erosion with period_x or period_y needs a lattice basis or cellular noise "
                              "(the gully cells repeat by powers of two, the simplex lattices by three times one)");
            }
            bool power = false;
            for (int j = 0; j <= 8; ++j) {
                power = power || d.erosion.scale == 1.0f / static_cast<float>(1 << j);
            }
            if (!power) {
                return Status(ErrorCode::invalid_argument,
                              "NoiseDesc: erosion.scale must be 1, 1/2, 1/4, .. 1/256 when period_x or period_y is "
                              "set (the gully cells must repeat with the field)");
            }
        }
    }
    return Status::success();
}

}  // namespace gradnoise
