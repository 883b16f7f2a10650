// The public enumerations' names (include/gradnoise/noise.hpp), and the version string: the
// words the C API, the CLI, Python and every message use.
#include "gradnoise/gradnoise.hpp"

namespace gradnoise {

#define GRADNOISE_STR2(x) #x
#define GRADNOISE_STR(x) GRADNOISE_STR2(x)
const char* version_string() noexcept {
    return GRADNOISE_STR(GRADNOISE_VERSION_MAJOR) "." GRADNOISE_STR(GRADNOISE_VERSION_MINOR) "." GRADNOISE_STR(
        GRADNOISE_VERSION_PATCH);
}

const char* fractal_name(Fractal fractal) noexcept {
    switch (fractal) {
        case Fractal::none: return "none";
        case Fractal::fbm: return "fbm";
        case Fractal::turbulence: return "turbulence";
        case Fractal::ridged: return "ridged";
        case Fractal::billow: return "billow";
        case Fractal::damped: return "damped";
    }
    return "unknown";
}

const char* hash_name(Hash hash) noexcept {
    switch (hash) {
        case Hash::permutation: return "permutation";
        case Hash::mix: return "mix";
    }
    return "unknown";
}

const char* basis_name(Basis basis) noexcept {
    switch (basis) {
        case Basis::perlin: return "perlin";
        case Basis::classic: return "classic";
        case Basis::value: return "value";
        case Basis::isotropic: return "isotropic";
        case Basis::opensimplex2: return "opensimplex2";
        case Basis::opensimplex2s: return "opensimplex2s";
        case Basis::cellular: return "cellular";
    }
    return "unknown";
}

const char* orientation2_name(Orientation2 o) noexcept {
    switch (o) {
        case Orientation2::standard: return "standard";
        case Orientation2::improve_x: return "improve_x";
    }
    return "unknown";
}

const char* orientation3_name(Orientation3 o) noexcept {
    switch (o) {
        case Orientation3::improve_xy: return "improve_xy";
        case Orientation3::improve_xz: return "improve_xz";
        case Orientation3::fallback: return "fallback";
    }
    return "unknown";
}

const char* orientation4_name(Orientation4 o) noexcept {
    switch (o) {
        case Orientation4::improve_xyz_improve_xy: return "improve_xyz_improve_xy";
        case Orientation4::improve_xyz_improve_xz: return "improve_xyz_improve_xz";
        case Orientation4::improve_xyz: return "improve_xyz";
        case Orientation4::improve_xy_improve_zw: return "improve_xy_improve_zw";
        case Orientation4::fallback: return "fallback";
    }
    return "unknown";
}

const char* cellular_distance_name(CellularDistance d) noexcept {
    switch (d) {
        case CellularDistance::euclidean: return "euclidean";
        case CellularDistance::euclidean_squared: return "euclidean_squared";
        case CellularDistance::manhattan: return "manhattan";
        case CellularDistance::chebyshev: return "chebyshev";
    }
    return "unknown";
}

const char* cellular_output_name(CellularOutput o) noexcept {
    switch (o) {
        case CellularOutput::f1: return "f1";
        case CellularOutput::f2: return "f2";
        case CellularOutput::f2_minus_f1: return "f2_minus_f1";
        case CellularOutput::cell_value: return "cell_value";
    }
    return "unknown";
}

const char* pattern_name(Pattern pattern) noexcept {
    switch (pattern) {
        case Pattern::none: return "none";
        case Pattern::marble: return "marble";
        case Pattern::wood: return "wood";
    }
    return "unknown";
}

}  // namespace gradnoise
